"""Determinizers for search: `sample_world(view, rng)` deals the cards a
seat cannot see into a full `State` that agrees with everything that seat
has seen.

ISMCTS searches many such worlds; each one must be a position the real game
could be in, or the search learns from impossible deals.  What is hidden is
the rules' knowledge, so the samplers live in each game's rules
(`sample_world`, `unseen_cards`); this module only names them for the search,
asking the registry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.ai.rollouts import ByGame
from game.rules import registry, sample_world

#: Per game, its rules' `sample_world(view, rng)`.
SAMPLERS: Mapping[str, Callable[[Any, Any], Any]] = ByGame(lambda game_id: registry.get(game_id).rules.sample_world)
#: Per game, its rules' `unseen_cards(view)`.
UNKNOWN: Mapping[str, Callable[..., Any]] = ByGame(lambda game_id: registry.get(game_id).rules.unseen_cards)


def __getattr__(name: str) -> Any:
    """The old per-game names (`sample_sticheln`, `grinch_unknown`, …), looked up
    in the registry when asked for."""
    if name.startswith("sample_") and registry.known(name[7:]):
        return SAMPLERS[name[7:]]
    if name.endswith("_unknown") and registry.known(name[:-8]):
        return UNKNOWN[name[:-8]]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["SAMPLERS", "UNKNOWN", "sample_world"]
