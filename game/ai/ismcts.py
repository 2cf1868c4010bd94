"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

One tree for the seat to act, keyed by moves.  Every iteration samples a
world consistent with that seat's view (the game's `sample_world`), walks the
tree choosing only moves legal in that world (UCB with availability counts,
so a move seen in few worlds is not over-trusted), adds one node, finishes
the world with the game's rollout (`game.ai.rollouts`), and credits each node with the
reward of the seat that made its move.  The search runs in slices so a
caller can keep drawing frames between them.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

from game import rules
from game.ai.rollouts import horizon_for, rollout_for

EXPLORATION = 0.7


class Node:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


class Search:
    """The tree for one decision; `run` advances it in slices."""

    def __init__(self, view: Any, rng: random.Random) -> None:
        self.view = view
        self.rng = rng
        self.root = Node()
        self.iterations = 0
        self.rollout: Callable[[Any, random.Random], list[float]] = rollout_for(view)
        self.horizon: Callable[[Any], bool] = horizon_for(view)
        if view.viewer is None:
            raise ValueError("a search needs a seat's view, not a full state")
        self.sample: Callable[[Any, random.Random], Any] = rules.get(view.GAME).sample_world

    def iterate(self) -> None:
        rng = self.rng
        state = self.sample(self.view, rng)
        node = self.root
        path: list[tuple[Node, int]] = []
        horizon = self.horizon
        log = math.log
        sqrt = math.sqrt
        while not horizon(state):
            player = state.current_player
            legal = state.legal_moves()
            children = node.children
            untried = [m for m in legal if m not in children]
            if untried:
                move = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = children[move] = Node()
                state = state.successor(move)
                path.append((child, player))
                break
            best = None
            best_ucb = -1.0
            for move in legal:
                child = children[move]
                child.avail += 1
                ucb = child.total / child.visits + EXPLORATION * sqrt(log(child.avail) / child.visits)
                if ucb > best_ucb:
                    best, best_ucb = move, ucb
            node = children[best]
            state = state.successor(best)
            path.append((node, player))
        reward = self.rollout(state, rng)
        for node, player in path:
            node.visits += 1
            node.total += reward[player]
        self.root.visits += 1
        self.iterations += 1

    def run(self, iterations: int, deadline: float, slice_s: float) -> Iterator[None]:
        """Iterate until `iterations` or the wall clock `deadline`; yield
        after every `slice_s` seconds of work."""
        clock = time.perf_counter
        slice_end = clock() + slice_s
        while self.iterations < iterations:
            self.iterate()
            if self.iterations % 4 == 0:
                now = clock()
                if now >= deadline:
                    return
                if now >= slice_end:
                    yield None
                    slice_end = clock() + slice_s

    def ranked(self) -> list[tuple[Any, Node]]:
        """Root moves, most visited first (ties: better mean, then notation)."""
        legal = self.view.legal_moves()
        kids = self.root.children
        scored = [(m, kids[m]) for m in legal if m in kids]
        scored.sort(key=lambda t: (-t[1].visits, -(t[1].total / max(1, t[1].visits)), str(t[0])))
        return scored
