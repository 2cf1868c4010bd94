"""The public contract of shared/design/architecture.md, checked the same
way for every game (tests outside this repo rely on these names)."""

from __future__ import annotations

import json

import pytest
from public_checks import check_public, check_public_refuses, random_positions

import game.rules
from game.rules import GAME_IDS, IllegalMove, get

SAMPLE_CARD = {"sticheln": "red 4", "avalanche": "QS", "grinch": "W1a"}
FOREIGN_CARD = {"sticheln": "QS", "avalanche": "red 4", "grinch": "grey 14"}


@pytest.fixture(params=GAME_IDS)
def module(request):
    return get(request.param)


def test_names_exist(module):
    assert isinstance(module.NAME, str) and module.NAME
    assert isinstance(module.PLAYERS, range)
    for name in ("new_game", "parse_card", "parse_move", "State", "from_json", "deck", "playout"):
        assert callable(getattr(module, name)), name
    assert getattr(game.rules, module.ID) is module
    assert issubclass(IllegalMove, ValueError)


def test_state_surface(module):
    state = module.new_game(module.PLAYERS.start, 1)
    assert state.current_player in module.PLAYERS or state.current_player in range(module.PLAYERS.start)
    assert state.legal_moves() and not state.is_over
    assert state.scores() == [0] * module.PLAYERS.start and state.winners() == []
    assert isinstance(state.events, tuple)
    after = state.apply(state.legal_moves()[0])
    assert after is not state and after.events
    assert state.hand(0) and state.view(0).hand(0) == state.hand(0)
    assert module.State.from_json(json.loads(json.dumps(state.to_json()))) == state


def test_notation_round_trip(module):
    card = module.parse_card(SAMPLE_CARD[module.ID])
    assert str(card) == SAMPLE_CARD[module.ID] and module.parse_card(str(card)) == card
    with pytest.raises(ValueError):
        module.parse_card(FOREIGN_CARD[module.ID])
    with pytest.raises(ValueError):
        module.parse_move("fly to the moon")


def test_bad_player_counts(module):
    for n in (module.PLAYERS.start - 1, module.PLAYERS.stop, -1):
        with pytest.raises(ValueError, match=str(n)):
            module.new_game(n, 1)


def test_bad_scenarios(module):
    n = module.PLAYERS.start
    card = SAMPLE_CARD[module.ID]
    with pytest.raises(ValueError, match="hands"):
        module.new_game(n, 1, hands=[[card]] * (n + 1))
    with pytest.raises(ValueError, match=r"not an? (\w+ )?card"):
        module.new_game(n, 1, hands=[[FOREIGN_CARD[module.ID]]] + [[]] * (n - 1))
    copies = module.deck(n).count(module.parse_card(card))
    with pytest.raises(ValueError, match="copies"):
        module.new_game(n, 1, hands=[[card] * (copies + 1)] + [[]] * (n - 1))
    with pytest.raises(ValueError, match="unknown option"):
        module.new_game(n, 1, turbo=True)
    with pytest.raises(ValueError, match="start"):
        module.new_game(n, 1, start=n)


def test_seed_decides_everything_and_none_picks_one(module):
    n = module.PLAYERS.start
    assert module.new_game(n, 42) == module.new_game(n, 42)
    assert module.new_game(n, 42) != module.new_game(n, 43)
    fresh = module.new_game(n, None)
    assert fresh.seed is not None and module.new_game(n, fresh.seed) == fresh
    with pytest.raises(ValueError, match="seed"):
        module.new_game(n, 1.5)


def test_illegal_input_is_rejected_with_a_rule_and_changes_nothing(module):
    state = module.new_game(module.PLAYERS.start, 3)
    before = json.dumps(state.to_json())
    for bad in ("fly to the moon", object(), None):
        with pytest.raises(IllegalMove) as err:
            state.apply(bad)
        assert err.value.rule and str(err.value)
    assert json.dumps(state.to_json()) == before


def test_a_finished_game_refuses_moves(module):
    import random

    rng = random.Random(1)
    state = module.new_game(module.PLAYERS.start, 5)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    assert state.current_player is None and state.legal_moves() == []
    assert state.winners()
    with pytest.raises(IllegalMove):
        state.apply("draw")


def test_views_belong_to_one_seat(module):
    state = module.new_game(module.PLAYERS.start, 9)
    view = state.view(0)
    assert view.viewer == 0 and view.seed is None
    with pytest.raises(ValueError):
        view.view(1)
    with pytest.raises(ValueError):
        state.view(module.PLAYERS.start)


def test_another_games_card_objects_are_refused(module):
    n = module.PLAYERS.start
    for other_id in GAME_IDS:
        if other_id == module.ID:
            continue
        other = get(other_id)
        for card in other.deck(other.PLAYERS.start)[:20]:  # codes that overlap ours
            with pytest.raises(ValueError, match="not a"):
                module.new_game(n, 1, hands=[[card]] + [[]] * (n - 1))


def _public_positions(module, seeds: range, every: int):
    for n in module.PLAYERS:
        for seed in seeds:
            yield from random_positions(module, n, seed, every)


def test_the_public_view_shows_what_every_seat_sees_and_no_card_of_a_hand(module):
    """`public_view()` (architecture.md): at every player count, over a seeded
    random game, every hand hidden as from another seat, counts and piles as
    every seat sees them, and its JSON round trip."""
    checked = 0
    for state in _public_positions(module, range(1), every=12):
        check_public(module, state)
        checked += 1
    assert 20 <= checked <= 150
    check_public_refuses(module.new_game(module.PLAYERS.start, 4))


@pytest.mark.slow
def test_the_public_view_over_many_whole_games(module):
    checked = 0
    for state in _public_positions(module, range(1, 5), every=2):
        check_public(module, state)
        checked += 1
    assert checked > 800
