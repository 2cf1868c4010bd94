"""Avalanche rules of thumb.

Cards on the table go to the player who played just before a fall, so the
whole game is about being that player: grow with a set the next player is
unlikely to top (then they must fall onto you, or stop it), stop an
avalanche rather than fall and feed the player before you, and start one
only with a set that is hard to answer (otherwise draw: snowfall).
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from math import comb
from typing import Any

from game.games.avalanche import rules as avalanche
from game.games.avalanche.rules import PLAYS, RANK_NAMES, RANK_OF, RANKS, SNOWFALL
from game.rules import Phrase

_COPIES_IN_DECK = {r: avalanche.COPIES[r] for r in RANKS}


def _set_name(rank: int, count: int) -> str:
    word = RANK_NAMES[rank]
    return word if count == 1 else f"{count}x {word}"


@functools.lru_cache(maxsize=4096)
def _p_at_least(k: int, total: int, h: int, m: int) -> float:
    """P(>= m of the k cards of a kind among h drawn from total), hypergeometric:
    the same few numbers over and over in a game, so they are kept."""
    if k < m or h < m:
        return 0.0
    miss = 0.0
    denom = comb(total, h)
    for j in range(m):
        miss += comb(k, j) * comb(total - k, h - j) / denom
    return max(0.0, 1.0 - miss)


class Context:
    """What a seat knows at its turn, precomputed once per decision."""

    def __init__(self, view: avalanche.State) -> None:
        self.view = view
        me = view.current_player
        assert me is not None  # heuristics are asked only while the game is on
        self.me = me
        n = view.num_players
        self.n = n
        self.hand = Counter(RANK_OF[c] for c in view.hands[self.me])
        seen: Counter = Counter(RANK_OF[c] for c in view.hands[self.me])
        for _, codes in view.table:
            seen.update(RANK_OF[c] for c in codes)
        for pile in view.collected:
            seen.update(RANK_OF[c] for c in pile)
        seen.update(RANK_OF[c] for c in view.neutral)
        self.unknown = {r: _COPIES_IN_DECK[r] - seen[r] for r in RANKS}
        self.unknown_total = max(1, sum(self.unknown.values()))
        nxt = (self.me + 1) % n
        while nxt in view.out and nxt != self.me:
            nxt = (nxt + 1) % n
        self.next_seat = nxt
        self.next_size = view.sizes[nxt]
        self.table_cards = sum(len(codes) for _, codes in view.table)
        self.last: tuple[int, int, int] | None = None  # (rank, count, seat) on top of the table
        if view.table:
            seat, codes = view.table[-1]
            self.last = (RANK_OF[codes[0]], len(codes), seat)
        self.active = n - len(view.out)
        # _at_least by (rank, m): every candidate move asks again for the same few
        # (a review's playouts spent two thirds of their time here before)
        self._odds: dict[tuple[int, int], float] = {}

    def _at_least(self, rank: int, m: int) -> float:
        """P(the next player holds >= m cards of `rank`), hypergeometric."""
        if m <= 0:
            return 1.0
        known = self._odds.get((rank, m))
        if known is None:
            known = self._odds[rank, m] = self._hypergeometric(rank, m)
        return known

    def _hypergeometric(self, rank: int, m: int) -> float:
        """`_at_least` worked out, for m >= 1."""
        return _p_at_least(self.unknown[rank], self.unknown_total, min(self.next_size, self.unknown_total), m)

    def next_can_grow(self, rank: int, count: int) -> float:
        """P(the next player can grow over `count` x `rank`)."""
        cannot = 1.0
        for r in RANKS:
            need = count if r >= rank else count + 1
            cannot *= 1.0 - self._at_least(r, need)
        return 1.0 - cannot

    def next_can_stop(self, rank: int, count: int) -> float:
        if count < 2:
            return 0.0
        cannot = 1.0
        for r in RANKS:
            if r < rank:
                cannot *= 1.0 - self._at_least(r, count)
        return 1.0 - cannot

    def value(self, move: Any) -> tuple[float, Phrase]:
        """Expected cards this move wins me, less what it hands to others
        (per opponent), with the reason in words."""
        share = 1.0 / max(1, self.active - 1)
        if move is SNOWFALL:
            return 0.4 + 0.08 * max(0, 8 - sum(self.hand.values())), Phrase(
                "snowfall_wait", "Snowfall: draw a card and wait"
            )
        rank, count = move.rank, move.count
        left = sum(self.hand.values()) - count
        hand_cost = 0.15 * count * (1 if left > 0 else 0) + 0.04 * (rank - 2) * count
        if self.last is None or self._how(rank, count) == "grow":
            grow = self.next_can_grow(rank, count)
            stop = self.next_can_stop(rank, count) * grow
            fall = max(0.0, 1.0 - grow)
            pot = self.table_cards + count
            gain = fall * (pot + 1.5) - 0.5 * grow * count * share - stop * 0.2
            what = "Start" if self.last is None else "Grow"
            odds = (
                f": the next player can top it only {grow:.0%} of the time, so they likely fall onto you"
                if grow < 0.5
                else ""
            )  # from even odds on, "only" would argue against the move
            reason = Phrase(
                what.lower(),
                f"{what} with {_set_name(rank, count)}{odds}",
                {"rank": rank, "count": count, "p": int(f"{grow * 100:.0f}")},
            )
            return gain - hand_cost, reason
        how = self._how(rank, count)
        pot = self.table_cards + count
        if how == "stop":
            return 0.6 * pot * share - hand_cost * 0.5, Phrase(
                "stop",
                f"Stop the avalanche with {_set_name(rank, count)}: "
                f"{pot} cards go to no one instead of seat {self.last[2]}",
                {"rank": rank, "count": count, "n": pot, "seat": self.last[2]},
            )
        return -pot * share - 0.5 * hand_cost, Phrase(
            "fall", f"Fall with {_set_name(rank, count)}: the least bad choice", {"rank": rank, "count": count}
        )

    def _how(self, rank: int, count: int) -> str:
        assert self.last is not None, "nothing on the table to meet"
        prev_rank, prev_count, _ = self.last
        return avalanche.compare_sets(prev_rank, prev_count, rank, count)


def normal_move(view: avalanche.State, rng: random.Random) -> tuple[Any, str | None]:
    """Tuned against Easy over duplicate deals: drawing whenever the table
    is empty beats every opening we tried (each card drawn is a card the
    others will not get, and an opener mostly feeds the pot); facing an
    avalanche, grow with the biggest set (hard to top, so the next player
    tends to fall onto you), else stop it, else fall with the least."""
    ctx = Context(view)
    moves = view.legal_moves()
    plays = [m for m in moves if m is not SNOWFALL]
    if ctx.last is None:
        if SNOWFALL in moves:
            return SNOWFALL, Phrase("snowfall_rather", "Snowfall: draw rather than open an avalanche others can top")
        move = min(plays, key=lambda m: (ctx.next_can_grow(m.rank, m.count), m.count, m.rank))
        return move, ctx.value(move)[1]
    growing = [m for m in plays if ctx._how(m.rank, m.count) == "grow"]
    if growing:
        move = max(growing, key=lambda m: (m.count, -ctx.next_can_grow(m.rank, m.count), -m.rank))
        return move, ctx.value(move)[1]
    stopping = [m for m in plays if ctx._how(m.rank, m.count) == "stop"]
    if stopping:
        move = min(stopping, key=lambda m: (m.count, m.rank))
        return move, ctx.value(move)[1]
    move = min(plays, key=lambda m: (m.count, m.rank))
    return move, ctx.value(move)[1]


def easy_move(view: avalanche.State, rng: random.Random) -> tuple[Any, str | None]:
    """Plays its biggest set when it can grow, draws when it may, and slips."""
    moves = view.legal_moves()
    if rng.random() < 0.3:
        return rng.choice(moves), None
    ctx = Context(view)
    if SNOWFALL in moves and rng.random() < 0.5:
        return SNOWFALL, None
    plays = [m for m in moves if m is not SNOWFALL]
    if ctx.last is not None:
        growing = [m for m in plays if ctx._how(m.rank, m.count) == "grow"]
        stopping = [m for m in plays if ctx._how(m.rank, m.count) == "stop"]
        if growing:
            return max(growing, key=lambda m: (m.count, -m.rank)), None
        if stopping:
            return stopping[0], None
        return min(plays, key=lambda m: (m.count, m.rank)), None
    return max(plays, key=lambda m: (m.count, m.rank)), None


def describe(view: avalanche.State, move: Any) -> str | None:
    return Context(view).value(move)[1]


# PLAYS is re-exported for the search module's fast lookups.
__all__ = ["PLAYS", "Context", "describe", "easy_move", "normal_move"]
