"""Computer players.  An agent sees only `state.view(seat)` and answers with
one of that view's `legal_moves()`."""

from __future__ import annotations

from typing import Any, Protocol

from game.ai.random_agent import RandomAgent


class Agent(Protocol):
    name: str

    def choose(self, view: Any) -> Any:
        """A move from `view.legal_moves()`; `view` is `state.view(seat)`."""
        ...


def make_agent(name: str, seed: int | str | None = None) -> Agent:
    """An agent by level name.  Only "random" exists until the AI levels land."""
    if name == "random":
        return RandomAgent(seed)
    raise ValueError(f"unknown agent {name!r}; available: random")


__all__ = ["Agent", "RandomAgent", "make_agent"]
