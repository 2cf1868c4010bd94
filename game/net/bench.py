"""How a host holds up: T tables of bot clients at once against one process, on loopback.

    python -m game.net.bench --tables 100 --clients 4

The tables share one `HostServer` on 127.0.0.1 (a `TableSet`: each bot's
hello names its table's code); the bots all run in one asyncio loop in a
process of their own and play as fast as the host answers (no thinking time,
the worst case) or, with `--pace`, after a person's pause.  A move's round
trip is from sending it to receiving the view that shows it.  Reports p50/p99
round trip, the host process's CPU per move (and the bots' process's: flat
out the two share the cores), and the resident memory it grew by, per table
(each game's whole history still held).  Sends only to 127.0.0.1; every
loop is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import queue
import statistics
import time
from typing import Any

import msgspec

from game import ai
from game.match.match import Match, Seat
from game.net import protocol as p
from game.net.authority import HostTable
from game.net.carrier import HostServer
from game.net.client import ClientSeat
from game.net.door import TableSet
from game.rules import registry
from game.session.session import Session

__all__ = ["main", "run"]


class _Glance(msgspec.Struct):
    """What a bot reads of every message (the rest is skipped, not built): enough
    to see its move answered and its turn come.  Most views are of another
    seat's move, and the bots' process shares the cores with the host: reading
    those whole (11 µs a view, 2 µs so) was CPU the host's round trips wait on."""

    kind: str
    moves: int = -1
    turn: int | None = None
    over: bool = False


_glance = msgspec.json.Decoder(_Glance)


async def _bot(
    url: str,
    code: str,
    name: str,
    seed: str,
    rtts: list[float],
    pace: float,
    cap: int | None,
    max_messages: int = 50_000,
) -> int:
    from websockets.asyncio.client import connect

    seat = ClientSeat(name, code=code)
    agent = ai.make_agent("random", seed)
    sent_at = -1
    sent_time = 0.0
    played = 0
    async with connect(url, max_size=2 * p.MAX_MESSAGE) as ws:
        await ws.send(seat.hello().decode())
        for _ in range(max_messages):
            raw = await ws.recv()
            glance = _glance.decode(raw)
            if glance.kind == "view" and sent_at >= 0 and glance.moves > sent_at:
                rtts.append(time.perf_counter() - sent_time)
                sent_at = -1
            if glance.kind == "view" and glance.turn != seat.seat and not glance.over:
                if cap is not None and glance.moves >= cap:
                    break
                continue  # another seat's move: nothing for this bot to do, so nothing more to read
            message = seat.handle(raw)
            if seat.closed is not None or seat.over or (cap is not None and seat.moves >= cap):
                break
            if seat.my_turn and sent_at < 0 and isinstance(message, p.ViewMsg):
                if pace:
                    await asyncio.sleep(pace)  # a person takes a moment
                sent_at, sent_time = seat.moves, time.perf_counter()
                await ws.send(seat.move(agent.choose(seat.view), seat.moves).decode())
                played += 1
    return played


def _p99(rtts: list[float]) -> float:
    """The 99th percentile in ms (of round trips in the order they ended: drift shows)."""
    ordered = sorted(rtts)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000 if ordered else float("nan")


def _rss() -> int:
    """This process's resident memory in bytes (Linux; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as statm:
            import os

            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return 0


def _bots(
    url: str, codes: list[str], clients: int, seed: int, pace: float, cap: int | None, timeout: float, out: Any
) -> None:
    """The bots, in a process of their own (so the host's CPU is the host's alone)."""
    rtts: list[float] = []

    async def everyone() -> list[int]:
        bots = [
            _bot(url, code, f"Bot{i}", f"{seed}/{t}/{i}", rtts, pace, cap)
            for t, code in enumerate(codes)
            for i in range(clients)
        ]
        return await asyncio.wait_for(asyncio.gather(*bots), timeout)

    cpu0 = time.process_time()
    try:
        asyncio.run(everyone())
        out.put(("ok", (rtts, time.process_time() - cpu0)))
    except BaseException as exc:  # told to the host side, which reports it
        out.put(("error", repr(exc)))


def run(
    tables: int,
    clients: int = 4,
    seed: int = 0,
    *,
    pace: float = 0.0,
    moves: int | None = None,
    timeout: float = 600.0,
    computers: int = 0,
    level: str = "hard",
    sliced: bool = True,
) -> dict[str, Any]:
    """Play at each of `tables` tables of `clients` bots (to the end, or to `moves`
    moves), each bot waiting `pace` seconds before its move; the numbers.

    `computers` more seats a table are the host's own computers at `level`,
    thinking on the host (a slice at a time between messages; `sliced=False`
    thinks each move through at once, as the host once did, for comparison)."""
    import multiprocessing

    games = registry.BUILT_IN
    base = _rss()
    sessions = []
    door = TableSet()
    for t in range(tables):
        seats = [Seat(f"Bot{i}", True) for i in range(clients)] + [
            Seat(f"Computer{i}", False, level) for i in range(computers)
        ]
        match = Match(games[t % len(games)], seats, seed=seed + t)
        session = Session(match, keeps=False)
        sessions.append(session)
        door.add(HostTable(session, rate=1000.0, burst=1000.0))
    lines = tables * clients + 16  # every bot dials from 127.0.0.1 at once: all may knock together
    server = HostServer(door, max_lines=lines, per_address=lines)
    door.sliced = sliced
    server.start()
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    bots = context.Process(
        target=_bots, args=(server.url, list(door.tables), clients, seed, pace, moves, timeout, out), daemon=True
    )
    cpu0, wall0 = time.process_time(), time.perf_counter()
    try:
        bots.start()
        end = time.monotonic() + timeout + 30
        while True:  # bounded: the bots answer, die, or run out of time
            try:
                status, result = out.get(timeout=0.5)
                break
            except queue.Empty:
                if not bots.is_alive() or time.monotonic() > end:
                    status, result = "error", f"the bots' process ended (exit code {bots.exitcode})"
                    break
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        held = _rss() - base  # the games' whole history still held: the host's side at its largest
        bots.join(30)
    finally:
        server.stop()
        if bots.is_alive():
            bots.terminate()
    if status != "ok":
        raise RuntimeError(f"the bots stopped: {result}")
    result, bots_cpu = result
    played = sum(len(s.match.moves) for s in sessions)
    ordered = sorted(result)

    def pct(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")

    return {
        "tables": tables,
        "clients": tables * clients,
        "finished": sum(1 for s in sessions if s.over),
        "moves": played,
        "pace_s": pace,
        "rtt_p50_ms": round(pct(0.50), 2),
        "rtt_p99_ms": round(pct(0.99), 2),
        "rtt_mean_ms": round(statistics.fmean(ordered) * 1000, 2) if ordered else None,
        "rtt_p99_ms_by_fifth": [
            round(_p99(result[i * len(result) // 5 : (i + 1) * len(result) // 5]), 1) for i in range(5)
        ],
        "computers_per_table": computers,
        "computer_level": level if computers else None,
        "sliced": sliced,
        "host_cpu_ms_per_move": round(cpu / max(played, 1) * 1000, 3),
        # the bots' process too: flat out, host and bots share the cores, and a round trip waits on both
        "bots_cpu_ms_per_move": round(bots_cpu / max(played, 1) * 1000, 3),
        "wall_s": round(wall, 2),
        "host_memory_per_table_kib": round(held / tables / 1024, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.net.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pace", type=float, default=0.0, help="seconds a bot waits before each move (0: flat out)")
    parser.add_argument("--moves", type=int, default=None, help="stop each table after this many moves")
    parser.add_argument("--computers", type=int, default=0, help="the host's own computers at each table")
    parser.add_argument("--level", default="hard", help="their level (easy, normal, hard)")
    parser.add_argument("--unsliced", action="store_true", help="computers think each move through at once")
    args = parser.parse_args(argv)
    result = run(
        args.tables,
        args.clients,
        args.seed,
        pace=args.pace,
        moves=args.moves,
        computers=args.computers,
        level=args.level,
        sliced=not args.unsliced,
    )
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
