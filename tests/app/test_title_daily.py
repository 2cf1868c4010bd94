"""Today's deal looks like a daily: the title's buttons say whether it is
played (score, streak), and the table's status line says it is today's deal."""

from __future__ import annotations

import random
from datetime import date, timedelta

from table_driver import make_app

from game.app.scenes.title import DailyButton, TitleScene, daily_status
from game.app.table import table_for
from game.match.daily_deal import daily_match
from game.persist import library
from game.persist.stats import DailyRecord

DAY = date(2026, 12, 2)


def test_a_daily_button_says_not_played_played_and_the_streak():
    assert daily_status(None, DAY) == (False, "Not played yet")
    kept = DailyRecord("grinch", {DAY - timedelta(days=1): 30, DAY - timedelta(days=2): 12})
    assert daily_status(kept, DAY) == (False, "Streak 2 · not yet today")
    kept.scores[DAY] = 41
    assert daily_status(kept, DAY) == (True, "Played · 41 · streak 3")


def finished_daily(game: str, day: date):
    match = daily_match(game, day, "Ana", ("Mina", "Pau", "Simran"))
    rng = random.Random(1)
    while not match.state.is_over:
        match.apply(rng.choice(match.state.legal_moves()))
    return match


def test_the_title_reads_today_from_the_history(tmp_path, monkeypatch):
    monkeypatch.setenv("FIRESIDE_HOME", str(tmp_path))
    match = finished_daily("avalanche", date.today())
    library.archive(match)
    app, _table = make_app("sticheln", [True, False, False])
    title = TitleScene(app)
    app.replace(title)
    app.step(1 / 60, events=[], flip=False)
    buttons = {b.action.args[0]: b for b in title.daily if isinstance(b, DailyButton)}
    assert buttons["avalanche"].done
    score = match.state.scores()[0]
    assert buttons["avalanche"].line == f"Played · {score} · streak 1"
    assert not buttons["sticheln"].done and buttons["sticheln"].line == "Not played yet"
    for button in title.daily:  # on screen, under the grid, inside the window
        assert button.rect.bottom <= app.size[1] and button.rect.h > 0


def test_the_table_says_it_is_todays_deal(tmp_path, monkeypatch):
    monkeypatch.setenv("FIRESIDE_HOME", str(tmp_path))
    app, _table = make_app("grinch", [True, False, False, False])
    table = table_for(app, daily_match("grinch", DAY, "Ana", ("Mina", "Pau", "Simran")))
    app.replace(table)
    app.step(1 / 60, events=[], flip=False)
    _box, lines, _px, _look = table.status_line.shown()
    assert " ".join(lines).startswith("Today's deal · ")
    plain = table_for(app, _table.match)
    app.replace(plain)
    app.step(1 / 60, events=[], flip=False)
    assert "Today's deal" not in " ".join(plain.status_line.shown()[1])


def test_a_days_results_say_so_without_an_empty_band(tmp_path, monkeypatch):
    from game.app.scenes.results import ResultsScene

    monkeypatch.setenv("FIRESIDE_HOME", str(tmp_path))
    app, _table = make_app("sticheln", [True, False, False])
    table = table_for(app, finished_daily("grinch", DAY))
    app.replace(table)
    results = ResultsScene(app, table)
    app.push(results)
    app.step(1 / 60, events=[], flip=False)
    assert len(results.daily) >= 2
    ui = app.ui
    content = results.panel.y + ui(results.body_height())
    buttons = min(b.rect.top for b in results.buttons if b.rect.bottom >= results.panel.bottom - ui(70))
    assert 0 <= buttons - content <= ui(24)
    app.draw()


def test_history_marks_a_days_deal(tmp_path, monkeypatch):
    monkeypatch.setenv("FIRESIDE_HOME", str(tmp_path))
    library.archive(finished_daily("grinch", DAY))
    app, _table = make_app("sticheln", [True, False, False])
    history = app.routes.history()
    app.step(1 / 60, events=[], flip=False)
    (info,) = library.list_history()
    head, _line = history.describe(info)
    assert head.startswith("Today's deal · ")
