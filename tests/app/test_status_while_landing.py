"""The status line never invites a move the table will not take yet: while
the last move still lands (a finished trick held, then gathered to its
taker; a computer's card flying in) the input refuses clicks, so the line
says what is happening and "Your turn" comes once the table is still."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

import pytest
from table_driver import click, click_top_button, make_app

DT = 1 / 60


@pytest.mark.slow  # a whole game at normal speed; test_story_order's trick counters keep a landing case fast
def test_sticheln_says_the_trick_is_taken_not_your_turn_while_it_is_gathered():
    app, table = make_app("sticheln", [True, False, False, False], seed=3, speed="normal")
    rng = random.Random(1)
    gathered = flying = free = 0
    for _ in range(30_000):
        if app.stack.top is not table:
            click_top_button(app)
            continue
        if table.viewer_acts():
            status = table.status()
            if table.landing():
                assert "Your turn" not in status, status
                if table.stage.leaving:  # the trick on its way to its taker
                    assert "take the trick" in status or "takes the trick" in status or "set aside" in status
                    gathered += 1
                elif table.stage.moving:  # the card just played, landing
                    assert "to play" in status or "choosing" in status or "complete" in status, status
                    flying += 1
            elif not table.stage.busy:
                assert "Your turn" in status, status
                free += 1
                legal = table.match.state.legal_moves()
                useful = [t for t in table.targets() if t.move is not None and t.move in legal]
                if useful and rng.random() < 0.2:
                    click(app, table.input.click_point(rng.choice(useful)))
                    continue
        app.step(DT, events=[], flip=False)
        if gathered > 30 and flying > 30 and free > 30:
            break
    assert gathered and flying and free, (gathered, flying, free)
