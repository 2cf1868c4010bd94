"""Why the better Grinch move was better, from the position (the `coach` part).

A review mark names the better move; this says why in the game's terms,
from the seat's hand, its open rows and the cards it has not seen: which
card carries a bonus the hand can meet (or can no longer meet: "+10 if
3 Presents" with only two Presents unseen), which card is the suit a
bonus card in hand needs, which row a card builds (the points of a suit,
three of a kind for Match, a run of four for Run, a suit's top card for
Rainbow), and for a row choice, what this hand scores in each row and
which row is worth keeping open for a better hand.

Codes (params: `card` the card the reason is about, `other` a second card,
`row`/`other_row` rows, `suit` a suit letter, `suits` a suit letter said as
its plural, `n`/`m`/`need`/`left`/`p` numbers); their messages are the words
part's `COACH`.  No pygame.
"""

from __future__ import annotations

import random
from typing import Any

from game.games.grinch import rules as grinch
from game.games.grinch.heuristics import row_now
from game.games.grinch.rows import open_mask, row_value
from game.games.grinch.rules import CARDS, ROWS, SUITS, TURNS
from game.rules import Phrase

_SUIT, _RANK = grinch.SUIT_OF, grinch.RANK_OF
_BONUS = {code: grinch.BONUSES.get(str(CARDS[code])) for code in grinch.ALL_CODES}
MATCH, RUN, RAINBOW = ROWS.index("match"), ROWS.index("run"), ROWS.index("rainbow")

#: Every code this part says (each has a message in the words part's `COACH`).
CODES = (
    "gr_row_more",
    "gr_keep_open",
    "gr_dead_bonus",
    "gr_dead_bonus_late",
    "gr_dead_bonus_last",
    "gr_bonus_met",
    "gr_bonus_near",
    "gr_support",
    "gr_suit_row",
    "gr_match",
    "gr_run",
    "gr_rainbow",
    "gr_nothing",
    "gr_hand_worth",
    "gr_fits",
    "gr_pile_better",
)


def reason(view: grinch.State, chosen: Any, best: Any, rng: random.Random) -> Phrase | None:
    """Why `best` was better than `chosen` at `view` (the acting seat's view)."""
    if chosen == best:
        return None
    if best.kind == "score":
        return _rows(view, grinch.ROW_INDEX[chosen.arg], grinch.ROW_INDEX[best.arg])
    ctx = _Context(view)
    if best.kind == "discard":
        # keeping the card that was discarded is what the better move does
        return ctx.keep(chosen.arg.code, ctx.hand, best.arg.code)
    if best.kind == "take":
        top = view.discards[best.arg][0]
        return ctx.keep(top, ctx.hand + (top,), None)
    # best is the draw pile: the card taken instead does little
    top = view.discards[chosen.arg][0]
    return ctx.pile_better(top)


def _card(code: int) -> str:
    return str(CARDS[code])


class _Context:
    """The acting seat's hand, open rows and what it has not seen."""

    def __init__(self, view: grinch.State) -> None:
        me = view.current_player
        assert me is not None
        self.view = view
        self.hand = view.hands[me]
        self.mask = open_mask(view.score_pad[me])
        self.left = view.rounds - view.round
        unseen = grinch.unseen_cards(view)
        self.unseen = [sum(1 for c in unseen if _SUIT[c] == s) for s in range(4)]
        # cards this seat still gets this round after the move in hand
        self.to_come = 2 * (TURNS - view.turn) + (view.takes_left if view.phase == grinch.GRINCH else 0)

    def best_row(self, cards: tuple[int, ...]) -> int:
        """The open row these cards build best (what they score now plus the rows left)."""
        rows = [r for r in range(len(ROWS)) if self.mask >> r & 1]
        return max(rows, key=lambda r: (row_now(cards, r) + row_value(self.mask & ~(1 << r), self.left - 1), -r))

    def bonus_reachable(self, code: int, cards: tuple[int, ...]) -> tuple[bool, int, int]:
        """(can be met, held, unseen) for the bonus on `code` with `cards` in hand."""
        points, suit, need = _BONUS[code]  # type: ignore[misc]
        s = SUITS.index(suit)
        held = sum(1 for c in cards if _SUIT[c] == s)
        more = min(self.unseen[s], self.to_come)
        return held >= need or held + more >= need, held, self.unseen[s]

    def keep(self, code: int, hand: tuple[int, ...], dropped: int | None) -> Phrase:
        """Why having `code` in hand (and, for a discard, dropping `dropped`) is better."""
        kept = tuple(c for c in hand if c != dropped)
        card = _card(code)
        # 1. the card thrown instead carries a bonus that can no longer be met
        if dropped is not None and _BONUS[dropped] is not None:
            ok, held, unseen = self.bonus_reachable(dropped, tuple(c for c in hand if c != code))
            if not ok:
                points, suit, need = _BONUS[dropped]  # type: ignore[misc]
                base = {"card": _card(dropped), "p": points, "need": need, "suits": suit, "n": held}
                if unseen < self.to_come:
                    return Phrase(
                        "gr_dead_bonus",
                        f"the +{points} on {_card(dropped)} needs {need} {suit}: the hand holds {held} and only "
                        f"{unseen} are left unseen",
                        {**base, "left": unseen},
                    )
                if not self.to_come:
                    return Phrase(
                        "gr_dead_bonus_last",
                        f"the +{points} on {_card(dropped)} needs {need} {suit}: the hand holds {held} and gets no "
                        f"more cards this round",
                        base,
                    )
                return Phrase(
                    "gr_dead_bonus_late",
                    f"the +{points} on {_card(dropped)} needs {need} {suit}: the hand holds {held} and gets only "
                    f"{self.to_come} more cards this round",
                    {**base, "left": self.to_come},
                )
        # 2. the card carries a bonus the hand meets or can meet
        if _BONUS[code] is not None:
            ok, held, unseen = self.bonus_reachable(code, kept)
            points, suit, need = _BONUS[code]  # type: ignore[misc]
            if held >= need:
                return Phrase(
                    "gr_bonus_met",
                    f"{card} carries +{points} when the hand holds {need} {suit}, and it holds {held}",
                    {"card": card, "p": points, "need": need, "suits": suit, "n": held},
                )
            if ok:
                return Phrase(
                    "gr_bonus_near",
                    f"{card} carries +{points} for {need} {suit}: the hand holds {held}, and {unseen} more are unseen",
                    {"card": card, "p": points, "need": need, "suits": suit, "n": held, "left": unseen},
                )
        # 3. the card is the suit a bonus card in hand needs
        without = tuple(c for c in kept if c != code)
        for other in kept:
            spec = _BONUS[other]
            if other == code or spec is None:
                continue
            points, suit, need = spec
            if SUITS[_SUIT[code]] == suit and grinch.bonus_points(kept) > grinch.bonus_points(without):
                return Phrase(
                    "gr_support",
                    f"{card} is one of the {suit} that the +{points} on {_card(other)} needs",
                    {"card": card, "other": _card(other), "p": points, "suits": suit},
                )
        # 4. the row it builds
        row = self.best_row(kept)
        gain = row_now(kept, row) - row_now(without, row)
        if gain > 0 or row_now(kept, row) > 0:
            said = self.builds(code, kept, row)
            if said is not None and gain > 0:
                return said
        for r in range(len(ROWS)):  # another open row it builds
            if self.mask >> r & 1 and row_now(kept, r) > row_now(without, r):
                said = self.builds(code, kept, r)
                if said is not None:
                    return said
        if dropped is not None:
            chosen_hand = tuple(c for c in hand if c != code)  # what the move played kept
            rest = tuple(c for c in chosen_hand if c != dropped)
            if row_now(chosen_hand, row) > row_now(rest, row):  # the card thrown instead builds it too
                n = grinch.row_points(kept, row) + grinch.bonus_points(kept)
                m = grinch.row_points(chosen_hand, row) + grinch.bonus_points(chosen_hand)
                if row < MATCH and n > m:
                    return Phrase(
                        "gr_hand_worth",
                        f"keeping {card}, the hand is worth {n} in the {ROWS[row]} row, against {m}",
                        {"card": card, "row": ROWS[row], "n": n, "m": m},
                    )
                return Phrase(
                    "gr_fits",
                    f"{card} fits the {ROWS[row]} row, the best still open, better than {_card(dropped)}",
                    {"card": card, "other": _card(dropped), "row": ROWS[row]},
                )
            return Phrase(
                "gr_nothing",
                f"{_card(dropped)} does nothing for the {ROWS[row]} row, the best still open",
                {"card": _card(dropped), "row": ROWS[row]},
            )
        return self.pile_better(code)

    def builds(self, code: int, kept: tuple[int, ...], row: int) -> Phrase | None:
        """`code` builds `row` of the hand `kept`, in the row's own terms."""
        card = _card(code)
        if row < 4:
            n = grinch.row_points(kept, row)
            return Phrase(
                "gr_suit_row",
                f"{card} builds the {ROWS[row]} row: {n} points of it in the hand",
                {"card": card, "row": ROWS[row], "n": n},
            )
        if row == RAINBOW:
            return Phrase(
                "gr_rainbow",
                f"{card} is the top {SUITS[_SUIT[code]]} for the Rainbow row, worth {grinch.row_points(kept, row)} "
                f"in all",
                {"card": card, "suit": SUITS[_SUIT[code]], "n": grinch.row_points(kept, row)},
            )
        if row == MATCH:
            n = sum(1 for c in kept if _RANK[c] == _RANK[code])
            if n < 2:
                return None
            return Phrase(
                "gr_match", f"{card} makes {n} of a kind for the Match row", {"card": card, "n": n, "row": ROWS[row]}
            )
        ranks = {_RANK[c] for c in kept}
        lo = hi = _RANK[code]
        while lo - 1 in ranks:
            lo -= 1
        while hi + 1 in ranks:
            hi += 1
        n = hi - lo + 1
        if n < 2:
            return None
        return Phrase("gr_run", f"{card} makes a run of {n} for the Run row", {"card": card, "n": n, "row": ROWS[row]})

    def pile_better(self, code: int) -> Phrase:
        """The card taken does less for the open rows than a card from the draw pile."""
        row = self.best_row(self.hand + (code,))
        return Phrase(
            "gr_pile_better",
            f"{_card(code)} does little for the {ROWS[row]} row, the best still open; a card from the draw pile "
            f"does more",
            {"card": _card(code), "row": ROWS[row]},
        )


def _rows(view: grinch.State, chosen: int, best: int) -> Phrase:
    me = view.current_player
    assert me is not None
    hand = view.hands[me]
    now_c, now_b = grinch.row_points(hand, chosen), grinch.row_points(hand, best)
    if now_b > now_c:
        return Phrase(
            "gr_row_more",
            f"this hand scores {now_b} in the {ROWS[best]} row but only {now_c} in {ROWS[chosen]}",
            {"row": ROWS[best], "other_row": ROWS[chosen], "n": now_b, "m": now_c},
        )
    return Phrase(
        "gr_keep_open",
        f"the {ROWS[best]} row takes {now_b} now and keeps {ROWS[chosen]} open for a better hand than this one "
        f"({now_c} there)",
        {"row": ROWS[best], "other_row": ROWS[chosen], "n": now_b, "m": now_c},
    )
