"""Determinizers: `sample_world(view, rng)` deals the cards a seat cannot see
into a full `State` that agrees with everything that seat has seen.

ISMCTS searches many such worlds; each one must be a position the real game
could be in, or the search learns from impossible deals.  What each game
keeps public, and so what the sample respects:

- Sticheln: own hand and pick; every trick taken (`won`), the current trick,
  set-aside zeros, revealed pain cards, hand sizes.  There is no duty to
  follow colour (ST-4.2), so playing off-colour says nothing about a hand.
- Avalanche: own hand; the table, every collected pile, the neutral pile,
  hand sizes and the draw pile's size.
- Grinch: own hand and own pending discard; every discard pile, the cards
  the Grinch took from them (`known`), the cards left out of a scenario,
  hand sizes, the draw pile's size.  Hidden row
  choices are sampled among the seat's open rows.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from game.rules import avalanche, grinch, sticheln


def _rest(deck: list[int], known: list[int]) -> list[int]:
    """`deck` minus `known` as multisets (Avalanche has copies)."""
    left = Counter(deck)
    left.subtract(known)
    out = []
    for code in deck:
        if left[code] > 0:
            out.append(code)
            left[code] -= 1
    return out


def _world_seed(rng: random.Random) -> int:
    return rng.randrange(2**31)


def _deal_others(view: Any, unknown: list[int], secret: list[int] | None = None,
                 hidden: int = 0, known: tuple[tuple[int, ...], ...] | None = None) -> tuple[tuple, int]:
    """Deal the shuffled `unknown` cards into every other seat's hand by its
    size, after the cards everyone saw that seat take (`known`); where
    `secret[seat] == hidden` (a face-down pick or discard) that seat also gets
    the next card there.  Returns the hands and cards used."""
    hands = list(view.hands)
    pos = 0
    for seat in range(view.num_players):
        if seat == view.viewer:
            continue
        seen = known[seat] if known is not None else ()
        size = view.sizes[seat] - len(seen)
        hands[seat] = tuple(sorted(seen + tuple(unknown[pos:pos + size])))
        pos += size
        if secret is not None and secret[seat] == hidden:
            secret[seat] = unknown[pos]
            pos += 1
    return tuple(hands), pos


# -- Sticheln ------------------------------------------------------------------
def sticheln_unknown(view: sticheln.State) -> list[int]:
    """The cards of the deck `view.viewer` cannot place."""
    me = view.viewer
    seen = set(view.hands[me])
    seen.update(view.trick)
    seen.update(view.set_aside)
    for pile in view.won:
        seen.update(pile)
    for pick in view.picks:
        if pick >= 0:
            seen.add(pick)
    return [c for c in sticheln._deck_codes(view.num_players) if c not in seen]


def sample_sticheln(view: sticheln.State, rng: random.Random) -> sticheln.State:
    unknown = sticheln_unknown(view)
    rng.shuffle(unknown)
    picks = list(view.picks)
    hands, pos = _deal_others(view, unknown, picks, sticheln._HIDDEN_PICK)
    assert pos == len(unknown), "sticheln world: hidden cards do not match hand sizes"
    return view._evolve(
        viewer=None, seed=_world_seed(rng), hands=hands, sizes=None,
        picks=tuple(picks), events=(),
    )


# -- Avalanche -----------------------------------------------------------------
def avalanche_unknown(view: avalanche.State) -> list[int]:
    me = view.viewer
    known = list(view.hands[me])
    for _, codes in view.table:
        known.extend(codes)
    for pile in view.collected:
        known.extend(pile)
    known.extend(view.neutral)
    return _rest(list(avalanche.DECK_CODES), known)


def sample_avalanche(view: avalanche.State, rng: random.Random) -> avalanche.State:
    unknown = avalanche_unknown(view)
    rng.shuffle(unknown)
    hands, pos = _deal_others(view, unknown)
    pile = tuple(unknown[pos:])
    assert len(pile) == view.pile_count, "avalanche world: pile size does not match"
    return view._evolve(
        viewer=None, seed=_world_seed(rng), hands=hands, pile=pile, events=(),
    )


# -- Grinch --------------------------------------------------------------------
def grinch_unknown(view: grinch.State) -> list[int]:
    me = view.viewer
    seen = set(view.hands[me])
    seen.update(view.left_out)
    for pile in view.discards:
        seen.update(pile)
    for cards in view.known:  # what the Grinch took from face-up piles
        seen.update(cards)
    if view.pending[me] >= 0:
        seen.add(view.pending[me])
    return [c for c in grinch._ALL_CODES if c not in seen]


def sample_grinch(view: grinch.State, rng: random.Random) -> grinch.State:
    unknown = grinch_unknown(view)
    rng.shuffle(unknown)
    pending = list(view.pending)
    hands, pos = _deal_others(view, unknown, pending, grinch._HIDDEN, view.known)
    chosen = list(view.chosen)
    for seat in range(view.num_players):
        if seat != view.viewer and chosen[seat] == grinch._HIDDEN:
            pad = view.score_pad[seat]
            chosen[seat] = rng.choice([r for r in range(len(grinch.ROWS)) if pad[r] < 0])
    pile = tuple(unknown[pos:])
    assert len(pile) == view.pile_count, "grinch world: pile size does not match"
    return view._evolve(
        viewer=None, seed=_world_seed(rng), hands=hands, sizes=None, pile=pile,
        pile_count=None, pending=tuple(pending), chosen=tuple(chosen), events=(),
    )


SAMPLERS: dict[str, Callable[[Any, random.Random], Any]] = {
    "sticheln": sample_sticheln,
    "avalanche": sample_avalanche,
    "grinch": sample_grinch,
}


def sample_world(view: Any, rng: random.Random) -> Any:
    """A full state consistent with `view` (see the module docstring)."""
    if view.viewer is None:
        raise ValueError("sample_world needs a seat's view, not a full state")
    return SAMPLERS[view.GAME](view, rng)
