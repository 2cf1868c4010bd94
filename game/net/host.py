"""The host of a network table: the one authority over the game.

`HostTable` is the whole of it without a socket: bytes come in from a
connection (`receive`), and it answers with the bytes to send to each
connection -- so tests drive it directly, and any transport can carry it.
The host's `Session` holds the only full state; a seat gets its own view and
the events it may see, nothing more.  A seat joins once and is given a secret
token; every later message must carry it, and a move is taken only from the
token of the seat to act, through the same gate as at a local table.
Computers think here, on the host.

`HostServer` carries it over WebSockets in its own thread (an asyncio loop),
bound to 127.0.0.1 unless a person chooses otherwise.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from game.net import protocol as p
from game.net import words
from game.rules.core import Event, Phrase
from game.session.session import Session

log = logging.getLogger(__name__)

#: What `receive` answers: (connection, bytes to send) or (connection, None): close it.
Out = tuple[Any, bytes | None]

#: A connection may send this many messages a second, in bursts of `BURST`.
RATE = 30.0
BURST = 60.0
#: Messages a slow reader may leave unread before the host lets it go.
SEND_QUEUE = 256
#: A line that has not taken a seat this many seconds after it opened is closed.
HELLO_TIMEOUT = 10.0
#: The most lines a host keeps open at once (seats, rejoins, and strangers knocking).
MAX_LINES = 64

__all__ = ["BURST", "RATE", "HostServer", "HostTable", "Out", "TableSet", "table_code"]


def table_code() -> str:
    """A short code a person can read out (no 0/O or 1/I to confuse)."""
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    return "".join(secrets.choice(alphabet) for _ in range(6))


@dataclass
class _Conn:
    tokens: float
    stamp: float
    seat: int | None = None
    told_too_fast: bool = False


def _refused(phrase: Phrase) -> bytes:
    return p.encode(p.refusal(phrase))


class HostTable:
    """A game offered to remote seats (see module doc); one thread at a time."""

    def __init__(
        self,
        session: Session,
        *,
        remote_seats: list[int] | None = None,
        code: str | None = None,
        rate: float = RATE,
        burst: float = BURST,
        clock: Callable[[], float] = time.monotonic,
        think: bool = True,
        require_code: bool = False,
    ) -> None:
        self.session = session
        self.require_code = require_code  # a newcomer must know the code (a rejoin shows its token)
        match = session.match
        self.game_id = match.game_id
        self.rules = match.module
        self.remote_seats = list(remote_seats if remote_seats is not None else match.humans)
        self.code = code or table_code()
        self.rate, self.burst, self.clock = rate, burst, clock
        self.think_here = think
        self.names = [seat.name for seat in match.seats]
        self.tokens: dict[int, str] = {}  # seat -> its secret, issued at join
        self.conns: dict[Any, _Conn] = {}
        self.seat_conn: dict[int, Any] = {}
        self._outbox: list[Out] = []
        session.listen(self._moved)

    # -- the transport's side -------------------------------------------------
    def connect(self, conn: Any) -> None:
        self.conns[conn] = _Conn(tokens=self.burst, stamp=self.clock())

    def receive(self, conn: Any, raw: bytes | str) -> list[Out]:
        """Take one message from `conn`; the bytes to send in answer (to it and to others)."""
        if conn not in self.conns:
            self.connect(conn)
        state = self.conns[conn]
        if not self._allow(state):
            if state.told_too_fast:
                return []  # a flood gets one answer per refill, not one per message
            state.told_too_fast = True
            return [(conn, _refused(words.phrase("too_fast", rate=self.rate)))]
        state.told_too_fast = False
        try:
            message = p.decode(raw)
        except p.ProtocolError as exc:
            return [(conn, _refused(exc.phrase))]
        replies = self._handle(conn, state, message)
        return replies + self.take_outbox()

    def disconnect(self, conn: Any) -> list[Out]:
        """`conn` is gone; its seat waits for a rejoin with the same token."""
        state = self.conns.pop(conn, None)
        if state is None or state.seat is None or self.seat_conn.get(state.seat) != conn:
            return []
        del self.seat_conn[state.seat]
        return self._push_all()

    def take_outbox(self) -> list[Out]:
        """Views queued by moves made elsewhere (the host's own window, computers)."""
        out, self._outbox = self._outbox, []
        return out

    def run_computers(self) -> list[Out]:
        """Let the computers move until a person is to act (or the game ends)."""
        session = self.session
        while self.think_here and not session.over:
            seat = session.current
            if seat is None or seat not in session.agents:
                break
            move = None
            for move in session.think(seat):
                if move is not None:
                    break
            if move is None or session.offer(seat, move) is not None:
                log.warning("the computer at seat %s found no move", seat)
                break
        return self.take_outbox()

    def expire(self, conn: Any) -> list[Out]:
        """Close `conn` if it never took a seat (a line that opens and says nothing)."""
        state = self.conns.get(conn)
        if state is not None and state.seat is not None:
            return []
        self.conns.pop(conn, None)
        return [(conn, None)]

    @property
    def connected(self) -> list[int]:
        return sorted(self.seat_conn)

    @property
    def away(self) -> list[int]:
        """Remote seats someone took whose line is down now (waiting for a rejoin)."""
        return sorted(s for s in self.tokens if s not in self.seat_conn)

    # -- messages ---------------------------------------------------------------
    def _allow(self, state: _Conn) -> bool:
        now = self.clock()
        state.tokens = min(self.burst, state.tokens + (now - state.stamp) * self.rate)
        state.stamp = now
        if state.tokens < 1.0:
            return False
        state.tokens -= 1.0
        return True

    def _handle(self, conn: Any, state: _Conn, message: p.Message) -> list[Out]:
        if isinstance(message, p.Hello):
            return self._hello(conn, state, message)
        if state.seat is None:
            return [(conn, _refused(words.phrase("hello_first")))]
        seat = state.seat
        if isinstance(message, (p.MoveMsg, p.Chat, p.Bye)) and not self._token_ok(seat, message.token):
            return [(conn, _refused(words.phrase("bad_token", seat=seat)))]
        if isinstance(message, p.MoveMsg):
            return self._move(conn, seat, message.move)
        if isinstance(message, p.Chat):
            phrase = message.phrase if message.phrase in p.QUICK_PHRASES else None  # a known code, or none
            line = p.encode(p.Chat(text=message.text, seat=seat, phrase=phrase))
            return [(c, line) for c in self.seat_conn.values()]
        if isinstance(message, p.Bye):
            self.conns.pop(conn, None)
            if self.seat_conn.get(seat) == conn:
                del self.seat_conn[seat]
            return [(conn, None), *self._push_all()]
        return [(conn, _refused(words.phrase("unexpected", kind=_kind(message))))]

    def _token_ok(self, seat: int, token: str | None) -> bool:
        expected = self.tokens.get(seat)
        if token is None or expected is None:
            return False
        return secrets.compare_digest(token.encode("utf-8", "replace"), expected.encode())  # any text, in constant time

    def _hello(self, conn: Any, state: _Conn, hello: p.Hello) -> list[Out]:
        name = hello.name.strip()[: p.MAX_NAME]
        if hello.protocol != p.PROTOCOL:
            phrase = p.version_refusal(name, hello.version, hello.protocol)
            return [(conn, _refused(phrase)), (conn, None)]
        if state.seat is not None:
            return [(conn, _refused(words.phrase("already_joined")))]
        if hello.token is not None:
            seat = next((s for s in self.tokens if self._token_ok(s, hello.token)), None)
            if seat is None:
                return [(conn, _refused(words.phrase("bad_token")))]
            old = self.seat_conn.get(seat)
            out: list[Out] = []
            if old is not None and old != conn:  # the seat came back on a new line: the old one is stale
                self.conns.pop(old, None)
                out.append((old, None))
        else:
            if self.require_code and (hello.code or "").strip().upper() != self.code:
                return [(conn, _refused(words.phrase("no_such_table", code=(hello.code or "")[:12])))]
            free = [s for s in self.remote_seats if s not in self.tokens]
            if not free:
                return [(conn, _refused(words.phrase("table_full")))]
            seat = free[0]
            self.tokens[seat] = secrets.token_urlsafe(24)
            if name:
                self.names[seat] = name
            out = []
        state.seat = seat
        self.seat_conn[seat] = conn
        welcome = p.Welcome(seat=seat, token=self.tokens[seat], code=self.code, game=self.game_id, names=self.names)
        out.append((conn, p.encode(welcome)))
        out.extend(self._push_all())
        return out

    def _move(self, conn: Any, seat: int, text: str) -> list[Out]:
        session = self.session
        if session.current is not None and session.current != seat:
            turn = Phrase("not_your_turn", "It is not your turn.", {"seat": seat})  # as Session.offer says it
            return [(conn, _refused(turn))]
        try:
            move = self.rules.parse_move(text)
        except ValueError as exc:
            return [
                (conn, _refused(Phrase("notation", str(exc), {"text": str(exc)})))  # as the rules' gate says it
            ]
        refused = session.offer(seat, move)
        if refused is not None:
            return [(conn, _refused(refused))]
        return self.run_computers()

    # -- views ---------------------------------------------------------------
    def view_bytes(self, seat: int, events: tuple[Event, ...] | None = None) -> bytes:
        """`seat`'s view message: its view's JSON and the events it may see, nothing else."""
        session = self.session
        message = p.ViewMsg(
            seat=seat,
            state=session.view(seat).to_json(),
            events=[e.to_json() for e in (session.events(seat) if events is None else events)],
            moves=len(session.match.moves),
            connected=self.connected,
            turn=session.current,
            over=session.over,
            names=self.names,
            computers=sorted(session.agents),
            away=self.away,
        )
        return p.encode(message)

    def _push_all(self) -> list[Out]:
        return [(conn, self.view_bytes(seat)) for seat, conn in sorted(self.seat_conn.items())]

    def _moved(self, _seat: int, _events: tuple[Event, ...]) -> None:
        self._outbox.extend(self._push_all())


def _kind(message: Any) -> str:
    return type(message).__name__.lower()


class TableSet:
    """Several tables behind one door: a line's hello names its table by code
    (it may leave the code out when there is only one), and every later
    message of that line goes to that table.  Same calls as `HostTable`."""

    def __init__(self, tables: list[HostTable] | None = None) -> None:
        self.tables: dict[str, HostTable] = {}
        self._route: dict[Any, HostTable] = {}
        for table in tables or ():
            self.add(table)

    def add(self, table: HostTable) -> HostTable:
        if table.code in self.tables:
            raise ValueError(f"a table with the code {table.code} is open already")
        self.tables[table.code] = table
        return table

    def receive(self, conn: Any, raw: bytes | str) -> list[Out]:
        table = self._route.get(conn)
        if table is not None:
            return table.receive(conn, raw)
        found = self._door(conn, raw)
        return found if isinstance(found, list) else found.receive(conn, raw)

    def _door(self, conn: Any, raw: bytes | str) -> HostTable | list[Out]:
        """The table a new line's first message is for (or the refusal to send)."""
        try:
            message = p.decode(raw)
        except p.ProtocolError as exc:
            return [(conn, _refused(exc.phrase))]
        if not isinstance(message, p.Hello):
            return [(conn, _refused(words.phrase("hello_first")))]
        if message.protocol != p.PROTOCOL:  # before the code: a newer hello may name tables otherwise
            name = message.name.strip()[: p.MAX_NAME]
            return [(conn, _refused(p.version_refusal(name, message.version, message.protocol))), (conn, None)]
        code = (message.code or "").strip().upper()
        table = self.tables.get(code)
        if table is None and not code and len(self.tables) == 1:
            table = next(iter(self.tables.values()))
        if table is None:
            return [(conn, _refused(words.phrase("no_such_table", code=code[:12])))]
        self._route[conn] = table
        return table

    def disconnect(self, conn: Any) -> list[Out]:
        table = self._route.pop(conn, None)
        return [] if table is None else table.disconnect(conn)

    def expire(self, conn: Any) -> list[Out]:
        table = self._route.get(conn)
        if table is None:
            return [(conn, None)]
        out = table.expire(conn)
        if out:
            self._route.pop(conn, None)
        return out

    def run_computers(self) -> list[Out]:
        return [out for table in self.tables.values() for out in table.run_computers()]


class HostServer:
    """`HostTable` (or a `TableSet` of them) over WebSockets, in its own thread:
    the window never waits on it.

    Messages are handled one at a time by a single worker thread (the table is
    not shared between threads), and each connection has its own send queue,
    so a slow reader holds up nobody else."""

    def __init__(
        self,
        table: HostTable | TableSet,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        hello_timeout: float = HELLO_TIMEOUT,
        max_lines: int = MAX_LINES,
    ) -> None:
        self.table = table
        self.host = host
        self.port = port
        self.hello_timeout = hello_timeout
        self.max_lines = max_lines
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="fireside-host")
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._queues: dict[int, asyncio.Queue[bytes | None]] = {}
        self._next = 0
        self._later: set[asyncio.Task[None]] = set()
        self.error: BaseException | None = None

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}"

    def start(self, timeout: float = 10.0) -> HostServer:
        """Open the table; returns once it listens (`port` is then the real one)."""
        self._thread = threading.Thread(target=self._run, name="fireside-host-net", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError("the host did not start listening in time")
        if self.error is not None:
            raise self.error
        return self

    def stop(self, timeout: float = 10.0) -> None:
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(timeout)
        self._worker.shutdown(wait=False)

    def call(self, fn: Callable[[], list[Out]]) -> None:
        """Run `fn` (a HostTable call) in the table's worker and send what it answers
        (for the host's own window: a local move, then `take_outbox`)."""
        loop = self._loop
        if loop is not None:
            loop.call_soon_threadsafe(lambda: loop.create_task(self._do(fn)))

    # -- the loop --------------------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:  # reported to start() or logged; the thread ends
            self.error = exc
            log.exception("the network table stopped")
        finally:
            self._ready.set()

    async def _main(self) -> None:
        from websockets.asyncio.server import serve

        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        # twice the protocol's limit, so the table itself refuses a message
        # a little too big with a reason; anything bigger closes the line
        async with serve(self._serve, self.host, self.port, max_size=2 * p.MAX_MESSAGE) as server:
            self.port = server.sockets[0].getsockname()[1]
            self._ready.set()
            await self._do(self.table.run_computers)
            await self._stop.wait()
            bye = p.encode(p.Bye(reason="host_closed")).decode()
            for queue in list(self._queues.values()):
                _put(queue, bye.encode())
                _put(queue, None)
            await asyncio.sleep(0.05)

    async def _do(self, fn: Callable[..., list[Out]], *args: Any) -> None:
        assert self._loop is not None
        try:
            outs = await self._loop.run_in_executor(self._worker, fn, *args)
        except RuntimeError:  # the worker is gone: the table is closing
            return
        for conn, data in outs:
            queue = self._queues.get(conn)
            if queue is not None and not _put(queue, data):
                _put_last(queue)

    def _do_later(self, delay: float, fn: Callable[..., list[Out]], *args: Any) -> None:
        async def later() -> None:
            await asyncio.sleep(delay)
            await self._do(fn, *args)

        task = asyncio.create_task(later())
        self._later.add(task)  # kept until done, so it is not collected half-way
        task.add_done_callback(self._later.discard)

    async def _serve(self, ws: Any) -> None:
        if len(self._queues) >= self.max_lines:
            await ws.close(1013, "this table has too many lines open")
            return
        conn = self._next
        self._next += 1
        queue: asyncio.Queue[bytes | None] = asyncio.Queue(SEND_QUEUE)
        self._queues[conn] = queue
        self._do_later(self.hello_timeout, self.table.expire, conn)
        writer = asyncio.create_task(self._write(ws, queue))
        try:
            async for raw in ws:
                if writer.done():
                    break
                await self._do(self.table.receive, conn, raw)
        except Exception as exc:  # a line that broke: the seat waits for a rejoin
            log.info("connection %s: %s", conn, exc)
        finally:
            self._queues.pop(conn, None)
            await self._do(self.table.disconnect, conn)
            writer.cancel()

    @staticmethod
    async def _write(ws: Any, queue: asyncio.Queue[bytes | None]) -> None:
        while True:
            data = await queue.get()
            if data is None:
                await ws.close()
                return
            await ws.send(data.decode())


def _put(queue: asyncio.Queue[bytes | None], data: bytes | None) -> bool:
    try:
        queue.put_nowait(data)
    except asyncio.QueueFull:
        return False
    return True


def _put_last(queue: asyncio.Queue[bytes | None]) -> None:
    """A reader too slow to keep up: drop what it has not read and close its line."""
    while not queue.empty():
        queue.get_nowait()
    queue.put_nowait(None)
