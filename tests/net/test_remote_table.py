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
import random
import threading
import time
from functools import partial

import pygame
import pytest
from app_driver import FRAME, click_in_two_frames, frames_until, key_event, press_key, step, type_key, window
from matrix import fast_lane
from netkit import GAMES, make_table

from game import i18n
from game.app.scenes.results import ResultsScene
from game.app.shell.app import App
from game.app.table.base import TableScene
from game.app.table.remote import UNDO_OFF, NetworkMode
from game.net.carrier import HostServer
from game.net.client import Client, play_bot
from game.net.remote_session import RemoteSession

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
    return window(size=size, muted=True)


settle = partial(frames_until, limit=3000, breath=0.002)  # a breath for the network between


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
        if table.viewer_acts() and not table.stage.busy and not mode.session.in_flight and not mode.client.seat.inbox:
            legal = table.view.legal_moves()
            clickable = [t for t in table.targets() if t.move is not None and t.move in legal]
            if clickable and rng.random() < 0.8:
                target = rng.choice(clickable)
                pos = table.input.click_point(target)
                step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
            else:
                assert table.input.try_move(rng.choice(legal))
            ours += 1
            continue
        step(app)
        time.sleep(0.001)
    raise AssertionError("the game did not reach the results")


@pytest.mark.parametrize("game_id", fast_lane(GAMES, "grinch"))
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
    assert ours > 0 and table.match.position == len(table_net.session.match.moves)
    assert table.chronicle.entries, "the round log was told the moves"
    assert client.seat.refusals == []
    labels = [b.label for b in app.stack.top.buttons]
    assert "Main menu" in labels and "Play again" not in labels and "Review" not in labels  # the moves are the host's


def test_the_menu_at_a_network_table_has_no_save_game(net):
    table_net = net("grinch", [True, False], seed=2)
    client = table_net.client("Ana")
    app = make_app()
    table = app.routes.remote_table(client)
    press_key(app, pygame.K_ESCAPE, dt=FRAME)
    from game.app.scenes.menu import MenuScene

    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    labels = [b.label for b in menu.buttons]
    assert labels == ["Back to the table", "Rules", "Settings", "Leave the table"]
    # nothing pauses for the others: the menu is not called "Paused", and says so
    assert menu.title == "Menu" and menu.subtitle.startswith("The game goes on for the others.")
    menu.resize((1024, 600))
    assert "Save game" not in [b.label for b in menu.buttons]
    for button in menu.buttons:
        assert menu.panel.contains(button.rect)
    assert table in app.stack.scenes
    press_key(app, pygame.K_ESCAPE, dt=FRAME)  # Esc is Back to the table
    assert app.stack.top is table


def test_a_move_the_rules_refuse_is_told_at_once_and_nothing_is_sent(net):
    table_net = net("sticheln", [True, False, False], seed=7)  # seat 0 picks a pain card first
    client = table_net.client("Ana")
    app = make_app()
    table = app.routes.remote_table(client)
    assert settle(app, lambda: table.viewer_acts() and not table.stage.busy)
    moves_before, state_before = len(table_net.session.match.moves), table.match.state
    legal = table.view.legal_moves()
    held = {str(c) for c in table.view.hand(0)}
    other = next(str(c) for c in table.match.module.deck(3) if str(c) not in held)
    illegal = table.match.module.parse_move(f"pain {other}")  # a card we do not hold
    assert illegal not in legal
    assert not table.input.try_move(illegal)
    assert table.message.showing and table.message.tone == "refusal"
    for _ in range(20):
        step(app)
    assert len(table_net.session.match.moves) == moves_before and table.match.state is state_before
    assert client.seat.refusals == [] and not table.session.in_flight


def test_undo_is_not_offered_at_a_network_table(net):
    """Everyone has seen the move: no Undo button, and U does nothing (it used to be shown only to be refused)."""
    table_net = net("grinch", [True, False], seed=2)
    client = table_net.client("Ana")
    app = make_app()
    table = app.routes.remote_table(client)
    assert not any(b.label == "Undo" for b in table.buttons)
    table.resize((1024, 600))
    assert not any(b.label == "Undo" for b in table.buttons)
    type_key(app, pygame.K_u, "u", dt=FRAME)
    assert not table.message.showing
    table.turns.undo()  # (asked anyway, the session still says why not)
    assert table.message.text == i18n._(UNDO_OFF)


def test_the_other_hands_are_drawn_as_backs(net):
    table_net = net("sticheln", [True, True, False], seed=4)
    client = table_net.client("Ana")
    table_net.bot("Bo", seed=1)
    app = make_app()
    table = app.routes.remote_table(client)
    settle(app, lambda: not table.stage.busy, limit=300)
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


def _dead_url() -> str:
    """A 127.0.0.1 port nobody listens on (dialling it is refused at once)."""
    import socket

    with socket.socket() as sock:
        sock.bind((LOOPBACK, 0))
        port = sock.getsockname()[1]
    return f"ws://{LOOPBACK}:{port}"


def test_a_dropped_line_says_reconnecting_and_comes_back_with_the_current_view(net):
    table_net = net("sticheln", [True, True, False], seed=6)
    client = table_net.client("Ana")
    bo = table_net.client("Bo")
    app = make_app()
    table = app.routes.remote_table(client)
    mode = table.mode
    assert isinstance(mode, NetworkMode)
    assert settle(app, lambda: table.viewer_acts() and not table.stage.busy)
    assert table.input.try_move(table.view.legal_moves()[0])  # our pick; now it is Bo's
    assert settle(app, lambda: table.match.current == 1 and not client.seat.inbox)
    # the network goes: the line breaks and dialling again fails for a while
    url, client.url = client.url, _dead_url()
    client.drop()
    assert settle(app, lambda: client.reconnecting)
    step(app)
    assert table.status_line.shown()[1] == ["Reconnecting…"]
    assert mode.seat_tag(0) == "reconnecting"
    assert table.mode.refusal(table.view.legal_moves()[0] if table.view.legal_moves() else None, None)
    # meanwhile Bo plays; then the network is back
    assert bo.wait(lambda s: s.my_turn)
    bo.send_move(bo.seat.view.legal_moves()[0], at=bo.seat.moves)
    assert bo.wait(lambda s: s.moves >= 2)
    start = time.perf_counter()
    client.url = url
    for _ in range(500):  # the host's computer answers Bo; then a person is to act and nothing changes
        if table_net.session.current not in table_net.session.agents:
            break
        time.sleep(0.01)
    current = table_net.session.view(0)
    assert settle(app, lambda: client.seated and table.match.state == current, limit=3000), (
        client.seated,
        client.drops,
        client.error,
        client.seat.refusals,
        table.match.position,
        len(table_net.session.match.moves),
        client.seat.moves,
    )
    took = time.perf_counter() - start
    step(app)
    assert table.match.state == table_net.session.view(0)
    assert table.match.position == len(table_net.session.match.moves)
    assert client.seat.token == bo.seat.token or client.seat.seat == 0  # the same seat, by its token
    assert "Reconnecting…" not in table.status_line.shown()[1]
    print(f"network back -> seat and current view at the table in {took * 1000:.0f} ms (the client dials each second)")
    # a plain drop: dialled again at once
    start = time.perf_counter()
    drops = client.drops
    client.drop()
    assert settle(app, lambda: client.drops > drops and client.seated, limit=3000)
    print(f"dropped line -> seat back in {(time.perf_counter() - start) * 1000:.0f} ms")
    bo.close()


def test_a_move_lost_with_its_line_goes_again_after_the_rejoin_and_the_seat_is_not_stuck(net):
    """Once, a window's move lost with its line stayed "on its way to the table"
    for good: nobody could move.  Now the client sends it again on the new line
    (the game still waits for it at the same move count) and the table goes on."""
    table_net = net("sticheln", [True, True, False], seed=6)
    client = table_net.client("Ana")
    bo = table_net.client("Bo")
    app = make_app()
    table = app.routes.remote_table(client)
    mode = table.mode
    assert isinstance(mode, NetworkMode)
    assert settle(app, lambda: table.viewer_acts() and not table.stage.busy and not client.seat.inbox)
    at = table.match.position

    def lost(data: bytes) -> None:  # the move's bytes never leave: the line breaks under them
        client.drop()

    client._send = lost  # type: ignore[method-assign]
    assert table.input.try_move(table.view.legal_moves()[0])
    del client._send  # the next line sends as lines do
    assert mode.session.in_flight
    assert settle(app, lambda: client.drops >= 1 and client.seated, limit=3000)
    assert settle(app, lambda: not mode.session.in_flight and table_net.session.match.moves[at:], limit=3000), (
        client.seat.pending,
        client.seat.refusals,
    )
    assert len(table_net.session.match.moves) > at  # the host took it: the seat is not stuck
    assert settle(app, lambda: table.match.position > at, limit=3000)
    bo.close()


class FakeHost:
    """The host's own controls, as hn2's lobby hands them over (recorded)."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def hand_over(self, seat: int, level: str | None) -> None:
        self.calls.append(("hand_over", seat, level))

    def close(self) -> None:
        self.calls.append(("close",))


def test_the_waiting_line_names_the_away_seat_and_the_host_may_hand_it_to_a_computer(net):
    table_net = net("sticheln", [True, True, False], seed=6)
    client = table_net.client("Ana")
    bo = table_net.client("Bo")
    app = make_app()
    host = FakeHost()
    table = app.routes.remote_table(client, host)
    mode = table.mode
    assert isinstance(mode, NetworkMode)
    assert settle(app, lambda: table.viewer_acts() and not table.stage.busy)
    assert mode.seat_tag(1) == "connected" and mode.seat_tag(2) == "computer"
    assert table.input.try_move(table.view.legal_moves()[0])
    assert settle(app, lambda: table.match.current == 1 and not client.seat.inbox)
    bo.close()  # Bo's line is down: the seat waits for him
    assert settle(app, lambda: 1 in client.seat.away)
    step(app)
    assert table.status_line.shown()[1] == ["Waiting for Bo…"]
    assert mode.seat_tag(1) in ("away 0:00", "away 0:01", "away 0:02")  # and for how long
    (button,) = mode.extra_widgets()
    assert button.label == "Let a computer play for Bo"
    step(app)
    pos = button.rect.center
    click_in_two_frames(app, pos)
    assert host.calls == [("hand_over", 1, "normal")]


def test_without_host_controls_the_waiting_line_offers_nothing(net):
    table_net = net("grinch", [True, True], seed=1)
    client = table_net.client("Ana")
    bo = table_net.client("Bo")
    app = make_app()
    table = app.routes.remote_table(client)
    mode = table.mode
    assert isinstance(mode, NetworkMode)
    settle(app, lambda: not table.stage.busy)
    if table.match.current == 0:
        assert table.input.try_move(table.view.legal_moves()[0])
        assert settle(app, lambda: table.match.current == 1 and not client.seat.inbox)
    bo.close()
    assert settle(app, lambda: 1 in client.seat.away)
    step(app)
    assert table.status_line.shown()[1] == ["Waiting for Bo…"] and mode.extra_widgets() == []


def test_the_host_gone_says_so_and_leads_back_to_the_title(net):
    table_net = net("avalanche", [True, False], seed=1)
    client = table_net.client("Ana")
    app = make_app()
    table = app.routes.remote_table(client)
    mode = table.mode
    assert isinstance(mode, NetworkMode)
    table_net.server.stop()
    assert settle(app, lambda: client.seat.closed is not None)
    step(app)
    said = " ".join(table.status_line.shown()[1])
    assert said.startswith("The host closed the table.") and "Trying again" in said  # it keeps the table
    again, button = mode.extra_widgets()
    assert again.label == "Try again" and button.label == "Back to the title"
    button.action()
    from game.app.scenes.title import TitleScene

    assert isinstance(app.stack.top, TitleScene)


def test_chat_and_a_quick_phrase_arrive_at_another_window_in_its_language(net):
    table_net = net("sticheln", [True, True, False], seed=6)
    client = table_net.client("Ana")
    bo = table_net.client("Bo")
    app = make_app()
    table = app.routes.remote_table(client)
    mode = table.mode
    assert isinstance(mode, NetworkMode)
    i18n.set_language("ko")
    try:
        bo.say("Good game!", "good_game")  # Bo's window in English sends the code with its English
        bo.say("hello from Bo")
        assert settle(app, lambda: len(mode.chat.lines) == 2)
        assert mode.chat.lines[0][1] == "Bo: " + i18n._("Good game!") and i18n._("Good game!") != "Good game!"
        assert mode.chat.lines[1][1] == "Bo: hello from Bo"
        # this window types a line: T opens the chat, Enter sends it (no table key fires meanwhile)
        # the T that opens it comes back as text too: it is not the line's first letter
        step(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t", scancode=0)])
        step(app, [pygame.event.Event(pygame.TEXTINPUT, text="t")])
        assert mode.chat.open and mode.chat.field.text == ""
        assert table.keeps_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0))
        for ch in "hi":
            step(app, [pygame.event.Event(pygame.TEXTINPUT, text=ch)])
        press_key(app, pygame.K_RETURN, dt=FRAME)
        assert mode.chat.open and mode.chat.typing and mode.chat.field.text == ""  # open for the next line
        assert bo.wait(lambda s: any(c.text == "hi" and c.seat == 0 for c in s.chat), 5)
        # a quick phrase from the open chat
        mode.chat.quick[1].action()
        assert mode.chat.open
        assert bo.wait(lambda s: any(c.phrase == "nice_trick" and c.seat == 0 for c in s.chat), 5)
        assert not table.message.showing or table.message.tone != "refusal"
        # a line longer than the limit is cut to it
        step(app, [pygame.event.Event(pygame.TEXTINPUT, text="x" * 500)])
        assert len(mode.chat.field.text) <= p_max_chat()
        press_key(app, pygame.K_ESCAPE, dt=FRAME)
        assert not mode.chat.open
        # T opens it again (the line typed is kept); Enter on an empty line closes it
        type_key(app, pygame.K_t, "t", dt=FRAME)
        assert mode.chat.open and len(mode.chat.field.text) > 100
        mode.chat.field.text = ""
        press_key(app, pygame.K_RETURN, dt=FRAME)
        assert not mode.chat.open
    finally:
        i18n.set_language("en")
    bo.close()


def p_max_chat() -> int:
    from game.net import protocol as p

    return p.MAX_CHAT


def test_a_spectators_table_has_no_seat_no_hand_of_its_own_and_no_moves():
    """A watcher's client (the host's side of watching is hn2's): fed a welcome and a view by hand."""
    from game.match.match import Match, Seat
    from game.net import protocol as p

    match = Match("grinch", [Seat("Ana", True), Seat("Bo", True)], seed=3)
    client = Client("ws://127.0.0.1:9", "Watcher", watch=True)
    assert p.decode(client.seat.hello()).watch is True
    client.seat.handle(
        p.encode(p.Welcome(seat=-1, token="t", code="ABC", game="grinch", names=["Ana", "Bo"], watching=True))
    )
    view = match.state.public_view().to_json()  # public information only, as a host sends it
    client.seat.handle(
        p.encode(p.ViewMsg(seat=-1, state=view, events=[], moves=0, connected=[0, 1], turn=0, names=["Ana", "Bo"]))
    )
    app = make_app()
    table = app.routes.remote_table(client)
    assert table.viewer is None and table.match.humans == []
    assert not any(b.label in ("Hint", "Undo") for b in table.buttons)
    assert not table.viewer_acts()
    hands = {str(c) for s in (0, 1) for c in match.state.hand(s)}
    assert not any(str(place.card) in hands for place in table.places() if place.card is not None)
    assert backs_drawn(table) == [match.state.hand_size(s) for s in (0, 1)], "every hand's backs, its own count"
    assert table.mode.drive(0.0) is True  # nobody at this window acts
    step(app)


def test_the_hint_is_worked_out_at_this_window_from_its_own_view(net, monkeypatch):
    from game.ai import advice

    table_net = net("sticheln", [True, False, False], seed=7)
    client = table_net.client("Ana")
    app = make_app()
    table = app.routes.remote_table(client)
    assert settle(app, lambda: table.viewer_acts() and not table.stage.busy)
    asked: list = []

    def hint(view):  # the coach's evaluation, as a local table's hint asks it
        asked.append((view.viewer, threading.current_thread() is threading.main_thread()))
        return advice.Advice(view.legal_moves()[0], None)

    monkeypatch.setattr(advice, "advise", hint)
    table.turns.ask_hint()
    assert settle(app, lambda: table.turns.hint is not None, limit=500)
    assert asked == [(0, False)]  # our own view, off the main thread
    assert table.message.text.startswith("Hint:")


def backs_drawn(table) -> list[int]:
    """How many face-down cards the table draws for each seat's hand."""
    counts = [0] * table.num_players
    for place in table.places():
        if isinstance(place.key, tuple) and len(place.key) == 3 and place.key[0] == "back":
            assert place.card is None
            counts[place.key[1]] += 1
    return counts


SPECTATED = [
    "sticheln",
    "avalanche",
    "grinch",
]


@pytest.mark.parametrize("game_id", fast_lane(SPECTATED, "avalanche"))
def test_a_spectator_watches_a_whole_game_over_the_wire_with_every_hand_hidden(net, game_id):
    table_net = net(game_id, [True, True, False], seed=8)
    # the watcher comes first: once both bots sit, the game runs without a pause, and a watcher
    # who came after them could find it over before their first view (nothing to watch)
    watcher = table_net.client("Eve", watch=True)
    assert watcher.seat.watching and watcher.seat.moves == 0
    table_net.bot("Ana", seed=1)
    table_net.bot("Bo", seed=2)
    table_net.wait_seated(2)
    app = make_app()
    table = app.routes.remote_table(watcher)
    assert table.viewer is None and table.match.humans == []
    drawn: dict[int, list[int]] = {}  # a position the table showed still -> the backs it drew for each seat
    for _ in range(40_000):
        if isinstance(app.stack.top, ResultsScene):
            break
        if app.stack.top is not table:
            app.stack.pop()
            continue
        hands = [table.view.hand(s) for s in range(table.num_players)]
        assert all(c is None for hand in hands for c in hand), "a spectator sees no card in any hand"
        if table.stage.picture is None and table.match.position not in drawn:
            drawn[table.match.position] = backs_drawn(table)
        step(app)
        time.sleep(0.0005)
    assert isinstance(app.stack.top, ResultsScene), "the watcher's table reached the end"
    assert table_net.session.over and table.match.position == len(table_net.session.match.moves)
    assert table.chronicle.entries
    host = table_net.session.match  # every hand's backs, as many as the full state holds (the bottom seat's too)
    full = [host.module.new_game(len(host.seats), host.seed, start=host.start, **host.options)]
    for _seat, move in host.moves:
        full.append(full[-1].apply(move))
    assert len(drawn) > 10 and any(counts[0] for counts in drawn.values())
    for position, counts in drawn.items():
        assert counts == [full[position].hand_size(s) for s in range(len(counts))], position


def test_a_lobby_says_it_waits_for_the_host_shows_no_card_and_the_start_opens_the_table():
    """Before the host starts, a friend waits in their own lobby (no table, no
    card: the lobby's views are the public view); Start opens the table."""
    from game.app.scenes.guest_lobby import GuestLobbyScene

    session, host, _states = make_table("sticheln", [True, True, False], 4, lobby=True)
    server = HostServer(host, host=LOOPBACK).start()
    try:
        client = Client(server.url, "Ana").start()
        assert client.wait(lambda s: s.view is not None, 10.0)
        assert client.seat.view.to_json().get("public") is True  # no hand of anyone's
        app = make_app()
        lobby = app.routes.guest_lobby(client)
        step(app)
        assert isinstance(app.stack.top, GuestLobbyScene)
        assert any("I'm ready" in line for line, _c in lobby.lines())
        assert lobby.status(1) == ("Open seat", lobby.status(1)[1])
        lobby.toggle_ready()
        assert settle(app, lambda: lobby.ready_button.label == "Not ready after all")
        assert host.ready == {0}
        assert len(session.match.moves) == 0
        server.call(lambda: host.start("random"))
        assert settle(app, lambda: isinstance(app.stack.top, TableScene))
        table = app.stack.top
        assert table.viewer == 0 and table.match.state.to_json().get("viewer") == 0
        assert "host to start" not in " ".join(table.status_line.shown()[1])
        client.close()
    finally:
        server.stop()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_chat_button_has_one_place_and_its_panel_covers_neither_line(net, game_id, size):
    """The Chat button is in the table's row of buttons, just left of Menu, in every
    game (it used to move to a corner in Avalanche); the open chat lies under that
    row, never over the status line or the turn line, and stays open while the table
    is played, until it is closed."""
    table_net = net(game_id, [True, True, False], seed=3)
    client = table_net.client("Ana")
    app = make_app(size)
    table = app.routes.remote_table(client)
    settle(app, lambda: not table.stage.busy, limit=300)
    step(app)
    mode = table.mode
    assert isinstance(mode, NetworkMode)
    ui = app.ui
    button = mode.chat.button.rect
    menu = next(b.rect for b in table.buttons if b.label == "Menu")
    assert mode.chat.button in table.buttons
    assert (button.top, button.right) == (menu.top, menu.left - ui(8))  # one place: beside Menu, in every game
    taken = [*table.label_rects(), *(s.panel for s in table.spots), table.status_line.box()]
    taken += [b.rect for b in table.buttons if b is not mode.chat.button]
    assert pygame.Rect((0, 0), size).contains(button)
    assert not any(button.colliderect(r) for r in taken), (button, [r for r in taken if button.colliderect(r)])
    click_in_two_frames(app, button.center)
    assert mode.chat.open and mode.chat.typing
    step(app)
    panel = mode.chat.panel
    assert pygame.Rect((0, 0), size).contains(panel)
    assert not panel.colliderect(table.status_line.shown()[0])
    assert panel.bottom <= table.log.line_rect().top - ui(20)  # the turn line (even on two lines) stays clear
    click_in_two_frames(app, (size[0] // 2, size[1] // 2))  # the table is played: the chat stays open, the keys go back
    assert mode.chat.open and not mode.chat.typing and not table.keeps_key(key_event(pygame.K_RIGHT))
    type_key(app, pygame.K_t, "t", dt=FRAME)  # T types in the open chat again
    assert mode.chat.typing
    click_in_two_frames(app, button.center)  # the Chat button closes it
    assert not mode.chat.open


@pytest.mark.parametrize("game_id", GAMES)
def test_a_spectator_reads_every_seats_count_as_the_seats_do(game_id):
    """The spectator's state is the rules' public view, rebuilt by the rules:
    nobody's seat is borrowed, and every seat's cards are counted."""
    from game import ai, rules
    from game.net.client import state_from_json

    module = rules.get(game_id)
    state = module.new_game(3, 8)
    agent = ai.make_agent("random", 1)
    for _ in range(30):
        if state.is_over:
            break
        public = state_from_json(module, state.public_view().to_json())
        assert [public.hand_size(s) for s in range(3)] == [state.hand_size(s) for s in range(3)]
        assert all(c is None for s in range(3) for c in public.hand(s)), "no card of any hand"
        state = state.apply(agent.choose(state.view(state.current_player)))
