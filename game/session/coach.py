"""The review of a game, between a `Match` and the reviewer (`game.ai.review`):
which seats it weighs, where a kept review comes from and goes to.  Shared by
the app's Review button and `python -m game review`; no pygame.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.review import INACCURACY, MISTAKE, Decision, Review, decisions_from_json
from game.common.printable import MAX_SHOWN, printable
from game.i18n import N_, _
from game.match.match import Match
from game.persist import reviews
from game.persist.atomic import read_json
from game.persist.errors import SaveError

#: The marks in words (translated where shown).
MARK_WORDS = {INACCURACY: N_("inaccuracy"), MISTAKE: N_("mistake")}


def reviewed_seats(match: Match, every_seat: bool = False) -> list[int]:
    """The human seats (every seat with `every_seat`, or when no one is human)."""
    humans = match.humans
    return list(range(len(match.seats))) if every_seat or not humans else humans


def new_review(match: Match, seats: list[int], rollouts: int | None = None) -> Review:
    """A review of `match` from its first deal, not yet run."""
    first = same_deal(match).state
    return Review(first, [move for _seat, move in match.moves], seats, rollouts)


def _text(value: Any, what: str, limit: int = MAX_SHOWN) -> str:
    """`value` if it is short printable text (what a save's names must be too); ValueError otherwise."""
    if not isinstance(value, str) or len(value) > limit or printable(value) != value:
        raise ValueError(f"its {what} is not short printable text")
    return value


def _scalar(value: Any) -> bool:
    if isinstance(value, str):
        return len(value) <= MAX_SHOWN and printable(value) == value
    if isinstance(value, float):
        return math.isfinite(value)
    return value is None or isinstance(value, (bool, int)) and abs(value) < 10**9


def checked(review: Any, match: Match) -> list[Decision]:
    """The decisions of a review read from disk, checked as strictly as a save:
    its seats are seats of `match`, each decision names a move of the game by
    the seat that made it, the move played as it was played, a best move legal
    there, and a reason of plain printable data.  ValueError (one line) otherwise."""
    seats = review.get("seats") if isinstance(review, dict) else None
    if not isinstance(seats, list) or not all(
        isinstance(s, int) and not isinstance(s, bool) and 0 <= s < len(match.seats) for s in seats
    ):
        raise ValueError("its seats are not seats of this game")
    try:
        decisions = decisions_from_json(review, len(match.moves))
    except (OverflowError, RecursionError, TypeError):  # a number too large for a float, odd nesting
        raise ValueError("a reviewed decision is not one Fireside wrote") from None
    wanted = {d.number: d for d in decisions}
    if len(wanted) != len(decisions):
        raise ValueError("it reviews a move twice")
    state = Match(match.game_id, list(match.seats), match.seed, match.start, dict(match.options)).state
    module = match.module
    for number, (seat, move) in enumerate(match.moves, 1):
        decision = wanted.get(number)
        if decision is not None:
            _check_decision(decision, seat, str(move), state, module, set(seats))
        state = state.apply(move)
    return decisions


def _check_decision(decision: Decision, seat: int, played: str, state: Any, module: Any, seats: set[int]) -> None:
    number = decision.number
    if decision.seat != seat or seat not in seats:
        raise ValueError(f"move {number} was not made by the seat it names")
    if decision.chosen != played:
        raise ValueError(f"move {number} is not the move played there")
    _text(decision.best, f"move {number}'s best move")
    try:
        best = module.parse_move(decision.best)
        legal = best in state.legal_moves()
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        legal = False
    if not legal:
        raise ValueError(f"move {number}'s best move is not a move there")
    if not all(math.isfinite(v) and abs(v) < 1e9 for v in (decision.chosen_value, decision.best_value)):
        raise ValueError(f"move {number}'s values are not numbers of points")
    reason = decision.reason
    if reason is not None:
        _text(reason["code"], f"move {number}'s reason")
        _text(reason.get("text", ""), f"move {number}'s reason", 1000)
        params = reason.get("params") or {}
        if not all(isinstance(k, str) and _scalar(v) for k, v in params.items()):
            raise ValueError(f"move {number}'s reason holds more than plain printable values")


def kept(data: Any, match: Match, seats: list[int], note: Callable[[str], None] | None = None) -> list[Decision] | None:
    """The decisions of a review kept in a save's data that covers `seats`, or
    None (none kept, made for other moves or seats, or one this version cannot
    read).  A kept review that fails `checked` is ignored, and `note` told why in one line."""
    review = reviews.kept_review(data, match)
    if review is None:
        return None
    try:
        decisions = checked(review, match)
    except ValueError as exc:
        if note is not None:
            note(
                printable(
                    " ".join(
                        _("the review kept in the file is damaged and was not used: {reason}")
                        .format(reason=exc)
                        .split()
                    ),
                    200,
                )
            )
        return None
    if not set(seats) <= set(review["seats"]):
        return None
    return [d for d in decisions if d.seat in seats]


def read_kept(
    path: Path | str, match: Match, seats: list[int], note: Callable[[str], None] | None = None
) -> list[Decision] | None:
    """`kept` for a file."""
    try:
        return kept(read_json(path), match, seats, note)
    except SaveError:
        return None


def keep(path: Path | str, match: Match, review: Review) -> None:
    """Keep a finished review in the game's file (SaveError if that cannot be done)."""
    reviews.keep_review(path, match, review.to_json())


@dataclass(frozen=True)
class ReviewSummary:
    """What a review adds up to, for the end of the replay and the command
    line's totals: how many marks of each kind, the points they lost (against
    the best move), and the decision that cost most (None when none is marked)."""

    weighed: int
    mistakes: int
    inaccuracies: int
    lost_in_mistakes: float
    lost_in_inaccuracies: float
    costliest: Decision | None

    @property
    def lost(self) -> float:
        """The points lost in marked decisions."""
        return self.lost_in_mistakes + self.lost_in_inaccuracies

    def to_json(self) -> dict[str, Any]:
        costliest = self.costliest
        return {
            "weighed": self.weighed,
            "mistakes": {"count": self.mistakes, "points_lost": round(self.lost_in_mistakes, 2)},
            "inaccuracies": {"count": self.inaccuracies, "points_lost": round(self.lost_in_inaccuracies, 2)},
            "points_lost": round(self.lost, 2),
            "costliest": None
            if costliest is None
            else {
                "move": costliest.number,
                "seat": costliest.seat,
                "chosen": costliest.chosen,
                "best": costliest.best,
                "loss": round(costliest.loss, 2),
                "mark": costliest.mark,
            },
        }


def summary(decisions: Iterable[Decision], seat: int | None = None) -> ReviewSummary:
    """The totals of a review's decisions (only `seat`'s when given).  Only
    marked decisions count as lost: a loss under the inaccuracy threshold is
    the noise of the sampled deals, not the player's.  The costliest is the
    marked decision that lost most (the earlier one on a tie)."""
    chosen = [d for d in decisions if seat is None or d.seat == seat]
    mistakes = [d for d in chosen if d.mark == MISTAKE]
    inaccuracies = [d for d in chosen if d.mark == INACCURACY]
    marked = sorted(mistakes + inaccuracies, key=lambda d: (-d.loss, d.number))
    return ReviewSummary(
        len(chosen),
        len(mistakes),
        len(inaccuracies),
        sum(d.loss for d in mistakes),
        sum(d.loss for d in inaccuracies),
        marked[0] if marked else None,
    )


def same_deal(match: Match) -> Match:
    """A new game of the same deal as `match`: its game, seats, seed, first
    player and options (not Today's deal again: that one counts only once)."""
    return Match(match.game_id, list(match.seats), match.seed, match.start, dict(match.options))
