"""A game that leaves out the optional parts the AI and the tools ask for
still plays: the search falls back to a random playout to the end of the
game, Hard's shortcut to none, the terminal game to one generic line, and a
deal code carries no options.  (Avalanche stands in for such a game here by
declaring fewer parts for the length of a test.)"""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.ai import make_agent, rollouts
from game.ai.hard import HardAgent
from game.ai.ismcts import Search
from game.match import deal_code
from game.rules import registry
from game.tools import textplay


@pytest.fixture
def bare(monkeypatch: pytest.MonkeyPatch) -> str:
    spec = registry.get("avalanche")
    lean = dataclasses.replace(spec, parts=spec.parts - {"rollout", "text", "deal"})
    monkeypatch.setitem(registry._specs, spec.id, lean)
    return spec.id


def _view(game_id: str, seed: int = 3):
    state = registry.get(game_id).rules.new_game(3, seed)
    return state.view(state.current_player)


def test_the_search_falls_back_to_a_random_playout(bare: str) -> None:
    view = _view(bare)
    world = registry.get(bare).rules.sample_world(view, random.Random(1))  # what a rollout finishes
    assert rollouts.horizon_for(view)(world) is False
    totals = rollouts.totals_for(view)(world, random.Random(1))
    assert len(totals) == view.num_players
    reward = rollouts.rollout_for(view)(world, random.Random(1))
    assert all(0.0 <= r <= 1.0 for r in reward)
    search = Search(view, random.Random(2))
    for _ in range(20):
        search.iterate()
    assert search.ranked()[0][0] in view.legal_moves()


def test_every_level_plays_without_the_parts(bare: str) -> None:
    view = _view(bare)
    for level in ("easy", "normal"):
        assert make_agent(level, seed=1).choose(view) in view.legal_moves()
    assert HardAgent(seed=1, iterations=20).choose(view) in view.legal_moves()


def test_the_terminal_and_the_deal_code_without_the_parts(bare: str) -> None:
    lines = textplay.describe(_view(bare)).splitlines()
    assert lines[0].startswith("Avalanche: ")
    assert lines[-1].startswith("Your hand")
    code = deal_code.encode(bare, 3, 5)
    assert deal_code.decode(code).options == {}
    with pytest.raises(deal_code.DealCodeError):
        deal_code.encode(bare, 3, 5, options={"rounds": 2})


def test_the_old_mappings_by_game_still_read() -> None:
    from game.ai import hard, review, worlds

    for game_id in registry.ids():
        spec = registry.get(game_id)
        assert hard.ITERATIONS[game_id] == spec.hard_iterations
        assert review.THRESHOLDS[game_id] == spec.review_thresholds
        assert rollouts.SCALE[game_id] == spec.rollout_scale
        assert worlds.SAMPLERS[game_id] is spec.rules.sample_world
    assert worlds.sample_grinch is registry.get("grinch").rules.sample_world
    assert set(hard.ITERATIONS) == set(registry.ids())
    with pytest.raises(KeyError):
        hard.ITERATIONS["chess"]
