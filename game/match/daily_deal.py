"""Today's deal: one deal per game per calendar day, the same for everyone.

The deal is a pure function of the game and the date (a hash, never a
clock or a random number), so two people on the same date get the same
cards in the same seats, whatever machine they play on.  The human sits in
seat 0 against Normal computers.  Pure Python (no pygame).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from datetime import date, timedelta

from game.match.deal_code import SEED_LIMIT, DealSetup, encode_setup
from game.match.match import Match, Seat

PLAYERS = 4  # every game takes four
LEVEL = "normal"


def daily_setup(game: str, day: date) -> DealSetup:
    """The deal of `game` for the calendar date `day`."""
    digest = hashlib.sha256(f"fireside-daily/{game}/{day.isoformat()}".encode()).digest()
    seed = int.from_bytes(digest[:4], "big") % SEED_LIMIT
    return DealSetup(game, PLAYERS, seed, start=digest[4] % PLAYERS)


def daily_code(game: str, day: date) -> str:
    """The deal code of that day's deal (what a friend types to play it too)."""
    return encode_setup(daily_setup(game, day))


def daily_match(game: str, day: date, name: str, computers: Sequence[str]) -> Match:
    """That day's deal ready to play: `name` in seat 0, Normal computers named `computers` after."""
    setup = daily_setup(game, day)
    seats = [Seat(name, True), *(Seat(other, False, LEVEL) for other in computers[: PLAYERS - 1])]
    return Match(game, seats, setup.seed, setup.start, dict(setup.options), daily=day.isoformat())


def is_daily(match: Match, day_text: object) -> bool:
    """Whether `match` really is the deal of the date `day_text` (an ISO date, as saves keep it):
    a save's word for it is believed only when its setup matches."""
    if not isinstance(day_text, str):
        return False
    try:
        day = date.fromisoformat(day_text)
    except ValueError:
        return False
    if day.isoformat() != day_text:  # only the form saves are written in ("2026-12-01", not "20261201")
        return False
    setup = daily_setup(match.game_id, day)
    humans = [seat for seat in match.seats if seat.human]
    return (len(match.seats), match.seed, match.start, match.options) == (
        setup.players,
        setup.seed,
        setup.start,
        setup.options,
    ) and len(humans) == 1


def streak(days: Iterable[date], today: date) -> int:
    """Days in a row with the day's deal played, up to today; a streak not yet
    continued today still counts until the day is over (it ends after a missed day)."""
    played = set(days)
    day = today if today in played else today - timedelta(days=1)
    count = 0
    while day in played:
        count += 1
        day -= timedelta(days=1)
    return count
