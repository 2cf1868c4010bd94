"""Statistics per game and per human name, derived from the history folder.

The history files are the only source of truth: nothing is counted twice or
kept separately, so deleting a history file takes it out of the statistics.
The files are replayed once while unchanged (`library.shared_match`), so
opening the statistics again, or after the history list, replays nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Iterable

from game.persist import library
from game.session.daily_deal import streak
from game.session.match import Match


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
    for saved, match in sorted(matches, key=lambda item: item[0]):
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


def compute_daily(matches: Iterable[tuple[str, Match]]) -> dict[str, DailyRecord]:
    """game id -> DailyRecord over the finished matches (date, match) that are a day's deal."""
    records: dict[str, DailyRecord] = {}
    for _saved, match in sorted(matches, key=lambda item: item[0]):
        if match.daily is None or not match.state.is_over or len(match.humans) != 1:
            continue
        day, seat = date.fromisoformat(match.daily), match.humans[0]
        record = records.setdefault(match.game_id, DailyRecord(match.game_id))
        if day not in record.scores:
            record.scores[day] = match.state.scores()[seat]
            if seat in match.state.winners():
                record.won.add(day)
    return records


def game_key(match: Match) -> tuple[str, tuple[str, ...]]:
    """What makes two history files the same game: the setup and every move."""
    return library.setup_key(match), tuple(str(move) for _seat, move in match.moves)


def history_games(leave_out: Match | None = None) -> list[tuple[str, Match]]:
    """(saved_at, match) for every readable file in the history folder; a game in it
    twice (archived again after a kill, or a copied file) counts once, and
    `leave_out` (the game just finished, say) not at all."""
    seen: set[tuple[str, tuple[str, ...]]] = set() if leave_out is None else {game_key(leave_out)}
    games = []
    for info in library.list_history():
        if info.error is not None:
            continue
        match = library.shared_match(info.path)
        key = game_key(match)
        if key not in seen:
            seen.add(key)
            games.append((info.saved_at, match))
    return games


def load_stats() -> dict[str, dict[str, Record]]:
    """Statistics over every game in the history folder."""
    return compute(history_games())


def load_daily(leave_out: Match | None = None) -> dict[str, DailyRecord]:
    """Today's deals over every game in the history folder but `leave_out`."""
    return compute_daily(history_games(leave_out))
