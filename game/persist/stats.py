"""Statistics per game and per human name, derived from the history folder.

The history files are the only source of truth: nothing is counted twice or
kept separately, so deleting a history file takes it out of the statistics.
Parsed files are cached by modification time, so opening the statistics
screen again does not replay every game again.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from game.match import Match
from game.persist import paths
from game.persist.atomic import read_json
from game.persist.errors import SaveError
from game.persist.savefile import from_data

log = logging.getLogger(__name__)


@dataclass
class Record:
    """One human name in one game.  `history` is (saved_at ISO-8601 UTC, score), oldest first."""

    game: str
    name: str
    games: int = 0
    wins: int = 0
    best: int | None = None
    average: float = 0.0
    history: list[tuple[str, int]] = field(default_factory=list)


def compute(matches: Iterable[tuple[str, Match]]) -> dict[str, dict[str, Record]]:
    """game id -> human name -> Record, over the finished matches given as (date, match)."""
    records: dict[str, dict[str, Record]] = {}
    for date, match in sorted(matches, key=lambda item: item[0]):
        state = match.state
        if not state.is_over:
            continue
        totals, winners = state.scores(), set(state.winners())
        for seat, info in enumerate(match.seats):
            if not info.human:
                continue
            record = records.setdefault(match.game_id, {}).setdefault(info.name, Record(match.game_id, info.name))
            record.games += 1
            record.wins += seat in winners
            record.history.append((date, totals[seat]))
    for by_name in records.values():  # every game: the highest total wins (core.State.winners)
        for record in by_name.values():
            scores = [score for _date, score in record.history]
            record.best = max(scores)
            record.average = sum(scores) / len(scores)
    return records


# path -> ((mtime_ns, size), (date, match) or None for a damaged file)
_cache: dict[Path, tuple[tuple[int, int], tuple[str, Match] | None]] = {}


def _read(path: Path) -> tuple[str, Match] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    stamp = (st.st_mtime_ns, st.st_size)
    cached = _cache.get(path)
    if cached and cached[0] == stamp:
        return cached[1]
    entry: tuple[str, Match] | None
    try:
        data = read_json(path)
        entry = (data["saved_at"] if isinstance(data, dict) else "", from_data(data))
    except SaveError as exc:
        log.warning("history file %s left out of the statistics: %s", path.name, exc)
        entry = None
    _cache[path] = (stamp, entry)
    return entry


def load_stats() -> dict[str, dict[str, Record]]:
    """Statistics over every readable file in the history folder."""
    try:
        folder = paths.history_dir()
        files = sorted(folder.glob("*.json"))
    except (OSError, SaveError) as exc:
        log.warning("no statistics: %s", exc)
        return {}
    for gone in set(_cache) - set(files):
        if gone.parent == folder:
            del _cache[gone]
    entries = [entry for entry in map(_read, files) if entry is not None]
    return compute(entries)
