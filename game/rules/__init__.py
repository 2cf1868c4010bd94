"""The rules core: pure, deterministic, no pygame.  One module per game.

The game modules are imported on first use (`game.rules.sticheln`, `get()`),
so importing the package for `IllegalMove` stays cheap.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from game.rules.core import Event, IllegalMove

GAME_IDS = ("sticheln", "avalanche", "grinch")


def get(game_id: str) -> ModuleType:
    """The rules module for a game id ("sticheln", "avalanche", "grinch")."""
    if game_id not in GAME_IDS:
        raise ValueError(f"unknown game {game_id!r}; choose one of {', '.join(GAME_IDS)}")
    return importlib.import_module(f"game.rules.{game_id}")


def __getattr__(name: str) -> ModuleType:
    if name in GAME_IDS:
        return get(name)
    raise AttributeError(f"module 'game.rules' has no attribute {name!r}")


__all__ = ["Event", "IllegalMove", "GAME_IDS", "get", *GAME_IDS]
