"""The carrier of a network table over WebSockets: `HostServer` runs a
`HostTable` (or a `TableSet` of them) in a thread of its own, bound to
127.0.0.1 unless a person chooses otherwise; the window never waits on it."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from game.net import protocol as p
from game.net.authority import HostTable, Out
from game.net.discovery import bracketed
from game.net.door import TableSet
from game.net.gate import KNOCKING, KNOCKING_PER_ADDRESS, Gate
from game.net.invite import Invite
from game.net.relayed import SEALED_PATH, LineOffer, RelayHost, SealedSocket

log = logging.getLogger(__name__)

#: Messages a slow reader may leave unread before the host lets it go.
SEND_QUEUE = 256
#: A line that has not taken a seat this many seconds after it opened is closed.
HELLO_TIMEOUT = 5.0
#: How often (seconds) the table's clock is looked at, when it has one (a turn clock, away seats).
TICK = 0.5
#: The most strangers (lines without a seat) a host keeps open at once; beyond it the
#: oldest stranger of the busiest address is let go (`gate.Gate`), never a seated line.
MAX_LINES = KNOCKING

__all__ = ["HELLO_TIMEOUT", "MAX_LINES", "SEND_QUEUE", "TICK", "HostServer"]


class HostServer:
    """`HostTable` (or a `TableSet` of them) over WebSockets, in its own thread:
    the window never waits on it.

    Messages are handled one at a time by a single worker thread (the table is
    not shared between threads), and each connection has its own send queue,
    so a slow reader holds up nobody else.  Computers think a slice at a time
    in that worker, each slice queued behind the messages that came meanwhile:
    a table of Hard computers never holds up another table's moves."""

    def __init__(
        self,
        table: HostTable | TableSet,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        hello_timeout: float = HELLO_TIMEOUT,
        max_lines: int = MAX_LINES,
        per_address: int = KNOCKING_PER_ADDRESS,
        gate: Gate | None = None,
        relay: Invite | None = None,
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
        self._lines: dict[int, Any] = {}  # each line's connection, to write to it at once (see `_send`)
        self._broadcast: Any = None  # websockets' `broadcast`, where it takes bytes as a text frame
        self._next = 0
        self._later: set[asyncio.Task[None]] = set()
        self._thinker: asyncio.Task[None] | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._inbox: list[_Call] = []  # calls waiting for the worker (see `_do`)
        self._draining = False
        self.error: BaseException | None = None
        self.closed_by: str | None = None  # why the table closed, once it did
        self.gate = gate or Gate(max_lines, min(per_address, max_lines))
        self._addresses: dict[int, str] = {}  # each line's address (for the gate)
        self._sockets: dict[int, Any] = {}  # each line's connection (to let a stranger go)
        self._newly_seated: set[int] = set()  # lines that took a seat in the worker's last calls
        # through a relay (issue 34): the host dials out to it, each friend's line is sealed (`relayed`)
        self.relay = relay
        self.relay_host: RelayHost | None = None
        self.direct: list[str] | None = None  # the addresses offered to a friend on the relay (None: this one)
        self.paths: dict[int, str] = {}  # each line's way here: "direct" or "relay"
        self._relay_task: asyncio.Task[None] | None = None
        table.sliced = True
        table.confirm_seats = True  # a seat is theirs once its window acks the welcome (protocol.Ack)
        table.on_wrong_code = self._wrong_code  # called in the worker

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}"

    def start(self, timeout: float = 10.0) -> HostServer:
        """Open the table; returns once it listens (`port` is then the real one).
        From now on the table is its worker's (`HostTable.claim`)."""
        self._worker.submit(self.table.claim).result(timeout)
        self._thread = threading.Thread(target=self._run, name="fireside-host-net", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError("the host did not start listening in time")
        if self.error is not None:
            raise self.error
        return self

    def stop(self, timeout: float = 10.0, reason: str = "host_closed") -> None:
        """Close the table: every line is told (a `Bye` with its coded `reason`, `words.BYE`), then closed."""
        if self.closed_by is None:
            self.closed_by = reason
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(timeout)
        self._worker.shutdown(wait=False)
        if self._thread is None or not self._thread.is_alive():
            self.table.release()  # stopped: whoever asks next may read the table

    def ask(self, fn: Callable[[], Any], timeout: float = 5.0) -> Any:
        """`fn()` run in the table's worker (so it reads the table between two
        messages, never during one); its answer.  It waits for the worker: for a
        one-off question (a seat's token at the host's window), never for a frame
        (who is where comes by callback: `Hosting.listen`)."""
        return self._worker.submit(fn).result(timeout)

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
            if self._ready.is_set():
                log.exception("the network table stopped")
            else:  # it never listened: start() raises it, its caller says why
                log.info("the network table could not open: %s", exc)
        finally:
            self._ready.set()

    async def _main(self) -> None:
        from websockets.asyncio.server import broadcast, serve

        if _bytes_as_text(broadcast):
            self._broadcast = broadcast
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        # twice the protocol's limit, so the table itself refuses a message
        # a little too big with a reason; anything bigger closes the line.  No
        # permessage-deflate: a view is under 1 KiB, a LAN does not miss the bytes,
        # and each line's zlib state cost ~50 KiB and every view a compression
        # (a client that offers it is simply answered without it)
        async with serve(
            self._serve,
            self.host,
            self.port,
            max_size=2 * p.MAX_MESSAGE,
            compression=None,
            open_timeout=self.hello_timeout,  # a line that never finishes its handshake goes as soon
        ) as server:
            self.port = server.sockets[0].getsockname()[1]
            self._ready.set()
            self._kick()
            self._ticker = asyncio.create_task(self._tick())
            if self.relay is not None:
                self.relay_host = RelayHost(self.relay, self._serve, code=self._code, direct=self._direct)
                self._relay_task = asyncio.create_task(self.relay_host.run())
            await self._stop.wait()
            self.closed_by = self.closed_by or "host_closed"
            self._ticker.cancel()
            if self._thinker is not None:
                self._thinker.cancel()
            bye = p.encode(p.Bye(reason=self.closed_by))
            for queue in list(self._queues.values()):
                _put(queue, bye)
                _put(queue, None)
            for _ in range(40):  # bounded: let the writers say bye (at most 0.2 s)
                if all(q.empty() for q in self._queues.values()):
                    break
                await asyncio.sleep(0.005)
            await asyncio.sleep(0.02)
            if self._relay_task is not None:
                assert self.relay_host is not None
                await self.relay_host.flush()
                await self.relay_host.close()
                self._relay_task.cancel()

    async def _do(self, fn: Callable[..., list[Out]], *args: Any) -> None:
        """`fn(*args)` in the worker, its answers sent; returns once it ran (an
        exception it raised is raised here).  The calls that wait meanwhile go
        to the worker together, in the order they came: one hop between the
        threads for them all, not one a message."""
        assert self._loop is not None
        done = self._loop.create_future()
        self._inbox.append((fn, args, done))
        if not self._draining:
            self._draining = True
            self._loop.create_task(self._drain())
        await done

    async def _drain(self) -> None:
        assert self._loop is not None
        table = self.table

        def run(batch: list[_Call]) -> tuple[list[list[Out] | BaseException], bool]:
            answers: list[list[Out] | BaseException] = []
            for fn, args, _ in batch:
                try:
                    answers.append(fn(*args))
                except Exception as exc:  # that call's own caller is told; the others go on
                    answers.append(exc)
            return answers, table.thinking  # asked in the worker, with the calls: is a computer to act now?

        try:
            while self._inbox:
                batch, self._inbox = self._inbox, []
                try:
                    answers, thinking = await self._loop.run_in_executor(self._worker, run, batch)
                except RuntimeError:  # the worker is gone: the table is closing
                    answers, thinking = [[] for _ in batch], False
                for (_, _, done), answer in zip(batch, answers, strict=True):
                    if isinstance(answer, BaseException):
                        if not done.done():
                            done.set_exception(answer)
                        continue
                    self._send(answer)
                    if not done.done():
                        done.set_result(None)
                if thinking:
                    self._kick()
        finally:
            self._draining = False

    def _send(self, outs: list[Out]) -> None:
        """Each answer onto its line's queue (a line whose queue is full is let go).
        A line with nothing queued and nothing unsent takes it at once: its writer
        has handed all it took to the socket already, so the order holds, and a
        message costs no wake of the writer (-15..20% of the loop's CPU a move)."""
        for conn, data in outs:
            queue = self._queues.get(conn)
            if queue is None:
                continue
            ws = self._lines.get(conn) if data is not None and queue.empty() else None
            if ws is not None and not ws.transport.get_write_buffer_size():
                self._broadcast((ws,), data, text=True)
            elif not _put(queue, data):
                _put_last(queue)

    def _code(self) -> str | None:
        code = getattr(self.table, "code", None)
        return code if isinstance(code, str) else None

    def _direct(self) -> list[str]:
        """Where a friend on the relay may try to dial this table directly."""
        if self.direct is not None:
            return [f"ws://{bracketed(a)}:{self.port}" for a in self.direct]
        if self.host in ("0.0.0.0", "::", ""):
            return []
        return [f"ws://{bracketed(self.host)}:{self.port}"]

    def _kick(self) -> None:
        """Start the computers thinking, unless they are already."""
        if self._thinker is None or self._thinker.done():
            self._thinker = asyncio.get_running_loop().create_task(self._think())

    async def _think(self) -> None:
        """A slice of thinking at a time, in the worker, queued behind the messages that came meanwhile."""
        assert self._loop is not None
        table = self.table

        def step() -> tuple[list[Out], bool]:
            return table.think_step(), table.thinking

        while self._stop is not None and not self._stop.is_set():
            try:
                outs, still = await self._loop.run_in_executor(self._worker, step)
            except RuntimeError:  # the worker is gone: the table is closing
                return
            self._send(outs)
            if not still:
                return
            await asyncio.sleep(0)

    async def _tick(self) -> None:
        """The table's clock, looked at every `TICK` seconds in the worker (a seat's time run
        out, a person away long enough), when the table has one; what it brings is sent."""
        while self._stop is not None and not self._stop.is_set():
            await asyncio.sleep(TICK)
            if self.table.ticks:
                try:
                    await self._do(self.table.tick)
                except RuntimeError:  # the worker is gone: the table is closing
                    return
                except Exception:  # a clock that fails costs its tick, never the table
                    log.exception("the table's clock failed")

    def _do_later(self, delay: float, fn: Callable[..., list[Out]], *args: Any) -> None:
        async def later() -> None:
            await asyncio.sleep(delay)
            await self._do(fn, *args)

        task = asyncio.create_task(later())
        self._later.add(task)  # kept until done, so it is not collected half-way
        task.add_done_callback(self._later.discard)

    async def _serve(self, ws: Any) -> None:
        if self.closed_by is not None:  # closing: a line that comes now is only told so (a rejoin now would
            try:  # turn its seat's key, and the table's slot, written as it closes, would keep the old one:
                await ws.send(p.encode(p.Bye(reason=self.closed_by)).decode())  # bad_token when it reopens)
            except Exception as exc:  # gone already
                log.info("a line while closing: %s", exc)
            return
        if self.relay is not None and _path(ws) == SEALED_PATH:  # a friend with the invite, at our own door
            relay_host = self.relay_host
            ws = SealedSocket(ws, self.relay, lambda: relay_host.offer() if relay_host else LineOffer(self._code()))
        conn = self._next
        self._next += 1
        address = _address(ws)
        self._addresses[conn] = address
        for stranger in self.gate.arrive(address, conn):  # room for this line: the oldest stranger goes
            self._let_go(stranger)
        self._sockets[conn] = ws
        queue: asyncio.Queue[bytes | None] = asyncio.Queue(SEND_QUEUE)
        self._queues[conn] = queue
        self.paths[conn] = "relay" if getattr(ws, "relayed", False) else "direct"
        if self._broadcast is not None and not getattr(ws, "wrapped", False):  # else every message goes by the queue
            self._lines[conn] = ws
        self._do_later(self.hello_timeout, self.table.expire, conn)
        writer = asyncio.create_task(self._write(ws, queue, conn))
        try:
            async for raw in ws:
                if writer.done():
                    break
                if self.gate.knocking_at(address, conn):
                    await self._knock(conn, address, raw, queue)
                else:
                    await self._do(self.table.receive, conn, raw)
        except Exception as exc:  # a line that broke: the seat waits for a rejoin
            log.info("connection %s: %s", conn, exc)
        finally:
            self.gate.leave(address, conn)
            self._addresses.pop(conn, None)
            self._sockets.pop(conn, None)
            self._queues.pop(conn, None)
            self._lines.pop(conn, None)
            self.paths.pop(conn, None)
            await self._do(self.table.disconnect, conn)
            writer.cancel()

    async def _knock(self, conn: int, address: str, raw: bytes | str, queue: asyncio.Queue[bytes | None]) -> None:
        """A stranger's message: after the wait its address has earned with wrong codes (a
        rejoin with its key never waits); once it has a seat it is a stranger no more."""
        delay = self.gate.delay(address)
        if delay and not _rejoin(raw):
            await asyncio.sleep(delay)
            if conn not in self._queues:  # let go meanwhile
                return

        def receive() -> list[Out]:
            out = self.table.receive(conn, raw)
            if self.table.seated(conn):
                self._newly_seated.add(conn)
            return out

        await self._do(receive)
        if conn in self._newly_seated:
            self._newly_seated.discard(conn)
            self.gate.leave(address, conn)

    def _let_go(self, conn: int) -> None:
        """Close a stranger's line to make room ("try again later": 1013)."""
        ws = self._sockets.pop(conn, None)
        self._queues.pop(conn, None)
        self._lines.pop(conn, None)
        if ws is not None:
            task = asyncio.create_task(ws.close(1013, "this table has too many lines open"))
            self._later.add(task)
            task.add_done_callback(self._later.discard)

    def _wrong_code(self, conn: Any) -> None:
        """A hello named no table here (called in the worker): its address waits longer next time."""
        loop, address = self._loop, self._addresses.get(conn)
        if loop is not None and address is not None:
            loop.call_soon_threadsafe(self.gate.wrong_code, address)

    async def _write(self, ws: Any, queue: asyncio.Queue[bytes | None], conn: int) -> None:
        as_is = _bytes_as_text(ws.send)
        while True:
            data = await queue.get()
            if data is None:
                await ws.close()
                return
            await (ws.send(data, text=True) if as_is else ws.send(data.decode()))


def _path(ws: Any) -> str:
    try:
        return str(ws.request.path)
    except AttributeError:
        return ""


def _address(ws: Any) -> str:
    """The address a line came from (its port left out: one person, many lines)."""
    try:
        return str(ws.remote_address[0])
    except (AttributeError, IndexError, TypeError):
        return "?"


def _rejoin(raw: bytes | str) -> bool:
    """Whether a stranger's message is a hello with a seat's key (never slowed: it is no guess at the code)."""
    try:
        message = p.decode(raw)
    except p.ProtocolError:
        return False
    return isinstance(message, p.Hello) and message.token is not None


#: A call for the worker: the function, its arguments, and the future its caller awaits.
_Call = tuple[Callable[..., list[Out]], tuple[Any, ...], "asyncio.Future[None]"]


def _bytes_as_text(send: Callable[..., Any]) -> bool:
    """Whether websockets' `send` (or `broadcast`) takes msgspec's UTF-8 as a text frame
    as it is (websockets 14+: `text=True`); 13 wants a str, decoded and encoded again."""
    import inspect

    return "text" in inspect.signature(send).parameters


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
