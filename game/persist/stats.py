"""Statistics per game and per human name, derived from the history folder.

The history files are the only source of truth: nothing is counted twice or
kept separately, so deleting a history file takes it out of the statistics.
Each file is replayed once while unchanged and only what the statistics need
of it is remembered (a `Played`, a few hundred bytes), so opening the
statistics again replays nothing however long the history, and never holds
every replayed game at once (a history of a thousand games would hold tens of
MiB each time, and leave the heap that much more fragmented).
"""

from __future__ import annotations

import hashlib
import sys
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Iterable, Union

from game.lru import LRU, trim_heap
from game.match.daily_deal import streak
from game.match.match import Match
from game.persist import library
from game.persist.errors import SaveError


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


@dataclass(frozen=True, slots=True)
class Played:
    """What the statistics need of one finished game: kept per history file
    instead of the replayed match."""

    game_id: str
    is_over: bool
    names: tuple[str, ...]
    humans: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    daily: str | None
    key: str  # `game_key`'s digest: the copies of one game have the same

    @classmethod
    def of(cls, match: Match) -> Played:
        state = match.state
        over = state.is_over
        return cls(  # the same few names in thousands of files: one copy of each (sys.intern)
            sys.intern(match.game_id),
            over,
            tuple(sys.intern(seat.name) for seat in match.seats),
            tuple(match.humans),
            tuple(state.scores()) if over else (),
            tuple(state.winners()) if over else (),
            match.daily,
            _digest(game_key(match)),
        )


Game = Union[Match, Played]


def _played(game: Game) -> Played:
    return game if isinstance(game, Played) else Played.of(game)


def compute(matches: Iterable[tuple[str, Game]]) -> dict[str, dict[str, Record]]:
    """game id -> human name -> Record, over the finished games given as (date, match or `Played`)."""
    records: dict[str, dict[str, Record]] = {}
    for saved, game in sorted(matches, key=lambda item: item[0]):
        played = _played(game)
        if not played.is_over:
            continue
        totals, winners = played.scores, played.winners
        for seat in played.humans:
            name = played.names[seat]
            record = records.setdefault(played.game_id, {}).setdefault(name, Record(played.game_id, name))
            record.games += 1
            record.wins += seat in winners
            record.history.append((saved, totals[seat]))
    for by_name in records.values():  # every game: the highest total wins (core.State.winners)
        for record in by_name.values():
            scores = [score for _date, score in record.history]
            record.best = max(scores)
            record.average = sum(scores) / len(scores)
    return records


@dataclass
class DailyRecord:
    """Today's deals of one game: your score on each day's deal (the first
    time it was played to the end) and whether you won it."""

    game: str
    scores: dict[date, int] = field(default_factory=dict)
    won: set[date] = field(default_factory=set)

    def streak(self, today: date) -> int:
        """Days in a row with this game's deal played (see `daily_deal.streak`)."""
        return streak(self.scores, today)

    def before(self, day: date) -> list[tuple[date, int]]:
        """(date, score) of the deals played before `day`, newest first."""
        return sorted(((d, s) for d, s in self.scores.items() if d < day), reverse=True)


def compute_daily(matches: Iterable[tuple[str, Game]]) -> dict[str, DailyRecord]:
    """game id -> DailyRecord over the finished games (date, match or `Played`) that are a day's deal."""
    records: dict[str, DailyRecord] = {}
    for _saved, game in sorted(matches, key=lambda item: item[0]):
        played = _played(game)
        if played.daily is None or not played.is_over or len(played.humans) != 1:
            continue
        day, seat = date.fromisoformat(played.daily), played.humans[0]
        record = records.setdefault(played.game_id, DailyRecord(played.game_id))
        if day not in record.scores:
            record.scores[day] = played.scores[seat]
            if seat in played.winners:
                record.won.add(day)
    return records


def game_key(match: Match) -> tuple[str, tuple[str, ...]]:
    """What makes two history files the same game: the setup and every move."""
    return library.setup_key(match), tuple(str(move) for _seat, move in match.moves)


def _digest(key: tuple[str, tuple[str, ...]]) -> str:
    setup, moves = key
    return setup + hashlib.sha256("\n".join(moves).encode("utf-8", "surrogatepass")).hexdigest()[:24]


MAX_PLAYED = 10_000  # as many as the history listing remembers; ~0.5 KiB each
_remembered: LRU[Path, tuple[tuple[int, int], Played]] = LRU("stats.played", MAX_PLAYED)


def _played_file(path: Path) -> Played:
    """The file's `Played`, replayed only when it changed since it was last read (SaveError if damaged)."""
    try:
        st = path.stat()
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = (0, 0)
    kept = _remembered.get(path)
    if kept is not None and kept[0] == stamp and stamp != (0, 0):
        return kept[1]
    played = Played.of(library.shared_match(path))
    _remembered.put(path, (stamp, played))
    return played


def history_games(leave_out: Match | None = None) -> list[tuple[str, Played]]:
    """(saved_at, `Played`) for every readable file in the history folder; a game in it
    twice (archived again after a kill, or a copied file) counts once, and
    `leave_out` (the game just finished, say) not at all."""
    seen: set[str] = set() if leave_out is None else {_digest(game_key(leave_out))}
    games = []
    for info in library.list_history():
        if info.error is not None:
            continue
        try:
            played = _played_file(info.path)
        except SaveError:  # changed on disk since it was listed
            continue
        if played.key not in seen:
            seen.add(played.key)
            games.append((info.saved_at, played))
    return games


def load_stats() -> dict[str, dict[str, Record]]:
    """Statistics over every game in the history folder."""
    stats = compute(history_games())
    trim_heap()  # every history file was replayed for this: what that freed goes back to the system
    return stats


def load_daily(leave_out: Match | None = None) -> dict[str, DailyRecord]:
    """Today's deals over every game in the history folder but `leave_out`."""
    return compute_daily(history_games(leave_out))
