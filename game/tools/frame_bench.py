"""Benchmark of the table itself: frame cost and time to the first frame.

Frame cost is update + draw (no display flip) of a 6-player Avalanche game
at 1920x1080 on the dummy video driver, counted only over frames in which
cards are moving, with random computer seats so that AI thinking is not
part of the figure.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def frame_costs(
    seconds: float,
    game: str = "avalanche",
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
    from game.persist.settings import Settings
    from game.session.match import Match, Seat

    app = App(size, Settings(speed="normal"))
    seed = 1
    costs: list[float] = []
    measured = 0.0
    while measured < seconds:
        seats = [Seat(f"Seat {i + 1}", False, "random") for i in range(players)]
        table = app.routes.table(Match(game, seats, seed), demo=True)
        app.settings.speed = "off"  # get to mid-game quickly
        while len(table.match.moves) < warmup_moves and not table.match.state.is_over:
            app.step(1 / 60, events=[], flip=False)
        app.settings.speed = "normal"
        phase = time.perf_counter()
        while measured + (time.perf_counter() - phase) < seconds and not table.turns.ended:
            start = time.perf_counter()
            app.step(1 / 60, events=[], flip=False)
            cost = (time.perf_counter() - start) * 1000
            if table.busy:
                costs.append(cost)
        measured += time.perf_counter() - phase
        seed += 1
    return costs


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
