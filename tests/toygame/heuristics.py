"""High Card's rules of thumb: Normal plays its highest card when it can still
take the trick, else its lowest; Easy plays at random."""

from __future__ import annotations

import random
from typing import Any

from game.rules import Phrase


def normal_move(view: Any, rng: random.Random) -> tuple[Any, str | None]:
    moves = sorted(view.legal_moves(), key=lambda m: m.card)
    best = max(view.trick, default=0)
    winners = [m for m in moves if m.card > best]
    if winners:
        return winners[-1], Phrase("highcard_take", "it can take the trick")
    return moves[0], Phrase("highcard_save", "it cannot take the trick, so it keeps its high card")


def easy_move(view: Any, rng: random.Random) -> tuple[Any, str | None]:
    return rng.choice(view.legal_moves()), None


def describe(view: Any, move: Any) -> str | None:
    """Why the search's move is good, in a rule of thumb's words (Hard's hint)."""
    if move.card > max(view.trick, default=0):
        return Phrase("highcard_take", "it can take the trick")
    return None
