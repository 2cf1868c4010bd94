"""Today's deal: a pure function of the date, kept in saves, counted in streaks."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest
from persist_helpers import play

from game import rules
from game.match import deal_code
from game.match.daily_deal import PLAYERS, daily_code, daily_match, daily_setup, is_daily, streak
from game.persist import library, savefile, stats

ROOT = Path(__file__).resolve().parents[2]
DAY = date(2026, 12, 1)
NAMES = ("Mina", "Pau", "Simran")


def test_the_daily_code_is_a_pure_function_of_the_date():
    """The same in another process, with another hash seed and time zone: no clock, no RNG."""
    here = {game: daily_code(game, DAY) for game in rules.GAME_IDS}
    assert here == {game: daily_code(game, DAY) for game in rules.GAME_IDS}
    script = (
        "import datetime, json; from game.match.daily_deal import daily_code; from game.rules import GAME_IDS;"
        "print(json.dumps({g: daily_code(g, datetime.date(2026, 12, 1)) for g in GAME_IDS}))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345", "TZ": "Pacific/Kiritimati"}
    there = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=ROOT, check=True
    ).stdout
    assert json.loads(there) == here


def test_every_day_and_every_game_has_its_own_deal():
    days = [DAY + timedelta(days=i) for i in range(60)]
    codes = {(game, day): daily_code(game, day) for game in rules.GAME_IDS for day in days}
    assert len(set(codes.values())) == len(codes)
    for (game, _day), code in codes.items():
        setup = deal_code.decode(code)
        assert (setup.game, setup.players, setup.options) == (game, PLAYERS, {})


@pytest.mark.parametrize("game", rules.GAME_IDS)
def test_the_daily_match_is_you_against_normal_computers_on_that_deal(game):
    match = daily_match(game, DAY, "Ana", NAMES)
    setup = daily_setup(game, DAY)
    assert [s.human for s in match.seats] == [True, False, False, False]
    assert {s.level for s in match.seats[1:]} == {"normal"}
    assert (match.seed, match.start, match.daily) == (setup.seed, setup.start, "2026-12-01")
    assert match.state.to_json() == setup.new_state().to_json()
    assert deal_code.code_of(match) == daily_code(game, DAY)


def test_streaks_count_days_in_a_row_up_to_today():
    d = DAY
    assert streak([], d) == 0
    assert streak([d], d) == 1
    assert streak([d - timedelta(2), d - timedelta(1), d], d) == 3
    assert streak([d - timedelta(2), d - timedelta(1)], d) == 2  # today not played yet: still going
    assert streak([d - timedelta(3), d - timedelta(1), d], d) == 2  # a missed day ends the older run
    assert streak([d - timedelta(3), d - timedelta(2)], d) == 0  # yesterday missed: over
    assert streak([d + timedelta(1)], d) == 0  # a date still to come (a clock put back) counts nothing


def test_a_save_keeps_the_daily_date_and_believes_it_only_for_that_deal():
    match = play(daily_match("grinch", DAY, "Ana", NAMES), random.Random(3), 10)
    data = savefile.to_data(match)
    assert data["daily"] == "2026-12-01" and data["version"] == 1
    assert savefile.from_data(data).daily == "2026-12-01"
    assert savefile.from_data({**data, "daily": "2026-12-02"}).daily is None  # another day's deal
    assert savefile.from_data({**data, "daily": "not a date"}).daily is None
    assert savefile.from_data({**data, "daily": 20261201}).daily is None
    ordinary = {**data, "seed": data["seed"] + 1, "moves": []}
    assert "daily" not in savefile.to_data(savefile.from_data({**ordinary, "daily": None}))


def test_an_older_reader_sees_an_ordinary_save():
    """The key is optional: a save without it (every older save) loads as an ordinary game."""
    data = savefile.to_data(play(daily_match("avalanche", DAY, "Ana", NAMES), random.Random(1), 5))
    del data["daily"]
    match = savefile.from_data(data)
    assert match.daily is None and len(match.moves) == 5


def _finish(game: str, day: date, seed: int):
    match = play(daily_match(game, day, "Ana", NAMES), random.Random(seed))
    library.archive(match)
    return match


def test_stats_keep_each_days_score_and_the_streak(monkeypatch):
    clock = iter(f"2026-12-01T10:00:{second:02d}+00:00" for second in range(60))
    monkeypatch.setattr(savefile, "now_iso", lambda: next(clock))  # saved one second apart, in order
    first = _finish("sticheln", DAY - timedelta(3), 1)
    _finish("sticheln", DAY - timedelta(1), 2)
    today = _finish("sticheln", DAY, 3)
    again = play(daily_match("sticheln", DAY, "Ana", NAMES), random.Random(4))  # today's deal once more
    library.archive(again)
    _finish("grinch", DAY, 5)
    ordinary = play(daily_match("avalanche", DAY, "Ana", NAMES), random.Random(6))
    ordinary.daily = None  # an ordinary game, not a day's deal
    library.archive(ordinary)
    records = stats.load_daily()
    assert set(records) == {"sticheln", "grinch"}
    sticheln = records["sticheln"]
    assert sticheln.scores[DAY - timedelta(3)] == first.state.scores()[0]
    assert sticheln.scores[DAY] == today.state.scores()[0]  # the first time counts, not the replay
    assert sticheln.streak(DAY) == 2 and sticheln.streak(DAY + timedelta(1)) == 2
    assert sticheln.streak(DAY + timedelta(2)) == 0
    assert records["grinch"].streak(DAY) == 1
    assert [d for d, _s in sticheln.before(DAY)] == [DAY - timedelta(1), DAY - timedelta(3)]
    assert stats.load_daily(leave_out=today)["sticheln"].scores[DAY] == again.state.scores()[0]


def test_is_daily_needs_the_days_setup_and_one_human():
    match = daily_match("avalanche", DAY, "Ana", NAMES)
    assert is_daily(match, "2026-12-01")
    assert not is_daily(match, "2026-11-30")
    match.seats[1] = match.seats[0]
    assert not is_daily(match, "2026-12-01")


# -- the screens -------------------------------------------------------------------
def test_the_title_starts_todays_deal_against_normal_computers():
    from table_driver import click, make_app

    from game.app.scenes.title import TitleScene
    from game.app.table.base import TableScene

    app, _table = make_app("sticheln", [True, False, False])
    app.settings.names = ["Ana"]
    app.replace(TitleScene(app))
    app.step(1 / 60, events=[], flip=True)
    title = app.stack.top
    avalanche = title.daily[rules.GAME_IDS.index("avalanche")]
    click(app, avalanche.rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene)
    match = table.match
    today = date.today()
    assert match.daily == today.isoformat() and match.seats[0].name == "Ana"
    assert deal_code.code_of(match) == daily_code("avalanche", today)


def test_results_of_a_days_deal_say_the_streak_and_how_you_did_before(monkeypatch):
    from table_driver import make_app

    from game.app.table import table_for
    from game.app.words import daily_words

    clock = iter(f"2026-12-01T10:00:{second:02d}+00:00" for second in range(60))
    monkeypatch.setattr(savefile, "now_iso", lambda: next(clock))
    yesterday = _finish("grinch", DAY - timedelta(1), 1)
    app, _table = make_app("grinch", [True, False])
    match = play(daily_match("grinch", DAY, "Ana", NAMES), random.Random(2))
    library.archive(match)
    lines = daily_words.daily_lines(match, today=DAY)
    assert lines[0] == f"Today's deal of 2026-12-01: you scored {match.state.scores()[0]}."
    assert lines[1] == "Streak: 2 days in a row."
    assert f"Last time (2026-11-30) you scored {yesterday.state.scores()[0]}" in lines[2]
    again = play(daily_match("grinch", DAY, "Ana", NAMES), random.Random(3))
    assert daily_words.daily_lines(again, today=DAY)[2] == (
        f"You scored {match.state.scores()[0]} on this deal before."
    )
    first = play(daily_match("avalanche", DAY, "Ana", NAMES), random.Random(3))
    assert "first day's deal" in daily_words.daily_lines(first, today=DAY)[2]
    table = table_for(app, again)
    app.replace(table)
    results = app.routes.results(table)
    assert results.daily and results.code_line is not None
    app.step(1 / 60, events=[], flip=True)


def test_the_statistics_screen_shows_the_streak_of_todays_deals():
    from table_driver import make_app

    today = date.today()
    _finish("avalanche", today - timedelta(1), 1)
    _finish("avalanche", today, 2)
    app, _table = make_app("avalanche", [True, False])
    screen = app.routes.stats("avalanche")
    assert screen.daily["avalanche"].streak(today) == 2
    app.step(1 / 60, events=[], flip=True)  # the line draws
