"""The coach's advice at one decision: what Hint says.

The hint is the review's own race on the position (`game.ai.review.evaluate`,
same randomness and budget), so it names the move a review of the game
would call best.  Its reason is the one the review would give if the next
best move had been played (`game.ai.explain.hint_why`: the game's `coach`
part, in the game's own terms), and the margin is what the race measured
between the two on the same worlds -- so a hint argues for its move against
a real alternative and never warns against the move it recommends.
No pygame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.ai import explain, review
from game.ai.base import decision_rng
from game.rules import Phrase

__all__ = ["Advice", "ONLY_MOVE", "advise", "phrase_json"]

#: The reason when the rules allow one move only (nothing to weigh).
ONLY_MOVE = "only_move"


@dataclass(frozen=True)
class Advice:
    """The coach's move at a decision, why (`reason`, a Phrase in the game's
    terms, None only when nothing can be said), the next best move (`other`,
    None when the move is forced) and by how many points the move beat it on
    the same worlds (`margin`); `equal` when the two cannot be told apart."""

    move: Any
    reason: Phrase | None
    other: Any = None
    margin: float = 0.0
    equal: bool = False

    def __str__(self) -> str:
        """The advice in English, for a terminal."""
        text = f"{self.move}"
        if self.reason:
            text += f": {self.reason}"
        if self.other is None:
            return text
        if self.equal:
            return f"{text} ({self.move} and {self.other} are about equal)"
        n = max(1, round(self.margin))
        return f"{text} (about {n} point{'s' if n != 1 else ''} better than {self.other})"

    def to_json(self) -> dict[str, Any]:
        """As `fireside hint --json` prints it: moves in notation, the reason as a review keeps it."""
        return {
            "move": str(self.move),
            "reason": phrase_json(self.reason),
            "other": None if self.other is None else str(self.other),
            "margin": round(self.margin, 2),
            "equal": self.equal,
        }


def phrase_json(phrase: Phrase | None) -> dict[str, Any] | None:
    """A reason as data (code, English text, params), as a review keeps it."""
    if phrase is None:
        return None
    return {"code": phrase.code, "text": str(phrase), "params": dict(phrase.params)}


def advise(view: Any, rollouts: int | None = None) -> Advice:
    """What the coach would play at `view` (the acting seat's view), why, and
    how much better than the next best move."""
    moves = view.legal_moves()
    if len(moves) == 1:
        return Advice(moves[0], Phrase(ONLY_MOVE, "it is the only move the rules allow"))
    evaluation = review.evaluate(view, rollouts)
    move, _value = evaluation.best()
    other, margin, se = _runner_up(evaluation)
    rng = decision_rng("reason", view, "review")  # the review's own, were `other` played
    reason = explain.hint_why(view, move, other, rng)
    equal = round(margin) < 1 or margin < review.Z_MARK * se
    return Advice(move, reason, other, max(0.0, margin), equal)


def _runner_up(evaluation: review.Evaluation) -> tuple[Any, float, float]:
    """The move closest behind the winner on the worlds both were played on:
    (move, points behind, standard error of that)."""
    best = evaluation.moves.index(evaluation.best()[0])
    rows = []
    for i, move in enumerate(evaluation.moves):
        if i == best or not evaluation.samples[i]:
            continue
        mean, se = evaluation.loss(move)
        rows.append((mean, -len(evaluation.samples[i]), str(move), i, se))
    if not rows:  # nothing else was played on any world: say the first other move, unmeasured
        other = next(m for i, m in enumerate(evaluation.moves) if i != best)
        return other, 0.0, math.inf
    mean, _n, _t, i, se = min(rows)
    return evaluation.moves[i], mean, se
