"""Watching and sharing one laptop, in the window: a spectator is told it watches
and has no seat of its own; the players see who watches; at a host where people
pass the laptop the hand shown is covered while someone else acts; a window back
after a drop shows the moves it missed in the log and says them.  Every line to
127.0.0.1, every loop bounded."""

from __future__ import annotations

import random
import time
from functools import partial

import pygame
import pytest
from app_driver import frames_until, window
from matrix import fast_lane
from netkit import GAMES, make_table

from game.app.scenes.network import HostSetupScene, LobbyScene
from game.app.scenes.pass_device import PassScene
from game.app.shell.app import App
from game.app.table.base import TableScene
from game.app.table.remote import NetworkMode
from game.net.carrier import HostServer
from game.net.client import Client


def _app(size=(1280, 720), names=None) -> App:
    return window(*(names or ["Joon"]), size=size, muted=True)


_frames = partial(frames_until, limit=600, breath=0.003)


def _play_on_host(server, table, moves: int, rng: random.Random) -> None:
    """`moves` moves of whoever is to act, played on the host's worker (as a computer would)."""

    def job():
        for _ in range(moves):
            session = table.session
            if session.over:
                break
            seat = session.current
            session.offer(seat, rng.choice(session.view(seat).legal_moves()))
        return table.take_outbox()

    server.call(job)


@pytest.fixture
def served():
    made = []

    def make(game_id="sticheln", humans=(True, True, False), seed=8):
        session, host, _ = make_table(game_id, list(humans), seed=seed)
        server = HostServer(host, host="127.0.0.1").start()
        made.append(server)
        return session, host, server

    yield make
    for server in made:
        server.stop()


def _client(url, name, **kwargs) -> Client:
    client = Client(url, name, **kwargs).start()
    assert client.wait(lambda s: s.view is not None, 10)
    return client


@pytest.mark.parametrize("game_id", GAMES)
def test_a_spectator_is_told_it_watches_and_no_seat_is_its_own(served, game_id):
    session, host, server = served(game_id)
    ana, ben = _client(server.url, "Ana"), _client(server.url, "Ben")
    eve = _client(server.url, "Eve", watch=True)
    app = _app()
    table = app.routes.remote_table(eve)
    mode = table.mode
    assert isinstance(mode, NetworkMode)
    _frames(app, lambda: not table.stage.busy)
    app.step(1 / 30, events=[], flip=False)
    assert table.status_line.shown()[1][0].startswith("Watching · ")
    assert mode.watch_mark.text(True, mode.session.shown.watchers, "Eve") == "Watching"
    mark = mode.watch_mark.rect
    assert mark.w and pygame.Rect((0, 0), app.size).contains(mark)
    taken = [*(s.panel for s in table.spots), *(b.rect for b in table.buttons), table.status_line.box()]
    assert not any(mark.colliderect(r) for r in taken), "the mark covers no seat, button or the status line"
    for seat in range(table.num_players):  # nobody is "you" here, the bottom seat neither
        assert not table.you(seat) and table.panels.tag(seat) != "you"
    assert not table.turn_text().startswith("Your")
    ana.close(timeout=1), ben.close(timeout=1), eve.close(timeout=1)


def test_the_players_see_who_watches_and_see_them_go(served):
    session, host, server = served("grinch", (True, True))
    ana, ben = _client(server.url, "Ana"), _client(server.url, "Ben")
    app = _app()
    table = app.routes.remote_table(ana)
    mode = table.mode
    eve = _client(server.url, "Eve", watch=True)
    mina = _client(server.url, "", watch=True)  # no name: said in this window's words
    assert _frames(app, lambda: len(mode.session.shown.watchers) == 2)
    app.step(1 / 30, events=[], flip=False)
    assert mode.watch_mark.text(False, mode.session.shown.watchers, None) == "Watching: Eve, Someone watching"
    mark = mode.watch_mark.rect
    assert mark.w and pygame.Rect((0, 0), app.size).contains(mark)
    taken = [*(s.panel for s in table.spots), *(b.rect for b in table.buttons), table.status_line.box()]
    assert not any(mark.colliderect(r) for r in taken)
    eve.leave(timeout=1)
    mina.close(timeout=1)
    assert _frames(app, lambda: mode.session.shown.watchers == [])
    app.step(1 / 30, events=[], flip=False)
    assert mode.watch_mark.rect.w == 0, "nobody watches: no line"
    ana.close(timeout=1), ben.close(timeout=1)


def test_a_window_back_after_a_drop_shows_the_missed_moves_in_the_log_and_says_them(served):
    session, host, server = served("sticheln", (True, True, False), seed=8)
    ana = _client(server.url, "Ana", retry=True)
    ben = _client(server.url, "Ben")
    app = _app()
    table = app.routes.remote_table(ana)
    assert _frames(app, lambda: not table.stage.busy and table.match.position == len(session.match.moves))
    ben.say("hi Ana")
    assert _frames(app, lambda: len(table.mode.chat.lines) == 1)
    seen = table.match.position
    real, ana.url = ana.url, "ws://127.0.0.1:9"  # the line breaks and dialling fails a while
    ana.retry_for = 30.0
    ana.drop()
    assert _frames(app, lambda: not ana.online)
    _play_on_host(server, host, 5, random.Random(2))
    ben.say("Ana, your turn soon")
    time.sleep(0.05)
    ana.url = real
    now = lambda: len(session.match.moves)  # noqa: E731
    assert _frames(app, lambda: table.match.position == now() and ana.seat.welcomes == 2, limit=900)
    positions = [e.position for e in table.chronicle.entries]
    assert list(range(seen + 1, now() + 1)) == [p for p in positions if p > seen], "every missed move, once"
    assert table.message.text.startswith("While you were away: ")
    assert [line for _at, line in table.mode.chat.lines] == ["Ben: hi Ana", "Ben: Ana, your turn soon"]
    ana.close(timeout=1), ben.close(timeout=1)


def test_a_rejoin_from_the_title_fills_the_log_with_the_moves_since_its_last_view(served):
    session, host, server = served("avalanche", (True, True), seed=3)
    ana = _client(server.url, "Ana")
    ben = _client(server.url, "Ben")
    token = ana.seat.token
    assert ana.wait(lambda s: s.moves == len(session.match.moves), 5)
    ana.close(timeout=1)  # the window closed: the host knows the last view it sent
    assert ben.wait(lambda s: 0 not in s.connected, 5)  # the host has seen the line go
    _play_on_host(server, host, 4, random.Random(5))
    for _ in range(200):
        if len(session.match.moves) >= 4:
            break
        time.sleep(0.01)
    again = Client(server.url, "Ana", token=token).start()
    assert again.wait(lambda s: s.view is not None and s.moves == len(session.match.moves), 10)
    app = _app()
    table = app.routes.remote_table(again)
    assert [e.position for e in table.chronicle.entries] == list(range(1, len(session.match.moves) + 1))
    assert table.message.text.startswith("While you were away: ")
    again.close(timeout=1), ben.close(timeout=1)


def _host_here(app: App, game_id: str) -> LobbyScene:
    setup = app.routes.host_setup()
    assert isinstance(setup, HostSetupScene)
    setup.set_game(game_id)
    while len(setup.kinds) > 3:
        setup.fewer_seats()
    while len(setup.kinds) < 3:
        setup.more_seats()
    setup.kinds = ["you", "here", "open"]
    setup.prefs.port = 0
    setup.open_table()
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    return lobby


@pytest.mark.slow  # a host with its window, a lobby and a game: 2-5 s on a shared machine
def test_at_a_shared_laptop_the_hand_is_covered_while_a_friend_elsewhere_plays():
    app = _app(names=["Joon", "Ana"])
    lobby = _host_here(app, "avalanche")
    hosting = lobby.hosting
    mina = Client(hosting.url, "Mina", code=hosting.table.code).start()
    try:
        assert mina.wait(lambda s: s.seat == 2, 10)
        assert _frames(app, lambda: lobby.snap is not None and 2 in lobby.snap.connected)
        lobby.start()
        assert _frames(app, lambda: isinstance(app.stack.top, PassScene))
        table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
        mode = table.mode
        assert isinstance(mode, NetworkMode) and mode.shares_laptop()
        rng = random.Random(3)
        covered = 0
        peeked = -1  # the position at which the cover was last lifted
        for _ in range(4000):
            top = app.stack.top
            if isinstance(top, PassScene):
                top.ready()
                continue
            if top is not table:
                app.stack.pop()
                continue
            still = not table.stage.busy and not mode.client.seat.inbox and not mode.session.in_flight
            if still and table.match.current == 2:  # Mina thinks on her own laptop
                if peeked != table.match.position:
                    table.draw(app.screen)
                    assert mode.cover.covers(table, True), "the hand shown is covered"
                    hand = table.view.hand(table.viewer)  # Avalanche's hand: its places keyed ("hand", card, i)
                    places = [pl for pl in table.places() if isinstance(pl.key, tuple) and pl.key[0] == "hand"]
                    assert len(places) == len(hand)
                    outside = [(pl.key, pl.pos) for pl in places if not mode.cover.rect.collidepoint(pl.pos)]
                    assert places and not outside, (mode.cover.rect, outside)
                    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=places[0].pos, button=1)
                    assert mode.handle(click), "a click on the cover is the cover's"
                    mode.cover.button.action()  # Show my cards: lifted until the next move
                    assert not mode.cover.covers(table, True)
                    peeked = table.match.position
                    covered += 1
                    if covered == 2:
                        break
                if mina.seat.my_turn and not mina.move_in_flight and mina.seat.moves == table.match.position:
                    mina.send_move(rng.choice(mina.seat.view.legal_moves()), mina.seat.moves)
                app.step(1 / 30, events=[], flip=False)
                time.sleep(0.002)
                continue
            if still and table.viewer_acts():
                assert not mode.cover.covers(table, True), "never covered for the person to act"
                assert table.input.try_move(rng.choice(table.view.legal_moves()))
                continue
            app.step(1 / 30, events=[], flip=False)
            time.sleep(0.002)
        assert covered == 2
    finally:
        mina.close(timeout=1)
        for client in lobby.clients.values():
            client.close(timeout=1)
        hosting.close()


def test_the_cover_is_up_while_another_acts_and_show_my_cards_lifts_it_until_the_next_move():
    from types import SimpleNamespace

    from game.app.table.company import HandCover

    match = SimpleNamespace(position=7, current=2)
    table = SimpleNamespace(viewer=0, match=match)
    cover = HandCover()
    assert cover.covers(table, True) and not cover.covers(table, False)  # one person here: never
    cover.button.action()
    assert not cover.covers(table, True)  # lifted for this position
    match.position, match.current = 8, 1
    assert cover.covers(table, True)  # the next move: covered again
    match.current = 0
    assert not cover.covers(table, True)  # the person shown acts
    match.position, match.current = 9, 2
    assert cover.covers(table, True)  # (the lift was for one position only)
    match.current = None
    assert not cover.covers(table, True)  # nobody acts once it is over
    table.viewer = None
    match.current = 1
    assert not cover.covers(table, True)  # a spectator has no hand to cover


def test_a_laptop_with_one_person_never_covers_the_hand(served):
    session, host, server = served("grinch", (True, True))
    ana, ben = _client(server.url, "Ana"), _client(server.url, "Ben")
    app = _app()
    table = app.routes.remote_table(ana)
    assert not table.mode.shares_laptop()
    assert not table.mode.cover.covers(table, table.mode.shares_laptop())
    ana.close(timeout=1), ben.close(timeout=1)


MARK_CASES = [
    (watching, game_id, players, size)
    for watching in (False, True)
    for game_id in GAMES
    for players in (3, 6)
    for size in ((1024, 600), (1280, 720))
]


@pytest.mark.parametrize(
    ("watching", "game_id", "players", "size"),
    fast_lane(MARK_CASES, (False, "avalanche", 6, (1024, 600)), (True, "grinch", 3, (1024, 600))),
)
def test_the_watch_mark_covers_no_seat_button_words_or_status(watching, game_id, players, size):
    """Fed by hand (no line): a player's or a spectator's table, the most watchers with long names."""
    from game.match.match import Match, Seat
    from game.net import protocol as p

    match = Match(game_id, [Seat(f"Player {i}", True) for i in range(players)], seed=3)
    names = [s.name for s in match.seats]
    watchers = [f"Watcher with a long name {i}" for i in range(16)]
    client = Client("ws://127.0.0.1:9", "Watcher with a long name 0", watch=watching)
    seat = -1 if watching else 0
    client.seat.handle(
        p.encode(p.Welcome(seat=seat, token="t", code="ABC", game=game_id, names=names, watching=watching))
    )
    state = match.state.public_view() if watching else match.state.view(0)
    view = p.ViewMsg(
        seat=seat,
        state=state.to_json(),
        events=[],
        moves=0,
        connected=list(range(players)),
        turn=0,
        names=names,
        watchers=watchers,
    )
    client.seat.handle(p.encode(view))
    app = _app(size)
    table = app.routes.remote_table(client)
    for _ in range(3):
        app.step(1 / 30, events=[], flip=False)
    table.finish_animations()
    app.step(1 / 30, events=[], flip=False)
    mode = table.mode
    mark = mode.watch_mark.rect
    assert mark.w and pygame.Rect((0, 0), size).contains(mark)
    taken = [
        *(s.panel for s in table.spots),
        *(b.rect for b in table.buttons if b.rect.w),
        table.status_line.box(),
        *table.label_rects(),
        mode.chat.button.rect,
    ]
    hit = [r for r in taken if mark.colliderect(r)]
    assert not hit, (mark, hit)
