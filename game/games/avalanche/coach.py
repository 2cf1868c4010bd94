"""Why the better Avalanche move was better, from the position (the `coach` part).

A review mark names the better move; this says why in the game's terms:
which fall a set left to whom and how many cards went with it, which set
stops the avalanche so its cards go to the crevasse instead, where the
avalanche usually lands after a set is grown (played on a few worlds
consistent with the seat's view, `game.ai.explain.worlds`, by Normal's
rules of thumb for every seat, until it falls or stops), how many cards a
set sheds.  No odds, no percentages: cards and seats.

Hint says more of its own move (`hint_reason`): a set started or grown is
argued by the chance that the next player can top it (from the cards the
seat has not seen), and Snowfall at the lead by the chance the set it keeps
would have been topped.

Codes (params: `rank`/`count` the better move's set, `played_rank`/
`played_count` the set played, `seat` a seat, `n`/`m` numbers of cards);
their messages are the words part's `COACH`.  No pygame.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.ai.explain import play_on, worlds
from game.games.avalanche import rules as avalanche
from game.games.avalanche.heuristics import Context
from game.games.avalanche.rules import RANK_NAMES, RANK_OF, SNOWFALL
from game.rules import Phrase

WORLDS = 10  # worlds each move is played on until the avalanche falls or stops
LIMIT = 40  # moves played on at most

#: Every code this part says (each has a message in the words part's `COACH`).
CODES = (
    "av_stop_instead",
    "av_grow_instead",
    "av_fall_smaller",
    "av_lands_on",
    "av_feeds",
    "av_stopped",
    "av_start_sheds",
    "av_start_sheds_many",
    "av_snowfall",
    "av_keep_set",
    "av_top_odds",
    "av_snowfall_odds",
)


def _set(move: Any) -> str:
    word = "Joker" if move.rank == avalanche.JOKER else RANK_NAMES.get(move.rank, str(move.rank))
    return " ".join([word] * move.count)


def _resolved(state: Any) -> bool:
    return any(e.kind in ("fell", "stopped") for e in state.events)


class _Landing:
    """Where the avalanche usually ends after one move: the cards each seat
    collects from it, and how often it is stopped."""

    def __init__(self) -> None:
        self.to: Counter[int] = Counter()  # seat -> cards collected over all worlds
        self.falls: Counter[int] = Counter()  # seat -> worlds it fell on that seat
        self.stopped = 0
        self.stopped_cards = 0
        self.count = 0

    def mean(self, seat: int) -> float:
        return self.to[seat] / max(1, self.count)

    def usual(self, me: int) -> int | None:
        """The seat (not `me`) it most often falls on, if that is at least a third of the worlds."""
        others = [(n, -s, s) for s, n in self.falls.items() if s != me]
        if not others:
            return None
        n, _, seat = max(others)
        return seat if 3 * n >= self.count else None


def _landing(move: Any, seeds: list[Any]) -> _Landing:
    out = _Landing()
    for world, luck in seeds:
        state = world.apply(move)
        if not state.table and not _resolved(state):  # snowfall: nothing is on its way anywhere
            out.count += 1
            continue
        state = play_on(state, _resolved, random.Random(luck), LIMIT)
        out.count += 1
        for e in state.events:
            if e.kind == "fell":
                out.to[e.info["collector"]] += e.info["count"]
                out.falls[e.info["collector"]] += 1
            elif e.kind == "stopped":
                out.stopped += 1
                out.stopped_cards += e.info["count"]
    return out


def reason(view: avalanche.State, chosen: Any, best: Any, rng: random.Random) -> Phrase | None:
    """Why `best` was better than `chosen` at `view` (the acting seat's view)."""
    if chosen == best:
        return None
    me = view.current_player
    assert me is not None
    params: dict[str, Any] = {}
    if best is not SNOWFALL:
        params.update(rank=best.rank, count=best.count)
    if chosen is not SNOWFALL:
        params.update(played_rank=chosen.rank, played_count=chosen.count)
    on_table = sum(len(codes) for _seat, codes in view.table)
    if view.table and chosen is not SNOWFALL and best is not SNOWFALL:
        last_seat, last = view.table[-1]
        prev = (RANK_OF[last[0]], len(last))
        how_c = avalanche.compare_sets(*prev, chosen.rank, chosen.count)
        how_b = avalanche.compare_sets(*prev, best.rank, best.count)
        if how_c == "fall":
            n = on_table + chosen.count
            if how_b == "stop":
                return Phrase(
                    "av_stop_instead",
                    f"{_set(best)} stops it: the {on_table + best.count} cards go to the crevasse instead of "
                    f"{n} to seat {last_seat}",
                    {**params, "n": on_table + best.count, "m": n, "seat": last_seat},
                )
            if how_b == "grow":
                return Phrase(
                    "av_grow_instead",
                    f"{_set(best)} grows it, where {_set(chosen)} falls and hands the {n} cards to seat {last_seat}",
                    {**params, "n": n, "seat": last_seat},
                )
            if best.count < chosen.count:
                m = on_table + best.count
                return Phrase(
                    "av_fall_smaller",
                    f"both fall on seat {last_seat}, but {_set(best)} hands over {m} cards instead of {n}",
                    {**params, "n": m, "m": n, "seat": last_seat},
                )
    seeds = [(w, rng.getrandbits(32)) for w in worlds(view, rng, WORLDS)]
    c, b = _landing(chosen, seeds), _landing(best, seeds)
    if best is not SNOWFALL and b.mean(me) >= c.mean(me) + 0.5 and b.falls[me] * 3 >= b.count:
        n = max(1, round(b.to[me] / max(1, b.falls[me])))
        return Phrase(
            "av_lands_on",
            f"after {_set(best)} the next players usually have to fall onto seat {me}: about {n} cards",
            {**params, "seat": me, "n": n},
        )
    if chosen is not SNOWFALL:
        other = c.usual(me)
        if other is not None:
            n = max(1, round(c.to[other] / max(1, c.falls[other])))
            return Phrase(
                "av_feeds",
                f"after {_set(chosen)} the avalanche usually falls onto seat {other}: about {n} cards",
                {**params, "seat": other, "n": n},
            )
        if 2 * c.stopped >= c.count and c.stopped:
            n = max(1, round(c.stopped_cards / c.stopped))
            return Phrase(
                "av_stopped",
                f"after {_set(chosen)} the avalanche is usually stopped: about {n} cards to the crevasse",
                {**params, "n": n},
            )
    if chosen is SNOWFALL:
        if best.count == 1:
            return Phrase(
                "av_start_sheds",
                f"{_set(best)} starts an avalanche and gets a card out of the hand, where Snowfall adds one",
                params,
            )
        return Phrase(
            "av_start_sheds_many",
            f"{_set(best)} starts an avalanche and gets {best.count} cards out of the hand, where Snowfall adds one",
            {**params, "n": best.count},
        )
    if best is SNOWFALL:
        return Phrase(
            "av_snowfall",
            f"Snowfall draws a card nobody else gets, and keeps {_set(chosen)} for a set that is harder to top",
            params,
        )
    return Phrase(
        "av_keep_set",
        f"{_set(best)} is played and {_set(chosen)} stays in hand for a later avalanche",
        params,
    )


# -- what Hint says of its own move ------------------------------------------------------
LIKELY = 50  # percent: from here on "can top it only {p}%" would argue against the move


def hint_reason(view: avalanche.State, best: Any, other: Any, rng: random.Random) -> Phrase | None:
    """Hint's reason for `best` when the odds argue it: a start or a grow the
    next player can top less than half the time, or Snowfall at the lead when
    the set it keeps would be topped at least half the time; None otherwise
    (the coach's reason against `other` stands)."""
    me = view.current_player
    if me is None:
        return None
    ctx = Context(view)
    if best is SNOWFALL:
        if other is None or other is SNOWFALL or view.table:
            return None
        p = round(100 * ctx.next_can_grow(other.rank, other.count))
        if p < LIKELY:
            return None
        return Phrase(
            "av_snowfall_odds",
            f"Snowfall draws a card nobody else gets; the next player could top {_set(other)} {p}% of the time",
            {"played_rank": other.rank, "played_count": other.count, "p": p},
        )
    if view.table and ctx._how(best.rank, best.count) != "grow":
        return None
    p = round(100 * ctx.next_can_grow(best.rank, best.count))
    if p >= LIKELY:
        return None
    return Phrase(
        "av_top_odds",
        f"the next player can top {_set(best)} only {p}% of the time, so they will likely have to fall onto seat {me}",
        {"rank": best.rank, "count": best.count, "p": p, "seat": me},
    )
