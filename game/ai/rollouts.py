"""Fast rollouts for ISMCTS: finish a sampled world cheaply and say how good
the result is for every seat (a reward in [0, 1] per seat).

Each game may offer its own fast paths as its ``rollout`` part
(`game/games/<id>/rollout.py`).  The interface: three factories, each given
the root view of the search (the position being decided) and returning a
function the search calls many times, so the per-root work happens once:

- ``rollout(root) -> (state, rng) -> list[float]``: finish a sampled world
  (from where the tree walk stopped) and return each seat's reward in [0, 1];
- ``totals(root) -> (state, rng) -> list[float]``: the seats' points at the
  horizon (what the review measures moves in; a rollout squashes the same
  into rewards, usually with `rewards(totals, spec.rollout_scale, final)`);
- ``horizon(root) -> (state) -> bool``: where the tree walk stops (say, the
  end of the round the root is in: later deals are luck no move now changes).

A game without a rollout part gets the generic paths below: play uniformly
random moves to the end of the game and reward its ``scores()``.  Shared code
asks `rollout_for` / `totals_for` / `horizon_for`; it never names a game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import ModuleType
from typing import Any, Generic, TypeVar

from game.rules import registry

Rollout = Callable[[Any, random.Random], list[float]]
Horizon = Callable[[Any], bool]

# reward = WIN_WEIGHT * share of the win + the rest * squashed lead over the best rival


def rewards(totals: Sequence[float], scale: float, final: bool) -> list[float]:
    """Per seat: a blend of winning (ties split) and the margin over the best
    other seat, squashed into [0, 1].  The last round counts the win more."""
    n = len(totals)
    best = max(totals)
    winners = sum(1 for t in totals if t == best)
    weight = 0.7 if final else 0.3
    out = []
    for s in range(n):
        rival = max(totals[o] for o in range(n) if o != s)
        margin = 1.0 / (1.0 + math.exp(-(totals[s] - rival) / scale))
        win = 1.0 / winners if totals[s] == best else 0.0
        out.append(weight * win + (1 - weight) * margin)
    return out


# -- the generic paths, for a game without a rollout part ----------------------
def random_playout(state: Any, rng: random.Random) -> Any:
    """Uniformly random legal moves until the game is over; the final state."""
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))] if len(moves) > 1 else moves[0])
    return state


def generic_totals(root: Any) -> Rollout:
    """Per seat, the final scores of a random playout to the end of the game."""

    def totals(state: Any, rng: random.Random) -> list[float]:
        return [float(t) for t in random_playout(state, rng).scores()]

    return totals


def generic_rollout(root: Any) -> Rollout:
    """Rewards of a random playout to the end (scaled by the game's spec)."""
    totals = generic_totals(root)
    scale = registry.get(root.GAME).rollout_scale

    def rollout(state: Any, rng: random.Random) -> list[float]:
        return rewards(totals(state, rng), scale, True)

    return rollout


def generic_horizon(root: Any) -> Horizon:
    """The tree walk goes to the end of the game."""
    return lambda state: state.is_over


def _part(game_id: str) -> ModuleType | None:
    spec = registry.get(game_id)
    return spec.module("rollout") if spec.has("rollout") else None


def rollout_for(root: Any) -> Rollout:
    """The search's rollout for the position `root` (a seat's view)."""
    part = _part(root.GAME)
    return part.rollout(root) if part is not None else generic_rollout(root)  # type: ignore[no-any-return]


def totals_for(root: Any) -> Rollout:
    """The seats' points at the horizon, for the position `root`."""
    part = _part(root.GAME)
    return part.totals(root) if part is not None else generic_totals(root)  # type: ignore[no-any-return]


def horizon_for(root: Any) -> Horizon:
    """Where the search's tree walk stops, for the position `root`."""
    part = _part(root.GAME)
    return part.horizon(root) if part is not None else generic_horizon(root)  # type: ignore[no-any-return]


T = TypeVar("T")


class ByGame(Mapping[str, T], Generic[T]):
    """A read-only mapping game id -> something the registry knows, for the
    names that used to be dicts keyed by game (`ROLLOUTS`, `ITERATIONS`, …):
    code and tests that index them keep working, and a registered game is in."""

    def __init__(self, lookup: Callable[[str], T]) -> None:
        self._lookup = lookup

    def __getitem__(self, game_id: str) -> T:
        if not registry.known(game_id):
            raise KeyError(game_id)
        return self._lookup(game_id)

    def __iter__(self) -> Iterator[str]:
        return iter(registry.ids())

    def __len__(self) -> int:
        return len(registry.ids())


def _factory(name: str, generic: Callable[[Any], T]) -> Callable[[str], Callable[[Any], T]]:
    def lookup(game_id: str) -> Callable[[Any], T]:
        part = _part(game_id)
        return getattr(part, name) if part is not None else generic  # type: ignore[no-any-return]

    return lookup


#: Per game, a factory of the search's rollout (see the interface above).
ROLLOUTS: Mapping[str, Callable[[Any], Rollout]] = ByGame(_factory("rollout", generic_rollout))
#: Per game, a factory of `totals(state, rng)`: the seats' points at the horizon
#: (what the review measures moves in; the rollouts squash the same into rewards).
TOTALS: Mapping[str, Callable[[Any], Rollout]] = ByGame(_factory("totals", generic_totals))
HORIZONS: Mapping[str, Callable[[Any], Horizon]] = ByGame(_factory("horizon", generic_horizon))
#: Per game, the points that make a reward of 1 (`spec.rollout_scale`).
SCALE: Mapping[str, float] = ByGame(lambda game_id: registry.get(game_id).rollout_scale)
