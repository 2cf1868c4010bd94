"""The table shows one seat's side of the game: played to the end by mouse
with one human and computers, nothing the table draws or says reads another
seat's hand from the full state (every call is recorded).  The one declared
exception is a spectator's table (a replay's face-up view, an all-computer
demo), which has no seat of its own."""

from __future__ import annotations

import random
import sys

import pytest
from matrix import fast_lane
from table_driver import make_app, play_by_clicks

from game.rules import registry

TABLE_CODE = ("/game/app/", "/table.py", "/score_pad.py", "/rows.py", "/table_past.py")


@pytest.mark.parametrize("game_id", fast_lane(["sticheln", "avalanche", "grinch"], "sticheln"))
def test_the_table_never_reads_another_seats_hand(game_id, monkeypatch):
    state_class = registry.get(game_id).rules.State
    real = state_class.hand
    peeks: list[tuple[str, int]] = []

    def hand(self, seat: int):
        caller = sys._getframe(1).f_code.co_filename.replace("\\", "/")
        if self.viewer is None and seat != 0 and any(part in caller for part in TABLE_CODE):
            peeks.append((caller, seat))
        return real(self, seat)

    monkeypatch.setattr(state_class, "hand", hand)
    app, table = make_app(game_id, [True, False, False], seed=4, speed="off")
    assert table.viewer == 0
    play_by_clicks(app, table, random.Random(4))
    assert peeks == []


def test_the_events_a_seats_table_hears_are_the_sessions_scrubbed_ones():
    app, table = make_app("grinch", [True, False, False], seed=2, speed="off")
    for _ in range(600):
        app.step(1 / 30, events=[], flip=False)
        if table.match.moves:
            break
    heard = table.turns.seen_events()
    assert heard == table.session.events(0)
    assert all(not e.secret or e.seat == 0 or all(c is None for c in e.cards) for e in heard)
