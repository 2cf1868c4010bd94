"""A host who closes its table, and the friends' windows after it: the welcome
names the host's person (so a window says "Ana closed the table"), a window
keeps dialling after the host's bye "host_closed" (the host keeps the table)
with longer and longer waits, never giving up on its own, dials at once when
asked (Try again), and sits down again by itself when the host opens the
table again; after a bye "replaced" it stops.  Every line goes to 127.0.0.1
and every wait is bounded."""

from __future__ import annotations

import time

import pytest

from game.net import client as client_module
from game.net import hosting as net
from game.net import protocol as p
from game.net import words
from game.net.carrier import HostServer
from game.net.client import BACKOFF, Client


def _hosted(port: int = 0) -> tuple[net.Hosting, str]:
    """A window's table: seat 0 reserved for the host's own window (Ana), seat 1 open."""
    table = net.new_table("grinch", ["you", "open"], ["Ana", ""])
    hosting = net.Hosting(table, port=port, keep=False).start(any_port=False)
    token = hosting.server.ask(lambda: table.reserve(0))
    return hosting, token


def _kept(hosting: net.Hosting, client: Client) -> object:
    """The table as its slot keeps it, once the client's seat is confirmed (its ack arrived)."""
    table = hosting.table
    assert _wait(lambda: hosting.server.ask(lambda: table.tokens.get(client.seat.seat)) == client.seat.token)
    return hosting.server.ask(lambda: net.saved(table))


def _wait(predicate, seconds: float = 10.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.01)
    return predicate()


def test_the_welcome_names_the_person_whose_laptop_keeps_the_table():
    hosting, token = _hosted()
    try:
        ana = Client(hosting.url, "Ana", token=token, code=hosting.table.code).start()
        bo = Client(hosting.url, "Bo", code=hosting.table.code).start()
        assert bo.wait(lambda s: s.seat == 1, 5) and ana.wait(lambda s: s.seat == 0, 5)
        assert bo.seat.host == "Ana" and ana.seat.host == "Ana"
        ana.close()
        bo.close()
    finally:
        hosting.close()


def test_a_table_without_a_window_names_no_host():
    table = net.new_table("grinch", ["open", "open"], ["", ""])
    hosting = net.Hosting(table, port=0, keep=False).start()
    try:
        bo = Client(hosting.url, "Bo", code=table.code).start()
        assert bo.wait(lambda s: s.seat is not None, 5)
        assert bo.seat.host == ""
        bo.close()
    finally:
        hosting.close()


def test_a_host_name_that_is_no_name_is_cleaned_by_the_window():
    welcome = p.Welcome(seat=1, token="t", code="K3M9QP", game="grinch", names=["x", "y"], host_name="A\x1bna\u202e")
    from game.net.client import ClientSeat

    seat = ClientSeat("Bo")
    seat.handle(p.encode(welcome))
    assert seat.host == "Ana"
    with pytest.raises(p.ProtocolError):  # longer than a name may be: refused before anyone reads it
        p.decode(p.encode(p.Welcome(seat=1, token="t", code="K", game="grinch", names=[], host_name="x" * 500)))


def test_after_the_hosts_bye_a_window_keeps_dialling_and_sits_down_again_when_the_table_reopens():
    hosting, token = _hosted()
    port = hosting.port
    bo = Client(hosting.url, "Bo", code=hosting.table.code, retry=True).start()
    reopened: net.Hosting | None = None
    try:
        assert bo.wait(lambda s: s.seat == 1 and s.moves >= 0, 5)
        save = _kept(hosting, bo)
        hosting.close()  # "Close the table for everyone": every line is told, the table is kept
        assert _wait(lambda: bo.seat.closed == "host_closed")
        assert words.closed_by(bo.seat.host) == "Ana closed the table."
        assert _wait(lambda: bo.next_try_in() is not None)  # waiting for the next dial, with a countdown
        assert bo.reconnecting and not bo.gave_up
        assert _wait(lambda: bo.tries >= 2)  # the first dials find nobody: the waits grow
        left = bo.next_try_in()
        assert left is not None and left <= BACKOFF[-1]
        # the host opens its kept table again (Continue hosting), on the same port
        reopened = net.Hosting(net.resumed(save), port=port, keep=False).start(any_port=False)
        bo.try_now()  # Try again: no waiting out the countdown
        assert bo.wait(lambda s: s.closed is None and s.seat == 1 and s.welcomes >= 2, 5)
        assert _wait(lambda: bo.seated)
        assert not bo.reconnecting and bo.next_try_in() is None
    finally:
        bo.close()
        if reopened is not None:
            reopened.close()
        else:
            hosting.close()


def test_a_window_never_gives_up_dialling_on_its_own_and_stops_when_closed(monkeypatch):
    monkeypatch.setattr(client_module, "BACKOFF", (0.01, 0.02, 0.05))  # the cap per try, small for the test
    hosting, _token = _hosted()
    port, reopened = hosting.port, None
    bo = Client(hosting.url, "Bo", code=hosting.table.code, retry=True).start()
    try:
        assert bo.wait(lambda s: s.seat == 1 and s.moves >= 0, 5)
        save = _kept(hosting, bo)
        hosting.close()
        assert _wait(lambda: bo.tries >= 12)  # far more dials than the 20 s it used to allow
        assert bo.reconnecting and not bo.gave_up
        assert (bo.next_try_in() or 0.0) <= 0.05
        reopened = net.Hosting(net.resumed(save), port=port, keep=False).start(any_port=False)
        assert bo.wait(lambda s: s.closed is None and s.welcomes >= 2, 5)  # by itself: nobody pressed Try again
        assert _wait(lambda: bo.seated)
    finally:
        bo.close(timeout=2)
        if reopened is not None:
            reopened.close()
    assert bo._thread is not None and not bo._thread.is_alive()  # close() ends the wait between two dials


def test_a_line_replaced_by_another_window_does_not_dial_again():
    server = HostServer(net.new_table("grinch", ["open", "open"], ["", ""]), "127.0.0.1").start()
    try:
        url, code = server.url, server.table.code
        first = Client(url, "Bo", code=code, retry=True).start()
        assert first.wait(lambda s: s.seat is not None and s.moves >= 0, 5)
        assert _wait(lambda: first.seated)
        time.sleep(0.1)  # the welcome's ack confirms the seat
        second = Client(url, "Bo", token=first.seat.token, code=code).start()
        assert second.wait(lambda s: s.seat == first.seat.seat, 5)
        assert first.wait(lambda s: s.closed == "replaced", 5)
        assert _wait(lambda: first._thread_done())
        assert not first.reconnecting and first.next_try_in() is None
        second.close()
    finally:
        server.stop()


def test_a_rejoin_the_table_refuses_for_its_key_stops_dialling():
    """A table at that port that does not know the seat's key (a new table opened there) will never
    seat it: the window stops dialling and says the table cannot be reached."""
    hosting, _token = _hosted()
    port, other = hosting.port, None
    bo = Client(hosting.url, "Bo", code=hosting.table.code, retry=True).start()
    try:
        assert bo.wait(lambda s: s.seat == 1 and s.moves >= 0, 5)
        hosting.close()
        assert _wait(lambda: bo.seat.closed == "host_closed")
        fresh = net.new_table("grinch", ["you", "open"], ["Ana", ""])
        fresh.code = hosting.table.code  # the same code, a new table: Bo's key is not one of its seats'
        other = net.Hosting(fresh, port=port, keep=False).start(any_port=False)
        bo.try_now()
        assert _wait(lambda: bo.gave_up)
        assert not bo.reconnecting and bo.seat.refusals[-1].code == "bad_token"
    finally:
        bo.close(timeout=2)
        if other is not None:
            other.close()
