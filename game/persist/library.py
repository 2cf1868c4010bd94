"""The folders of saves: named slots, the autosave, and the history of finished games.

Every function here turns trouble into a `SaveError` with one line (or, for
listings, into a damaged entry with that line), so a bad file never takes
the app down and never hides the good files beside it.
"""

from __future__ import annotations

import logging
import os
import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from game.i18n import _
from game.lru import LRU
from game.match import Match
from game.persist import paths
from game.persist.atomic import read_json, sweep_temps
from game.persist.errors import SaveError
from game.persist.savefile import from_data, load, save

log = logging.getLogger(__name__)

MAX_SLOT_NAME = 60
DAMAGED_AUTOSAVE = "autosave.damaged.json"
_WINDOWS_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)),
                     *(f"lpt{i}" for i in range(1, 10))}


@dataclass
class SlotInfo:
    """One file in a listing.  `error` set means damaged, with the reason;
    the other fields are then best-effort (whatever could still be read)."""

    path: Path
    name: str
    game: str
    players: int
    round: int
    saved_at: str
    finished: bool
    error: str | None = None


# Listings, history rows and statistics all need each file replayed: do it
# once per file while it is unchanged (keyed by its time and size).  Bounded:
# a listing line is small and kept for many files, a replayed match (10-100 KiB
# without its undo states) only for the most recently used ones.
MAX_LISTED = 10_000
MAX_REPLAYS = 256
_cache: LRU[Path, tuple[tuple[int, int], SlotInfo]] = LRU("library.listing", MAX_LISTED)
_replays: LRU[Path, tuple[tuple[int, int], Match]] = LRU("library.replays", MAX_REPLAYS)


def _stamp(path: Path) -> tuple[int, int]:
    st = path.stat()
    return st.st_mtime_ns, st.st_size


def _mtime_iso(path: Path) -> str:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).isoformat(timespec="seconds")
    except OSError:
        return ""


def _entry(path: Path, replayed: bool = True) -> tuple[SlotInfo, Match | None]:
    """The file's listing line and its replayed match (None when damaged, or not
    `replayed` and no longer cached)."""
    try:
        stamp = _stamp(path)
    except OSError:
        stamp = (0, 0)
    cached = _cache.get(path)
    if cached and cached[0] == stamp and stamp != (0, 0):
        replay = _replays.get(path)
        if replay is not None and replay[0] == stamp:
            return cached[1], replay[1]
        if cached[1].error is not None or not replayed:
            return cached[1], None
    data = None
    match: Match | None = None
    try:
        data = read_json(path)
        match = from_data(data)
        info = SlotInfo(path, _display_name(data, path), match.game_id, len(match.seats),
                        getattr(match.state, "round_number", 1), data.get("saved_at") or _mtime_iso(path),
                        match.state.is_over)
    except SaveError as exc:
        info = _damaged_info(path, data, str(exc))
    _cache.put(path, (stamp, info))
    if match is not None:
        match.forget_undo()  # only looked at: see shared_match
        _replays.put(path, (stamp, match))
    return info, match


def _info(path: Path) -> SlotInfo:
    return _entry(path, replayed=False)[0]


def _display_name(data: object, path: Path) -> str:
    name = data.get("name") if isinstance(data, dict) else None
    return name if isinstance(name, str) and name.strip() else path.stem


def _damaged_info(path: Path, data: object, reason: str) -> SlotInfo:
    raw = data if isinstance(data, dict) else {}
    game = raw.get("game") if isinstance(raw.get("game"), str) else ""
    seats = raw.get("seats")
    saved_at = raw.get("saved_at") if isinstance(raw.get("saved_at"), str) else _mtime_iso(path)
    return SlotInfo(path, _display_name(data, path), game, len(seats) if isinstance(seats, list) else 0, 0,
                    saved_at, False, reason)


def _listing(folder: Path) -> list[SlotInfo]:
    sweep_temps(folder)
    try:
        files = [p for p in folder.glob("*.json") if p.is_file()]
    except OSError as exc:
        log.warning("cannot list %s: %s", folder, exc)
        return []
    infos = [_info(p) for p in files]
    infos.sort(key=lambda info: (info.saved_at, info.path.name), reverse=True)  # newest first
    return infos


def _folder(get: Callable[[], Path]) -> Path | None:
    try:
        return get()
    except SaveError as exc:
        log.warning("%s", exc)
        return None


def list_saves() -> list[SlotInfo]:
    """The named saves, newest first; damaged ones included with their reason."""
    folder = _folder(paths.saves_dir)
    return _listing(folder) if folder else []


def list_history() -> list[SlotInfo]:
    """The finished games, newest first."""
    folder = _folder(paths.history_dir)
    return _listing(folder) if folder else []


def slot_file_name(name: str) -> str:
    """A file name every OS accepts, made from a slot name ("Tom's game!" -> "tom-s-game.json").

    Case is folded so that the same name overwrites the same file on every
    file system.
    """
    text = unicodedata.normalize("NFKC", name).casefold()
    text = re.sub(r"[^\w]+", "-", text).strip("-_")[:MAX_SLOT_NAME].strip("-_")
    if not text:
        text = "save"
    if text in _WINDOWS_RESERVED:
        text += "-save"
    return text + ".json"


def save_slot(name: str, match: Match) -> Path:
    """Save `match` under `name` (the same name overwrites); returns the file."""
    name = " ".join(name.split())
    if not name:
        raise SaveError(_("give the save a name"))
    path = paths.saves_dir() / slot_file_name(name)
    save(path, match, {"name": name})
    return path


def load_slot(path: Path | str) -> Match:
    """The match in a slot (or history) file, freshly loaded to be played on;
    SaveError if it is damaged."""
    return load(path)


def shared_match(path: Path | str) -> Match:
    """The match in a file, replayed once while the file is unchanged and shared
    by every reader (history rows, replays, statistics): look, never play on it.
    SaveError if it is damaged."""
    info, match = _entry(Path(path))
    if match is None:
        raise SaveError(info.error or "")
    return match


def delete(path: Path | str) -> None:
    """Remove a slot or history file (a damaged one too); SaveError if the OS refuses."""
    path = Path(path)
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        raise SaveError(_("cannot delete {name}: {reason}").format(name=path.name,
                                                                    reason=exc.strerror or exc)) from None
    _cache.pop(path)
    _replays.pop(path)


# -- autosave ---------------------------------------------------------------------
def write_autosave(match: Match) -> None:
    """Rewrite the autosave with `match` (after every move); SaveError if the disk refuses."""
    save(paths.autosave_path(), match)


def read_autosave() -> Match | None:
    """The autosaved game, or None when there is none.

    A damaged autosave is moved aside to autosave.damaged.json (for a bug
    report), logged, and None returned: the title screen then simply offers
    no Continue.
    """
    path = _folder(paths.autosave_path)
    if path is None:
        return None
    sweep_temps(path.parent)  # what a write killed mid-way left beside it
    if not path.exists():
        return None
    try:
        return load(path)
    except SaveError as exc:
        aside = path.with_name(DAMAGED_AUTOSAVE)
        log.warning("autosave is damaged (%s); moved to %s", exc, aside)
        try:
            os.replace(path, aside)
        except OSError as move_error:
            log.warning("cannot move the damaged autosave aside: %s", move_error)
        return None


def clear_autosave() -> None:
    """Forget the game in progress (it ended or the player left it on purpose)."""
    try:
        paths.autosave_path().unlink(missing_ok=True)
    except (OSError, SaveError) as exc:
        log.warning("cannot remove the autosave: %s", exc)


# -- history --------------------------------------------------------------------------
def archive(match: Match) -> Path:
    """Put a finished game into the history (file named by time and game); returns the file."""
    if not match.state.is_over:
        raise ValueError("only a finished game goes into the history")
    folder = paths.history_dir()
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stamp}-{match.game_id}.json"
    number = 2
    while path.exists():
        path = folder / f"{stamp}-{match.game_id}-{number}.json"
        number += 1
    save(path, match)
    return path


def keep_unfinished(starting: Match | None, slot_name: Callable[[Match], str]) -> Path | None:
    """Before another game takes over the autosave, keep the unfinished one in a
    save slot (named by `slot_name`) so that nothing is lost.  A game continuing
    itself (same game, seed and seats) is not kept twice."""
    old = read_autosave()
    if old is None or old.state.is_over:
        return None
    if starting is not None and (old.game_id, old.seed, old.seats) == (
            starting.game_id, starting.seed, starting.seats):
        return None
    try:
        path = save_slot(slot_name(old), old)
    except SaveError as exc:
        log.warning("could not keep the unfinished game: %s", exc)
        return None
    log.info("kept the unfinished game as %s", path.name)
    return path
