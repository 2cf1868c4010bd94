"""Grinch: Grow Your Heart rules core.  One test (at least) per GR-... rule of
shared/rules/grinch.md, the worked examples, scenarios and the fast path."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from game.rules import IllegalMove, grinch
from game.rules.grinch import (
    BONUSES,
    CARDS,
    DRAW,
    ROWS,
    Card,
    Move,
    bonus,
    deck,
    from_json,
    hand_score,
    new_game,
    parse_card,
    parse_move,
    playout,
    row_score,
)


# -- helpers -------------------------------------------------------------------
def random_game(state, rng, until=None):
    """Play uniformly random legal moves; stop early when `until(state)`."""
    while not state.is_over and not (until and until(state)):
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def kinds(state):
    return [e.kind for e in state.events]


def scenario(num_players, hands, first=(), start=0):
    """A scenario game: given hands, the pile starts with `first` and goes on
    with the remaining cards in deck order (as many as one round needs)."""
    used = {c for h in hands for c in h} | set(first)
    rest = [str(c) for c in CARDS if str(c) not in used]
    need = 8 * num_players - sum(len(h) for h in hands) - len(first)
    pile = list(first) + rest[: max(need, 6 * num_players - len(first))]
    return new_game(num_players, 1, start=start, hands=hands, pile=pile)


def play(state, *moves):
    for move in moves:
        state = state.apply(move)
    return state


def drive(state, rng):
    """The slow reference for `playout`: same index rule through legal_moves()."""
    while not state.is_over:
        moves = state.legal_moves()
        k = len(moves)
        state = state.apply(moves[int(rng.random() * k) if k > 1 else 0])
    return state.scores()


# -- GR-1 players and components --------------------------------------------------
def test_GR_1_1_two_to_six_players():
    assert grinch.PLAYERS == range(2, 7)
    for n in grinch.PLAYERS:
        assert new_game(n, 0).num_players == n
    for bad in (1, 7, 0, "4", True):
        with pytest.raises(ValueError):
            new_game(bad, 0)


def test_GR_1_2_deck_of_48_unique_cards():
    cards = deck()
    assert len(cards) == 48 == len(set(cards)) == len({str(c) for c in cards})
    assert deck(6) == cards
    assert Counter(c.suit for c in cards) == {"W": 12, "N": 12, "O": 12, "P": 12}
    assert Counter((c.suit, c.rank) for c in cards) == {(s, r): 2 for s in "WNOP" for r in range(1, 7)}
    for code, card in enumerate(cards):
        assert card.code == code and CARDS[code] is card
        assert parse_card(str(card)) is card


def test_GR_1_3_bonus_data_is_one_table():
    # every fast-path lookup is derived from BONUSES, which is built from BONUS_RULES
    assert len(BONUSES) == 12
    for card in CARDS:
        spec = BONUSES.get(str(card))
        fast = grinch._BONUS[card.code]
        if spec is None:
            assert fast is None
        else:
            assert fast == (spec[0], grinch.SUITS.index(spec[1]), spec[2])


def test_GR_1_4_heart_tracker_3_4_5():
    rng = random.Random(1)
    state = new_game(4, 3)
    assert state.heart == 3 and state.turn == 1
    hearts = []
    while state.phase_name != "score":
        state = state.apply(rng.choice(state.legal_moves()))
        hearts += [e.info["heart"] for e in state.events if e.kind == "heart"]
    assert hearts == [4, 5]
    assert state.heart == 5 and state.turn == 3


# -- GR-2 game structure -----------------------------------------------------------
@pytest.mark.parametrize("n,rounds", [(2, 6), (3, 6), (4, 4), (5, 5), (6, 6)])
def test_GR_2_1_rounds_per_player_count(n, rounds):
    rng = random.Random(n)
    state = new_game(n, n)
    assert state.rounds == rounds
    played = 0
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        played += kinds(state).count("round_over")
    assert played == rounds
    assert "game_over" in kinds(state)
    assert all(len(p) == rounds for p in state.pad())


def test_GR_2_2_grinch_starts_and_passes_left():
    rng = random.Random(2)
    state = new_game(3, 5, start=2)
    assert state.grinch == 2 and state.current_player == 0  # the Grinch's left acts first
    grinches = [state.grinch]
    while not state.is_over:
        before = state.round
        state = state.apply(rng.choice(state.legal_moves()))
        if state.round != before and not state.is_over:
            grinches.append(state.grinch)
    assert grinches == [2, 0, 1, 2, 0, 1]
    with pytest.raises(ValueError, match="start"):
        new_game(3, 5, start=3)


# -- GR-3 round setup --------------------------------------------------------------
def test_GR_3_1_setup_deal_two_each_empty_discards():
    state = new_game(4, 11, start=1)
    first_who = 2
    assert state.current_player == first_who
    # the first Who already holds their turn-1 draw (forced step)
    assert [state.hand_size(s) for s in range(4)] == [2, 2, 4, 2]
    assert len(state.places()["pile"]) == 48 - 8 - 2
    assert all(state.discard_pile(s) == [] for s in range(4))
    dealt = [e for e in state.events if e.kind == "dealt"]
    assert [len(e.cards) for e in dealt] == [2, 2, 2, 2] and all(e.secret for e in dealt)
    # every round reshuffles all 48 and empties the discard piles
    rng = random.Random(3)
    state = random_game(state, rng, until=lambda s: s.round == 1)
    assert state.heart == 3 and state.turn == 1 and state.grinch == 2
    assert all(state.discard_pile(s) == [] for s in range(4))
    assert Counter(c for cards in state.places().values() for c in cards) == Counter(deck())
    assert [state.hand_size(s) for s in range(4)] == [2, 2, 2, 4]  # seat 3 acts first


def test_GR_3_1_seeded_deals_are_reproducible():
    a, b = new_game(5, "s"), new_game(5, "s")
    assert a == b and a.places() == b.places()
    assert new_game(5, "t").places() != a.places()


# -- GR-4 turns ----------------------------------------------------------------------
def test_GR_4_1_whos_then_grinch_each_turn():
    rng = random.Random(4)
    state = new_game(4, 2, start=3)
    order = []
    for _ in range(3 * 3):  # three turns: three Whos' discards + 3 Grinch moves
        order.append(state.current_player)
        state = state.apply(rng.choice(state.legal_moves()))
    assert order == [0, 1, 2, 3, 3, 3, 0, 1, 2]


def test_GR_4_2_who_draws_two_then_discards_one_hidden_until_all_revealed():
    state = scenario(3, [["W1a", "W2a"], ["N1a", "N2a"], ["O1a", "O2a"]], first=["P1a", "P2a", "P3a", "P4a"])
    # seat 0 is the Grinch; seat 1 holds its two draws already
    assert state.hand(1) == [parse_card(c) for c in ("N1a", "N2a", "P1a", "P2a")]
    assert state.legal_moves() == [parse_move(f"discard {c}") for c in state.hand(1)]
    with pytest.raises(IllegalMove, match="GR-4.2"):
        state.apply("draw")
    with pytest.raises(IllegalMove, match="GR-4.2"):
        state.apply("discard W1a")
    state = state.apply("discard P2a")
    assert state.places()["pending 1"] == [parse_card("P2a")]
    assert state.discard_pile(1) == []
    event = state.events[0]
    assert event.kind == "discarded" and event.secret and event.seat == 1
    # seat 2 now holds its draws; nobody else sees seat 1's discard
    assert state.current_player == 2 and state.hand_size(2) == 4
    assert parse_card("P3a") in state.hand(2)
    for seat in (0, 2):
        view = state.view(seat)
        assert view.pending_discard(1) is None and view.has_pending(1)
        assert "P2a" not in json.dumps(view.to_json())
        assert view.events[0].cards == (None,)
    assert state.view(1).pending_discard(1) == parse_card("P2a")
    state = state.apply("discard O1a")
    revealed = [e for e in state.events if e.kind == "revealed"]
    assert len(revealed) == 1 and not revealed[0].secret
    assert revealed[0].cards == (parse_card("P2a"), parse_card("O1a"))
    assert revealed[0].info == {"seats": [1, 2]}
    assert state.discard_pile(1) == [parse_card("P2a")]
    assert state.discard_pile(2) == [parse_card("O1a")]
    assert state.places()["pending 1"] == [] and state.current_player == 0


def two_player_at_grinch():
    """2 players, seat 0 Grinch; seat 1 discarded N1a, so it is the Grinch's go."""
    state = scenario(2, [["W1a", "W2a"], ["N1a", "N2a"]], first=["P1a", "P2a", "P3a", "P4a"])
    return state.apply("discard N1a")


def test_GR_4_3_grinch_takes_two_then_discards():
    state = two_player_at_grinch()
    assert state.current_player == 0 and state.takes_left == 2
    assert state.legal_moves() == [DRAW, Move("take", 1)]
    with pytest.raises(IllegalMove, match="GR-4.3") as err:
        state.apply("discard W1a")
    assert "takes two cards first" in str(err.value)
    with pytest.raises(IllegalMove, match="GR-4.3"):
        state.apply("take 0")  # own pile is still empty
    state = state.apply("take 1")
    took = state.events[0]
    # the taken card was face up on a discard pile: everyone saw it go
    assert took.kind == "took" and not took.secret and took.seat == 0 and took.info == {"from": 1}
    assert state.view(1).events[0].cards == (parse_card("N1a"),)
    assert state.view(1).known_cards(0) == [parse_card("N1a")]
    assert parse_card("N1a") in state.hand(0) and state.discard_pile(1) == []
    assert state.view(1).hand(0) == []  # the rest of the Grinch's hand stays hidden
    state = state.apply("draw")
    assert state.events[0].kind == "drew" and state.events[0].secret
    assert parse_card("P3a") in state.hand(0)
    with pytest.raises(IllegalMove, match="GR-4.3"):
        state.apply("draw")
    assert state.legal_moves() == [parse_move(f"discard {c}") for c in state.hand(0)]
    state = state.apply("discard P3a")
    assert state.discard_pile(0) == [parse_card("P3a")]
    assert state.events[0].kind == "discarded" and not state.events[0].secret


def test_GR_4_3_own_pile_and_same_pile_twice():
    state = two_player_at_grinch()
    state = play(state, "draw", "draw", "discard W1a")  # Grinch pile: W1a
    state = state.apply("discard N2a")  # Who's turn 2 discard, revealed at once
    assert state.current_player == 0
    assert Move("take", 0) in state.legal_moves()  # own pile included
    # put a second card on the Who's pile by a later turn: take the top twice
    state = play(state, "take 0", "take 1", "discard W1a")
    assert state.discard_pile(0) == [parse_card("W1a")]
    hand1 = state.hand(1)
    state = state.apply(f"discard {hand1[0]}")
    state = play(state, "take 0")
    assert state.discard_pile(0) == []
    with pytest.raises(IllegalMove, match="GR-4.3"):
        state.apply("take 0")


def test_GR_4_3_second_take_from_same_pile_takes_new_top():
    state = two_player_at_grinch()
    state = play(state, "draw", "draw")
    grinch_hand = state.hand(0)
    state = state.apply(f"discard {grinch_hand[0]}")
    state = state.apply(f"discard {state.hand(1)[0]}")
    # Grinch pile: [grinch_hand[0]] ; Who pile: two cards now
    assert len(state.discard_pile(1)) == 2
    top, under = state.discard_pile(1)
    state = play(state, "take 1", "take 1")
    assert top in state.hand(0) and under in state.hand(0)
    assert state.discard_pile(1) == []


def test_GR_4_4_hand_sizes_three_four_five():
    rng = random.Random(5)
    state = new_game(5, 8)
    sizes = []
    while state.phase_name != "score":
        before = state.turn
        state = state.apply(rng.choice(state.legal_moves()))
        if state.turn != before or state.phase_name == "score":
            # the new turn's first Who already holds two more cards
            first = (state.grinch + 1) % 5
            sizes.append(
                [state.hand_size(s) - (2 if s == first and state.phase_name == "who" else 0) for s in range(5)]
            )
    assert sizes == [[3] * 5, [4] * 5, [5] * 5]


def test_GR_4_5_draw_pile_never_runs_out_with_six_players():
    rng = random.Random(6)
    for seed in range(3):
        state = new_game(6, seed)
        assert len(state.places()["pile"]) == 48 - 12 - 2
        while not state.is_over:
            moves = state.legal_moves()
            # prefer drawing to stress the pile
            state = state.apply(DRAW if DRAW in moves else rng.choice(moves))
            if state.phase_name == "score":
                assert state.places()["pile"] == []


def test_GR_4_5_scenario_pile_too_small_raises():
    hands = [["W1a", "W2a"], ["N1a", "N2a"]]
    rest = [str(c) for c in CARDS if str(c) not in {"W1a", "W2a", "N1a", "N2a"}]
    new_game(2, 0, hands=hands, pile=rest[:12])  # just enough
    with pytest.raises(ValueError, match="GR-4.5"):
        new_game(2, 0, hands=hands, pile=rest[:11])
    with pytest.raises(ValueError, match="GR-4.5"):
        new_game(4, 0, pile=rest[:23])  # 4 players may draw 24 in a round


# -- GR-5 scoring ------------------------------------------------------------------
def test_GR_5_1_suit_rows_and_rainbow():
    hand = ["W1b", "W6a", "N3a", "O4b", "O2b"]
    assert row_score(hand, "wreaths") == 7
    assert row_score(hand, "noise") == 3
    assert row_score(hand, "ornaments") == 6
    assert row_score(hand, "presents") == 0
    assert row_score(hand, "rainbow") == 6 + 3 + 4 + 0


def test_GR_5_1_match_examples():
    assert row_score(["W3a", "N3a", "O3a", "P5a", "W5b"], "match") == 10  # three + a pair
    assert row_score(["W3a", "N3a", "O3a", "P3a", "W5b"], "match") == 20
    assert row_score(["W3a", "W3b", "N3a", "N3b", "O3a"], "match") == 30
    assert row_score(["W3a", "N3a", "O5a", "P5a", "W6b"], "match") == 0


def test_GR_5_1_run_examples():
    assert row_score(["W1a", "N2a", "O3a", "P4a", "W4b"], "run") == 15  # 1-2-3-4-4
    assert row_score(["W1a", "N2a", "O3a", "P4a", "W5b"], "run") == 25
    assert row_score(["W2a", "N3a", "O4a", "P5a", "W6b"], "run") == 25
    assert row_score(["W5a", "N6a", "O1a", "P2a", "W3b"], "run") == 0  # 6 does not wrap
    assert row_score(["W4a", "N5a", "O6a", "P1a", "W2b"], "run") == 0
    assert row_score(["W1a", "N2a", "O3a", "P5a", "W6b"], "run") == 0


def test_GR_5_1_rows_are_not_reused_and_choices_are_secret():
    rng = random.Random(7)
    state = random_game(new_game(3, 4), rng, until=lambda s: s.phase_name == "score")
    grinch_seat = state.grinch
    order = [(grinch_seat + k) % 3 for k in (1, 2, 3)]
    assert state.current_player == order[0]
    assert state.legal_moves() == [Move("score", r) for r in ROWS]
    with pytest.raises(IllegalMove, match="GR-5.1"):
        state.apply("draw")
    state = state.apply("score run")
    assert state.current_player == order[1]
    for seat in range(3):
        view = state.view(seat)
        if seat == order[0]:
            assert view.chosen_row(order[0]) == "run"
        else:
            assert view.chosen_row(order[0]) is None and view.has_chosen(order[0])
            assert '"run"' not in json.dumps(view.to_json())
    assert state.events[0].kind == "chose" and state.events[0].info is None
    state = play(state, "score match", "score rainbow")
    scored = {e.seat: e.info for e in state.events if e.kind == "scored"}
    assert {s: i["row"] for s, i in scored.items()} == {order[0]: "run", order[1]: "match", order[2]: "rainbow"}
    assert "round_over" in kinds(state) and state.round == 1
    # the row cannot be used again by the same seat
    state = random_game(state, rng, until=lambda s: s.phase_name == "score")
    seat = state.current_player
    used = set(state.pad()[seat])
    assert state.open_rows(seat) == [r for r in ROWS if r not in used]
    row = next(iter(used))
    with pytest.raises(IllegalMove, match="GR-5.1") as err:
        state.apply(f"score {row}")
    assert "already used" in str(err.value)


def test_GR_5_1_bad_row_raises():
    with pytest.raises(ValueError):
        row_score(["W1a"], "flush")
    with pytest.raises(ValueError):
        hand_score(["W1a"], 3)
    with pytest.raises(ValueError):
        parse_move("score flush")
    assert row_score(["W1a"], " Wreaths ") == 1


def test_GR_5_2_zero_row_may_be_chosen_and_a_row_is_always_open():
    state = scenario(2, [["W1b", "W3a"], ["N4a", "N5a"]])
    rng = random.Random(8)
    state = random_game(state, rng, until=lambda s: s.phase_name == "score")
    seat = state.current_player
    hand = state.hand(seat)
    zero_rows = [r for r in ROWS if row_score(hand, r) == 0]
    assert zero_rows  # five cards can never fill every suit row
    state = state.apply(f"score {zero_rows[0]}")
    state = state.apply(state.legal_moves()[0])
    assert state.pad()[seat][zero_rows[0]] == bonus(hand)
    # a whole game: every scoring decision has an open row
    state = new_game(6, 1)
    while not state.is_over:
        assert state.legal_moves()
        state = state.apply(rng.choice(state.legal_moves()))
    assert all(len(p) == 6 for p in state.pad())


def test_GR_5_3_round_score_is_row_plus_all_bonuses():
    # seat 1 (a Who) keeps W1a + N cards: the W1a bonus counts whatever row is chosen
    state = scenario(
        2, [["O5a", "O6a"], ["W1a", "N3a"]], first=["N5a", "O4a", "P6a", "P5a", "N6b", "W6b", "P4a", "P3a"]
    )
    rng = random.Random(9)
    state = random_game(state, rng, until=lambda s: s.phase_name == "score")
    hands = [state.hand(s) for s in range(2)]
    state = play(state, "score presents", "score run")  # seat 1 first, Grinch (0) last
    scored = {e.seat: e.info for e in state.events if e.kind == "scored"}
    for seat, row in ((1, "presents"), (0, "run")):
        info = scored[seat]
        assert info["row"] == row
        assert info["row_points"] == row_score(hands[seat], row)
        assert info["bonus"] == bonus(hands[seat])
        assert info["points"] == hand_score(hands[seat], row) == state.pad()[seat][row]
    assert state.scores() == [scored[0]["points"], scored[1]["points"]]


def test_GR_5_4_highest_total_wins_and_ties_share():
    rng = random.Random(10)
    state = random_game(new_game(3, 9), rng)
    totals = state.scores()
    assert state.winners() == [s for s, t in enumerate(totals) if t == max(totals)]
    over = [e for e in state.events if e.kind == "game_over"][0]
    assert over.info == {"scores": totals, "winners": state.winners()}
    assert state.current_player is None and state.legal_moves() == []
    with pytest.raises(IllegalMove, match="GR-5.4"):
        state.apply("draw")
    data = state.to_json()
    data["pad"] = [{r: 5 for r in ROWS[:6]}] * 3
    tied = from_json(data)
    assert tied.scores() == [30, 30, 30] and tied.winners() == [0, 1, 2]


# -- GR-6 bonuses -----------------------------------------------------------------
def test_GR_6_1_plus5_needs_one_plus10_needs_three_each_checked_alone():
    assert bonus(["W1a", "N3a"]) == 5
    assert bonus(["W1a", "O3a"]) == 0
    assert bonus(["W2a", "O3a", "O4a"]) == 0
    assert bonus(["W2a", "O3a", "O4a", "O5a"]) == 10
    # one Noise card supports both W1a (needs N) and O1b (needs N)
    assert bonus(["W1a", "O1b", "N6a"]) == 10
    # three Ornaments support W2a, and O1a needs a Presents card
    assert bonus(["W2a", "O3a", "O4a", "O1a", "P4a"]) == 15
    # bonus cards support each other: W1a needs N, N1b needs W
    assert bonus(["W1a", "N1b"]) == 10


def test_GR_6_2_a_card_never_supports_itself():
    for code, (_points, suit, _need) in BONUSES.items():
        assert code[0] != suit
        own = [code] + [str(c) for c in CARDS if c.suit == code[0] and str(c) != code][:4]
        assert bonus(own) == 0


def test_GR_6_3_card_data_table():
    assert BONUSES["W1a"] == (5, "N", 1)  # first copy of 1: next suit
    assert BONUSES["P1a"] == (5, "W", 1)  # wraps P -> W
    assert BONUSES["W1b"] == (5, "P", 1)  # second copy of 1: previous suit
    assert BONUSES["N1b"] == (5, "W", 1)
    assert BONUSES["W2a"] == (10, "O", 3)  # first copy of 2: opposite suit, three cards
    assert BONUSES["N2a"] == (10, "P", 3)
    assert BONUSES["O2a"] == (10, "W", 3)
    assert BONUSES["P2a"] == (10, "N", 3)
    assert set(BONUSES) == {f"{s}{r}" for s in "WNOP" for r in ("1a", "1b", "2a")}


def test_GR_6_4_worked_examples():
    hand = ["W1a", "N3a", "N5a", "O6a", "P2b"]  # no bonus on that P2
    assert bonus(hand) == 5
    assert row_score(hand, "wreaths") == 1 and hand_score(hand, "wreaths") == 6
    assert row_score(hand, "noise") == 8 and hand_score(hand, "noise") == 13
    assert row_score(hand, "rainbow") == 14 and hand_score(hand, "rainbow") == 19
    assert hand_score([parse_card(c) for c in hand], "rainbow") == 19


# -- GR-7 conservation -----------------------------------------------------------------
def test_GR_7_every_card_in_exactly_one_place():
    rng = random.Random(11)
    full = Counter(deck())
    for n in (2, 4, 6):
        state = new_game(n, n * 7)
        while not state.is_over:
            assert Counter(c for cs in state.places().values() for c in cs) == full
            state = state.apply(rng.choice(state.legal_moves()))
        assert Counter(c for cs in state.places().values() for c in cs) == full


def test_GR_7_scenario_cards_are_the_games_cards():
    state = scenario(2, [["W1a", "W2a"], ["N1a", "N2a"]])
    cards = Counter(c for cs in state.places().values() for c in cs)
    assert sum(cards.values()) == 16
    state = random_game(state, random.Random(12), until=lambda s: s.round == 1)
    assert Counter(c for cs in state.places().values() for c in cs) == cards


# -- notation -------------------------------------------------------------------------
def test_card_notation_forgiving_and_strict():
    assert parse_card(" w1A ") is parse_card("W1a") is CARDS[0]
    assert parse_card(" w1A ") == Card("W", 1, "a")
    assert str(parse_card("p6B")) == "P6b"
    for bad in ("X1a", "W7a", "W0a", "W1c", "", "W1", "W11a"):
        with pytest.raises(ValueError, match="not a Grinch card"):
            parse_card(bad)


def test_move_notation_round_trip_and_interning():
    for text in ("draw", "take 0", "take 5", "discard W1a", "score rainbow"):
        move = parse_move(text)
        assert str(move) == text and parse_move(str(move)) is move
    assert parse_move("  DISCARD  p6b ") is parse_move("discard P6b")
    assert parse_move("Score Run") == Move("score", "run")
    for bad in ("", "draw 2", "take", "take x", "take 9", "discard", "score", "pass"):
        with pytest.raises(ValueError):
            parse_move(bad)
    state = new_game(4, 0)
    with pytest.raises(IllegalMove):
        state.apply("jump")
    moves = new_game(4, 0).legal_moves()
    assert all(m is parse_move(str(m)) for m in moves)


# -- new_game arguments and scenarios -------------------------------------------------
def test_new_game_bad_arguments():
    with pytest.raises(ValueError, match="unknown option"):
        new_game(4, 0, rounds=3)
    with pytest.raises(ValueError, match="hands"):
        new_game(3, 0, hands=[["W1a", "W2a"], ["N1a", "N2a"]])
    with pytest.raises(ValueError, match="not a Grinch card"):
        new_game(2, 0, hands=[["W1a", "Z9a"], ["N1a", "N2a"]])
    with pytest.raises(ValueError, match="more copies"):
        new_game(2, 0, hands=[["W1a", "W1a"], ["N1a", "N2a"]])
    with pytest.raises(ValueError, match="more copies"):
        new_game(2, 0, hands=[["W1a", "W2a"], ["N1a", "N2a"]], pile=["W1a"] + ["O1a"] * 12)
    with pytest.raises(ValueError):
        new_game(2, 0, hands=[["W1a", "W2a"], ("red 4", "N2a")])
    with pytest.raises(ValueError):
        new_game(2, 0, hands="W1a W2a")
    with pytest.raises(ValueError):
        new_game(2, 1.5)
    with pytest.raises(ValueError, match="start"):
        new_game(2, 0, start=-1)


def test_scenario_hands_without_pile_get_the_rest_shuffled():
    hands = [["W1a", "W2a"], ["N1a", Card("N", 2, "a")]]
    state = new_game(2, 3, hands=hands)
    assert state.hand(0) == [parse_card("W1a"), parse_card("W2a")]
    assert Counter(c for cs in state.places().values() for c in cs) == Counter(deck())
    assert new_game(2, 3, hands=hands) == state


def test_scenario_pile_without_hands_is_the_whole_draw_pile():
    pile = [str(c) for c in CARDS[:20]]
    state = new_game(2, 0, pile=pile)  # hands come from the cards not in the pile
    # the first Who (seat 1) has already drawn the pile's top two
    assert state.places()["pile"] == [parse_card(c) for c in pile[2:]]
    assert {"W1a", "W1b"} <= {str(c) for c in state.hand(1)}
    held = [str(c) for seat in (0, 1) for c in state.hand(seat)]
    assert len(held) == 6 and set(held) & set(pile) == {"W1a", "W1b"}


# -- views, JSON, events ------------------------------------------------------------
def test_view_hides_hands_pile_seed_and_keeps_sizes():
    state = new_game(4, 21)
    view = state.view(2)
    assert view.viewer == 2 and view.seed is None
    assert view.hand(1) == [] and view.hand_size(1) == state.hand_size(1) == 4
    assert view.hand(2) == state.hand(2)
    assert view.places()["pile"] == [] and view.pile_size() == state.pile_size()
    text = json.dumps(view.to_json())
    for seat in (0, 1, 3):
        for card in state.hand(seat):
            assert f'"{card}"' not in text
    for card in state.places()["pile"]:
        assert f'"{card}"' not in text
    assert from_json(json.loads(text)) == view
    assert view.view(2) == view
    with pytest.raises(ValueError):
        view.view(1)


def test_view_cannot_apply_moves():
    state = new_game(2, 1)
    view = state.view(state.current_player)
    with pytest.raises(ValueError, match="view"):
        view.apply(view.legal_moves()[0])


def test_json_round_trip_and_damaged_data():
    rng = random.Random(13)
    state = random_game(new_game(5, "j"), rng, until=lambda s: s.round == 1 and s.turn == 2)
    data = json.loads(json.dumps(state.to_json()))
    assert from_json(data) == state and grinch.State.from_json(data) == state
    broken = dict(data, phase="nap")
    with pytest.raises(ValueError):
        from_json(broken)
    broken = json.loads(json.dumps(data))
    broken["hands"][0] = broken["hands"][0][1:]  # a card goes missing
    with pytest.raises(ValueError, match="deck"):
        from_json(broken)
    broken = json.loads(json.dumps(data))
    del broken["pile"]
    with pytest.raises(ValueError):
        from_json(broken)
    with pytest.raises(ValueError):
        from_json(dict(data, game="sticheln"))
    with pytest.raises(ValueError):
        from_json(dict(data, hands=[["W1a"]]))


def test_events_are_plain_json_and_secret_draws():
    rng = random.Random(14)
    state = new_game(3, 2)
    for _ in range(40):
        for event in state.events:
            json.dumps(event.to_json())
            if event.kind in ("dealt", "drew"):
                assert event.secret
            if event.kind == "took":  # from a face-up discard pile: public
                assert not event.secret
        state = state.apply(rng.choice(state.legal_moves()))


def test_apply_leaves_state_unchanged_and_illegal_move_names_rule():
    state = new_game(4, 5)
    before = state.to_json()
    with pytest.raises(IllegalMove) as err:
        state.apply("score run")
    assert err.value.rule == "GR-5.1"
    assert state.to_json() == before
    after = state.apply(state.legal_moves()[0])
    assert state.to_json() == before and after != state


# -- the fast path -------------------------------------------------------------------
def test_playout_matches_a_legal_moves_apply_game_exactly_in_the_last_round():
    # later deals come from the playout's rng, so compare within the last round
    rng = random.Random(15)
    for i in range(30):
        n = 2 + i % 5
        state = new_game(n, i, start=i % n)
        while state.round < state.rounds - 1:
            state = state.apply(rng.choice(state.legal_moves()))
        for _ in range(rng.randrange(30)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_moves()))
        assert playout(state, random.Random(i)) == drive(state, random.Random(i))


def test_playout_leaves_state_unchanged_and_scores_are_plausible():
    state = new_game(4, 99)
    before = state.to_json()
    rng = random.Random(16)
    for _ in range(20):
        totals = playout(state, rng)
        assert len(totals) == 4
        # 4 rounds, at most 30 + bonuses (15 from +5s, 40 from +10s) per round
        assert all(0 <= t <= 4 * 85 for t in totals)
    assert state.to_json() == before
    done = random_game(state, rng)
    assert playout(done, rng) == done.scores()
    with pytest.raises(ValueError):
        playout(state.view(0), rng)
