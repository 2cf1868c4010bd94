"""Grinch: Grow Your Heart -- draft five cards over three turns, then write
the hand into one unused row of a seven-row score pad.  Rule IDs: GR-... in
shared/rules/grinch.md.

Cards are int codes inside (suit * 12 + (rank - 1) * 2 + copy); `Card` and
`Move` objects are interned views of those codes for everything outside.

One round, as the state machine runs it (phases "who", "grinch", "score"):
the Whos, from the Grinch's left, each get two cards from the draw pile (a
forced step done when their turn comes up, so an acting Who already holds
them) and discard one face down ("pending N"); when the last Who has
discarded the discards are revealed onto the discard piles together.  The
Grinch then makes two take moves and one discard.  After the third turn
everyone secretly picks a row (Grinch last); the rows are revealed and scored
together and the next round is dealt.
"""

from __future__ import annotations

import random
import re
from bisect import insort
from typing import Any, Iterable, NamedTuple, Sequence

from game.rules.core import (
    BaseState,
    Event,
    check_options,
    check_players,
    check_seat,
    check_seed,
    deal_rng,
    deal_unseen,
    scrub_events,
    seat_of_view,
    take_cards,
    world_seed,
)
from game.rules.core import IllegalMove as IllegalMove  # re-exported for callers

ID = "grinch"
NAME = "Grinch: Grow Your Heart"
PLAYERS = range(2, 7)  # GR-1.1

SUITS = ("W", "N", "O", "P")  # GR-1.2: Wreaths, Noisemakers, Ornaments, Presents
SUIT_NAMES = ("Wreaths", "Noisemakers", "Ornaments", "Presents")
RANKS = range(1, 7)
COPIES = ("a", "b")  # first and second copy of each suit/rank
ROWS = ("wreaths", "noise", "ornaments", "presents", "rainbow", "match", "run")  # GR-5.1
ROUNDS = {2: 6, 3: 6, 4: 4, 5: 5, 6: 6}  # GR-2.1
TURNS = 3  # GR-4
DEAL_SIZE = 2  # GR-3.1
HEART_START = 3  # GR-1.4: the tile shows 3, then the 4 and 5 tokens
#: Refusal codes of this game's `IllegalMove`s (besides `core.REFUSALS`).
REFUSALS = (
    "rows_later",
    "row_used",
    "choose_row",
    "who_only_discards",
    "taken_two",
    "pile_empty",
    "discards_empty",
    "take_first",
    "not_held",
)

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_ROW_INDEX = {r: i for i, r in enumerate(ROWS)}

# -- GR-6.3 card data: THE one place to change which cards carry a bonus ----
# (rank, copy, points, required suit relative to the card's own, how many)
# "next"/"previous" follow the suit order W N O P (wrapping); "opposite" is
# two steps away (W<->O, N<->P).  GR-6.2: never the card's own suit.
BONUS_RULES = (
    (1, "a", 5, "next", 1),
    (1, "b", 5, "previous", 1),
    (2, "a", 10, "opposite", 3),
)
_RELATIVE = {"next": 1, "previous": 3, "opposite": 2}

# BONUSES["W1a"] = (points, required suit letter, minimum count of that suit)
BONUSES: dict[str, tuple[int, str, int]] = {
    f"{suit}{rank}{copy}": (points, SUITS[(i + _RELATIVE[rel]) % 4], need)
    for rank, copy, points, rel, need in BONUS_RULES
    for i, suit in enumerate(SUITS)
}
assert all(card[0] != req for card, (_, req, _n) in BONUSES.items()), "GR-6.2"


class Card(NamedTuple):
    suit: str  # "W", "N", "O" or "P"
    rank: int  # 1..6
    copy: str  # "a" (first) or "b" (second)

    @property
    def code(self) -> int:
        return _SUIT_INDEX[self.suit] * 12 + (self.rank - 1) * 2 + COPIES.index(self.copy)

    def __str__(self) -> str:
        return f"{self.suit}{self.rank}{self.copy}"


class Move(NamedTuple):
    kind: str  # "draw", "take", "discard" or "score"
    arg: Any = None  # None, a seat (take), a Card (discard) or a row name (score)

    def __str__(self) -> str:
        return self.kind if self.arg is None else f"{self.kind} {self.arg}"


CARDS = tuple(Card(s, r, c) for s in SUITS for r in RANKS for c in COPIES)
_ALL_CODES = tuple(range(len(CARDS)))
_SUIT = tuple(code // 12 for code in _ALL_CODES)
_RANK = tuple(code % 12 // 2 + 1 for code in _ALL_CODES)
_CARD_INDEX = {card: code for code, card in enumerate(CARDS)}
# _BONUS[code] = (points, required suit index, minimum) or None
_BONUS = tuple(
    (lambda b: None if b is None else (b[0], _SUIT_INDEX[b[1]], b[2]))(BONUSES.get(str(card))) for card in CARDS
)
_BONUS_CODES = tuple(code for code in _ALL_CODES if _BONUS[code] is not None)
# run value by bitmask of ranks held (bit r for rank r)
_RUN_BY_MASK = tuple(
    (lambda longest: 25 if longest >= 5 else 15 if longest == 4 else 0)(
        max(
            (k for k in range(0, 7) for lo in range(1, 8 - k) if all(mask >> r & 1 for r in range(lo, lo + k))),
            default=0,
        )
    )
    for mask in range(128)
)
_MATCH_BY_COUNT = (0, 0, 0, 10, 20) + (30,) * 44  # GR-5.1: 3 -> 10, 4 -> 20, 5+ -> 30

DRAW = Move("draw")
_TAKE = tuple(Move("take", seat) for seat in range(PLAYERS.stop - 1))
_DISCARD = tuple(Move("discard", card) for card in CARDS)
_SCORE = tuple(Move("score", row) for row in ROWS)

# phases (ints inside, names in JSON)
_WHO, _GRINCH, _SCORING, _OVER = 0, 1, 2, 3
_PHASES = ("who", "grinch", "score", "over")
_NONE, _HIDDEN = -1, -2  # "pending" / "chosen" entries: nothing yet, or hidden in a view

# -- the fast tables search and heuristics read (public names, same objects) ---
#: SUIT_OF[code] (0..3, the order of SUITS) and RANK_OF[code] (1..6).
ALL_CODES = _ALL_CODES
SUIT_OF = _SUIT
RANK_OF = _RANK
ROW_INDEX = _ROW_INDEX
#: DISCARD_MOVES[code] / SCORE_MOVES[row index] / TAKE_MOVES[seat]: the interned moves.
DISCARD_MOVES = _DISCARD
TAKE_MOVES = _TAKE
SCORE_MOVES = _SCORE
#: `State.phase` values: Whos discard, the Grinch takes and discards, rows
#: are chosen, the game is over.
WHO, GRINCH, SCORING, OVER = _WHO, _GRINCH, _SCORING, _OVER
#: A view's `pending` / `chosen` entry for a discard or row not yet shown.
HIDDEN = _HIDDEN

_CARD_RE = re.compile(r"^\s*([WNOP])\s*([1-6])\s*([AB])\s*$")


# -- notation -------------------------------------------------------------------
def deck(num_players: int | None = None) -> list[Card]:
    """All 48 cards (GR-1.2); the deck does not depend on the player count."""
    return list(CARDS)


def parse_card(text: str) -> Card:
    """`W1a` -> Card("W", 1, "a"); case and spaces do not matter."""
    match = _CARD_RE.match(str(text).upper())
    if match is None:
        raise ValueError(f"{text!r} is not a Grinch card (write suit W/N/O/P, rank 1-6, copy a/b: 'W1a')")
    suit, rank, copy = match.groups()
    return CARDS[_SUIT_INDEX[suit] * 12 + (int(rank) - 1) * 2 + (copy == "B")]


def parse_move(text: str) -> Move:
    """`draw`, `take 2`, `discard W1a` or `score rainbow`."""
    kind, _, rest = str(text).strip().lower().partition(" ")
    rest = rest.strip()
    if kind == "draw" and not rest:
        return DRAW
    if kind == "take" and rest.isdigit() and int(rest) < len(_TAKE):
        return _TAKE[int(rest)]
    if kind == "discard" and rest:
        return _DISCARD[parse_card(rest).code]
    if kind == "score" and rest in _ROW_INDEX:
        return _SCORE[_ROW_INDEX[rest]]
    raise ValueError(
        f"{text!r} is not a Grinch move (write 'draw', 'take 2', 'discard W1a' or "
        f"'score ROW' with ROW one of {', '.join(ROWS)})"
    )


def _to_card(item: Any) -> Card:
    if isinstance(item, str):
        return parse_card(item)
    if isinstance(item, Card) and item in _CARD_INDEX:
        return item
    raise ValueError(f"{item!r} is not a Grinch card")


def _codes(hand: Iterable[Card | str]) -> list[int]:
    if isinstance(hand, (str, bytes)):
        raise ValueError(f"expected a list of cards, got the string {hand!r}")
    return [_CARD_INDEX[_to_card(item)] for item in hand]


def _row_index(row: Any) -> int:
    key = row.strip().lower() if isinstance(row, str) else None
    if key not in _ROW_INDEX:
        raise ValueError(f"{row!r} is not a score pad row (rows: {', '.join(ROWS)})")
    return _ROW_INDEX[key]


# -- scoring on codes (shared by the State and the playout fast path) ----------
def _row_points(codes: Sequence[int], row: int) -> int:
    """GR-5.1 for one row index."""
    rank = _RANK
    if row < 4:
        suit = _SUIT
        return sum(rank[c] for c in codes if suit[c] == row)
    if row == 4:
        best = [0, 0, 0, 0]
        suit = _SUIT
        for c in codes:
            r = rank[c]
            if r > best[suit[c]]:
                best[suit[c]] = r
        return best[0] + best[1] + best[2] + best[3]
    if row == 5:
        counts = [0] * 7
        for c in codes:
            counts[rank[c]] += 1
        return _MATCH_BY_COUNT[max(counts)]
    mask = 0
    for c in codes:
        mask |= 1 << rank[c]
    return _RUN_BY_MASK[mask]


def _bonus_points(codes: Sequence[int]) -> int:
    """GR-6.1: every bonus card is checked on its own against the suit counts."""
    total = 0
    counts = None
    for c in codes:
        spec = _BONUS[c]
        if spec is not None:
            if counts is None:
                counts = [0, 0, 0, 0]
                suit = _SUIT
                for d in codes:
                    counts[suit[d]] += 1
            if counts[spec[1]] >= spec[2]:
                total += spec[0]
    return total


#: `row_points(codes, row index)` (GR-5.1) and `bonus_points(codes)` (GR-6.1)
#: on card codes, for search: the same functions the rules score with.
row_points = _row_points
bonus_points = _bonus_points


def row_score(hand: Sequence[Card | str], row: str) -> int:
    """The hand's value in one score pad row, without bonuses (GR-5.1)."""
    return _row_points(_codes(hand), _row_index(row))


def bonus(hand: Sequence[Card | str]) -> int:
    """All bonuses the hand meets (GR-6), whatever row is chosen."""
    return _bonus_points(_codes(hand))


def hand_score(hand: Sequence[Card | str], row: str) -> int:
    """What the hand writes into `row`: row value plus bonuses (GR-5.3)."""
    codes = _codes(hand)
    return _row_points(codes, _row_index(row)) + _bonus_points(codes)


# -- deals -------------------------------------------------------------------------
def _in_play(left_out: tuple[int, ...]) -> list[int]:
    return [c for c in _ALL_CODES if c not in left_out] if left_out else list(_ALL_CODES)


def _shuffled(seed: int | str, deal: int, left_out: tuple[int, ...]) -> list[int]:
    """The shuffled cards of one deal (GR-3.1)."""
    codes = _in_play(left_out)
    deal_rng(ID, seed, deal).shuffle(codes)
    return codes


def _deal_out(codes: Sequence[int], n: int, grinch: int) -> list[list[int]]:
    """GR-3.1: one card at a time from the Grinch's left, two rounds."""
    hands: list[list[int]] = [[] for _ in range(n)]
    for k in range(DEAL_SIZE * n):
        hands[(grinch + 1 + k) % n].append(codes[k])
    return hands


def _cards_events(kind: str, hands: Sequence[Sequence[int]], info: Any) -> list[Event]:
    return [Event(kind, seat, tuple(CARDS[c] for c in hand), info, True) for seat, hand in enumerate(hands)]


def _draws_left(phase: int, actor: int | None, turn: int, taken: int, grinch: int, n: int) -> int:
    """Most cards the draw pile may still have to give this round (GR-4.5)."""
    if phase == _WHO:
        assert actor is not None
        later_whos = (grinch - actor - 1) % n
        return 2 * later_whos + 2 + (TURNS - turn) * 2 * n
    if phase == _GRINCH:
        return (2 - taken) + (TURNS - turn) * 2 * n
    return 0


class State(BaseState):
    """A Grinch position.

    `pending[seat]`: a Who's discard of this turn not yet revealed (-1 none).
    `chosen[seat]`: row index picked this round, not yet scored (-1 none).
    `score_pad[seat]`: seven row values, -1 for a row not used yet.
    `known[seat]`: cards in that hand that everyone saw it take from a face-up
    discard pile (GR-4.3), so views keep them.
    `pile` and `discards[seat]` list the top card first.  `left_out` holds
    the cards a scenario game is played without (empty normally); it names
    only cards nobody holds, so views keep it.
    """

    __slots__ = (
        "seed",
        "start",
        "left_out",
        "round",
        "turn",
        "phase",
        "actor",
        "taken",
        "hands",
        "sizes",
        "pile",
        "pile_count",
        "discards",
        "pending",
        "score_pad",
        "chosen",
        "known",
    )
    seed: int | str | None  # None in a view
    start: int
    left_out: tuple[int, ...]
    round: int
    turn: int
    phase: int  # WHO, GRINCH, SCORING or OVER
    actor: int | None
    taken: int
    hands: tuple[tuple[int, ...], ...]
    sizes: tuple[int, ...] | None  # hand sizes, in a view only
    pile: tuple[int, ...]
    pile_count: int | None  # in a view only
    discards: tuple[tuple[int, ...], ...]
    pending: tuple[int, ...]
    score_pad: tuple[tuple[int, ...], ...]
    chosen: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    GAME = ID
    PLAYERS = PLAYERS
    _notation_rule = "GR-4"
    _end_rule = "GR-5.4"

    # -- who acts -----------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.actor

    @property
    def options(self) -> dict:
        return {}

    @property
    def grinch(self) -> int:
        """This round's Grinch (GR-2.2)."""
        return (self.start + self.round) % self.num_players

    @property
    def rounds(self) -> int:
        return ROUNDS[self.num_players]

    @property
    def round_number(self) -> int:
        """1-based round being played (the last one once the game is over)."""
        return min(self.round, self.rounds - 1) + 1

    @property
    def heart(self) -> int:
        """What the heart tracker shows (GR-1.4): 3, then 4 and 5."""
        return HEART_START + self.turn - 1

    @property
    def phase_name(self) -> str:
        return _PHASES[self.phase]

    @property
    def takes_left(self) -> int:
        """Cards the Grinch still takes this turn before discarding."""
        return 2 - self.taken if self.phase == _GRINCH else 0

    # -- public reading -------------------------------------------------------
    def hand(self, seat: int) -> list[Card]:
        check_seat(self.num_players, seat)
        return [CARDS[c] for c in self.hands[seat]]

    def hand_size(self, seat: int) -> int:
        check_seat(self.num_players, seat)
        return self.sizes[seat] if self.sizes is not None else len(self.hands[seat])

    def pile_size(self) -> int:
        return self.pile_count if self.pile_count is not None else len(self.pile)

    def discard_pile(self, seat: int) -> list[Card]:
        """Seat's face-up discard pile, top card first."""
        check_seat(self.num_players, seat)
        return [CARDS[c] for c in self.discards[seat]]

    def pending_discard(self, seat: int) -> Card | None:
        """A Who's discard of this turn before the reveal (None if none or hidden)."""
        check_seat(self.num_players, seat)
        code = self.pending[seat]
        return CARDS[code] if code >= 0 else None

    def has_pending(self, seat: int) -> bool:
        """Whether the seat has discarded this turn (true even when hidden)."""
        return self.pending[seat] != _NONE

    def pad(self) -> list[dict[str, int]]:
        """The score pad: per seat, {row: points} for the rows used so far."""
        return [{ROWS[r]: v for r, v in enumerate(rows) if v >= 0} for rows in self.score_pad]

    def open_rows(self, seat: int) -> list[str]:
        """Rows the seat has not used yet this game (GR-5.1)."""
        check_seat(self.num_players, seat)
        used = self.score_pad[seat]
        mine = self.chosen[seat]
        return [ROWS[r] for r in range(len(ROWS)) if used[r] < 0 and r != mine]

    def chosen_row(self, seat: int) -> str | None:
        """This round's row choice before scoring (None if none or hidden)."""
        check_seat(self.num_players, seat)
        row = self.chosen[seat]
        return ROWS[row] if row >= 0 else None

    def has_chosen(self, seat: int) -> bool:
        return self.chosen[seat] != _NONE

    def scores(self) -> list[int]:
        return [sum(v for v in rows if v > 0) for rows in self.score_pad]

    def known_cards(self, seat: int) -> list[Card]:
        """Cards of this seat's hand that everyone saw it take from a discard
        pile this round: public, so every view shows them."""
        check_seat(self.num_players, seat)
        return [CARDS[c] for c in self.known[seat]]

    def places(self) -> dict[str, list[Card]]:
        out: dict[str, list[Card]] = {}
        for seat in range(self.num_players):
            known = self.known[seat]
            out[f"hand {seat}"] = [CARDS[c] for c in self.hands[seat] if c not in known]
            out[f"taken {seat}"] = [CARDS[c] for c in known]
            code = self.pending[seat]
            out[f"pending {seat}"] = [CARDS[code]] if code >= 0 else []
            out[f"discard {seat}"] = [CARDS[c] for c in self.discards[seat]]
        out["pile"] = [CARDS[c] for c in self.pile]
        return out

    # -- the move gate hooks --------------------------------------------------
    def _parse_move(self, text: str) -> Move:
        return parse_move(text)

    def _legal(self) -> list[Move]:
        phase, actor = self.phase, self.actor
        assert actor is not None  # the gate asks only while the game is on
        if phase == _SCORING:
            used = self.score_pad[actor]
            return [_SCORE[r] for r in range(7) if used[r] < 0]
        if phase == _GRINCH and self.taken < 2:
            discards = self.discards
            return [DRAW] + [_TAKE[s] for s in range(self.num_players) if discards[s]]
        return [_DISCARD[c] for c in self.hands[actor]]

    def _reason(self, move: Any) -> tuple[str, str, str, dict[str, Any]]:
        if not isinstance(move, Move):
            return "GR-4", f"{move!r} is not a Grinch move", "not_a_move", {}
        seat, phase, kind = self.actor, self.phase, move.kind
        role = "the Grinch" if seat == self.grinch else "a Who"
        if kind == "score":
            if phase != _SCORING:
                return "GR-5.1", "Rows are chosen only after the third turn of the round", "rows_later", {}
            row = move.arg
            if row not in _ROW_INDEX:
                return ("GR-5.1", f"{row!r} is not a score pad row (rows: {', '.join(ROWS)})", "not_a_move", {})
            return (
                "GR-5.1",
                f"Seat {seat} has already used the {row} row in this game",
                "row_used",
                {"seat": seat, "row": row},
            )
        if phase == _SCORING:
            return (
                "GR-5.1",
                f"The round is over: seat {seat} chooses a row with 'score ROW'",
                "choose_row",
                {"seat": seat},
            )
        if kind in ("draw", "take"):
            if phase == _WHO:
                return (
                    "GR-4.2",
                    (f"Seat {seat} is a Who this round: Whos get their two cards from the draw pile and only discard"),
                    "who_only_discards",
                    {"seat": seat},
                )
            if self.taken >= 2:
                return "GR-4.3", "The Grinch has taken two cards; now discard one", "taken_two", {}
            if kind == "draw":
                return "GR-4.5", "The draw pile is empty", "pile_empty", {}
            target = move.arg
            if not isinstance(target, int) or not 0 <= target < self.num_players:
                return "GR-4.3", f"There is no seat {target!r} to take from", "not_a_move", {}
            return (
                "GR-4.3",
                f"Seat {target}'s discard pile is empty: nothing to take",
                "discards_empty",
                {"seat": target},
            )
        if kind == "discard":
            if phase == _GRINCH and self.taken < 2:
                return (
                    "GR-4.3",
                    (f"The Grinch takes two cards first ({2 - self.taken} to go), then discards"),
                    "take_first",
                    {"n": 2 - self.taken},
                )
            rule = "GR-4.3" if phase == _GRINCH else "GR-4.2"
            card = move.arg
            if not isinstance(card, Card) or card not in _CARD_INDEX:
                return rule, f"{card!r} is not a Grinch card", "not_a_move", {}
            return (rule, f"Seat {seat} ({role}) does not hold {card}", "not_held", {"seat": seat, "card": str(card)})
        return ("GR-4", f"{kind!r} is not a Grinch move (draw, take N, discard CARD, score ROW)", "not_a_move", {})

    def _apply(self, move: Move) -> "State":
        if self.viewer is not None:
            raise ValueError("moves are applied to the full state, not to a seat's view")
        phase = self.phase
        if phase == _WHO:
            return self._who_discard(move.arg.code)
        if phase == _GRINCH:
            if self.taken < 2:
                return self._grinch_take(move)
            return self._grinch_discard(move.arg.code)
        return self._choose_row(_ROW_INDEX[move.arg])

    def _who_discard(self, code: int) -> "State":
        """GR-4.2: the Who's discard waits face down until every Who has discarded."""
        n, seat, grinch = self.num_players, self.actor, self.grinch
        assert seat is not None
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != code)
        pending = list(self.pending)
        pending[seat] = code
        events = [Event("discarded", seat, (CARDS[code],), None, True)]
        nxt = (seat + 1) % n
        if nxt != grinch:
            pile = self.pile
            assert len(pile) >= 2, "GR-4.5: the draw pile ran out"
            drawn = pile[:2]
            hands[nxt] = tuple(sorted(hands[nxt] + drawn))
            events.append(Event("drew", nxt, (CARDS[drawn[0]], CARDS[drawn[1]]), None, True))
            return self._evolve(
                hands=tuple(hands),
                pending=tuple(pending),
                pile=pile[2:],
                actor=nxt,
                events=tuple(events),
            )
        discards = list(self.discards)
        shown, seats = [], []
        for k in range(1, n):
            s = (grinch + k) % n
            c = pending[s]
            if c >= 0:
                discards[s] = (c,) + discards[s]
                shown.append(CARDS[c])
                seats.append(s)
        events.append(Event("revealed", None, tuple(shown), {"seats": seats}))
        return self._evolve(
            hands=tuple(hands),
            pending=(_NONE,) * n,
            discards=tuple(discards),
            phase=_GRINCH,
            actor=grinch,
            taken=0,
            events=tuple(events),
        )

    def _grinch_take(self, move: Move) -> "State":
        """GR-4.3: one card from the draw pile or the top of any discard pile."""
        seat = self.actor
        assert seat is not None
        hands = list(self.hands)
        if move.kind == "draw":
            pile = self.pile
            assert pile, "GR-4.5: the draw pile ran out"
            code = pile[0]
            hands[seat] = tuple(sorted(hands[seat] + (code,)))
            return self._evolve(
                hands=tuple(hands),
                pile=pile[1:],
                taken=self.taken + 1,
                events=(Event("drew", seat, (CARDS[code],), {"from": "pile"}, True),),
            )
        source = move.arg
        discards = list(self.discards)
        code = discards[source][0]
        discards[source] = discards[source][1:]
        hands[seat] = tuple(sorted(hands[seat] + (code,)))
        known = list(self.known)
        known[seat] = known[seat] + (code,)
        return self._evolve(
            hands=tuple(hands),
            discards=tuple(discards),
            taken=self.taken + 1,
            known=tuple(known),
            events=(Event("took", seat, (CARDS[code],), {"from": source}),),
        )

    def _grinch_discard(self, code: int) -> "State":
        """GR-4.3 / GR-4.4: the Grinch's discard ends the turn."""
        n, seat = self.num_players, self.actor
        assert seat is not None
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != code)
        known = list(self.known)
        known[seat] = tuple(c for c in known[seat] if c != code)
        discards = list(self.discards)
        discards[seat] = (code,) + discards[seat]
        events = [Event("discarded", seat, (CARDS[code],), None)]
        first = (seat + 1) % n
        if self.turn >= TURNS:  # GR-4.4: five cards each; choose rows (GR-5)
            return self._evolve(
                hands=tuple(hands),
                discards=tuple(discards),
                phase=_SCORING,
                actor=first,
                taken=0,
                known=tuple(known),
                events=tuple(events),
            )
        turn = self.turn + 1
        events.append(Event("heart", None, (), {"heart": HEART_START + turn - 1}))  # GR-1.4
        pile = self.pile
        assert len(pile) >= 2, "GR-4.5: the draw pile ran out"
        drawn = pile[:2]
        hands[first] = tuple(sorted(hands[first] + drawn))
        events.append(Event("drew", first, (CARDS[drawn[0]], CARDS[drawn[1]]), None, True))
        return self._evolve(
            hands=tuple(hands),
            discards=tuple(discards),
            pile=pile[2:],
            phase=_WHO,
            actor=first,
            turn=turn,
            taken=0,
            known=tuple(known),
            events=tuple(events),
        )

    def _choose_row(self, row: int) -> "State":
        """GR-5.1: choices stay secret until the Grinch, who chooses last, has chosen."""
        seat, grinch = self.actor, self.grinch
        assert seat is not None
        chosen = list(self.chosen)
        chosen[seat] = row
        events = [Event("chose", seat)]
        if seat != grinch:
            return self._evolve(
                chosen=tuple(chosen),
                actor=(seat + 1) % self.num_players,
                events=tuple(events),
            )
        return self._score_round(chosen, events)

    def _score_round(self, chosen: list[int], events: list[Event]) -> "State":
        """GR-5.3: row value plus every bonus met, written into the chosen row."""
        n = self.num_players
        pad = []
        for seat in range(n):
            codes, row = self.hands[seat], chosen[seat]
            points, extra = _row_points(codes, row), _bonus_points(codes)
            rows = list(self.score_pad[seat])
            rows[row] = points + extra
            pad.append(tuple(rows))
            events.append(
                Event(
                    "scored",
                    seat,
                    tuple(CARDS[c] for c in codes),  # the five cards scored, shown to everyone (GR-5)
                    {
                        "row": ROWS[row],
                        "points": points + extra,
                        "row_points": points,
                        "bonus": extra,
                    },
                )
            )
        pad_t = tuple(pad)
        totals = [sum(v for v in rows if v > 0) for rows in pad_t]
        events.append(Event("round_over", None, (), {"round": self.round + 1, "totals": totals}))
        next_round = self.round + 1
        if next_round >= ROUNDS[n]:  # GR-5.4
            best = max(totals)
            winners = [s for s, t in enumerate(totals) if t == best]
            events.append(Event("game_over", None, (), {"scores": totals, "winners": winners}))
            return self._evolve(
                score_pad=pad_t,
                chosen=(_NONE,) * n,
                phase=_OVER,
                actor=None,
                round=next_round,
                events=tuple(events),
            )
        if self.seed is None:
            raise ValueError("a view has no seed, so it cannot deal the next round")
        state = _new_round(
            self._evolve(score_pad=pad_t, chosen=(_NONE,) * n, round=next_round),
            _shuffled(self.seed, next_round, self.left_out),
            None,
            events,
        )
        return state

    # -- views and JSON -------------------------------------------------------
    def _hide(self, seat: int) -> "State":
        n = self.num_players
        hands = tuple(h if s == seat else () for s, h in enumerate(self.hands))
        sizes = tuple(self.hand_size(s) for s in range(n))
        pending = tuple(p if s == seat or p == _NONE else _HIDDEN for s, p in enumerate(self.pending))
        chosen = tuple(r if s == seat or r == _NONE else _HIDDEN for s, r in enumerate(self.chosen))
        return self._evolve(
            viewer=seat,
            seed=None,
            hands=hands,
            sizes=sizes,
            pile=(),
            pile_count=self.pile_size(),
            pending=pending,
            chosen=chosen,
            events=scrub_events(self.events, seat),
        )

    def _data(self) -> dict:
        def pending_text(code: int) -> str | None:
            return None if code == _NONE else "hidden" if code == _HIDDEN else str(CARDS[code])

        def chosen_text(row: int) -> str | None:
            return None if row == _NONE else "hidden" if row == _HIDDEN else ROWS[row]

        def texts(codes: Iterable[int]) -> list[str]:
            return [str(CARDS[c]) for c in codes]

        return {
            "seed": self.seed,
            "options": {},
            "start": self.start,
            "left_out": texts(self.left_out),
            "round": self.round,
            "turn": self.turn,
            "phase": _PHASES[self.phase],
            "actor": self.actor,
            "taken": self.taken,
            "hands": [texts(h) for h in self.hands],
            "hand_sizes": [self.hand_size(s) for s in range(self.num_players)],
            "pile": texts(self.pile),
            "pile_size": self.pile_size(),
            "discards": [texts(d) for d in self.discards],
            "pending": [pending_text(p) for p in self.pending],
            "pad": self.pad(),
            "chosen": [chosen_text(r) for r in self.chosen],
            "known": [texts(k) for k in self.known],
        }

    @classmethod
    def _from_data(cls, data: dict, n: int, viewer: int | None) -> "State":
        check_options(NAME, data["options"], ())
        seed = data["seed"]
        if seed is not None:
            check_seed(seed)
        elif viewer is None:
            raise ValueError("damaged grinch state: a full state needs its seed")

        def codes(texts: Any) -> tuple[int, ...]:
            if not isinstance(texts, list):
                raise ValueError(f"damaged grinch state: expected a list of cards, not {texts!r}")
            return tuple(parse_card(t).code for t in texts)

        def whole(value: Any, what: str, lo: int, hi: int) -> int:
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise ValueError(f"damaged grinch state: {what} {value!r} not in {lo}..{hi}")
            return value

        def per_seat(value: Any, what: str) -> list:
            if not isinstance(value, list) or len(value) != n:
                raise ValueError(f"damaged grinch state: {what} needs one entry per seat")
            return value

        start = check_seat(n, data["start"], "start")
        phase_name = data["phase"]
        if phase_name not in _PHASES:
            raise ValueError(f"damaged grinch state: unknown phase {phase_name!r}")
        phase = _PHASES.index(phase_name)
        rounds = ROUNDS[n]
        rnd = whole(data["round"], "round", rounds if phase == _OVER else 0, rounds if phase == _OVER else rounds - 1)
        turn = whole(data["turn"], "turn", 1, TURNS)
        taken = whole(data["taken"], "taken", 0, 2 if phase == _GRINCH else 0)
        actor = data["actor"]
        if phase == _OVER:
            if actor is not None:
                raise ValueError("damaged grinch state: a finished game has no actor")
        else:
            check_seat(n, actor, "actor")
        grinch = (start + rnd) % n
        if phase == _WHO and actor == grinch or phase == _GRINCH and actor != grinch:
            raise ValueError("damaged grinch state: the actor does not fit the phase")
        left_out = tuple(sorted(codes(data["left_out"])))
        hands = tuple(tuple(sorted(codes(h))) for h in per_seat(data["hands"], "hands"))
        discards = tuple(codes(d) for d in per_seat(data["discards"], "discards"))
        pending = tuple(
            _NONE if p is None else _HIDDEN if p == "hidden" and viewer is not None else parse_card(p).code
            for p in per_seat(data["pending"], "pending")
        )
        chosen = tuple(
            _NONE if r is None else _HIDDEN if r == "hidden" and viewer is not None else _row_index(r)
            for r in per_seat(data["chosen"], "chosen")
        )
        known = tuple(codes(k) for k in per_seat(data.get("known", [[]] * n), "known"))
        for seat, cards in enumerate(known):
            if viewer is None and not set(cards) <= set(hands[seat]):
                raise ValueError("damaged grinch state: a known card is not in its hand")
        pad = []
        for rows in per_seat(data["pad"], "pad"):
            if not isinstance(rows, dict):
                raise ValueError("damaged grinch state: a pad entry must be {row: points}")
            line = [_NONE] * len(ROWS)
            for row, points in rows.items():
                line[_row_index(row)] = whole(points, "pad points", 0, 10**6)
            pad.append(tuple(line))
        if viewer is None:
            pile = codes(data["pile"])
            sizes, pile_count = None, None
            everything = sorted(
                [c for h in hands for c in h]
                + list(pile)
                + [c for d in discards for c in d]
                + [p for p in pending if p >= 0]
            )
            if everything != [c for c in _ALL_CODES if c not in left_out]:
                raise ValueError("damaged grinch state: the cards in play do not match the deck")
            if len(pile) < _draws_left(phase, actor, turn, taken, grinch, n):
                raise ValueError("damaged grinch state: the draw pile is too small (GR-4.5)")
        else:
            pile = ()
            sizes = tuple(whole(s, "hand size", 0, 48) for s in per_seat(data["hand_sizes"], "hand_sizes"))
            pile_count = whole(data["pile_size"], "pile size", 0, 48)
        return cls._make(
            num_players=n,
            events=(),
            viewer=viewer,
            seed=seed,
            start=start,
            left_out=left_out,
            round=rnd,
            turn=turn,
            phase=phase,
            actor=actor,
            taken=taken,
            hands=hands,
            sizes=sizes,
            pile=pile,
            pile_count=pile_count,
            discards=discards,
            pending=pending,
            score_pad=tuple(pad),
            chosen=chosen,
            known=known,
        )


def _new_round(state: State, codes: Sequence[int], given: Sequence[Sequence[int]] | None, events: list[Event]) -> State:
    """GR-3.1 and the first Who's two cards.  `codes` is the shuffled deck
    (dealt from the top), or the draw pile alone when `given` holds the hands."""
    n, grinch = state.num_players, state.grinch
    if given is None:
        dealt = _deal_out(codes, n, grinch)
        pile = tuple(codes[DEAL_SIZE * n :])
    else:
        dealt = [list(h) for h in given]
        pile = tuple(codes)
    events.append(
        Event(
            "round",
            None,
            (),
            {
                "round": state.round + 1,
                "of": ROUNDS[n],
                "grinch": grinch,
                "heart": HEART_START,
            },
        )
    )
    events.extend(_cards_events("dealt", dealt, None))
    first = (grinch + 1) % n
    assert len(pile) >= 2, "GR-4.5: the draw pile ran out"
    dealt[first] = dealt[first] + list(pile[:2])
    events.append(Event("drew", first, (CARDS[pile[0]], CARDS[pile[1]]), None, True))
    return state._evolve(
        hands=tuple(tuple(sorted(h)) for h in dealt),
        pile=pile[2:],
        discards=((),) * n,
        pending=(_NONE,) * n,
        chosen=(_NONE,) * n,
        known=((),) * n,
        phase=_WHO,
        actor=first,
        turn=1,
        taken=0,
        events=tuple(events),
    )


def new_game(
    num_players: int,
    seed: int | str,
    *,
    start: int = 0,
    hands: Sequence[Sequence[Card | str]] | None = None,
    pile: Sequence[Card | str] | None = None,
    **options: Any,
) -> State:
    """A new game; `start` is round 1's Grinch (GR-2.2).

    Scenarios: `hands` are used as they are; a given `pile` (top first) is the
    whole draw pile, and the cards in hands and pile are the only cards of the
    game (later rounds reshuffle just those).  Hands without a pile get the
    rest of the deck, shuffled by `seed`, as their pile; a pile without hands
    gets hands dealt from the cards not in it, shuffled by `seed`.
    """
    n = check_players(NAME, PLAYERS, num_players)
    seed = check_seed(seed)
    check_seat(n, start, "start")
    check_options(NAME, options, ())
    left_out: tuple[int, ...] = ()
    given = None
    if hands is None and pile is None:
        codes: Sequence[int] = _shuffled(seed, 0, ())
    else:
        used: list[int] = []
        if hands is not None:
            if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
                raise ValueError(f"hands: expected a list of {n} card lists, not {hands!r}")
            if len(hands) != n:
                raise ValueError(f"hands: {len(hands)} hands given for {n} players")
            given = take_cards(NAME, _ALL_CODES, hands, parse_card, used)
        pile_codes = None
        if pile is not None:
            pile_codes = take_cards(NAME, _ALL_CODES, [pile], parse_card, used)[0]
        taken = set(used)
        rest = [c for c in _ALL_CODES if c not in taken]
        deal_rng(ID, seed, 0).shuffle(rest)
        if given is None:  # a pile alone: the hands come from the cards not in it
            given = _deal_out(rest, n, start)
            rest = rest[DEAL_SIZE * n :]
            used.extend(c for hand in given for c in hand)
        codes = rest if pile_codes is None else pile_codes
        if pile_codes is not None:  # the cards in neither hands nor pile take no part
            in_play = set(used)
            left_out = tuple(c for c in _ALL_CODES if c not in in_play)
        if len(codes) < 6 * n:
            raise ValueError(
                f"pile: a round of {n} players may draw {6 * n} cards (GR-4.5); the pile holds {len(codes)}"
            )
        if pile is not None and len(used) < 8 * n:
            raise ValueError(
                f"a game of {n} players needs at least {8 * n} cards for its later rounds "
                f"(GR-3.1, GR-4.5); this scenario has {len(used)}"
            )
    state = State._make(
        num_players=n,
        events=(),
        viewer=None,
        seed=seed,
        start=start,
        left_out=left_out,
        round=0,
        turn=1,
        phase=_WHO,
        actor=None,
        taken=0,
        hands=((),) * n,
        sizes=None,
        pile=(),
        pile_count=None,
        discards=((),) * n,
        pending=(_NONE,) * n,
        score_pad=(((_NONE,) * len(ROWS)),) * n,
        chosen=(_NONE,) * n,
        known=((),) * n,
    )
    return _new_round(state, codes, given, [])


from_json = State.from_json


def playout(state: State, rng: random.Random, trace: list | None = None) -> list[int]:
    """Finish the game with uniformly random legal moves; return the totals.

    Same state machine as `apply`, on plain lists of codes.  Each decision
    draws one `rng.random()` and picks that index of the options in the
    order `legal_moves()` lists them (skipped when there is only one), so
    the current round ends exactly as a game of uniform choices through
    `legal_moves()`/`apply()` would.  Later rounds are dealt from `rng`, as
    in every playout: a rollout must not know the seeded future deals.

    With a `trace` list every move made is appended, and each later round's
    shuffled deck as `("deal", codes)`: replayed through `apply()` with those
    deals, they reach the same totals (tests/ai/test_fast_paths.py).
    """
    if state.viewer is not None:
        raise ValueError("playout needs a full state, not a view")
    if state.actor is None:
        return state.scores()
    rand, shuffle = rng.random, rng.shuffle
    n = state.num_players
    left_out, start = state.left_out, state.start
    total_rounds = ROUNDS[n]
    rnd, turn, taken, phase, actor = state.round, state.turn, state.taken, state.phase, state.actor
    hands = [list(h) for h in state.hands]
    pile: Sequence[int] = state.pile
    pos = 0
    tops = [list(reversed(d)) for d in state.discards]  # top last
    pending = list(state.pending)
    pads = [list(p) for p in state.score_pad]
    chosen = list(state.chosen)
    grinch = (start + rnd) % n
    seats = range(n)
    while True:
        if phase == _WHO:
            hand = hands[actor]
            k = len(hand)
            pending[actor] = hand.pop(int(rand() * k) if k > 1 else 0)
            if trace is not None:
                trace.append(_DISCARD[pending[actor]])
            actor += 1
            if actor == n:
                actor = 0
            if actor != grinch:
                hand = hands[actor]
                insort(hand, pile[pos])
                insort(hand, pile[pos + 1])
                pos += 2
            else:
                for s in seats:
                    c = pending[s]
                    if c >= 0:
                        tops[s].append(c)
                        pending[s] = -1
                phase = _GRINCH
                taken = 0
        elif phase == _GRINCH:
            hand = hands[grinch]
            if taken < 2:
                sources = [s for s in seats if tops[s]]
                k = len(sources) + 1
                i = int(rand() * k) if k > 1 else 0
                if i == 0:
                    insort(hand, pile[pos])
                    pos += 1
                else:
                    insort(hand, tops[sources[i - 1]].pop())
                if trace is not None:
                    trace.append(DRAW if i == 0 else _TAKE[sources[i - 1]])
                taken += 1
            else:
                k = len(hand)
                tops[grinch].append(hand.pop(int(rand() * k) if k > 1 else 0))
                if trace is not None:
                    trace.append(_DISCARD[tops[grinch][-1]])
                actor = grinch + 1 if grinch + 1 < n else 0
                if turn < TURNS:
                    turn += 1
                    phase = _WHO
                    hand = hands[actor]
                    insort(hand, pile[pos])
                    insort(hand, pile[pos + 1])
                    pos += 2
                else:
                    phase = _SCORING
        else:
            rows = pads[actor]
            options = [r for r in range(7) if rows[r] < 0]
            k = len(options)
            chosen[actor] = options[int(rand() * k) if k > 1 else 0]
            if trace is not None:
                trace.append(_SCORE[chosen[actor]])
            if actor != grinch:
                actor = actor + 1 if actor + 1 < n else 0
                continue
            for s in seats:
                codes = hands[s]
                pads[s][chosen[s]] = _row_points(codes, chosen[s]) + _bonus_points(codes)
                chosen[s] = -1
            rnd += 1
            if rnd >= total_rounds:
                return [sum(v for v in rows if v > 0) for rows in pads]
            grinch = (start + rnd) % n
            deal = _in_play(left_out)
            shuffle(deal)
            if trace is not None:
                trace.append(("deal", tuple(deal)))
            hands = [sorted(h) for h in _deal_out(deal, n, grinch)]
            pile = deal
            pos = DEAL_SIZE * n
            tops = [[] for _ in seats]
            phase, turn, taken = _WHO, 1, 0
            actor = grinch + 1 if grinch + 1 < n else 0
            hand = hands[actor]
            insort(hand, pile[pos])
            insort(hand, pile[pos + 1])
            pos += 2


# -- sampling a world for search ----------------------------------------------------
def unseen_cards(view: State) -> list[int]:
    """The card codes `view.viewer` cannot place, in deck order.

    What a seat sees: its own hand and own pending discard, every discard
    pile, the cards the Grinch was seen to take from them (`known`), the
    cards left out of a scenario, hand sizes, the draw pile's size."""
    me = seat_of_view(view, "unseen_cards")
    seen = set(view.hands[me])
    seen.update(view.left_out)
    for pile in view.discards:
        seen.update(pile)
    for cards in view.known:
        seen.update(cards)
    if view.pending[me] >= 0:
        seen.add(view.pending[me])
    return [c for c in _ALL_CODES if c not in seen]


def sample_world(view: State, rng: random.Random) -> State:
    """A full state that agrees with everything `view` shows: unseen cards
    dealt at random (hidden discards included), hidden row choices drawn
    among each seat's open rows, the rest as the pile."""
    unknown = unseen_cards(view)
    rng.shuffle(unknown)
    pending = list(view.pending)
    hands, pos = deal_unseen(view, unknown, pending, _HIDDEN, view.known)
    chosen = list(view.chosen)
    for seat in range(view.num_players):
        if seat != view.viewer and chosen[seat] == _HIDDEN:
            pad = view.score_pad[seat]
            chosen[seat] = rng.choice([r for r in range(len(ROWS)) if pad[r] < 0])
    pile = tuple(unknown[pos:])
    assert len(pile) == view.pile_count, "grinch world: pile size does not match"
    return view._evolve(
        viewer=None,
        seed=world_seed(rng),
        hands=hands,
        sizes=None,
        pile=pile,
        pile_count=None,
        pending=tuple(pending),
        chosen=tuple(chosen),
        events=(),
    )
