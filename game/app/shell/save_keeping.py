"""Where a game at the table goes when Fireside's own folder refuses it: the
notice is said once per game, and once the player has saved it somewhere
with "Save to…", that file takes every move from then on.  The table calls
`autosave_failed`; the menu asks `kept_at` / `not_saved` what to promise."""

from __future__ import annotations

import logging
import weakref
from pathlib import Path
from typing import TYPE_CHECKING

from game.persist import SaveError, library

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.match.match import Match

log = logging.getLogger(__name__)

# The matches already warned about (by id; the weak values let a finished one go),
# and the file each was saved to with "Save to…", rewritten after every move.
_warned: weakref.WeakValueDictionary[int, Match] = weakref.WeakValueDictionary()
_kept_at: dict[int, tuple[weakref.ref[Match], Path, str]] = {}


def autosave_failed(app: AppSurface, match: Match, error: Exception) -> None:
    """The table's one call when recording a move fails: the first time for
    this game, a notice offering "Save to…"; after that the log alone -- and,
    once the player has saved it somewhere, that file takes every move."""
    ref, kept, name = _kept_at.get(id(match), (None, None, ""))
    if ref is not None and ref() is match and kept is not None:
        try:
            library.save_to_folder(kept.parent, name, match, kept.name)
        except SaveError as exc:
            log.warning("could not save the game to %s either: %s", kept, exc)
        return
    if _warned.get(id(match)) is match:
        return
    _warned[id(match)] = match
    app.routes.autosave_failed(match, str(error))


def keep_saving_to(match: Match, path: Path, name: str) -> None:
    """From now on, a move Fireside cannot autosave is written to `path` (as save `name`) instead."""
    for key in [key for key, (ref, _path, _name) in _kept_at.items() if ref() is None]:
        del _kept_at[key]
    _kept_at[id(match)] = (weakref.ref(match), path, name)


def kept_at(match: Match) -> Path | None:
    """The file `match` was saved to with "Save to…", if any."""
    ref, path, _name = _kept_at.get(id(match), (None, None, ""))
    return path if ref is not None and ref() is match else None


def not_saved(match: Match) -> bool:
    """Whether recording `match` has failed (the menu then stops promising that every move is saved)."""
    return _warned.get(id(match)) is match
