"""Computer players: they see only views, always answer a legal move, think
in slices, and are deterministic when seeded."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from matrix import fast_lane

from game.ai import AGENT_NAMES, LEVELS, make_agent
from game.ai.hard import HardAgent
from game.ai.worlds import sample_world
from game.rules import GAME_IDS, avalanche, get, grinch, sticheln

SMALL = 40  # Hard's iteration budget in tests: enough to exercise the search


def agent(name: str, seed: int) -> object:
    if name == "hard":
        return HardAgent(seed, iterations=SMALL)
    return make_agent(name, seed)


def positions(game_id: str, players: int, count: int, seed: int) -> list:
    """Full states where a choice exists, from seeded random games."""
    module = get(game_id)
    rng = random.Random(seed)
    out = []
    game = 0
    while len(out) < count:
        state = module.new_game(players, seed * 100 + game)
        game += 1
        while not state.is_over and len(out) < count:
            if len(state.legal_moves()) > 1 and rng.random() < 0.2:
                out.append(state)
            state = state.apply(rng.choice(state.legal_moves()))
    return out


def reshuffle_hidden(state, seat: int, rng: random.Random):
    """The same position with every card `seat` cannot see dealt afresh
    among the other hands, hidden picks/discards and the draw pile."""
    world = sample_world(state.view(seat), rng)
    assert world.view(seat) == state.view(seat)
    return world


def test_levels_and_names() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    assert set(AGENT_NAMES) == {"random", "easy", "normal", "hard"}
    for name in AGENT_NAMES:
        assert make_agent(name, 1).name == name
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("grandmaster")


def test_agents_refuse_full_states_and_other_seats_views() -> None:
    state = sticheln.new_game(4, 1)
    for name in AGENT_NAMES:
        with pytest.raises(ValueError, match="view"):
            agent(name, 1).choose(state)
        with pytest.raises(ValueError, match="view"):
            agent(name, 1).choose(state.view((state.current_player + 1) % 4))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_choice_does_not_depend_on_hidden_cards(game_id: str) -> None:
    rng = random.Random(3)
    for state in positions(game_id, 4, 12, seed=1):
        seat = state.current_player
        other = reshuffle_hidden(state, seat, rng)
        if game_id != "sticheln" or state.phase == "play":
            assert other != state or state.num_players == 1  # something really moved
        for name in ("easy", "normal", "hard"):
            a, b = agent(name, 5), agent(name, 5)
            assert a.choose(state.view(seat)) == b.choose(other.view(seat)), (name, game_id)


@pytest.mark.parametrize("game_id", fast_lane(GAME_IDS, "avalanche"))
def test_every_agent_plays_legal_moves_for_every_player_count(game_id: str) -> None:
    module = get(game_id)
    for players in module.PLAYERS:
        names = ["easy", "normal", "random", "easy", "normal", "random"][:players]
        seated = [agent(name, s) for s, name in enumerate(names)]
        hard = agent("hard", 9)
        rng = random.Random(players)
        state = module.new_game(players, players)
        while not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            legal = state.legal_moves()
            move = seated[seat].choose(view)
            assert move in legal
            if rng.random() < 0.05:
                assert hard.choose(view) in legal
            state = state.apply(move)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_many_seeded_positions_get_legal_moves(game_id: str) -> None:
    for state in positions(game_id, 3, 40, seed=2):
        view = state.view(state.current_player)
        for name in ("random", "easy", "normal"):
            assert agent(name, 1).choose(view) in state.legal_moves()


@pytest.mark.parametrize("game_id", fast_lane(GAME_IDS, "grinch"))
def test_seeded_agents_repeat_themselves(game_id: str) -> None:
    for state in positions(game_id, 4, 4, seed=4):
        view = state.view(state.current_player)
        for name in AGENT_NAMES:
            assert agent(name, 11).choose(view) == agent(name, 11).choose(view)
            a = agent(name, 11)
            assert a.choose(view) == a.choose(view)  # no state carried between calls


def test_think_yields_none_while_searching_then_the_move() -> None:
    state = positions("sticheln", 4, 1, seed=6)[0]
    view = state.view(state.current_player)
    hard = HardAgent(1, iterations=400, slice_seconds=0.0)
    steps = list(hard.think(view))
    assert steps[-1] in state.legal_moves()
    assert all(step is None for step in steps[:-1]) and len(steps) > 2
    assert HardAgent(1, iterations=400).choose(view) == steps[-1]
    for name in ("random", "easy", "normal"):
        quick = list(make_agent(name, 1).think(view))
        assert len(quick) == 1 and quick[0] in state.legal_moves()


def test_wall_clock_cap_stops_a_huge_budget() -> None:
    state = positions("avalanche", 4, 1, seed=6)[0]
    hard = HardAgent(1, iterations=10**9, max_seconds=0.05)
    assert hard.choose(state.view(state.current_player)) in state.legal_moves()
    assert hard.last_search is not None and hard.last_search.iterations < 10**9


@pytest.mark.parametrize("game_id", fast_lane(GAME_IDS, "sticheln"))
def test_explain_gives_a_legal_move_and_a_line_of_text(game_id: str) -> None:
    for state in positions(game_id, 4, 5, seed=8):
        view = state.view(state.current_player)
        for name in ("normal", "hard"):
            move, reason = agent(name, 2).explain(view)
            assert move in state.legal_moves()
            assert reason is None or (isinstance(reason, str) and "\n" not in reason)
        move, reason = agent("hard", 2).explain(view)
        assert move == agent("hard", 2).choose(view) and reason


def test_sticheln_normal_dumps_pain_cards_on_the_taker_and_says_so() -> None:
    hands = [
        ["yellow 1", "red 9", "red 1", "red 2"],
        ["grey 1", "blue 13", "blue 2", "blue 3"],  # grey is seat 1's pain colour
        ["yellow 2", "red 6", "red 7", "red 8"],
        ["yellow 3", "red 3", "red 4", "red 10"],
        ["yellow 4", "red 5", "red 11", "red 12"],
        ["green 1", "grey 12", "blue 0", "green 3"],
    ]
    state = sticheln.new_game(6, 1, hands=hands)
    for seat in range(6):
        state = state.apply(f"pain {hands[seat][0]}")
    for card in ("red 9", "blue 13", "red 6", "red 3", "red 5"):
        state = state.apply(f"play {card}")
    move, reason = make_agent("normal", 1).explain(state.view(5))
    assert str(move) == "play grey 12"
    assert "grey 12" in reason and "pain colour" in reason


def test_worlds_agree_with_the_view() -> None:
    rng = random.Random(1)
    for module in (sticheln, avalanche, grinch):
        for players in module.PLAYERS:
            state = module.new_game(players, 7)
            steps = 0
            while not state.is_over:
                if steps % 3 == 0:
                    seat = state.current_player
                    world = sample_world(state.view(seat), rng)
                    assert world.viewer is None
                    assert world.view(seat) == state.view(seat)
                    assert sorted(world.legal_moves()) == sorted(state.legal_moves())
                    assert sorted(c for cards in world.places().values() for c in cards) == sorted(
                        c for cards in state.places().values() for c in cards
                    )
                state = state.apply(rng.choice(state.legal_moves()))
                steps += 1


def test_ai_never_imports_pygame() -> None:
    code = (
        "import sys, pkgutil, importlib, game.ai\n"
        "for m in pkgutil.iter_modules(game.ai.__path__):\n"
        "    importlib.import_module('game.ai.' + m.name)\n"
        "import game.tournament\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_bench_ai_section_shape(monkeypatch) -> None:
    from game.ai import benchmark, hard

    monkeypatch.setattr(hard, "ITERATIONS", {g: SMALL for g in GAME_IDS})
    monkeypatch.setattr(
        benchmark,
        "positions",
        lambda g, count, seed=5: [s.view(s.current_player) for s in positions(g, 4, 3, seed)],
    )
    data = benchmark.run(0.02)
    assert set(data) == set(GAME_IDS)
    for figures in data.values():
        assert figures["ismcts_iter_per_s"] > 0
        assert set(figures["think_ms"]) == set(LEVELS)
        for level in LEVELS:
            assert set(figures["think_ms"][level]) == {"median", "p95"}
    assert "ismcts" in "\n".join(benchmark.report_lines(data))


def test_grinch_worlds_keep_what_the_grinch_was_seen_to_take() -> None:
    import random

    from game.ai.worlds import sample_world
    from game.rules import grinch

    rng = random.Random(3)
    for seed in range(30):
        state = grinch.new_game(3, seed)
        while not state.is_over:
            if any(state.known):
                g = state.grinch
                for seat in range(3):
                    if seat == g:
                        continue
                    world = sample_world(state.view(seat), rng)
                    assert set(state.known[g]) <= set(world.hands[g])
                    assert world.hand_size(g) == state.hand_size(g)
                break
            moves = state.legal_moves()
            takes = [m for m in moves if m.kind == "take"]
            state = state.apply(takes[0] if takes else rng.choice(moves))
