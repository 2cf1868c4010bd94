"""The uniform-random opponent: the baseline every real level must beat."""

from __future__ import annotations

import random
from typing import Any

from game.ai.base import BaseAgent


class RandomAgent(BaseAgent):
    name = "random"

    def decide(self, view: Any, rng: random.Random) -> tuple[Any, str | None]:
        return rng.choice(view.legal_moves()), None
