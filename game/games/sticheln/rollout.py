"""Sticheln's fast paths for the search (the `rollout` part; the interface is
in `game.ai.rollouts`).

A rollout stops at the end of the round the search started in: later rounds
are a fresh deal that no move now can influence, so playing them out would
only add noise.  The result is the totals after that round.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.ai.rollouts import rewards
from game.games.sticheln import SPEC
from game.games.sticheln import rules as sticheln
from game.games.sticheln.heuristics import best_pick

_S_COLOUR, _S_VALUE, _S_DELTA = sticheln.COLOUR_OF, sticheln.VALUE_OF, sticheln.CARD_WORTH
_s_winner = sticheln.winning_index


def _sticheln_pick_card(hand: list[int], trick: list[int], pain: int) -> int:
    """Rollout policy for one card (index into `hand`, which is in random
    order): dump a high card of one's own pain colour when it will not take
    the trick; stay out of a trick that already holds one's pain colour;
    otherwise the first (random) card."""
    if not trick:
        return len(hand) - 1
    lead = _S_COLOUR[trick[0]]
    best, off = 0, False
    for code in trick:
        v = _S_VALUE[code]
        if v:
            if _S_COLOUR[code] != lead:
                if not off or v > best:
                    off, best = True, v
            elif not off and v > best:
                best = v
    hurt = False
    for code in trick:
        if _S_COLOUR[code] == pain and _S_VALUE[code]:
            hurt = True
            break
    dump, dump_v, safe = -1, 0, -1
    for i in range(len(hand) - 1, -1, -1):
        code = hand[i]
        v = _S_VALUE[code]
        colour = _S_COLOUR[code]
        wins = v and ((colour != lead and (not off or v > best)) or (colour == lead and not off and v > best))
        if not wins:
            if colour == pain and v > dump_v:
                dump, dump_v = i, v
            if safe < 0:
                safe = i
    if dump >= 0:
        return dump
    if hurt and safe >= 0:
        return safe
    return len(hand) - 1


def sticheln_round_points(state: sticheln.State, rng: random.Random, trace: list | None = None) -> list[int]:
    """Heuristic play (`_sticheln_pick_card`) to the end of the current round
    (picks by the Normal rule of thumb); the round's points per seat.

    With a `trace` list every move made is appended: replayed through
    `apply()` they end the round with these points (tests/ai/test_fast_paths.py)."""
    n = state.num_players
    hands = [list(h) for h in state.hands]
    picks = list(state.picks)
    for k in range(n):  # in the order apply() asks for them: from the leader on
        seat = (state.leader + k) % n
        if picks[seat] < 0:
            pick = best_pick(tuple(hands[seat]))
            hands[seat].remove(pick)
            picks[seat] = pick
            if trace is not None:
                trace.append(sticheln.PAIN_MOVES[pick])
    for hand in hands:
        rng.shuffle(hand)
    points = [-_S_VALUE[p] + sum(_S_DELTA[_S_COLOUR[p]][c] for c in pile) for p, pile in zip(picks, state.won)]
    deltas = [_S_DELTA[_S_COLOUR[p]] for p in picks]
    pains = [_S_COLOUR[p] for p in picks]
    set_aside = state.zero_trick == "set_aside"
    leader = state.leader
    trick = list(state.trick)
    choose = _sticheln_pick_card
    while hands[(leader + len(trick)) % n]:
        seat = (leader + len(trick)) % n
        played = len(trick)
        for _ in range(n - played):
            hand = hands[seat]
            trick.append(hand.pop(choose(hand, trick, pains[seat])))
            seat = seat + 1 if seat + 1 < n else 0
        if trace is not None:
            trace.extend(sticheln.PLAY_MOVES[c] for c in trick[played:])
        index = _s_winner(trick)
        if index is not None:
            leader = (leader + index) % n
        elif set_aside:
            trick = []
            continue
        delta = deltas[leader]
        points[leader] += sum(delta[c] for c in trick)
        trick = []
    return points


def sticheln_totals(root: Any) -> Callable[[Any, random.Random], list[float]]:
    """Per seat, the game totals once the round `root` is in has been played out."""
    root_round = root.round
    before = [sum(col) for col in zip(*root.history[:root_round])] or [0] * root.num_players

    def totals(state: sticheln.State, rng: random.Random) -> list[float]:
        if len(state.history) > root_round:
            points = list(state.history[root_round])
        else:
            points = sticheln_round_points(state, rng)
        return [float(b + p) for b, p in zip(before, points)]

    return totals


def sticheln_rollout(root: Any) -> Callable[[Any, random.Random], list[float]]:
    totals = sticheln_totals(root)
    final = root.round == root.rounds - 1
    scale = SPEC.rollout_scale

    def rollout(state: sticheln.State, rng: random.Random) -> list[float]:
        return rewards(totals(state, rng), scale, final)

    return rollout


def sticheln_horizon(root: Any) -> Callable[[Any], bool]:
    root_round = root.round
    return lambda state: state.phase == "over" or state.round != root_round


# the `rollout` part's interface (game.ai.rollouts)
totals = sticheln_totals
rollout = sticheln_rollout
horizon = sticheln_horizon
