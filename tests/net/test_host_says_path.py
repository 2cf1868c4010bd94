"""`fireside host --relay` says on its terminal which way each friend came (issue 34,
part 4): "Ana joined seat 2 (direct)" for a friend who reached the host's own
address (as one on the same network does), "(through the relay)" for one who
could not; neither friend chose. A table without a relay says the seat alone."""

from __future__ import annotations

import time

from e2e_relay import TestRelay

from game.net import hosting as net
from game.net.client import Client
from game.net.invite import Invite
from game.tools import cli, host_lines

LOOPBACK = "127.0.0.1"


def _wait(check, timeout=10.0):
    end = time.monotonic() + timeout  # a bound on the wait, never an assert on time
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.02)
    return False


def _registered(server) -> bool:
    return server.relay_host is not None and server.relay_host.registered


def test_the_line_for_a_friend_who_took_a_seat_says_the_way_they_came():
    assert host_lines.joined_line("Ana", 1, "direct") == "Ana joined seat 2 (direct)"
    assert host_lines.joined_line("Bo", 2, "relay") == "Bo joined seat 3 (through the relay)"
    assert host_lines.joined_line("Cy", 0) == "Cy is at seat 1"  # no relay: no way to tell
    forged = host_lines.joined_line("Ana\x1b[2J\nport: 9", 1, "relay")  # no name moves the cursor
    assert forged.isprintable() and forged.endswith(" joined seat 2 (through the relay)"), forged


def test_the_hosts_terminal_says_one_friend_came_direct_and_one_through_the_relay(capsys):
    with TestRelay() as relay:
        table = net.new_table("sticheln", ["open", "open", "open"], ["", "", ""], 3)
        invite = Invite.new(relay.url)
        hosting = net.Hosting(table, bind=LOOPBACK, port=0, keep=False, relay=invite).start()
        try:
            assert _wait(lambda: _registered(hosting.server)), "the host never registered at the relay"
            hosting.server.direct = [LOOPBACK]  # the home network: the first friend reaches it
            near = Client(invite.link(), "Ana").start()
            assert near.wait(lambda seat: seat.seat is not None, 10)
            hosting.server.direct = ["127.0.0.2"]  # another home: the host's address answers nobody there
            far = Client(invite.link(), "Bo").start()
            try:
                assert far.wait(lambda seat: seat.seat is not None, 10)
                assert _wait(lambda: len(hosting.latest().connected) == 2)
                capsys.readouterr()
                cli._say_changes(None, hosting.latest(), hosting.path)  # as the host's loop calls it
                said = capsys.readouterr().out.splitlines()
                assert f"Ana joined seat {near.seat.seat + 1} (direct)" in said, said
                assert f"Bo joined seat {far.seat.seat + 1} (through the relay)" in said, said
                # a host without a relay (its loop passes no path): the seat alone
                cli._say_changes(None, hosting.latest())
                said = capsys.readouterr().out.splitlines()
                assert f"Ana is at seat {near.seat.seat + 1}" in said, said
            finally:
                near.close()
                far.close()
        finally:
            hosting.close()
