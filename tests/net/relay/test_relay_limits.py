"""Every limit of the relay ends in its own plain refusal (relay-spec.md's
codes, plus the relay's "bad_frame", "too_slow" and "idle"), and one line
that cannot keep up never slows the others."""

from __future__ import annotations

import asyncio
import json
import logging
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
    refused,
    relay_at,
    run,
    text,
    to_line,
    until,
    url,
)
from websockets.asyncio.client import connect

from game.net.relay.limits import MAX_PAYLOAD, REFUSALS, AddressBook, Limits, TokenBucket
from game.net.relay.server import Relay

ROOMY = Limits(messages_per_second=1e6, messages_burst=1e6, bytes_per_second=1e9, bytes_burst=1e9)


@pytest.mark.parametrize(
    "first",
    [
        b"binary first",
        "not json",
        json.dumps([1, 2]),
        json.dumps({"relay": 2, "role": "host", "table": TABLE}),
        json.dumps({"relay": True, "role": "host", "table": TABLE}),
        json.dumps({"relay": 1, "role": "guest", "table": TABLE}),
        json.dumps({"relay": 1, "role": "host", "table": "ABCDEFGHIJKLMNOP"}),
        json.dumps({"relay": 1, "role": "host", "table": TABLE[:-1]}),
        json.dumps({"relay": 1, "role": "host", "table": TABLE, "more": 1}),
    ],
)
def test_a_bad_hello_is_refused(first: str | bytes) -> None:
    async def go() -> None:
        async with relay_at() as relay:
            ws = await dial(relay)
            await ws.send(first)
            assert await refused(ws) == ("bad_hello", 1008)

    run(go())


def test_each_refusal_says_its_code() -> None:
    async def go() -> None:
        async with relay_at(Limits(tables_per_address=1)) as relay:
            ws = await dial(relay)
            await ws.send("{" + " " * 2000 + "}")
            assert await refused(ws) == ("too_big", 1008)
            h = await host(relay)
            ws = await dial(relay)
            assert (await hello(ws, "host"))["refused"] == "table_taken"
            ws = await dial(relay)
            assert (await hello(ws, "host", OTHER))["refused"] == "too_many_tables"
            ws = await dial(relay)
            answer = await hello(ws, "friend", OTHER)
            assert answer == {"refused": "no_table", "text": REFUSALS["no_table"]}
            # after the hello: a broken control frame, a friend's close, a short host frame, a big payload
            f, _ = await friend(relay, h)
            await f.send(json.dumps({"close": 1}))
            assert await refused(f) == ("bad_frame", 1008)
            assert await text(h) == {"close": 1}
            f, _ = await friend(relay, h)
            await f.send(b"x" * (MAX_PAYLOAD + 1))
            assert await refused(f) == ("too_big", 1008)
            assert await text(h) == {"close": 2}
            await h.send(b"\x00\x01")
            assert await refused(h) == ("bad_frame", 1008)

    run(go())


def test_a_line_that_never_says_hello_is_closed() -> None:
    async def go() -> None:
        async with relay_at(Limits(hello_timeout=0.2)) as relay:
            ws = await dial(relay)
            assert await refused(ws) == ("hello_timeout", 1008)
            assert relay.book.entries == {}

    run(go())


def test_only_a_few_lines_per_address_may_wait_unhelloed() -> None:
    async def go() -> None:
        async with relay_at(Limits(unhelloed_per_address=3, lines_per_address=5)) as relay:
            h = await host(relay)
            waiting = [await dial(relay) for _ in range(3)]
            extra = await dial(relay)
            assert await refused(extra) == ("too_many_lines", 1008)  # a fourth line waiting for its hello
            # once two said hello, the address may open more, up to its lines (5)
            for ws in waiting[:2]:
                assert (await hello(ws, "friend"))["ok"] == "friend"
            fifth = await dial(relay)
            more = await dial(relay)
            assert await refused(more) == ("too_many_lines", 1008)
            assert (await hello(fifth, "friend"))["ok"] == "friend"
            await h.close()

    run(go())


def test_an_address_that_sends_too_fast_is_refused() -> None:
    async def go() -> None:
        limits = Limits(messages_per_second=1.0, messages_burst=20.0)
        async with relay_at(limits) as relay:
            h = await host(relay)
            f, n = await friend(relay, h)
            for i in range(100):  # (from the host's address: 1 + 1 friend line times the burst)
                try:
                    await f.send(b"%d" % i)
                except Exception:
                    break
            assert (await refused_skipping(f)) == "too_fast"
            assert await text_skipping(h) == {"close": n}

        async with relay_at(Limits(bytes_per_second=1.0, bytes_burst=1000.0)) as relay:
            h = await host(relay)
            await h.send(to_line(1, b"y" * 2000))
            assert await refused(h) == ("too_fast", 1008)

    run(go())


def test_a_hosts_allowance_grows_with_its_friend_lines() -> None:
    """A host sends one frame per friend per move: its address may send 1 + friends times as much."""

    async def go() -> None:
        async with relay_at(Limits(messages_per_second=1.0, messages_burst=10.0)) as relay:
            h = await host(relay)
            friends = [await friend(relay, h) for _ in range(3)]  # from 127.0.0.1 too: they send nothing
            for i in range(35):  # 3.5 times the plain burst: within 1 + 3
                ws, n = friends[i % 3]
                await h.send(to_line(n, b"%d" % i))
                assert await binary(ws) == b"%d" % i
            for ws, n in friends:
                await ws.close()
                assert await text(h) == {"close": n}
            assert relay.book.entries["127.0.0.1"].friends == 0
            for i in range(35):  # alone at its table again: the plain allowance
                try:
                    await h.send(to_line(1, b"%d" % i))
                except Exception:
                    break
            assert await refused_skipping(h) == "too_fast"

    run(go())


def test_a_friend_line_counts_once_and_only_while_open() -> None:
    book = AddressBook(Limits(messages_per_second=1.0, messages_burst=2.0, host_friend_lines=2))
    assert book.admit("h", 0.0) is None
    book.credit("h", 2)
    assert all(book.charge("h", 1, 0.0) for _ in range(6)) and not book.charge("h", 1, 0.0)
    book.credit("h", -2)
    assert book.charge("h", 1, 2.0) and book.charge("h", 1, 2.0) and not book.charge("h", 1, 2.0)
    book.credit("nobody", 3)  # an address without a line: nothing kept
    assert set(book.entries) == {"h"}


async def refused_skipping(ws: object) -> str:
    """Skip the payloads a line had coming and return its refusal code."""
    from websockets.asyncio.client import ClientConnection

    assert isinstance(ws, ClientConnection)
    for _ in range(1000):
        frame = await asyncio.wait_for(ws.recv(), 5)
        if isinstance(frame, str) and "refused" in json.loads(frame):
            return str(json.loads(frame)["refused"])
    raise AssertionError("no refusal")


async def text_skipping(ws: object) -> object:
    from websockets.asyncio.client import ClientConnection

    assert isinstance(ws, ClientConnection)
    for _ in range(1000):
        frame = await asyncio.wait_for(ws.recv(), 5)
        if isinstance(frame, str):
            return json.loads(frame)
    raise AssertionError("no text frame")


def test_a_relay_shutting_down_says_so() -> None:
    async def go() -> None:
        relay = Relay(Limits())
        await relay.start("127.0.0.1", 0)
        h = await host(relay)
        f, _ = await friend(relay, h)
        await relay.close()
        assert await refused(h) == ("shutting_down", 1001)
        assert await closed(f) in (1001, 1006)

    run(go())


def test_a_slow_friend_is_closed_and_never_slows_the_others() -> None:
    async def go() -> None:
        async with relay_at(ROOMY) as relay:
            h = await host(relay)
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", relay.port))
            slow = await connect(url(relay), sock=sock, max_queue=1, compression=None, open_timeout=5)
            assert (await hello(slow, "friend"))["ok"] == "friend"
            assert await text(h) == {"open": 1}
            fast, n = await friend(relay, h)
            big = b"z" * MAX_PAYLOAD
            for i in range(2000):  # bounded: at most 128 MiB, far past any socket buffer
                await h.send(to_line(1, big))
                await h.send(to_line(n, b"%d" % i))
                assert await binary(fast) == b"%d" % i  # the fast friend is served all along
                if not relay.tables[TABLE].friends.get(1):
                    break
            else:
                raise AssertionError("the slow friend was never closed")
            assert await text_skipping(h) == {"close": 1}
            await h.send(to_line(n, b"still here"))
            assert await binary(fast) == b"still here"
            slow.transport.abort()
            await h.close()

    run(go())


def test_no_secret_reaches_the_log(caplog: pytest.LogCaptureFixture) -> None:
    secret = "Xq3pL0v9bRtYk2mN8sHcW4eZaJ7uF1gD6iOyT5rE0nA"  # an invite's fragment
    invite = f"fireside://127.0.0.1:1/{TABLE}#{secret}"

    async def go() -> None:
        async with relay_at(Limits(tables_per_address=1)) as relay:
            h = await host(relay)
            f, n = await friend(relay, h)
            await f.send(invite.encode())
            assert await binary(h) == to_line(n, invite.encode())
            await h.send(to_line(n, secret.encode()))
            assert await binary(f) == secret.encode()
            bad = await dial(relay)
            await bad.send(json.dumps({"relay": 1, "role": "host", "table": TABLE, "secret": secret}))
            await refused(bad)
            bad = await dial(relay)
            await bad.send(invite)
            await refused(bad)
            await h.close()
            await closed(f)

    with caplog.at_level(logging.DEBUG, logger="fireside.relay"):
        run(go())
    assert caplog.records  # it did log the session
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert logged.count(secret) == 0 and logged.count(TABLE) == 0 and "fireside://" not in logged


def test_addresses_can_be_logged_hashed(caplog: pytest.LogCaptureFixture) -> None:
    async def go() -> None:
        async with relay_at(hash_addresses=True) as relay:
            h = await host(relay)
            await h.close()

    with caplog.at_level(logging.DEBUG, logger="fireside.relay"):
        run(go())
    said = [r.getMessage() for r in caplog.records if r.name.startswith("fireside.relay")]  # (websockets' own
    assert said and "127.0.0.1" not in "\n".join(said)  # "server listening on" names the bind address, no client)


def test_behind_a_proxy_the_forwarded_address_counts_only_from_the_proxy() -> None:
    async def go() -> None:
        limits = Limits(unhelloed_per_address=1)
        async with relay_at(limits, proxies=["127.0.0.1"]) as relay:
            a = await dial(relay, additional_headers={"X-Forwarded-For": "10.9.9.9, 203.0.113.7"})
            b = await dial(relay, additional_headers={"X-Forwarded-For": "203.0.113.8"})  # another address
            await until(lambda: len(relay.book.entries) == 2, "two addresses counted")
            assert set(relay.book.entries) == {"203.0.113.7", "203.0.113.8"}
            await a.close()
            await b.close()
        async with relay_at(limits, proxies=["192.0.2.1"]) as relay:  # 127.0.0.1 is not the proxy
            a = await dial(relay, additional_headers={"X-Forwarded-For": "203.0.113.7"})
            await until(lambda: len(relay.book.entries) == 1, "one address counted")
            assert set(relay.book.entries) == {"127.0.0.1"}
            await a.close()

    run(go())


def test_the_book_and_buckets() -> None:
    bucket = TokenBucket(rate=10.0, burst=2.0, now=0.0)
    assert bucket.take(1, 0.0) and bucket.take(1, 0.0) and not bucket.take(1, 0.0)
    assert bucket.take(1, 0.1)
    book = AddressBook(Limits(lines_per_address=2, unhelloed_per_address=2, total_lines=3))
    assert book.admit("a", 0.0) is None and book.admit("a", 0.0) is None
    assert book.admit("a", 0.0) == "too_many_lines"
    assert book.admit("b", 0.0) is None and book.admit("c", 0.0) == "too_many_lines"  # the relay's own total
    book.helloed("a")
    book.release("a", helloed=True)
    book.release("a", helloed=False)
    book.release("b", helloed=False)
    assert book.entries == {} and book.total == 0
