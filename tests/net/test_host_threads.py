"""Whose thread the host's work runs on: the table only on its worker (the
check every net test runs with, and a record of the threads of a whole
game), the autosave on a writer of its own, the lobby's snapshots by callback."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from netkit import make_table

from game.net import hosting as net
from game.net.authority import HostTable
from game.net.carrier import HostServer
from game.net.client import Client, play_bot

LOOPBACK = "127.0.0.1"


def test_every_net_test_runs_with_the_thread_check_on():
    assert HostTable.check_thread


def test_a_whole_game_touches_the_table_on_its_worker_only(monkeypatch):
    seen: dict[str, set[str]] = {}
    for name in ("receive", "disconnect", "expire", "think_step", "take_outbox", "_moved", "snapshot"):
        original = getattr(HostTable, name)

        def recorded(self, *args, _original=original, _name=name, **kwargs):
            seen.setdefault(_name, set()).add(threading.current_thread().name)
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(HostTable, name, recorded)
    session, table, _ = make_table("grinch", [True, False, True], seed=3)
    server = HostServer(table, host=LOOPBACK).start()
    try:

        async def main():
            bots = [play_bot(server.url, f"Bot{i}", seed=i) for i in range(2)]
            return await asyncio.wait_for(asyncio.gather(*bots), 60)

        asyncio.run(main())
    finally:
        server.stop()
    assert session.over
    threads = set().union(*seen.values())
    assert {"receive", "_moved", "think_step"} <= set(seen)
    assert len(threads) == 1 and next(iter(threads)).startswith("fireside-host"), seen


def test_a_table_touched_off_its_worker_fails_loudly():
    session, table, _ = make_table("sticheln", [True, True, True], seed=1)
    server = HostServer(table, host=LOOPBACK).start()
    try:
        with pytest.raises(AssertionError, match="not its own worker"):
            table.snapshot()  # the test's thread, while the worker owns the table
        with pytest.raises(AssertionError, match="not its own worker"):
            session.play(session.view(session.current).legal_moves()[0])  # a move behind the table's back
        assert server.ask(table.snapshot).code == table.code  # on the worker: fine
    finally:
        server.stop()
    table.snapshot()  # stopped: the table is released


def test_the_autosave_is_written_off_the_workers_thread_and_a_slow_disk_holds_up_no_move(monkeypatch):
    from game.persist import network

    writes: list[tuple[str, int]] = []

    def slow_write(save):
        time.sleep(0.2)  # a slow disk
        writes.append((threading.current_thread().name, len(save.match.moves)))

    monkeypatch.setattr(network, "write_table", slow_write)
    table = net.new_table("grinch", ["you", "open"], ["Joon", "Ana"], seed=4)
    keep = net.autosaver()
    table.keep = keep
    table.start("random")
    session = table.session
    took = []
    for _ in range(6):
        seat = session.current
        start = time.perf_counter()
        session.offer(seat, session.view(seat).legal_moves()[0])
        table.run_computers()
        took.append(time.perf_counter() - start)
    moves = len(session.match.moves)
    assert max(took) < 0.1, took  # the table never waited for the disk
    assert keep.flush(5.0)
    assert writes and all(name == "fireside-host-save" for name, _ in writes)
    assert writes[-1][1] == moves  # the last save holds every move...
    assert len(writes) < moves  # ... and saves that came faster than the disk were coalesced
    # the snapshot handed over is the table as it was: later moves do not change it
    frozen = net.saved(table, frozen=True)
    seat = session.current
    session.offer(seat, session.view(seat).legal_moves()[0])
    assert len(frozen.match.moves) == moves and len(session.match.moves) > moves


def test_hosting_hands_out_snapshots_by_callback_and_never_waits_on_the_server(monkeypatch):
    def no_waiting(*_args, **_kwargs):
        raise AssertionError("a snapshot was asked of the server")

    monkeypatch.setattr(HostServer, "ask", no_waiting)
    table = net.new_table("grinch", ["you", "open", "open"], ["Joon", "", ""], seed=2)
    hosting = net.Hosting(table, port=0, keep=False).start()
    heard = []
    got = threading.Event()

    def listener(snap):
        heard.append((threading.current_thread().name, snap))
        got.set()

    try:
        hosting.listen(listener)
        assert heard and heard[0][1].connected == []  # the latest, at once
        got.clear()
        bot = Client(hosting.url, "Mina", code=table.code).start()
        assert bot.wait(lambda s: s.seat is not None, 5)
        for _ in range(200):
            if 0 in hosting.latest().connected:
                break
            time.sleep(0.01)
        assert 0 in hosting.latest().connected and hosting.latest().names[0] == "Mina"
        assert any(name.startswith("fireside-host") and 0 in snap.connected for name, snap in heard)
        hosting.start_game("random")
        for _ in range(200):
            if hosting.latest().started:
                break
            time.sleep(0.01)
        assert hosting.latest().started
        hosting.unlisten(listener)
        bot.close()
    finally:
        hosting.close()
