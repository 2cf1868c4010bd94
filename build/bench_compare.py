"""Compare `python -m game bench` between two checkouts, old and new runs
alternating, so a busy shared machine slows both alike; prints the median of
each figure and the ratio new/old (> 1 faster for rates, < 1 for times).

    python build/bench_compare.py --old /path/to/old/checkout [--rounds 5] [--seconds 0.5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("sticheln", "avalanche", "grinch")


def run(tree: Path, seconds: float) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(tree))
    out = subprocess.run(
        [sys.executable, "-m", "game", "bench", "--json", "--seconds", str(seconds)],
        cwd=tree,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out)


def figures(report: dict) -> dict[str, float]:
    out = {}
    for game in GAMES:
        out[f"{game} random games/s"] = report[game]["games_per_s"]
        out[f"{game} API games/s"] = report[game]["api_games_per_s"]
        out[f"{game} ISMCTS iter/s"] = report["ai"][game]["ismcts_iter_per_s"]
    out["table frame median ms"] = report["table"]["frame_ms_median"]
    out["table frame p99 ms"] = report["table"]["frame_ms_p99"]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.5)
    args = parser.parse_args()
    seen: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
    for i in range(args.rounds):
        order = (("old", args.old), ("new", ROOT)) if i % 2 == 0 else (("new", ROOT), ("old", args.old))
        for name, tree in order:
            for key, value in figures(run(tree, args.seconds)).items():
                seen[name].setdefault(key, []).append(value)
        print(f"round {i + 1} of {args.rounds} done", file=sys.stderr)
    print(f"{'figure':28} {'old':>10} {'new':>10} {'new/old':>8}")
    for key in seen["old"]:
        old, new = statistics.median(seen["old"][key]), statistics.median(seen["new"][key])
        print(f"{key:28} {old:10.2f} {new:10.2f} {new / old:8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
