"""Links between relay instances, Redis off the forwarding path (issue 34, deliverable 5).

With a shared secret (`fireside relay --peer-secret`, or the environment's
FIRESIDE_RELAY_PEER_SECRET) the instances that share a Redis forward the
messages of crossing lines to each other over TCP links of their own instead
of Redis pub/sub: Redis stays the registry (which instance holds a table, and
``fireside:relay:peer:<instance>`` → the address its link listens on), and a
crossing message goes friend → relay B → relay A → host without a third
process in between.  Each instance dials, once, every instance it has
something to send to and keeps that link for as long as both live: one link
per direction and pair, so the messages from one instance to another keep
their order (a payload before the close that follows it).  A message is
written as it comes (what waited for the handshake goes in one write; a
backed-up socket's transport gathers what follows).

A link starts with a handshake that proves, both ways, that the other end
holds the secret (HMAC-SHA256 over fresh nonces and both instance ids; the
secret never crosses), and that the dialled instance is the one the registry
named.  A stranger who reaches the peer port without the secret is cut off
before any of its bytes is read as a frame.

After the handshake the link is sealed: the frames (the messages
game/net/relay/shared.py already understands, ``J``, ``A``, ``H``, ``F``, ...)
cross as records of a 4-byte length and the ChaCha20-Poly1305 ciphertext of
one frame, the length authenticated with it.  The key comes by HKDF-SHA256
from the secret and the handshake's transcript (both fresh nonces, both
instance ids), so every link has a key of its own that never crossed; frames
go one way only, dialler to dialled (the other way is the other instance's
own link, with its own handshake and key), and the labels name that way.  The
cipher's nonce is the record's number on the link, which neither end sends:
the dialled end opens each record with the number it expects next, so a
record that was altered, replayed, dropped or reordered on the way fails its
seal, and that ends the link (logged without a secret, a table id or a byte
of the record).  Someone on the relays' network sees the instance ids of the
handshake and the records' sizes, no table, line, message kind or payload
(the payloads are sealed end to end by the players as well), and cannot
inject or replay a message.  The magic is ``FSRPEER2``: an instance of the
unsealed links (``FSRPEER1``) and this one refuse each other at the greeting.

ChaCha20-Poly1305 and HKDF come from `cryptography`, as game/net/seal.py's;
nothing here is home-made cryptography.

A link that ends (its instance stopped, crashed or restarted) ends the lines
that crossed over it, plainly ("shared_down"), as a lost Redis does; the next
message to that instance dials again.  An instance that registered no peer
address (no secret given) is reached through Redis pub/sub as before."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import os
import socket
from collections.abc import Awaitable, Callable
from typing import cast

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from game.net.relay.limits import MAX_PAYLOAD

log = logging.getLogger("fireside.relay")

MAGIC = b"FSRPEER2"  # 2: sealed frames after the handshake
#: The greeting of another version of the link (refused plainly, never parsed further).
MAGIC_FAMILY = b"FSRPEER"
ID_LEN = 16
NONCE_LEN = 16
MAC_LEN = 32
GREETING_LEN = len(MAGIC) + ID_LEN + NONCE_LEN
HELLO_LEN = ID_LEN + NONCE_LEN + MAC_LEN
#: The largest frame a link takes (a payload and the few bytes that route it).
MAX_FRAME = MAX_PAYLOAD + 64
TAG_LEN = 16
#: The largest record (a sealed frame after its 4-byte length): the largest frame and its tag.
MAX_RECORD = MAX_FRAME + TAG_LEN
#: Bytes a link may hold unsent (the other instance reads too slowly, or is not reached yet): then it ends.
WRITE_MAX = 32 * 1024 * 1024
#: Seconds for a dial and its handshake.
DIAL_TIMEOUT = 3.0
ENV_SECRET = "FIRESIDE_RELAY_PEER_SECRET"
MIN_SECRET = 16


def _mac(secret: bytes, *parts: bytes) -> bytes:
    return hmac.new(secret, b"".join(parts), hashlib.sha256).digest()


def dial_mac(secret: bytes, server_nonce: bytes, client_nonce: bytes, client: bytes, server: bytes) -> bytes:
    return _mac(secret, b"fireside relay peer 2: dial", server_nonce, client_nonce, client, server)


def accept_mac(secret: bytes, server_nonce: bytes, client_nonce: bytes, client: bytes, server: bytes) -> bytes:
    return _mac(secret, b"fireside relay peer 2: accept", client_nonce, server_nonce, server, client)


def link_key(secret: bytes, server_nonce: bytes, client_nonce: bytes, client: bytes, server: bytes) -> bytes:
    """The key of the frames a link carries, dialler (`client`) to dialled (`server`): HKDF-SHA256 of
    the secret over the handshake's transcript, so each link has its own."""
    hkdf = HKDF(
        algorithm=hashes.SHA256(),
        length=32,
        salt=b"fireside relay peer 2: link",
        info=b"frames dialler to dialled:" + server_nonce + client_nonce + client + server,
    )
    return hkdf.derive(secret)


class Seal:
    """One way of one link: `seal` a frame into a record (its 4-byte length, then the ciphertext),
    or `open` the next record.  The cipher's nonce is the record's number (12 bytes, big-endian:
    no two records share one), which both ends count and neither sends."""

    __slots__ = ("aead", "count")

    def __init__(self, key: bytes) -> None:
        self.aead = ChaCha20Poly1305(key)
        self.count = 0

    def seal(self, frame: bytes) -> bytes:
        count = self.count
        self.count = count + 1
        head = (len(frame) + TAG_LEN).to_bytes(4, "big")
        return head + self.aead.encrypt(count.to_bytes(12, "big"), frame, head)

    def open(self, head: bytes, body: bytes) -> bytes:
        """The frame in the record `head` + `body`; InvalidTag if it is not the next one as sealed."""
        count = self.count
        self.count = count + 1
        return self.aead.decrypt(count.to_bytes(12, "big"), body, head)


class _Inbound(asyncio.Protocol):
    """A link another instance dialled: its handshake, then frames to `deliver`."""

    def __init__(self, peers: Peers) -> None:
        self.peers = peers
        self.buf = bytearray()
        self.nonce = os.urandom(NONCE_LEN)
        self.transport: asyncio.Transport | None = None
        self.sender = ""  # the dialling instance, once it proved the secret
        self.opener: Seal | None = None  # its frames' seal, from the handshake on
        self.timer: asyncio.TimerHandle | None = None
        self.address = "?"

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport = cast(asyncio.Transport, transport)  # uvloop's is not a subclass
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.peers.inbound.add(self)
        transport.write(MAGIC + self.peers.me + self.nonce)
        self.timer = asyncio.get_running_loop().call_later(DIAL_TIMEOUT, self.refuse, "no handshake in time")

    def refuse(self, why: str) -> None:
        log.warning("peer link from %s refused: %s", self.peers.shown(self.address), why)
        if self.transport is not None:
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        self.buf += data
        if not self.sender:
            if len(self.buf) < HELLO_LEN:
                return
            client, nonce, mac = (
                bytes(self.buf[:ID_LEN]),
                bytes(self.buf[ID_LEN : ID_LEN + NONCE_LEN]),
                bytes(self.buf[ID_LEN + NONCE_LEN : HELLO_LEN]),
            )
            del self.buf[:HELLO_LEN]
            secret, me = self.peers.secret, self.peers.me
            if not hmac.compare_digest(mac, dial_mac(secret, self.nonce, nonce, client, me)):
                self.refuse("wrong secret")
                return
            try:
                self.sender = client.decode("ascii")
            except UnicodeDecodeError:
                self.refuse("bad instance id")
                return
            if self.timer is not None:
                self.timer.cancel()
            assert self.transport is not None
            self.opener = Seal(link_key(secret, self.nonce, nonce, client, me))
            self.transport.write(accept_mac(secret, self.nonce, nonce, client, me))
            log.info("peer link from instance %s", self.sender[:6])
        opener = self.opener
        if opener is None:  # refused already
            return
        buf = self.buf
        at, n = 0, len(buf)
        deliver = self.peers.deliver
        while n - at >= 4:
            head = bytes(buf[at : at + 4])
            size = int.from_bytes(head, "big")
            if not TAG_LEN <= size <= MAX_RECORD:
                self.fail_link("a record of an impossible size")
                return
            if n - at - 4 < size:
                break
            try:
                frame = opener.open(head, bytes(buf[at + 4 : at + 4 + size]))
            except InvalidTag:
                self.fail_link("a record failed its seal (altered, replayed, dropped or reordered on the way)")
                return
            at += 4 + size
            deliver(frame)
            if self.opener is None:  # the link ended while the frame was delivered
                return
        if at:
            del buf[:at]

    def fail_link(self, why: str) -> None:
        """Nothing more is read from this link: it ends (so do the lines that crossed over it)."""
        self.opener = None
        del self.buf[:]
        self.refuse(why)

    def connection_lost(self, exc: Exception | None) -> None:
        self.opener = None
        if self.timer is not None:
            self.timer.cancel()
        self.peers.inbound.discard(self)
        if self.sender:
            self.peers.gone(self.sender, "its link ended")


class Link(asyncio.Protocol):
    """The link this instance dialled to `instance`: what is sent to it, in order."""

    def __init__(self, peers: Peers, instance: str) -> None:
        self.peers = peers
        self.instance = instance
        self.transport: asyncio.Transport | None = None
        self.out: list[bytes] = []  # frames not yet written (waiting for the handshake)
        self.out_bytes = 0
        self.ready = False  # the handshake is done
        self.closed = False
        self.via_redis = False  # the instance has no peer address: Redis pub/sub it is
        self.greeting = bytearray()
        self.handshake: asyncio.Future[None] | None = None
        self.nonce = os.urandom(NONCE_LEN)
        self.server_nonce = b""
        self.sealer: Seal | None = None  # from the handshake on
        self.task: asyncio.Task[None] | None = None

    def send(self, data: bytes) -> bool:
        if self.closed:
            return False
        if self.via_redis:
            return self.peers.publish(self.instance, data)
        transport, sealer = self.transport, self.sealer
        if self.ready and transport is not None and sealer is not None:  # the hot path: sealed and written at once
            transport.write(sealer.seal(data))
            if transport.get_write_buffer_size() > WRITE_MAX:
                self.fail("the other instance reads too slowly")
            return not self.closed
        self.out.append(data)
        self.out_bytes += 4 + TAG_LEN + len(data)
        if self.out_bytes > WRITE_MAX:
            self.fail("the other instance reads too slowly")
            return False
        return True

    def flush(self) -> None:
        """Write what waited for the handshake, each frame sealed, in one write.  Once the link is
        ready, a frame is sealed and written as it comes: a crossing hop waits for no further turn
        of the loop (measured: a write deferred to the loop's next turn, to send a turn's frames in
        one write, cost more round-trip time than it saved; and sealed as one record, a turn's
        frames would save few seals: 1.13 frames a turn in relay-bench's 200 tables). When the
        socket is backed up, the transport gathers what follows and sends it in as few writes as
        it can."""
        transport, sealer = self.transport, self.sealer
        if self.closed or not self.out or transport is None or sealer is None:
            return
        out, self.out, self.out_bytes = self.out, [], 0
        transport.write(b"".join([sealer.seal(frame) for frame in out]))
        if transport.get_write_buffer_size() > WRITE_MAX:
            self.fail("the other instance reads too slowly")

    async def dial(self) -> None:
        try:
            address = await self.peers.resolve(self.instance)
            if self.closed:
                return
            if address is None:  # no peer link there: the messages go through Redis, as before
                self.via_redis = True
                out, self.out, self.out_bytes = self.out, [], 0
                for frame in out:
                    self.peers.publish(self.instance, frame)
                return
            host, port = split_address(address)
            loop = asyncio.get_running_loop()
            self.handshake = loop.create_future()
            await asyncio.wait_for(loop.create_connection(lambda: self, host, port), DIAL_TIMEOUT)
            await asyncio.wait_for(self.handshake, DIAL_TIMEOUT)
        except (OSError, ValueError, asyncio.TimeoutError, ConnectionError) as exc:
            self.fail(f"not reached ({type(exc).__name__}: {exc})")
            return
        self.ready = True
        self.flush()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport = cast(asyncio.Transport, transport)  # uvloop's is not a subclass
        transport.set_write_buffer_limits(high=WRITE_MAX)
        sock = transport.get_extra_info("socket")
        if sock is not None:
            try:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError:
                pass

    def data_received(self, data: bytes) -> None:
        if self.ready or self.handshake is None or self.handshake.done():
            self.fail("it sent something after its handshake")
            return
        self.greeting += data
        if not self.server_nonce:
            if len(self.greeting) < GREETING_LEN:
                return
            magic = bytes(self.greeting[: len(MAGIC)])
            server = bytes(self.greeting[len(MAGIC) : len(MAGIC) + ID_LEN])
            self.server_nonce = bytes(self.greeting[len(MAGIC) + ID_LEN : GREETING_LEN])
            del self.greeting[:GREETING_LEN]
            if magic != MAGIC:
                if magic.startswith(MAGIC_FAMILY):
                    self.handshake.set_exception(ConnectionError("it speaks another version of the peer link"))
                else:
                    self.handshake.set_exception(ConnectionError("not a relay's peer port"))
                return
            if server != self.instance.encode():
                self.handshake.set_exception(ConnectionError("another instance answers at its address"))
                return
            me, secret = self.peers.me, self.peers.secret
            assert self.transport is not None
            self.transport.write(me + self.nonce + dial_mac(secret, self.server_nonce, self.nonce, me, server))
        if len(self.greeting) < MAC_LEN:
            return
        mac = bytes(self.greeting[:MAC_LEN])
        me, secret, server = self.peers.me, self.peers.secret, self.instance.encode()
        if len(self.greeting) > MAC_LEN or not hmac.compare_digest(
            mac, accept_mac(secret, self.server_nonce, self.nonce, me, server)
        ):
            self.handshake.set_exception(ConnectionError("it does not hold the secret"))
            return
        self.sealer = Seal(link_key(secret, self.server_nonce, self.nonce, me, server))
        self.handshake.set_result(None)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.handshake is not None and not self.handshake.done():
            self.handshake.set_exception(ConnectionError("closed during the handshake"))
        self.fail("its link ended")

    def fail(self, why: str) -> None:
        if self.closed:
            return
        self.closed = True
        self.out, self.out_bytes = [], 0
        if self.transport is not None:
            self.transport.abort()
        self.peers.gone(self.instance, why, self)

    def close(self) -> None:
        self.closed = True
        if self.task is not None:
            self.task.cancel()
        if self.transport is not None:
            self.transport.close()


class Peers:
    """This instance's peer port and its links to the other instances.

    `resolve(instance)` finds an instance's peer address in the registry (None: it has none);
    `deliver(frame)` takes a frame another instance sent; `publish(instance, frame)` sends through
    Redis to an instance without a peer address; `lost(instance)` ends the lines that crossed to it."""

    def __init__(
        self,
        secret: bytes,
        instance: str,
        *,
        resolve: Callable[[str], Awaitable[str | None]],
        deliver: Callable[[bytes], None],
        publish: Callable[[str, bytes], bool],
        lost: Callable[[str], None],
        shown: Callable[[str], str] = lambda address: address,
    ) -> None:
        if len(secret) < MIN_SECRET:
            raise ValueError(f"the peer secret needs at least {MIN_SECRET} characters")
        self.secret = secret
        self.instance = instance
        self.me = instance.encode("ascii")
        assert len(self.me) == ID_LEN
        self.resolve = resolve
        self.deliver = deliver
        self.publish = publish
        self.lost = lost
        self.shown = shown
        self.links: dict[str, Link] = {}
        self.inbound: set[_Inbound] = set()
        self.server: asyncio.Server | None = None
        self.address = ""  # what the other instances dial (host:port), set by listen()
        self.closing = False
        # The first key and cipher cost a process about 1 MiB and a moment, once (cryptography sets
        # itself up): paid here, at start, rather than by the first crossing join.
        Seal(link_key(secret, bytes(NONCE_LEN), bytes(NONCE_LEN), self.me, self.me)).seal(b"")

    async def listen(self, bind: str, port: int, advertise: str | None = None) -> str:
        """Listen on `bind`:`port` (0: any free port); the address others dial: `advertise`
        (HOST or HOST:PORT), or by default the bind address, or this machine's own address when
        bound to every interface."""
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(lambda: _Inbound(self), bind or None, port)
        bound = int(self.server.sockets[0].getsockname()[1])
        host, given_port = split_address(advertise or "")
        if not host:
            host = bind if bind not in ("", "0.0.0.0", "::") else _own_address()
        if ":" in host:
            host = f"[{host}]"
        self.address = f"{host}:{given_port or bound}"
        return self.address

    def send(self, instance: str, data: bytes) -> bool:
        link = self.links.get(instance)
        if link is None:
            link = self.links[instance] = Link(self, instance)
            link.task = asyncio.get_running_loop().create_task(link.dial())
        return link.send(data)

    def gone(self, instance: str, why: str, link: Link | None = None) -> None:
        """A link to (`link`) or from `instance` ended: so did the lines that crossed to it."""
        if link is not None and self.links.get(instance) is link:
            del self.links[instance]
        if self.closing:
            return
        say = log.info if why == "its link ended" else log.warning
        say("peer link with instance %s ended: %s", instance[:6], why)
        self.lost(instance)

    def forget_redis_routes(self) -> None:
        """Redis was lost: instances reached through it are looked up again next time (they may have a link by then)."""
        for instance, link in list(self.links.items()):
            if link.via_redis:
                del self.links[instance]
                link.close()

    async def close(self) -> None:
        self.closing = True
        for link in list(self.links.values()):
            link.close()
        self.links.clear()
        for inbound in list(self.inbound):
            if inbound.transport is not None:
                inbound.transport.abort()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()


def split_address(address: str) -> tuple[str, int]:
    """("host", port) of HOST, HOST:PORT, [V6] or [V6]:PORT (port 0 when not given); ValueError if malformed."""
    address = address.strip()
    if address.startswith("["):
        host, bracket, rest = address[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise ValueError(f"not an address: {address!r}")
        port = rest[1:]
    elif address.count(":") == 1:
        host, _, port = address.partition(":")
    else:
        host, port = address, ""
    if port and not (port.isdigit() and 0 < int(port) < 65536):
        raise ValueError(f"not a port: {port!r}")
    return host, int(port or 0)


def _own_address() -> str:
    """This machine's address as its host name resolves (a container's address on its network)."""
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"


def secret_from(given: str | None) -> bytes | None:
    """The peer secret: the option's value, else the environment's FIRESIDE_RELAY_PEER_SECRET, else None."""
    value = given if given else os.environ.get(ENV_SECRET, "")
    return value.encode() if value else None
