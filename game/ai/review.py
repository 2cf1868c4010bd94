"""The coach: every decision of a finished game weighed again, in points.

For one decision the reviewer sees only what the seat saw (`state.view(seat)`),
deals worlds consistent with it (`game.rules.sample_world`), plays every legal
move in each of those same worlds and finishes each with Normal play for every
seat (the game's `normal_move`, each seat on its own view of the world) to
the horizon, where the game's rollout part counts the points
(`game.ai.rollouts.totals_for`): the end of the round for Sticheln and Grinch
(Grinch counting what its open rows are still worth), the end of the game for
Avalanche, which is one long hand.  A continuation as strong as Normal is what
makes a mark trustworthy: the search's cheap rollouts misjudged what a
careless card costs against players who punish it.  Every move is measured
on the same worlds, so the difference between two moves is not drowned in the
luck of the deal.

The worlds are spent adaptively (`Evaluation`): a race drops moves once they
are clearly worse and ends when the leader is clearly best (or the budget is
spent); the move played is then measured against the winner until its loss
is known, and marked only when that loss is beyond luck.  Randomness is fixed
by the position, so a review of the same game always gives the same marks,
and the hint (`hint`) runs the same race on the same position, so it names
the review's best move.  `game.tools.reweigh` checks the marks against fresh
worlds.

Nothing here imports pygame: the app runs `Review.run` in slices between
frames (a step is one move finished in one world, a few milliseconds), and
`python -m game review` runs it in one go.
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
from game.ai.levels import heuristics
from game.ai.rollouts import ByGame, horizon_for, totals_for
from game.rules import registry

#: Moves of Normal play (the continuations' plies, each about 0.07-0.2 ms on
#: one core) a decision's race may spend, the same for every game, so a long
#: continuation (Avalanche plays to the end of the game) buys fewer worlds;
#: measuring the loss of the move played may spend `LOSS_SHARE` as much again.
BUDGET = 10000
MIN_WORLDS = 8  # worlds before a move may leave the race or the race may end
Z_PRUNE = 3.0  # standard errors by which the leader must beat a move to drop it
Z_MARK = 2.0  # a loss is marked only this many standard errors above nothing
EQUAL_SHARE = 0.5  # the race ends when no move can beat the leader by this share of an inaccuracy
LOSS_SE_SHARE = 0.25  # the played move's loss is measured to this share of an inaccuracy
LOSS_MIN_WORLDS = 24  # ... on at least this many worlds
LOSS_SHARE = 0.5  # ... the whole decision spending at most this share of a budget more
INACCURACY = "inaccuracy"
MISTAKE = "mistake"
MARKS = (INACCURACY, MISTAKE)
#: Points lost (against the best move) from which a decision is marked, per game:
#: (inaccuracy, mistake).  Grinch rows are worth several times a Sticheln trick.
#: (Each game's `spec.review_thresholds`, read here as a mapping by game id.)
THRESHOLDS: Mapping[str, tuple[float, float]] = ByGame(lambda game_id: registry.get(game_id).review_thresholds)
#: Of `Review.to_json`; a reader skips a review it cannot read.  2: values are
#: points after Normal play for every seat (1: after the search's cheap rollouts).
FORMAT_VERSION = 2


def budget(game_id: str) -> int:
    """Moves of Normal play a decision's race may spend (`BUDGET`, the same for every game)."""
    return BUDGET


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
    """Every legal move of one decision raced on the same sampled worlds, each
    world finished by Normal play for every seat; `step` plays one move in one
    world (a few milliseconds), so a caller can stop between any two.

    The race (which move is best) is the same for the review and the hint:
    after `MIN_WORLDS` worlds a move leaves it once the leader beats it by
    `Z_PRUNE` standard errors of their paired difference, and it ends when
    one move is left, when no move left can beat the leader by `equal`
    points (at `Z_PRUNE`), or once `rollouts` moves of Normal play are spent. Its
    winner is `best()`.  A `track`ed move (the move played, for the review)
    is finished in every world the race plays, whether still in it or not, so
    its loss is measured on all of them, and tracking changes nothing of the
    race: each world and its luck come from `rng` the same way, and the
    race's budget counts only the plies of the moves in it.  After the race
    the worlds go on for the winner and the tracked move only, until their
    difference is known to `loss_se` points (or the decision has spent
    `1 + LOSS_SHARE` budgets)."""

    def __init__(self, view: Any, rng: random.Random, rollouts: int, track: Any = None) -> None:
        if view.viewer is None or view.viewer != view.current_player:
            raise ValueError("a review weighs a decision from the acting seat's view")
        self.view = view
        self.rng = rng
        self.seat: int = view.viewer
        self.moves = list(view.legal_moves())
        self.budget = max(1, rollouts)
        self.alive = list(range(len(self.moves)))
        self.track = self.moves.index(track) if track is not None and track in self.moves else None
        self.samples: list[list[float]] = [[] for _ in self.moves]
        inaccuracy = THRESHOLDS[view.GAME][0]
        self.equal = EQUAL_SHARE * inaccuracy
        self.loss_se = LOSS_SE_SHARE * inaccuracy
        self.done = 0  # worlds finished
        self.spent = 0  # moves of Normal play made (and one a continuation)
        self.race_spent = 0  # ... by the moves in the race (what its budget counts)
        self.raced = False  # the race is over (`best` is final)
        self.refined = False  # the tracked move's loss is measured
        self.winner: int | None = None
        self._world: Any = None
        self._luck = 0
        self._queue: list[int] = []
        self._horizon = horizon_for(view)
        self._totals = totals_for(view)
        self._normal = heuristics(view.GAME).normal_move
        if len(self.moves) == 1:
            self._end_race()

    # -- the continuation --------------------------------------------------------------
    def _play_out(self, move: Any) -> tuple[float, int]:
        """`move` in the current world, then Normal for every seat (each on its
        own view) to the horizon; the seat's points there, and the moves made."""
        rng = random.Random(self._luck)
        state = self._world.apply(move)
        horizon, normal = self._horizon, self._normal
        plies = 1
        while not horizon(state):
            actor = state.current_player
            state = state.apply(normal(state.view(actor), rng)[0])
            plies += 1
        return float(self._totals(state, rng)[self.seat]), plies

    def _members(self) -> list[int]:
        """The moves finished in each world: the race's (or, refining, the
        winner's) and the tracked one."""
        members = list(self.alive) if not self.raced or self.winner is None else [self.winner]
        if self.track is not None and self.track not in members:
            members.append(self.track)
        return members

    @property
    def finished(self) -> bool:
        """The race is over and, with a tracked move, its loss measured."""
        return self.raced and (self.refined or self.track is None)

    def step(self) -> None:
        """One move finished in one world (a new world when the last is done)."""
        if self.finished:
            return
        if not self._queue:
            self._world = rules.sample_world(self.view, self.rng)
            self._luck = self.rng.getrandbits(64)
            self._queue = self._members()
        i = self._queue.pop(0)
        value, plies = self._play_out(self.moves[i])
        self.samples[i].append(value)
        self.spent += plies
        if not self.raced and i in self.alive:  # the tracked move's own plies never end the race
            self.race_spent += plies
        if not self._queue:
            self.done += 1
            if not self.raced:
                self._judge_race()
            else:
                self._judge_loss()

    # -- the race -------------------------------------------------------------------
    def _paired(self, a: int, b: int) -> tuple[float, float]:
        """Mean and standard error of a - b on the worlds both were finished in."""
        return mean_se([x - y for x, y in zip(self.samples[a], self.samples[b])])

    def _leader(self) -> int:
        means = {i: sum(s) / len(s) if (s := self.samples[i]) else -math.inf for i in self.alive}
        return max(self.alive, key=lambda i: (means[i], _tiebreak(self.moves[i])))

    def _judge_race(self) -> None:
        if self.race_spent >= self.budget:
            self._end_race()
            return
        if self.done < MIN_WORLDS:
            return
        leader = self._leader()
        close = []
        for i in self.alive:
            if i == leader:
                continue
            mean, se = self._paired(leader, i)
            if mean - Z_PRUNE * se > 0:
                continue  # clearly worse: out of the race
            close.append((i, mean, se))
        self.alive = [leader] + [i for i, _m, _s in close]
        if all(Z_PRUNE * se - mean < self.equal for _i, mean, se in close):
            self._end_race()

    def _end_race(self) -> None:
        self.raced = True
        self.winner = self._leader() if self.samples[self.alive[0]] else self.alive[0]
        self._judge_loss()

    # -- the tracked move's loss ------------------------------------------------------
    def _judge_loss(self) -> None:
        track, winner = self.track, self.winner
        if track is None or winner is None or track == winner or not self.samples[track]:
            self.refined = True
            return
        n = len(self.samples[winner])
        _mean, se = self._paired(winner, track)
        if (n >= LOSS_MIN_WORLDS and se <= self.loss_se) or self.spent >= self.budget * (1 + LOSS_SHARE):
            self.refined = True

    # -- answers ----------------------------------------------------------------------
    def values(self) -> dict[Any, float]:
        """Each move's mean points over the worlds it was finished in."""
        return {m: sum(s) / len(s) if s else 0.0 for m, s in zip(self.moves, self.samples)}

    def best(self) -> tuple[Any, float]:
        """The race's winner (so far, while it runs) and its mean points."""
        i = self.winner if self.raced and self.winner is not None else self._leader()
        s = self.samples[i]
        return self.moves[i], sum(s) / len(s) if s else 0.0

    def loss(self, move: Any) -> tuple[float, float]:
        """How much `move` scored below the winner on the same worlds: mean and standard error."""
        best = self.moves.index(self.best()[0])
        i = self.moves.index(move)
        if i == best:
            return 0.0, 0.0
        return self._paired(best, i)

    @property
    def progress(self) -> float:
        """0..1 of this decision's work, roughly (the budget spent, 1 when done)."""
        if self.finished:
            return 1.0
        return min(0.99, self.spent / (self.budget * (1 + LOSS_SHARE if self.track is not None else 1.0)))


def mean_se(values: list[float]) -> tuple[float, float]:
    """The mean of `values` and its standard error (infinite for fewer than two)."""
    n = len(values)
    if n == 0:
        return 0.0, math.inf
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def evaluate(view: Any, rollouts: int | None = None, track: Any = None) -> Evaluation:
    """The coach's evaluation of the decision at `view`, run to the end; its
    randomness is fixed by the position (the review and the hint share it)."""
    evaluation = new_evaluation(view, rollouts, track)
    while not evaluation.finished:
        evaluation.step()
    return evaluation


def new_evaluation(view: Any, rollouts: int | None = None, track: Any = None) -> Evaluation:
    """The coach's evaluation of the decision at `view`, not yet run."""
    return Evaluation(view, decision_rng("review", view, "review"), rollouts or budget(view.GAME), track)


def hint(view: Any, rollouts: int | None = None) -> tuple[Any, Any]:
    """What the coach would play at `view` (the acting seat's view) and the
    rules of thumb's words for it: the race of `Evaluation` the review runs,
    with the same randomness and budget, so a hint and a review name the same
    move.  (The table's Hint says more: `game.ai.advice.advise`.)"""
    moves = view.legal_moves()
    if len(moves) == 1:
        return moves[0], explain.hint_reason(view, moves[0])
    move, _value = evaluate(view, rollouts).best()
    return move, explain.hint_reason(view, move)


def _tiebreak(move: Any) -> tuple[int, ...]:
    return tuple(-ord(c) for c in str(move))


def judge(view: Any, chosen: Any, number: int, rollouts: int | None = None) -> Decision:
    """The decision `chosen` at `view` (the acting seat's view), weighed in one go."""
    return _decision(evaluate(view, rollouts, track=chosen), chosen, number)


def _decision(evaluation: Evaluation, chosen: Any, number: int) -> Decision:
    """The verdict: marked only when the loss is at least `Z_MARK` standard
    errors above nothing (a loss the worlds cannot tell from luck is no mark)."""
    view = evaluation.view
    best, best_value = evaluation.best()
    loss, se = evaluation.loss(chosen)
    best_value = round(best_value, 2)
    chosen_value = best_value if chosen == best else round(best_value - loss, 2)  # as kept in a save
    loss = max(0.0, best_value - chosen_value)
    mark = mark_for(view.GAME, loss) if loss >= Z_MARK * se else ""
    return Decision(
        number,
        evaluation.seat,
        str(chosen),
        str(best),
        chosen_value,
        best_value,
        mark,
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
            part = self._current.progress
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
                self._current = new_evaluation(view, self.rollouts, track=position.move)
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
