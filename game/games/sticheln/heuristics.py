"""Sticheln rules of thumb: what a good player weighs, as numbers.

A trick is worth +1 per card to whoever takes it, except cards of the
taker's pain colour, which cost their value.  So: take clean tricks, avoid
tricks that hold (or will attract) your pain colour, dump high cards of your
own pain colour while someone else is taking the trick (better still onto a
player for whom that colour hurts), and keep zeros as safe plays.
"""

from __future__ import annotations

import random
from typing import Any

from game.games.sticheln import rules as sticheln
from game.games.sticheln.rules import COLOURS
from game.rules import Phrase

_COLOUR = sticheln.COLOUR_OF
_VALUE = sticheln.VALUE_OF
_DELTA = sticheln.CARD_WORTH
_winner = sticheln.winning_index


def _card(code: int) -> str:
    return f"{COLOURS[_COLOUR[code]]} {_VALUE[code]}"


# -- choosing the pain card ----------------------------------------------------
def pick_scores(hand: tuple[int, ...]) -> dict[int, float]:
    """Score every possible pick: a long colour makes a good pain colour (you
    hold the cards that could hurt you, so fewer are out there, and you can
    dump them), and the picked card itself costs its value, so pick low."""
    by_colour: dict[int, list[int]] = {}
    for code in hand:
        by_colour.setdefault(_COLOUR[code], []).append(_VALUE[code])
    scores = {}
    for code in hand:
        values = by_colour[_COLOUR[code]]
        held = len(values) - 1  # cards of that colour left in hand
        scores[code] = 2.0 * held + 0.15 * (sum(values) - _VALUE[code]) - 1.2 * _VALUE[code]
        if _VALUE[code] == 0:
            scores[code] -= 1.0  # a zero is worth more as a safe play
    return scores


def best_pick(hand: tuple[int, ...]) -> int:
    scores = pick_scores(hand)
    return max(hand, key=lambda c: (scores[c], -c))


# -- playing a card ------------------------------------------------------------
class PlayContext:
    """What a seat knows at its turn to play, precomputed once per decision."""

    def __init__(self, view: sticheln.State) -> None:
        self.view = view
        me = view.current_player
        assert me is not None  # heuristics are asked only while the game is on
        self.me = me
        self.n = view.num_players
        self.trick = view.trick
        self.hand = view.hands[me]
        self.pains = [_COLOUR[p] if p >= 0 else None for p in view.picks]
        my_pain = self.pains[me]
        assert my_pain is not None  # playing: every pain card is revealed
        self.my_pain = my_pain
        self.to_come = self.n - len(self.trick) - 1
        self.top = max(_VALUE[c] for c in sticheln.deck_codes(self.n))
        seen = set(self.hand) | set(self.trick) | set(view.set_aside)
        for pile in view.won:
            seen.update(pile)
        for pick in view.picks:
            if pick >= 0:
                seen.add(pick)
        self.unseen = [c for c in sticheln.deck_codes(self.n) if c not in seen]
        totals = view.scores()
        self.leader_seat = max((s for s in range(self.n) if s != self.me), key=lambda s: (totals[s], -s))

    def seat_of(self, index: int) -> int:
        """Seat that played (or will play) position `index` of this trick."""
        return (self.view.leader + index) % self.n

    def expected_incoming(self) -> float:
        """What each card still to come adds to my trick, on average: +1, but
        opponents will happily dump my pain colour on me."""
        if not self.unseen:
            return 1.0
        pain = [c for c in self.unseen if _COLOUR[c] == self.my_pain]
        share = len(pain) / len(self.unseen)
        avg = sum(_VALUE[c] for c in pain) / len(pain) if pain else 0.0
        dumped = min(1.0, share * 2.5)  # they aim them at the taker
        return (1 - dumped) * 1.0 - dumped * avg

    def keep_chance(self, trick: tuple[int, ...], index: int) -> float:
        """Chance the card at `index`, winning now, still wins at the end."""
        if self.to_come == 0:
            return 1.0
        code = trick[index]
        value = _VALUE[code]
        lead = _COLOUR[trick[0]]
        beaters = 0
        for c in self.unseen:
            v = _VALUE[c]
            if v == 0:
                continue
            if _COLOUR[code] != lead:
                if _COLOUR[c] != lead and v > value:
                    beaters += 1
            elif _COLOUR[c] != lead or v > value:
                beaters += 1
        if not self.unseen:
            return 1.0
        frac = beaters / len(self.unseen)
        # each later player holds ~hand-size cards; they beat it if they want to
        hand_size = max(1, len(self.hand) - 1)
        per_player = (1 - frac) ** min(hand_size, 4)
        return max(0.05, per_player) ** self.to_come

    def score(self, code: int) -> tuple[float, Phrase]:
        """(value, reason) of playing `code` now."""
        trick = self.trick + (code,)
        index = _winner(trick)
        value = _VALUE[code]
        mine = _COLOUR[code] == self.my_pain
        score = 0.0
        reason: Phrase | None = None
        if index == len(trick) - 1:
            keep = self.keep_chance(trick, index)
            delta = _DELTA[self.my_pain]
            taken = sum(delta[c] for c in trick) + self.to_come * self.expected_incoming()
            score += keep * taken
            if taken >= 0:
                reason = Phrase(
                    "take_trick",
                    f"Take the trick with the {_card(code)}: it is worth +{taken:.0f} to you",
                    {"card": _card(code), "n": int(f"{taken:.0f}")},
                )
            else:
                reason = Phrase(
                    "risky_take", f"Play the {_card(code)} (risky: the trick may cost you)", {"card": _card(code)}
                )
        else:
            taker = None if index is None else self.seat_of(index)
            if mine and value > 0:
                score += 0.6 * value
                pain = COLOURS[self.my_pain]
                reason = Phrase(
                    "shed_pain",
                    f"Get rid of the {_card(code)}: {pain} is your pain colour",
                    {"card": _card(code), "colour": pain},
                )
            if taker is not None and self.pains[taker] == _COLOUR[code] and value > 0:
                bonus = 0.5 * value * (1.5 if taker == self.leader_seat else 1.0)
                score += bonus
                who = "the leader" if taker == self.leader_seat else f"seat {taker}"
                colour = COLOURS[_COLOUR[code]]
                text = f"Dump the {_card(code)} on {who}: {colour} is their pain colour"
                if taker == self.leader_seat:
                    reason = Phrase("dump_on_leader", text, {"card": _card(code), "colour": colour})
                else:
                    reason = Phrase("dump_on_seat", text, {"card": _card(code), "seat": taker, "colour": colour})
            if not reason:
                reason = Phrase("stay_out", f"Stay out of this trick with the {_card(code)}", {"card": _card(code)})
        # hand management: keep zeros as safe plays, keep pain cards only to dump
        if value == 0:
            score -= 0.8
        elif mine:
            score += 0.05 * value
        else:
            score -= 0.02 * value
        assert reason is not None
        return score, reason


def normal_move(view: sticheln.State, rng: random.Random) -> tuple[Any, str | None]:
    seat = view.current_player
    assert seat is not None
    if view.phase == "pick":
        hand = view.hands[seat]
        code = best_pick(hand)
        colour = COLOURS[_COLOUR[code]]
        return sticheln.PAIN_MOVES[code], Phrase(
            "pick_long",
            f"Pick the {_card(code)}: {colour} is your longest colour and a low pain card costs little",
            {"card": _card(code), "colour": colour},
        )
    ctx = PlayContext(view)
    best = None
    for code in ctx.hand:
        score, reason = ctx.score(code)
        key = (score, -code)
        if best is None or key > best[0]:
            best = (key, code, reason)
    assert best is not None  # a seat to play holds a card
    return sticheln.PLAY_MOVES[best[1]], best[2]


def easy_move(view: sticheln.State, rng: random.Random) -> tuple[Any, str | None]:
    """Rules of thumb with slips: a random card now and then, a random pick
    half the time, and otherwise only "don't win a trick with my pain card
    when I am last"."""
    seat = view.current_player
    assert seat is not None
    hand = view.hands[seat]
    if view.phase == "pick":
        if rng.random() < 0.5:
            code = min(hand, key=lambda c: (_VALUE[c], rng.random()))
        else:
            code = best_pick(hand)
        return sticheln.PAIN_MOVES[code], None
    if rng.random() < 0.3:
        return sticheln.PLAY_MOVES[rng.choice(hand)], None
    ctx = PlayContext(view)
    scored = sorted(hand, key=lambda c: -ctx.score(c)[0])
    pool = scored[:3] if len(scored) > 3 else scored
    return sticheln.PLAY_MOVES[rng.choice(pool)], None


def describe(view: sticheln.State, move: Any) -> str | None:
    """A one-line reason for any legal move (the Hint line for Hard)."""
    code = move.card.code
    if move.kind == "pain":
        colour = COLOURS[_COLOUR[code]]
        return Phrase(
            "pick_pain",
            f"Pick the {_card(code)}: {colour} becomes your pain colour",
            {"card": _card(code), "colour": colour},
        )
    return PlayContext(view).score(code)[1]
