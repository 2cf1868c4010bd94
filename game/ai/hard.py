"""Hard: ISMCTS over sampled worlds, searched in slices between frames.

Budget: a fixed number of iterations per decision (each game's
`spec.hard_iterations`, also readable as `ITERATIONS[game_id]`), so a
seeded Hard agent is deterministic; plus a wall-clock cap
(`MAX_SECONDS`) that only bites on a machine too slow for the budget.  When
the cap bites, the answer can depend on timing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Mapping
from typing import Any

from game.ai.base import BaseAgent, check_view, decision_rng
from game.ai.ismcts import Search
from game.ai.levels import heuristics
from game.ai.rollouts import ByGame
from game.rules import Phrase, registry

# Iterations per decision.  Sticheln asks ~56 questions a game and Grinch
# ~18, so these keep a decision near 0.1-0.3 s on one core and make the
# 1,000-game tournaments that prove Hard's strength affordable.  Grinch's
# rollouts play Normal's discards, five times dearer than a rule of thumb
# but worth more than extra iterations (33% -> 38% against Normal).
# (The figures are each game's `hard_iterations`; this read-only mapping by
# game id is what the search reads, so a test may swap it for a smaller one.)
ITERATIONS: Mapping[str, int] = ByGame(lambda game_id: registry.get(game_id).hard_iterations)
MAX_SECONDS = 0.9
SLICE_SECONDS = 0.008


class HardAgent(BaseAgent):
    name = "hard"

    def __init__(
        self,
        seed: int | str | None = None,
        iterations: int | None = None,
        max_seconds: float = MAX_SECONDS,
        slice_seconds: float = SLICE_SECONDS,
    ) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.max_seconds = max_seconds
        self.slice_seconds = slice_seconds
        self.last_search: Search | None = None

    def _shortcut(self, view: Any, rng: random.Random) -> tuple[Any, str | None] | None:
        """Decisions that need no search: a single legal move, or one the game's
        heuristics declare exact (their optional `forced_choice(view, rng)`,
        say Grinch's row choice, which only depends on one's own hand)."""
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0], None
        forced = getattr(heuristics(view.GAME), "forced_choice", None)
        if forced is not None:
            return forced(view, rng)  # type: ignore[no-any-return]
        return None

    def _search(self, view: Any) -> Iterator[Any]:
        rng = decision_rng(self.seed, view, self.name)
        quick = self._shortcut(view, rng)
        if quick is not None:
            yield quick
            return
        search = Search(view, rng)
        self.last_search = search
        budget = self.iterations or ITERATIONS[view.GAME]
        deadline = time.perf_counter() + self.max_seconds
        yield from search.run(budget, deadline, self.slice_seconds)
        move, node = search.ranked()[0]
        reason = heuristics(view.GAME).describe(view, move)
        share = node.visits / max(1, search.root.visits)
        note = f"chosen in {share:.0%} of {search.iterations} simulated deals"
        searched = {"search_p": int(f"{share * 100:.0f}"), "search_n": search.iterations}
        if reason:
            yield move, Phrase(reason.code, f"{reason} ({note})", {**reason.params, **searched})
        else:
            yield move, Phrase("searched", note.capitalize(), searched)

    def think(self, view: Any) -> Iterator[Any]:
        check_view(view)
        for step in self._search(view):
            yield None if step is None else step[0]

    def explain(self, view: Any) -> tuple[Any, str | None]:
        check_view(view)
        for step in self._search(view):
            if step is not None:
                return step
        raise RuntimeError("search ended without a move")
