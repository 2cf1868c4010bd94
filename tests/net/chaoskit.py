"""A bad network on 127.0.0.1, and bots that play through it.

`ChaosProxy` sits between a host and its clients: every chunk read from
either side waits 100 ± 50 ms before it goes on (in order), and with
probability 0.03 a chunk instead kills its line (both sockets aborted, the
chunk lost), as a laptop on a bad Wi-Fi loses its line mid-message.  Each
line draws from its own `random.Random(f"{seed}/{line}/{direction}")`, so a
seed replays the same delays and aborts for the same lines (the order the
lines open in still depends on the threads).

`ChaosGame` plays one whole game at a `HostServer` through a proxy: each
person's seat is a `Client` with `retry` (the window's own reconnecting
client) played by a random computer, and a spectator watches the same way.  A seat is taken on a direct line and
then carried over to the proxy (the client dials again with its token): a
line that dies between its hello and its welcome leaves a ghost seat, which
is the door's to fix, not this test's to trip over.  Only 127.0.0.1; every
loop is bounded by the game's deadline.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from typing import Any

from netkit import Recorder, make_table

from game import ai
from game.net import hosting
from game.net import protocol as p
from game.net.carrier import HostServer
from game.net.client import Client, ClientSeat
from game.persist import library

LOOPBACK = "127.0.0.1"


class ChaosProxy:
    """A TCP proxy on 127.0.0.1 that delays every chunk and kills lines at random (see module doc)."""

    def __init__(
        self,
        target_port: int,
        seed: int | str,
        *,
        delay: float = 0.100,
        jitter: float = 0.050,
        abort: float = 0.03,
        chunk: int = 65536,
    ) -> None:
        self.target_port = target_port
        self.seed = seed
        self.delay, self.jitter, self.abort, self.chunk = delay, jitter, abort, chunk
        self.port = 0
        self.lines = 0  # lines opened through the proxy
        self.aborted = 0  # lines the proxy killed
        self.chunks = 0  # chunks it carried
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self.error: BaseException | None = None

    @property
    def url(self) -> str:
        return f"ws://{LOOPBACK}:{self.port}"

    def start(self) -> ChaosProxy:
        self._thread = threading.Thread(target=self._run, name="chaos-proxy", daemon=True)
        self._thread.start()
        if not self._ready.wait(10) or self.error is not None:
            raise RuntimeError(f"the proxy did not start: {self.error!r}")
        return self

    def stop(self) -> None:
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(10)

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:  # told to start() or to the test
            self.error = exc
        finally:
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        tasks: set[asyncio.Task[None]] = set()

        async def accepted(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            task = asyncio.current_task()
            assert task is not None
            tasks.add(task)
            try:
                await self._line(reader, writer)
            except asyncio.CancelledError:  # the proxy is stopping
                pass
            finally:
                tasks.discard(task)

        server = await asyncio.start_server(accepted, LOOPBACK, 0)
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        async with server:
            await self._stop.wait()
            for task in list(tasks):
                task.cancel()

    async def _line(self, down_r: asyncio.StreamReader, down_w: asyncio.StreamWriter) -> None:
        """One client's line: a line to the host, and chunks carried both ways until either end goes."""
        line = self.lines
        self.lines += 1
        try:
            up_r, up_w = await asyncio.open_connection(LOOPBACK, self.target_port)
        except OSError:
            down_w.transport.abort()
            return
        dead = asyncio.Event()

        def kill() -> None:
            if not dead.is_set():
                dead.set()
                down_w.transport.abort()
                up_w.transport.abort()

        pumps = [
            asyncio.create_task(self._pump(down_r, up_w, random.Random(f"{self.seed}/{line}/up"), kill)),
            asyncio.create_task(self._pump(up_r, down_w, random.Random(f"{self.seed}/{line}/down"), kill)),
        ]
        try:
            await asyncio.gather(*pumps, return_exceptions=True)
        finally:
            for pump in pumps:
                pump.cancel()
            kill()

    async def _pump(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, rng: random.Random, kill: Any
    ) -> None:
        """Read chunks from one side and write each to the other after its delay, in order;
        a chunk that draws the abort kills the line instead."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[float, bytes] | None] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                item = await queue.get()
                if item is None:
                    if writer.can_write_eof():
                        writer.write_eof()
                    return
                at, data = item
                await asyncio.sleep(max(0.0, at - loop.time()))
                writer.write(data)
                await writer.drain()

        delivering = asyncio.create_task(deliver())
        last = 0.0
        try:
            while True:
                data = await reader.read(self.chunk)
                if not data:
                    queue.put_nowait(None)
                    await delivering
                    return
                if rng.random() < self.abort:
                    self.aborted += 1
                    kill()
                    return
                self.chunks += 1
                last = max(last, loop.time() + rng.uniform(self.delay - self.jitter, self.delay + self.jitter))
                queue.put_nowait((last, data))
        except (OSError, asyncio.IncompleteReadError):
            kill()
        finally:
            delivering.cancel()


class ChaosBot:
    """One person's seat, played by a random computer through a `Client` that reconnects."""

    def __init__(self, url: str, name: str, seed: str, code: str) -> None:
        self.client = Client(url, name, code=code, retry=True)
        self.client.retry_for = 120.0  # the game's deadline bounds it, not the window's patience
        self.agent = ai.make_agent("random", seed)
        self.chosen: dict[int, str] = {}  # move count -> the move we sent on that view (the last one)
        self.raw: list[bytes | str] = []  # every message the seat was handed, for the recorder
        seat = self.client.seat
        handle = seat.handle

        def recorded(raw: bytes | str) -> p.Message:
            self.raw.append(raw)
            return handle(raw)

        seat.handle = recorded  # type: ignore[method-assign]

    @property
    def seat(self) -> ClientSeat:
        return self.client.seat

    def step(self) -> bool:
        """Send a move if it is ours to make and none is on its way; whether one went."""
        glance: dict[str, Any] = {}

        def look(s: ClientSeat) -> bool:
            glance.update(turn=s.my_turn and not s.over, moves=s.moves, view=s.view if s.my_turn else None)
            return True

        self.client.wait(look, 0)
        if not glance["turn"] or self.client.move_in_flight:  # as a window: `send_move` says if the line is down
            return False
        move = self.agent.choose(glance["view"])
        try:
            self.client.send_move(move, glance["moves"])
        except RuntimeError:  # the line went meanwhile: after the rejoin
            return False
        self.chosen[glance["moves"]] = str(move)
        return True


class ChaosGame:
    """One whole game: a host, a proxy, a bot per person's seat, a spectator (see module doc)."""

    def __init__(self, game_id: str, humans: list[bool], seed: int, *, abort: float = 0.03) -> None:
        self.game_id, self.humans, self.seed = game_id, humans, seed
        self.keep = hosting.autosaver()
        self.session, self.table, self.states = make_table(game_id, humans, seed, keep=self.keep)
        self.server = HostServer(self.table, host=LOOPBACK)
        self.proxy: ChaosProxy | None = None
        self.abort = abort
        self.bots: list[ChaosBot] = []
        self.watcher: Client | None = None  # a spectator, through the proxy from its first hello
        self.seconds = 0.0
        self.failure: str | None = None
        self.stall = 30.0  # no move for this long: a stall, not a slow line (a rejoin takes ~0.5-2 s)

    def _confirmed(self, seat: int | None, timeout: float) -> bool:
        """Wait until the host holds `seat` as its person's (their line answered the welcome's ping)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if seat is not None and self.server.ask(lambda: self.table.confirmed(seat)):
                return True
            time.sleep(0.02)
        return False

    def play(self, timeout: float) -> bool:
        """Play the game to its end through the proxy (False, with `failure`, if it did not in `timeout`)."""
        start = time.monotonic()
        deadline = start + timeout
        self.server.start()
        self.proxy = ChaosProxy(self.server.port, self.seed, abort=self.abort).start()
        try:
            for i in range(sum(self.humans)):
                bot = ChaosBot(self.server.url, f"Bot{i}", f"{self.seed}/{i}", self.table.code)
                self.bots.append(bot)
                bot.client.start()
                if not bot.client.wait(lambda s: s.seat is not None and s.view is not None, 10):
                    self.failure = f"bot {i} took no seat"
                    return False
                if not self._confirmed(bot.seat.seat, 10):  # a seat dropped before that is the next friend's
                    self.failure = f"bot {i}'s seat was never confirmed"
                    return False
                bot.client.url = self.proxy.url  # from now on through the bad network
                bot.client.drop()
            self.watcher = Client(self.server.url, "Watcher", code=self.table.code, watch=True, retry=True)
            self.watcher.retry_for = 120.0
            if not self.watcher.start().wait(lambda s: s.watching and s.view is not None, 10):
                self.failure = "the spectator was not let in"
                return False
            self.watcher.url = self.proxy.url  # as the bots: its rejoins go through the bad network
            self.watcher.drop()
            hosts_moves = lambda: len(self.session.match.moves)  # noqa: E731 - read once the server stopped too
            last, moved = -1, time.monotonic()
            while time.monotonic() < deadline:
                done = all(c.over and c.moves == hosts_moves() for c in self.seats())
                if done and self.session.over:
                    break
                if hosts_moves() != last:
                    last, moved = hosts_moves(), time.monotonic()
                elif time.monotonic() - moved > self.stall:
                    self.failure = f"{self.game_id} seed {self.seed}: stalled at move {last}: {self.state()}"
                    return False
                for bot in self.bots:
                    bot.step()
                time.sleep(0.01)
            else:
                self.failure = f"{self.game_id} seed {self.seed}: not over after {timeout:.0f} s: {self.state()}"
                return False
            return True
        finally:
            self.seconds = time.monotonic() - start
            for client in [b.client for b in self.bots] + ([self.watcher] if self.watcher else []):
                client.close(2)
            self.proxy.stop()
            self.server.stop()
            self.keep.flush(10)

    def seats(self) -> list[ClientSeat]:
        """Every client's seat: the bots', then the spectator's."""
        return [b.seat for b in self.bots] + ([self.watcher.seat] if self.watcher else [])

    def state(self) -> str:
        """Where the game and each client stand (for a failure's message)."""
        session = self.session
        bots = [
            f"seat {b.seat.seat}: at {b.seat.moves} turn {b.seat.turn} over {b.seat.over} pending "
            f"{b.seat.pending is not None} online {b.client.online} seated {b.client.seated} drops {b.client.drops} "
            f"gave up {b.client.gave_up} error {b.client.error!r}"
            for b in self.bots
        ]
        watcher = self.watcher
        if watcher is not None:
            seen = watcher.seat
            bots.append(
                f"spectator: at {seen.moves} over {seen.over} online {watcher.online} drops {watcher.drops} "
                f"refused {[r.code for r in seen.refusals]}"
            )
        return f"host at {len(session.match.moves)} to act {session.current} over {session.over}; " + "; ".join(bots)

    def check(self, recorder: Recorder | None = None) -> None:
        """Every client's end equals the host's and the archived game; every person's move
        in the host's list is the one their bot sent on that view, once."""
        match = self.session.match
        assert self.session.over
        scores = match.state.scores()
        for bot in self.bots:
            seat = bot.seat
            assert seat.over and seat.moves == len(match.moves), (seat.seat, seat.moves, len(match.moves))
            assert seat.view.scores() == scores
            assert seat.view == self.session.view(seat.seat)
            # a bot's move is made on its latest view, once: nothing it sends is ever refused
            assert seat.refusals == [], [ClientSeat.say_refusal(r) for r in seat.refusals]
        watcher = self.watcher
        if watcher is not None:  # the spectator saw the end too
            seen = watcher.seat
            assert seen.over and seen.moves == len(match.moves) and seen.watching, (seen.moves, watcher.gave_up)
            assert seen.view == match.state.public_view() and seen.view.scores() == scores
            assert seen.refusals == [], [ClientSeat.say_refusal(r) for r in seen.refusals]
        archived = library.history_file(match)
        assert archived is not None, "the finished game is not in the history"
        kept = library.load_slot(archived)
        assert kept.state.is_over and kept.state.scores() == scores
        assert [(s, str(m)) for s, m in kept.moves] == [(s, str(m)) for s, m in match.moves]
        by_seat = {bot.seat.seat: bot for bot in self.bots}
        for at, (s, move) in enumerate(match.moves):
            if s in by_seat:  # a person's move: the one its bot chose on the view of move count `at`
                assert by_seat[s].chosen.get(at) == str(move), (s, at, str(move), by_seat[s].chosen.get(at))
        for s, bot in by_seat.items():  # and none of theirs went missing or in twice
            taken = [at for at, (seat, _) in enumerate(match.moves) if seat == s]
            assert all(at in bot.chosen for at in taken)
            assert len(taken) == len(set(taken))
        if recorder is not None:
            for bot in self.bots:
                for raw in bot.raw:
                    recorder.check(bot.seat.seat, raw, self.states)
