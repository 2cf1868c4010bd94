"""A finished review kept inside its game's file, so it never runs twice.

The review is one optional field, `review`, of the save format (version 1
stays version 1): every reader loads a file by the fields it knows, so an
older Fireside opens a reviewed game as it always did and ignores the rest.
The field holds the review's own data (`game.ai.review.Review.to_json`,
read back by `game.ai.review.decisions_from_json`) and the moves it was made
for, so a review never attaches to a game it did not see.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.i18n import _
from game.match.match import Match
from game.persist.atomic import os_reason, read_json, write_json
from game.persist.errors import SaveError
from game.persist.savefile import from_data

KEY = "review"


def _moves(match: Match) -> list[str]:
    return [str(move) for _seat, move in match.moves]


def kept_review(data: Any, match: Match) -> dict[str, Any] | None:
    """The review kept in a save's data for exactly `match`'s moves, or None."""
    review = data.get(KEY) if isinstance(data, dict) else None
    if not isinstance(review, dict) or review.get("moves") != _moves(match):
        return None
    return review


def read_review(path: Path | str, match: Match) -> dict[str, Any] | None:
    """The review kept in `path` for `match`, or None (none kept, or the file unreadable)."""
    try:
        return kept_review(read_json(path), match)
    except SaveError:
        return None


def keep_review(path: Path | str, match: Match, review: dict[str, Any]) -> None:
    """Write `review` into the game's file at `path`, atomically; SaveError
    (file untouched) when the file no longer holds `match` or the disk refuses."""
    path = Path(path)
    data = read_json(path)
    if _moves(from_data(data)) != _moves(match):
        raise SaveError(_("{name} no longer holds this game").format(name=path.name))
    data[KEY] = {**review, "moves": _moves(match)}
    try:
        write_json(path, data)
    except OSError as exc:
        raise SaveError(_("cannot write {name}: {reason}").format(name=path.name, reason=os_reason(exc))) from None
