"""AI figures for `python -m game bench`: ISMCTS iterations per second and
think time per decision per level, on positions from seeded random games
(4 players, one core)."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from game import rules
from game.ai import LEVELS, make_agent
from game.ai.ismcts import Search

PLAYERS = 4


def positions(game_id: str, count: int, seed: int = 5) -> list[Any]:
    """`count` views of the seat to act, spread over seeded random games."""
    module = rules.get(game_id)
    rng = random.Random(seed)
    out: list[Any] = []
    game = 0
    while len(out) < count:
        state = module.new_game(PLAYERS, 500 + game)
        game += 1
        while not state.is_over and len(out) < count:
            if len(state.legal_moves()) > 1 and rng.random() < 0.15:
                out.append(state.view(state.current_player))
            state = state.apply(rng.choice(state.legal_moves()))
    return out


def iterations_per_second(game_id: str, seconds: float) -> float:
    views = positions(game_id, 10)
    done = 0
    started = time.perf_counter()
    per_view = seconds / len(views)
    for i, view in enumerate(views):
        search = Search(view, random.Random(i))
        stop = time.perf_counter() + per_view
        while time.perf_counter() < stop:
            search.iterate()
        done += search.iterations
    return done / (time.perf_counter() - started)


def think_ms(game_id: str, level: str, count: int) -> dict[str, float]:
    agent = make_agent(level, seed=7)
    times = []
    for view in positions(game_id, count, seed=9):
        begin = time.perf_counter()
        agent.choose(view)
        times.append((time.perf_counter() - begin) * 1000)
    times.sort()
    return {
        "median": round(statistics.median(times), 2),
        "p95": round(times[min(len(times) - 1, int(0.95 * len(times)))], 2),
    }


def run(seconds: float = 1.0) -> dict:
    """{game: {"ismcts_iter_per_s": ..., "think_ms": {level: {median, p95}}}}"""
    out = {}
    for game_id in rules.GAME_IDS:
        counts = {"easy": 200, "normal": 200, "hard": max(3, int(10 * seconds))}
        out[game_id] = {
            "ismcts_iter_per_s": round(iterations_per_second(game_id, seconds), 1),
            "think_ms": {level: think_ms(game_id, level, counts[level]) for level in LEVELS},
        }
    return out


def report_lines(results: dict) -> list[str]:
    rows = [f"{'ai':<10} {'ismcts it/s':>11} " + " ".join(f"{level + ' ms med/p95':>20}" for level in LEVELS)]
    for game_id, r in results.items():
        cells = " ".join(f"{r['think_ms'][lv]['median']:>10.1f}/{r['think_ms'][lv]['p95']:<9.1f}" for lv in LEVELS)
        rows.append(f"{game_id:<10} {r['ismcts_iter_per_s']:>11.0f} {cells}")
    return rows
