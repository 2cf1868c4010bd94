"""Why the coach's move was better, in the game's own terms, from the position.

`decision_reason(view, chosen, best, rng)` is what a review mark says: what
the played move lost against the better one (which cards of the pain colour
it took, which badge lost its set, which fall it left to whom), computed
from the acting seat's view, never a fixed sentence per game and never an
engine statistic.  A game says it in its optional `coach` part
(`game/games/<id>/coach.py`, `reason(view, chosen, best, rng) -> Phrase`);
without one, the hint's own explanation of the better move stands in.
`hint_why(view, best, other, rng)` is what Hint says of its move: the same
reason against the next best move, or the coach part's own `hint_reason`
when it has one (Avalanche adds the odds that the next player tops a set).
No pygame.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from game import rules
from game.ai.levels import heuristics
from game.rules import Phrase, registry

__all__ = ["decision_reason", "hint_reason", "hint_why", "play_on", "worlds"]

#: Moves a coach part plays on from a decision at most (its question -- who
#: takes this trick, where this avalanche lands -- is answered well before).
PLAY_ON_LIMIT = 60


def worlds(view: Any, rng: random.Random, count: int) -> Iterator[Any]:
    """`count` full states consistent with `view` (what the seat may see), for
    a coach part to play both moves on: the same worlds for each move."""
    for _ in range(count):
        yield rules.sample_world(view, rng)


def play_on(state: Any, done: Callable[[Any], bool], rng: random.Random, limit: int = PLAY_ON_LIMIT) -> Any:
    """`state` played on by Normal's rules of thumb for every seat, each on its
    own view, until `done(state)` holds or the game ends (or `limit` moves):
    what typically happens next after a move, in the game's own terms."""
    normal = heuristics(state.GAME).normal_move
    for _ in range(limit):
        if done(state) or state.current_player is None:
            break
        move, _why = normal(state.view(state.current_player), rng)
        state = state.apply(move)
    return state


def hint_reason(view: Any, move: Any) -> Phrase | None:
    """The heuristics' explanation of `move` at `view` (what Hint says of it)."""
    phrase = heuristics(view.GAME).describe(view, move)
    return phrase if phrase and getattr(phrase, "code", None) is not None else None


def decision_reason(view: Any, chosen: Any, best: Any, rng: random.Random) -> Phrase | None:
    """Why `best` was better than `chosen` at `view` (the acting seat's view)."""
    spec = registry.get(view.GAME)
    if spec.has("coach"):
        phrase = spec.module("coach").reason(view, chosen, best, rng)
        if phrase is not None:
            return phrase  # type: ignore[no-any-return]
    return hint_reason(view, best)


def hint_why(view: Any, best: Any, other: Any, rng: random.Random) -> Phrase | None:
    """Why Hint's `best` beats the next best move `other` at `view`: the
    coach part's `hint_reason` when it offers one, else the reason a review
    would give had `other` been played."""
    spec = registry.get(view.GAME)
    if spec.has("coach"):
        own = getattr(spec.module("coach"), "hint_reason", None)
        if own is not None:
            phrase = own(view, best, other, rng)
            if phrase is not None:
                return phrase  # type: ignore[no-any-return]
    return decision_reason(view, other, best, rng)
