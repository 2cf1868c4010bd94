"""A seat's move around a broken line, found by the chaos test: only a move
that went on an earlier line is sent again after the rejoin; one sent on the
new line before its welcome came back reaches the host behind the hello and
is answered there, never sent twice (the second copy came back `stale`, and
the window said "The game has moved on" for a move that was taken).  And a
spectator whose line broke watches again on the next one."""

from __future__ import annotations

from netkit import make_table

from game.net.client import ClientSeat


def _deliver(outs, seats):
    for conn, data in outs:
        if data is not None and conn in seats:
            seats[conn].handle(data)


def _join(table, conn):
    seat = ClientSeat("Ana")
    _deliver(table.receive(conn, seat.hello()), {conn: seat})
    return seat


def test_a_move_sent_on_the_new_line_before_its_welcome_is_not_sent_again():
    session, table, _ = make_table("sticheln", [True, True, True], seed=8)
    seats = {c: _join(table, c) for c in ("a", "b", "c")}
    actor = next(c for c, s in seats.items() if s.seat == session.current)
    me = seats[actor]
    at = len(session.match.moves)
    _deliver(table.disconnect(actor), seats)
    line = actor + "2"
    hello = table.receive(line, me.hello())  # the new line's hello reaches the host ...
    moved = table.receive(line, me.move(me.view.legal_moves()[0], at=at))  # ... and the move the window sent behind it
    assert len(session.match.moves) == at + 1  # taken
    seats[line] = me
    _deliver(hello, seats)  # the welcome and the view before the move come back
    assert me.take_again() is None  # the move went on this line: the host has it
    _deliver(moved, seats)
    assert not me.move_in_flight and me.refusals == []
    assert len(session.match.moves) == at + 1


def test_a_move_sent_on_the_old_line_is_still_sent_again_after_the_rejoin():
    session, table, _ = make_table("grinch", [True, True, True], seed=8)
    seats = {c: _join(table, c) for c in ("a", "b", "c")}
    actor = next(c for c, s in seats.items() if s.seat == session.current)
    me = seats[actor]
    at = len(session.match.moves)
    me.move(me.view.legal_moves()[0], at=at)  # lost with the old line
    _deliver(table.disconnect(actor), seats)
    seats[actor + "2"] = me
    _deliver(table.receive(actor + "2", me.hello()), seats)
    again = me.take_again()
    assert again is not None
    _deliver(table.receive(actor + "2", again), seats)
    assert len(session.match.moves) == at + 1 and not me.move_in_flight and me.refusals == []


def test_a_spectator_whose_line_broke_watches_again_on_the_next():
    session, table, _ = make_table("grinch", [True, True], seed=1, require_code=True)
    watcher = ClientSeat("Watcher", watch=True, code=table.code)
    _deliver(table.receive("w1", watcher.hello()), {"w1": watcher})
    assert watcher.watching and watcher.welcomes == 1
    table.disconnect("w1")
    _deliver(table.receive("w2", watcher.hello()), {"w2": watcher})  # was refused bad_token on every retry
    assert watcher.refusals == [] and watcher.welcomes == 2 and watcher.watching
    assert watcher.view == session.match.state.public_view() and list(table.watchers) == ["w2"]


def test_a_client_closed_while_it_dials_hangs_up_instead_of_waiting_on_its_line():
    """close() before the line is open saw no line to close: the line then opened and
    waited for ever, and close() blocked its whole timeout (the window froze 5 s)."""
    from game.net.carrier import HostServer
    from game.net.client import Client

    _, table, _ = make_table("grinch", [True, True, True], seed=3)
    server = HostServer(table, host="127.0.0.1").start()
    try:
        for _ in range(10):  # bounded: the race is close() landing before the dial finishes
            client = Client(server.url, "Ana", code=table.code).start()
            client.close(timeout=10.0)
            assert client._thread is not None and not client._thread.is_alive()
    finally:
        server.stop()


def test_a_move_behind_the_rejoins_hello_does_not_retire_the_key_the_window_still_holds():
    """The move rides on the key the hello showed; only the welcome's new key (an ack, or
    any message with it) shows the welcome arrived.  If the line dies before the welcome,
    the key the window holds must still open its seat (the chaos test: a seat refused
    bad_token for ever)."""
    session, table, _ = make_table("sticheln", [True, True, True], seed=8)
    table.confirm_seats = True  # as under a carrier
    seats = {c: _join(table, c) for c in ("a", "b", "c")}
    for conn, seat in seats.items():
        table.receive(conn, seat.ack())
    actor = next(c for c, s in seats.items() if s.seat == session.current)
    me = seats[actor]
    held = me.token
    at = len(session.match.moves)
    _deliver(table.disconnect(actor), seats)
    table.receive("r1", me.hello())  # its welcome never arrives: the line dies
    table.receive("r1", me.move(me.view.legal_moves()[0], at=at))
    assert len(session.match.moves) == at + 1 and me.token == held
    table.disconnect("r1")
    again = {"r2": me}
    _deliver(table.receive("r2", me.hello()), again)
    assert me.refusals == [] and me.token != held and me.seat is not None
