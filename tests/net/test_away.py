"""Away seats: a person whose line has been down `away_after` seconds is played by a
computer until they are back (at every host: the table does it on its own clock, injected
here), and takes the seat back on rejoining; every line hears who is away and for how long."""

from __future__ import annotations

import pytest
from netkit import Clock, make_table
from netkit import deliver as _deliver
from netkit import join as _join

from game.net.client import ClientSeat


def _table(clock, **kwargs):
    session, table, states = make_table("sticheln", [True, True, True], seed=4, clock=clock, **kwargs)
    seats: dict[str, ClientSeat] = {}
    for conn, name in (("a", "Ana"), ("b", "Bo"), ("c", "Cy")):
        _join(table, conn, name, seats)
    return session, table, states, seats


def test_a_person_away_long_enough_is_played_by_a_computer_until_they_rejoin():
    clock = Clock(50.0)
    session, table, _, seats = _table(clock, away_after=60)
    bo = seats["b"]
    _deliver(table.disconnect("b"), seats)
    assert seats["a"].away == [1] and 1 in seats["a"].away_since
    clock.now += 59
    assert table.tick() == [] and 1 not in session.agents
    assert table.next_due() == pytest.approx(1.0)
    clock.now += 1
    outs = table.tick()
    assert 1 in session.agents and table.handed == {1: "normal"}
    _deliver(outs, seats)
    ana = seats["a"]
    assert 1 in ana.computers and 1 not in ana.away  # a computer plays for Bo: nobody waits for him
    assert ana.away_since[1] == pytest.approx(ana.clock() - 60, abs=0.2)  # ... and everyone sees he has been away 1:00
    snap = table.snapshot()
    assert snap.stand_ins == [1] and snap.away_for == {1: 60.0}
    # the game goes on without anybody waiting for Bo
    for _ in range(40):
        if session.current != 1:
            break
        _deliver(table.run_computers(), seats)
    # Bo comes back: his seat is his again, and nobody is away any more
    back = _join(table, "b2", "Bo", seats, token=bo.token)
    assert back.seat == 1 and 1 not in session.agents and table.handed == {}
    assert 1 not in back.computers and back.away_since == {}
    assert table.snapshot().away_for == {}


def test_a_line_down_less_than_away_after_keeps_its_seat_waiting():
    clock = Clock(50.0)
    session, table, _, seats = _table(clock, away_after=60)
    table.disconnect("c")
    clock.now += 30
    assert table.tick() == []
    _join(table, "c2", "Cy", seats, token=seats["c"].token)
    clock.now += 100
    assert table.tick() == [] and table.handed == {} and not session.agents


def test_away_after_off_never_hands_a_seat_over_and_a_host_who_gives_it_back_is_respected():
    clock = Clock(50.0)
    session, table, _, seats = _table(clock)
    table.disconnect("b")
    clock.now += 10_000
    assert table.tick() == [] and table.handed == {}
    assert table.away_for() == {1: 10_000.0}  # still said: Bo has been away this long
    # with it on, the host may still give the seat back to waiting: it stays so until Bo is back
    clock2 = Clock(50.0)
    session2, table2, _, seats2 = _table(clock2, away_after=30)
    table2.disconnect("b")
    clock2.now += 30
    table2.tick()
    assert table2.handed == {1: "normal"}
    table2.hand_to_computer(1, None)
    clock2.now += 100
    table2.tick()
    assert table2.handed == {}


def test_a_lobby_hands_nobody_over_and_the_clock_runs_from_the_start():
    clock = Clock(50.0)
    session, table, _ = make_table("sticheln", [True, True, True], seed=4, clock=clock, away_after=20, lobby=True)
    seats: dict[str, ClientSeat] = {}
    for conn, name in (("a", "Ana"), ("b", "Bo")):
        _join(table, conn, name, seats)
    table.disconnect("b")
    clock.now += 100
    assert table.tick() == [] and table.handed == {}
    table.start("random")  # Cy's open seat goes to a computer; Bo has been away long enough
    assert table.tick() != [] and table.handed == {1: "normal"}


def test_a_rejoin_on_a_new_line_while_the_old_one_still_hangs_on_is_no_absence():
    clock = Clock(50.0)
    session, table, _, seats = _table(clock, away_after=5)
    _join(table, "b2", "Bo", seats, token=seats["b"].token)  # the old line is replaced, never down
    clock.now += 100
    assert table.tick() == [] and table.away_for() == {}
