"""The rules core: pure, deterministic, no pygame.  One module per game.

The game modules are imported on first use (`game.rules.sticheln`, `get()`),
so importing the package for `IllegalMove` stays cheap.
"""

from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import Any

from game.rules import registry
from game.rules.core import PUBLIC, Event, IllegalMove, Phrase, seat_of_view

#: The box's games (the contract's names); `registry.ids()` also has any game a test registered.
GAME_IDS = registry.BUILT_IN


def get(game_id: str) -> ModuleType:
    """The rules module for a registered game id (the box's are `GAME_IDS`)."""
    return registry.get(game_id).rules


def sample_world(view: Any, rng: random.Random) -> Any:
    """A full state consistent with a seat's `view`, hidden cards dealt at
    random (each game's `sample_world`; OpenSpiel calls this resampling from
    the information state).  Search reasons over many such worlds."""
    seat_of_view(view, "sample_world")
    return get(view.GAME).sample_world(view, rng)


def __getattr__(name: str) -> ModuleType:
    if name in GAME_IDS:
        return importlib.import_module(f"game.rules.{name}")
    raise AttributeError(f"module 'game.rules' has no attribute {name!r}")


__all__ = ["Event", "IllegalMove", "Phrase", "PUBLIC", "GAME_IDS", "get", "sample_world", *GAME_IDS]
