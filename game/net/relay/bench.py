"""`fireside relay-bench`: T tables of opaque traffic through R relay processes (issue 34, part 7, the relay half).

    python -m game relay-bench --tables 100 --clients 4 --relays 2 --pace 0.5

Each table is a host and `clients - 1` friends; friend j of table i dials
relay (i + j) mod R, its host relay i mod R, so with R > 1 most lines cross
between relay processes through one Redis (a `redis-server` the bench starts
on 127.0.0.1 on a free port, unless --redis names one).  Each friend sends a
payload, its host echoes it back through the relay, and the friend moves again
`pace` seconds after its last move, on its own beat (`pacing="after-answer"`:
`pace` seconds after the answer): a round trip is friend → relay(s) → host →
relay(s) → friend.  In the same run one client per table does the same
directly (a friend that reached its host without the relay): by default its
host's process answers it, an echo server inside the client process that holds
the table's host, so both round trips carry the same client load and differ
only by the relay hop(s); `direct="separate"` answers from a quiet echo process
of its own instead (the bench's first form, which flatters direct).  Reports
p50/p99 of both, the relay processes' CPU per forwarded message, their resident
memory per line and a verdict against issue 34's numbers (`verdict`).
The game-level bots (sealed game messages) are the e2e side's.  Only
127.0.0.1; every loop is bounded by `seconds`.

`memory_per_line(lines)` measures the relay's own allocations per line with
tracemalloc, the clients in a process of their own."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import AsyncIterator
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.net.relay.limits import Limits
from game.net.relay.peers import ENV_SECRET

ROOMY = ["--lines-per-address", "1000000", "--tables-per-address", "1000000"]
ROOMY += ["--messages-per-second", "1e9", "--bytes-per-second", "1e12"]


def _table_id(i: int) -> str:
    alphabet = "abcdefghijklmnopqrstuvwxyz234567"
    out = []
    for _ in range(16):
        out.append(alphabet[i % 32])
        i //= 32
    return "".join(out)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_bytes(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


async def _hello(url: str, role: str, table: str) -> ClientConnection:
    ws = await connect(url, compression=None, open_timeout=30, close_timeout=2, max_queue=64)
    await ws.send('{"relay": 1, "role": "%s", "table": "%s"}' % (role, table))
    answer = await asyncio.wait_for(ws.recv(), 30)
    if not (isinstance(answer, str) and answer.startswith('{"ok"')):
        raise RuntimeError(f"relay refused a {role}: {answer!r}")
    return ws


async def _echo_host(ws: ClientConnection) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for frame in ws:
            if isinstance(frame, bytes):
                await ws.send(frame)  # 4-byte line number + payload: straight back to that line


#: How a friend spaces its round trips: a move every `pace` seconds on its own beat, or a pause of
#: `pace` seconds after each answer.
PACINGS = ("beat", "after-answer")


async def _pinger(
    ws: ClientConnection,
    pace: float,
    phase: float,
    pacing: str,
    until: float,
    size: int,
    rtts: list[float],
    errors: list[str],
) -> None:
    """Round trips on one line until `until`, one at a time.

    On its own beat (`pacing="beat"`) a friend moves at phase, phase + pace, ... as a person at
    another laptop does; after a late answer it moves at once and keeps the new beat.  Pausing
    after each answer instead ties the friends' moves to the bench's own two client processes: when
    one of them stalls, every friend it holds gets its answer in the same instant, pauses the
    same 0.5 s, and from then on they move as one crowd, a burst the relays meet twice a second
    that 2,000 laptops would never send."""
    payload = os.urandom(size)
    try:
        due = time.monotonic() + phase
        while True:
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            if time.monotonic() >= until:
                break
            start = time.perf_counter()
            await ws.send(payload)
            while isinstance(frame := await asyncio.wait_for(ws.recv(), 30), str):
                if "refused" in frame:
                    errors.append(frame)
                    return
            rtts.append(time.perf_counter() - start)
            now = time.monotonic()
            due = max(due + pace, now) if pacing == "beat" else now + pace
    except ConnectionClosed as exc:
        errors.append(f"closed {exc.rcvd.code if exc.rcvd else None}")
    except asyncio.TimeoutError:
        errors.append("no answer in 30 s")


@contextlib.asynccontextmanager
async def _process(
    *argv: str, env: dict[str, str] | None = None
) -> AsyncIterator[tuple[asyncio.subprocess.Process, str]]:
    """A child process that prints one line (its address) when it is ready."""
    proc = await asyncio.create_subprocess_exec(
        *argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, limit=256 * 1024 * 1024, env=env
    )
    try:
        assert proc.stdout is not None
        line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode().strip()
        yield proc, line
    finally:
        if proc.returncode is None:
            proc.terminate()
            try:
                await asyncio.wait_for(proc.wait(), 10)
            except asyncio.TimeoutError:
                proc.kill()
                await proc.wait()


@contextlib.asynccontextmanager
async def _redis(url: str | None, needed: bool) -> AsyncIterator[str | None]:
    if url is not None or not needed:
        yield url
        return
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("relay-bench: more than one relay needs redis-server (or --redis URL)")
    port = _free_port()
    proc = subprocess.Popen(
        [binary, "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(500):
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
            await asyncio.sleep(0.02)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)


async def _bench(
    tables: int,
    clients: int,
    relays: int,
    pace: float,
    seconds: float,
    redis_url: str | None,
    size: int,
    workers: int,
    direct_mode: str = "host",
    crossing: str = "links",
    relay_nice: int = 0,
    pacing: str = "beat",
) -> dict[str, Any]:
    python = sys.executable
    workers = max(1, min(workers, tables))
    async with contextlib.AsyncExitStack() as stack:
        url = await stack.enter_async_context(_redis(redis_url, relays > 1))
        procs: list[asyncio.subprocess.Process] = []
        urls: list[str] = []
        env = dict(os.environ)
        env.pop(ENV_SECRET, None)
        if crossing == "links":  # crossing lines go relay to relay; else through Redis pub/sub
            env[ENV_SECRET] = os.urandom(16).hex()
        for _ in range(relays):
            argv = [python, "-m", "game", "relay", "--bind", "127.0.0.1", "--port", "0", "--quiet", *ROOMY]
            proc, line = await stack.enter_async_context(_process(*argv, *(["--redis", url] if url else []), env=env))
            if "ws://" not in line:
                raise SystemExit(f"relay-bench: a relay did not start ({line!r})")
            procs.append(proc)
            urls.append("ws://" + line.split("ws://", 1)[1])
            if relay_nice:  # as if the relays had cores of their own (a negative value needs root)
                os.setpriority(os.PRIO_PROCESS, proc.pid, relay_nice)
        echo_line = ""
        if direct_mode == "separate":
            _, echo_line = await stack.enter_async_context(_process(python, "-m", "game.net.relay.bench", "--echo"))
        await asyncio.sleep(0.2)
        rss_before = [_rss_bytes(p.pid) for p in procs]
        started = time.perf_counter()
        crowd: list[tuple[asyncio.subprocess.Process, str]] = []
        for w in range(workers):  # the clients in processes of their own: one loop is not the bottleneck
            config = {
                "urls": urls,
                "echo": echo_line,
                "worker": w,
                "workers": workers,
                "tables": tables,
                "clients": clients,
                "pace": pace,
                "seconds": seconds,
                "size": size,
                "pacing": pacing,
            }
            argv = [python, "-m", "game.net.relay.bench", "--worker", json.dumps(config)]
            proc, line = await stack.enter_async_context(_process(*argv))
            if not line.startswith("hosts "):
                raise SystemExit(f"relay-bench: a client process did not connect its hosts ({line!r})")
            crowd.append((proc, line.split(" ", 1)[1]))
        direct_urls = json.dumps([url for _, url in crowd]).encode() + b"\n"
        for proc, _ in crowd:
            assert proc.stdin is not None
            proc.stdin.write(direct_urls)
            await proc.stdin.drain()
        for proc, _ in crowd:
            assert proc.stdout is not None
            line = (await asyncio.wait_for(proc.stdout.readline(), 120)).decode().strip()
            if line != "ready":
                raise SystemExit(f"relay-bench: a client process did not connect its friends ({line!r})")
        dial_seconds = time.perf_counter() - started
        cpu_before = [_cpu_seconds(p.pid) for p in procs]
        for proc, _ in crowd:
            assert proc.stdin is not None
            proc.stdin.write(b"go\n")
            await proc.stdin.drain()
        for proc, _ in crowd:  # every friend has stopped before any process writes its report, so no host
            assert proc.stdout is not None  # stops answering while it writes (a 10 ms stall of its lines)
            line = (await asyncio.wait_for(proc.stdout.readline(), seconds + 120)).decode().strip()
            if line != "done":
                raise SystemExit(f"relay-bench: a client process did not finish its round trips ({line!r})")
        cpu = sum(_cpu_seconds(p.pid) for p in procs) - sum(cpu_before)
        rss_after = [_rss_bytes(p.pid) for p in procs]
        relayed: list[float] = []
        direct: list[float] = []
        errors: list[str] = []
        for proc, _ in crowd:
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write(b"report\n")
            await proc.stdin.drain()
            report = json.loads(await asyncio.wait_for(proc.stdout.readline(), seconds + 120))
            relayed += report["relayed"]
            direct += report["direct"]
            errors += report["errors"]
        for proc, _ in crowd:
            assert proc.stdin is not None
            proc.stdin.write(b"end\n")
            await proc.stdin.drain()
    n_lines = tables * clients
    messages = 2 * len(relayed)

    def ms(values: list[float], q: int) -> float:
        if len(values) < 2:
            return round(1000 * values[0], 3) if values else 0.0
        return round(1000 * statistics.quantiles(values, n=100)[q - 1], 3)

    return {
        "tables": tables,
        "clients": clients,
        "relays": relays,
        "pace_s": pace,
        "lines": n_lines,
        "client_processes": workers,
        "dial_s": round(dial_seconds, 2),
        "round_trips_relay": len(relayed),
        "round_trips_direct": len(direct),
        "relay_p50_ms": ms(relayed, 50),
        "relay_p99_ms": ms(relayed, 99),
        "direct_p50_ms": ms(direct, 50),
        "direct_p99_ms": ms(direct, 99),
        "relay_cpu_us_per_message": round(1e6 * cpu / messages, 1) if messages else None,
        "relay_messages_per_cpu_second": round(messages / cpu) if cpu > 0 else None,
        "relay_rss_kib_per_line": round((sum(rss_after) - sum(rss_before)) / n_lines / 1024, 1),
        "direct_from": direct_mode,
        "crossing": crossing if relays > 1 else "none",
        "relay_nice": relay_nice,
        "pacing": pacing,
        "errors": len(errors),
        "first_errors": sorted(set(errors))[:5],
    }


def run(
    tables: int,
    clients: int,
    relays: int,
    pace: float = 0.5,
    seconds: float = 10.0,
    redis_url: str | None = None,
    size: int = 200,
    workers: int = 2,
    direct: str = "host",
    crossing: str = "links",
    relay_nice: int = 0,
    pacing: str = "beat",
) -> dict[str, Any]:
    if pacing not in PACINGS:
        raise ValueError(f"pacing is one of {PACINGS}, not {pacing!r}")
    if direct not in ("host", "separate"):
        raise ValueError(f"direct is 'host' or 'separate', not {direct!r}")
    if crossing not in ("links", "redis"):
        raise ValueError(f"crossing is 'links' or 'redis', not {crossing!r}")
    return asyncio.run(
        _bench(tables, clients, relays, pace, seconds, redis_url, size, workers, direct, crossing, relay_nice, pacing)
    )


#: Issue 34's numbers: relay p99 ≤ direct p99 + this many ms, and at most this many KiB per line.
P99_MARGIN_MS = 10.0
KIB_PER_LINE = 64.0


def verdict(result: dict[str, Any]) -> str:
    """One line against issue 34's numbers (its setting is 500 tables × 4 clients, 2 relays, pace 0.5 s)."""
    gap = float(result["relay_p99_ms"]) - float(result["direct_p99_ms"])
    kib = float(result["relay_rss_kib_per_line"])
    traced = result.get("traced_memory")
    if isinstance(traced, dict):
        kib = max(kib, float(traced["bytes_per_line"]) / 1024)
    p99_ok = gap <= P99_MARGIN_MS
    kib_ok = kib <= KIB_PER_LINE
    met = p99_ok and kib_ok and not result["errors"]
    setting = (result["tables"], result["clients"], result["relays"], result["pace_s"]) == (500, 4, 2, 0.5)
    nice = int(result.get("relay_nice", 0))
    return (
        f"verdict: {'MET' if met else 'NOT MET'}"
        f" | p99 relay - direct = {gap:+.1f} ms (issue 34: ≤ +{P99_MARGIN_MS:.0f} ms) {'ok' if p99_ok else 'over'}"
        f" | {kib:.1f} KiB per line (≤ {KIB_PER_LINE:.0f}) {'ok' if kib_ok else 'over'}"
        f" | errors {result['errors']}"
        f" | direct answered by {'the host process' if result['direct_from'] == 'host' else 'a separate echo'}"
        + (f" | crossing lines via {result['crossing']}" if result.get("crossing", "none") != "none" else "")
        + ("" if setting else " | not the issue's setting (500 tables × 4 clients, 2 relays, pace 0.5)")
        + (" | friends pause after each answer" if result.get("pacing") == "after-answer" else "")
        + (f" | relays at nice {nice}: as if on cores of their own, not the issue's shared machine" if nice else "")
    )


# -- memory per line, measured with tracemalloc in the relay's own process ------------------------


async def _memory(lines: int, exchange: bool) -> dict[str, float]:
    from game.net.relay.server import Relay

    limits = Limits(
        lines_per_address=lines + 10,
        unhelloed_per_address=lines + 10,
        tables_per_address=lines,
        messages_per_second=1e9,
        messages_burst=1e9,
        bytes_per_second=1e12,
        bytes_burst=1e12,
    )
    relay = Relay(limits)
    await relay.start("127.0.0.1", 0)
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    argv = [sys.executable, "-m", "game.net.relay.bench", "--hold", f"ws://127.0.0.1:{relay.port}", str(lines)]
    try:
        async with _process(*argv, *(["--exchange"] if exchange else [])) as (proc, line):
            if line != "ready":
                raise RuntimeError(f"the clients did not connect: {line!r}")
            await asyncio.sleep(0.1)
            gc.collect()
            held = tracemalloc.get_traced_memory()[0] - base
            peak = tracemalloc.get_traced_memory()[1] - base
            counted = relay.counts()["lines"]
            assert proc.stdin is not None
            proc.stdin.close()
    finally:
        tracemalloc.stop()
        await relay.close()
    return {"lines": counted, "bytes_per_line": held / max(1, counted), "peak_bytes_per_line": peak / max(1, counted)}


def memory_per_line(lines: int = 1000, exchange: bool = True) -> dict[str, float]:
    """The relay's traced memory per open line: `lines` lines (tables of a host and three friends)."""
    return asyncio.run(_memory(lines, exchange))


async def _hold(url: str, lines: int, exchange: bool) -> None:
    """The clients of `memory_per_line`: open the lines, one payload each way on each, then wait for stdin's end."""
    conns: list[ClientConnection] = []
    gate = asyncio.Semaphore(32)

    async def table(i: int, friends: int) -> None:
        async with gate:
            host = await _hello(url, "host", _table_id(i))
            conns.append(host)
            for _ in range(friends):
                f = await _hello(url, "friend", _table_id(i))
                conns.append(f)
                if exchange:
                    await f.send(b"p" * 200)
                    while not isinstance(frame := await host.recv(), bytes):
                        pass
                    await host.send(frame)
                    while not isinstance(await f.recv(), bytes):
                        pass

    full, rest = divmod(lines, 4)
    await asyncio.gather(*(table(i, 3) for i in range(full)), *([table(full, rest - 1)] if rest else []))
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)


async def _worker(config: dict[str, Any]) -> None:
    """A client process of the bench, in three steps on stdin's word.

    1. It dials the hosts of its tables (table i's host lives in worker i mod W) and, unless the
       direct lines go to a separate echo, serves those hosts' direct port (an echo server): it
       prints ``hosts <its url>``.
    2. Given the direct urls of every worker (a JSON list on stdin) it dials the friends of the
       tables it plays (table i's friends and direct line live in worker (i + 1) mod W, another
       process than its host when W > 1, as a friend is another machine than its host), prints
       ``ready``.
    3. After ``go`` the friends and direct lines make round trips until `seconds` have passed; it
       prints ``done``, its report as JSON on stdin's ``report``, and keeps its hosts answering until
       stdin's next line (the other workers may still play).

    The clients stand for 2,000 laptops, so their own garbage collector stays out of the round trips:
    the objects of the dialled lines are frozen and automatic collection is off while the friends
    play.  (With it on, each collection of a process holding 1,000 lines stopped every line it holds
    for 20–60 ms, the same for relayed and direct trips, and the relayed p99 was a measure of those
    pauses; the relays keep their own collector.)"""
    urls: list[str] = config["urls"]
    clients: int = config["clients"]
    pace: float = config["pace"]
    size: int = config["size"]
    workers: int = config["workers"]
    me: int = config["worker"]
    tables: int = config["tables"]
    pacing: str = config["pacing"]
    gate = asyncio.Semaphore(64)
    loop = asyncio.get_running_loop()

    async def echo(ws: ServerConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for frame in ws:
                await ws.send(frame)

    server = None
    echo_url: str = config["echo"]
    if not echo_url:  # direct: this process is its hosts' machine, so it answers their friends' direct lines
        server = await serve(echo, "127.0.0.1", 0, compression=None, max_queue=64)
        echo_url = f"ws://127.0.0.1:{next(iter(server.sockets)).getsockname()[1]}"

    async def dial_host(i: int) -> ClientConnection:
        async with gate:
            return await _hello(urls[i % len(urls)], "host", _table_id(i))

    hosts = await asyncio.gather(*(dial_host(i) for i in range(me, tables, workers)))
    answering = [loop.create_task(_echo_host(h)) for h in hosts]
    print(f"hosts {echo_url}", flush=True)
    direct_urls: list[str] = json.loads(await loop.run_in_executor(None, sys.stdin.readline))

    async def dial_friends(i: int) -> tuple[list[ClientConnection], ClientConnection]:
        async with gate:
            table = _table_id(i)
            friends = [await _hello(urls[(i + j) % len(urls)], "friend", table) for j in range(1, clients)]
            direct = await connect(direct_urls[i % workers], compression=None, open_timeout=30)
            return friends, direct

    lines = await asyncio.gather(*(dial_friends(i) for i in range(tables) if (i + 1) % workers == me))
    print("ready", flush=True)
    await loop.run_in_executor(None, sys.stdin.readline)
    until = time.monotonic() + config["seconds"]
    relayed: list[float] = []
    direct: list[float] = []
    errors: list[str] = []
    phases = random.Random(me)
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        await asyncio.gather(
            *(
                _pinger(f, pace, pace * phases.random(), pacing, until, size, relayed, errors)
                for friends, _ in lines
                for f in friends
            ),
            *(_pinger(d, pace, pace * phases.random(), pacing, until, size, direct, errors) for _, d in lines),
        )
    finally:
        gc.enable()
    print("done", flush=True)
    await loop.run_in_executor(None, sys.stdin.readline)
    print(json.dumps({"relayed": relayed, "direct": direct, "errors": errors}), flush=True)
    await loop.run_in_executor(None, sys.stdin.readline)
    for task in answering:
        task.cancel()
    for ws in (*hosts, *(ws for friends, d in lines for ws in (*friends, d))):
        ws.transport.abort()
    if server is not None:
        server.close()


async def _echo() -> None:
    async def echo(ws: ServerConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for frame in ws:
                await ws.send(frame)

    server = await serve(echo, "127.0.0.1", 0, compression=None, max_queue=64)
    port = next(iter(server.sockets)).getsockname()[1]
    print(f"ws://127.0.0.1:{port}", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    server.close()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--echo"]:
        asyncio.run(_echo())
    elif sys.argv[1:2] == ["--worker"]:
        try:
            asyncio.run(_worker(json.loads(sys.argv[2])))
        except (OSError, InvalidStatus, RuntimeError) as exc:
            print(f"failed: {exc}", flush=True)
    elif sys.argv[1:2] == ["--hold"]:
        try:
            asyncio.run(_hold(sys.argv[2], int(sys.argv[3]), "--exchange" in sys.argv[4:]))
        except (OSError, InvalidStatus, RuntimeError) as exc:
            print(f"failed: {exc}", flush=True)
