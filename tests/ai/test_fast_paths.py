"""Every fast path is proven equal to the move gate (issue 13).

The rules' `playout` functions and the AI's rollouts play a round (or the
game) on plain lists, not through `apply()`, because search runs them
millions of times.  So each one records the moves it makes (`trace`), and
here those moves are replayed through `legal_moves()`/`apply()` from
thousands of seeded positions in every player count: the replay must accept
every move and reach the same scores -- and, for the rollouts that stop at
the end of the round, the same state there.  A rule changed in `apply` but
not in a fast path fails here.  Later rounds in a playout are dealt from the
playout's own RNG (it must not know the seeded deals), so the replay deals
those same cards: the traced `("deal", ...)` entries stand in for the deal.
"""

from __future__ import annotations

import random

import pytest

from game.games.grinch import rollout as grinch_rollout
from game.games.sticheln import rollout as sticheln_rollout
from game.rules import avalanche, grinch, sticheln

POSITIONS_PER_COUNT = {"sticheln": 500, "avalanche": 400, "grinch": 400}
CHECKED: dict[str, int] = {}


def positions(module, per_count: int, seed: int = 13):
    """Full states from seeded random games, `per_count` for each player count."""
    rng = random.Random(seed)
    for n in module.PLAYERS:
        found = 0
        game = 0
        while found < per_count:
            state = module.new_game(n, f"{seed}/{n}/{game}", start=game % n)
            game += 1
            while not state.is_over and found < per_count:
                if rng.random() < 0.08:
                    found += 1
                    yield state
                state = state.apply(rng.choice(state.legal_moves()))
            if state.is_over and rng.random() < 0.05:
                yield state  # the end, too


class Deals:
    """Stands in for a rules module's deal function while a trace replays."""

    def __init__(self, real) -> None:
        self.real = real
        self.queue: list = []

    def __call__(self, *args):
        return self.queue.pop(0) if self.queue else self.real(*args)


def _is_deal(item) -> bool:
    return isinstance(item, tuple) and bool(item) and item[0] == "deal"


def replay(state, trace, deals: Deals, convert=lambda cards: cards):
    # a round's last move deals the next one, so the deals are queued first
    deals.queue = [convert(item[1]) for item in trace if _is_deal(item)]
    for item in trace:
        if not _is_deal(item):
            state = state.apply(item)  # the gate: raises if the fast path played an illegal move
    assert not deals.queue, "a traced deal was never used"
    return state


@pytest.fixture
def sticheln_deals(monkeypatch):
    deals = Deals(sticheln._deal)
    monkeypatch.setattr(sticheln, "_deal", deals)
    return deals


@pytest.fixture
def grinch_deals(monkeypatch):
    deals = Deals(grinch._shuffled)
    monkeypatch.setattr(grinch, "_shuffled", deals)
    return deals


@pytest.mark.slow
def test_sticheln_playout_equals_apply(sticheln_deals):
    checked = 0
    for i, state in enumerate(positions(sticheln, POSITIONS_PER_COUNT["sticheln"])):
        trace: list = []
        totals = sticheln.playout(state, random.Random(i), trace)
        end = replay(state, trace, sticheln_deals)
        assert end.is_over, f"position {i}: the playout stopped before the end"
        rounds = [row for row in end.history]
        # the replay's history holds the real rounds; the traced deals added the rest
        assert totals == end.scores(), f"position {i}: {totals} != {end.scores()} ({rounds})"
        checked += 1
    CHECKED["sticheln playout"] = checked
    assert checked >= 2000


@pytest.mark.slow
def test_sticheln_rollout_equals_apply(sticheln_deals):
    checked = 0
    for i, state in enumerate(positions(sticheln, POSITIONS_PER_COUNT["sticheln"], seed=14)):
        if state.is_over:
            continue
        trace: list = []
        points = sticheln_rollout.sticheln_round_points(state, random.Random(i), trace)
        end = replay(state, trace, sticheln_deals)
        # the horizon: the round is over and scored, nothing more was played
        assert len(end.history) == state.round + 1, f"position {i}: the round did not end"
        assert points == list(end.history[state.round]), f"position {i}"
        checked += 1
    CHECKED["sticheln rollout"] = checked
    assert checked >= 1900


@pytest.mark.slow
def test_avalanche_playout_equals_apply():
    checked = 0
    for i, state in enumerate(positions(avalanche, POSITIONS_PER_COUNT["avalanche"])):
        trace: list = []
        totals = avalanche.playout(state, random.Random(i), trace)
        end = replay(state, trace, Deals(None))
        assert end.is_over and totals == end.scores(), f"position {i}"
        checked += 1
    CHECKED["avalanche playout"] = checked
    assert checked >= 2000


@pytest.mark.slow
def test_grinch_playout_equals_apply(grinch_deals):
    checked = 0
    for i, state in enumerate(positions(grinch, POSITIONS_PER_COUNT["grinch"])):
        trace: list = []
        totals = grinch.playout(state, random.Random(i), trace)
        end = replay(state, trace, grinch_deals, convert=list)
        assert end.is_over and totals == end.scores(), f"position {i}"
        checked += 1
    CHECKED["grinch playout"] = checked
    assert checked >= 2000


@pytest.mark.slow
def test_grinch_rollout_equals_apply(grinch_deals):
    checked = 0
    for i, state in enumerate(positions(grinch, POSITIONS_PER_COUNT["grinch"], seed=14)):
        if state.is_over:
            continue
        trace: list = []
        totals = grinch_rollout.grinch_round_totals(state, random.Random(i), trace)
        end = replay(state, trace, grinch_deals)
        # the horizon: rows are to be chosen (or were, if the search began there)
        assert end.phase == grinch.SCORING and end.round == state.round, f"position {i}"
        assert end.pile == state.pile[len(state.pile) - len(end.pile) :]
        assert totals == grinch_rollout.grinch_horizon_totals(end), f"position {i}"
        checked += 1
    CHECKED["grinch rollout"] = checked
    assert checked >= 1900


def test_a_fast_path_that_drifts_from_apply_is_caught(sticheln_deals, monkeypatch):
    """The proof has teeth: a playout that scores a rule differently fails."""
    state = sticheln.new_game(4, 1)
    worth = [list(row) for row in sticheln._DELTA]
    worth[0][1] += 1  # red 1 worth one more to a red pain colour: a "rule change"
    monkeypatch.setattr(sticheln, "_DELTA", tuple(tuple(r) for r in worth))
    differs = 0
    for i in range(30):
        trace: list = []
        totals = sticheln.playout(state, random.Random(i), trace)
        monkeypatch.setattr(sticheln, "_DELTA", sticheln.CARD_WORTH)  # apply's own table
        end = replay(state, trace, sticheln_deals)
        differs += totals != end.scores()
        monkeypatch.setattr(sticheln, "_DELTA", tuple(tuple(r) for r in worth))
    assert differs > 0
