"""Proof that moving the walls (issue 22) did not change the AI: the moves
seeded Easy, Normal and Hard pick, and their one-line reasons, on a few
hundred positions, compared between two checkouts; and the engine's speed
(`python -m game bench --json`) measured old and new alternately.

    python build/ai_same_moves.py --old /path/to/old/checkout [--new .] [--bench 3]

Each side runs in its own subprocess with PYTHONPATH set to its tree, through
the names both layouts offer (`game.rules.get`, `game.ai.make_agent`,
`game.ai.hard.HardAgent`), so the same recorder reads both.  Positions come
from seeded random games at every player count; Hard searches a small fixed
budget on all of them and its default budget on a few (with no wall-clock
cap, so timing cannot change its answer).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

PER_GAME = 100  # positions per game
SMALL_BUDGET = 40  # Hard's iterations on every position
DEFAULT_BUDGET_EVERY = 20  # every n-th position also at Hard's default budget
GAMES = ("sticheln", "avalanche", "grinch")


def _positions(module: Any, count: int, seed: int) -> list[Any]:
    """`count` views of the seat to act (with a choice to make), from seeded
    random games spread over the allowed player counts."""
    rng = random.Random(seed)
    counts = list(module.PLAYERS)
    out: list[Any] = []
    game = 0
    while len(out) < count:
        state = module.new_game(counts[game % len(counts)], seed * 1000 + game)
        game += 1
        while not state.is_over and len(out) < count:
            if len(state.legal_moves()) > 1 and rng.random() < 0.2:
                out.append(state.view(state.current_player))
            state = state.apply(rng.choice(state.legal_moves()))
    return out


def record() -> dict[str, list[dict[str, str]]]:
    """Per game, per position: each level's move and reason (the side's tree)."""
    from game import rules
    from game.ai import make_agent
    from game.ai.hard import HardAgent

    easy, normal = make_agent("easy", seed=11), make_agent("normal", seed=11)
    small = HardAgent(seed=11, iterations=SMALL_BUDGET, max_seconds=1e9)
    full = HardAgent(seed=11, max_seconds=1e9)
    out: dict[str, list[dict[str, str]]] = {}
    for index, game_id in enumerate(GAMES):
        rows = []
        for i, view in enumerate(_positions(rules.get(game_id), PER_GAME, 7 + index)):
            row = {"position": repr(view.position_key())}
            for level, agent in (("easy", easy), ("normal", normal), ("hard", small)):
                move, reason = agent.explain(view)
                row[level] = str(move)
                row[level + "_reason"] = str(reason)
            if i % DEFAULT_BUDGET_EVERY == 0:
                row["hard_default"] = str(full.choose(view))
            rows.append(row)
        out[game_id] = rows
    return out


def _side(tree: Path, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(tree), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, *args], cwd=tree, env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{tree}: {' '.join(args)} failed:\n{done.stderr}")
    return done.stdout


def compare(old: Path, new: Path) -> bool:
    script = str(Path(__file__).resolve())
    sides = {name: json.loads(_side(tree, script, "--record")) for name, tree in (("old", old), ("new", new))}
    all_same = True
    total = same = 0
    for game_id in GAMES:
        a, b = sides["old"][game_id], sides["new"][game_id]
        for key in (
            "position",
            "easy",
            "easy_reason",
            "normal",
            "normal_reason",
            "hard",
            "hard_reason",
            "hard_default",
        ):
            pairs = [(x[key], y[key]) for x, y in zip(a, b) if key in x or key in y]
            equal = sum(1 for x, y in pairs if x == y)
            if key in ("easy", "normal", "hard", "hard_default"):
                total += len(pairs)
                same += equal
            all_same &= equal == len(pairs) and len(a) == len(b)
            print(f"{game_id:<10} {key:<14} {equal:>4} / {len(pairs)} identical")
    print(f"moves identical: {same} / {total}")
    return all_same


def _figures(result: dict) -> dict[str, float]:
    out: dict[str, float] = {}
    for game_id in GAMES:
        out[f"{game_id} games/s"] = result[game_id]["games_per_s"]
        out[f"{game_id} api games/s"] = result[game_id]["api_games_per_s"]
        out[f"{game_id} ismcts it/s"] = result["ai"][game_id]["ismcts_iter_per_s"]
    for key, value in result.get("table", {}).items():
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            out[f"table {key}"] = value
    return out


def bench(old: Path, new: Path, rounds: int, seconds: float) -> None:
    """`python -m game bench --json`, old and new alternately; per figure the
    ratio new/old of the medians and of the best runs (on a shared machine the
    best run is the least disturbed one), and each run's figure."""
    import statistics

    runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
    for _round in range(rounds):
        for name, tree in (("old", old), ("new", new)):
            text = _side(tree, "-m", "game", "bench", "--json", "--seconds", str(seconds))
            runs[name].append(_figures(json.loads(text.strip().splitlines()[-1])))
    for key in runs["old"][0]:
        o = statistics.median(r[key] for r in runs["old"])
        n = statistics.median(r[key] for r in runs["new"])
        ratio = n / o if o else float("nan")
        best = min if key.startswith("table") and "ms" in key or key.endswith("_s") else max
        bo, bn = best(r[key] for r in runs["old"]), best(r[key] for r in runs["new"])
        each = " ".join(f"{r_old[key]:.0f}/{r_new[key]:.0f}" for r_old, r_new in zip(runs["old"], runs["new"]))
        print(
            f"{key:<28} median old {o:>8.1f} new {n:>8.1f} = {ratio:5.3f}; "
            f"best old {bo:>8.1f} new {bn:>8.1f} = {bn / bo if bo else float('nan'):5.3f}  (runs old/new: {each})"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--record", action="store_true", help="(one side) print this tree's moves as JSON")
    parser.add_argument("--old", type=Path, help="the checkout before the move")
    parser.add_argument("--new", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--bench", type=int, default=0, metavar="N", help="also bench old and new N times each")
    parser.add_argument("--seconds", type=float, default=1.0, help="bench --seconds (default 1)")
    args = parser.parse_args()
    if args.record:
        print(json.dumps(record()))
        return 0
    if args.old is None:
        parser.error("--old is required")
    ok = compare(args.old.resolve(), args.new.resolve())
    if args.bench:
        bench(args.old.resolve(), args.new.resolve(), args.bench, args.seconds)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
