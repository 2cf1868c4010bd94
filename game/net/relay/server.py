"""The relay server (issue 34; the wire protocol is relay-spec.md, kept in
game/net/relay/__init__.py's docstring).

A host dials out to the relay and registers its table id; friends dial the
same table id and each gets a line number; the relay forwards opaque binary
payloads between the host and each friend line and keeps nothing of a game.
It never parses, stores or logs a payload: its log names addresses (hashed
when asked), the first four characters of a table id, line numbers, refusal
codes and counts.

One bad client cannot slow the others: every line has its own bounded send
queue drained by its own writer, and a line whose queue is full is closed
with the refusal "too_slow" instead of making its sender wait.  With
`shared` (game/net/relay/shared.py, Redis) several relay instances act as one."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hashlib
import ipaddress
import json
import logging
import os
import ssl
from collections.abc import Iterable
from typing import TYPE_CHECKING

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from game.net.relay.limits import MAX_PAYLOAD, MAX_TEXT, REFUSALS, WIRE_CODE, AddressBook, Limits

if TYPE_CHECKING:
    from game.net.relay.shared import Shared

log = logging.getLogger("fireside.relay")

TABLE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz234567")
TABLE_LEN = 16


class Line:
    """One WebSocket at the relay and its bounded send queue."""

    __slots__ = (
        "ws",
        "address",
        "role",
        "table",
        "number",
        "queue",
        "queued",
        "wake",
        "writer",
        "gone",
        "limits",
        "finishing",
        "sending",
    )

    def __init__(self, ws: ServerConnection, address: str, limits: Limits) -> None:
        self.ws = ws
        self.address = address
        self.limits = limits
        self.role = ""
        self.table = ""
        self.number = 0
        self.queue: collections.deque[bytes | str] = collections.deque()
        self.queued = 0
        self.wake = asyncio.Event()
        self.writer: asyncio.Task[None] | None = None
        self.gone = False
        self.finishing: asyncio.Task[None] | None = None  # finish(): the queue drains, then the close
        self.sending = False  # the writer is inside ws.send()

    def push(self, frame: bytes | str) -> bool:
        """Queue `frame`; False when the line cannot keep up (its queue is full)."""
        if self.gone:
            return True
        if not self.queue and not self.sending and self.writer is not None and _send_now(self.ws, frame):
            return True
        if self.queued + len(frame) > self.limits.queue_bytes or len(self.queue) >= self.limits.queue_frames:
            return False
        self.queue.append(frame)
        self.queued += len(frame)
        self.wake.set()
        return True

    async def write_loop(self) -> None:
        """Send what is queued, in order; once the line is `gone`, end when the queue is empty."""
        try:
            while True:
                while not self.queue:
                    if self.gone:
                        return
                    self.wake.clear()
                    await self.wake.wait()
                frame = self.queue.popleft()
                self.queued -= len(frame)
                self.sending = True
                try:
                    await self.ws.send(frame)
                finally:
                    self.sending = False
        except ConnectionClosed:
            pass

    def start(self) -> None:
        self.writer = asyncio.get_running_loop().create_task(self.write_loop())

    def finish(self, code: int, reason: str) -> asyncio.Task[None]:
        """Close the line once what is already queued for it is sent (for at most `limits.drain`
        seconds: a peer that reads nothing is closed anyway); nothing more is queued meanwhile.
        A host's last words to a friend (its bye) thus arrive before the close."""
        self.gone = True  # push() drops from now on
        writer, self.writer = self.writer, None
        self.wake.set()
        self.finishing = asyncio.get_running_loop().create_task(self._finish(writer, code, reason))
        return self.finishing

    async def _finish(self, writer: asyncio.Task[None] | None, code: int, reason: str) -> None:
        if writer is not None:
            try:
                await asyncio.wait_for(asyncio.shield(writer), self.limits.drain)
            except asyncio.TimeoutError:
                writer.cancel()
            except asyncio.CancelledError:
                writer.cancel()
                raise
        self.queue.clear()
        self.queued = 0
        await _close(self.ws, code, reason)

    def stop(self) -> None:
        self.gone = True
        self.queue.clear()
        self.queued = 0
        if self.writer is not None:
            self.writer.cancel()
            self.writer = None


class Table:
    """A registered table: its host line (None while away) and its friend lines.

    A friend is a local :class:`Line`, or the id of the relay instance (str) the friend reached."""

    __slots__ = ("id", "host", "friends", "next_line", "away_since", "owner_address", "last_used", "credit")

    def __init__(self, table_id: str, host: Line, now: float) -> None:
        self.id = table_id
        self.host: Line | None = host
        self.friends: dict[int, Line | str] = {}
        self.next_line = 1
        self.away_since: float | None = None
        self.owner_address = host.address
        self.last_used = now
        self.credit: tuple[str, int] = ("", 0)  # (host address, friend lines) its allowance was raised by


class Refused(Exception):
    """A line ends with this refusal code."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def refusal_frame(code: str) -> str:
    return json.dumps({"refused": WIRE_CODE.get(code, code), "text": REFUSALS[code]})


def parse_hello(frame: bytes | str) -> tuple[str, str]:
    """(role, table) of a hello frame, or Refused("bad_hello"/"too_big")."""
    if not isinstance(frame, str):
        raise Refused("bad_hello")
    if len(frame) > MAX_TEXT:
        raise Refused("too_big")
    try:
        hello = json.loads(frame)
    except ValueError:
        raise Refused("bad_hello") from None
    if not isinstance(hello, dict) or set(hello) != {"relay", "role", "table"}:
        raise Refused("bad_hello")
    role, table = hello["role"], hello["table"]
    if type(hello["relay"]) is not int or hello["relay"] != 1 or role not in ("host", "friend"):
        raise Refused("bad_hello")
    if not isinstance(table, str) or len(table) != TABLE_LEN or not TABLE_CHARS.issuperset(table):
        raise Refused("bad_hello")
    return str(role), table


def parse_control(frame: str) -> dict[str, int]:
    """A control frame after the hello: {"ping": T} or {"close": N} (host only); else Refused."""
    if len(frame) > MAX_TEXT:
        raise Refused("too_big")
    try:
        control = json.loads(frame)
    except ValueError:
        raise Refused("bad_frame") from None
    if not isinstance(control, dict) or len(control) != 1:
        raise Refused("bad_frame")
    ((key, value),) = control.items()
    if key not in ("ping", "close") or type(value) is not int or not 0 <= value < 2**53:
        raise Refused("bad_frame")
    return {key: value}


class Relay:
    """The relay: a table registry and the lines it forwards between."""

    def __init__(
        self,
        limits: Limits | None = None,
        *,
        shared: Shared | None = None,
        proxies: Iterable[str] = (),
        hash_addresses: bool = False,
    ) -> None:
        self.limits = limits or Limits()
        self.book = AddressBook(self.limits)
        self.tables: dict[str, Table] = {}
        self.remote: dict[tuple[str, int], Line] = {}  # friend lines here whose table lives on another instance
        self.lines: set[Line] = set()
        self.shared = shared
        self.proxies = frozenset(_normal(p) for p in proxies)
        self.salt = os.urandom(16) if hash_addresses else b""
        self.closing = False
        self.server: Server | None = None
        self.janitor: asyncio.Task[None] | None = None
        self.forwarded = 0  # payloads forwarded (counts only)
        if shared is not None:
            shared.attach(self)

    # -- serving ---------------------------------------------------------------------------

    async def start(self, host: str, port: int, tls: ssl.SSLContext | None = None) -> Server:
        if self.shared is not None:
            await self.shared.start()
        self.server = await serve(
            self.handle,
            host,
            port,
            ssl=tls,
            max_size=MAX_PAYLOAD + 4,
            max_queue=4,
            write_limit=16 * 1024,
            compression=None,
            ping_interval=30,
            ping_timeout=30,
            close_timeout=2,
            open_timeout=self.limits.hello_timeout,
            server_header=None,
        )
        self.janitor = asyncio.get_running_loop().create_task(self.sweep_forever())
        return self.server

    @property
    def port(self) -> int:
        assert self.server is not None
        return int(next(iter(self.server.sockets)).getsockname()[1])

    async def close(self) -> None:
        """Refuse every line ("shutting_down") and stop."""
        self.closing = True
        if self.shared is not None:
            self.shared.stopping = True  # lines ending now are not a lost Redis
        if self.janitor is not None:
            self.janitor.cancel()
        for line in list(self.lines):
            self.refuse(line, "shutting_down")
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        if self.shared is not None:
            await self.shared.stop([t for t in self.tables])
        log.info("relay stopped")

    # -- one line --------------------------------------------------------------------------

    def address_of(self, ws: ServerConnection) -> str:
        peer = _normal(str(ws.remote_address[0])) if ws.remote_address else "?"
        if peer in self.proxies:
            forwarded = ws.request.headers.get("X-Forwarded-For") if ws.request is not None else None
            if forwarded:
                last = forwarded.split(",")[-1].strip()  # the hop the proxy itself added
                try:
                    return _normal(last)
                except ValueError:
                    pass
        return peer

    def shown(self, address: str) -> str:
        if not self.salt:
            return address
        return hashlib.sha256(self.salt + address.encode()).hexdigest()[:10]

    async def handle(self, ws: ServerConnection) -> None:
        loop = asyncio.get_running_loop()
        address = self.address_of(ws)
        if self.closing:
            await _refuse_now(ws, "shutting_down")
            return
        code = self.book.admit(address, loop.time())
        if code is not None:
            log.info("refused %s: %s", self.shown(address), code)
            await _refuse_now(ws, code)
            return
        line = Line(ws, address, self.limits)
        helloed = False
        self.lines.add(line)
        verdict = self.shared.count_line(address) if self.shared is not None else None  # the other instances' count
        try:
            first = await self.first_frame(ws, verdict)
            role, table = parse_hello(first)
            self.book.helloed(address)
            helloed = True
            line.role, line.table = role, table
            line.start()
            if role == "host":
                await self.run_host(line)
            else:
                await self.run_friend(line)
        except Refused as refused:
            ending = self.refuse(line, refused.code)
            self.line_gone(line)
            if ending is not None:
                draining = asyncio.get_running_loop().create_task(_drain(ws))  # its close frame may wait behind data
                await ending
                draining.cancel()
        except ConnectionClosed:
            pass
        finally:
            self.lines.discard(line)
            line.stop()
            self.line_gone(line)
            self.book.release(address, helloed)
            if self.shared is not None:
                if verdict is not None:
                    verdict.cancel()
                self.shared.counted(address)

    async def first_frame(self, ws: ServerConnection, verdict: asyncio.Future[bool] | None) -> bytes | str:
        """A new line's first frame (its hello), within `hello_timeout`; with instances sharing Redis, the
        line is refused "too_many_lines" as soon as their count says so (it is checked meanwhile)."""
        if verdict is None:
            try:
                return await asyncio.wait_for(ws.recv(), self.limits.hello_timeout)
            except asyncio.TimeoutError:
                raise Refused("hello_timeout") from None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.limits.hello_timeout
        receiving = asyncio.ensure_future(ws.recv())
        try:
            while not receiving.done():
                if verdict.done() and not verdict.result():
                    raise Refused("too_many_lines")
                left = deadline - loop.time()
                if left <= 0:
                    raise Refused("hello_timeout")
                waits: set[asyncio.Future[bool] | asyncio.Future[bytes | str]] = {receiving}
                if not verdict.done():
                    waits.add(verdict)
                await asyncio.wait(waits, timeout=left, return_when=asyncio.FIRST_COMPLETED)
            if not await verdict:  # (answered within the Redis writer's timeout, or passed when Redis is lost)
                raise Refused("too_many_lines")
            return receiving.result()
        finally:
            if receiving.done() and not receiving.cancelled():
                receiving.exception()  # (read, so that asyncio does not log it as never retrieved)
            receiving.cancel()

    def refuse(self, line: Line, code: str) -> asyncio.Task[None] | None:
        """End `line` with a refusal (the JSON frame, then close 1008; 1001 when shutting down)."""
        if line.gone:
            return None
        log.info(
            "refused %s %s %s line %d: %s",
            self.shown(line.address),
            line.role or "unhelloed",
            line.table[:4],
            line.number,
            code,
        )
        line.stop()
        return asyncio.get_running_loop().create_task(_refuse_now(line.ws, code))

    def line_gone(self, line: Line) -> None:
        """Forget `line` wherever it was registered."""
        if line.role == "host":
            table = self.tables.get(line.table)
            if table is not None and table.host is line:
                self.host_gone(table)
        elif line.role == "friend" and line.number:
            table = self.tables.get(line.table)
            if table is not None and table.friends.get(line.number) is line:
                del table.friends[line.number]
                self.recount(table)
                if table.host is not None:
                    self.to_host(table, {"close": line.number})
            elif self.remote.get((line.table, line.number)) is line:
                del self.remote[(line.table, line.number)]
                if self.shared is not None:
                    self.shared.friend_closed(line.table, line.number)
        log.debug("line ended %s %s %s line %d", self.shown(line.address), line.role, line.table[:4], line.number)

    def shared_counted(self, address: str) -> None:
        """A table of `address` is gone: the instances sharing Redis learn its new count."""
        if self.shared is not None:
            self.shared.counted(address)

    def host_gone(self, table: Table) -> None:
        """The host's line ended: friends are closed ("host gone"), the table waits `grace` seconds."""
        table.host = None
        table.away_since = asyncio.get_running_loop().time()
        for number, friend in list(table.friends.items()):
            if isinstance(friend, Line):
                friend.finish(1001, "host gone")  # what the host sent last goes first
            elif self.shared is not None:
                self.shared.close_remote(friend, table.id, number, host_gone=True)  # after its payloads
        table.friends.clear()
        self.recount(table)
        if self.shared is not None:
            self.shared.mark_away(table.id)
        log.info("host away %s", table.id[:4])

    def drop_table(self, table: Table, code: str | None = None) -> None:
        if self.tables.get(table.id) is not table:
            return
        del self.tables[table.id]
        self.book.drop_table(table.owner_address)
        self.shared_counted(table.owner_address)
        host, table.host = table.host, None
        for number, friend in list(table.friends.items()):
            if isinstance(friend, Line):
                self.refuse(friend, code or "idle")
            elif self.shared is not None:
                self.shared.close_remote(friend, table.id, number, host_gone=True)
        table.friends.clear()
        self.recount(table)
        if host is not None:
            self.refuse(host, code or "idle")
        if self.shared is not None:
            self.shared.release(table.id)
        log.info("table closed %s%s", table.id[:4], f": {code}" if code else "")

    # -- the host --------------------------------------------------------------------------

    async def run_host(self, line: Line) -> None:
        loop = asyncio.get_running_loop()
        table = self.tables.get(line.table)
        if table is not None and table.host is not None:
            raise Refused("table_taken")
        if table is None:
            if not self.book.add_table(line.address):
                raise Refused("too_many_tables")
            if self.shared is not None:  # the tables it holds at the other instances count too
                counting = self.shared.count_table(line.address)
                if counting is not None and not await counting:
                    if not await self.shared.moving(line.table):
                        self.book.drop_table(line.address)
                        self.shared.counted(line.address)
                        raise Refused("too_many_tables")
                    self.shared.counted(line.address)  # (Redis was told it holds one table fewer here)
            if self.shared is not None and not await self.shared.claim(line.table):
                self.book.drop_table(line.address)
                self.shared_counted(line.address)
                raise Refused("table_taken")
            if line.table in self.tables:  # claimed by another line while this one waited
                self.book.drop_table(line.address)
                self.shared_counted(line.address)
                raise Refused("table_taken")
            table = self.tables[line.table] = Table(line.table, line, loop.time())
            log.info("table opened %s by %s", line.table[:4], self.shown(line.address))
        else:
            table.host = line
            table.away_since = None
            table.last_used = loop.time()
            self.recount(table)
            if self.shared is not None:
                await self.shared.claim(line.table)
            log.info("host back %s", line.table[:4])
        line.push(json.dumps({"ok": "host", "table": line.table}))
        async for frame in line.ws:
            now = loop.time()
            if not self.book.charge(line.address, len(frame), now):
                raise Refused("too_fast")
            if isinstance(frame, str):
                control = parse_control(frame)
                if "ping" in control:
                    line.push(json.dumps({"pong": control["ping"]}))
                else:
                    self.host_closes(table, control["close"])
                continue
            if len(frame) < 4:
                raise Refused("bad_frame")
            if len(frame) > MAX_PAYLOAD + 4:
                raise Refused("too_big")
            number = int.from_bytes(frame[:4], "big")
            table.last_used = now
            friend = table.friends.get(number)
            if friend is None:
                continue  # a line that just ended: its close is on the way to the host
            self.forwarded += 1
            if isinstance(friend, Line):
                if not friend.push(frame[4:]):
                    self.too_slow(table, friend)
            elif self.shared is not None:
                self.shared.to_friend(friend, table.id, number, frame[4:])

    def host_closes(self, table: Table, number: int) -> None:
        friend = table.friends.pop(number, None)
        self.recount(table)
        if isinstance(friend, Line):
            friend.finish(1000, "closed by host")  # what the host sent before the close goes first
        elif friend is not None and self.shared is not None:
            self.shared.close_remote(friend, table.id, number, host_gone=False)

    def too_slow(self, table: Table, friend: Line) -> None:
        table.friends.pop(friend.number, None)
        self.recount(table)
        self.refuse(friend, "too_slow")
        if table.host is not None:
            self.to_host(table, {"close": friend.number})

    def to_host(self, table: Table, control: dict[str, int]) -> None:
        host = table.host
        if host is not None and not host.push(json.dumps(control)):
            self.refuse(host, "too_slow")

    def host_data(self, table: Table, number: int, payload: bytes) -> None:
        """A friend's payload on its way to the host, as 4-byte line number + payload."""
        host = table.host
        if host is None:
            return
        table.last_used = asyncio.get_running_loop().time()
        self.forwarded += 1
        if not host.push(number.to_bytes(4, "big") + payload):
            self.refuse(host, "too_slow")

    def open_line(self, table: Table, friend: Line | str) -> int:
        number = table.next_line
        table.next_line += 1
        table.friends[number] = friend
        self.recount(table)
        self.to_host(table, {"open": number})
        return number

    def recount(self, table: Table) -> None:
        """The host's address may send more for each friend line at its table (limits.py)."""
        host = table.host
        want = (host.address, min(len(table.friends), self.limits.host_friend_lines)) if host else ("", 0)
        if want != table.credit:
            self.book.credit(table.credit[0], -table.credit[1])
            self.book.credit(*want)
            table.credit = want

    # -- a friend --------------------------------------------------------------------------

    async def run_friend(self, line: Line) -> None:
        loop = asyncio.get_running_loop()
        table = self.tables.get(line.table)
        owner: str | None = None
        if table is not None:
            if table.host is None:
                raise Refused("no_table_away")
            line.number = self.open_line(table, line)
        elif self.shared is None:
            raise Refused("no_table")
        else:
            owner, line.number = await self.shared.join(line.table)  # Refused: no_table, shared_down, ...
            self.remote[(line.table, line.number)] = line
        line.push(json.dumps({"ok": "friend", "line": line.number}))
        async for frame in line.ws:
            if not self.book.charge(line.address, len(frame), loop.time()):
                raise Refused("too_fast")
            if isinstance(frame, str):
                control = parse_control(frame)
                if "ping" not in control:
                    raise Refused("bad_frame")
                line.push(json.dumps({"pong": control["ping"]}))
                continue
            if len(frame) > MAX_PAYLOAD:
                raise Refused("too_big")
            if table is not None:
                if table.friends.get(line.number) is not line:
                    continue  # closed by the host: the close is on its way, after what was queued
                self.host_data(table, line.number, frame)
            elif owner is not None and self.shared is not None:
                if self.remote.get((line.table, line.number)) is not line:
                    continue
                self.forwarded += 1
                if not self.shared.to_host(owner, line.table, line.number, frame):
                    raise Refused("shared_down")

    # -- what another instance sends (game/net/relay/shared.py calls these) ----------------------

    def remote_join(self, table_id: str, instance: str) -> int | str:
        """A friend reached `instance` for a table here: its line number, or a refusal code."""
        table = self.tables.get(table_id)
        if table is None:
            return "no_table"
        if table.host is None:
            return "no_table_away"
        return self.open_line(table, instance)

    def remote_to_host(self, table_id: str, number: int, payload: bytes, instance: str) -> None:
        table = self.tables.get(table_id)
        if table is not None and table.friends.get(number) == instance:
            self.host_data(table, number, payload)

    def remote_friend_closed(self, table_id: str, number: int, instance: str) -> None:
        table = self.tables.get(table_id)
        if table is not None and table.friends.get(number) == instance:
            del table.friends[number]
            self.recount(table)
            self.to_host(table, {"close": number})

    def remote_to_friend(self, table_id: str, number: int, payload: bytes) -> None:
        line = self.remote.get((table_id, number))
        if line is not None and not line.push(payload):
            del self.remote[(table_id, number)]
            self.refuse(line, "too_slow")
            if self.shared is not None:
                self.shared.friend_closed(table_id, number)

    def remote_close_friend(self, table_id: str, number: int, host_gone: bool) -> None:
        line = self.remote.pop((table_id, number), None)
        if line is not None:  # the payloads before this close came first (one publisher, in order)
            line.finish(*((1001, "host gone") if host_gone else (1000, "closed by host")))

    def table_moved(self, table_id: str) -> None:
        """The host of a table away from here came back at another instance."""
        table = self.tables.get(table_id)
        if table is not None and table.host is None:
            del self.tables[table_id]
            self.book.drop_table(table.owner_address)
            self.shared_counted(table.owner_address)

    def shared_lost(self) -> None:
        """Redis is gone: every line between instances ends; lines within this instance go on."""
        for (_table_id, _number), line in list(self.remote.items()):
            self.refuse(line, "shared_down")
        self.remote.clear()
        for table in self.tables.values():
            for number, friend in list(table.friends.items()):
                if isinstance(friend, str):
                    del table.friends[number]
                    self.to_host(table, {"close": number})
            self.recount(table)

    def peer_lost(self, instance: str, crossing: Iterable[tuple[str, int]]) -> None:
        """The link with relay `instance` ended (game/net/relay/peers.py): the lines that crossed to it end."""
        for key in crossing:
            line = self.remote.pop(key, None)
            if line is not None:
                self.refuse(line, "shared_down")
        for table in self.tables.values():
            gone = [number for number, friend in table.friends.items() if friend == instance]
            for number in gone:
                del table.friends[number]
                self.to_host(table, {"close": number})
            if gone:
                self.recount(table)

    # -- time ------------------------------------------------------------------------------

    async def sweep_forever(self) -> None:
        period = max(0.05, min(1.0, self.limits.grace / 4, self.limits.idle / 4))
        while True:
            await asyncio.sleep(period)
            self.sweep(asyncio.get_running_loop().time())

    def sweep(self, now: float) -> None:
        """Tables whose grace ran out go; tables idle too long are closed ("idle")."""
        for table in list(self.tables.values()):
            if table.away_since is not None:
                if now - table.away_since >= self.limits.grace:
                    self.drop_table(table)
            elif now - table.last_used >= self.limits.idle:
                self.drop_table(table, "idle")
        if self.shared is not None:
            self.shared.keep(self.tables)

    def counts(self) -> dict[str, int]:
        """Numbers safe to show (no address, no table id)."""
        return {
            "lines": len(self.lines),
            "tables": len(self.tables),
            "remote_lines": len(self.remote),
            "addresses": len(self.book.entries),
            "forwarded": self.forwarded,
        }


def _send_now(ws: ServerConnection, frame: bytes | str) -> bool:
    """Write `frame` to `ws` at once, without a turn of the event loop, when nothing can be ahead of
    it: the connection is open, no fragmented send is under way, its transport is not paused (else
    False: the line's writer sends it in order, waiting for the transport as it must). A relay hop
    then costs one loop turn instead of two, and no coroutine. Uses websockets' Sans-I/O `protocol`;
    with a websockets that lacks these attributes, always False (the writer's way)."""
    if getattr(ws, "paused", True) or getattr(ws, "send_in_progress", True) is not None:
        return False
    if not hasattr(ws, "send_data"):
        return False
    protocol = ws.protocol
    if protocol.state is not State.OPEN:
        return False
    if isinstance(frame, str):
        protocol.send_text(frame.encode())
    else:
        protocol.send_binary(frame)
    try:
        ws.send_data()
    except OSError:  # the connection is going: its reader sees the close
        pass
    return True


def _normal(address: str) -> str:
    """An address as the relay counts it (IPv4-mapped IPv6 as IPv4)."""
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return address.strip()
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ip)


async def _refuse_now(ws: ServerConnection, code: str) -> None:
    try:
        await asyncio.wait_for(ws.send(refusal_frame(code)), 2.0)
    except (ConnectionClosed, asyncio.TimeoutError):
        pass
    await _close(ws, 1001 if code == "shutting_down" else 1008, WIRE_CODE.get(code, code))


#: Seconds a close may take (a peer that reads nothing would hold it for ever: its socket is then cut).
CLOSE_WAIT = 3.0


async def _close(ws: ServerConnection, code: int, reason: str) -> None:
    cut = asyncio.get_running_loop().call_later(CLOSE_WAIT, ws.transport.abort)
    try:
        await ws.close(code, reason)
    except (ConnectionClosed, OSError):
        pass
    finally:
        cut.cancel()


async def _drain(ws: ServerConnection) -> None:
    """Read (and drop) what a refused line still sends, so its close frame is read."""
    with contextlib.suppress(ConnectionClosed):
        async for _ in ws:
            pass
