"""Open lines and tables per address hold across the relay instances that
share one Redis (game/net/relay/counts.py): an address at its limit through
one instance is refused at another, room freed at one is room at the other,
a dead instance stops counting within its ttl, with Redis down each
instance's own limits hold, and no address is ever written to Redis in the
clear.  The addresses are given by X-Forwarded-For (the relays trust
127.0.0.1 as their proxy), so several clients can be told apart."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import pytest
from relaykit import WAIT, RedisServer, binary, dial, friend, hello, refused, run, to_line, until
from websockets.asyncio.client import ClientConnection

from game.net.relay.limits import Limits
from game.net.relay.server import Relay

PEER_SECRET = b"a secret the test relays share"
ADDRESS = "203.0.113.7"  # TEST-NET-3: no real address
OTHER_ADDRESS = "2001:db8::7"


def table(n: int) -> str:
    """The n-th table id (16 base32 characters)."""
    letters = "abcdefghijklmnopqrstuvwxyz234567"
    return "tablet" + "".join(letters[(n >> (5 * i)) & 31] for i in range(10))


@contextlib.asynccontextmanager
async def two_relays(
    redis_url: str, limits: Limits, secret: bytes | None = None, count_ttl: float | None = None
) -> AsyncIterator[tuple[Relay, Relay]]:
    from game.net.relay.shared import Shared

    relays = []
    try:
        for name in ("aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb"):
            shared = Shared(
                redis_url,
                instance=name,
                check_every=0.05,
                backoff_max=0.2,
                peer_secret=secret,
                count_ttl=count_ttl,
            )
            relay = Relay(limits, shared=shared, proxies=["127.0.0.1"])
            await relay.start("127.0.0.1", 0)
            relays.append(relay)
        yield relays[0], relays[1]
    finally:
        for relay in relays:
            await relay.close()


async def line(relay: Relay, address: str = ADDRESS) -> ClientConnection:
    return await dial(relay, additional_headers={"X-Forwarded-For": address})


async def host_at(relay: Relay, n: int, address: str = ADDRESS) -> ClientConnection:
    ws = await line(relay, address)
    assert await hello(ws, "host", table(n)) == {"ok": "host", "table": table(n)}
    return ws


async def refusal(relay: Relay, n: int, address: str = ADDRESS) -> str:
    """The refusal a host line for table `n` gets ("" if it is let in: it is closed again)."""
    ws = await line(relay, address)
    answer = await hello(ws, "host", table(n))
    if "refused" in answer:
        await ws.wait_closed()
        return str(answer["refused"])
    await ws.close()
    return ""


async def admitted_soon(relay: Relay, n: int, address: str = ADDRESS) -> ClientConnection:
    """A host line for table `n` from `address`, once `relay` lets it in (bounded)."""
    for _ in range(int(WAIT / 0.05)):
        ws = await line(relay, address)
        answer = await hello(ws, "host", table(n))
        if answer.get("ok") == "host":
            return ws
        assert answer["refused"] in ("too_many_lines", "too_many_tables"), answer
        await ws.wait_closed()
        await asyncio.sleep(0.05)
    raise AssertionError("never let in")


def test_an_address_at_its_line_limit_through_one_instance_is_refused_at_another(redis: RedisServer) -> None:
    async def go() -> None:
        async with two_relays(redis.url, Limits(lines_per_address=3)) as (a, b):
            on_a = [await host_at(a, 1), await host_at(a, 2)]
            on_b = await host_at(b, 3)
            assert await refusal(b, 4) == "too_many_lines"  # 2 at a + 1 at b: the limit is 3
            assert await refusal(a, 4) == "too_many_lines"
            refused_line = await line(b)  # refused before its hello too, as soon as the count is read
            assert await refused(refused_line) == ("too_many_lines", 1008)
            other = await host_at(b, 5, OTHER_ADDRESS)  # another address is not counted with it
            # a line closed at a is room at b
            await on_a[0].close()
            again = await admitted_soon(b, 6)
            assert await refusal(a, 7) == "too_many_lines"
            for ws in (on_a[1], on_b, other, again):
                await ws.close()

    run(go())


def test_lines_dialled_at_once_at_both_instances_never_pass_the_limit(redis: RedisServer) -> None:
    async def go() -> None:
        async with two_relays(redis.url, Limits(lines_per_address=5)) as (a, b):

            async def try_host(relay: Relay, n: int) -> ClientConnection | None:
                ws = await line(relay)
                answer = await hello(ws, "host", table(n))
                if answer.get("ok") == "host":
                    return ws
                assert answer["refused"] == "too_many_lines", answer
                await ws.wait_closed()
                return None

            tries = [try_host(a if n % 2 else b, n) for n in range(16)]
            opened = [ws for ws in await asyncio.gather(*tries) if ws is not None]
            assert 1 <= len(opened) <= 5
            for n in range(16, 16 + 5 - len(opened)):  # the rest of the room, one by one
                opened.append(await admitted_soon(a if n % 2 else b, n))
            assert await refusal(a, 30) == await refusal(b, 31) == "too_many_lines"
            for ws in opened:
                await ws.close()

    run(go())


def test_tables_per_address_hold_across_instances(redis: RedisServer) -> None:
    async def go() -> None:
        async with two_relays(redis.url, Limits(tables_per_address=2, grace=0.1)) as (a, b):
            first = await host_at(a, 1)
            second = await host_at(b, 2)
            assert await refusal(a, 3) == "too_many_tables"
            assert await refusal(b, 3) == "too_many_tables"
            # a friend line of the same address is no table: still let in
            f = await line(a)
            assert (await hello(f, "friend", table(1)))["ok"] == "friend"
            # the first host leaves; once its table's grace is over, b lets a third table in
            await first.close()
            third = await admitted_soon(b, 3)
            for ws in (second, third, f):
                await ws.close()

    run(go())


def test_a_host_at_its_table_limit_may_take_its_table_to_another_instance(redis: RedisServer) -> None:
    async def go() -> None:
        async with two_relays(redis.url, Limits(tables_per_address=1)) as (a, b):
            first = await host_at(a, 1)
            await first.close()  # away: its table waits at a for it
            await until(lambda: a.tables[table(1)].host is None, "the host is away at a")
            again = await host_at(b, 1)  # the same table, now at b: no new table
            await until(lambda: table(1) not in a.tables, "a let the table go")
            assert b.shared is not None and b.shared.client is not None
            key = b.shared.counts.digest(ADDRESS)
            for _ in range(int(WAIT / 0.01)):  # both instances wrote what they hold now
                fields = await b.shared.client.hgetall(key)
                if list(fields) == [b"bbbbbbbbbbbbbbbb"] and fields[b"bbbbbbbbbbbbbbbb"].startswith(b"1 1 "):
                    break
                await asyncio.sleep(0.01)
            assert await refusal(a, 2) == "too_many_tables"
            await again.close()

    run(go())


def test_a_dead_instance_stops_counting_within_its_ttl(redis: RedisServer) -> None:
    async def go() -> None:
        async with two_relays(redis.url, Limits(lines_per_address=3), count_ttl=0.5) as (a, b):
            held = [await host_at(a, 1), await host_at(a, 2), await host_at(b, 3)]  # b renews the address's key
            assert await refusal(b, 4) == "too_many_lines"
            await die(a)  # its lines live on, but nothing renews their count any more
            late = await admitted_soon(b, 4)
            for ws in (*held, late):
                await ws.close()

    run(go())


@pytest.mark.slow
def test_a_live_instance_keeps_counting_past_the_ttl(redis: RedisServer) -> None:
    async def go() -> None:
        async with two_relays(redis.url, Limits(lines_per_address=2), count_ttl=1.0) as (a, b):
            held = [await host_at(a, 1), await host_at(a, 2)]
            await asyncio.sleep(1.6)  # past the ttl: renewed meanwhile
            assert await refusal(b, 3) == "too_many_lines"
            for ws in held:
                await ws.close()

    run(go())


async def die(relay: Relay) -> None:
    """`relay`'s link to Redis stops as if its process had been killed (nothing removed, nothing renewed)."""
    shared = relay.shared
    assert shared is not None
    shared.stopping = True  # (its listener ends too)
    for task in shared.tasks:
        task.cancel()
    await asyncio.wait(shared.tasks, timeout=WAIT)
    shared.tasks = []
    shared.up = False
    await shared._drop_connections()


def test_with_redis_down_each_instance_holds_its_own_limits(
    redis: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    async def go() -> None:
        async with two_relays(redis.url, Limits(lines_per_address=2)) as (a, b):
            assert a.shared is not None and b.shared is not None
            redis.stop()
            await until(lambda: a.shared is not None and not a.shared.up, "a sees Redis gone")
            await until(lambda: b.shared is not None and not b.shared.up, "b sees Redis gone")
            on_a = [await host_at(a, 1), await host_at(a, 2)]
            on_b = [await host_at(b, 3), await host_at(b, 4)]  # counted per instance now
            assert await refusal(a, 5) == "too_many_lines"
            assert await refusal(b, 5) == "too_many_lines"
            f, n = await friend(a, on_a[0], table(1))  # the tables go on
            await f.send(b"still")
            assert await binary(on_a[0]) == to_line(n, b"still")
            # Redis is back: each instance writes its counts again, and 4 lines are over the limit of 2
            redis.start()
            await until(lambda: a.shared is not None and a.shared.up, "a reaches Redis again")
            await until(lambda: b.shared is not None and b.shared.up, "b reaches Redis again")
            await until(lambda: not (b.shared and b.shared.counts.pending()), "b wrote its counts again")
            await f.close()
            await on_a[0].close()
            await on_a[1].close()
            assert await refusal(a, 6) == "too_many_lines"  # b's two lines are counted at a
            for ws in on_b:
                await ws.close()
            last = await admitted_soon(a, 7)
            await last.close()

    with caplog.at_level(logging.INFO, logger="fireside.relay"):
        run(go())
    alone = [r for r in caplog.records if "this instance's lines and tables alone" in r.getMessage()]
    assert len(alone) == 2  # once per instance


@pytest.mark.parametrize("secret", [None, PEER_SECRET], ids=["key-in-redis", "key-from-peer-secret"])
def test_no_address_reaches_redis_in_the_clear(redis: RedisServer, secret: bytes | None) -> None:
    async def go() -> None:
        async with two_relays(redis.url, Limits(), secret=secret) as (a, b):
            held = [await host_at(a, 1), await host_at(b, 2), await host_at(b, 3, OTHER_ADDRESS)]
            far = await line(b)
            assert (await hello(far, "friend", table(1)))["ok"] == "friend"  # a line crossing to a
            near = await line(a, OTHER_ADDRESS)
            assert (await hello(near, "friend", table(1)))["ok"] == "friend"
            assert a.shared is not None and a.shared.client is not None
            await until(lambda: not any(r.shared and r.shared.counts.pending() for r in (a, b)), "counts written")
            everything = await dump(a.shared.client)
            for address in (ADDRESS, OTHER_ADDRESS, "2001:0db8", "113.7"):
                assert address.encode() not in everything
            counted = [k for k in everything.split(b"\n") if k.startswith(b"fireside:relay:count:")]
            assert len(counted) == 2  # one hash per address, its fields one per instance
            assert (b"fireside:relay:address-key" in everything) == (secret is None)
            for ws in (*held, far, near):
                await ws.close()

    run(go())


async def dump(client: Any) -> bytes:
    """Every key in Redis and every value under it, one key a line."""
    out = []
    async for key in client.scan_iter(count=1000):
        kind = (await client.type(key)).decode()
        if kind == "string":
            value = [await client.get(key)]
        elif kind == "hash":
            value = [part for pair in (await client.hgetall(key)).items() for part in pair]
        elif kind == "set":
            value = list(await client.smembers(key))
        elif kind == "list":
            value = await client.lrange(key, 0, -1)
        elif kind == "zset":
            value = await client.zrange(key, 0, -1)
        else:
            value = [kind.encode()]
        out.append(key + b"\n" + b" ".join(value))
    return b"\n".join(out)
