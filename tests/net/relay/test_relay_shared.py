"""Relay instances that share their tables through a real Redis (issue 34,
deliverable 5): a host on one instance and friends on another play as on one;
with Redis down, tables within one instance go on, crossing joins are refused
"shared_down", nothing crashes, and the instances find Redis again."""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator

import pytest
from relaykit import (
    OTHER,
    TABLE,
    RedisServer,
    binary,
    closed,
    dial,
    friend,
    hello,
    host,
    last_words,
    refused,
    run,
    text,
    to_line,
    until,
)

from game.net.relay.limits import Limits
from game.net.relay.server import Relay

PEER_SECRET = b"a secret the test relays share"


@contextlib.asynccontextmanager
async def two_relays(
    redis_url: str, limits: Limits | None = None, secret: bytes | None = None
) -> AsyncIterator[tuple[Relay, Relay]]:
    """Two instances sharing `redis_url`; with `secret`, crossing lines go over their peer links."""
    from game.net.relay.shared import Shared

    relays = []
    for name in ("aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb"):
        shared = Shared(redis_url, instance=name, check_every=0.05, backoff_max=0.2, peer_secret=secret)
        relay = Relay(limits or Limits(), shared=shared)
        await relay.start("127.0.0.1", 0)
        relays.append(relay)
    try:
        yield relays[0], relays[1]
    finally:
        for relay in relays:
            await relay.close()


CROSSING = pytest.mark.parametrize("secret", [None, PEER_SECRET], ids=["via-redis", "via-peer-links"])


@CROSSING
def test_a_friend_at_another_instance_reaches_the_host(redis: RedisServer, secret: bytes | None) -> None:
    async def go() -> None:
        async with two_relays(redis.url, secret=secret) as (a, b):
            h = await host(a)
            near, n1 = await friend(a, h)
            far, n2 = await friend(b, h)  # the host hears {"open": 2} from instance a
            assert (n1, n2) == (1, 2)
            await far.send(b"over there")
            assert await binary(h) == to_line(n2, b"over there")
            for i in range(50):  # in order, both ways
                await h.send(to_line(n2, b"%d" % i))
                await far.send(b"%d" % i)
            assert [await binary(far) for _ in range(50)] == [b"%d" % i for i in range(50)]
            assert [await binary(h) for _ in range(50)] == [to_line(n2, b"%d" % i) for i in range(50)]
            await near.send(b"near")
            assert await binary(h) == to_line(n1, b"near")
            await far.send(json.dumps({"ping": 3}))
            assert await text(far) == {"pong": 3}
            # a second host can't take the table at the other instance
            ws = await dial(b)
            assert (await hello(ws, "host"))["refused"] == "table_taken"
            # a table nobody registered, asked at b
            ws = await dial(b)
            assert (await hello(ws, "friend", OTHER))["refused"] == "no_table"
            # the host drops the far line; then a far friend leaves by itself
            await h.send(json.dumps({"close": n2}))
            assert await closed(far) == 1000 and far.protocol.close_reason == "closed by host"
            far2, n3 = await friend(b, h)
            await far2.close()
            assert await text(h) == {"close": n3}
            # the host leaves: far friends hear "host gone"; during the grace b says the host is away
            far3, _ = await friend(b, h)
            await h.close()
            assert await closed(far3) == 1001 and far3.protocol.close_reason == "host gone"
            await closed(near)
            ws = await dial(b)
            answer = await hello(ws, "friend")
            assert answer["refused"] == "no_table" and "away" in answer["text"]
            # the host redials at the other instance and takes its table there
            h = await host(b)
            await until(lambda: TABLE not in a.tables, "a let the table go")
            f, n = await friend(a, h)
            await f.send(b"moved")
            assert await binary(h) == to_line(n, b"moved")
            await h.close()

    run(go())


@CROSSING
def test_with_redis_down_one_instance_goes_on_and_crossing_is_refused(redis: RedisServer, secret: bytes | None) -> None:
    async def go() -> None:
        assert a_shared(redis.url)
        async with two_relays(redis.url, secret=secret) as (a, b):
            h = await host(a)
            near, n1 = await friend(a, h)
            far, n2 = await friend(b, h)
            redis.stop()
            # the crossing line ends plainly at both ends; the near line goes on
            assert await refused(far) == ("shared_down", 1008)
            assert await text(h) == {"close": n2}
            await near.send(b"still")
            assert await binary(h) == to_line(n1, b"still")
            await h.send(to_line(n1, b"here"))
            assert await binary(near) == b"here"
            # a new join that would cross is refused; one within an instance is not
            ws = await dial(b)
            assert (await hello(ws, "friend"))["refused"] == "shared_down"
            near2, _ = await friend(a, h)
            # a new table while Redis is down: served where its host dialled
            h2 = await host(b, OTHER)
            g, m = await friend(b, h2, OTHER)
            await g.send(b"alone")
            assert await binary(h2) == to_line(m, b"alone")
            # Redis is back (same port): both instances find it and crossing works again
            redis.start()
            assert a.shared is not None and b.shared is not None
            await until(lambda: a.shared is not None and a.shared.up, "a reaches Redis again")
            await until(lambda: b.shared is not None and b.shared.up, "b reaches Redis again")
            far2, n3 = await friend(b, h)
            await far2.send(b"back")
            assert await binary(h) == to_line(n3, b"back")
            far3, k = await friend(a, h2, OTHER)  # b's table, registered again after the outage
            await far3.send(b"too")
            assert await binary(h2) == to_line(k, b"too")
            assert a.shared.downs == 1 and b.shared.downs == 1
            for ws in (h, h2, near2):
                await ws.close()

    run(go())


def a_shared(url: str) -> bool:
    from game.net.relay.shared import Shared

    return Shared(url).url == url


def test_a_relay_starts_without_redis_and_serves_its_own_tables() -> None:
    pytest.importorskip("redis", reason="the redis library is not installed (pip install -e '.[test]')")
    from relaykit import free_port

    from game.net.relay.shared import Shared

    async def go() -> None:
        shared = Shared(f"redis://127.0.0.1:{free_port()}/0", backoff_max=0.1, first_wait=0.1)
        relay = Relay(Limits(), shared=shared)
        await relay.start("127.0.0.1", 0)
        try:
            assert not shared.up
            h = await host(relay)
            f, n = await friend(relay, h)
            await f.send(b"local")
            assert await binary(h) == to_line(n, b"local")
            ws = await dial(relay)
            assert (await hello(ws, "friend", OTHER))["refused"] == "shared_down"
        finally:
            await relay.close()

    run(go())


def test_a_holder_that_never_answers_is_a_plain_refusal(redis: RedisServer) -> None:
    async def go() -> None:
        async with two_relays(redis.url, Limits(join_timeout=0.2)) as (a, _b):
            assert a.shared is not None and a.shared.client is not None
            await a.shared.client.set(f"fireside:relay:table:{OTHER}", "cccccccccccccccc", ex=30)  # a dead instance
            ws = await dial(a)
            assert (await hello(ws, "friend", OTHER))["refused"] == "shared_down"
            # a host may not take a table a live-looking instance holds ...
            ws = await dial(a)
            assert (await hello(ws, "host", OTHER))["refused"] == "table_taken"
            # ... until its host is marked away there
            await a.shared.client.set(f"fireside:relay:away:{OTHER}", "1", ex=30)
            h = await host(a, OTHER)
            await h.close()

    run(go())


@CROSSING
def test_no_secret_reaches_either_instance_log(
    redis: RedisServer, caplog: pytest.LogCaptureFixture, secret: bytes | None
) -> None:
    peer_secret = secret
    secret = "Xq3pL0v9bRtYk2mN8sHcW4eZaJ7uF1gD6iOyT5rE0nA"
    invite = f"fireside://127.0.0.1:1/{TABLE}#{secret}".encode()

    async def go() -> None:
        async with two_relays(redis.url, secret=peer_secret) as (a, b):
            h = await host(a)
            far, n = await friend(b, h)
            await far.send(invite)
            assert await binary(h) == to_line(n, invite)
            await h.send(to_line(n, invite))
            assert await binary(far) == invite
            await h.close()
            await closed(far)

    with caplog.at_level(logging.DEBUG, logger="fireside.relay"):
        run(go())
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert caplog.records and logged.count(secret) == 0 and logged.count(TABLE) == 0
    assert PEER_SECRET.decode() not in logged


@CROSSING
def test_a_close_by_the_host_comes_after_what_it_sent_before_across_instances(
    redis: RedisServer, secret: bytes | None
) -> None:
    """Through Redis or a peer link too: the close crosses after the payloads before it, and the
    friend's instance sends them all before it closes the line."""

    async def go() -> None:
        async with two_relays(redis.url, secret=secret) as (a, b):
            h = await host(a)
            far, n = await friend(b, h)
            words = [b"%d" % i + b"." * 200 for i in range(100)]
            for word in words:
                await h.send(to_line(n, word))
            await h.send(json.dumps({"close": n}))
            assert await last_words(far) == (words, 1000, "closed by host")
            far2, n2 = await friend(b, h)
            for word in words:
                await h.send(to_line(n2, word))
            await h.close()
            assert await last_words(far2) == (words, 1001, "host gone")

    run(go())
