"""Easy and Normal: one agent class each, asking the game's heuristics part
(`game/games/<id>/heuristics.py`: `easy_move` / `normal_move`)."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

from game.ai.base import BaseAgent
from game.rules import registry


def heuristics(game_id: str) -> ModuleType:
    """The rules-of-thumb module for a game."""
    return registry.get(game_id).module("heuristics")


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
