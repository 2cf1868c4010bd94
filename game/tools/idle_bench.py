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
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBES = ("bare", "title", "table")
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
    from game.persist.settings import Settings
    from game.session.match import Match, Seat

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
    if kind == "title":
        app.routes.title()
    else:
        seats = [Seat("You", True), Seat("Ada", False, "normal"), Seat("Bo", False, "normal")]
        app.routes.table(Match("sticheln", seats, 7))  # seat 0 picks a pain card first
    pygame.time.set_timer(start_event, round(WARMUP * 1000), loops=1)
    app.run()
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
    kind, seconds = argv[0], float(argv[1])
    used = _bare(seconds) if kind == "bare" else _app(kind, seconds)
    print(json.dumps({"cpu_per_s": used}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
