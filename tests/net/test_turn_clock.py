"""The turn clock: the host's own (its `clock`, injected here: no test sleeps).  When the
person to act runs out of time, the table's computer plays that one move for them through
the rules' gate, every line is told, and the next person's clock starts; the time left
travels in the view as seconds (never a time of day), and a client counts down from arrival."""

from __future__ import annotations

import pytest
from netkit import GAMES, Clock, Recorder, make_table
from netkit import deliver as _deliver
from netkit import join as _join

from game.net import protocol as p
from game.net.client import ClientSeat


def _views(outs, conn):
    return [m for c, d in outs if c == conn and d is not None and isinstance(m := p.decode(d), p.ViewMsg)]


@pytest.mark.parametrize("game_id", GAMES)
def test_when_the_time_runs_out_the_computer_plays_that_one_move_and_everyone_is_told(game_id):
    clock = Clock()
    session, table, states = make_table(game_id, [True, True, True], seed=5, clock=clock, turn_time=30)
    seats: dict[str, ClientSeat] = {}
    for conn, name in (("a", "Ana"), ("b", "Bo"), ("c", "Cy")):
        _join(table, conn, name, seats)
    first = session.current
    assert first is not None
    assert seats["a"].turn_time == 30 and seats["a"].turn_ends is not None
    assert table.turn_left() == 30.0
    clock.now += 29.5
    assert table.tick() == [] and len(session.match.moves) == 0  # not yet
    assert table.next_due() == pytest.approx(0.5)
    clock.now += 0.5
    outs = table.tick()
    assert len(session.match.moves) == 1 and session.match.moves[0][0] == first
    for conn in ("a", "b", "c"):
        view = _views(outs, conn)[-1]
        assert view.timed_out == first and view.moves == 1  # each line is told whose move the computer made
    # the next person's clock starts afresh, with the whole time
    assert session.current != first or session.over
    assert table.turn_left() == 30.0
    assert table.snapshot().timed_out == (1, first)
    # the move after it (a person's own) no longer says so
    _deliver(outs, seats)
    conn = next(c for c, s in seats.items() if s.seat == session.current)
    move = states[-1].legal_moves()[0]
    after = table.receive(conn, seats[conn].move(move))
    assert all(v.timed_out is None for v in _views(after, conn))
    assert 0 not in session.agents and 1 not in session.agents and 2 not in session.agents  # no computer stays


def test_the_time_left_travels_as_seconds_and_a_client_counts_down_from_arrival():
    clock = Clock()
    session, table, _ = make_table("sticheln", [True, True, True], seed=2, clock=clock, turn_time=60)
    seats: dict[str, ClientSeat] = {}
    _join(table, "a", "Ana", seats)
    _join(table, "b", "Bo", seats)
    clock.now += 37  # time passes at the host before Cy joins: Cy's view says what is left
    here = [500.0]
    cy = ClientSeat("Cy")
    cy.clock = lambda: here[0]  # this laptop's clock has nothing to do with the host's
    seats["c"] = cy
    hello = p.Hello(version="1.0", protocol=p.PROTOCOL, name="Cy", code=table.code)
    outs = table.receive("c", p.encode(hello))
    view = _views(outs, "c")[-1]
    assert view.turn_left == 23.0 and view.turn_time == 60
    _deliver(outs, seats)
    assert cy.turn_ends == (0, 523.0)


def test_no_clock_runs_for_a_computer_in_a_lobby_or_when_it_is_off():
    clock = Clock()
    session, table, _ = make_table("sticheln", [True, False, False], seed=3, clock=clock, turn_time=30, lobby=True)
    seats: dict[str, ClientSeat] = {}
    _join(table, "a", "Ana", seats)
    assert table.turn_left() is None  # a lobby: nobody acts
    clock.now += 1000
    assert table.tick() == []
    table.start()
    if session.current == 0:
        assert table.turn_left() == 30.0
    _session, off, _ = make_table("sticheln", [True, True, True], seed=3, clock=clock)
    assert off.turn_left() is None and not off.ticks and off.next_due() is None
    view = p.decode(off.view_bytes(0))
    assert isinstance(view, p.ViewMsg) and view.turn_left is None and view.turn_time is None


def test_a_move_in_time_resets_the_clock_for_the_next_person():
    clock = Clock()
    session, table, states = make_table("avalanche", [True, True, True], seed=8, clock=clock, turn_time=30)
    seats: dict[str, ClientSeat] = {}
    for conn, name in (("a", "Ana"), ("b", "Bo"), ("c", "Cy")):
        _join(table, conn, name, seats)
    clock.now += 25
    conn = next(c for c, s in seats.items() if s.seat == session.current)
    _deliver(table.receive(conn, seats[conn].move(states[-1].legal_moves()[0])), seats)
    assert table.turn_left() == 30.0
    clock.now += 25
    assert table.tick() == [] and len(session.match.moves) == 1


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_whole_games_played_by_the_clock_alone_send_no_hidden_card(game_id):
    """Nobody ever moves: the clock plays every move of the game, and every seat's
    messages hold only what that seat may see."""
    clock = Clock()
    session, table, states = make_table(game_id, [True, True, True, True][:3], seed=11, clock=clock, turn_time=5)
    seats: dict[str, ClientSeat] = {}
    for conn, name in (("a", "Ana"), ("b", "Bo"), ("c", "Cy")):
        _join(table, conn, name, seats)
    recorder = Recorder()
    for _ in range(2000):
        if session.over:
            break
        clock.now += 5
        for conn, data in table.tick():
            if data is not None:
                recorder.check(seats[conn].seat, data, states)
    assert session.over
    assert recorder.views > 0 and recorder.hidden_found == 0 and recorder.mismatched == 0


def test_the_carrier_looks_at_the_clock_and_a_headless_table_plays_on_for_a_silent_seat(monkeypatch):
    """Over the wire, no window anywhere: the host's carrier ticks the table's clock (moved
    by hand here), and the seat nobody answers for is played, one timed-out move after another."""
    from game.net import carrier
    from game.net.carrier import HostServer
    from game.net.client import Client

    monkeypatch.setattr(carrier, "TICK", 0.01)
    clock = Clock()
    session, table, _ = make_table("grinch", [True, True, True], seed=6, clock=clock, turn_time=20)
    server = HostServer(table, host="127.0.0.1").start()
    lines = [Client(server.url, name, code=table.code).start() for name in ("Ana", "Bo", "Cy")]
    try:
        assert all(c.wait(lambda s: s.view is not None and s.turn_ends is not None) for c in lines)
        clock.now += 20  # nobody moves: the clock plays for whoever is to act
        assert lines[0].wait(lambda s: s.moves >= 1, 5.0)
        first = server.ask(lambda: session.match.moves[0][0])
        assert lines[1].wait(lambda s: s.moves >= 1 and s.turn_ends is not None, 5.0)
        assert any(m.timed_out == first for m in lines[1].seat.inbox)
    finally:
        for c in lines:
            c.close()
        server.stop()


def test_several_tables_behind_one_door_each_keep_their_own_clock():
    from game.net.door import TableSet

    clock = Clock()
    _s1, timed, _ = make_table("grinch", [True, True], seed=1, clock=clock, turn_time=10)
    _s2, untimed, _ = make_table("grinch", [True, True], seed=1, clock=clock)
    door = TableSet([timed, untimed])
    assert door.ticks
    seats: dict[str, ClientSeat] = {}
    for conn, table in (("a", timed), ("b", timed), ("c", untimed), ("d", untimed)):
        seat = ClientSeat(conn)
        seats[conn] = seat
        hello = p.Hello(version="1.0", protocol=p.PROTOCOL, name=conn, code=table.code)
        _deliver(door.receive(conn, p.encode(hello)), seats)
    clock.now += 10
    outs = door.tick()
    assert len(timed.session.match.moves) == 1 and len(untimed.session.match.moves) == 0
    assert {conn for conn, _data in outs} <= {"a", "b"}  # only the timed table's lines hear of it
    assert not TableSet([untimed]).ticks


def test_a_view_never_tells_an_absence_beyond_what_the_protocol_reads():
    clock = Clock()
    session, table, _ = make_table("grinch", [True, True], seed=1, clock=clock, away_after=None)
    seats: dict[str, ClientSeat] = {}
    _join(table, "a", "Ana", seats)
    _join(table, "b", "Bo", seats)
    table.disconnect("b")
    clock.now += 1e9  # a table left open for decades
    view = p.decode(table.view_bytes(0))
    assert isinstance(view, p.ViewMsg) and view.away_for == {1: 10_000_000.0}


def test_after_a_move_that_ends_a_round_the_next_person_gets_time_to_read_the_scores():
    """The clock alone plays a Grinch game on: the first turn of each new round has the
    grace on top (every window shows the round's scores first); other turns have none."""
    from game.net.authority import ROUND_GRACE, ROUND_KINDS

    clock = Clock()
    session, table, _ = make_table("grinch", [True, True, True], seed=3, clock=clock, turn_time=10)
    seats: dict[str, ClientSeat] = {}
    for conn, name in (("a", "Ana"), ("b", "Bo"), ("c", "Cy")):
        _join(table, conn, name, seats)
    graced = plain = 0
    for _ in range(400):
        if session.over:
            break
        left = table.turn_left()
        new_round = bool(session.match.moves) and any(e.kind in ROUND_KINDS for e in session.match.state.events)
        assert left == (10 + ROUND_GRACE if new_round else 10)
        graced, plain = graced + new_round, plain + (not new_round)
        clock.now += left
        table.tick()
    assert graced >= 1 and plain > graced
