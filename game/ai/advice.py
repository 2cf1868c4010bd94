"""The coach's advice at one decision: what Hint says.

The hint is the review's own race on the position (`game.ai.review.evaluate`,
same randomness and budget), so it names the move a review of the game
would call best.  Its reason is the one the review would give if the
closest move it clearly beats had been played (`game.ai.explain.hint_why`:
the game's `coach` part, in the game's own terms), and the margin is what
the race measured between the two on the same worlds -- so a hint argues
for its move against a real alternative and never warns against the move it
recommends.  A move about as good as the coach's is named as such; when
every move is, the closest one is the alternative.
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
    """The coach's move at a decision and why (`reason`, a Phrase in the game's
    terms, None only when nothing can be said), against `other` (None when the
    move is forced): the closest move it clearly beats, by `margin` points on
    the same worlds.  `alike` is a move about as good as the coach's (None
    when there is none or when every move is: then `other` is the closest
    and `equal` is True)."""

    move: Any
    reason: Phrase | None
    other: Any = None
    margin: float = 0.0
    equal: bool = False
    alike: Any = None

    def __str__(self) -> str:
        """The advice in English, for a terminal."""
        text = f"{self.move}"
        if self.reason:
            text += f": {self.reason}"
        if self.other is None:
            return text
        if self.equal:
            return f"{text} (about as good as {self.other})"
        n = max(1, round(self.margin))
        better = f"about {n} point{'s' if n != 1 else ''} better than {self.other}"
        if self.alike is not None:
            return f"{text} (about as good as {self.alike}, and {better})"
        return f"{text} ({better})"

    def to_json(self) -> dict[str, Any]:
        """As `fireside hint --json` prints it: moves in notation, the reason as a review keeps it."""
        return {
            "move": str(self.move),
            "reason": phrase_json(self.reason),
            "other": None if self.other is None else str(self.other),
            "margin": round(self.margin, 2),
            "equal": self.equal,
            "alike": None if self.alike is None else str(self.alike),
        }


def phrase_json(phrase: Phrase | None) -> dict[str, Any] | None:
    """A reason as data (code, English text, params), as a review keeps it."""
    if phrase is None:
        return None
    return {"code": phrase.code, "text": str(phrase), "params": dict(phrase.params)}


def advise(view: Any, rollouts: int | None = None) -> Advice:
    """What the coach would play at `view` (the acting seat's view), why, and
    how much better than the closest move it clearly beats."""
    moves = view.legal_moves()
    if len(moves) == 1:
        return Advice(moves[0], Phrase(ONLY_MOVE, "it is the only move the rules allow"))
    evaluation = review.evaluate(view, rollouts)
    move, _value = evaluation.best()
    behind = _behind(evaluation)
    if not behind:  # nothing else was played on any world: the first other move, unmeasured
        behind = [(0.0, math.inf, next(m for m in moves if m != move))]
    clearly = [row for row in behind if not _alike(*row[:2])]
    alike = None
    if clearly and _alike(*behind[0][:2]):
        alike = behind[0][2]  # as good as the coach's: the argument is against the closest clearly worse move
    margin, se, other = clearly[0] if clearly else behind[0]
    rng = decision_rng("reason", view, "review")  # the review's own, were `other` played
    reason = explain.hint_why(view, move, other, rng)
    return Advice(move, reason, other, max(0.0, margin), not clearly, alike)


def _alike(margin: float, se: float) -> bool:
    """A move this close behind cannot be told from the coach's: less than a
    point, or within the review's own standard of luck (`review.Z_MARK`)."""
    return round(margin) < 1 or margin < review.Z_MARK * se


def _behind(evaluation: review.Evaluation) -> list[tuple[float, float, Any]]:
    """The other moves played on any world, closest behind the winner first:
    (points behind on the worlds both were played on, its standard error, move)."""
    best = evaluation.moves.index(evaluation.best()[0])
    rows = []
    for i, move in enumerate(evaluation.moves):
        if i == best or not evaluation.samples[i]:
            continue
        mean, se = evaluation.loss(move)
        rows.append((mean, -len(evaluation.samples[i]), str(move), se, move))
    return [(mean, se, move) for mean, _n, _t, se, move in sorted(rows, key=lambda r: r[:3])]
