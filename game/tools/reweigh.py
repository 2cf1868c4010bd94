"""An independent re-weighing of the coach's marks (`game.ai.review`): can a
player trust them?

For each game: seeded games with the reviewed seat 0 played by Easy (it slips
on purpose, so there are marks to check) and the other seats a mix of Easy
and Normal; seat 0's decisions are reviewed as the app reviews them.  Every
marked decision is then played again both ways (the move made and the
coach's better move) on fresh sampled worlds (an rng of its own, never the
review's), the rest played by seeded Normal agents (`make_agent("normal")`,
each on its own seat's view) for every seat to the coach's horizon (the end
of the round for Sticheln and Grinch, of the game for Avalanche), both moves
on the same worlds with the same agent seeds.  The seat's points at the
horizon are compared world by world.

The rule, per mark, on the paired differences d = better - made over the
fresh worlds (mean m, standard error se):

- **confirmed** when m >= 2 se (the better move is better, at about 97.5 %);
- **contradicted** when m < 0 (the fresh worlds favour the move made, by any
  margin: stricter than a significance test, so a coach that passes it
  points the right way);
- **unclear** otherwise.

The coach's average loss over the marks is compared with the average m.

    python -m game.tools.reweigh --games sticheln --min-marks 60   # >= 60 marks, >= 4 games
    python -m game.tools.reweigh --games grinch,avalanche          # every mark of 4 games each

Prints a summary per game and, with --json, one JSON object.  No pygame.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game import rules
from game.ai import make_agent
from game.ai.review import MARKS, Decision, Review, hint, mean_se
from game.ai.rollouts import horizon_for, totals_for
from game.rules import registry

GAMES = registry.BUILT_IN
CONFIRMED, UNCLEAR, CONTRADICTED = "confirmed", "unclear", "contradicted"
Z_CONFIRM = 2.0


def play_game(game_id: str, seed: int) -> tuple[Any, list[Any]]:
    """A seeded game (3 or 4 players by the seed): seat 0 Easy, then Normal,
    Easy, Normal; the first state and the moves."""
    players = 3 + seed % 2
    module = rules.get(game_id)
    players = min(max(players, min(module.PLAYERS)), max(module.PLAYERS))
    first = module.new_game(players, seed)
    levels = ["easy", "normal", "easy", "normal", "easy", "normal"]
    agents = [make_agent(levels[s], f"game/{seed}/{s}") for s in range(players)]
    state, moves = first, []
    while not state.is_over:
        seat = state.current_player
        move = agents[seat].choose(state.view(seat))
        moves.append(move)
        state = state.apply(move)
    return first, moves


def finish(root: Any, world: Any, move: Any, seat: int, tag: str) -> float:
    """`move` in `world`, then seeded Normal agents on their own views for every
    seat to the coach's horizon; `seat`'s points there."""
    horizon, totals = horizon_for(root), totals_for(root)
    agents: dict[int, Any] = {}
    state = world.apply(move)
    while not horizon(state):
        actor = state.current_player
        agent = agents.get(actor)
        if agent is None:
            agent = agents[actor] = make_agent("normal", f"{tag}/{actor}")
        state = state.apply(agent.choose(state.view(actor)))
    return float(totals(state, random.Random(tag))[seat])


def paired(root: Any, made: Any, better: Any, worlds: int, salt: str) -> list[float]:
    """better - made for `root`'s seat on `worlds` fresh worlds (same world, same agent seeds)."""
    rng = random.Random(f"reweigh/{salt}")
    seat = root.viewer
    out = []
    for k in range(worlds):
        world = rules.sample_world(root, rng)
        tag = f"reweigh/{salt}/{k}"
        out.append(finish(root, world, better, seat, tag) - finish(root, world, made, seat, tag))
    return out


def classify(mean: float, se: float) -> str:
    """The module doc's rule."""
    if mean < 0:
        return CONTRADICTED
    if mean >= Z_CONFIRM * se:
        return CONFIRMED
    return UNCLEAR


@dataclass
class Checked:
    """One mark and what the fresh worlds said of it."""

    game: str
    seed: int
    number: int
    chosen: str
    best: str
    mark: str
    coach_loss: float
    mean: float
    se: float
    verdict: str

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seed": self.seed,
            "move": self.number,
            "chosen": self.chosen,
            "best": self.best,
            "mark": self.mark,
            "coach_loss": round(self.coach_loss, 2),
            "independent": round(self.mean, 2),
            "se": round(self.se, 2),
            "verdict": self.verdict,
        }


@dataclass
class GameReport:
    """Per game: the marks checked, the decisions reviewed, the review's time."""

    game: str
    games: int = 0
    decisions: int = 0
    review_seconds: list[float] = field(default_factory=list)
    review_cpu_seconds: list[float] = field(default_factory=list)
    checked: list[Checked] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        return {v: sum(1 for c in self.checked if c.verdict == v) for v in (CONFIRMED, UNCLEAR, CONTRADICTED)}

    @property
    def contradicted_share(self) -> float:
        return self.counts()[CONTRADICTED] / max(1, len(self.checked))

    @property
    def coach_loss(self) -> float:
        return sum(c.coach_loss for c in self.checked) / max(1, len(self.checked))

    @property
    def independent_loss(self) -> float:
        return sum(c.mean for c in self.checked) / max(1, len(self.checked))

    @property
    def loss_ratio(self) -> float:
        """Coach over independent average loss (1.0 with no marks)."""
        if not self.checked:
            return 1.0
        if self.independent_loss <= 0:
            return math.inf
        return self.coach_loss / self.independent_loss

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "decisions": self.decisions,
            "marks": len(self.checked),
            **self.counts(),
            "contradicted_share": round(self.contradicted_share, 3),
            "coach_avg_loss": round(self.coach_loss, 2),
            "independent_avg_loss": round(self.independent_loss, 2),
            "loss_ratio": round(self.loss_ratio, 2),
            "contradicted_beyond_2se": sum(1 for c in self.checked if c.mean < -Z_CONFIRM * c.se),
            "review_seconds_per_game": [round(s, 1) for s in self.review_seconds],
            "review_cpu_seconds_per_game": [round(s, 1) for s in self.review_cpu_seconds],
            "checked": [c.to_json() for c in self.checked],
        }


def review_game(first: Any, moves: list[Any], rollouts: int | None = None) -> list[Decision]:
    """Seat 0's decisions, reviewed as the app does."""
    return Review(first, moves, [0], rollouts).complete()


def reweigh_game(game_id: str, seed: int, worlds: int, report: GameReport, rollouts: int | None = None) -> None:
    """Play, review and re-weigh one seeded game into `report`."""
    first, moves = play_game(game_id, seed)
    started, cpu = time.perf_counter(), time.process_time()
    decisions = review_game(first, moves, rollouts)
    report.review_seconds.append(time.perf_counter() - started)
    report.review_cpu_seconds.append(time.process_time() - cpu)
    report.games += 1
    report.decisions += len(decisions)
    module = rules.get(game_id)
    states = [first]
    for move in moves:
        states.append(states[-1].apply(move))
    for d in decisions:
        if d.mark not in MARKS:
            continue
        root = states[d.number - 1].view(d.seat)
        made, better = module.parse_move(d.chosen), module.parse_move(d.best)
        diffs = paired(root, made, better, worlds, f"{game_id}/{seed}/{d.number}")
        mean, se = mean_se(diffs)
        report.checked.append(
            Checked(game_id, seed, d.number, d.chosen, d.best, d.mark, d.loss, mean, se, classify(mean, se))
        )


def measure(
    game_id: str,
    games: int = 4,
    min_marks: int = 0,
    worlds: int = 160,
    rollouts: int | None = None,
    first_seed: int = 1,
) -> GameReport:
    """`games` seeded games (more, up to 4x, until `min_marks` marks were checked)."""
    report = GameReport(game_id)
    seed = first_seed
    while report.games < games or (len(report.checked) < min_marks and report.games < 4 * max(1, games)):
        reweigh_game(game_id, seed, worlds, report, rollouts)
        seed += 1
    return report


@dataclass
class HintReport:
    """Hint against coach on the reviewed decisions of seeded games (the
    hint's time in CPU seconds: the machine may be shared)."""

    positions: int = 0
    different: list[str] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        ordered = sorted(self.seconds) or [0.0]
        return {
            "positions": self.positions,
            "different": len(self.different),
            "which": self.different,
            "hint_cpu_seconds_median": round(ordered[len(ordered) // 2], 2),
            "hint_cpu_seconds_max": round(ordered[-1], 2),
        }


def hint_agreement(game_id: str, seeds: Sequence[int], limit: int, report: HintReport) -> None:
    """For seat 0's reviewed decisions of the seeded games (at most `limit`):
    the coach's best move (a whole review) against the hint for the same view."""
    for seed in seeds:
        first, moves = play_game(game_id, seed)
        decisions = review_game(first, moves)
        states = [first]
        for move in moves:
            states.append(states[-1].apply(move))
        for d in decisions:
            if limit <= 0:
                return
            limit -= 1
            view = states[d.number - 1].view(d.seat)
            started = time.process_time()
            move, _reason = hint(view)
            report.seconds.append(time.process_time() - started)
            report.positions += 1
            if str(move) != d.best:
                report.different.append(f"{game_id}/{seed}/{d.number}: hint {move}, coach {d.best}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--count", type=int, default=4, help="seeded games per game kind")
    parser.add_argument("--min-marks", type=int, default=0, help="more games (up to 4x) until this many marks")
    parser.add_argument("--worlds", type=int, default=160, help="fresh worlds per checked mark")
    parser.add_argument("--rollouts", type=int, default=None, help="the review's budget (default: the coach's)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--hints", type=int, default=0, help="instead: hint vs coach on N positions a game")
    args = parser.parse_args(argv)
    if args.hints:
        hints = HintReport()
        for game_id in args.games.split(","):
            hint_agreement(game_id, range(args.seed, args.seed + 50), args.hints, hints)
        print(json.dumps(hints.to_json(), indent=1))
        return 0
    out = []
    for game_id in args.games.split(","):
        report = measure(game_id, args.count, args.min_marks, args.worlds, args.rollouts, args.seed)
        out.append(report.to_json())
        if not args.json:
            row = report.to_json()
            print(
                f"{game_id}: {row['games']} games, {row['decisions']} decisions, {row['marks']} marks: "
                f"{row[CONFIRMED]} confirmed, {row[UNCLEAR]} unclear, {row[CONTRADICTED]} contradicted "
                f"({row['contradicted_share']:.1%}); coach avg loss {row['coach_avg_loss']} vs independent "
                f"{row['independent_avg_loss']} (x{row['loss_ratio']}); "
                f"review CPU s/game {row['review_cpu_seconds_per_game']}",
                flush=True,
            )
    if args.json:
        print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
