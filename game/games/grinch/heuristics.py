"""Grinch rules of thumb.

Draft toward the rows still open on your pad: keep the cards that build the
best open row (a suit, the rainbow, a match, a run, plus bonuses), discard
the card that costs least, take a Who's discard as the Grinch when it beats
an average draw, and choose a row by its value now against the value of
keeping it open (`grinch_rows.row_value`).
"""

from __future__ import annotations

import functools
import random
from typing import Any

from game.games.grinch import rules as grinch
from game.games.grinch.rows import open_mask, row_value
from game.games.grinch.rules import CARDS, ROWS
from game.rules import Phrase

_SUIT, _RANK = grinch.SUIT_OF, grinch.RANK_OF
_row_points, _bonus_points = grinch.row_points, grinch.bonus_points
_MATCH_PARTIAL = (0, 1, 5, 10, 20, 30)
_RUN_PARTIAL = (0, 1, 4, 9, 15, 25)
HAND = 5


def _longest_run(codes: tuple[int, ...] | list[int]) -> int:
    mask = 0
    for c in codes:
        mask |= 1 << _RANK[c]
    best = run = 0
    for r in range(1, 7):
        run = run + 1 if mask >> r & 1 else 0
        best = max(best, run)
    return best


def row_now(codes: tuple[int, ...] | list[int], row: int) -> float:
    """A row's value for a partial hand, with credit for a match or run in
    the making (a full hand scores exactly `_row_points`)."""
    if len(codes) >= HAND or row < 5:
        return _row_points(codes, row)
    if row == 5:
        counts = [0] * 7
        for c in codes:
            counts[_RANK[c]] += 1
        return _MATCH_PARTIAL[max(counts)] * 0.7
    return _RUN_PARTIAL[_longest_run(codes)] * 0.7


def potential(codes: tuple[int, ...] | list[int], mask: int, rounds_left: int) -> float:
    """How good a (partial) hand is for this seat's open rows."""
    return _potential(tuple(sorted(codes)), mask, rounds_left)


@functools.lru_cache(maxsize=1 << 15)
def _potential(codes: tuple[int, ...], mask: int, rounds_left: int) -> float:
    """`potential` worked out, kept by hand (in any order: every row and bonus
    counts cards, not their order), open rows and rounds left: a review's
    playouts ask for the same few hands thousands of times."""
    best = -1.0
    for r in range(len(ROWS)):
        if mask >> r & 1:
            v = row_now(codes, r) + row_value(mask & ~(1 << r), rounds_left - 1)
            best = max(best, v)
    return best + _bonus_points(codes)


def _context(view: grinch.State) -> tuple[int, int, tuple[int, ...]]:
    seat = view.current_player
    assert seat is not None  # heuristics are asked only while the game is on
    mask = open_mask(view.score_pad[seat])
    return mask, view.rounds - view.round, view.hands[seat]


def best_discard(view: grinch.State) -> tuple[int, float]:
    mask, left, hand = _context(view)
    best = None
    for i, code in enumerate(hand):
        rest = hand[:i] + hand[i + 1 :]
        v = potential(rest, mask, left)
        if best is None or v > best[1] or (v == best[1] and code < best[0]):
            best = (code, v)
    assert best is not None  # a seat to discard holds a card
    return best


def unknown_cards(view: grinch.State) -> list[int]:
    return grinch.unseen_cards(view)


def take_values(view: grinch.State) -> list[tuple[float, Any, Phrase]]:
    """Every take option with its value: a known discard-pile top, or the
    average draw from the cards this seat cannot see."""
    mask, left, hand = _context(view)
    out = []
    unknown = unknown_cards(view)
    if unknown:
        draw = sum(potential(hand + (c,), mask, left) for c in unknown) / len(unknown)
        out.append((draw, grinch.DRAW, Phrase("draw_pile", "Draw from the pile: no discard helps more")))
    for move in view.legal_moves():
        if move.kind != "take":
            continue
        top = view.discards[move.arg][0]
        v = potential(hand + (top,), mask, left)
        card = str(CARDS[top])
        if move.arg == view.current_player:
            reason = Phrase("take_own", f"Take {card} from your own pile: it builds your best open row", {"card": card})
        else:
            reason = Phrase(
                "take_from",
                f"Take {card} from seat {move.arg}'s discards: it builds your best open row",
                {"card": card, "seat": move.arg},
            )
        out.append((v, move, reason))
    out.sort(key=lambda t: -t[0])
    return out


def score_values(view: grinch.State) -> list[tuple[float, Any, Phrase]]:
    """Each open row: points now plus what the rows left are still worth."""
    seat = view.current_player
    mask, left, hand = _context(view)
    out = []
    for r in range(len(ROWS)):
        if mask >> r & 1:
            now = _row_points(hand, r) + _bonus_points(hand)
            later = row_value(mask & ~(1 << r), left - 1)
            text = f"Score {ROWS[r]} for {now} now"
            if left > 1:
                text += f"; the rows you keep open are worth about {later:.0f} later"
                reason = Phrase("score_row_later", text, {"row": ROWS[r], "n": now, "later": int(f"{later:.0f}")})
            else:
                reason = Phrase("score_row", text, {"row": ROWS[r], "n": now})
            out.append((now + later, grinch.SCORE_MOVES[r], reason))
    out.sort(key=lambda t: -t[0])
    assert out, f"seat {seat} has no open row"
    return out


def normal_move(view: grinch.State, rng: random.Random) -> tuple[Any, str | None]:
    phase = view.phase
    if phase == grinch.SCORING:
        _, move, reason = score_values(view)[0]
        return move, reason
    if phase == grinch.GRINCH and view.taken < 2:
        _, move, reason = take_values(view)[0]
        return move, reason
    code, _ = best_discard(view)
    return grinch.DISCARD_MOVES[code], Phrase(
        "discard_least", f"Discard {CARDS[code]}: it helps your open rows least", {"card": str(CARDS[code])}
    )


def forced_choice(view: grinch.State, rng: random.Random) -> tuple[Any, str | None] | None:
    """Hard's shortcut (`game.ai.hard`): a row choice needs no search (it only
    depends on one's own hand, so the row-value rule is exact under its
    model): Normal's move then; None where searching helps."""
    if view.phase == grinch.SCORING:
        return normal_move(view, rng)
    return None


def easy_move(view: grinch.State, rng: random.Random) -> tuple[Any, str | None]:
    """Scores the best row now, always draws, discards low cards; slips."""
    moves = view.legal_moves()
    if rng.random() < 0.3:
        return rng.choice(moves), None
    seat = view.current_player
    assert seat is not None
    if view.phase == grinch.SCORING:
        hand = view.hands[seat]
        return max(moves, key=lambda m: (_row_points(hand, grinch.ROW_INDEX[m.arg]), -len(m.arg))), None
    if view.phase == grinch.GRINCH and view.taken < 2:
        return grinch.DRAW, None
    hand = view.hands[seat]
    counts = [0, 0, 0, 0]
    for c in hand:
        counts[_SUIT[c]] += 1
    code = min(hand, key=lambda c: (counts[_SUIT[c]], _RANK[c], c))
    return grinch.DISCARD_MOVES[code], None


def describe(view: grinch.State, move: Any) -> str | None:
    if move.kind == "score":
        table = score_values(view)
    elif move.kind in ("draw", "take"):
        table = take_values(view)
    else:
        return Phrase(
            "discard_keep", f"Discard {move.arg}: keep the cards that build your open rows", {"card": str(move.arg)}
        )
    for _, m, reason in table:
        if m == move:
            return reason
    return None
