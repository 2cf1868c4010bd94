"""Fast rollouts for ISMCTS: finish a sampled world cheaply and say how good
the result is for every seat (a reward in [0, 1] per seat).

Sticheln and Grinch roll out only to the end of the round the search started
in: later rounds are a fresh deal that no move now can influence, so playing
them out would only add noise.  Their result is the totals after that round
(Grinch adds what each seat's open rows are still worth).  Avalanche is one
long hand, so it is played to the end with the rules' random fast path.
"""

from __future__ import annotations

import math
import random
from bisect import insort
from collections.abc import Callable, Sequence
from typing import Any

from game.games.avalanche import rules as avalanche
from game.games.grinch import rules as grinch
from game.games.grinch.heuristics import potential
from game.games.grinch.rows import open_mask, row_value
from game.games.sticheln import rules as sticheln
from game.games.sticheln.heuristics import best_pick

_S_COLOUR, _S_VALUE, _S_DELTA = sticheln.COLOUR_OF, sticheln.VALUE_OF, sticheln.CARD_WORTH
_s_winner = sticheln.winning_index
_G_SUIT, _G_RANK = grinch.SUIT_OF, grinch.RANK_OF
_g_row, _g_bonus = grinch.row_points, grinch.bonus_points

# reward = WIN_WEIGHT * share of the win + the rest * squashed lead over the best rival
SCALE = {"sticheln": 8.0, "avalanche": 6.0, "grinch": 15.0}


def rewards(totals: Sequence[float], scale: float, final: bool) -> list[float]:
    """Per seat: a blend of winning (ties split) and the margin over the best
    other seat, squashed into [0, 1].  The last round counts the win more."""
    n = len(totals)
    best = max(totals)
    winners = sum(1 for t in totals if t == best)
    weight = 0.7 if final else 0.3
    out = []
    for s in range(n):
        rival = max(totals[o] for o in range(n) if o != s)
        margin = 1.0 / (1.0 + math.exp(-(totals[s] - rival) / scale))
        win = 1.0 / winners if totals[s] == best else 0.0
        out.append(weight * win + (1 - weight) * margin)
    return out


# -- Sticheln ------------------------------------------------------------------
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
        wins = v and (
            (colour != lead and (not off or v > best)) or (colour == lead and not off and v > best)
        )
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


def sticheln_round_points(state: sticheln.State, rng: random.Random,
                          trace: list | None = None) -> list[int]:
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
    points = [-_S_VALUE[p] + sum(_S_DELTA[_S_COLOUR[p]][c] for c in pile)
              for p, pile in zip(picks, state.won)]
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

    def rollout(state: sticheln.State, rng: random.Random) -> list[float]:
        return rewards(totals(state, rng), SCALE["sticheln"], final)

    return rollout


def sticheln_horizon(root: Any) -> Callable[[Any], bool]:
    root_round = root.round
    return lambda state: state.phase == "over" or state.round != root_round


# -- Avalanche -----------------------------------------------------------------
def avalanche_totals(root: Any) -> Callable[[Any, random.Random], list[float]]:
    """Per seat, the final scores of a random playout (Avalanche is one long hand)."""
    def totals(state: avalanche.State, rng: random.Random) -> list[float]:
        return [float(t) for t in avalanche.playout(state, rng)]

    return totals


def avalanche_rollout(root: Any) -> Callable[[Any, random.Random], list[float]]:
    def rollout(state: avalanche.State, rng: random.Random) -> list[float]:
        return rewards(avalanche.playout(state, rng), SCALE["avalanche"], True)

    return rollout


def avalanche_horizon(root: Any) -> Callable[[Any], bool]:
    return lambda state: state.turn is None


# -- Grinch --------------------------------------------------------------------
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
        v = potential(hand[:i] + hand[i + 1:], mask, rounds_left)
        if best_v is None or v > best_v:
            best_i, best_v = i, v
    return hand.pop(best_i)


def grinch_round_totals(state: grinch.State, rng: random.Random,
                        trace: list | None = None) -> list[float]:
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


def grinch_horizon_totals(state: grinch.State, hands: list[list[int]] | None = None,
                          phase: int | None = None) -> list[float]:
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

    def rollout(state: grinch.State, rng: random.Random) -> list[float]:
        return rewards(totals(state, rng), SCALE["grinch"], final)

    return rollout


def grinch_horizon(root: Any) -> Callable[[Any], bool]:
    root_round = root.round
    return lambda state: state.phase == grinch.OVER or state.round != root_round


ROLLOUTS = {"sticheln": sticheln_rollout, "avalanche": avalanche_rollout, "grinch": grinch_rollout}
#: Per game, a factory of `totals(state, rng)`: the seats' points at the horizon
#: (what the review measures moves in; the rollouts squash the same into rewards).
TOTALS = {"sticheln": sticheln_totals, "avalanche": avalanche_totals, "grinch": grinch_totals}
HORIZONS = {"sticheln": sticheln_horizon, "avalanche": avalanche_horizon, "grinch": grinch_horizon}
