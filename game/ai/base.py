"""What every agent shares: the view check, a per-decision RNG, and the
`think` / `choose` / `explain` trio the table calls.

An agent is stateless between decisions: its randomness for one decision is
derived from (agent seed, the view), so the same seeded agent given the same
view always answers the same move, whoever asks and in whatever order.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any


def check_view(view: Any) -> int:
    """The seat to act; refuses a full state or another seat's view (agents
    must never see what their seat may not know)."""
    seat = view.current_player
    if view.viewer is None or seat is None or view.viewer != seat:
        raise ValueError("an agent must be given the view of the seat to act")
    return seat


def view_fingerprint(view: Any) -> str:
    """A stable text for a view (no `hash()`: string hashing changes per run)."""
    return repr(view.position_key())


def decision_rng(seed: int | str | None, view: Any, salt: str = "") -> random.Random:
    """The RNG for one decision: fixed by (seed, view) when seeded, fresh otherwise."""
    if seed is None:
        return random.Random()
    return random.Random(f"{salt}/{seed}/{view.GAME}/{view_fingerprint(view)}")


class BaseAgent:
    """An agent that decides in one step.  Subclasses implement `decide`."""

    name = "base"

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed

    def decide(self, view: Any, rng: random.Random) -> tuple[Any, str | None]:
        raise NotImplementedError

    def think(self, view: Any) -> Iterator[Any]:
        """Yields the move at once: simple agents need no slicing."""
        check_view(view)
        yield self.decide(view, decision_rng(self.seed, view, self.name))[0]

    def choose(self, view: Any) -> Any:
        """A move from `view.legal_moves()`; `view` is `state.view(seat)`."""
        for step in self.think(view):
            if step is not None:
                return step
        raise RuntimeError("think() ended without a move")

    def explain(self, view: Any) -> tuple[Any, str | None]:
        """The move and a one-line reason (None where there is none to give)."""
        check_view(view)
        return self.decide(view, decision_rng(self.seed, view, self.name))
