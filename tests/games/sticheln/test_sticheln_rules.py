"""Sticheln rules of record (shared/rules/sticheln.md), one test or more per rule ID."""

from __future__ import annotations

import json
import random

import pytest

from game.rules import IllegalMove
from game.rules import sticheln as st
from game.rules.sticheln import parse_card as C
from game.rules.sticheln import parse_move as M


def cards(text: str) -> list:
    """'R4 Y0 B12' -> cards; colours by initial (P purple, X grey)."""
    names = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "purple", "X": "grey"}
    return [C(f"{names[t[0]]} {t[1:]}") for t in text.split()]


def play_out(state, chooser=lambda moves: moves[0]):
    while not state.is_over:
        state = state.apply(chooser(state.legal_moves()))
    return state


# -- ST-1 players and deck ------------------------------------------------------


def test_ST_1_1_three_to_six_players():
    assert st.PLAYERS == range(3, 7)
    for n in (2, 7, 0):
        with pytest.raises(ValueError, match="3 to 6 players"):
            st.new_game(n, 1)


@pytest.mark.parametrize("n,colours,top,size", [(3, 5, 8, 45), (4, 5, 11, 60), (5, 5, 14, 75), (6, 6, 14, 90)])
def test_ST_1_2_deck_per_player_count(n, colours, top, size):
    deck = st.deck(n)
    assert len(deck) == size
    assert {c.colour for c in deck} == set(st.COLOURS[:colours])
    assert max(c.value for c in deck) == top and min(c.value for c in deck) == 0
    state = st.new_game(n, 7)
    assert [state.hand_size(s) for s in range(n)] == [15] * n  # every card dealt


def test_ST_1_3_each_card_once():
    for n in st.PLAYERS:
        deck = st.deck(n)
        assert len(set(deck)) == len(deck)


def test_ST_1_2_card_outside_the_deck_is_rejected():
    with pytest.raises(ValueError, match="not a card of this deck"):
        st.new_game(4, 1, hands=[["grey 3"], ["red 1"], ["red 2"], ["red 3"]])
    with pytest.raises(ValueError, match="more copies"):
        st.new_game(3, 1, hands=[["red 1"], ["red 1"], ["red 2"]])


# -- ST-2 game structure --------------------------------------------------------


@pytest.mark.parametrize("n", list(st.PLAYERS))
def test_ST_2_1_as_many_rounds_as_players(n):
    end = play_out(st.new_game(n, 3))
    assert len(end.round_scores()) == n


def test_ST_2_1_rounds_variant():
    end = play_out(st.new_game(4, 3, rounds=2))
    assert len(end.round_scores()) == 2
    with pytest.raises(ValueError, match="rounds"):
        st.new_game(4, 3, rounds=0)


def test_ST_2_2_each_round_deals_fifteen_picks_and_fourteen_tricks():
    state = st.new_game(4, 11)
    tricks = 0
    while state.round == 0:
        state = state.apply(state.legal_moves()[0])
        tricks += sum(1 for e in state.events if e.kind in ("trick_won", "set_aside"))
    assert tricks == 14
    assert [state.hand_size(s) for s in range(4)] == [15] * 4
    assert state.phase == "pick"


def test_ST_2_3_leaders_rotate_from_the_starting_player():
    state = st.new_game(4, 5, start=2)
    leaders = []
    while not state.is_over:
        if state.phase == "pick" and all(p == -1 for p in state.picks):
            leaders.append(state.current_player)
        state = state.apply(state.legal_moves()[0])
    assert leaders == [2, 3, 0, 1]


# -- ST-3 pain colour -------------------------------------------------------------


def test_ST_3_1_picks_are_secret_until_all_have_picked():
    state = st.new_game(3, 2)
    state = state.apply(state.legal_moves()[0])
    assert state.events[0].kind == "picked" and state.events[0].secret
    assert state.view(1).pain_card(0) is None
    assert "hidden" in json.dumps(state.view(1).to_json())
    state = state.apply(state.legal_moves()[0])
    state = state.apply(state.legal_moves()[0])
    assert state.events[-1].kind == "revealed"
    assert all(state.view(1).pain_card(s) is not None for s in range(3))


def test_ST_3_2_pain_colour_is_the_colour_of_the_pick_and_may_be_shared():
    hands = [cards("R1 R2"), cards("R3 Y1"), cards("B1 B2")]
    state = st.new_game(3, 1, hands=hands)
    for move in ("pain red 1", "pain red 3", "pain blue 1"):
        state = state.apply(move)
    assert [state.pain_card(s).colour for s in range(3)] == ["red", "red", "blue"]


def test_ST_3_3_pain_card_stays_out_of_play_and_scores():
    hands = [cards("R5 Y1"), cards("G1 G2"), cards("B1 B2")]
    state = st.new_game(3, 1, hands=hands, rounds=1)
    state = state.apply("pain red 5").apply("pain green 1").apply("pain blue 1")
    assert state.hand(0) == cards("Y1")
    with pytest.raises(IllegalMove) as err:
        state.apply("play red 5")
    assert "ST-4.2" in str(err.value)
    end = play_out(state)
    assert end.pain_card(0) == C("red 5")
    assert end.scores()[0] == -5 + end.round_scores()[0][0] + 5  # pain card counted once


def test_ST_3_4_views_never_show_a_pick_before_the_reveal():
    state = st.new_game(4, 9)
    state = state.apply(state.legal_moves()[3])
    pick = str(state.picks[0] and st.CARDS[state.picks[0]])
    for seat in (1, 2, 3):
        view = state.view(seat)
        assert pick not in json.dumps(view.to_json())
        assert all(e.cards == (None,) for e in view.events if e.kind == "picked")
    assert state.view(0).pain_card(0) == st.CARDS[state.picks[0]]


def test_ST_3_picking_twice_or_playing_early_is_illegal():
    state = st.new_game(3, 4)
    with pytest.raises(IllegalMove, match="ST-3.1"):
        state.apply(M("play " + str(state.hand(0)[0])))


# -- ST-4 tricks ------------------------------------------------------------------


@pytest.mark.parametrize(
    "trick,winner",
    [
        ("R4 R1 R7 R2", 2),  # all lead colour
        ("R4 R1 R7 B1", 3),  # the only non-lead card
        ("Y3 G3 B5 G5", 2),  # 5s tie; first played wins
        ("R9 B0 G0 Y0", 0),  # off-colour zeros are ignored
        ("R0 B5 R3 G0", 1),  # a led 0 still sets the lead colour
        ("R0 Y0 B0 G0", None),  # all zeros: nobody
    ],
)
def test_ST_4_3_worked_examples(trick, winner):
    assert st.trick_winner(cards(trick)) == winner


def test_ST_4_1_a_led_zero_sets_the_lead_colour():
    assert st.trick_winner(cards("R0 R3 R2")) == 1
    assert st.trick_winner(cards("R0 R3 B1")) == 2


def test_ST_4_2_no_duty_to_follow():
    hands = [cards("R1 R5 R8"), cards("Y1 B2 R2"), cards("G1 G2 G3")]
    state = st.new_game(3, 1, hands=hands)
    state = state.apply("pain red 8").apply("pain yellow 1").apply("pain green 3")
    state = state.apply("play red 1")
    assert set(map(str, state.legal_moves())) == {"play blue 2", "play red 2"}


def test_ST_4_4_all_zero_trick_is_set_aside_and_same_leader_leads():
    hands = [cards("R0 R5 R8"), cards("Y0 Y5 Y1"), cards("G0 G5 G1")]
    state = st.new_game(3, 1, hands=hands, start=0)
    state = state.apply("pain red 8").apply("pain yellow 1").apply("pain green 1")
    state = state.apply("play red 0").apply("play yellow 0").apply("play green 0")
    assert state.events[-1].kind == "set_aside"
    assert state.places()["set_aside"] == cards("R0 Y0 G0")
    assert state.current_player == 0 and state.trick == ()


def test_ST_4_4_leader_takes_variant():
    hands = [cards("R5 R0 R8"), cards("Y0 Y5 Y1"), cards("G0 G5 G1")]
    state = st.new_game(3, 1, hands=hands, start=1, zero_trick="leader_takes")
    state = state.apply("pain yellow 1").apply("pain green 1").apply("pain red 8")
    state = state.apply("play yellow 0").apply("play green 0").apply("play red 0")
    assert state.events[-1].kind == "trick_won" and state.events[-1].seat == 1
    assert state.won_cards(1) == cards("Y0 G0 R0")
    with pytest.raises(ValueError, match="zero_trick"):
        st.new_game(3, 1, zero_trick="nobody")


def test_ST_4_5_winner_takes_the_trick_and_leads():
    hands = [cards("R4 R1 R2"), cards("B1 B2 B3"), cards("G1 G2 G3")]
    state = st.new_game(3, 1, hands=hands)
    state = state.apply("pain red 1").apply("pain blue 2").apply("pain green 2")
    state = state.apply("play red 4").apply("play blue 1").apply("play green 1")
    assert state.events[-1].kind == "trick_won" and state.events[-1].seat == 1
    assert state.won_cards(1) == cards("R4 B1 G1")
    assert state.tricks_taken(1) == 1


def test_ST_4_6_round_ends_when_hands_are_empty():
    state = st.new_game(4, 8, rounds=1)
    for _ in range(4 + 14 * 4 - 1):
        state = state.apply(state.legal_moves()[-1])
    assert not state.is_over
    state = state.apply(state.legal_moves()[0])
    assert state.is_over and state.current_player is None and state.legal_moves() == []
    assert all(state.hand_size(s) == 0 for s in range(4))


# -- ST-5 scoring -------------------------------------------------------------------


def test_ST_5_4_worked_example():
    pile = cards("Y5 Y4 R1 G2 B3 P4 R0 G9")
    assert st.round_score(C("yellow 2"), pile) == -5


def test_ST_5_1_other_colours_are_plus_one_even_zeros():
    assert st.round_score("red 0", cards("Y0 B0 G14")) == 3


def test_ST_5_2_pain_colour_costs_its_value_zero_costs_nothing():
    assert st.round_score("blue 3", cards("B0 B7")) == -3 - 7


def test_ST_5_3_the_pain_card_itself_counts():
    assert st.round_score("purple 11", []) == -11


def test_ST_5_5_totals_add_up_and_ties_share_the_win():
    end = play_out(st.new_game(3, 21), lambda moves: moves[len(moves) // 2])
    rows = end.round_scores()
    assert end.scores() == [sum(col) for col in zip(*rows)]
    best = max(end.scores())
    assert end.winners() == [s for s, t in enumerate(end.scores()) if t == best]
    assert end.events[-1].kind == "game_over"


def test_ST_5_round_scores_match_round_score_function():
    state = st.new_game(4, 13, rounds=1)
    end = play_out(state, lambda moves: moves[-1])
    for seat in range(4):
        assert end.scores()[seat] == st.round_score(end.pain_card(seat), end.won_cards(seat))


# -- ST-6 card conservation ---------------------------------------------------------


def test_ST_6_every_card_in_exactly_one_place():
    rng = random.Random(4)
    state = st.new_game(5, 4)
    deck = sorted(st.deck(5))
    while not state.is_over:
        assert sorted(c for cs in state.places().values() for c in cs) == deck
        state = state.apply(rng.choice(state.legal_moves()))
    assert sorted(c for cs in state.places().values() for c in cs) == deck


# -- contract details -------------------------------------------------------------


def test_notation_round_trips():
    for card in st.deck(6):
        assert st.parse_card(str(card)) == card
        for kind in ("pain", "play"):
            move = st.parse_move(f"{kind} {card}")
            assert str(move) == f"{kind} {card}" and st.parse_move(str(move)) == move
    assert st.parse_card("  RED   4 ") == C("red 4")
    for bad in ("red", "pink 3", "red 15", "play", "draw red 3", ""):
        with pytest.raises(ValueError):
            (st.parse_move if " " in bad or bad in ("play", "") else st.parse_card)(bad)


def test_bad_arguments_raise_value_error():
    with pytest.raises(ValueError, match="3 hands given for 4 players"):
        st.new_game(4, 1, hands=[["red 1"], ["red 2"], ["red 3"]])
    with pytest.raises(ValueError, match="same number"):
        st.new_game(3, 1, hands=[["red 1", "red 4"], ["red 2"], ["red 3"]])
    with pytest.raises(ValueError, match="no draw pile"):
        st.new_game(3, 1, pile=["red 1"])
    with pytest.raises(ValueError, match="unknown option"):
        st.new_game(3, 1, colour_blind=True)
    with pytest.raises(ValueError, match="start"):
        st.new_game(3, 1, start=3)


def test_illegal_move_names_the_rule_and_changes_nothing():
    state = st.new_game(4, 1)
    before = state.to_json()
    not_held = next(c for c in st.deck(4) if c not in state.hand(0))
    with pytest.raises(IllegalMove) as err:
        state.apply(M(f"pain {not_held}"))
    assert err.value.rule == "ST-3.1" and "does not hold" in str(err.value)
    with pytest.raises(IllegalMove, match="ST-1.2"):
        state.apply("pain grey 3")
    with pytest.raises(IllegalMove, match="notation"):
        state.apply("dance")
    assert state.to_json() == before
    with pytest.raises(AttributeError):
        state.phase = "over"


def test_playout_leaves_the_state_alone_and_scores_every_seat():
    state = st.new_game(4, 2)
    for _ in range(30):
        state = state.apply(state.legal_moves()[0])
    before = state.to_json()
    totals = st.playout(state, random.Random(1))
    assert state.to_json() == before
    assert len(totals) == 4
    # each round a seat scores at most +60 and at least -(pain card + own colour)
    assert all(-4 * 70 <= t <= 4 * 60 for t in totals)
    with pytest.raises(ValueError):
        st.playout(state.view(0), random.Random(1))


def test_view_json_round_trip_and_only_own_hand():
    state = st.new_game(6, 17)
    view = state.view(2)
    assert view.hand(2) == state.hand(2)
    assert all(view.hand(s) == [] and view.hand_size(s) == 15 for s in range(6) if s != 2)
    assert st.from_json(json.loads(json.dumps(view.to_json()))) == view
    with pytest.raises(ValueError):
        view.view(3)


def test_has_picked_is_public_while_the_pick_stays_secret():
    state = st.new_game(3, 1)
    first = state.current_player
    state = state.apply(state.legal_moves()[0])
    other = state.view(state.current_player)
    assert other.has_picked(first) and other.pain_card(first) is None
    assert not other.has_picked(state.current_player)


def test_ST_2_1_rounds_variant_is_bounded_and_saves_keep_their_round_inside_it():
    """A damaged save asking for endless rounds, or sitting in a round past the last, is refused."""
    st.new_game(3, 1, rounds=st.MAX_ROUNDS)
    with pytest.raises(ValueError, match="rounds"):
        st.new_game(3, 1, rounds=st.MAX_ROUNDS + 1)
    data = st.new_game(3, 1, rounds=2).to_json()
    data["options"]["rounds"] = 10**9
    with pytest.raises(ValueError, match="rounds"):
        st.State.from_json(data)
    data = st.new_game(3, 1, rounds=2).to_json()
    data["round"] = 2
    with pytest.raises(ValueError, match="round 2"):
        st.State.from_json(data)
    end = play_out(st.new_game(3, 1, rounds=2))
    assert st.State.from_json(end.to_json()).to_json() == end.to_json()
