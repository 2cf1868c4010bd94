"""Avalanche rules core: one or more tests per rule ID of shared/rules/avalanche.md,
every worked example, notation, scenarios, views, JSON and the playout fast path."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from game.rules import IllegalMove
from game.rules import avalanche as av
from game.rules.avalanche import Card, Move, classify, new_game, parse_card, parse_move


def play(state: av.State, text: str) -> av.State:
    return state.apply(parse_move(text))


def kinds(state: av.State) -> list[str]:
    return [e.kind for e in state.events]


def event(state: av.State, kind: str):
    found = [e for e in state.events if e.kind == kind]
    assert len(found) == 1, (kind, state.events)
    return found[0]


def all_cards(state: av.State) -> Counter:
    return Counter(c for cards in state.places().values() for c in cards)


# -- AV-1 players and deck ----------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_AV_1_1_two_to_six_players(n):
    state = new_game(n, 1)
    assert state.num_players == n
    assert av.PLAYERS == range(2, 7)


@pytest.mark.parametrize("n", [0, 1, 7, "4", True, 2.0])
def test_AV_1_1_bad_player_counts_raise(n):
    with pytest.raises(ValueError):
        new_game(n, 1)


def test_AV_1_2_deck_is_two_french_decks_and_six_jokers():
    cards = av.deck()
    assert len(cards) == 110
    counts = Counter(cards)
    assert len(counts) == 53 == len(av.CARDS)
    assert counts[parse_card("Joker")] == 6
    assert all(k == 2 for card, k in counts.items() if card.rank != av.JOKER)
    assert av.deck(6) == cards  # the player count does not change the deck


def test_AV_1_3_rank_order_and_joker_is_highest_not_wild():
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "Joker"]
    for low, high in zip(ranks, ranks[1:]):
        assert classify([high], [low]) == "fall"
        assert classify([low], [high]) == "grow"
    # a joker is just the top rank: it cannot join a pair of 4s as a third 4
    assert classify(["4S", "4H"], ["Joker"]) == "fall"
    assert classify(["AS", "AH"], ["Joker", "Joker"]) == "grow"


def test_AV_1_3_suits_play_no_part():
    assert classify(["QS"], ["QH"]) == classify(["QH"], ["QS"]) == "grow"
    assert classify(["9S", "9H"], ["7C", "7D"]) == classify(["9D", "9C"], ["7S", "7S"])


def test_AV_1_3_a_set_of_jokers_is_legal():
    state = new_game(2, 1, hands=[["Joker", "Joker", "Joker"], ["2S"]], pile=["3S"])
    assert Move("play", av.JOKER, 3) in state.legal_moves()
    after = play(state, "play Joker Joker Joker")
    assert [c for _, cs in after.table_plays() for c in cs] == [parse_card("Joker")] * 3


# -- AV-2 deal --------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 4, 6])
def test_AV_2_1_ten_cards_each_rest_is_pile(n):
    state = new_game(n, "deal")
    assert [state.hand_size(s) for s in range(n)] == [10] * n
    assert state.pile_count == 110 - 10 * n
    assert all_cards(state) == Counter(av.deck())
    dealt = [e for e in state.events if e.kind == "dealt"]
    assert [e.seat for e in dealt] == list(range(n))
    assert all(e.secret and len(e.cards) == 10 for e in dealt)


def test_AV_2_1_seeded_shuffle_is_deterministic():
    assert new_game(4, 42) == new_game(4, 42)
    assert new_game(4, 42).to_json() == new_game(4, 42).to_json()
    assert new_game(4, 42) != new_game(4, 43)
    assert new_game(4, "x").hands != new_game(4, "y").hands


def test_AV_2_2_start_seat_takes_first_turn_then_clockwise():
    state = new_game(4, 3, start=2)
    assert state.current_player == 2
    state = state.apply(state.legal_moves()[0])  # snowfall
    assert state.current_player == 3
    state = state.apply(state.legal_moves()[0])
    assert state.current_player == 0


@pytest.mark.parametrize("start", [-1, 4, "0", None, True])
def test_AV_2_2_bad_start_seat_raises(start):
    with pytest.raises(ValueError):
        new_game(4, 1, start=start)


# -- AV-3 empty table ----------------------------------------------------------------------


def test_AV_3_1_snowfall_draws_the_top_card_and_ends_the_turn():
    state = new_game(2, 1, hands=[["2S"], ["3S"]], pile=["KH", "4D"])
    assert state.legal_moves()[0] == av.SNOWFALL
    after = play(state, "snowfall")
    assert after.hand(0) == [parse_card("2S"), parse_card("KH")]
    assert after.pile_count == 1 and after.places()["pile"] == [parse_card("4D")]
    assert after.current_player == 1
    assert kinds(after) == ["snowfall", "drew"]
    drew = event(after, "drew")
    assert drew.secret and drew.seat == 0 and drew.cards == (parse_card("KH"),)
    assert after.view(1).events[1].cards == (None,)  # the count is public, the card is not


def test_AV_3_1_no_snowfall_from_an_empty_pile():
    state = new_game(2, 1, hands=[["2S"], ["3S"]], pile=[])
    assert av.SNOWFALL not in state.legal_moves()
    with pytest.raises(IllegalMove) as err:
        play(state, "snowfall")
    assert err.value.rule == "AV-3.1"
    assert "AV-3.1" in str(err.value)


def test_AV_3_2_start_an_avalanche_with_one_rank():
    state = new_game(2, 1, hands=[["QS", "QH", "QD", "2C"], ["3S"]], pile=["4S"])
    after = play(state, "play Q Q")
    assert after.last_play == (0, [parse_card("QS"), parse_card("QH")])
    assert after.hand(0) == [parse_card("2C"), parse_card("QD")]  # sorted by rank
    played = event(after, "played")
    assert played.info == {"result": "start"} and not played.secret and played.seat == 0
    assert after.current_player == 1


def test_AV_3_2_cannot_play_cards_not_held():
    state = new_game(2, 1, hands=[["QS", "2C"], ["3S"]], pile=["4S"])
    for text in ("play Q Q", "play K"):
        with pytest.raises(IllegalMove) as err:
            play(state, text)
        assert err.value.rule == "AV-3.2"
    with pytest.raises(IllegalMove) as err:
        state.apply("play Q K")  # mixed ranks never form a set
    assert "AV-4.1" in str(err.value)


def test_AV_3_2_legal_moves_one_per_rank_and_count():
    state = new_game(2, 1, hands=[["QS", "QH", "QS", "2C", "Joker"], ["3S"]], pile=["4S"])
    assert [str(m) for m in state.legal_moves()] == [
        "snowfall",
        "play 2",
        "play Q",
        "play Q Q",
        "play Q Q Q",
        "play Joker",
    ]


# -- AV-4 an avalanche on the table -------------------------------------------------------------


EXAMPLES = [
    ("4 4", "5 5", "grow"),
    ("4 4", "4 4", "grow"),
    ("4 4", "2 2 2", "grow"),
    ("4 4", "A A A A", "grow"),
    ("9 9 9", "7 7 7", "stop"),
    ("9 9 9", "K K", "fall"),
    ("4 4", "Joker", "fall"),
    ("Q", "3", "fall"),
    ("Q", "Q", "grow"),
    ("Q", "2 2", "grow"),
]


@pytest.mark.parametrize("previous, this, expected", EXAMPLES)
def test_AV_4_1_worked_examples(previous, this, expected):
    assert classify(previous.split(), this.split()) == expected


@pytest.mark.parametrize("previous, this, expected", EXAMPLES)
def test_AV_4_1_worked_examples_in_play(previous, this, expected):
    """The same examples through apply: seat 0 plays `previous`, seat 1 `this`."""

    def cards(text, suit):
        return [("Joker" if r == "Joker" else r + s) for r, s in zip(text.split(), suit)]

    first = cards(previous, "SHDC")
    second = cards(this, "CDHS")
    state = new_game(3, 1, hands=[first + ["2H"], second + ["3H"], ["5C"]], pile=["6C"])
    state = play(state, "play " + previous)
    state = play(state, "play " + this)
    assert event(state, "played").info == {"result": expected}


def test_AV_4_1_classify_accepts_cards_and_notation():
    assert classify([parse_card("9S")] * 3, ["7S", "7H", "7D"]) == "stop"
    assert classify("9S 9H 9D", "KS KH") == "fall"


@pytest.mark.parametrize(
    "previous, this",
    [([], ["QS"]), (["QS"], []), (["QS", "KS"], ["2S"]), (["2S"], ["QS", "KH"])],
)
def test_AV_4_1_classify_rejects_empty_or_mixed_sets(previous, this):
    with pytest.raises(IllegalMove) as err:
        classify(previous, this)
    assert err.value.rule == "AV-4.1"


def test_AV_4_1_no_snowfall_while_an_avalanche_is_on_the_table():
    state = new_game(2, 1, hands=[["QS", "2C"], ["3S", "3H"]], pile=["4S"])
    state = play(state, "play Q")
    assert av.SNOWFALL not in state.legal_moves()
    assert [str(m) for m in state.legal_moves()] == ["play 3", "play 3 3"]
    with pytest.raises(IllegalMove) as err:
        play(state, "snowfall")
    assert err.value.rule == "AV-4.1"
    with pytest.raises(IllegalMove) as err:
        play(state, "play 3 3 3")
    assert err.value.rule == "AV-4.1" and "holds 2" in err.value.reason


def test_AV_4_2_every_set_is_exactly_one_outcome():
    for r in av.RANKS:
        for n in range(1, 9):
            for rank in av.RANKS:
                for k in range(1, 9):
                    outcome = classify([r] * n, [rank] * k)
                    assert outcome in ("grow", "stop", "fall")
                    if k == n == 1:
                        assert outcome != "stop"  # a single after a single never stops


def test_AV_4_2_a_holder_always_has_a_legal_play():
    rng = random.Random(5)
    for seed in range(5):
        state = new_game(3, seed)
        while not state.is_over:
            moves = state.legal_moves()
            if state.table:
                plays = [m for m in moves if m.kind == "play"]
                assert len(plays) == state.hand_size(state.current_player) > 0
            state = state.apply(rng.choice(moves))


def test_AV_4_3_grow_joins_the_avalanche_and_play_passes_on():
    state = new_game(3, 1, hands=[["4S", "4H", "2S"], ["5S", "5H", "2H"], ["6S"]], pile=["7S"])
    state = play(state, "play 4 4")
    state = play(state, "play 5 5")
    assert event(state, "played").info == {"result": "grow"}
    assert state.current_player == 2
    assert state.table_plays() == [
        (0, [parse_card("4S"), parse_card("4H")]),
        (1, [parse_card("5S"), parse_card("5H")]),
    ]
    data = state.to_json()
    assert data["last_play"] == {"seat": 1, "cards": ["5S", "5H"], "rank": "5", "count": 2}
    assert [p["seat"] for p in data["table"]] == [0, 1]


def test_AV_4_4_fall_goes_to_the_player_just_before():
    state = new_game(3, 1, hands=[["4S", "4H", "2S"], ["5S", "5H", "2H"], ["KS", "3C"]], pile=["7S"])
    state = play(state, "play 4 4")
    state = play(state, "play 5 5")
    state = play(state, "play K")  # 1 < 2: fall, to seat 1 (the play just before)
    assert event(state, "played").info == {"result": "fall"}
    fell = event(state, "fell")
    assert fell.seat == 1 and fell.info == {"collector": 1, "faller": 2, "count": 5}
    assert Counter(state.places()["collected 1"]) == Counter(parse_card(c) for c in ["4S", "4H", "5S", "5H", "KS"])
    assert state.table == () and state.scores() == [0, 5, 0]
    assert state.current_player == 0  # left of the faller


def test_AV_4_4_fall_goes_to_a_player_who_is_out():
    state = new_game(3, 1, hands=[["QS"], ["3S", "4S"], ["5S", "5H"]], pile=[])
    state = play(state, "play Q")  # seat 0 empties its hand and cannot draw: out
    assert state.out == (0,)
    state = play(state, "play 3")  # Q -> 3 falls to seat 0 although it is out
    assert state.scores() == [2, 0, 0]
    assert state.current_player == 2


def test_AV_4_5_stop_sends_everything_to_neutral():
    state = new_game(3, 1, hands=[["9S", "9H", "9D", "2C"], ["7S", "7H", "7D", "3C"], ["KS"]], pile=["8S"])
    state = play(state, "play 9 9 9")
    state = play(state, "play 7 7 7")
    assert event(state, "played").info == {"result": "stop"}
    assert event(state, "stopped").info == {"count": 6}
    assert len(state.neutral) == 6 and state.table == ()
    assert state.scores() == [0, 0, 0]
    assert state.current_player == 2  # left of the stopper


# -- AV-5 refill, empty pile, elimination, end ----------------------------------------------------


def test_AV_5_1_refill_to_ten_at_the_end_of_the_turn():
    pile = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
    state = new_game(2, 1, hands=[["AS"], ["2H"]], pile=pile)
    state = play(state, "play A")
    assert state.hand_size(0) == 10
    assert state.hand(0) == sorted(parse_card(c) for c in pile[:10])
    assert state.places()["pile"] == [parse_card("QS"), parse_card("KS")]
    refilled = event(state, "refilled")
    assert refilled.secret and refilled.seat == 0 and len(refilled.cards) == 10
    assert state.view(1).hand_size(0) == 10
    assert all(c is None for c in state.view(1).events[-1].cards)


def test_AV_5_1_refill_takes_all_that_remain_if_fewer():
    state = new_game(2, 1, hands=[["AS"], ["2H"]], pile=["3S", "4S", "5S"])
    state = play(state, "play A")
    assert state.hand_size(0) == 3 and state.pile_count == 0


def test_AV_5_1_no_refill_while_cards_remain():
    state = new_game(2, 1, hands=[["AS", "2C"], ["2H"]], pile=["3S"])
    state = play(state, "play A")
    assert state.hand_size(0) == 1 and state.pile_count == 1


def test_AV_5_2_empty_pile_forces_a_start():
    state = new_game(2, 1, hands=[["AS", "2C"], ["2H", "3H"]], pile=[])
    assert [str(m) for m in state.legal_moves()] == ["play 2", "play A"]


def test_AV_5_3_out_player_keeps_collected_and_is_skipped():
    state = new_game(3, 1, hands=[["QS", "QH", "2C"], ["KS", "3C"], ["2S", "4C", "5C"]], pile=[])
    state = play(state, "play Q Q")
    state = play(state, "play K")  # fall: 3 cards to seat 0
    assert state.scores() == [3, 0, 0] and state.current_player == 2
    state = play(state, "play 2")  # seat 2 starts
    state = play(state, "play 2")  # seat 0 grows with its last card and is out
    assert state.out == (0,) and event(state, "out").seat == 0
    assert state.hand_size(0) == 0
    assert state.current_player == 1
    state = play(state, "play 3")  # 2 -> 3 grows; seat 1 out too
    assert state.is_over
    assert state.scores() == [3, 0, 0]  # seat 0 kept its collected pile


def test_AV_5_4_last_holder_hand_and_table_go_to_neutral():
    state = new_game(2, 1, hands=[["QS"], ["KS", "2H"]], pile=[])
    state = play(state, "play Q")
    assert state.is_over and state.current_player is None
    assert state.legal_moves() == []
    assert Counter(state.places()["neutral"]) == Counter(parse_card(c) for c in ["QS", "KS", "2H"])
    assert state.hand(1) == [] and state.table == ()
    over = event(state, "game_over")
    assert over.seat == 1 and over.info["scores"] == [0, 0] and over.info["winners"] == [0, 1]
    with pytest.raises(IllegalMove) as err:
        play(state, "play K")
    assert err.value.rule == "AV-5.4"


def test_AV_5_5_score_is_collected_pile_size_and_ties_share():
    state = new_game(3, 1, hands=[["QS"], ["3S", "4S"], ["5S"]], pile=[])
    state = play(state, "play Q")  # seat 0 out
    state = play(state, "play 3")  # falls to seat 0: 2 cards
    state = play(state, "play 5")  # seat 2 out, only seat 1 holds: end
    assert state.is_over
    assert state.scores() == [2, 0, 0]
    assert state.winners() == [0]
    assert sorted(state.neutral) == sorted([parse_card("4S").code, parse_card("5S").code])
    tie = play(new_game(2, 1, hands=[["QS"], ["KS"]], pile=[]), "play Q")
    assert tie.winners() == [0, 1]


def test_AV_6_card_conservation_in_random_games():
    rng = random.Random(11)
    full = Counter(av.deck())
    for seed in range(4):
        state = new_game(2 + seed, seed)
        while True:
            assert all_cards(state) == full
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_moves()))
        assert sum(state.scores()) + len(state.neutral) == 110


# -- notation ------------------------------------------------------------------------------------


def test_card_notation_round_trips_and_codes_are_interned():
    for code, card in enumerate(av.CARDS):
        assert card.code == code
        assert parse_card(str(card)) is card
        assert av.RANK_OF[code] == card.rank
    assert [str(parse_card(t)) for t in ["qs", " 10 h ", "Td", "joker", "aD"]] == [
        "QS",
        "10H",
        "10D",
        "Joker",
        "AD",
    ]


@pytest.mark.parametrize("text", ["", "Q", "1S", "QX", "11S", "jokers", "Q S H"])
def test_bad_card_text_raises_value_error_naming_it(text):
    with pytest.raises(ValueError) as err:
        parse_card(text)
    assert repr(text) in str(err.value)


def test_move_notation_round_trips():
    for move in av.MOVES:
        assert parse_move(str(move)) == move
        assert parse_move(str(move)) is move
    assert str(Move("play", 12, 2)) == "play Q Q"
    assert str(Move("play", 10, 3)) == "play 10 10 10"
    assert str(Move("play", 15, 1)) == "play Joker"
    assert str(av.SNOWFALL) == "snowfall"
    assert parse_move("  PLAY q,q ") == Move("play", 12, 2)
    assert parse_move("play T") == Move("play", 10, 1)


@pytest.mark.parametrize("text", ["", "draw", "play", "play Q K", "play QS", "snowfall now", "play 2 2 2 2 2 2 2 2 2"])
def test_bad_move_text_raises_value_error(text):
    with pytest.raises(ValueError):
        parse_move(text)


def test_illegal_move_objects_name_a_rule():
    state = new_game(2, 1, hands=[["QS"], ["2S"]], pile=["3S"])
    for move in [Move("play", 12, 0), Move("play", 99, 1), ("dance", 1, 1), "juggle"]:
        with pytest.raises(IllegalMove) as err:
            state.apply(move)
        assert err.value.rule.startswith("AV-")


# -- new_game arguments ---------------------------------------------------------------------------


def test_hands_without_pile_get_the_rest_of_the_deck_shuffled():
    state = new_game(2, 7, hands=[["QS", "QH"], ["2C"]])
    assert state.hand_size(0) == 2 and state.pile_count == 107
    assert all_cards(state) == Counter(av.deck())
    assert state == new_game(2, 7, hands=[["QS", "QH"], ["2C"]])


def test_pile_without_hands_deals_from_the_rest():
    state = new_game(2, 7, pile=["QS", "QH"])
    assert state.pile_count == 2 and state.places()["pile"] == [parse_card("QS"), parse_card("QH")]
    assert [state.hand_size(s) for s in range(2)] == [10, 10]


def test_cards_may_be_card_objects():
    state = new_game(2, 7, hands=[[parse_card("QS")], [Card(2, "C")]], pile=[Card(15, "")])
    assert state.hand(1) == [parse_card("2C")]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"hands": [["QS"]]},  # one hand for two players
        {"hands": [["QS", "QS"], ["QS"]]},
        {"hands": [["ZZ"], ["QS"]]},
        {"hands": [["QS"], [Card(1, "S")]]},
        {"hands": ["QS", "QH"]},
        {"pile": ["Joker"] * 7},
        {"colour": "red"},
        {"hands": [["QS"], ["QH"]], "pile": ["QS", "QS"]},
    ],
)
def test_bad_new_game_arguments_raise(kwargs):
    with pytest.raises(ValueError):
        new_game(2, 1, **kwargs)


def test_bad_seed_raises():
    with pytest.raises(ValueError):
        new_game(2, 1.5)


def test_empty_scenario_hand_refills_or_is_out_before_play():
    state = new_game(3, 1, hands=[[], ["2S"], ["3S"]], pile=["4S", "5S"])
    assert state.hand_size(0) == 2 and state.current_player == 0
    state = new_game(3, 1, hands=[[], ["2S"], ["3S"]], pile=[], start=0)
    assert state.out == (0,) and state.current_player == 1


# -- views and JSON ---------------------------------------------------------------------------------


def test_view_hides_other_hands_pile_and_seed():
    state = new_game(4, 9)
    state = state.apply(state.legal_moves()[0])  # seat 0 snowfall
    view = state.view(1)
    assert view.hand(1) == state.hand(1)
    assert view.hand(0) == [] and view.hand_size(0) == 11
    assert view.pile_count == state.pile_count and view.places()["pile"] == []
    data = json.dumps(view.to_json())
    for seat in (0, 2, 3):
        for card in state.hand(seat):
            assert f'"{card}"' not in data or card in state.hand(1)
    assert view.seed is None and view.to_json()["pile"] is None
    assert all(c is None for e in view.events if e.secret for c in e.cards)
    assert av.from_json(view.to_json()) == view
    assert view.view(1) == view
    with pytest.raises(ValueError):
        view.view(2)


def test_view_of_the_acting_seat_has_the_same_legal_moves():
    state = new_game(3, 4)
    assert state.view(0).legal_moves() == state.legal_moves()
    view = state.view(0)
    with pytest.raises(ValueError):
        view.apply(av.SNOWFALL)  # a view cannot draw from a hidden pile
    move = state.legal_moves()[1]  # a play that keeps cards in hand needs no hidden card
    assert view.apply(move) == state.apply(move).view(0)


def test_json_round_trip_through_text():
    state = new_game(3, "seed", start=1)
    rng = random.Random(2)
    for _ in range(25):
        state = state.apply(rng.choice(state.legal_moves()))
        assert av.from_json(json.loads(json.dumps(state.to_json()))) == state
    assert hash(state) == hash(av.from_json(state.to_json()))


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.pop("hands"),
        lambda d: d.update(hands=d["hands"][:1]),
        lambda d: d.update(pile=["Q"]),
        lambda d: d.update(pile_count=-1),
        lambda d: d.update(turn=7),
        lambda d: d.update(neutral=["Joker"] * 7),
        lambda d: d.update(table=[{"seat": 0, "cards": ["QS", "KS"]}]),
        lambda d: d.update(game="grinch"),
        lambda d: d.update(players=9),
        lambda d: d.update(options={"x": 1}),
    ],
)
def test_damaged_json_raises_value_error(damage):
    data = json.loads(json.dumps(new_game(3, 1).to_json()))
    damage(data)
    with pytest.raises(ValueError):
        av.from_json(data)


def test_state_is_immutable():
    state = new_game(2, 1)
    with pytest.raises(AttributeError):
        state.turn = 1


# -- playout -----------------------------------------------------------------------------------------


def test_playout_leaves_state_unchanged_and_scores_are_plausible():
    rng = random.Random(1)
    for seed in range(30):
        state = new_game(4, seed)
        before = state.to_json()
        scores = av.playout(state, rng)
        assert state.to_json() == before
        assert len(scores) == 4 and all(s >= 0 for s in scores)
        assert sum(scores) <= 110


def test_playout_from_mid_game_and_from_the_end():
    rng = random.Random(3)
    state = new_game(3, 5)
    for _ in range(15):
        state = state.apply(rng.choice(state.legal_moves()))
    base = state.scores()
    scores = av.playout(state, rng)
    assert all(s >= b for s, b in zip(scores, base))
    over = play(new_game(2, 1, hands=[["QS"], ["KS"]], pile=[]), "play Q")
    assert av.playout(over, rng) == over.scores()
    with pytest.raises(ValueError):
        av.playout(new_game(2, 1).view(0), rng)


def test_playout_respects_forced_end_in_a_scenario():
    # Seat 0 must play its Q (empty pile), goes out, seat 1 alone: nothing collected.
    state = new_game(2, 1, hands=[["QS"], ["KS", "2H"]], pile=[])
    assert av.playout(state, random.Random(0)) == [0, 0]
