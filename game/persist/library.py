"""The folders of saves: named slots, the autosave, and the history of finished games.

Every function here turns trouble into a `SaveError` with one line (or, for
listings, into a damaged entry with that line), so a bad file never takes
the app down and never hides the good files beside it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from game.common.printable import MAX_SHOWN, printable
from game.i18n import _
from game.lru import LRU
from game.match.match import Match
from game.persist import paths
from game.persist.atomic import os_reason, read_json, sweep_temps
from game.persist.errors import SaveError
from game.persist.savefile import from_data, load, save, to_data
from game.rules import registry

log = logging.getLogger(__name__)

MAX_SLOT_NAME = 60
DAMAGED_PREFIX = "autosave.damaged"  # + "-<time>.json": each damaged autosave kept apart
_WINDOWS_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))}


@dataclass(slots=True)  # thousands are kept (MAX_LISTED): no __dict__ each
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
# without its undo states) only for the most recently used ones: a few
# screenfuls of History rows (the statistics keep their own few bytes a file).
MAX_LISTED = 10_000
MAX_REPLAYS = 64
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
        info = SlotInfo(
            path,
            _display_name(data, path),
            match.game_id,
            len(match.seats),
            getattr(match.state, "round_number", 1),
            _saved_at(data, path),
            match.state.is_over,
        )
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
    """The slot's name as it may be drawn: odd characters replaced, a hand-edited
    megabyte of name cut to `MAX_SHOWN` (so the list draws as fast as ever)."""
    name = data.get("name") if isinstance(data, dict) else None
    return printable(name if isinstance(name, str) and name.strip() else path.stem, MAX_SHOWN)


def _saved_at(data: object, path: Path) -> str:
    raw = data.get("saved_at") if isinstance(data, dict) else None
    return printable(raw, 40) if isinstance(raw, str) and raw else _mtime_iso(path)


def _damaged_info(path: Path, data: object, reason: str) -> SlotInfo:
    raw = data if isinstance(data, dict) else {}
    game = raw.get("game")
    seats = raw.get("seats")
    return SlotInfo(
        path,
        _display_name(data, path),
        game if registry.known(game) else "",
        len(seats) if isinstance(seats, list) else 0,
        0,
        _saved_at(data, path),
        False,
        reason,
    )


def _listing(folder: Path) -> list[SlotInfo]:
    sweep_temps(folder)
    try:  # folders, pipes and dangling links named *.json too: listed as damaged, with the reason
        files = list(folder.glob("*.json"))
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


def save_to_folder(folder: Path, name: str, match: Match, file_name: str | None = None) -> Path:
    """Save `match` in a folder the player chose (when Fireside's own refuses);
    returns the file, named as its slot would be (or `file_name`)."""
    try:
        is_folder = folder.is_dir()
    except OSError as exc:  # a part of the path over 255 bytes, a loop of links
        raise SaveError(
            _("cannot use the folder {path}: {reason}").format(
                path=printable(str(folder), MAX_SHOWN), reason=os_reason(exc)
            )
        ) from None
    if not is_folder:
        raise SaveError(_("there is no folder {path}").format(path=printable(str(folder), MAX_SHOWN)))
    path = folder / (file_name or slot_file_name(name))
    save(path, match, {"name": " ".join(name.split())})
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
        if path.is_dir() and not path.is_symlink():
            path.rmdir()  # a folder named like a save: only if it is empty
        else:
            path.unlink(missing_ok=True)
    except OSError as exc:
        raise SaveError(_("cannot delete {name}: {reason}").format(name=path.name, reason=os_reason(exc))) from None
    _cache.pop(path)
    _replays.pop(path)


# -- autosave ---------------------------------------------------------------------
def write_autosave(match: Match) -> None:
    """Rewrite the autosave with `match` (after every move); SaveError if the disk refuses."""
    save(paths.autosave_path(), match)


def read_autosave(on_damaged: Callable[[str], None] | None = None) -> Match | None:
    """The autosaved game, or None when there is none.

    A damaged autosave is moved aside under a name of its own
    (autosave.damaged-<time>.json, for a bug report: a second one never
    overwrites the first), logged, and `on_damaged` is told the name it was
    kept as, so the title can say so.  An autosave left behind by a kill
    just after its game went into the history is cleared, not offered again.
    """
    path = _folder(paths.autosave_path)
    if path is None:
        return None
    sweep_temps(path.parent)  # what a write killed mid-way left beside it
    if not (path.exists() or path.is_symlink()):
        return None
    try:
        match = load(path)
    except SaveError as exc:
        kept = _set_aside(path)
        log.warning("autosave is damaged (%s); kept as %s", exc, kept)
        if on_damaged is not None:
            on_damaged(kept.name)
        return None
    if _archived_from(match) is not None:
        log.info("the autosaved game is already in the history; clearing the autosave")
        clear_autosave()
        return None
    return match


def _set_aside(path: Path) -> Path:
    """Move a damaged file to a fresh name beside it; the file itself if the OS refuses."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{DAMAGED_PREFIX}-{stamp}.json")
    number = 2
    while aside.exists() or aside.is_symlink():
        aside = path.with_name(f"{DAMAGED_PREFIX}-{stamp}-{number}.json")
        number += 1
    try:
        os.replace(path, aside)
    except OSError as exc:
        log.warning("cannot move the damaged autosave aside: %s", exc)
        return path
    return aside


def clear_autosave() -> None:
    """Forget the game in progress (it ended or the player left it on purpose)."""
    try:
        paths.autosave_path().unlink(missing_ok=True)
    except (OSError, SaveError) as exc:
        log.warning("cannot remove the autosave: %s", exc)


# -- history --------------------------------------------------------------------------
def setup_key(match: Match) -> str:
    """A short digest of what a game was dealt from (game, options, seed, start,
    seats): part of its history file's name, so the copies of one game are
    found without replaying the whole history."""
    data = to_data(match)
    setup = {key: data[key] for key in ("game", "options", "seed", "start", "seats")}
    return hashlib.sha256(json.dumps(setup, sort_keys=True).encode()).hexdigest()[:10]


def _move_texts(match: Match) -> list[str]:
    return [str(move) for _seat, move in match.moves]


def _same_game(folder: Path, match: Match) -> list[tuple[Path, Match]]:
    """History files (and their matches) dealt exactly as `match` was."""
    found = []
    try:
        candidates = sorted(folder.glob(f"*-{setup_key(match)}*.json"))
    except OSError:
        return []
    for path in candidates:
        try:
            found.append((path, shared_match(path)))
        except SaveError:
            continue
    return found


def _archived_from(match: Match) -> Path | None:
    """The history file holding `match` played one move further, to its end:
    an autosave is left like that when the app is killed between archiving
    the game and clearing the autosave."""
    if match.state.is_over:
        return None
    folder = _folder(paths.history_dir)
    if folder is None:
        return None
    moves = _move_texts(match)
    for path, done in _same_game(folder, match):
        if done.state.is_over and len(done.moves) == len(moves) + 1 and _move_texts(done)[:-1] == moves:
            return path
    return None


def archive(match: Match) -> Path:
    """Put a finished game into the history (file named by time, game and setup);
    returns the file.  The same game archived again (a retry after a kill)
    returns the file it is already in, so it never counts twice."""
    if not match.state.is_over:
        raise ValueError("only a finished game goes into the history")
    folder = paths.history_dir()
    moves = _move_texts(match)
    for path, done in _same_game(folder, match):
        if _move_texts(done) == moves:
            return path
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    key = setup_key(match)
    path = folder / f"{stamp}-{match.game_id}-{key}.json"
    number = 2
    while path.exists():
        path = folder / f"{stamp}-{match.game_id}-{key}-{number}.json"
        number += 1
    save(path, match)
    return path


def history_file(match: Match) -> Path | None:
    """The history file holding exactly `match` (a finished game), or None."""
    folder = _folder(paths.history_dir)
    if folder is None or not match.state.is_over:
        return None
    moves = _move_texts(match)
    return next((path for path, done in _same_game(folder, match) if _move_texts(done) == moves), None)


def keep_unfinished(starting: Match | None, slot_name: Callable[[Match], str]) -> Path | None:
    """Before another game takes over the autosave, keep the unfinished one in a
    save slot (named by `slot_name`) so that nothing is lost.  A game continuing
    itself (same game, seed and seats) is not kept twice."""
    old = read_autosave()
    if old is None or old.state.is_over:
        return None
    if starting is not None and (old.game_id, old.seed, old.seats) == (starting.game_id, starting.seed, starting.seats):
        return None
    try:
        path = save_slot(slot_name(old), old)
    except SaveError as exc:
        log.warning("could not keep the unfinished game: %s", exc)
        return None
    log.info("kept the unfinished game as %s", path.name)
    return path
