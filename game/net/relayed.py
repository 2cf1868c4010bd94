"""Both ends of a table through a relay (issue 34; wire: notes' relay spec v1).

The host dials *out* to the relay (`RelayHost`, run in the `HostServer`'s
loop) and registers its table by the invite's table id; every friend line the
relay opens becomes a `RelayedLine`, which looks to the carrier like one more
WebSocket connection: the carrier's `_serve` reads and writes it as it does a
direct one, so the authority never knows the difference.

A friend (`open_line`) dials the relay with the invite, sends the line's nonce
(b"FSL1" + 16 bytes) in the clear, and from then on every message both ways is
sealed (`seal.Channel`): the relay sees table id, line numbers and sealed
bytes, never a name, a card or a chat line.  The first sealed frame from the
host is the line's offer: the table's code and the host's own addresses, so a
friend on the same network dials the host directly (short timeout) and goes
through the relay only when that fails (`LineOffer`, `Line.path`).  A direct
line is sealed the same way (the host's port at `SEALED_PATH`, `SealedSocket`):
it proves the friend reached the invite's host, not whatever answers at that
address in another home.

Any frame that does not open (changed, replayed, reordered, dropped) closes
that line with a plain message (`seal.REFUSED_TEXT`); the game's other lines go on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from game.net import protocol as p
from game.net import seal
from game.net.invite import Invite

log = logging.getLogger(__name__)

__all__ = [
    "DIRECT_TIMEOUT",
    "Line",
    "LineOffer",
    "RelayHost",
    "RelayRefused",
    "RelayedLine",
    "open_line",
]

#: How long a friend tries the host's own addresses before going through the relay (seconds).
DIRECT_TIMEOUT = 1.5
#: How long the relay may take to answer a hello (seconds).
HELLO_WAIT = 10.0
#: A host whose relay line broke dials again after this long, then twice as long, up to `REDIAL_MAX`.
REDIAL_FIRST = 0.5
REDIAL_MAX = 15.0
_MAX_PAYLOAD = 64 * 1024
#: The path on the host's own port where a friend with the invite dials it directly, sealed as on the relay.
SEALED_PATH = "/sealed"
#: Frames a friend's line may have waiting for the table before the host lets it go (a direct
#: line is held back by TCP instead), and frames waiting for the relay before the host waits to send.
LINE_INBOX = 1024
RELAY_OUTBOX = 4096
_OFFER_KEY = "fsl"


class RelayRefused(ConnectionError):
    """The relay said no (its code and its plain words), or the line could not be made."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


@dataclass
class LineOffer:
    """The host's first sealed frame on a line: its table's code and where it can be dialled directly."""

    code: str | None = None
    direct: list[str] = field(default_factory=list)

    def encode(self) -> bytes:
        return json.dumps({_OFFER_KEY: 1, "code": self.code, "direct": self.direct[:8]}).encode()

    @classmethod
    def decode(cls, data: bytes) -> LineOffer:
        try:
            raw = json.loads(data)
        except ValueError:
            raise RelayRefused("bad_offer", "The host's first message on the line could not be read.") from None
        if not isinstance(raw, dict) or raw.get(_OFFER_KEY) != 1:
            raise RelayRefused("bad_offer", "The host's first message on the line is not a line offer.")
        code = raw.get("code")
        direct = raw.get("direct")
        if code is not None and (not isinstance(code, str) or len(code) > 16):
            code = None
        urls = (
            [u for u in direct if isinstance(u, str) and u.startswith("ws://") and len(u) < 200]
            if isinstance(direct, list)
            else []
        )
        return cls(code, urls[:8])


def _control(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def _read_control(raw: str | bytes) -> dict[str, Any]:
    if not isinstance(raw, str) or len(raw) > 1024:
        return {}
    try:
        message = json.loads(raw)
    except ValueError:
        return {}
    return message if isinstance(message, dict) else {}


def _refusal(message: dict[str, Any]) -> RelayRefused:
    code = str(message.get("refused", "refused"))[:40]
    text = str(message.get("text", "")).strip()[:300] or "The relay refused the line."
    return RelayRefused(code, text)


# -- the host's end ---------------------------------------------------------------


class _Transport:
    """What the carrier asks of a line's transport: the bytes not yet written (none, here)."""

    def __init__(self, line: RelayedLine) -> None:
        self._line = line

    def get_write_buffer_size(self) -> int:
        return 0

    def abort(self) -> None:
        self._line.end()


class RelayedLine:
    """One friend's line through the relay, as the carrier sees a connection:
    `async for` gives each opened message, `send` seals and forwards one,
    `close` asks the relay to drop the friend."""

    relayed = True
    wrapped = True  # not a bare WebSocket: the carrier never writes to it past `send`

    def __init__(self, host: RelayHost, number: int) -> None:
        self.host = host
        self.number = number
        self.remote_address = (f"relay line {number}", 0)
        self.transport = _Transport(self)
        self.channel: seal.Channel | None = None
        self.refused: str | None = None  # why the line was refused, when it was
        self._inbox: asyncio.Queue[str | None] = asyncio.Queue()  # bounded by hand (LINE_INBOX): None always fits
        self._ended = False

    # the carrier's side
    def __aiter__(self) -> AsyncIterator[str]:
        return self._messages()

    async def _messages(self) -> AsyncIterator[str]:
        while True:
            message = await self._inbox.get()
            if message is None:
                return
            yield message

    async def send(self, data: bytes | str, text: bool | None = None) -> None:
        if self._ended or self.channel is None:
            return
        raw = data.encode() if isinstance(data, str) else data
        frame = self.number.to_bytes(4, "big") + self.channel.seal(raw)
        await self.host._out.put(frame)  # a relay slow to read holds the writer back, not the memory

    async def close(self, code: int = 1000, reason: str = "") -> None:
        if not self._ended:
            # behind the line's last frames in the queue to the relay, which sends the friend
            # what it queued for it (the bye) before it closes the line
            self.host.send_control({"close": self.number})
        self.end()

    # the relay's side
    def feed(self, payload: bytes) -> None:
        if self._ended:
            return
        try:
            if self.channel is None:
                nonce = seal.nonce_from_hello(payload)
                self.channel = seal.Channel(self.host.invite.secret, self.host.invite.table, nonce, "host")
                self.host.send_frame(self.number, self.channel.seal(self.host.offer().encode()))
                return
            message = self.channel.open(payload)
        except seal.SealError as exc:
            self.refused = f"{seal.REFUSED_TEXT} ({exc})"
            self.host.refusals += 1
            log.warning("relay line %s refused: %s", self.number, self.refused)
            self.host.send_control({"close": self.number})
            self.end()
            return
        if self._inbox.qsize() >= LINE_INBOX:  # faster than the table reads: let it go, as a slow reader is
            log.info("relay line %s sent too much too fast", self.number)
            self.host.send_control({"close": self.number})
            self.end()
            return
        self._inbox.put_nowait(message.decode("utf-8", "replace"))  # the authority refuses what it can't read

    def end(self) -> None:
        if not self._ended:
            self._ended = True
            self._inbox.put_nowait(None)


class RelayHost:
    """The host's line out to the relay, in the carrier's loop: registers the
    table, turns each friend line into a `RelayedLine` served by `serve`
    (the carrier's `_serve`), and dials again when the relay line breaks."""

    def __init__(
        self,
        invite: Invite,
        serve: Callable[[Any], Any],
        *,
        code: Callable[[], str | None] = lambda: None,
        direct: Callable[[], list[str]] = list,
    ) -> None:
        self.invite = invite
        self.serve = serve
        self.code = code
        self.direct = direct
        self.lines: dict[int, RelayedLine] = {}
        self.refusals = 0  # lines refused for a frame that did not open
        self.registered = False
        self.refused: RelayRefused | None = None  # the relay's last refusal (its words are shown)
        self.error: str | None = None  # why the relay can't be reached now, in plain words
        self.on_change: Callable[[], None] | None = None
        self._ws: Any = None
        self._out: asyncio.Queue[str | bytes] = asyncio.Queue(RELAY_OUTBOX)
        self._tasks: set[asyncio.Task[Any]] = set()

    def offer(self) -> LineOffer:
        return LineOffer(self.code(), self.direct())

    def send_frame(self, number: int, payload: bytes) -> None:
        with contextlib.suppress(asyncio.QueueFull):  # a relay that reads nothing: its line is lost anyway
            self._out.put_nowait(number.to_bytes(4, "big") + payload)

    def send_control(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(asyncio.QueueFull):
            self._out.put_nowait(_control(message))

    def _changed(self) -> None:
        if self.on_change is not None:
            with contextlib.suppress(Exception):
                self.on_change()

    async def flush(self, timeout: float = 0.3) -> None:
        """Let what is queued for the relay go, the frame being written too (bounded: a relay
        that doesn't read costs `timeout`)."""
        if self._ws is None:
            return
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._out.join(), timeout)

    async def close(self) -> None:
        """Hang up on the relay: it sends each friend what it has for it (the last words, after
        `flush`), then tells them the host is gone."""
        ws = self._ws
        if ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(1000, "host closed"), 1.0)

    async def run(self) -> None:
        """Until cancelled: the relay line, dialled again after a break."""
        wait = REDIAL_FIRST
        while True:
            try:
                await self._once()
                wait = REDIAL_FIRST
            except asyncio.CancelledError:
                raise
            except RelayRefused as exc:
                self.refused, self.error = exc, exc.text
                log.warning("the relay refused the table: %s (%s)", exc.text, exc.code)
                if exc.code in ("table_taken", "bad_hello", "too_many_tables"):
                    wait = REDIAL_MAX
            except Exception as exc:
                self.error = f"The relay can't be reached: {exc}"
                log.info("relay line: %s", exc)
            finally:
                self.registered = False
                for line in list(self.lines.values()):
                    line.end()
                self.lines.clear()
                self._changed()
            await asyncio.sleep(wait)
            wait = min(wait * 2, REDIAL_MAX)

    async def _once(self) -> None:
        from websockets.asyncio.client import connect

        async with connect(self.invite.relay.url(), max_size=_MAX_PAYLOAD + 4, compression=None, open_timeout=10) as ws:
            await ws.send(_control({"relay": 1, "role": "host", "table": self.invite.table}))
            answer = _read_control(await asyncio.wait_for(ws.recv(), HELLO_WAIT))
            if "refused" in answer:
                raise _refusal(answer)
            if answer.get("ok") != "host":
                raise RelayRefused("bad_answer", "The relay answered in a way Fireside does not understand.")
            self._ws, self.registered, self.error, self.refused = ws, True, None, None
            self._out = asyncio.Queue(RELAY_OUTBOX)
            self._changed()
            writer = asyncio.create_task(self._write(ws))
            try:
                async for raw in ws:
                    self._take(raw)
            finally:
                writer.cancel()
                self._ws = None

    async def _write(self, ws: Any) -> None:
        while True:
            frame = await self._out.get()
            try:
                await ws.send(frame)
            finally:
                self._out.task_done()

    def _take(self, raw: str | bytes) -> None:
        if isinstance(raw, bytes):
            if len(raw) < 4:
                return
            line = self.lines.get(int.from_bytes(raw[:4], "big"))
            if line is not None:
                line.feed(raw[4:])
            return
        message = _read_control(raw)
        opened, closed = message.get("open"), message.get("close")
        if isinstance(opened, int) and opened > 0 and opened not in self.lines:
            line = RelayedLine(self, opened)
            self.lines[opened] = line
            task = asyncio.create_task(self._serve(line))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        elif isinstance(closed, int):
            gone = self.lines.pop(closed, None)
            if gone is not None:
                gone._ended = True  # the relay has dropped it: nothing to tell
                gone._inbox.put_nowait(None)
        elif "ping" in message:
            self.send_control({"pong": message["ping"]})

    async def _serve(self, line: RelayedLine) -> None:
        try:
            await self.serve(line)
        finally:
            self.lines.pop(line.number, None)


class SealedSocket:
    """A friend with the invite who dialled the host's own port directly (`SEALED_PATH`): the
    line is sealed as a relayed one is, so only a holder of the secret gets a seat this way and
    the friend knows it reached the invite's host.  Looks to the carrier like a connection."""

    relayed = False
    wrapped = True  # not a bare WebSocket: the carrier never writes to it past `send`

    def __init__(self, ws: Any, invite: Invite, offer: Callable[[], LineOffer]) -> None:
        self.ws = ws
        self.invite = invite
        self.offer = offer
        self.remote_address = getattr(ws, "remote_address", ("?", 0))
        self.transport = ws.transport
        self.channel: seal.Channel | None = None
        self.refused: str | None = None

    def __aiter__(self) -> AsyncIterator[str]:
        return self._messages()

    async def _messages(self) -> AsyncIterator[str]:
        first = await asyncio.wait_for(self.ws.recv(), HELLO_WAIT)
        try:
            nonce = seal.nonce_from_hello(first if isinstance(first, bytes) else b"")
        except seal.SealError:
            await self.ws.close(1008, "not a sealed line")
            return
        self.channel = seal.Channel(self.invite.secret, self.invite.table, nonce, "host")
        await self.ws.send(self.channel.seal(self.offer().encode()))
        async for raw in self.ws:
            try:
                if not isinstance(raw, bytes):
                    raise seal.Tampered("A message came unsealed on a sealed line.")
                message = self.channel.open(raw)
            except seal.SealError as exc:
                self.refused = f"{seal.REFUSED_TEXT} ({exc})"
                log.warning("direct sealed line refused: %s", exc)
                await self.ws.close(1008, "sealed frame refused")
                return
            yield message.decode("utf-8", "replace")

    async def send(self, data: bytes | str, text: bool | None = None) -> None:
        if self.channel is None:
            return
        raw = data.encode() if isinstance(data, str) else data
        await self.ws.send(self.channel.seal(raw))

    async def close(self, code: int = 1000, reason: str = "") -> None:
        await self.ws.close(code, reason)


# -- a friend's end ---------------------------------------------------------------


class Line:
    """A friend's line to the host, direct or sealed through the relay; reads
    and writes as a WebSocket connection does (`async for`, `send`, `close`)."""

    def __init__(self, ws: Any, channel: seal.Channel | None, path: str, code: str | None) -> None:
        self.ws = ws
        self.channel = channel
        self.path = path  # "direct" or "relay"
        self.code = code  # the table's code, as the host's offer told it
        self.transport = ws.transport
        self.refused: str | None = None

    def __aiter__(self) -> AsyncIterator[str | bytes]:
        return self._messages()

    async def _messages(self) -> AsyncIterator[str | bytes]:
        async for raw in self.ws:
            if self.channel is None:
                yield raw
                continue
            if not isinstance(raw, bytes):
                continue  # the relay's own words (a pong): not the game's
            try:
                yield self.channel.open(raw).decode()
            except (seal.SealError, UnicodeDecodeError) as exc:
                self.refused = seal.REFUSED_TEXT
                log.warning("the line through the relay was refused: %s", exc)
                await self.ws.close(1000, "sealed frame refused")
                raise ConnectionError(seal.REFUSED_TEXT) from exc

    async def recv(self) -> str | bytes:
        async for message in self:
            return message
        raise ConnectionError("the line closed")

    async def send(self, data: str | bytes) -> None:
        raw = data.encode() if isinstance(data, str) else data
        if self.channel is None:
            await self.ws.send(raw.decode())
        else:
            await self.ws.send(self.channel.seal(raw))

    async def close(self, code: int = 1000, reason: str = "") -> None:
        await self.ws.close(code, reason)


async def _dial_direct(invite: Invite, urls: list[str], timeout: float) -> Line | None:
    """A sealed line straight to the host at one of `urls`, proven to be the invite's host (it
    opens our nonce's line with the secret), within `timeout` in all; None: go through the relay."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    for url in urls:
        left = end - loop.time()
        if left <= 0:
            break
        try:
            return await asyncio.wait_for(_sealed_direct(invite, url), left)
        except Exception as exc:  # not reachable from here, or not our host: the next, then the relay
            log.info("direct %s: %s", url, exc)
    return None


async def _sealed_direct(invite: Invite, url: str) -> Line:
    from websockets.asyncio.client import connect

    ws = await connect(url.rstrip("/") + SEALED_PATH, max_size=2 * p.MAX_MESSAGE, compression=None)
    try:
        hello = seal.line_hello()
        channel = seal.Channel(invite.secret, invite.table, seal.nonce_from_hello(hello), "friend")
        await ws.send(hello)
        first = await ws.recv()
        if not isinstance(first, bytes):
            raise RelayRefused("bad_offer", "The host's first message on the line is not sealed.")
        offer = LineOffer.decode(channel.open(first))
    except BaseException:
        await ws.close()
        raise
    return Line(ws, channel, "direct", offer.code)


@contextlib.asynccontextmanager
async def open_line(
    invite: Invite, *, direct: bool = True, direct_timeout: float = DIRECT_TIMEOUT
) -> AsyncIterator[Line]:
    """A line to the invite's table: through the relay, sealed, then (when the
    host offers addresses and one answers within `direct_timeout`) directly.
    `RelayRefused` says plainly why there is none."""
    from websockets.asyncio.client import connect

    try:
        relay = await connect(invite.relay.url(), max_size=_MAX_PAYLOAD, compression=None, open_timeout=10)
    except OSError as exc:
        raise RelayRefused("unreachable", f"The relay can't be reached ({invite.relay.url()}): {exc}") from exc
    line: Line | None = None
    try:
        await relay.send(_control({"relay": 1, "role": "friend", "table": invite.table}))
        answer = _read_control(await asyncio.wait_for(relay.recv(), HELLO_WAIT))
        if "refused" in answer:
            raise _refusal(answer)
        if answer.get("ok") != "friend":
            raise RelayRefused("bad_answer", "The relay answered in a way Fireside does not understand.")
        hello = seal.line_hello()
        channel = seal.Channel(invite.secret, invite.table, seal.nonce_from_hello(hello), "friend")
        await relay.send(hello)
        first = await asyncio.wait_for(relay.recv(), HELLO_WAIT)
        if not isinstance(first, bytes):
            raise RelayRefused("bad_offer", "The host's first message on the line is not sealed.")
        try:
            offer = LineOffer.decode(channel.open(first))
        except seal.SealError as exc:
            raise RelayRefused("sealed", seal.REFUSED_TEXT) from exc
        near = await _dial_direct(invite, offer.direct, direct_timeout) if direct and offer.direct else None
        if near is not None:
            await relay.close(1000, "direct")
            line = near
        else:
            line = Line(relay, channel, "relay", offer.code)
        yield line
    finally:
        await relay.close()
        if line is not None and line.ws is not relay:
            await line.ws.close()
