"""The coach: every decision of a finished game weighed again, in points.

For one decision the reviewer sees only what the seat saw (`state.view(seat)`),
deals many worlds consistent with it (`game.rules.sample_world`), plays every
legal move in each of those same worlds and finishes them with the search's
rollouts (`game.ai.rollouts.totals_for`).  A move's value is the seat's expected
points at the horizon: the end of the round for Sticheln and Grinch (Grinch
counting what its open rows are still worth, as the search does), the end of
the game for Avalanche, which is one long hand.  Every move is measured on the
same worlds, so the difference between two moves is not drowned in the luck of
the deal; a tree search would spend little on bad moves and value them in its
0-1 rewards, not in points.

The budget is `REVIEW_FACTOR` times Hard's iterations per decision
(`game.ai.hard.ITERATIONS`), shared among the legal moves.  Randomness is fixed
by the position, so a review of the same game always gives the same marks.

Nothing here imports pygame: the app runs `Review.run` in slices between
frames, and `python -m game review` runs it in one go.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from game import rules
from game.ai import explain
from game.ai.base import decision_rng
from game.ai.hard import ITERATIONS
from game.ai.rollouts import ByGame, totals_for
from game.games import registry

REVIEW_FACTOR = 3
MIN_WORLDS = 32  # even a decision with many moves gets this many deals per move (budget allowing)
INACCURACY = "inaccuracy"
MISTAKE = "mistake"
MARKS = (INACCURACY, MISTAKE)
#: Points lost (against the best move) from which a decision is marked, per game:
#: (inaccuracy, mistake).  Grinch rows are worth several times a Sticheln trick.
#: (Each game's `spec.review_thresholds`, read here as a mapping by game id.)
THRESHOLDS: Mapping[str, tuple[float, float]] = ByGame(lambda game_id: registry.get(game_id).review_thresholds)
FORMAT_VERSION = 1  # of `Review.to_json`; a reader skips a review it cannot read


def budget(game_id: str) -> int:
    """Rollouts per decision: `REVIEW_FACTOR` times Hard's iterations."""
    return REVIEW_FACTOR * ITERATIONS[game_id]


def mark_for(game_id: str, loss: float) -> str:
    """ "", "inaccuracy" or "mistake" for a loss in points."""
    inaccuracy, mistake = THRESHOLDS[game_id]
    if loss >= mistake:
        return MISTAKE
    if loss >= inaccuracy:
        return INACCURACY
    return ""


@dataclass(frozen=True)
class Decision:
    """One reviewed decision.  `number` counts the game's moves from 1; values
    are the seat's expected points at the horizon; `reason` is the hint's
    explanation of the best move as data (code, English text, params)."""

    number: int
    seat: int
    chosen: str
    best: str
    chosen_value: float
    best_value: float
    mark: str
    reason: dict[str, Any] | None = None

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.chosen_value)

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seat": self.seat,
            "chosen": self.chosen,
            "best": self.best,
            "chosen_value": round(self.chosen_value, 2),
            "best_value": round(self.best_value, 2),
            "loss": round(self.loss, 2),
            "mark": self.mark,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: Any) -> Decision:
        """ValueError (saying which field) when `data` is not a decision."""
        if not isinstance(data, dict):
            raise ValueError("a reviewed decision is not an object")
        kinds: dict[str, type | tuple[type, ...]] = {
            "number": int,
            "seat": int,
            "chosen": str,
            "best": str,
            "chosen_value": (int, float),
            "best_value": (int, float),
            "mark": str,
        }
        for key, kind in kinds.items():
            value = data.get(key)
            if isinstance(value, bool) or not isinstance(value, kind):
                raise ValueError(f"a reviewed decision's {key!r} is missing or of the wrong kind")
        if data["mark"] not in ("", *MARKS):
            raise ValueError(f"unknown review mark {data['mark']!r}")
        reason = data.get("reason")
        if reason is not None and not (
            isinstance(reason, dict)
            and isinstance(reason.get("code"), str)
            and isinstance(reason.get("params", {}), dict)
        ):
            raise ValueError("a reviewed decision's reason is not a code with params")
        return cls(
            data["number"],
            data["seat"],
            data["chosen"],
            data["best"],
            float(data["chosen_value"]),
            float(data["best_value"]),
            data["mark"],
            reason,
        )


def _reason(view: Any, chosen: Any, best: Any) -> dict[str, Any] | None:
    """Why `best` beat `chosen` (`game.ai.explain`), as data; randomness fixed by the position."""
    phrase = explain.decision_reason(view, chosen, best, decision_rng("reason", view, "review"))
    if phrase is None:
        return None
    return {"code": phrase.code, "text": str(phrase), "params": dict(phrase.params)}


class Evaluation:
    """Every legal move of one decision, valued on the same sampled worlds;
    `step` adds one world, so a caller can stop between any two."""

    def __init__(self, view: Any, rng: random.Random, rollouts: int) -> None:
        if view.viewer is None or view.viewer != view.current_player:
            raise ValueError("a review weighs a decision from the acting seat's view")
        self.view = view
        self.rng = rng
        self.seat: int = view.viewer
        self.moves = list(view.legal_moves())
        self.worlds = max(min(MIN_WORLDS, rollouts), math.ceil(rollouts / len(self.moves)))
        self.sums = [0.0] * len(self.moves)
        self.done = 0
        self.totals = totals_for(view)

    @property
    def finished(self) -> bool:
        return self.done >= self.worlds

    def step(self) -> None:
        """One more world: every move played in it, each finished with the
        same rollout luck (one seed per world)."""
        world = rules.sample_world(self.view, self.rng)
        luck = self.rng.getrandbits(64)
        seat = self.seat
        for i, move in enumerate(self.moves):
            after = world.successor(move)
            self.sums[i] += self.totals(after, random.Random(luck))[seat]
        self.done += 1

    def values(self) -> dict[Any, float]:
        """Each move's mean points so far."""
        n = max(1, self.done)
        return {move: total / n for move, total in zip(self.moves, self.sums)}

    def best(self) -> tuple[Any, float]:
        """The move worth most (ties: the first in notation order, for stable answers)."""
        values = self.values()
        move = max(self.moves, key=lambda m: (values[m], _tiebreak(m)))
        return move, values[move]


def _tiebreak(move: Any) -> tuple[int, ...]:
    return tuple(-ord(c) for c in str(move))


def judge(view: Any, chosen: Any, number: int, rollouts: int | None = None) -> Decision:
    """The decision `chosen` at `view` (the acting seat's view), weighed in one go."""
    evaluation = Evaluation(view, decision_rng("review", view, "review"), rollouts or budget(view.GAME))
    while not evaluation.finished:
        evaluation.step()
    return _decision(evaluation, chosen, number)


def _decision(evaluation: Evaluation, chosen: Any, number: int) -> Decision:
    view = evaluation.view
    best, best_value = evaluation.best()
    chosen_value = evaluation.values()[chosen]
    if chosen == best:
        chosen_value = best_value
    chosen_value, best_value = round(chosen_value, 2), round(best_value, 2)  # as kept in a save
    loss = max(0.0, best_value - chosen_value)
    return Decision(
        number,
        evaluation.seat,
        str(chosen),
        str(best),
        chosen_value,
        best_value,
        mark_for(view.GAME, loss),
        _reason(view, chosen, best),
    )


@dataclass(frozen=True)
class Position:
    """A decision to review: the state before move `number` (from 1) and the move made."""

    number: int
    seat: int
    state: Any
    move: Any


def positions(first: Any, moves: Iterable[Any], seats: Iterable[int]) -> list[Position]:
    """The decisions of `seats` in the game from `first` through `moves`, skipping
    forced ones (a single legal move: there is nothing to weigh)."""
    wanted = set(seats)
    out = []
    state = first
    for number, move in enumerate(moves, 1):
        seat = state.current_player
        if seat in wanted and len(state.legal_moves()) > 1:
            out.append(Position(number, seat, state, move))
        state = state.apply(move)
    return out


class Review:
    """The review of a whole game, run in slices (`run`) so a window can keep
    drawing; `decisions` fills in as it goes, `progress` says how far."""

    def __init__(self, first: Any, moves: Iterable[Any], seats: Iterable[int], rollouts: int | None = None) -> None:
        self.game_id: str = first.GAME
        self.rollouts = rollouts or budget(self.game_id)
        self.seats = sorted(set(seats))
        self.todo = positions(first, list(moves), self.seats)
        self.decisions: list[Decision] = []
        self._current: Evaluation | None = None

    @property
    def total(self) -> int:
        return len(self.todo)

    @property
    def finished(self) -> bool:
        return len(self.decisions) >= len(self.todo)

    @property
    def progress(self) -> float:
        """0..1: decisions done, plus the part of the one under way."""
        if not self.todo:
            return 1.0
        part = 0.0
        if self._current is not None:
            part = self._current.done / self._current.worlds
        return min(1.0, (len(self.decisions) + part) / len(self.todo))

    def run(self, slice_s: float = 0.01) -> Iterator[float]:
        """Work until finished, yielding the progress after every `slice_s`
        seconds of work (a caller that stops asking has cancelled)."""
        clock = time.perf_counter
        slice_end = clock() + slice_s
        while not self.finished:
            if self._current is None:
                position = self.todo[len(self.decisions)]
                view = position.state.view(position.seat)
                self._current = Evaluation(view, decision_rng("review", view, "review"), self.rollouts)
            evaluation = self._current
            evaluation.step()
            if evaluation.finished:
                position = self.todo[len(self.decisions)]
                self.decisions.append(_decision(evaluation, position.move, position.number))
                self._current = None
            if clock() >= slice_end:
                yield self.progress
                slice_end = clock() + slice_s
        yield 1.0

    def complete(self) -> list[Decision]:
        """Run to the end in one go; the decisions."""
        for _progress in self.run(slice_s=3600.0):
            pass
        return self.decisions

    def to_json(self) -> dict[str, Any]:
        """The finished review as data to keep with the game."""
        return {
            "version": FORMAT_VERSION,
            "unit": "points",
            "rollouts": self.rollouts,
            "seats": self.seats,
            "decisions": [d.to_json() for d in self.decisions],
        }


def decisions_from_json(data: Any, moves: int) -> list[Decision]:
    """The decisions of a kept review; ValueError when it is not one this
    version reads or does not fit a game of `moves` moves."""
    if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
        raise ValueError("the review is not one this version of Fireside reads")
    raw = data.get("decisions")
    if not isinstance(raw, list):
        raise ValueError("the review has no list of decisions")
    out = [Decision.from_json(item) for item in raw]
    for decision in out:
        if not 1 <= decision.number <= moves:
            raise ValueError(f"the review names move {decision.number} of a game of {moves} moves")
    return out


def by_number(decisions: Iterable[Decision]) -> dict[int, Decision]:
    """Decisions keyed by their move number (the replay looks them up per step)."""
    return {d.number: d for d in decisions}
