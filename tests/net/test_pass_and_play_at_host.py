"""People passing the host's laptop at a network table (seats "here"), beside
friends on their own machines and the host's computers.

The host's window holds one client per seat played at it, each with its own
token and its own views; the pass screen hides every card before the next
of them plays, and the table then shows that seat's own views only.  Whole
games through the window's own input, from Host a table to the results;
every line to 127.0.0.1, every loop bounded."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from functools import partial

import pygame
import pytest
from app_driver import frames_until, window
from matrix import fast_lane
from netkit import GAMES

from game.app.scenes.network import HostSetupScene, LobbyScene
from game.app.scenes.pass_device import PassScene
from game.app.scenes.results import ResultsScene
from game.app.shell.app import App
from game.app.table.base import TableScene
from game.app.table.remote import NetworkMode
from game.net import hosting as net
from game.net import protocol as p
from game.net.client import play_bot
from game.persist import network


def _app() -> App:
    return window("Joon", "Ana", muted=True)


_frames = partial(frames_until, breath=0.005)


def _host(app: App, game_id: str, kinds: list[str]) -> LobbyScene:
    setup = app.routes.host_setup()
    assert isinstance(setup, HostSetupScene)
    setup.set_game(game_id)
    while len(setup.kinds) > len(kinds):
        setup.fewer_seats()
    while len(setup.kinds) < len(kinds):
        setup.more_seats()
    setup.kinds = list(kinds)
    setup.prefs.port = 0
    setup.open_table()
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    return lobby


def _bot(url: str, code: str, name: str, seed: int) -> threading.Thread:
    def run() -> None:
        asyncio.run(asyncio.wait_for(play_bot(url, name, seed=seed, code=code), 120))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def _dead_url() -> str:
    """A 127.0.0.1 port nobody listens on (dialling it is refused at once)."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"ws://127.0.0.1:{port}"


def test_the_host_sets_up_a_seat_here_and_the_lobby_says_so():
    app = _app()
    lobby = _host(app, "sticheln", ["you", "here", "open", "normal"])
    try:
        assert set(lobby.clients) == {0, 1}
        table = lobby.hosting.table
        assert table.names[:2] == ["Joon", "Ana"]  # the names typed at the setup, seat by seat
        assert table.kept == [0, 1] and table.at_host == [0, 1] and table.open_seats == [2]
        assert _frames(app, lambda: lobby.snap is not None and {0, 1} <= set(lobby.snap.connected))
        assert lobby._status(lobby.snap, 0) == "You" and lobby._status(lobby.snap, 1) == "Here: pass-and-play"
        assert lobby._status(lobby.snap, 2) == "Waiting for a friend…"
    finally:
        lobby.close()


@pytest.mark.parametrize("game_id", fast_lane(GAMES, "grinch"))
def test_two_people_pass_the_hosts_laptop_beside_a_friend_and_a_computer(game_id):
    app = _app()
    lobby = _host(app, game_id, ["you", "here", "open"] if game_id != "sticheln" else ["you", "here", "open", "easy"])
    hosting = lobby.hosting
    friend = _bot(hosting.url, hosting.table.code, "Mina", 3)
    try:
        assert _frames(app, lambda: lobby.snap is not None and 2 in lobby.snap.connected)
        lobby.start()
        assert _frames(app, lambda: isinstance(app.stack.top, PassScene) or isinstance(app.stack.top, TableScene))
        table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
        mode = table.mode
        assert isinstance(mode, NetworkMode) and sorted(mode.here) == [0, 1] and table.match.humans == [0, 1]
        assert isinstance(app.stack.top, PassScene), "nobody's cards show before the first says it is them"
        rng = random.Random(5)
        passes: list[int] = []
        ours = {0: 0, 1: 0}
        full = hosting.table.session
        for _ in range(60_000):
            top = app.stack.top
            if isinstance(top, ResultsScene):
                break
            if isinstance(top, PassScene):
                assert top.opaque
                passes.append(int(top.name == "Ana"))
                top.ready()
                # the table now shows the seat that said it is them, from that seat's own views
                assert table.viewer == passes[-1] and mode.client is mode.here[table.viewer]
                assert table.match.state.viewer == table.viewer
                continue
            if top is not table:  # a round's summary
                app.stack.pop()
                continue
            viewer = table.viewer
            assert viewer in (0, 1)
            # the only hand face up is the viewer's: every other hand is hidden in what the table holds
            state = table.match.state
            assert state.viewer == viewer
            if (
                table.viewer_acts()
                and not table.stage.busy
                and not mode.session.in_flight
                and not mode.client.seat.inbox
            ):
                assert table.input.try_move(rng.choice(table.view.legal_moves()))
                ours[viewer] += 1
                continue
            app.step(1 / 30, events=[], flip=False)
            time.sleep(0.001)
        else:
            raise AssertionError("the game did not reach the results")
        assert full.over and ours[0] > 0 and ours[1] > 0
        assert set(passes) == {0, 1} and len(passes) >= 2
        assert table.match.state == full.view(table.viewer)
        for seat, client in mode.here.items():
            assert client.seat.refusals == [], seat
            assert client.seat.seat == seat
    finally:
        for client in lobby.clients.values():
            client.close(timeout=1)
        hosting.close()
        friend.join(10)


def test_a_pass_waits_until_the_next_seats_own_view_has_arrived():
    """The pass goes only once that seat's client holds the current position:
    the table never shows one seat's view under another's name."""
    app = _app()
    lobby = _host(app, "grinch", ["you", "here"])
    hosting = lobby.hosting
    try:
        lobby.start()
        assert _frames(app, lambda: any(isinstance(s, TableScene) for s in app.stack.scenes))
        table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
        mode = table.mode
        assert isinstance(mode, NetworkMode)
        assert _frames(app, lambda: isinstance(app.stack.top, PassScene))
        app.stack.top.ready()
        first = table.viewer
        other = 1 - first
        assert _frames(app, lambda: table.viewer_acts() and not table.stage.busy)
        slow = mode.here[other]
        assert mode.seat_tag(other) == "here"
        url, slow.url = slow.url, _dead_url()
        slow.drop()  # its line breaks (and dialling again fails a while): its panel says so
        assert _frames(app, lambda: mode.seat_tag(other) == "reconnecting", 200)
        slow.url = url  # the network is back: it dials again by itself
        assert _frames(app, lambda: mode.seat_tag(other) == "here", 400)
        held: list = []  # what that seat's line brings meanwhile, held back as a slow line would
        real = slow.seat.handle
        slow.seat.handle = lambda raw: held.append(raw) or p.decode(raw)
        assert table.input.try_move(table.view.legal_moves()[0])
        assert _frames(
            app, lambda: not table.stage.busy and not mode.client.seat.inbox and table.match.current == other
        )
        for _ in range(30):
            app.step(1 / 30, events=[], flip=False)
            time.sleep(0.002)
        assert not isinstance(app.stack.top, PassScene), "no pass before that seat's view is here"
        with slow._lock:
            slow.seat.handle = real
            for raw in held:
                real(raw)
        assert _frames(app, lambda: isinstance(app.stack.top, PassScene))
        app.stack.top.ready()
        assert table.viewer == other and table.match.state.viewer == other
        assert table.match.position == len(hosting.table.session.match.moves)
    finally:
        for client in lobby.clients.values():
            client.close(timeout=1)
        hosting.close()


def test_continue_after_the_host_quits_brings_back_every_seat_played_here():
    app = _app()
    lobby = _host(app, "grinch", ["you", "here", "open"])
    table = lobby.hosting.table
    tokens = dict(table.tokens)
    network.write_table(net.saved(table, "127.0.0.1", 0))
    for client in lobby.clients.values():
        client.close(timeout=1)
    lobby.hosting.close()
    save = network.read_table()
    assert save is not None and save.at_host == [0, 1] and save.kept == [0, 1]
    again = app.routes.continue_hosting(save)
    try:
        assert set(again.clients) == {0, 1}
        assert _frames(app, lambda: again.snap is not None and {0, 1} <= set(again.snap.connected))
        # each seat back with the key kept for it (a rejoin then rotates it)
        assert {s: c.seat.seat for s, c in again.clients.items()} == {0: 0, 1: 1}
        assert all(again.clients[s].seat.token != tokens[s] for s in (0, 1))
    finally:
        again.close()


def test_a_host_setup_seat_steps_through_here():
    app = _app()
    setup = app.routes.host_setup()
    setup.step(1, 1)
    assert setup.kinds[1] == "here"
    app.step(0.0)
    assert setup.seat_buttons[1].label == "Here"  # its name field beside it, a line under the seats saying more
    screen = pygame.Rect((0, 0), app.size)
    assert screen.contains(setup.seat_buttons[1].rect)
