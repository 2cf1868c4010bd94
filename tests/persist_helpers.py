"""Games to save in the persistence tests: seeded random legal moves, no AI, no pygame."""

from __future__ import annotations

import random

from game import rules
from game.match.match import Match, Seat

LEVELS = ("easy", "normal", "hard", "random")


def new_match(game_id: str, players: int, seed: int | str = 1, **options: object) -> Match:
    """Seat 0 and (with 4+ players) seat 2 human; the others computers of mixed levels."""
    seats = [
        Seat(f"Player {i + 1}", i in (0, 2) if players >= 4 else i == 0, LEVELS[i % len(LEVELS)])
        for i in range(players)
    ]
    return Match(game_id, seats, seed, start=players - 1, options=dict(options))


def play(match: Match, rng: random.Random, moves: int | None = None) -> Match:
    """Play `moves` random legal moves (None: to the end of the game)."""
    done = 0
    while not match.state.is_over and (moves is None or done < moves):
        match.apply(rng.choice(match.state.legal_moves()))
        done += 1
    return match


def game_length(game_id: str, players: int, seed: int) -> int:
    """How many moves the seeded random game lasts."""
    return len(play(new_match(game_id, players, seed), random.Random(seed)).moves)


def cases() -> list[tuple[str, int]]:
    """Every game with every allowed player count."""
    return [(game_id, n) for game_id in rules.GAME_IDS for n in rules.get(game_id).PLAYERS]
