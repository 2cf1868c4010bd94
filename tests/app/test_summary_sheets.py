"""Ends that land: each game's round summary carries its own breakdown (a
`ScoreSheet`: the columns, the leader, the cards that made the score), the
panels hold no empty band, the public cards stay under the results, and the
winner's moment respects animations off."""

from __future__ import annotations

import random

import pytest
from matrix import fast_lane
from table_driver import make_app

from game.app.scenes.results import CELEBRATION, ResultsScene
from game.app.scenes.summary import SummaryScene
from game.app.ui.score_table import ScoreSheet


def play(game: str, players: int, seed: int, speed: str = "off", stop_at_summary: bool = True):
    """Play seat 0 at random (the others are computers) up to the first summary, or to the results."""
    app, table = make_app(game, [True] + [False] * (players - 1), seed, speed=speed)
    rng = random.Random(seed)
    sheets: list[ScoreSheet] = []
    for _ in range(100_000):
        top = app.stack.top
        if isinstance(top, ResultsScene):
            return app, table, sheets
        if isinstance(top, SummaryScene):
            sheets.append(top.sheet)
            if stop_at_summary:
                return app, table, sheets
            app.stack.pop()
            continue
        if top is table and table.viewer_acts() and not table.stage.busy:
            table.input.try_move(rng.choice(table.match.state.legal_moves()))
        app.step(1 / 30, events=[], flip=False)
    raise AssertionError("the game did not end")


def no_band(app, scene) -> None:
    """The panel ends a button row below its content: no empty band."""
    ui = app.ui
    content = scene.panel.y + ui(scene.sheet.body_height() if hasattr(scene, "sheet") else scene.body_height())
    top_of_buttons = min(b.rect.top for b in scene.buttons if b.rect.bottom >= scene.panel.bottom - ui(70))
    assert 0 <= top_of_buttons - content <= ui(24), (content, top_of_buttons)


def test_sticheln_round_says_cards_taken_and_pain_cards():
    app, table, (sheet,) = play("sticheln", 4, 3)
    assert sheet.headers[1:3] == ["Cards taken", "Pain cards"]
    for row, cards in zip(sheet.rows, sheet.cards):
        plus, minus, this_round = int(row[1]), int(row[2]), int(row[3])
        assert plus >= 0 and minus <= 0 and plus + minus == this_round, row
        pain = cards[0]  # the pain card first, then the pain-colour cards taken
        assert all(card.colour == pain.colour for card in cards)
        assert -(sum(c.value for c in cards)) == minus
    totals = [int(row[4]) for row in sheet.rows]
    assert sheet.leaders == {s for s, t in enumerate(totals) if t == max(totals)}
    assert sheet.note.startswith("In the lead: ")
    no_band(app, app.stack.top)


def test_grinch_round_shows_everyones_five_cards():
    app, table, (sheet,) = play("grinch", 4, 5)
    assert table.viewer == 0  # a person's table: the others' hands were secret until scored
    assert [len(cards) for cards in sheet.cards] == [5, 5, 5, 5]
    assert sheet.leaders and sheet.game_id == "grinch"
    no_band(app, app.stack.top)


def test_avalanche_ends_on_the_collected_piles():
    app, table, sheets = play("avalanche", 4, 2)
    (sheet,) = sheets
    scores = table.match.state.scores()
    assert [len(p) for p in sheet.cards] == scores
    assert sheet.leaders == set(table.match.state.winners())


@pytest.mark.slow  # a whole four-round game; the fast lane reaches the results by Grinch's (below)
def test_the_results_hold_no_empty_band_and_keep_the_pain_cards():
    app, table, sheets = play("sticheln", 4, 3, stop_at_summary=False)
    assert len(sheets) == 4 and sheets[-1].title.startswith("Last round")
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    no_band(app, results)
    pains = [k for k in table.stage.sprites if isinstance(k, tuple) and k[0] == "pain"]
    assert len(pains) == 4  # the pain cards do not vanish when the game ends
    assert "game over" not in table.status() and table.status().startswith("Game over after 4 rounds")


@pytest.mark.parametrize("speed", fast_lane(["off", "normal"], "off"))  # normal: a whole animated game
def test_the_winners_moment_respects_animations_off(speed):
    app, table, _sheets = play("grinch", 3, 4, speed=speed, stop_at_summary=False)
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    if speed == "off":  # reduced motion: nothing moves, the band is simply there
        assert results.next_frame() is None and results.glow() == 1.0
    else:
        assert results.next_frame() == 0.0
        for _ in range(round(CELEBRATION * 30) + 5):
            app.step(1 / 30, events=[], flip=False)
        assert results.next_frame() is None and results.glow() == 1.0
    app.draw()  # draws at every stage without error
