"""Play on the network, headless: the title's buttons, Host a table and its
lobby listing a joined bot by name, Join with a wrong code or another
version saying so, no answer at an address, and Rejoin on the title.
Every line goes to 127.0.0.1; no loop waits more than a few seconds."""

from __future__ import annotations

import time

import pygame
import pytest
from app_driver import host_table, window
from table_driver import click

from game.app.scenes.network import HostSetupScene, JoinScene, LobbyScene, NetworkScene
from game.app.scenes.title import TitleScene
from game.net import hosting as net
from game.net import protocol as p
from game.net.client import Client, ClientSeat
from game.persist import network

pytestmark = pytest.mark.usefixtures("table_only_on_its_worker")  # as in tests/net


@pytest.fixture
def app():
    return window("Joon")


def _frames_until(app, done, seconds=10.0):
    """Step the app (and give the network threads a moment) until `done()`;
    bounded by `seconds` of wall time, not by a count of frames: on a loaded
    machine the host's and the window's threads may take a few seconds."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.step(0.05)
        if done():
            return True
        time.sleep(0.03)
    return done()


def test_the_title_offers_the_network_beside_new_game_without_moving_it(app):
    from game.match.match import Match, Seat
    from game.persist import library

    title = TitleScene(app)
    app.replace(title)
    app.step(0.0)
    new_game = next(b for b in title.main if b.label == "New game").rect.copy()
    net_rect = title.network_button.rect
    assert net_rect.y == new_game.y and not net_rect.colliderect(new_game)
    library.write_autosave(Match("grinch", [Seat("Ana", True), Seat("C", False, "random")], 4))
    again = TitleScene(app)
    app.replace(again)
    app.step(0.0)
    moved = next(b for b in again.main if b.label == "New game").rect
    assert moved.x == new_game.x and again.network_button.rect.y == moved.y  # the row keeps its order and place
    assert again.rejoin_button is None
    click(app, again.network_button.rect.center)
    assert isinstance(app.stack.top, NetworkScene)


def test_the_title_offers_rejoin_while_the_last_table_is_kept(app):
    network.write_last(network.LastTable("ws://127.0.0.1:9", "K3M9QP", "tok", "Joon"))
    title = TitleScene(app)
    app.replace(title)
    app.step(0.0)
    assert title.rejoin_button is not None and title.rejoin_button.label == "Rejoin table K3M9QP"
    rects = [b.rect for b in [*title.buttons, *title.net_buttons]]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    assert pygame.Rect((0, 0), app.size).contains(title.rejoin_button.rect)
    assert any(f.key[1] == "Rejoin table K3M9QP" for f in title.focus_items())


def test_host_a_table_the_lobby_lists_a_joined_bot_by_name_and_start_opens_the_game(app, monkeypatch):
    from game.net.carrier import HostServer

    def no_waiting(*_args, **_kwargs):
        raise AssertionError("the lobby waited on the server: it gets its snapshots by callback")

    app.replace(TitleScene(app))
    app.routes.network()
    setup = app.routes.host_setup()
    assert isinstance(setup, HostSetupScene) and not setup.prefs.bind_all  # only this computer, by default
    assert setup.kinds == ["you", "open", "open", "open"]
    setup.step(3, 2)  # the last seat: a Normal computer
    setup.prefs.port = 0
    app.step(0.0)
    setup.open_table()
    monkeypatch.setattr(HostServer, "ask", no_waiting)  # from now on: the window seats taken, nothing to ask
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    try:
        assert lobby.hosting.bind == "127.0.0.1" and lobby.addresses == ["127.0.0.1"]
        bot = Client(lobby.hosting.url, "Mina", code=lobby.hosting.table.code).start()
        assert bot.wait(lambda s: s.seat is not None, 10)
        assert _frames_until(  # the bot's seat, and the window's own (its welcome may come second under load)
            app, lambda: lobby.snap is not None and 1 in lobby.snap.connected and lobby.client.seat.seat == 0
        )
        assert lobby.snap.names[:2] == ["Joon", "Mina"] and lobby._status(lobby.snap, 1) == "Joined"
        assert lobby._status(lobby.snap, 0) == "You" and lobby._status(lobby.snap, 2) == "Waiting for a friend…"
        assert bot.wait(lambda s: s.moves >= 0, 10)
        bot.send_move("x", at=bot.seat.moves)  # before the start, any move is refused with its code
        assert bot.wait(lambda s: any(r.code == "not_started" for r in s.refusals), 10)
        opened = []
        monkeypatch.setattr(
            type(app.routes),
            "remote_table",
            lambda self, client, host=None, here=None: opened.append((client, host)),
            raising=False,
        )
        click(app, lobby.start_button.rect.center)
        assert _frames_until(app, lambda: bool(opened))
        client, controls = opened[0]
        assert client.seat.seat == 0 and controls is not None and hasattr(controls, "hand_over")
        assert _frames_until(app, lambda: lobby.hosting.latest().started)
        snap = lobby.hosting.latest()
        assert snap.started and 2 in snap.computers and 3 in snap.computers
        assert network.read_table() is not None or snap.moves == 0  # kept in its own slot once a move is made
        bot.close()
        client.close()
    finally:
        lobby.hosting.close()


def _served(**kwargs):
    return host_table("grinch", ["you", "open"], ["Mina", ""], require_code=True, **kwargs)


def test_join_with_a_wrong_code_shows_the_refusal(app):
    hosting = _served()
    try:
        join = app.routes.join_table()
        assert isinstance(join, JoinScene)
        join.address_field.text = f"127.0.0.1:{hosting.port}"
        join.code_field.text = "ZZZZZZ"
        click(app, join.join_button.rect.center)
        assert _frames_until(app, lambda: join.failed)
        assert join.message == "There is no table with the code ZZZZZZ here."
    finally:
        hosting.close()


def test_join_from_another_version_says_both_versions(app, monkeypatch):
    from game import __version__

    hosting = _served()
    monkeypatch.setattr(
        ClientSeat, "hello", lambda self: p.encode(p.Hello(version="0.9", protocol=0, name=self.name, code=self.code))
    )
    try:
        join = app.routes.join_table(url=f"ws://127.0.0.1:{hosting.port}", code=hosting.table.code, dial=True)
        assert _frames_until(app, lambda: join.failed)
        assert join.message == f"Joon's Fireside is 0.9 — this table needs {__version__}."
    finally:
        hosting.close()


def test_join_says_when_nothing_answers_and_when_the_address_is_not_one(app):
    import socket

    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    join = app.routes.join_table()
    join.address_field.text = "not an address"
    join.code_field.text = "K3M9QP"
    join.join()
    assert join.failed and "not an address" in join.message
    join.address_field.text = f"127.0.0.1:{port}"
    join.join()
    assert _frames_until(app, lambda: join.failed)
    assert join.message.startswith(f"No answer at 127.0.0.1:{port}.")


def test_a_join_that_gets_its_seat_keeps_the_table_for_rejoin(app, monkeypatch):
    hosting = _served()
    opened = []
    monkeypatch.setattr(
        type(app.routes),
        "remote_table",
        lambda self, client, host=None, here=None: opened.append(client),
        raising=False,
    )
    try:
        join = app.routes.join_table(url=f"ws://127.0.0.1:{hosting.port}", code=hosting.table.code, dial=True)
        assert _frames_until(app, lambda: type(app.stack.top).__name__ == "GuestLobbyScene")  # a lobby: no table yet
        assert not opened
        hosting.start_game("random")
        assert _frames_until(app, lambda: bool(opened))
        last = network.read_last()
        assert last is not None and last.code == hosting.table.code and last.token == opened[0].seat.token
        assert join.gone
        opened[0].close()
    finally:
        hosting.close()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_the_network_screens_fit_the_window(size):
    app = window("Joon", size=size)
    app.replace(TitleScene(app))
    screen = pygame.Rect((0, 0), size)
    for scene in (app.routes.network(), app.routes.host_setup(), app.routes.join_table()):
        app.step(0.0)
        rects = [b.rect for b in scene.buttons]
        assert all(screen.contains(r) and scene.panel.contains(r) for r in rects), type(scene).__name__
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :]), type(scene).__name__


def test_continue_hosting_reopens_the_kept_table_with_its_code_and_tokens(app):
    table = net.new_table("avalanche", ["you", "open", "hard"], ["Joon", "", ""], lobby=True)
    token = table.reserve(0, "Joon")
    table.tokens[1] = "ana-token"
    network.write_table(net.saved(table, "127.0.0.1", 0))
    app.replace(TitleScene(app))
    scene = app.routes.network()
    app.step(0.0)
    assert scene.continue_button is not None and scene.continue_button.label == f"Continue hosting table {table.code}"
    scene.continue_hosting()
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    try:
        assert lobby.hosting.table.code == table.code and lobby.hosting.table.tokens[1] == "ana-token"
        assert lobby.client is not None and token == table.tokens[0]  # it dials with the kept key,
        assert lobby.client.wait(lambda s: s.seat == 0, 5)  # which opens the host's own seat (a rejoin rotates it)
        ana = Client(lobby.hosting.url, "Ana", token="ana-token").start()
        assert ana.wait(lambda s: s.seat == 1, 5)  # the same token, the same seat
        ana.close()
        lobby.client.close()
    finally:
        lobby.hosting.close()


def test_a_rejoin_refused_for_its_token_forgets_the_last_table(app):
    hosting = _served()
    network.write_last(network.LastTable(f"ws://127.0.0.1:{hosting.port}", hosting.table.code, "stale"))
    try:
        join = app.routes.join_table(
            url=f"ws://127.0.0.1:{hosting.port}", code=hosting.table.code, dial=True, token="stale"
        )
        assert _frames_until(app, lambda: join.failed)
        assert join.message == "That is not this seat's key." and network.read_last() is None
    finally:
        hosting.close()


def test_who_may_join_is_only_this_computer_each_time_until_the_person_picks_the_network(app):
    network.save_prefs(network.NetPrefs(discover=True, bind_all=True))
    setup = app.routes.host_setup()
    assert not setup.prefs.bind_all
    app.step(0.0)
    assert setup.here_button.selected and not setup.discover_button.enabled


def test_join_shows_the_players_name_in_a_field_and_keeps_what_is_typed():
    """The name set (Settings, the first start) fills Join's field; none: empty (the
    host then calls the seat by its number); what is typed is kept and sent."""
    for names, expected in (([], ""), (["Joon"], "Joon")):
        app = window(*names, size=(1024, 600))
        scene = app.routes.join_table()
        app.step(0.0)
        assert scene.name_field.text == expected and scene.name == expected
    hosting = _served()
    try:
        scene.name_field.text = "  Ana\u202e  Maria "
        scene.dial(f"ws://127.0.0.1:{hosting.port}", hosting.table.code)
        assert scene.name == "Ana Maria" and app.settings.player_name == "Ana Maria" and app.settings.name_asked
        assert _frames_until(app, lambda: "Ana Maria" in hosting.latest().names)
    finally:
        hosting.close()


def _kept_table():
    table = net.new_table("avalanche", ["you", "open", "hard"], ["Joon", "", ""], lobby=True)
    table.reserve(0)
    network.write_table(net.saved(table, "127.0.0.1", 0))
    return table


def test_the_titles_continue_reopens_the_hosted_table_when_no_local_game_is_kept(app):
    table = _kept_table()
    title = TitleScene(app)
    app.replace(title)
    app.step(0.0)
    assert title.continue_button in title.main and title.hosting_button is None
    assert title.saved_line.startswith(f"Network table {table.code}")
    click(app, title.continue_button.rect.center)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    try:
        assert lobby.hosting.table.code == table.code and list(lobby.clients) == [0]
    finally:
        lobby.close()


def test_with_a_local_game_kept_too_the_hosted_table_waits_in_the_corner(app):
    from game.match.match import Match, Seat
    from game.persist import library

    library.write_autosave(Match("grinch", [Seat("Ana", True), Seat("C", False, "random")], 4))
    table = _kept_table()
    network.write_last(network.LastTable("ws://127.0.0.1:9", "K3M9QP", "tok", "Joon"))
    title = TitleScene(app)
    app.replace(title)
    app.step(0.0)
    assert title.hosting_button is not None and title.hosting_button.label == f"Continue hosting table {table.code}"
    assert title.corner == [title.hosting_button, title.rejoin_button]
    rects = [b.rect for b in [*title.buttons, *title.net_buttons]]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    assert all(pygame.Rect((0, 0), app.size).contains(b.rect) for b in title.corner)
    click(app, title.hosting_button.rect.center)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    lobby.close()


def test_a_game_played_to_its_end_is_no_longer_offered_for_rejoin(app):
    from game.app.table.remote import NetworkMode

    class Seat:
        code = "K3M9QP"

    class Line:
        seat = Seat()

    class Session:
        client = Line()

    network.write_last(network.LastTable("ws://127.0.0.1:9", "ZZZZZZ", "tok", "Joon"))
    mode = NetworkMode.__new__(NetworkMode)
    mode.session = Session()
    mode.forget_rejoin()
    assert network.read_last() is not None  # another table's: kept
    network.write_last(network.LastTable("ws://127.0.0.1:9", "K3M9QP", "tok", "Joon"))
    mode.forget_rejoin()
    assert network.read_last() is None


def test_a_rejoin_that_rotates_the_key_keeps_the_new_one_for_rejoin_on_the_title(app):
    """A rejoin gives the seat a new key (issue 33, 2): Rejoin on the title must dial with it."""
    from game.app.table.remote import NetworkMode

    class Seat:
        code = "K3M9QP"
        token = "new-key"

    class Line:
        seat = Seat()

    network.write_last(network.LastTable("ws://127.0.0.1:9", "K3M9QP", "old-key", "Joon", "grinch"))
    mode = NetworkMode.__new__(NetworkMode)
    mode.primary = Line()
    mode._key = "old-key"
    mode._keep_key()
    last = network.read_last()
    assert last is not None and last.token == "new-key" and last.name == "Joon" and mode._key == "new-key"
    Seat.code = "ZZZZZZ"  # another table's rejoin is left alone
    Seat.token = "other"
    mode._keep_key()
    assert network.read_last().token == "new-key"


def test_the_hosts_notice_that_the_table_is_not_saved_shows_in_the_chat_line_without_a_speaker(app):
    from game.app.table.chat_bar import ChatBar

    class Seat:
        chat = [
            p.Chat(text="The host cannot save this table now", seat=None, phrase="not_saved"),
            p.Chat(text="forged", seat=1, phrase="not_saved"),  # only the host's own line is a notice
        ]
        names = ["Joon", "Mina"]

    class Line:
        seat = Seat()

    class Table:
        num_players = 2

        def name(self, seat):
            return f"P{seat}"

    class Mode:
        primary = Line()
        table = Table()

    bar = ChatBar.__new__(ChatBar)
    bar.mode, bar.lines, bar.read, bar.open = Mode(), [], 0, False
    assert bar.take(0.0)
    assert [line for _, line in bar.lines] == [
        "The host cannot save this table now: if the host stops, this game is lost.",
        "Mina: forged",
    ]
