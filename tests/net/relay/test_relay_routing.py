"""The relay routes by table and line (relay-spec.md): a host, friends, their
payloads each way, pings, closes from either side, the host's grace."""

from __future__ import annotations

import asyncio
import collections
import json
import socket

import pytest
from relaykit import (
    OTHER,
    TABLE,
    binary,
    closed,
    dial,
    friend,
    hello,
    host,
    last_words,
    refused,
    relay_at,
    run,
    text,
    to_line,
    until,
    url,
)
from websockets.asyncio.client import connect

from game.net.relay import server
from game.net.relay.limits import Limits


def test_payloads_go_between_the_host_and_each_friend_line() -> None:
    async def go() -> None:
        async with relay_at() as relay:
            h = await host(relay)
            f1, n1 = await friend(relay, h)
            f2, n2 = await friend(relay, h)
            assert (n1, n2) == (1, 2)
            await f1.send(b"\x00from one")
            assert await binary(h) == to_line(n1, b"\x00from one")
            await f2.send(b"from two")
            assert await binary(h) == to_line(n2, b"from two")
            await h.send(to_line(n2, b"to two"))
            await h.send(to_line(n1, b""))
            assert await binary(f2) == b"to two"
            assert await binary(f1) == b""
            await h.send(json.dumps({"ping": 7}))
            assert await text(h) == {"pong": 7}
            await f1.send(json.dumps({"ping": 8}))
            assert await text(f1) == {"pong": 8}
            await h.send(to_line(99, b"to nobody"))  # a line that is gone: dropped, the host goes on
            # the host drops line 1: that friend's socket closes 1000 "closed by host"
            await h.send(json.dumps({"close": n1}))
            assert await closed(f1) == 1000 and f1.protocol.close_reason == "closed by host"
            # a friend leaves: the host hears {"close": N}
            await f2.close()
            assert await text(h) == {"close": n2}
            f3, n3 = await friend(relay, h)
            assert n3 == 3  # never a number used before at this table
            # a table on its own: another table id is another table
            h2 = await host(relay, OTHER)
            g, m = await friend(relay, h2, OTHER)
            await g.send(b"x")
            assert await binary(h2) == to_line(m, b"x")
            assert relay.counts()["tables"] == 2
            await h.close()
            assert await closed(f3) == 1001 and f3.protocol.close_reason == "host gone"
            await h2.close()
            await g.wait_closed()

    run(go())


def test_a_host_that_redials_within_the_grace_gets_its_table_back() -> None:
    async def go() -> None:
        async with relay_at(Limits(grace=30.0)) as relay:
            h = await host(relay)
            f, _ = await friend(relay, h)
            await h.close()
            assert await closed(f) == 1001
            # a friend dialling during the grace hears the host is away
            f2 = await dial(relay)
            answer = await hello(f2, "friend")
            assert answer["refused"] == "no_table" and "away" in answer["text"]
            # the host comes back with the same table id; friends join again
            h = await host(relay)
            f3, n3 = await friend(relay, h)
            assert n3 == 2
            await f3.send(b"again")
            assert await binary(h) == to_line(n3, b"again")
            await h.close()

    run(go())


def test_the_grace_runs_out_and_the_table_is_gone() -> None:
    async def go() -> None:
        async with relay_at(Limits(grace=0.2)) as relay:
            h = await host(relay)
            await h.close()
            await until(lambda: TABLE not in relay.tables, "the table left after its grace")
            f = await dial(relay)
            code, _ = await refused_after_hello(f)
            assert code == "no_table"
            await until(lambda: relay.book.entries == {}, "nothing kept of an address without a line")

    run(go())


def test_an_idle_table_expires_with_a_refusal() -> None:
    async def go() -> None:
        async with relay_at(Limits(idle=0.2)) as relay:
            h = await host(relay)
            f, _ = await friend(relay, h)
            assert await refused(h) == ("idle", 1008)
            assert await refused(f) == ("idle", 1008)
            assert relay.tables == {}

    run(go())


async def refused_after_hello(ws: object) -> tuple[str, int | None]:
    from websockets.asyncio.client import ClientConnection

    assert isinstance(ws, ClientConnection)
    await ws.send(json.dumps({"relay": 1, "role": "friend", "table": TABLE}))
    return await refused(ws)


def test_many_lines_at_one_table_stay_apart() -> None:
    async def go() -> None:
        async with relay_at() as relay:
            h = await host(relay)
            friends = [await friend(relay, h) for _ in range(12)]
            await asyncio.gather(*(ws.send(f"from {n}".encode()) for ws, n in friends))
            got = {await binary(h) for _ in friends}
            assert got == {to_line(n, f"from {n}".encode()) for _, n in friends}
            for _, n in friends:
                await h.send(to_line(n, f"to {n}".encode()))
            for ws, n in friends:
                assert await binary(ws) == f"to {n}".encode()
            await h.close()

    run(go())


def test_a_close_by_the_host_comes_after_what_it_sent_before() -> None:
    """The host's last words to a friend (a bye) are not lost to its close: the relay sends what
    it had queued for the friend, then closes; the same when the host's own line ends."""

    async def go() -> None:
        async with relay_at() as relay:
            h = await host(relay)
            f1, n1 = await friend(relay, h)
            f2, n2 = await friend(relay, h)
            f3, n3 = await friend(relay, h)
            words = [b"%d" % i + b"." * 200 for i in range(100)]
            for word in words:  # all of it at once, then the close: most of it still queued at the relay
                await h.send(to_line(n1, word))
            await h.send(json.dumps({"close": n1}))
            assert await last_words(f1) == (words, 1000, "closed by host")
            for word in words:
                await h.send(to_line(n2, word))
                await h.send(to_line(n3, word))
            await h.close()  # the host leaves: each friend gets all it was sent, then "host gone"
            assert await last_words(f2) == (words, 1001, "host gone")
            assert await last_words(f3) == (words, 1001, "host gone")

    run(go())


def test_a_friend_that_reads_nothing_holds_the_close_only_a_moment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server, "CLOSE_WAIT", 0.3)  # the cut after CLOSE_WAIT is what is tested, not its length

    async def go() -> None:
        async with relay_at(Limits(drain=0.05)) as relay:
            h = await host(relay)
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", relay.port))
            slow = await connect(url(relay), sock=sock, max_queue=1, compression=None, open_timeout=5)
            assert (await hello(slow, "friend"))["ok"] == "friend"
            assert await text(h) == {"open": 1}
            line = next(line for line in relay.lines if line.role == "friend")
            for _ in range(2000):  # bounded: until the socket's buffers are full and a frame waits in the queue
                await h.send(to_line(1, b"z" * 60_000))
                await asyncio.sleep(0.02)
                if line.queue:
                    break
            else:
                raise AssertionError("the slow friend read everything")
            await h.send(json.dumps({"close": 1}))
            await until(lambda: line.finishing is not None, "the close began")
            finishing = line.finishing
            assert finishing is not None
            await asyncio.wait_for(finishing, 10)  # drain (0.05 s), then the close (at most its timeout)
            assert line.queue == collections.deque() and line.gone
            slow.transport.abort()
            await h.close()

    run(go())
