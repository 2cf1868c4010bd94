"""Links between relay instances (game/net/relay/peers.py): crossing lines go
relay to relay, Redis keeping only the registry; a link carries frames only
after both ends proved they hold the peer secret; a relay that stops (or
restarts) ends the lines that crossed to it plainly, and its new self is
reached again."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

import pytest
from relaykit import TABLE, RedisServer, binary, closed, dial, friend, hello, host, refused, run, text, to_line

from game.net.relay.limits import Limits
from game.net.relay.peers import GREETING_LEN, MAGIC, dial_mac, split_address
from game.net.relay.server import Relay

SECRET = b"the relays' own shared secret"
A, B, C = "aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb", "cccccccccccccccc"


@contextlib.asynccontextmanager
async def relay_with(redis_url: str, name: str, secret: bytes = SECRET) -> AsyncIterator[Relay]:
    from game.net.relay.shared import Shared

    relay = Relay(Limits(), shared=Shared(redis_url, instance=name, check_every=0.05, peer_secret=secret))
    await relay.start("127.0.0.1", 0)
    try:
        yield relay
    finally:
        await relay.close()


def peer_port(relay: Relay) -> int:
    assert relay.shared is not None and relay.shared.peers is not None
    return split_address(relay.shared.peers.address)[1]


def test_a_crossing_table_plays_over_the_link_and_not_through_redis(redis: RedisServer) -> None:
    async def go() -> None:
        async with relay_with(redis.url, A) as a, relay_with(redis.url, B) as b:
            assert a.shared is not None and b.shared is not None and b.shared.peers is not None
            h = await host(a)
            far, n = await friend(b, h)
            for i in range(20):
                await far.send(b"to the host %d" % i)
                await h.send(to_line(n, b"to the friend %d" % i))
            assert [await binary(h) for _ in range(20)] == [to_line(n, b"to the host %d" % i) for i in range(20)]
            assert [await binary(far) for _ in range(20)] == [b"to the friend %d" % i for i in range(20)]
            link = b.shared.peers.links[A]
            assert link.ready and not link.via_redis
            assert not b.shared.outbox and not a.shared.outbox  # nothing went to Redis pub/sub
            await h.close()
            assert await closed(far) == 1001

    run(go())


def test_a_stranger_without_the_secret_is_cut_off_before_any_frame(
    redis: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    async def go() -> None:
        async with relay_with(redis.url, A) as a:
            h = await host(a)
            # a frame that would reach the host ("H": table, line 1, sender, payload) if a took it
            frame = b"H" + TABLE.encode() + (1).to_bytes(4, "big") + B.encode() + b"injected"
            framed = len(frame).to_bytes(4, "big") + frame
            # 1. frames without a handshake
            reader, writer = await asyncio.open_connection("127.0.0.1", peer_port(a))
            greeting = await reader.readexactly(GREETING_LEN)
            assert greeting.startswith(MAGIC) and greeting[len(MAGIC) : len(MAGIC) + 16] == A.encode()
            writer.write(framed * 4)
            assert await asyncio.wait_for(reader.read(), 5) == b""  # cut off
            writer.close()
            # 2. a handshake with the wrong secret, then frames
            reader, writer = await asyncio.open_connection("127.0.0.1", peer_port(a))
            greeting = await reader.readexactly(GREETING_LEN)
            nonce = b"n" * 16
            mac = dial_mac(b"not the relays' secret at all", greeting[-16:], nonce, B.encode(), A.encode())
            writer.write(B.encode() + nonce + mac + framed)
            assert await asyncio.wait_for(reader.read(), 5) == b""
            writer.close()
            # 3. a relay with another secret: its friends cannot cross to a's table
            async with relay_with(redis.url, C, secret=b"another secret, not theirs") as c:
                ws = await dial(c)
                assert (await hello(ws, "friend"))["refused"] == "shared_down"
            # the host heard nothing of it; a friend with the right relay still plays
            async with relay_with(redis.url, B) as b:
                far, n = await friend(b, h)
                await far.send(b"genuine")
                assert await binary(h) == to_line(n, b"genuine")
            await h.close()

    with caplog.at_level(logging.INFO, logger="fireside.relay"):
        run(go())
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "wrong secret" in logged and SECRET.decode() not in logged


def test_a_relay_restart_ends_its_crossing_lines_and_its_new_self_is_reached(redis: RedisServer) -> None:
    async def go() -> None:
        async with relay_with(redis.url, A) as a:
            h = await host(a)
            near, n1 = await friend(a, h)
            async with relay_with(redis.url, B) as b:
                far, n2 = await friend(b, h)
                await far.send(b"before")
                assert await binary(h) == to_line(n2, b"before")
            # b stopped: its friend was told, the host hears the line close, the near line goes on
            assert await refused(far) == ("shutting_down", 1001)
            assert await text(h) == {"close": n2}
            await near.send(b"near")
            assert await binary(h) == to_line(n1, b"near")
            async with relay_with(redis.url, B) as b2:  # b again (same id, a new peer port)
                far2, n3 = await friend(b2, h)
                await far2.send(b"after")
                assert await binary(h) == to_line(n3, b"after")
                await h.send(to_line(n3, b"back"))
                assert await binary(far2) == b"back"
                assert a.shared is not None and a.shared.peers is not None
                assert a.shared.peers.links[B].ready  # a dialled b's new self
                await h.close()
                assert await closed(far2) == 1001

    run(go())


@pytest.mark.parametrize(
    ("given", "parsed"),
    [("10.0.0.2", ("10.0.0.2", 0)), ("relay-a:8766", ("relay-a", 8766)), ("[::1]:9", ("::1", 9)), ("::1", ("::1", 0))],
)
def test_peer_addresses(given: str, parsed: tuple[str, int]) -> None:
    assert split_address(given) == parsed
    for bad in ("host:port", "[::1", "h:0", "h:70000"):
        with pytest.raises(ValueError):
            split_address(bad)
