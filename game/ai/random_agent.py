"""The uniform-random opponent: the baseline every real level must beat."""

from __future__ import annotations

import random
from typing import Any


class RandomAgent:
    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any) -> Any:
        if view.viewer is None or view.viewer != view.current_player:
            raise ValueError("an agent must be given the view of the seat to act")
        return self.rng.choice(view.legal_moves())
