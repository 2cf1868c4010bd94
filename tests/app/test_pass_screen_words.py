"""The pass screen says what the others did since that person's last turn, in the
game's own sentences, as anyone looking may know it (every secret face down,
nobody called "you"); at a local pass-and-play table as at a network host."""

from __future__ import annotations

import random

import pygame
import pytest
from matrix import fast_lane
from table_driver import make_app, play_by_clicks

from game.app.scenes.pass_device import SAID_LINES, PassScene
from game.app.table.chronicle import Chronicle
from game.rules import registry


class _Stop(Exception):
    pass


@pytest.mark.parametrize("game_id", fast_lane(["grinch", "avalanche"], "grinch"))
def test_the_pass_screen_says_the_last_moves_with_every_secret_face_down(game_id):
    app, table = make_app(game_id, [True, True, False], seed=4)
    passes: list[PassScene] = []
    secret_kept = 0

    def check(app, table):
        nonlocal secret_kept
        top = app.stack.top
        if not isinstance(top, PassScene) or (passes and passes[-1] is top):
            return
        passes.append(top)
        seat = next(s for s in table.match.humans if table.name(s) == top.name)
        assert top.said == table.chronicle.since(seat, table.name)[-SAID_LINES:]
        assert len(top.said) <= SAID_LINES
        assert not any(line.startswith("You ") or " you " in line for line in top.said), top.said
        # said without the scrub (as the last player saw it), the words would differ where a secret was
        bare = Chronicle(table.GAME, table.num_players)
        bare.entries = list(table.chronicle.entries)
        told = []
        for mover, events in reversed(bare.turns(None)):
            if mover == seat or len(told) == SAID_LINES:
                break
            words = bare.said(mover, events, table.name, lambda _s: False)
            if words:
                told.append(" · ".join(words))
        if told[::-1] != top.said:
            secret_kept += 1
        top.draw(app.screen)  # drawn whole, inside the window
        if len(passes) > 9:
            raise _Stop

    with pytest.raises(_Stop):
        play_by_clicks(app, table, random.Random(4), on_frame=check)
    assert passes[0].said == [] or table.chronicle.entries  # the first pass of a game: nothing happened yet
    assert sum(bool(p.said) for p in passes) >= 8
    if game_id == "grinch":  # its draws are secret: the pass screen says "drew a card", not which
        assert secret_kept > 0


def test_the_chronicle_says_since_a_seats_last_turn_the_latest_last_by_name():
    from game.match.match import Match, Seat

    match = Match("avalanche", [Seat("Ana", True), Seat("Bo", True), Seat("Cy", False, "random")], seed=2)
    chronicle = Chronicle("avalanche", 3)
    rng = random.Random(1)
    for i in range(9):
        seat = match.state.current_player
        match.apply(rng.choice(match.state.legal_moves()))
        chronicle.add(seat, match.state.events, i + 1)
    names = ["Ana", "Bo", "Cy"].__getitem__
    last = chronicle.entries[-1].seat
    assert chronicle.since(last, names) == []  # nothing since its own turn
    lines = chronicle.since((last + 1) % 3, names, limit=2)
    assert 1 <= len(lines) <= 2 and all(not line.startswith("You") for line in lines)
    assert lines[-1] == chronicle.line(None, names, lambda _s: False)
    assert registry.get("avalanche")


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_pass_screens_words_fit_the_window(size):
    app, _table = make_app("avalanche", [True, True], size=size)
    long = "Mina started an avalanche with 7 7 7 · the avalanche fell on Joon: 12 cards to their pile " * 2
    scene = PassScene(app, "Joon", lambda: None, None, ["Ana played Q", long, "Mina played K"])
    app.stack.push(scene)
    app.step(0.0, events=[], flip=False)
    surface = pygame.Surface(size)
    scene.draw(surface)
    assert scene.said == ["Ana played Q", long, "Mina played K"]
    box = scene.said_rect
    assert pygame.Rect((0, 0), size).contains(box)
    assert box.bottom < size[1] // 2 - app.ui(90) - app.ui(14), "clear of 'Pass the laptop to'"
