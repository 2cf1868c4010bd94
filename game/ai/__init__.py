"""Computer players.  An agent sees only `state.view(seat)` and answers with
one of that view's `legal_moves()`.

Levels: "easy" (rules of thumb with slips), "normal" (good heuristics),
"hard" (ISMCTS over sampled worlds); "random" is the baseline.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

from game.ai.random_agent import RandomAgent

LEVELS = ("easy", "normal", "hard")
AGENT_NAMES = ("random",) + LEVELS


class Agent(Protocol):
    name: str

    def choose(self, view: Any) -> Any:
        """A move from `view.legal_moves()`; `view` is `state.view(seat)`."""
        ...

    def think(self, view: Any) -> Iterator[Any]:
        """Call `next()` once per frame: `None` while thinking (each step a
        few ms of work), then the chosen move."""
        ...

    def explain(self, view: Any) -> tuple[Any, str | None]:
        """The move and a one-line reason, where there is one."""
        ...


def make_agent(name: str, seed: int | str | None = None) -> Agent:
    """An agent by level name: "random", "easy", "normal" or "hard".
    With a seed the agent is deterministic: the same view gives the same move."""
    if name == "random":
        return RandomAgent(seed)
    if name == "easy":
        from game.ai.levels import EasyAgent

        return EasyAgent(seed)
    if name == "normal":
        from game.ai.levels import NormalAgent

        return NormalAgent(seed)
    if name == "hard":
        from game.ai.hard import HardAgent

        return HardAgent(seed)
    raise ValueError(f"unknown agent {name!r}; available: {', '.join(AGENT_NAMES)}")


__all__ = ["AGENT_NAMES", "LEVELS", "Agent", "RandomAgent", "make_agent"]
