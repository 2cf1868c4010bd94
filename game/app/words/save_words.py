"""Words about a save file, in the player's language: its game, when it was
saved, which round, one line naming the game and its players, and the name
an unfinished game is kept under.  Shared by the title, the save lists,
history and statistics (screens never import each other)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from game import rules
from game.app.words import names
from game.i18n import _
from game.match.match import Match
from game.persist import library

if TYPE_CHECKING:
    from pathlib import Path


def when(iso: str) -> str:
    """An ISO-8601 time as local 'YYYY-MM-DD HH:MM' (locale-neutral), or '' if unreadable."""
    try:
        moment = datetime.fromisoformat(iso)
        if moment.tzinfo is not None:
            moment = moment.astimezone()  # year 1 at +14:00 is out of range here
        return f"{moment.year:04}-{moment.month:02}-{moment.day:02} {moment.hour:02}:{moment.minute:02}"
    except (TypeError, ValueError, OverflowError, OSError):
        return ""


def game_name(game_id: str) -> str:
    """The game's name in the current language; "Unknown game" for a save that names none."""
    return names.game_name(game_id) if game_id else _("Unknown game")


def has_rounds(game_id: str) -> bool:
    """Avalanche is one long hand; the others count rounds."""
    try:
        return hasattr(rules.get(game_id).State, "round_number")
    except ValueError:
        return False


def round_text(state: Any) -> str:
    """'round 3 of 5', 'round 2' or '' for games without rounds."""
    number = getattr(state, "round_number", None)
    if number is None:
        return ""
    total = (getattr(state, "options", None) or {}).get("rounds")
    if total:
        return _("round {n} of {total}").format(n=number, total=total)
    return _("round {n}").format(n=number)


def describe(match: Match) -> str:
    """One line saying which game this is: game, players, round."""
    parts = [game_name(match.game_id), ", ".join(seat.name for seat in match.seats)]
    where = _("game over") if match.state.is_over else round_text(match.state)
    if where:
        parts.append(where)
    return " · ".join(parts)


def default_slot_name(match: Match, now: datetime | None = None) -> str:
    """'Sticheln 14:32': the game and the time, which people recognise later."""
    now = now or datetime.now()
    return f"{game_name(match.game_id)} {now:%H:%M}"


def keep_unfinished(starting: Match | None) -> Path | None:
    """`library.keep_unfinished`, naming the kept slot "<Game HH:MM> · unfinished"."""
    return library.keep_unfinished(starting, lambda old: _("{game} · unfinished").format(game=default_slot_name(old)))
