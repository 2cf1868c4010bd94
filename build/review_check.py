"""How far to trust the review (game/ai/review.py): numbers for a report.

For each game: one 4-player game, seat 0 played by Easy (it slips on purpose,
so there are mistakes to find), the others by Normal.  Then
- the review of seat 0's decisions, timed;
- agreement: how often the review's best move is what Hard (at its own
  budget, seeded) would play from the same view, and how often Hard's move is
  within the inaccuracy threshold of the review's best;
- mistakes checked: each decision marked "mistake" is played again both ways
  (the move made and the review's suggestion) on the same fresh sampled deals,
  NOT the review's deals, and finished by Normal players for every seat; the
  seat's points at the same horizon as the review's are compared.

    python build/review_check.py [--games sticheln,avalanche,grinch] [--deals 24] [--seed 1]

Prints one JSON object.  Headless, no pygame; minutes on a loaded machine.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import rules  # noqa: E402
from game.ai import make_agent  # noqa: E402
from game.ai.base import decision_rng  # noqa: E402
from game.ai.review import MISTAKE, THRESHOLDS, Evaluation, budget, mark_for, positions  # noqa: E402
from game.ai.rollouts import HORIZONS, TOTALS  # noqa: E402


def play_game(game_id: str, seed: int) -> tuple[object, list]:
    """Seat 0 Easy, seats 1-3 Normal: the first state and the moves."""
    first = rules.get(game_id).new_game(4, seed)
    agents = [make_agent("easy", seed)] + [make_agent("normal", seed + i) for i in range(1, 4)]
    state, moves = first, []
    while not state.is_over:
        seat = state.current_player
        move = agents[seat].choose(state.view(seat))
        moves.append(move)
        state = state.apply(move)
    return first, moves


def finish(root_view, world, move, seat: int, seed: int) -> float:
    """`move` in `world`, then Normal for everyone to the review's horizon; the seat's points."""
    horizon = HORIZONS[world.GAME](root_view)
    totals = TOTALS[world.GAME](root_view)
    agents = {}
    state = world.apply(move)
    while not horizon(state):
        actor = state.current_player
        agent = agents.setdefault(actor, make_agent("normal", f"{seed}/{actor}"))
        state = state.apply(agent.choose(state.view(actor)))
    return totals(state, random.Random(seed))[seat]


def check_game(game_id: str, seed: int, deals: int) -> dict:
    first, moves = play_game(game_id, seed)
    module = rules.get(game_id)
    hard = make_agent("hard", seed)
    rows = []
    review_seconds = hard_seconds = 0.0
    for position in positions(first, moves, [0]):  # what Review.complete does, keeping every value
        view = position.state.view(0)
        started = time.perf_counter()
        evaluation = Evaluation(view, decision_rng("review", view, "review"), budget(game_id))
        while not evaluation.finished:
            evaluation.step()
        review_seconds += time.perf_counter() - started
        values = evaluation.values()
        best, best_value = evaluation.best()
        started = time.perf_counter()
        hard_move = hard.choose(view)
        hard_seconds += time.perf_counter() - started
        loss = best_value - values[position.move]
        rows.append(
            {
                "view": view,
                "number": position.number,
                "chosen": position.move,
                "best": best,
                "loss": loss,
                "mark": mark_for(game_id, loss),
                "hard_agrees": hard_move == best,
                "hard_loss": best_value - values[hard_move],
            }
        )
    inaccuracy = THRESHOLDS[game_id][0]
    checked = []
    for row in rows:
        if row["mark"] != MISTAKE:
            continue
        rng = random.Random(f"check/{seed}/{row['number']}")
        gains = []
        for k in range(deals):
            world = rules.sample_world(row["view"], rng)
            made = finish(row["view"], world, row["chosen"], 0, k)
            better = finish(row["view"], world, row["best"], 0, k)
            gains.append(better - made)
        checked.append(
            {
                "move": row["number"],
                "chosen": str(row["chosen"]),
                "best": str(row["best"]),
                "review_loss": round(row["loss"], 2),
                "mean_gain": round(sum(gains) / len(gains), 2),
                "better_in": sum(1 for g in gains if g > 0),
                "worse_in": sum(1 for g in gains if g < 0),
            }
        )
    n = len(rows)
    return {
        "game": game_id,
        "moves": len(moves),
        "decisions": n,
        "module": module.NAME,
        "review_seconds": round(review_seconds, 1),
        "rollouts_per_decision": budget(game_id),
        "marks": {m: sum(1 for r in rows if r["mark"] == m) for m in ("inaccuracy", "mistake")},
        "hard_same_best_move": f"{sum(r['hard_agrees'] for r in rows)}/{n}",
        "hard_within_inaccuracy": f"{sum(r['hard_loss'] < inaccuracy for r in rows)}/{n}",
        "hard_seconds": round(hard_seconds, 1),
        "mistakes_checked": checked,
        "mistakes_better_on_average": f"{sum(1 for c in checked if c['mean_gain'] > 0)}/{len(checked)}",
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(rules.GAME_IDS))
    parser.add_argument("--deals", type=int, default=24, help="fresh deals per checked mistake")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    out = [check_game(g, args.seed, args.deals) for g in args.games.split(",")]
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
