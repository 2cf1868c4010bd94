"""The lobby: no cards before the start, ready marks, the host moving and freeing seats."""

from __future__ import annotations

import json

import pytest
from netkit import GAMES, _strings, make_table

from game.net import lobby
from game.net import protocol as p
from game.net.authority import WATCHING
from game.net.client import ClientSeat


class Windows:
    """Friends' ClientSeats by line, each handed every byte the table sends it (kept, too)."""

    def __init__(self, table):
        self.table = table
        self.seats: dict[str, ClientSeat] = {}
        self.sent: dict[str, list[bytes]] = {}

    def deliver(self, outs):
        for conn, data in outs:
            if data is not None and conn in self.seats:
                self.sent[conn].append(data)
                self.seats[conn].handle(data)
        return outs

    def join(self, conn, name, watch=False, token=None):
        self.seats[conn] = ClientSeat(name, token, code=self.table.code, watch=watch)
        self.sent.setdefault(conn, [])
        self.deliver(self.table.receive(conn, self.seats[conn].hello()))
        return self.seats[conn]

    def send(self, conn, data):
        return self.deliver(self.table.receive(conn, data))

    def last(self, conn, kind=p.ViewMsg):
        return [m for m in (p.decode(d) for d in self.sent[conn]) if isinstance(m, kind)][-1]


def _lobby(game_id="sticheln", seats=4, seed=5):
    _, table, _ = make_table(game_id, [True] * seats, seed=seed, lobby=True)
    return table, Windows(table)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_friend_who_joins_before_the_start_is_sent_no_card_until_the_host_starts(game_id):
    table, w = _lobby(game_id, 3, seed=11)
    w.join("a", "Ana")
    w.join("b", "Bo")
    w.send("a", w.seats["a"].say("hello"))
    w.send("b", w.seats["b"].mark_ready())
    state = table.session.match.state
    hands = {str(c) for s in range(state.num_players) for c in state.hand(s)}
    public = {x for x in _strings(state.public_view().to_json())}
    assert hands and sum(len(v) for v in w.sent.values()) >= 6
    for raw in [d for v in w.sent.values() for d in v]:
        message = p.decode(raw)
        found = {x for x in _strings(json.loads(raw))} & hands
        assert not found - public, (type(message).__name__, found)  # not one card of any hand
        if isinstance(message, p.ViewMsg):
            assert not message.started and message.events == [] and message.state.get("public") is True
    w.deliver(table.start("random"))
    first = w.last("a")
    assert first.started and first.state.get("viewer") == 0  # now Ana's own hand comes
    assert {str(c) for c in state.hand(0)} <= {x for x in _strings(first.state)}


def test_ready_marks_are_seen_by_everyone_counted_and_refused_where_they_do_not_fit():
    table, w = _lobby()
    w.join("a", "Ana")
    w.join("b", "Bo")
    w.join("w", "Wu", watch=True)
    w.send("a", w.seats["a"].mark_ready())
    assert table.ready == {0} and lobby.ready_count(table) == (1, 2)
    assert w.seats["b"].ready == [0] and w.last("w").ready == [0]  # everyone sees the mark
    assert table.snapshot().ready == [0]
    assert w.send("a", w.seats["a"].mark_ready()) == []  # the same mark again: nothing sent on
    refused = w.send("w", p.encode(p.Ready(token=w.seats["w"].token)))
    assert p.decode(refused[0][1]).code == "watching"
    forged = w.send("b", p.encode(p.Ready(token=w.seats["a"].token)))  # Ana's key on Bo's line
    assert p.decode(forged[0][1]).code == "bad_token" and table.ready == {0}
    w.send("a", w.seats["a"].mark_ready(False))
    assert table.ready == set() and w.seats["b"].ready == []
    w.send("b", w.seats["b"].mark_ready())
    table.disconnect("b")  # a friend whose line is down is not ready
    assert table.ready == set()
    w.deliver(table.start("random"))
    late = w.send("a", w.seats["a"].mark_ready())
    assert p.decode(late[0][1]).code == "started"


def test_the_host_moves_a_friend_to_an_open_seat_and_swaps_two_friends():
    table, w = _lobby()
    table.reserve(0, "Host")
    table.kept = [0]
    ana, bo = w.join("a", "Ana"), w.join("b", "Bo")
    assert (ana.seat, bo.seat) == (1, 2)
    w.send("a", ana.mark_ready())
    w.deliver(lobby.move_seat(table, 1, 3))
    welcome = w.last("a", p.Welcome)
    assert welcome.moved == "moved" and welcome.seat == 3 and ana.seat == 3 and ana.moved == "moved"
    assert table.names[3] == "Ana" and table.ready == {3} and 1 in table.open_seats
    assert ana.names[1] != "Ana"  # seat 1 is open again, under its own default name
    outs = w.send("a", ana.say("moved!"))
    assert all(p.decode(d).seat == 3 for _c, d in outs)  # she speaks from her new seat, with her key
    w.deliver(lobby.move_seat(table, 3, 2))  # onto Bo's seat: they change places
    assert (ana.seat, bo.seat) == (2, 3) and table.names[2:4] == ["Ana", "Bo"] and table.ready == {2}
    for bad in ((0, 1), (2, 0), (1, 3), (2, 2), (2, 9)):  # the host's own seat, an open seat, nowhere
        with pytest.raises(ValueError):
            lobby.move_seat(table, *bad)
    w.deliver(table.start("random"))
    assert sorted(table.session.agents) == [1] and table.names[2] == "Ana"


def test_a_freed_friend_watches_is_told_why_and_the_old_key_opens_nothing():
    table, w = _lobby()
    ana, bo = w.join("a", "Ana"), w.join("b", "Bo")
    old_key = bo.token
    w.send("b", bo.mark_ready())
    w.deliver(lobby.free_seat(table, 1))
    welcome = w.last("b", p.Welcome)
    assert welcome.watching and welcome.moved == "freed" and bo.watching and bo.seat == WATCHING
    assert 1 in table.open_seats and table.ready == set() and table.snapshot().watcher_names == ["Bo"]
    assert w.last("b").seat == WATCHING  # a spectator's public view from now on
    moved = p.decode(w.send("b", p.encode(p.MoveMsg(token=bo.token, move="x", at=0)))[0][1])
    assert moved.code == "watching"
    again = p.Hello(version="1", protocol=p.PROTOCOL, name="Bo", token=old_key, code=table.code)
    assert p.decode(table.receive("b2", p.encode(again))[0][1]).code == "bad_token"
    cy = w.join("c", "Cy")
    assert cy.seat == 1  # the freed seat is the next friend's
    with pytest.raises(ValueError):
        lobby.free_seat(table, 3)  # nobody there
    assert ana.seat == 0


def test_a_freed_friend_at_a_table_full_of_watchers_is_told_in_a_bye():
    _, table, _ = make_table("grinch", [True, True, True], seed=2, lobby=True, max_watchers=0)
    w = Windows(table)
    bo = w.join("b", "Bo")
    outs = w.deliver(lobby.free_seat(table, 0))
    assert bo.closed == "seat_freed" and ("b", None) in outs and table.open_seats == [0, 1, 2]


def test_lobby_messages_are_checked_by_the_schema_and_held_to_the_rate():
    now = [0.0]
    _, table, _ = make_table("grinch", [True, True], seed=1, lobby=True, rate=1.0, burst=3.0, clock=lambda: now[0])
    w = Windows(table)
    ana = w.join("a", "Ana")
    bad = p.decode(table.receive("a", b'{"kind":"ready","token":"x","ready":"yes"}')[0][1])
    assert bad.code == "malformed"
    long = p.decode(table.receive("a", p.encode(p.Again(token="k" * 65)))[0][1])
    assert long.code == "malformed"  # a key over the schema's limit
    flood = [w.send("a", ana.mark_ready(i % 2 == 0)) for i in range(6)]
    refused = [p.decode(d).code for outs in flood for c, d in outs if c == "a" and isinstance(p.decode(d), p.Refused)]
    assert refused == ["too_fast"]  # told once, not once a message
    assert table.ready in (set(), {0})


def test_a_friend_who_leaves_the_lobby_gives_the_seat_back_to_the_next_friend():
    table, w = _lobby("grinch", 3, seed=3)
    ana = w.join("a", "Ana")
    w.send("a", ana.mark_ready())
    w.send("a", ana.bye())
    assert 0 in table.open_seats and table.ready == set() and table.names[0] != "Ana"
    assert w.join("b", "Bo").seat == 0
    again = p.Hello(version="1", protocol=p.PROTOCOL, name="Ana", token=ana.token, code=table.code)
    assert p.decode(table.receive("a2", p.encode(again))[0][1]).code == "bad_token"
