"""Statistics per game and per human name, derived from the history folder.

The history files are the only source of truth: nothing is counted twice or
kept separately, so deleting a history file takes it out of the statistics.
The files are replayed once while unchanged (`library.shared_match`), so
opening the statistics again, or after the history list, replays nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from game.match import Match
from game.persist import library


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


def load_stats() -> dict[str, dict[str, Record]]:
    """Statistics over every readable file in the history folder; a game in it
    twice (archived again after a kill, or a copied file) counts once."""
    seen: set[tuple[str, tuple[str, ...]]] = set()
    games = []
    for info in library.list_history():
        if info.error is not None:
            continue
        match = library.shared_match(info.path)
        key = (library.setup_key(match), tuple(str(move) for _seat, move in match.moves))
        if key not in seen:
            seen.add(key)
            games.append((info.saved_at, match))
    return compute(games)
