"""Benchmark of the table itself: frame cost and time to the first frame.

Frame cost is update + draw (no display flip) of a 6-player Avalanche game
at 1920x1080 on the dummy video driver, counted only over frames in which
cards are moving, with random computer seats so that AI thinking is not
part of the figure.

`python -m game.tools.frame_bench --network` compares a network table (this
window a `Client` to a `HostServer` on 127.0.0.1, the other seats the host's
computers) with the same local table (seat 0 a person, played by the bench
through the table's gate in both), in alternating runs: the medians' ratio.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from game.rules import registry

ROOT = Path(__file__).resolve().parents[2]
#: The table measured (its default): the built-in game with the most on the felt at six seats.
BENCH_GAME = registry.BUILT_IN[1]


def frame_costs(
    seconds: float,
    game: str = BENCH_GAME,
    players: int = 6,
    size: tuple[int, int] = (1920, 1080),
    warmup_moves: int = 30,
) -> list[float]:
    """Milliseconds per animated frame, for about `seconds` of measuring.

    Only the measuring counts against `seconds`: opening the window and the
    warm-up to mid-game stay outside it, or a busy machine spends the whole
    budget warming up and reports no frames at all."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app.shell.app import App
    from game.match.match import Match, Seat
    from game.persist.settings import Settings

    app = App(size, Settings(speed="normal"))
    seed = 1
    costs: list[float] = []
    measured = 0.0
    while measured < seconds:
        seats = [Seat(f"Seat {i + 1}", False, "random") for i in range(players)]
        table = app.routes.table(Match(game, seats, seed), demo=True)
        app.settings.speed = "off"  # get to mid-game quickly
        while table.match.position < warmup_moves and not table.match.state.is_over:
            app.step(1 / 60, events=[], flip=False)
        app.settings.speed = "normal"
        phase = time.perf_counter()
        while measured + (time.perf_counter() - phase) < seconds and not table.turns.ended:
            start = time.perf_counter()
            app.step(1 / 60, events=[], flip=False)
            cost = (time.perf_counter() - start) * 1000
            if table.stage.busy:
                costs.append(cost)
        measured += time.perf_counter() - phase
        seed += 1
    return costs


def seat_costs(
    seconds: float,
    network: bool,
    game: str = BENCH_GAME,
    players: int = 6,
    size: tuple[int, int] = (1920, 1080),
    seed: int = 1,
    clock: Callable[[], float] = time.perf_counter,
    host_here: bool = False,
) -> list[float]:
    """Milliseconds per animated frame of a table where seat 0 is a person (the
    bench plays it through `try_move`) and the others random computers: local,
    or a network table over 127.0.0.1 (the computers then think on the host).
    `clock`: wall time, or `time.thread_time` for the window thread's own
    processor time (what a busy machine's other work does not add to).
    `host_here`: the host in this process (the host's own window), not in one of its own."""
    import random

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app.shell.app import App
    from game.match.match import Match, Seat
    from game.persist.settings import Settings

    app = App(size, Settings(speed="normal", muted=True))
    seats = [Seat("You", True), *(Seat(f"Seat {i + 1}", False, "random") for i in range(1, players))]
    match = Match(game, seats, seed)
    host = client = server = None
    if network and host_here:
        from game.net.authority import HostTable
        from game.net.carrier import HostServer
        from game.net.client import Client
        from game.session.session import Session

        server = HostServer(HostTable(Session(Match(game, seats, seed), keeps=False)), host="127.0.0.1").start()
        client = Client(server.url, "You").start()
        if not client.wait(lambda s: s.view is not None, 10.0):
            raise RuntimeError("the bench's host did not answer")
        table = app.routes.remote_table(client)
    elif network:
        from game.net.client import Client

        host = subprocess.Popen(  # the host's own process, as a friend's laptop would be
            [sys.executable, "-m", "game.tools.frame_bench", "--host", game, str(players), str(seed)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert host.stdout is not None
        url = host.stdout.readline().strip()
        client = Client(url, "You").start()
        if not client.wait(lambda s: s.view is not None, 10.0):
            raise RuntimeError("the bench's host did not answer")
        table = app.routes.remote_table(client)
    else:
        table = app.routes.table(match)
    rng = random.Random(seed)
    costs: list[float] = []
    try:
        phase = time.perf_counter()
        while time.perf_counter() - phase < seconds and not table.turns.ended:
            if app.stack.top is not table:  # a round's summary: closed at once
                app.stack.pop()
                continue
            if table.viewer_acts() and not table.stage.busy:
                if network and (client is None or client.seat.inbox or getattr(table.session, "in_flight", False)):
                    time.sleep(0.0005)  # the host's answer is on its way
                else:
                    table.input.try_move(rng.choice(table.view.legal_moves()))
            start = clock()
            app.step(1 / 60, events=[], flip=False)
            cost = (clock() - start) * 1000
            if table.stage.busy:
                costs.append(cost)
    finally:
        if client is not None:
            client.close()
        if host is not None:
            host.communicate("", timeout=10)
        if server is not None:
            server.stop()
    return costs


def serve_host(game: str, players: int, seed: int, level: str = "random") -> None:
    """The bench's host in a process of its own: print its address, serve until stdin closes.
    It stands in for another laptop, so it yields this machine's cores to the window
    (at the same priority, on 2 cores it would take the window's share and be measured with it)."""
    if hasattr(os, "nice"):
        os.nice(19)
    from game.match.match import Match, Seat
    from game.net.authority import HostTable
    from game.net.carrier import HostServer
    from game.session.session import Session

    seats = [Seat("You", True), *(Seat(f"Seat {i + 1}", False, level) for i in range(1, players))]
    server = HostServer(HostTable(Session(Match(game, seats, seed), keeps=False)), host="127.0.0.1").start()
    print(server.url, flush=True)
    sys.stdin.read()
    server.stop()


def compare_network(seconds: float = 4.0, rounds: int = 3, host_here: bool = False) -> dict:
    """Local and network tables in alternating runs of `seconds` each (the machine
    is noisy): each run's median frame, in wall time and in the window thread's
    processor time; the medians of the runs and the network/local ratios."""
    runs: dict[str, list[float]] = {"local_wall": [], "network_wall": [], "local_cpu": [], "network_cpu": []}
    frames = {"local": 0, "network": 0}
    for i in range(rounds):
        for network in (False, True) if i % 2 == 0 else (True, False):
            kind = "network" if network else "local"
            for clock, name in ((time.perf_counter, "wall"), (time.thread_time, "cpu")):
                costs = seat_costs(seconds, network, seed=1 + i, clock=clock, host_here=host_here)
                if costs:
                    runs[f"{kind}_{name}"].append(statistics.median(costs))
                    frames[kind] += len(costs)
    out: dict = {"frames": frames, "runs": {k: [round(x, 3) for x in v] for k, v in runs.items()}}
    for name in ("wall", "cpu"):
        local, remote = runs[f"local_{name}"], runs[f"network_{name}"]
        out[f"local_{name}_ms"] = round(statistics.median(local), 3) if local else float("nan")
        out[f"network_{name}_ms"] = round(statistics.median(remote), 3) if remote else float("nan")
        out[f"{name}_ratio"] = (
            round(out[f"network_{name}_ms"] / out[f"local_{name}_ms"], 3) if local and remote else float("nan")
        )
    return out


def first_frame_seconds(runs: int = 3) -> float:
    """Median wall time from launching `python -m game` to its first title frame."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "game", "play", "--first-frame-exit"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None  # stdout=PIPE
        for line in proc.stdout:
            if line.startswith("first frame"):
                times.append(time.perf_counter() - start)
                break
        proc.wait()
    return statistics.median(times) if times else float("nan")


def run(seconds: float = 1.0) -> dict:
    costs = sorted(frame_costs(max(1.0, seconds * 3)))
    p99 = costs[min(len(costs) - 1, int(len(costs) * 0.99))] if costs else float("nan")
    return {
        "frame_ms_median": round(statistics.median(costs), 3) if costs else float("nan"),
        "frame_ms_p99": round(p99, 3),
        "frames": len(costs),
        "first_frame_s": round(first_frame_seconds(), 3),
    }


def report_lines(table: dict) -> list[str]:
    return [
        "",
        "table (6-player Avalanche, 1920x1080, animated frames, update + draw):",
        (
            f"  frame ms median {table['frame_ms_median']:.2f} (target <= 4), "
            f"p99 {table['frame_ms_p99']:.2f} (target <= 12) over {table['frames']} frames"
        ),
        (f"  first frame of the title screen {table['first_frame_s']:.2f} s from launch (target <= 0.6)"),
    ]


def _main(argv: list[str]) -> int:
    import argparse
    import json

    parser = argparse.ArgumentParser(prog="python -m game.tools.frame_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--network", action="store_true", help="compare a network table with a local one")
    parser.add_argument("--seconds", type=float, default=4.0, help="seconds per run (default 4)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating pairs of runs (default 3)")
    parser.add_argument("--host-here", action="store_true", help="the host in the window's process (the host's window)")
    parser.add_argument("--host", nargs="+", metavar="GAME PLAYERS SEED [LEVEL]", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.host:
        serve_host(args.host[0], int(args.host[1]), int(args.host[2]), *args.host[3:4])
        return 0
    if args.network:
        result = compare_network(args.seconds, args.rounds, args.host_here)
        print(json.dumps(result))
        for name, what in (("wall", "wall time"), ("cpu", "window thread's processor time")):
            print(
                f"frame ms, {what} (6-player Avalanche, 1920x1080, animated frames): "
                f"local {result[f'local_{name}_ms']:.3f}, network {result[f'network_{name}_ms']:.3f}, "
                f"ratio {result[f'{name}_ratio']:.3f} (target <= 1.10)"
            )
    else:
        print(json.dumps(run(args.seconds)))
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
