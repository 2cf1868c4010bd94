"""Why the better Sticheln move was better, from the position (the `coach` part).

A review mark names the better move; this says why in the game's terms:
which pain cards a trick would bring and to whom, which card of the pain
colour was shed, which card was thrown away that could have taken a clean
trick later, and for a pain pick, which colour is long in the hand, how
many points of it are still out there, what the card itself costs.

For a card played, both moves are played on the same few worlds consistent
with the seat's view (`game.ai.explain.worlds`), the rest of the trick by
Normal's rules of thumb for every seat, so "takes the trick" means what
usually happens next, not what could.  The words are said impersonally
("the pain colour"): a face-up replay speaks to nobody as "you".

Codes (params: `card` the better move's card, `played` the card played,
`colour`/`other` colours, `seat` another seat, `cards` card lists, `n`/`m`
numbers); their messages are the words part's `COACH`.  No pygame.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.ai.explain import play_on, worlds
from game.games.sticheln import rules as sticheln
from game.games.sticheln.rules import COLOURS
from game.rules import Phrase

WORLDS = 12  # worlds each move is played on to the end of the trick
_COLOUR = sticheln.COLOUR_OF
_VALUE = sticheln.VALUE_OF
_WORTH = sticheln.CARD_WORTH
HIGH = 6  # from this value on a card can usually take a trick

#: Every code this part says (each has a message in the words part's `COACH`).
CODES = (
    "st_pick_cheaper",
    "st_pick_zero",
    "st_pick_at_stake",
    "st_pick_longer",
    "st_pick_fewer_out",
    "st_pick_free",
    "st_took_pain_seen",
    "st_took_own_pain",
    "st_took_pain",
    "st_take_clean",
    "st_take_worth",
    "st_take_cheaper",
    "st_shed_pain",
    "st_take_lead",
    "st_keep_low",
    "st_keep_zero",
    "st_keep_high",
    "st_keep_pain",
    "st_keep_card",
)


def _name(code: int) -> str:
    return f"{COLOURS[_COLOUR[code]]} {_VALUE[code]}"


def reason(view: sticheln.State, chosen: Any, best: Any, rng: random.Random) -> Phrase | None:
    """Why `best` was better than `chosen` at `view` (the acting seat's view)."""
    if chosen == best:
        return None
    if view.phase == "pick":
        return _pick(view, chosen.card.code, best.card.code)
    return _play(view, chosen.card.code, best.card.code, rng)


# -- choosing the pain card ------------------------------------------------------------
def _pick(view: sticheln.State, played: int, card: int) -> Phrase:
    me = view.current_player
    assert me is not None
    hand = view.hands[me]
    deck = sticheln.deck_codes(view.num_players)
    mine = set(hand)

    def held(code: int) -> int:
        return sum(1 for c in hand if _COLOUR[c] == _COLOUR[code] and c != code)

    def out_there(code: int) -> int:
        return sum(_VALUE[c] for c in deck if _COLOUR[c] == _COLOUR[code] and c not in mine)

    def at_stake(code: int) -> int:
        return sum(_VALUE[c] for c in hand if _COLOUR[c] == _COLOUR[code] and c != code)

    b, p = {"card": _name(card), "played": _name(played)}, _COLOUR[card] == _COLOUR[played]
    cb, cp = COLOURS[_COLOUR[card]], COLOURS[_COLOUR[played]]
    if _VALUE[played] == 0 and _VALUE[card] > 0:
        return Phrase(
            "st_pick_zero",
            f"{b['played']} is a zero: kept in hand it can never take a trick, a safe card to play later",
            b,
        )
    cheaper = Phrase(
        "st_pick_cheaper",
        f"as the pain card {b['card']} costs only {_VALUE[card]} at the end; {b['played']} would cost {_VALUE[played]}",
        {**b, "n": _VALUE[card], "m": _VALUE[played]},
    )
    if p or _VALUE[played] - _VALUE[card] >= 3:
        return cheaper
    stake_b, stake_p = at_stake(card), at_stake(played)
    if stake_b + 5 <= stake_p:
        return Phrase(
            "st_pick_at_stake",
            f"as the pain colour, the {cp} cards in hand would put {stake_p} at risk, the {cb} ones only {stake_b}",
            {**b, "colour": cb, "other": cp, "n": stake_b, "m": stake_p},
        )
    if held(card) > held(played):
        n, m = held(card), held(played)
        return Phrase(
            "st_pick_longer",
            f"the hand holds {n} more {cb} cards to shed and only {m} {cp}: a long colour hurts least",
            {**b, "colour": cb, "other": cp, "n": n, "m": m},
        )
    n, m = out_there(card), out_there(played)
    if n + 5 <= m:
        return Phrase(
            "st_pick_fewer_out",
            f"the other hands hold {n} points of {cb} that could come back, against {m} of {cp}",
            {**b, "colour": cb, "other": cp, "n": n, "m": m},
        )
    if _VALUE[card] < _VALUE[played]:
        return cheaper
    return Phrase(
        "st_pick_free",
        f"with {cb} as the pain colour, {b['played']} and the other {cp} cards stay free to take tricks",
        {**b, "colour": cb, "other": cp},
    )


# -- playing a card ----------------------------------------------------------------------
class _Outcome:
    """What usually happens to this trick after one card: who takes it, what it
    is worth to the seat, the pain cards it brings the seat when it takes it."""

    def __init__(self) -> None:
        self.takers: Counter[int | None] = Counter()
        self.mine = 0.0
        self.pain: Counter[int] = Counter()  # pain-colour cards in the tricks the seat took
        self.count = 0

    def add(self, taker: int | None, trick: tuple[int, ...], me: int, pain: int) -> None:
        self.count += 1
        self.takers[taker] += 1
        if taker == me:
            self.mine += sum(_WORTH[pain][c] for c in trick)
            self.pain.update(c for c in trick if _COLOUR[c] == pain and _VALUE[c] > 0)

    def took(self, me: int) -> float:
        return self.takers[me] / max(1, self.count)

    def value(self) -> float:
        return self.mine / max(1, self.count)

    def other_taker(self, me: int) -> int | None:
        others = [(n, -(s or 0), s) for s, n in self.takers.items() if s is not None and s != me]
        return max(others)[2] if others else None


def _trick_done(state: Any) -> bool:
    return any(e.kind in ("trick_won", "set_aside", "round_scored") for e in state.events)


def _outcome(view: sticheln.State, code: int, rng: random.Random, seeds: list[Any], me: int, pain: int) -> _Outcome:
    out = _Outcome()
    move = sticheln.PLAY_MOVES[code]
    for world, luck in seeds:
        after = play_on(world.apply(move), _trick_done, random.Random(luck), limit=view.num_players)
        for e in after.events:
            if e.kind == "trick_won":
                out.add(e.seat, tuple(c.code for c in e.cards), me, pain)
                break
            if e.kind == "set_aside":
                out.add(None, (), me, pain)
                break
    return out


def _play(view: sticheln.State, played: int, card: int, rng: random.Random) -> Phrase:
    me = view.current_player
    assert me is not None
    pain = view.picks[me]
    assert pain >= 0  # playing: every pain card is revealed
    colour = _COLOUR[pain]
    seeds = [(w, rng.getrandbits(32)) for w in worlds(view, rng, WORLDS)]
    c = _outcome(view, played, rng, seeds, me, colour)
    b = _outcome(view, card, rng, seeds, me, colour)
    names = {"card": _name(card), "played": _name(played), "colour": COLOURS[colour]}
    lost = b.value() - c.value()
    if lost >= 1.0 and c.took(me) >= 0.5 and c.value() < 0:
        cost = max(1, round(-c.value()))
        seen = [x for x in view.trick if _COLOUR[x] == colour and _VALUE[x] > 0]
        if _COLOUR[played] == colour and _VALUE[played] > 0 and not seen:
            return Phrase(
                "st_took_own_pain",
                f"{names['played']} is of the pain colour and takes the trick itself: it costs about {cost}",
                {**names, "n": cost},
            )
        if seen:
            cards = [_name(x) for x in seen]
            return Phrase(
                "st_took_pain_seen",
                f"{names['played']} takes a trick that already holds {', '.join(cards)}, the pain colour: "
                f"about {cost} points lost",
                {**names, "cards": cards, "n": cost},
            )
        return Phrase(
            "st_took_pain",
            f"{names['played']} usually takes this trick, and the others dump {names['colour']}, "
            f"the pain colour, on it: about {cost} points lost",
            {**names, "n": cost},
        )
    if lost >= 1.0 and b.took(me) >= 0.5 and b.value() > 0:
        if c.took(me) >= 0.5:
            return Phrase(
                "st_take_cheaper",
                f"both take the trick, but with {names['card']} it is worth about {round(b.value())} "
                f"instead of {round(c.value())}",
                {**names, "n": round(b.value()), "m": round(c.value())},
            )
        if sum(b.pain.values()) * 2 > b.takers[me]:  # it usually brings some of the pain colour
            return Phrase(
                "st_take_worth",
                f"{names['card']} usually takes this trick, worth about +{max(1, round(b.value()))} even with "
                f"the pain colour in it",
                {**names, "n": max(1, round(b.value()))},
            )
        return Phrase(
            "st_take_clean",
            f"{names['card']} usually takes this trick for about +{max(1, round(b.value()))}, "
            f"with none of the pain colour in it",
            {**names, "n": max(1, round(b.value()))},
        )
    taker = b.other_taker(me)
    if _COLOUR[card] == colour and _VALUE[card] > 0 and b.took(me) < 0.5 and taker is not None:
        return Phrase(
            "st_shed_pain",
            f"{names['card']} sheds the pain colour into seat {taker}'s trick: it can no longer cost "
            f"{_VALUE[card]} later",
            {**names, "seat": taker, "n": _VALUE[card]},
        )
    if _VALUE[played] == 0 and _VALUE[card] > 0:
        return Phrase(
            "st_keep_zero",
            f"it keeps {names['played']} for later: a zero never takes a trick, the safe card when a trick "
            f"holds the pain colour",
            names,
        )
    if _COLOUR[played] != colour and _VALUE[played] >= HIGH and c.took(me) < 0.5:
        taker = c.other_taker(me)
        if taker is not None:
            return Phrase(
                "st_keep_high",
                f"{names['played']} goes into seat {taker}'s trick for nothing; kept, it can take a clean trick later",
                {**names, "seat": taker},
            )
    if b.took(me) >= 0.5 and c.took(me) < 0.5 and b.value() >= 0:
        return Phrase(
            "st_take_lead",
            f"{names['card']} takes this trick and leads the next one",
            names,
        )
    if _COLOUR[played] != colour and 0 < _VALUE[played] <= 3:
        return Phrase(
            "st_keep_low",
            f"it keeps {names['played']}, a low card, to stay out of a later trick that holds the pain colour",
            names,
        )
    if _COLOUR[played] == colour and _VALUE[played] > 0:
        return Phrase(
            "st_keep_pain",
            f"{names['played']} is better shed later, into a trick that is surely someone else's",
            names,
        )
    return Phrase(
        "st_keep_card",
        f"it keeps {names['played']} for a later trick, where it is worth more than {names['card']}",
        names,
    )
