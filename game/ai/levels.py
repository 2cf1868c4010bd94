"""Easy and Normal: one agent class each, dispatching to the game's
heuristics module (`<game>_heuristics.easy_move / normal_move`)."""

from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import Any

from game.ai.base import BaseAgent


def heuristics(game_id: str) -> ModuleType:
    """The rules-of-thumb module for a game."""
    return importlib.import_module(f"game.games.{game_id}.heuristics")


class EasyAgent(BaseAgent):
    """Sensible rules of thumb with deliberate mistakes."""

    name = "easy"

    def decide(self, view: Any, rng: random.Random) -> tuple[Any, str | None]:
        return heuristics(view.GAME).easy_move(view, rng)


class NormalAgent(BaseAgent):
    """Good per-game heuristics, no search."""

    name = "normal"

    def decide(self, view: Any, rng: random.Random) -> tuple[Any, str | None]:
        return heuristics(view.GAME).normal_move(view, rng)
