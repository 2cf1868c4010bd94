"""The Grinch table, headless: whole games played only through synthetic mouse
clicks on the real layout, the score pad's pencilled-in numbers, the heart
tracker tile, hidden discards and illegal clicks."""

from __future__ import annotations

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest
from matrix import fast_lane
from table_driver import click

from game.app.scenes.results import ResultsScene
from game.app.scenes.summary import SummaryScene
from game.app.shell.app import App
from game.app.table import table_for
from game.games.grinch.table import GrinchTable
from game.match.match import Match, Seat
from game.persist.settings import Settings
from game.rules import grinch

DT = 1 / 30
NAMES = ["You", "Mina", "Pau", "Simran", "Joon", "Laia"]


def make(players: int, size=(1280, 720), seed=11, start=1, speed="off", humans=(0,)):
    app = App(size, Settings(speed=speed))
    seats = [Seat(NAMES[i], i in humans, "easy") for i in range(players)]
    table = table_for(app, Match("grinch", seats, seed, start=start))
    app.replace(table)
    assert isinstance(table, GrinchTable)
    return app, table


def settle(app, table, frames: int = 400) -> None:
    for _ in range(frames):
        if not table.stage.busy:
            return
        app.step(DT, events=[], flip=False)


def check_pad(table) -> None:
    """The pad pencils in, for every open row, what the viewer's hand scores there."""
    view = table.view
    me = table.viewer
    hand = view.hand(me)
    assert len(hand) == 5
    model = table.pad_model()
    open_rows = view.open_rows(me)
    assert open_rows
    for row in grinch.ROWS:
        kind, points = model["cells"][row][me]
        if row in open_rows:
            assert (kind, points) == ("would", grinch.hand_score(hand, row)), row
        else:
            assert (kind, points) == ("used", view.pad()[me][row]), row
    assert model["totals"][me] == view.scores()[me]
    assert table.pad_visible()
    for row in grinch.ROWS:  # every row is a click target on the pad
        assert any(t.move == grinch.Move("score", row) for t in table.targets())


def play_game(players: int, size, seed: int, shots: str | None = None) -> dict:
    app, table = make(players, size, seed)
    rng = random.Random(seed)
    seen = {"summaries": 0, "pads": 0, "hearts": set(), "moves": 0}
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, SummaryScene):
            seen["summaries"] += 1
            click(app, top.buttons[0].rect.center)
            continue
        if top is table and table.viewer_acts() and not table.stage.busy:
            view = table.view
            # the heart tile shows 3, 4, 5 on turns 1, 2, 3 (and 5 while scoring)
            expect = 5 if view.phase_name == "score" else 2 + view.turn
            assert table.heart_shown() == expect
            seen["hearts"].add(expect)
            status = table.status()
            assert status and ("Grinch" in status or view.phase_name == "score")
            if view.phase_name == "score":
                check_pad(table)
                seen["pads"] += 1
                if shots and seen["pads"] == 1:
                    pygame.image.save(app.screen, f"{shots}_pad.png")
            legal = [t for t in table.targets() if t.move is not None and table.match.check(t.move) is None]
            assert legal, "the viewer must always have something to click"
            before = len(table.match.moves)
            target = rng.choice(legal)
            click(app, table.input.click_point(target))
            # the click made exactly this move (computers may follow in the same frame)
            assert table.match.moves[before : before + 1] == [(table.viewer, target.move)]
            seen["moves"] += 1
            continue
        app.step(DT, events=[], flip=False)
    assert isinstance(app.stack.top, ResultsScene)
    assert table.match.state.is_over
    rounds = grinch.ROUNDS[players]
    assert seen["summaries"] == rounds
    assert seen["pads"] == rounds
    assert seen["hearts"] == {3, 4, 5}
    return seen


@pytest.mark.parametrize(  # whole games: the fast lane plays Sticheln's (tests/app/test_app.py)
    "players,size,seed", fast_lane([(2, (1280, 720), 3), (4, (1920, 1080), 5)])
)
def test_full_game_by_mouse(players, size, seed):
    seen = play_game(players, size, seed)
    assert seen["moves"] > 0


def test_heart_token_drops_after_turns_one_and_two():
    app, table = make(3, speed="normal", seed=2, start=0, humans=())  # all computers
    shown: list[int] = []
    dropping = False
    for _ in range(6000):
        view = table.view
        if view.round > 0 or view.phase_name == "score":
            break
        app.step(DT, events=[], flip=False)
        heart = table.heart_shown()
        if not shown or shown[-1] != heart:
            shown.append(heart)
        if table.drop is not None and 0 < table.drop_progress() < 1:
            dropping = True
            assert heart == table.view.heart - 1  # the token is still falling
    assert shown == [3, 4, 5]
    assert dropping


def test_whos_discards_stay_face_down_until_revealed():
    app, table = make(4, seed=9, start=0)  # seat 0 (the human) is the Grinch
    for _ in range(400):
        view = table.view
        if view.phase_name == "who" and view.has_pending(1) and view.actor != 1:
            break
        app.step(DT, events=[], flip=False)
    view = table.view
    assert view.has_pending(1) and view.pending_discard(1) is None
    places = {p.key: p for p in table.places()}
    assert ("pending", 1) in places and places[("pending", 1)].card is None
    hidden = table.match.state.pending_discard(1)
    assert str(hidden) not in places  # nothing face up betrays it
    for _ in range(400):
        if table.view.phase_name == "grinch":
            break
        app.step(DT, events=[], flip=False)
    settle(app, table)
    places = {p.key: p for p in table.places()}
    assert places[str(hidden)].card == hidden  # revealed on seat 1's pile


def test_illegal_clicks_explain_and_change_nothing():
    app, table = make(3, seed=4, start=0)  # the human is round 1's Grinch
    for _ in range(400):
        if table.viewer_acts() and not table.stage.busy:
            break
        app.step(DT, events=[], flip=False)
    view = table.view
    assert view.phase_name == "grinch" and view.takes_left == 2
    card = view.hand(0)[0]
    target = next(t for t in table.targets() if t.move == grinch.Move("discard", card))
    assert table.places() and any(p.mark == "dim" for p in table.places() if p.key == str(card))
    moves = len(table.match.moves)
    click(app, table.input.click_point(target))
    assert len(table.match.moves) == moves
    assert "takes two cards first" in table.message.text
    assert "Seat" not in table.message.text and "GR-" not in table.message.text
    # the draw pile is a legal take: one click draws
    draw = next(t for t in table.targets() if t.move == grinch.Move("draw"))
    click(app, table.input.click_point(draw))
    assert table.match.moves[moves:] == [(0, grinch.Move("draw"))]


def test_pad_toggle_and_resize_keep_working():
    app, table = make(5, size=(1024, 600), seed=6)
    settle(app, table)
    button = next(b for b in table.buttons if b.label == "Score pad")
    click(app, button.rect.center)
    assert table.pad_open and table.pad_visible()
    assert table.pad_rect.bottom <= table.hand_top and table.pad_rect.right <= 1024
    app.resize((1920, 1080))
    app.step(DT, events=[], flip=False)
    assert table.pad_rect.width > 0 and table.tile_rect.right < table.pad_rect.left
    click(app, table.pad_rect.center)  # a click on the open pad closes it
    assert not table.pad_open


@pytest.mark.slow  # a whole game; the fast lane's pass-and-play hands: Avalanche's and tests/app/test_app.py
def test_pass_and_play_never_shows_another_hand():
    from game.app.scenes.pass_device import PassScene

    app, table = make(3, seed=8, start=0, humans=(0, 2))
    rng = random.Random(8)
    passes = 0
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, SummaryScene):
            click(app, top.buttons[0].rect.center)
            continue
        if isinstance(top, PassScene):
            passes += 1
            click(app, top.button.rect.center)
            continue
        if top is table and table.viewer_acts() and not table.stage.busy:
            state = table.match.state
            others = {str(c) for s in (0, 2) if s != table.viewer for c in state.hand(s)}
            others |= {
                str(state.pending_discard(s))
                for s in (0, 2)
                if s != table.viewer and state.pending_discard(s) is not None
            }
            assert not others & {str(p.card) for p in table.places() if p.card is not None}
            legal = [t for t in table.targets() if t.move is not None and table.match.check(t.move) is None]
            click(app, table.input.click_point(rng.choice(legal)))
            continue
        app.step(DT, events=[], flip=False)
    assert isinstance(app.stack.top, ResultsScene)
    assert passes >= 6


def test_undo_a_take_puts_the_card_back():
    app, table = make(3, seed=4, start=0, speed="normal")  # the human is round 1's Grinch
    for _ in range(2000):
        if table.viewer_acts() and not table.stage.busy:
            break
        app.step(DT, events=[], flip=False)
    view = table.view
    source = next(s for s in range(3) if view.discard_pile(s))
    top = view.discard_pile(source)[0]
    target = next(t for t in table.targets() if t.move == grinch.Move("take", source))
    click(app, table.input.click_point(target))
    assert top in table.match.state.hand(0)
    for _ in range(5):
        app.step(DT, events=[], flip=False)  # mid-flight
    app.step(
        DT, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u", scancode=0)], flip=False
    )
    assert top not in table.match.state.hand(0)
    settle(app, table)
    places = {p.key: p for p in table.places()}
    assert places[str(top)].pos == table.pile_pos(source)
    assert table.stage.sprites[str(top)].rect().center == table.pile_rect(source).center
