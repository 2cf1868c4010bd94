"""Three voices in the status line (issue 15, item 5): instructions and news
neutral, hints gold, refusals red -- a refusal gone once the turn moves on,
"Took back your last move." neutral; a hint names its move once, without
the search's figure; a Grinch hint marks the card, pile or row."""

from __future__ import annotations

import pygame
import pytest
from table_driver import click, make_app

from game.app.table import voice
from game.app.table.sprites import HINT_MARK
from game.app.words import reasons
from game.rules import Phrase


def _status_fill(app, table) -> tuple[int, int, int]:
    """The colour inside the status box, left of any text."""
    app.step(1 / 60, events=[], flip=False)
    ui = app.ui
    w = table.size[0]
    box = pygame.Rect(0, 0, min(w - ui(420), ui(760)), ui(34))
    box.midtop = (w // 2 - ui(80), ui(10))
    return tuple(app.screen.get_at((box.left + ui(14), box.centery)))[:3]


def test_the_three_voices_look_different():
    looks = [voice.style(v) for v in (voice.INFO, voice.HINT, voice.REFUSAL)]
    assert len({look.fill for look in looks}) == 3 and len({look.edge for look in looks}) == 3
    app, table = make_app("sticheln", [True, False, False], seed=1)
    seen = {}
    for tone in (voice.INFO, voice.HINT, voice.REFUSAL):
        table.say("A line said in one voice", tone)
        seen[tone] = _status_fill(app, table)
    assert len(set(seen.values())) == 3, seen
    r, g, b = seen[voice.HINT]
    assert r > b + 20 and g > b + 10, f"a hint is gold: {seen[voice.HINT]}"
    r, g, b = seen[voice.REFUSAL]
    assert r > g + 20 and r > b + 20, f"a refusal is red: {seen[voice.REFUSAL]}"
    table.message.left = 0.0
    assert _status_fill(app, table) == seen[voice.INFO]  # the status line itself: neutral


def _to_a_computers_turn(app, table, frames: int = 600) -> None:
    for _ in range(frames):
        cur = table.match.current
        if cur is not None and not table.match.seats[cur].human:
            return
        if table.viewer_acts() and not table.stage.busy:
            table.input.try_move(table.match.state.legal_moves()[0])
        app.step(1 / 30, events=[], flip=False)
    raise AssertionError("no computer's turn came")


def test_a_refusal_is_cleared_when_the_turn_moves_on():
    app, table = make_app("sticheln", [True, False, False], seed=3, speed="normal", start=1)
    _to_a_computers_turn(app, table)
    waiting_for = table.match.current
    sprite = next(iter(table.stage.sprites.values()))
    click(app, sprite.rect().center)  # a click while a computer is to play
    assert table.message.tone == voice.REFUSAL and table.message.left > 0
    assert table.name(waiting_for) in table.message.text
    for _ in range(600):
        if table.match.current != waiting_for:
            break
        app.step(1 / 30, events=[], flip=False)
    assert table.match.current != waiting_for
    assert table.message.left <= 0, "the refusal outlived the turn it answered"


def test_a_refusal_on_your_own_turn_stays_until_a_move():
    app, table = make_app("sticheln", [True, False, False], seed=3, speed="off", start=0)
    for _ in range(60):
        if table.viewer_acts() and not table.stage.busy:
            break
        app.step(1 / 30, events=[], flip=False)
    table.refuse("Not that one.")
    app.step(1 / 30, events=[], flip=False)
    assert table.message.left > 0 and table.message.tone == voice.REFUSAL
    table.input.try_move(table.match.state.legal_moves()[0])
    assert table.message.left <= 0


def test_taking_back_a_move_is_said_neutrally():
    app, table = make_app("sticheln", [True, False, False], seed=3, speed="off", start=0)
    for _ in range(60):
        if table.viewer_acts() and not table.stage.busy:
            break
        app.step(1 / 30, events=[], flip=False)
    table.input.try_move(table.match.state.legal_moves()[0])
    table.turns.undo()
    assert table.message.text == "Took back your last move." and table.message.tone == voice.INFO


def test_a_hint_names_the_move_once_and_drops_the_search_figure():
    name, you = (lambda s: f"P{s}"), (lambda s: s == 0)
    searched = Phrase(
        "pick_pain",
        "Pick red 0: red becomes your pain colour (chosen in 22% of 1000 simulated deals)",
        {"card": "red 0", "colour": "red", "search_p": 22, "search_n": 1000},
    )
    said = reasons.hint("sticheln", searched, name, you)
    assert said == "Pick orange 0: orange becomes your pain colour"
    assert "%" not in said and "simulated" not in said
    odds = Phrase("start", "Start with 4 4: ...", {"rank": 4, "count": 2, "p": 100})
    assert reasons.hint("avalanche", odds, name, you) == "Start the avalanche with 4 4"


def _grinch_at_my_turn(phase: str):
    app, table = make_app("grinch", [True, False, False], seed=5, speed="off", start=1)
    import random

    rng = random.Random(2)
    for _ in range(20_000):
        state = table.match.state
        if table.viewer_acts() and not table.stage.busy and state.phase_name == phase:
            return app, table
        if app.stack.top is not table:
            click(app, app.stack.top.buttons[0].rect.center)
        elif table.viewer_acts() and not table.stage.busy:
            table.input.try_move(rng.choice(state.legal_moves()))
        app.step(1 / 30, events=[], flip=False)
    raise AssertionError(f"the human never acted in the {phase} phase")


def _hint_pixels(app, rect: pygame.Rect) -> int:
    """How many pixels around `rect` have the hint's mark colour."""
    app.step(1 / 60, events=[], flip=False)
    area = rect.inflate(24, 24).clip(app.screen.get_rect())
    sub = app.screen.subsurface(area)
    return pygame.mask.from_threshold(sub, (*HINT_MARK, 255), (1, 1, 1, 255)).count()


@pytest.mark.parametrize("phase", ["who", "grinch", "score"])
def test_a_grinch_hint_marks_its_card_pile_or_row(phase):
    app, table = _grinch_at_my_turn(phase)
    legal = table.match.state.legal_moves()
    marked: list[pygame.Rect] = []
    for move in legal:
        table.turns.hint = (move, None)
        table.stage.sync()
        if move.kind == "discard":
            assert table.stage.sprites[str(move.arg)].place.mark == "hint", move
            continue
        if move.kind == "take":
            top = str(table.view.discard_pile(move.arg)[0])
            assert table.stage.sprites[top].place.mark == "hint", move
            rect = table.stage.sprite_rect(top)
        else:
            rect = table.draw_rect if move.kind == "draw" else table.row_rects[move.arg]
        assert _hint_pixels(app, rect) > 20, move
        marked.append(rect)
    table.turns.hint = None
    table.stage.sync()
    assert all(_hint_pixels(app, rect) == 0 for rect in marked), "a mark without a hint"
    assert {m.kind for m in legal} & {"draw", "take", "discard", "score"}
