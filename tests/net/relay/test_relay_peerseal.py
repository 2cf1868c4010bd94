"""The links between relay instances are sealed after their handshake
(game/net/relay/peers.py): a tap between two instances (a TCP proxy on
127.0.0.1 that each instance registers as its peer address) sees no table id,
no routing and no payload, and a man in the middle who alters, replays, drops
or reorders one record ends the link: the lines that crossed over it end
"shared_down", nothing else breaks, and the next join dials a fresh link."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
from collections.abc import AsyncIterator

import pytest
from cryptography.exceptions import InvalidTag
from relaykit import (
    TABLE,
    WAIT,
    RedisServer,
    binary,
    closed,
    dial,
    friend,
    hello,
    host,
    refused,
    run,
    text,
    to_line,
)

from game.net.relay.limits import Limits
from game.net.relay.peers import GREETING_LEN, HELLO_LEN, MAGIC, MAX_RECORD, Seal, link_key
from game.net.relay.server import Relay

SECRET = b"the relays' own shared secret"
A, B = "aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb"


class Tap:
    """A TCP proxy in front of one instance's peer port: it records the bytes of every link
    that crosses it (both ways), and can do one thing (`mischief`) to one record (`at`) of the
    next link's dialler-to-dialled stream.  Only that link: a redial crosses untouched."""

    def __init__(self) -> None:
        self.target = 0  # the instance's own peer port, once it listens
        self.seen = bytearray()
        self.links = 0
        self.records = 0  # sealed records the dialler sent through, all links
        self.mischief = ""
        self.at = 0
        self.old_greeting = False  # the next link is greeted as an instance of the unsealed links would
        self.server: asyncio.Server | None = None
        self.tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> int:
        self.server = await asyncio.start_server(self.handle, "127.0.0.1", 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
        for task in list(self.tasks):
            task.cancel()
        if self.tasks:
            await asyncio.wait(self.tasks, timeout=2.0)

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.links += 1
        mischief, self.mischief = self.mischief, ""
        old, self.old_greeting = self.old_greeting, False
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        tasks = [
            asyncio.ensure_future(self.back(up_reader, writer, old)),
            asyncio.ensure_future(self.forth(reader, up_writer, mischief)),
        ]
        self.tasks.update(tasks)
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
                self.tasks.discard(task)
            for w in (writer, up_writer):
                w.close()

    async def back(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, old: bool) -> None:
        """Dialled to dialler: the greeting (its magic an old one's if `old`) and the accept MAC."""
        with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError):
            greeting = await reader.readexactly(GREETING_LEN)
            self.seen += greeting
            writer.write(b"FSRPEER1" + greeting[len(MAGIC) :] if old else greeting)
            while data := await reader.read(65536):
                self.seen += data
                writer.write(data)

    async def forth(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, mischief: str) -> None:
        """Dialler to dialled: the hello as it is, then record by record (one of them mishandled)."""
        with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError):
            hello = await reader.readexactly(HELLO_LEN)
            self.seen += hello
            writer.write(hello)
            held: bytes | None = None
            number = 0
            while True:
                head = await reader.readexactly(4)
                record = head + await reader.readexactly(int.from_bytes(head, "big"))
                self.seen += record
                self.records += 1
                if mischief and number == self.at:
                    if mischief == "alter":
                        record = record[:-1] + bytes([record[-1] ^ 1])
                    elif mischief == "replay":
                        record = record + record
                    elif mischief == "drop":
                        record = b""
                    elif mischief == "reorder":
                        held, record = record, b""
                    elif mischief == "oversize":
                        record = (MAX_RECORD + 1).to_bytes(4, "big") + record[4:]
                elif held is not None:
                    record, held = record + held, None
                number += 1
                writer.write(record)


@contextlib.asynccontextmanager
async def tapped(redis_url: str, name: str) -> AsyncIterator[tuple[Relay, Tap]]:
    """A relay instance whose registered peer address is a tap in front of its peer port."""
    from game.net.relay.shared import Shared

    tap = Tap()
    port = await tap.start()
    shared = Shared(
        redis_url,
        instance=name,
        check_every=0.05,
        peer_secret=SECRET,
        peer_bind="127.0.0.1",
        peer_address=f"127.0.0.1:{port}",
    )
    relay = Relay(Limits(), shared=shared)
    await relay.start("127.0.0.1", 0)
    assert shared.peers is not None and shared.peers.server is not None
    tap.target = int(shared.peers.server.sockets[0].getsockname()[1])
    try:
        yield relay, tap
    finally:
        await relay.close()
        await tap.close()


def test_a_tap_between_two_instances_sees_no_table_no_routing_and_no_payload(redis: RedisServer) -> None:
    sent: list[bytes] = []

    async def go() -> tuple[Tap, Tap, int]:
        async with tapped(redis.url, A) as (a, tap_a), tapped(redis.url, B) as (b, tap_b):
            h = await host(a)
            far, n = await friend(b, h)  # J over b → a, A over a → b
            for i in range(10):
                up, down = b"secret move %d" % i, b"secret view %d" % i
                sent.extend((up, down))
                await far.send(up)  # H over b → a
                await h.send(to_line(n, down))  # F over a → b
                assert await binary(h) == to_line(n, up)
                assert await binary(far) == down
            await far.close()  # C over b → a
            assert await text(h) == {"close": n}
            await h.close()
            return tap_a, tap_b, n

    tap_a, tap_b, n = run(go())
    # each instance dialled the other once, through the other's tap, and sent its frames sealed
    assert tap_a.links == 1 and tap_b.links == 1
    assert tap_a.records >= 12 and tap_b.records >= 11  # J, 10 × H, C / A, 10 × F
    seen = bytes(tap_a.seen + tap_b.seen)
    assert MAGIC in seen and B.encode() in seen  # the tap saw the links (their handshakes are in the clear)
    assert TABLE.encode() not in seen
    line_and_sender = n.to_bytes(4, "big") + B.encode()  # how an H frame routes a line
    for clear in (*sent, b"secret", line_and_sender):
        assert clear not in seen, clear


@pytest.mark.parametrize("mischief", ["alter", "replay", "drop", "reorder", "oversize"])
def test_a_record_mishandled_on_the_way_ends_the_link_and_a_fresh_one_is_dialled(
    redis: RedisServer, caplog: pytest.LogCaptureFixture, mischief: str
) -> None:
    async def go() -> None:
        async with tapped(redis.url, A) as (a, tap_a), tapped(redis.url, B) as (b, _):
            h = await host(a)
            tap_a.mischief, tap_a.at = mischief, 1  # records b → a: 0 the join, then "one", "two", "three"
            far, n = await friend(b, h)
            for word in (b"one", b"two", b"three"):
                await far.send(word)
            # the crossing line ends plainly at both ends
            assert await refused(far) == ("shared_down", 1008)
            heard: list[bytes | str] = []
            for _ in range(10):
                message = await asyncio.wait_for(h.recv(), WAIT)
                if isinstance(message, str) and json.loads(message) == {"close": n}:
                    break
                heard.append(message)
            else:
                raise AssertionError(f"the host was never told the line closed: {heard}")
            # only what was sealed and in its turn reached the host (a replayed "one" came once)
            assert heard == ([to_line(n, b"one")] if mischief == "replay" else []), heard
            # a fresh link: the next friend at b crosses to a's host again, through the same tap
            far2, n2 = await friend(b, h)
            await far2.send(b"after")
            assert await binary(h) == to_line(n2, b"after")
            await h.send(to_line(n2, b"back"))
            assert await binary(far2) == b"back"
            assert tap_a.links == 2
            await h.close()
            assert await closed(far2) == 1001

    with caplog.at_level(logging.INFO, logger="fireside.relay"):
        run(go())
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert ("impossible size" if mischief == "oversize" else "failed its seal") in logged
    assert SECRET.decode() not in logged and TABLE not in logged
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # nothing crashed


def test_an_instance_of_the_unsealed_links_and_this_one_refuse_each_other(
    redis: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    async def go() -> None:
        async with tapped(redis.url, A) as (a, tap_a), tapped(redis.url, B) as (b, _):
            h = await host(a)
            # this instance dialling an old one: refused at its greeting, the join ends plainly
            tap_a.old_greeting = True
            ws = await dial(b)
            assert (await hello(ws, "friend"))["refused"] == "shared_down"
            # an old instance dialling this one: an old one stops at the greeting's magic; one that
            # went on with its old hello (its MAC under the old label) and a frame is cut off unread
            reader, writer = await asyncio.open_connection("127.0.0.1", tap_a.target)
            greeting = await reader.readexactly(GREETING_LEN)
            assert greeting.startswith(b"FSRPEER2") and not greeting.startswith(b"FSRPEER1")
            nonce = b"n" * 16
            mac = hmac.new(
                SECRET, b"fireside relay peer: dial" + greeting[-16:] + nonce + B.encode() + A.encode(), hashlib.sha256
            ).digest()
            frame = b"H" + TABLE.encode() + (1).to_bytes(4, "big") + B.encode() + b"injected"
            writer.write(B.encode() + nonce + mac + len(frame).to_bytes(4, "big") + frame)
            assert await asyncio.wait_for(reader.read(), WAIT) == b""  # cut off
            writer.close()
            # both versions refused, the next join dials a link of this version and crosses
            far, n = await friend(b, h)
            await far.send(b"genuine")
            assert await binary(h) == to_line(n, b"genuine")
            await h.close()

    with caplog.at_level(logging.INFO, logger="fireside.relay"):
        run(go())
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "another version of the peer link" in logged and "wrong secret" in logged
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_each_link_has_a_key_of_its_own_and_a_record_opens_once_in_its_turn() -> None:
    ids = (B.encode(), A.encode())
    key = link_key(SECRET, b"s" * 16, b"c" * 16, *ids)
    assert len(key) == 32 and SECRET not in key
    assert link_key(SECRET, b"S" * 16, b"c" * 16, *ids) != key  # another server nonce
    assert link_key(SECRET, b"s" * 16, b"C" * 16, *ids) != key  # another client nonce
    assert link_key(SECRET, b"s" * 16, b"c" * 16, A.encode(), B.encode()) != key  # the other way
    assert link_key(b"another secret, not theirs", b"s" * 16, b"c" * 16, *ids) != key
    sender, receiver, stranger = Seal(key), Seal(key), Seal(link_key(SECRET, b"x" * 16, b"c" * 16, *ids))
    records = [sender.seal(b"frame %d" % i) for i in range(3)]
    assert all(len(r) == 4 + len(b"frame 0") + 16 and int.from_bytes(r[:4], "big") == len(r) - 4 for r in records)
    assert records[0][4:] != records[1][4:]  # the same length, another nonce
    assert [receiver.open(r[:4], r[4:]) for r in records] == [b"frame %d" % i for i in range(3)]
    with pytest.raises(InvalidTag):
        Seal(key).open(records[1][:4], records[1][4:])  # out of its turn
    with pytest.raises(InvalidTag):
        stranger.open(records[0][:4], records[0][4:])  # another link's key
    with pytest.raises(InvalidTag):
        Seal(key).open((99).to_bytes(4, "big"), records[0][4:])  # its length changed
