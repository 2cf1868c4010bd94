"""A person's seat freed mid-game (its line died before its welcome arrived, so no
ghost holds it) is nobody's, and the game waits there: every view says it is away
and for how long, the away clock hands it to a computer as any away seat, and the
next friend with the code takes it back from that computer."""

from __future__ import annotations

from netkit import Clock, make_table

from game.net.client import ClientSeat


def _deliver(table, outs, seats):
    for conn, data in outs:
        if data is not None and conn in seats:
            seats[conn].handle(data)


def _join(table, conn, name, seats, token=None):
    seats[conn] = ClientSeat(name, token, code=table.code)
    _deliver(table, table.receive(conn, seats[conn].hello()), seats)
    return seats[conn]


def test_a_seat_freed_mid_game_is_away_then_a_computers_until_a_friend_takes_it():
    clock = Clock(50.0)
    session, table, _ = make_table("grinch", [True, True, True], seed=2, clock=clock, away_after=30, lobby=True)
    table.confirm_seats = True
    seats: dict[str, ClientSeat] = {}
    for conn, name in (("a", "Ana"), ("b", "Bo"), ("c", "Cy")):
        _join(table, conn, name, seats)
    _deliver(table, table.start("random"), seats)
    table.receive("a", seats["a"].ack())
    table.receive("b", seats["b"].ack())
    # Cy's line dies before it shows it has its welcome: the seat is freed, mid-game
    _deliver(table, table.disconnect("c"), seats)
    assert table.open_seats == [2] and 2 not in table.tokens
    ana = seats["a"]
    assert table.away == [2] and ana.away == [2] and 2 in ana.away_since  # the panels say "away 0:00"
    assert 2 not in ana.computers and 2 not in ana.connected
    assert table.snapshot().away == [2]
    clock.now += 29
    assert table.tick() == []
    clock.now += 1
    _deliver(table, table.tick(), seats)
    assert table.handed == {2: "normal"}  # the stand-in's level
    assert 2 in session.agents and 2 in ana.computers and 2 in ana.away_since  # "away 0:30", a computer plays
    assert table.snapshot().stand_ins == [2]
    # a friend with the code takes the seat: theirs now, the computer lets go
    di = _join(table, "d", "Di", seats)
    assert di.seat == 2 and table.handed == {} and 2 not in session.agents
    assert table.away == [] and 2 not in ana.away_since and ana.names[2] == "Di"


def test_in_the_lobby_an_open_seat_is_open_not_away():
    clock = Clock(50.0)
    _, table, _ = make_table("grinch", [True, True], seed=2, clock=clock, away_after=30, lobby=True)
    seats: dict[str, ClientSeat] = {}
    _join(table, "a", "Ana", seats)
    assert table.open_seats == [1] and table.away == [] and seats["a"].away_since == {}
