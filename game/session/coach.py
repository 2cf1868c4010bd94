"""The review of a game, between a `Match` and the reviewer (`game.ai.review`):
which seats it weighs, where a kept review comes from and goes to.  Shared by
the app's Review button and `python -m game review`; no pygame.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.ai.review import INACCURACY, MISTAKE, Decision, Review, decisions_from_json
from game.i18n import N_
from game.persist import reviews
from game.persist.atomic import read_json
from game.persist.errors import SaveError
from game.session.match import Match

#: The marks in words (translated where shown).
MARK_WORDS = {INACCURACY: N_("inaccuracy"), MISTAKE: N_("mistake")}


def reviewed_seats(match: Match, every_seat: bool = False) -> list[int]:
    """The human seats (every seat with `every_seat`, or when no one is human)."""
    humans = match.humans
    return list(range(len(match.seats))) if every_seat or not humans else humans


def new_review(match: Match, seats: list[int], rollouts: int | None = None) -> Review:
    """A review of `match` from its first deal, not yet run."""
    first = Match(match.game_id, list(match.seats), match.seed, match.start, dict(match.options)).state
    return Review(first, [move for _seat, move in match.moves], seats, rollouts)


def kept(data: Any, match: Match, seats: list[int]) -> list[Decision] | None:
    """The decisions of a review kept in a save's data that covers `seats`, or
    None (none kept, made for other moves or seats, or one this version cannot read)."""
    review = reviews.kept_review(data, match)
    if review is None or not set(seats) <= set(review.get("seats") or []):
        return None
    try:
        decisions = decisions_from_json(review, len(match.moves))
    except ValueError:
        return None
    return [d for d in decisions if d.seat in seats]


def read_kept(path: Path | str, match: Match, seats: list[int]) -> list[Decision] | None:
    """`kept` for a file."""
    try:
        return kept(read_json(path), match, seats)
    except SaveError:
        return None


def keep(path: Path | str, match: Match, review: Review) -> None:
    """Keep a finished review in the game's file (SaveError if that cannot be done)."""
    reviews.keep_review(path, match, review.to_json())
