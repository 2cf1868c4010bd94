"""The moments around a move (issue 35): Results has a round-by-round table
for a game of rounds (its spec says which); a round summary and Today's deal
are played to their end through the real window's input (clicks on cards and
on the summary's Continue, as a person would); a click or a key while a
finished trick is still held never leads the next card, and the status line
never says "Your turn" while that trick is on show."""

from __future__ import annotations

import random
from datetime import date

import pygame
import pytest
from app_driver import press_key
from matrix import fast_lane
from table_driver import NAMES, click, click_top_button, make_app, play_by_clicks

from game.app.scenes.results import ResultsScene
from game.app.scenes.summary import SummaryScene
from game.app.scenes.title import DailyButton, TitleScene
from game.app.table import table_for
from game.app.ui import focus
from game.match.match import Match, Seat
from game.match.rounds import round_points, round_totals
from game.rules import registry

DT = 1 / 60


def table_of(game: str, players: int, seed: int, speed: str = "off", **options):
    app, _first = make_app(game, [True] + [False] * (players - 1), seed, speed=speed)
    seats = [Seat(NAMES[i], i == 0, "random") for i in range(players)]
    table = table_for(app, Match(game, seats, seed, 0, options))
    app.replace(table)
    return app, table


def test_only_a_game_of_rounds_says_its_round_event() -> None:
    events = {spec.id: spec.round_event for spec in registry.specs()}
    assert events["sticheln"] and events["grinch"] and not events["avalanche"]


@pytest.mark.parametrize(("game", "players", "rounds"), fast_lane([("sticheln", 3, 2), ("grinch", 4, 0)], "sticheln"))
def test_a_game_of_rounds_played_by_clicks_closes_each_round_summary_and_ends_on_a_round_table(
    game: str, players: int, rounds: int
) -> None:
    """Through the window: cards clicked, each round's summary closed by its
    Continue button; the Results table gives each round's points, which add
    up to the total."""
    options = {"rounds": rounds} if rounds else {}
    app, table = table_of(game, players, 4, **options)
    summaries: list[str] = []

    def seen(app, _table) -> None:
        top = app.stack.top
        if isinstance(top, SummaryScene) and (not summaries or summaries[-1] != top.title):
            summaries.append(top.title)

    play_by_clicks(app, table, random.Random(3), on_frame=seen)
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    match = table.match
    played = len(round_totals(match))
    assert played >= 2 and len(summaries) >= played - 1, summaries  # every round's summary, the last one too
    assert results.rounds == played
    scores = match.state.scores()
    per_round = round_points(match)
    for row in results.rows:
        name = row[0].split(". ", 1)[1]
        seat = [table.name(s) for s in range(players)].index(name)
        cells = row[1:-1]
        assert cells == [f"{r[seat]:+d}" if r[seat] else "0" for r in per_round]
        assert sum(int(c) for c in cells) == scores[seat] == int(row[-1])
    app.draw()
    assert results.panel.w <= app.size[0] and results.panel.h <= app.size[1]


def test_a_game_of_one_round_has_no_round_columns() -> None:
    app, table = table_of("avalanche", 3, 5)
    rng = random.Random(1)
    while not table.match.state.is_over:
        table.match.apply(rng.choice(table.match.state.legal_moves()))
    results = ResultsScene(app, table)
    assert results.rounds == 0 and all(len(row) == 2 for row in results.rows)


@pytest.mark.parametrize("game", fast_lane(["avalanche", "sticheln", "grinch"], "grinch"))
def test_todays_deal_from_the_title_played_to_its_end_by_clicks(game: str, tmp_path, monkeypatch) -> None:
    """The title's button for Today's deal, then every move clicked (round
    summaries closed by Continue) to the Results, which say it was today's
    deal; back at the title its button says it is played."""
    monkeypatch.setenv("FIRESIDE_HOME", str(tmp_path))
    app, _table = make_app(game, [True, False, False])
    title = TitleScene(app)
    app.replace(title)
    app.step(DT, events=[], flip=False)
    button = next(b for b in title.daily if isinstance(b, DailyButton) and b.action.args[0] == game)
    click(app, button.rect.center)
    table = app.stack.top
    assert table.match.daily == date.today().isoformat()
    play_by_clicks(app, table, random.Random(5))
    results = app.stack.top
    assert isinstance(results, ResultsScene) and results.daily
    menu = next(b for b in results.buttons if b.label == "Main menu")
    click(app, menu.rect.center)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    app.step(DT, events=[], flip=False)
    again = next(b for b in title.daily if isinstance(b, DailyButton) and b.action.args[0] == game)
    assert again.done and again.line.startswith("Played · ")


@pytest.mark.slow  # a whole held trick, animated; test_smaller_25's click during the trick banner keeps the kind fast
def test_a_click_or_key_while_the_last_trick_is_held_never_leads() -> None:
    """Sticheln at the normal speed: whenever a finished trick is held and the
    next card is the human's, clicks on every legal card, Tab, the arrows,
    Enter and Space change nothing, and the status line does not say "Your
    turn"; once the table is still, a click plays."""
    app, table = table_of("sticheln", 3, 7, speed="normal")
    rng = random.Random(2)
    tried = played = 0
    for _ in range(40_000):
        if app.stack.top is not table:
            click_top_button(app)
            continue
        stage = table.stage
        if table.viewer_acts() and stage.holding and stage.picture is not None and table.landing():
            before = len(table.match.moves)
            assert "Your turn" not in table.status(), table.status()
            legal = table.match.state.legal_moves()
            for target in [t for t in table.targets() if t.move in legal]:
                click(app, table.input.click_point(target))
            for key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                press_key(app, key)
            assert len(table.match.moves) == before, "a click or key during the hold led a card"
            tried += 1
            focus.reset(table.holder)
        elif table.viewer_acts() and not stage.busy:
            legal = table.match.state.legal_moves()
            useful = [t for t in table.targets() if t.move is not None and t.move in legal]
            if useful:
                before = len(table.match.moves)
                click(app, table.input.click_point(rng.choice(useful)))
                played += len(table.match.moves) > before
                continue
        if tried >= 3 and played >= 3 or isinstance(app.stack.top, ResultsScene):
            break
        app.step(DT, events=[], flip=False)
    assert tried >= 3 and played >= 3, (tried, played)
