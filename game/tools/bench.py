"""`python -m game bench`: how fast the rules core is, on one core.

Speed is measured here, never in tests, so a busy shared machine cannot make
the suite fail.  Later issues add keys to the same JSON object.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from game import rules

BENCH_PLAYERS = 4
SAMPLES = 3000  # positions timed per call kind


def _games_per_second(module: Any, seconds: float) -> float:
    """Random full games via `new_game` + the `playout` fast path."""
    rng = random.Random(1)
    new_game, playout = module.new_game, module.playout
    games = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        playout(new_game(BENCH_PLAYERS, games), rng)
        games += 1
        if games % 8 == 0 and time.perf_counter() >= deadline:
            break
    return games / (time.perf_counter() - started)


def _api_games(module: Any, seconds: float) -> tuple[float, list]:
    """Random games through `legal_moves()` / `apply()`; also collects the
    positions the per-call timings sample."""
    rng = random.Random(2)
    positions: list = []
    games = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline or games == 0:
        state = module.new_game(BENCH_PLAYERS, 1000 + games)
        while not state.is_over:
            positions.append(state)
            state = state.apply(rng.choice(state.legal_moves()))
        games += 1
    return games / (time.perf_counter() - started), positions


def _median_us(cases: list, call: Callable[..., Any]) -> float:
    clock = time.perf_counter_ns
    times = []
    for case in cases:
        begin = clock()
        call(*case)
        times.append(clock() - begin)
    return round(statistics.median(times) / 1000, 2)


def bench_game(game_id: str, seconds: float = 1.0) -> dict:
    module = rules.get(game_id)
    api_rate, positions = _api_games(module, seconds / 2)
    positions = positions[:: max(1, len(positions) // SAMPLES)]
    rng = random.Random(3)
    with_moves = [(s, rng.choice(s.legal_moves())) for s in positions]
    alone = [(s,) for s in positions]

    def roundtrip(state: Any) -> Any:
        return module.State.from_json(json.loads(json.dumps(state.to_json())))

    return {
        "games_per_s": round(_games_per_second(module, seconds), 1),
        "api_games_per_s": round(api_rate, 1),
        "apply_us": _median_us(with_moves, lambda s, m: s.apply(m)),
        "view_us": _median_us(alone, lambda s: s.view(s.current_player)),
        "legal_moves_us": _median_us(alone, lambda s: s.legal_moves()),
        "json_roundtrip_us": _median_us(alone, roundtrip),
    }


def run(seconds: float = 1.0) -> dict:
    return {game_id: bench_game(game_id, seconds) for game_id in rules.GAME_IDS}


def report(results: dict) -> str:
    rows = [
        (
            f"{'game':<10} {'games/s':>9} {'api games/s':>12} {'apply us':>9} "
            f"{'view us':>8} {'legal us':>9} {'json us':>8}"
        )
    ]
    for game_id, r in results.items():
        if game_id not in rules.GAME_IDS:  # extra sections ("ai", ...) report below
            continue
        rows.append(
            f"{game_id:<10} {r['games_per_s']:>9.0f} {r['api_games_per_s']:>12.0f} "
            f"{r['apply_us']:>9.1f} {r['view_us']:>8.1f} {r['legal_moves_us']:>9.1f} "
            f"{r['json_roundtrip_us']:>8.1f}"
        )
    rows.append(
        f"({BENCH_PLAYERS} players, one core; games/s = new_game + random playout fast path; "
        "api games/s = random games through legal_moves/apply; per-call figures are medians)"
    )
    if "ai" in results:
        from game.ai import benchmark

        rows.extend(benchmark.report_lines(results["ai"]))
    if "table" in results:
        from game.tools import frame_bench

        rows.extend(frame_bench.report_lines(results["table"]))
    if "idle" in results:
        from game.tools import idle_bench

        rows.extend(idle_bench.report_lines(results["idle"]))
    return "\n".join(rows)


def add_ai(results: dict, seconds: float) -> None:
    """The "ai" key: ISMCTS iterations/s and think time per level, per game."""
    from game.ai import benchmark

    results["ai"] = benchmark.run(seconds)


def add_table(results: dict, seconds: float) -> None:
    """The "table" key: frame cost of the window and time to its first frame."""
    from game.tools import frame_bench

    results["table"] = frame_bench.run(seconds)


def add_idle(results: dict, seconds: float) -> None:
    """The "idle" key: processor time of a still window against a bare one.
    Runs before "table", which points this process at the dummy display."""
    from game.tools import idle_bench

    results["idle"] = idle_bench.run(max(1.0, seconds * 10))


def main(as_json: bool = False, seconds: float = 1.0) -> int:
    if not (math.isfinite(seconds) and seconds > 0):  # nan never reaches a deadline
        raise ValueError(f"seconds must be a positive number, not {seconds!r}")
    results = run(seconds)
    add_ai(results, seconds)
    add_idle(results, seconds)
    add_table(results, seconds)
    print(json.dumps(results) if as_json else report(results))
    return 0
