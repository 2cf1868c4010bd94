"""Benchmark of a window at rest: processor time per second of wall time.

A screen where nothing moves should cost about what a bare pygame window
waiting on events costs.  Each figure comes from its own process running the
real app (`App.run`) on the current display, one after another in the same
run, so the ratios are what count on a noisy machine.  Without a display
(the dummy driver, no X or Wayland) the benchmark says so and skips.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.rules import registry

ROOT = Path(__file__).resolve().parents[2]
#: The table probed: the first built-in game (its table waits for seat 0 at once).
TABLE_GAME = registry.BUILT_IN[0]
PROBES = ("bare", "title", "table")
#: `--network`: the local table and the network table, alternating
NETWORK_PROBES = ("table", "net_table")
WARMUP = 5.0  # seconds before measuring: the window opens, the deal (3-4 s) lands


def display_missing() -> str | None:
    """Why there is no display to measure on, or None when there is one."""
    if os.environ.get("SDL_VIDEODRIVER", "") in ("dummy", "offscreen"):
        return "SDL_VIDEODRIVER is " + os.environ["SDL_VIDEODRIVER"]
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return "no DISPLAY or WAYLAND_DISPLAY"
    return None


def _cpu() -> float:
    return time.process_time()


def _bare(seconds: float) -> float:
    """A window that only waits on events: the floor to compare with."""
    import pygame

    pygame.init()
    pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    pygame.display.flip()
    end = time.monotonic() + WARMUP
    while time.monotonic() < end:
        pygame.event.wait(50)
    cpu, wall = _cpu(), time.monotonic()
    end = wall + seconds
    while (left := end - time.monotonic()) > 0:
        if pygame.event.wait(max(1, round(left * 1000))).type == pygame.QUIT:
            break
    used = (_cpu() - cpu) / (time.monotonic() - wall)
    pygame.quit()
    return used


def _app(kind: str, seconds: float) -> float:
    """The real app's loop on the title screen or a Sticheln table waiting for the human."""
    import pygame

    from game.app.shell.app import App
    from game.match.match import Match, Seat
    from game.persist.settings import Settings

    measured: dict[str, float] = {}
    start_event = pygame.event.custom_type()  # the warm-up is over

    def start() -> None:
        measured["cpu"], measured["wall"] = _cpu(), time.monotonic()
        pygame.time.set_timer(pygame.QUIT, round(seconds * 1000), loops=1)

    class TimedApp(App):
        """The app, with the warm-up's end and the quit timed as they arrive."""

        def handle(self, event: pygame.event.Event) -> None:
            if event.type == start_event:
                start()
            elif event.type == pygame.QUIT and "cpu" in measured:  # before pygame.quit's clean-up
                measured["used"] = (_cpu() - measured["cpu"]) / (time.monotonic() - measured["wall"])
            super().handle(event)

    app = TimedApp((1280, 720), Settings(muted=True))
    host = None
    if kind == "title":
        app.routes.title()
    elif kind == "net_table":  # the same table, kept by a host in a process of its own
        from game.net.client import Client

        host = subprocess.Popen(
            [sys.executable, "-m", "game.tools.frame_bench", "--host", TABLE_GAME, "3", "7", "normal"],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert host.stdout is not None
        client = Client(host.stdout.readline().strip(), "You").start()
        if not client.wait(lambda s: s.view is not None, 10.0):
            raise RuntimeError("the bench's host did not answer")
        app.routes.remote_table(client)
    else:
        seats = [Seat("You", True), Seat("Ada", False, "normal"), Seat("Bo", False, "normal")]
        app.routes.table(Match(TABLE_GAME, seats, 7))  # seat 0 acts first
    pygame.time.set_timer(start_event, round(WARMUP * 1000), loops=1)
    try:
        app.run()
    finally:
        if host is not None:
            host.communicate("", timeout=10)
    return measured["used"]


def probe(kind: str, seconds: float) -> dict:
    """Run one probe in a fresh process; {"cpu_per_s": ...} or {"error": ...}."""
    with tempfile.TemporaryDirectory() as home:  # the table's autosave goes nowhere real
        env = dict(os.environ, FIRESIDE_HOME=home, SDL_AUDIODRIVER="dummy")
        proc = subprocess.run(
            [sys.executable, "-m", "game.tools.idle_bench", kind, str(seconds)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=seconds + WARMUP + 60,
        )
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
    return {"error": tail}


def run(seconds: float = 10.0) -> dict:
    """CPU seconds per wall second for each probe, and the app's ratios to the bare window."""
    missing = display_missing()
    if missing is not None:
        return {"skipped": f"no display ({missing})"}
    out: dict = {"seconds": seconds}
    for kind in PROBES:
        result = probe(kind, seconds)
        if "error" in result:
            return {"skipped": f"{kind}: {result['error']}"}
        out[f"{kind}_cpu_per_s"] = round(result["cpu_per_s"], 4)
    floor = max(out["bare_cpu_per_s"], 1e-4)
    out["title_ratio"] = round(out["title_cpu_per_s"] / floor, 2)
    out["table_ratio"] = round(out["table_cpu_per_s"] / floor, 2)
    return out


def compare_network(seconds: float = 10.0, rounds: int = 3) -> dict:
    """The local and the network table waiting for you, alternating, `rounds`
    times each: CPU seconds per wall second, the medians and their ratio."""
    missing = display_missing()
    if missing is not None:
        return {"skipped": f"no display ({missing})"}
    runs: dict[str, list[float]] = {kind: [] for kind in NETWORK_PROBES}
    for i in range(rounds):
        for kind in NETWORK_PROBES if i % 2 == 0 else tuple(reversed(NETWORK_PROBES)):
            result = probe(kind, seconds)
            if "error" in result:
                return {"skipped": f"{kind}: {result['error']}"}
            runs[kind].append(result["cpu_per_s"])
    local, remote = statistics.median(runs["table"]), statistics.median(runs["net_table"])
    return {
        "seconds": seconds,
        "runs": {k: [round(x, 4) for x in v] for k, v in runs.items()},
        "local_cpu_per_s": round(local, 4),
        "network_cpu_per_s": round(remote, 4),
        "ratio": round(remote / max(local, 1e-4), 3),
    }


def report_lines(idle: dict) -> list[str]:
    if "skipped" in idle:
        return ["", f"idle: skipped, {idle['skipped']}"]
    return [
        "",
        f"idle (CPU seconds per wall second over {idle['seconds']:g} s, same display):",
        (
            f"  bare event-waiting window {idle['bare_cpu_per_s']:.4f}; "
            f"title {idle['title_cpu_per_s']:.4f} ({idle['title_ratio']:.1f}x, target <= 2x); "
            f"Sticheln table waiting for you {idle['table_cpu_per_s']:.4f} "
            f"({idle['table_ratio']:.1f}x, target <= 3x)"
        ),
    ]


def _main(argv: list[str]) -> int:
    if argv and argv[0] == "--network":
        seconds = float(argv[1]) if len(argv) > 1 else 10.0
        rounds = int(argv[2]) if len(argv) > 2 else 3
        result = compare_network(seconds, rounds)
        print(json.dumps(result))
        if "ratio" in result:
            print(
                f"idle CPU s per s, Sticheln table waiting for you: local {result['local_cpu_per_s']:.4f}, "
                f"network {result['network_cpu_per_s']:.4f}, ratio {result['ratio']:.3f} (target <= 1.10)"
            )
        return 0
    try:
        kind, seconds = argv[0], float(argv[1])
        if kind not in PROBES + NETWORK_PROBES:
            raise ValueError(kind)
    except (IndexError, ValueError):
        print(
            "usage: python -m game.tools.idle_bench --network [SECONDS [ROUNDS]]\n"
            f"       python -m game.tools.idle_bench {{{','.join(PROBES + NETWORK_PROBES[1:])}}} SECONDS  (one probe)",
            file=sys.stderr,
        )
        return 2
    used = _bare(seconds) if kind == "bare" else _app(kind, seconds)
    print(json.dumps({"cpu_per_s": used}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
