"""Grinch's fast paths for the search (the `rollout` part; the interface is
in `game.ai.rollouts`).

A rollout plays Normal's discards to the end of the round the search started
in (later rounds are a fresh deal no move now can influence); its result is
each seat's pad total plus what its open rows are still worth.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable
from typing import Any

from game.ai.rollouts import rewards
from game.games.grinch import SPEC
from game.games.grinch import rules as grinch
from game.games.grinch.heuristics import potential
from game.games.grinch.rows import open_mask, row_value

_G_SUIT, _G_RANK = grinch.SUIT_OF, grinch.RANK_OF
_g_row, _g_bonus = grinch.row_points, grinch.bonus_points


def _keep_value(hand: list[int], code: int, counts: list[int]) -> int:
    """Cheap worth of a card to a hand: rank, suit mates, rank mates."""
    rank = _G_RANK[code]
    mates = sum(1 for c in hand if _G_RANK[c] == rank) - 1
    return rank + 3 * counts[_G_SUIT[code]] + 4 * mates


def _g_best_row(hand: list[int], pad: list[int], rounds_left: int) -> tuple[int, int, float]:
    """(row, points now, value of the rows left) by the row-value rule."""
    mask = 0
    for r, v in enumerate(pad):
        if v < 0:
            mask |= 1 << r
    bonus = _g_bonus(hand)
    best = None
    for r in range(7):
        if mask >> r & 1:
            now = _g_row(hand, r) + bonus
            later = row_value(mask & ~(1 << r), rounds_left - 1)
            if best is None or now + later > best[1] + best[2]:
                best = (r, now, later)
    assert best is not None, "no open row"
    return best


def _g_discard_for_rows(hand: list[int], mask: int, rounds_left: int) -> int:
    """Normal's discard: drop the card whose loss hurts the open rows least."""
    best_i, best_v = 0, None
    for i in range(len(hand)):
        v = potential(hand[:i] + hand[i + 1 :], mask, rounds_left)
        if best_v is None or v > best_v:
            best_i, best_v = i, v
    return hand.pop(best_i)


def grinch_round_totals(state: grinch.State, rng: random.Random, trace: list | None = None) -> list[float]:
    """Heuristic play to the end of the round; per seat, pad total plus this
    round's row plus what the open rows are still worth.

    With a `trace` list every move made is appended: replayed through
    `apply()` they reach the same hands, and `grinch_horizon_totals` of that
    state gives these totals (tests/ai/test_fast_paths.py)."""
    n = state.num_players
    hands = [list(h) for h in state.hands]
    left = state.rounds - state.round
    masks = [open_mask(state.score_pad[s]) for s in range(n)]

    def discard(seat: int) -> int:
        return _g_discard_for_rows(hands[seat], masks[seat], left)

    pile = state.pile
    pos = 0
    tops = [list(reversed(d)) for d in state.discards]  # top last
    pending = list(state.pending)
    phase, turn, taken = state.phase, state.turn, state.taken
    actor = state.actor or 0  # None only once the game is over, and then nobody plays
    g = state.grinch
    while phase != grinch.SCORING and phase != grinch.OVER:
        if phase == grinch.WHO:
            pending[actor] = discard(actor)
            if trace is not None:
                trace.append(grinch.DISCARD_MOVES[pending[actor]])
            actor = actor + 1 if actor + 1 < n else 0
            if actor != g:
                insort(hands[actor], pile[pos])
                insort(hands[actor], pile[pos + 1])
                pos += 2
            else:
                for s in range(n):
                    if pending[s] >= 0:
                        tops[s].append(pending[s])
                        pending[s] = -1
                phase, taken = grinch.GRINCH, 0
        elif taken < 2:
            hand = hands[g]
            counts = [0, 0, 0, 0]
            for c in hand:
                counts[_G_SUIT[c]] += 1
            best_src, best_v = None, 6 + 3 * max(counts)  # about an average draw
            for s in range(n):
                if tops[s]:
                    v = _keep_value(hand + [tops[s][-1]], tops[s][-1], counts) + 3
                    if v > best_v:
                        best_src, best_v = s, v
            if best_src is None:
                insort(hand, pile[pos])
                pos += 1
            else:
                insort(hand, tops[best_src].pop())
            if trace is not None:
                trace.append(grinch.DRAW if best_src is None else grinch.TAKE_MOVES[best_src])
            taken += 1
        else:
            tops[g].append(discard(g))
            if trace is not None:
                trace.append(grinch.DISCARD_MOVES[tops[g][-1]])
            actor = g + 1 if g + 1 < n else 0
            if turn < grinch.TURNS:
                turn += 1
                phase = grinch.WHO
                insort(hands[actor], pile[pos])
                insort(hands[actor], pile[pos + 1])
                pos += 2
            else:
                phase = grinch.SCORING
    return grinch_horizon_totals(state, hands, phase)


def grinch_horizon_totals(
    state: grinch.State, hands: list[list[int]] | None = None, phase: int | None = None
) -> list[float]:
    """Per seat at the end of a round's play (or the game): pad total plus
    the row this hand is worth now plus what the open rows are still worth.
    `hands` and `phase` are the round's end when it was played on lists
    (by default the state's own)."""
    n = state.num_players
    if hands is None:
        hands = [list(h) for h in state.hands]
    if phase is None:
        phase = state.phase
    rounds_left = state.rounds - state.round
    totals = []
    for s in range(n):
        pad = list(state.score_pad[s])
        done = sum(v for v in pad if v > 0)
        chosen = state.chosen[s]
        if phase == grinch.OVER:
            totals.append(float(done))
            continue
        if chosen >= 0:
            now = _g_row(hands[s], chosen) + _g_bonus(hands[s])
            mask = 0
            for r, v in enumerate(pad):
                if v < 0 and r != chosen:
                    mask |= 1 << r
            later = row_value(mask, rounds_left - 1)
        else:
            _, now, later = _g_best_row(hands[s], pad, rounds_left)
        totals.append(done + now + later)
    return totals


def grinch_totals(root: Any) -> Callable[[Any, random.Random], list[float]]:
    """Per seat, the pad total once the round `root` is in has been played out,
    plus what the rows still open are worth."""

    def totals(state: grinch.State, rng: random.Random) -> list[float]:
        if state.phase == grinch.OVER or state.round != root.round:
            out = [float(t) for t in state.scores()]
            if state.phase != grinch.OVER:  # a new round: add what the open rows are worth
                left = state.rounds - state.round
                for s in range(state.num_players):
                    mask = 0
                    for r, v in enumerate(state.score_pad[s]):
                        if v < 0:
                            mask |= 1 << r
                    out[s] += row_value(mask, left)
            return out
        return grinch_round_totals(state, rng)

    return totals


def grinch_rollout(root: Any) -> Callable[[Any, random.Random], list[float]]:
    totals = grinch_totals(root)
    final = root.round == root.rounds - 1
    scale = SPEC.rollout_scale

    def rollout(state: grinch.State, rng: random.Random) -> list[float]:
        return rewards(totals(state, rng), scale, final)

    return rollout


def grinch_horizon(root: Any) -> Callable[[Any], bool]:
    root_round = root.round
    return lambda state: state.phase == grinch.OVER or state.round != root_round


# the `rollout` part's interface (game.ai.rollouts)
totals = grinch_totals
rollout = grinch_rollout
horizon = grinch_horizon
