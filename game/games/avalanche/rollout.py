"""Avalanche's fast paths for the search (the `rollout` part; the interface
is in `game.ai.rollouts`).

Avalanche is one long hand, so a rollout plays it to the end with the rules'
random fast path (`playout`) and rewards the final scores.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.ai.rollouts import rewards
from game.games.avalanche import SPEC
from game.games.avalanche import rules as avalanche


def avalanche_totals(root: Any) -> Callable[[Any, random.Random], list[float]]:
    """Per seat, the final scores of a random playout (Avalanche is one long hand)."""

    def totals(state: avalanche.State, rng: random.Random) -> list[float]:
        return [float(t) for t in avalanche.playout(state, rng)]

    return totals


def avalanche_rollout(root: Any) -> Callable[[Any, random.Random], list[float]]:
    scale = SPEC.rollout_scale

    def rollout(state: avalanche.State, rng: random.Random) -> list[float]:
        return rewards(avalanche.playout(state, rng), scale, True)

    return rollout


def avalanche_horizon(root: Any) -> Callable[[Any], bool]:
    return lambda state: state.turn is None


# the `rollout` part's interface (game.ai.rollouts)
totals = avalanche_totals
rollout = avalanche_rollout
horizon = avalanche_horizon
