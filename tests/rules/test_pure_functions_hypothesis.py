"""Hypothesis checks of the pure rule functions and the notation, across
inputs no hand-written example would think of."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st_

from game.rules import GAME_IDS, IllegalMove, avalanche, get, grinch, sticheln

STICHELN_DECK = sticheln.deck(6)
GRINCH_DECK = grinch.deck()
AVALANCHE_FACES = sorted(set(avalanche.deck()), key=lambda c: c.code)


@given(st_.lists(st_.sampled_from(STICHELN_DECK), min_size=1, max_size=6, unique=True))
def test_ST_4_3_trick_winner_properties(trick):
    index = sticheln.trick_winner(trick)
    lead = trick[0].colour
    live = [c for c in trick if c.value > 0]
    if not live:
        assert index is None
        return
    winner = trick[index]
    off = [c for c in live if c.colour != lead]
    pool = off or live
    assert winner in pool and winner.value == max(c.value for c in pool)
    assert index == min(i for i, c in enumerate(trick) if c in pool and c.value == winner.value)


@given(st_.sampled_from(STICHELN_DECK), st_.lists(st_.sampled_from(STICHELN_DECK), max_size=30))
def test_ST_5_round_score_is_a_sum_over_cards(pain, pile):
    expected = -pain.value + sum(-c.value if c.colour == pain.colour else 1 for c in pile)
    assert sticheln.round_score(pain, pile) == expected
    assert sticheln.round_score(str(pain), [str(c) for c in pile]) == expected


def _sets():
    return st_.builds(
        lambda face, k: [face] * k,
        st_.sampled_from(AVALANCHE_FACES),
        st_.integers(min_value=1, max_value=6),
    )


@given(_sets(), _sets())
def test_AV_4_2_every_set_is_exactly_one_of_grow_stop_fall(previous, play):
    result = avalanche.classify(previous, play)
    k, n = len(play), len(previous)
    r, p = play[0].rank, previous[0].rank
    assert result == ("grow" if k > n or (k == n and r >= p) else "stop" if k == n >= 2 else "fall")


@given(_sets())
def test_AV_4_1_mixed_or_empty_sets_are_illegal(cards):
    other = next(f for f in AVALANCHE_FACES if f.rank != cards[0].rank)
    for bad in ([], cards + [other]):
        try:
            avalanche.classify(cards, bad)
        except IllegalMove as err:
            assert err.rule == "AV-4.1"
        else:
            raise AssertionError("classify accepted a bad set")


@given(st_.lists(st_.sampled_from(GRINCH_DECK), min_size=5, max_size=5, unique=True), st_.sampled_from(grinch.ROWS))
def test_GR_5_3_hand_score_is_row_plus_bonus(hand, row):
    assert grinch.hand_score(hand, row) == grinch.row_score(hand, row) + grinch.bonus(hand)
    assert grinch.row_score(hand, row) >= 0 and grinch.bonus(hand) >= 0
    if row in ("wreaths", "noise", "ornaments", "presents"):
        suit = "WNOP"[grinch.ROWS.index(row)]
        assert grinch.row_score(hand, row) == sum(c.rank for c in hand if c.suit == suit)
    if row == "match":
        top = max(Counter(c.rank for c in hand).values())
        assert grinch.row_score(hand, row) == {3: 10, 4: 20, 5: 30}.get(top, 0)


@given(st_.sampled_from(GAME_IDS), st_.data())
@settings(max_examples=60)
def test_notation_round_trips_for_every_legal_move(game_id, data):
    module = get(game_id)
    n = data.draw(st_.sampled_from(list(module.PLAYERS)))
    seed = data.draw(st_.integers(min_value=0, max_value=10**6))
    state = module.new_game(n, seed)
    steps = data.draw(st_.integers(min_value=0, max_value=60))
    for _ in range(steps):
        if state.is_over:
            break
        moves = state.legal_moves()
        for move in moves:
            assert module.parse_move(str(move)) == move
            for card in getattr(move, "card", None), getattr(move, "arg", None):
                if isinstance(card, tuple):
                    assert module.parse_card(str(card)) == card
        state = state.apply(data.draw(st_.sampled_from(moves)))
    assert module.from_json(json.loads(json.dumps(state.to_json()))) == state
