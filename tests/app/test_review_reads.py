"""Reasons read as reasons (issue 35): a review's mark says what the move
played cost, then why the better move was better; a long reason wraps at the
body size rather than shrinking; the caption names the decision the verdict
speaks of; the summary at the end is the one panel (no score pad beneath)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ai.review import MISTAKE, Decision
from game.app.scenes.replay import BODY_SIZE
from game.app.words import verdict
from tests.app.test_replay_faceup import frames, open_replay, random_game, state_before

LONG = {
    "code": "gr_dead_bonus_last",
    "text": "",
    "params": {"card": "O2", "p": 10, "need": 3, "suits": "W", "n": 0},
}


def grinch_discard_mark(seed: int = 16):
    """A finished Grinch game and a made-up mistake at one of seat 0's discards
    (the coach's long 'dead bonus' reason for it)."""
    match = random_game("grinch", 3, seed)
    number, chosen, best = next(
        (n, move, other)
        for n, (seat, move) in enumerate(match.moves, 1)
        if seat == 0 and move.kind == "discard"
        for other in state_before(match, n).legal_moves()
        if other.kind == "discard" and other != move
    )
    return match, Decision(number, 0, str(chosen), str(best), -6.0, 0.0, MISTAKE, LONG), chosen, best


def test_a_mark_says_the_cost_first_then_why_the_better_move_was_better() -> None:
    match, decision, chosen, best = grinch_discard_mark()
    said = verdict.verdict("grinch", decision, lambda s: ("Ana", "Mina", "Pau")[s], lambda s: False)
    kept = verdict.names.card_name("grinch", chosen.arg)
    thrown = verdict.names.card_name("grinch", best.arg)
    cost = said.index("which cost about 6 points")
    better = said.index(f"Better: discard {thrown} and keep {kept}, because ")
    assert said.startswith(f"Ana discarded {kept}, which cost") and cost < better
    assert said.endswith("the hand holds 0 and gets no more cards this round.")


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_a_long_reason_wraps_at_the_body_size_and_the_caption_names_the_decision(size) -> None:
    match, decision, chosen, _best = grinch_discard_mark()
    app, replay = open_replay("grinch", match, [decision], size=size)
    replay.open_mark(decision.number)
    frames(app, 2)
    ui = app.ui
    mark, text = replay.review_text()
    assert mark == MISTAKE
    lines, px = replay.verdict_lines(text, replay.verdict_room(size[0]))
    assert px >= ui(BODY_SIZE) and " ".join(lines) == text  # every word, none cut
    strip = replay.verdict_line()
    drawn = [r for r in replay.text_rects if strip.contains(r)]
    assert len(drawn) == len(lines) >= 1 and all(r.h >= ui(BODY_SIZE) for r in drawn)
    assert not any(r.colliderect(replay.follow.rect) for r in drawn)
    head, caption = replay.move_text()
    assert head == f"Move {decision.number} of {replay.count}, before it is played"
    kept = verdict.names.card_name("grinch", chosen.arg)
    assert caption == f"The marked move: Ana discarded {kept}"  # the decision, not the move before it
    replay.step(1)  # What followed: the move played, the same verdict
    assert replay.move_text()[1] == f"Ana discarded {kept}" and replay.review_text()[1] == text


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_summary_is_the_one_panel_no_score_pad_beneath(size) -> None:
    match, decision, _chosen, _best = grinch_discard_mark()
    app, replay = open_replay("grinch", match, [decision], size=size)
    replay.goto(replay.count)
    frames(app, 2)
    table = replay.table
    assert replay.showing_summary() and table.pad_visible()  # the game's end shows Grinch's pad...
    assert table.overlays_hidden()  # ...but not under the summary
    drawn = []
    real = table.pad.draw
    table.pad.draw = lambda surface: drawn.append(1) or real(surface)
    frames(app, 1)
    assert drawn == []
    panel = replay.summary_panel
    assert pygame.Rect(0, 0, size[0], replay.bar.y).contains(panel)
    for button in replay.summary_buttons:
        assert panel.contains(button.rect)
    click_hide = next(b for b in replay.summary_buttons if b.label == "Hide")
    click_hide.action()
    frames(app, 1)
    assert not table.overlays_hidden() and drawn  # Hide: the table and its pad beneath
