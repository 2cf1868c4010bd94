"""Avalanche ("Lavina"): the rules core.  Rule IDs (AV-...) refer to
shared/rules/avalanche.md.

Cards are small ints ("codes") so hands, the pile and the table are plain
tuples: code = (rank - 2) * 4 + suit index for 2..A, and 52 for the Joker.
Codes therefore sort by rank, all copies of one rank sit next to each other
in a sorted hand, and `RANK_OF[code]` gives the rank without any arithmetic.
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from typing import Any, Iterable, NamedTuple, Sequence

from game.rules import core
from game.rules.core import Event, IllegalMove

ID = "avalanche"
NAME = "Avalanche"
PLAYERS = range(2, 7)

HAND_SIZE = 10  # AV-2.1 deal and AV-5.1 refill size
JOKER = 15
SUITS = ("S", "H", "D", "C")
RANKS = tuple(range(2, 16))  # 2..14 = 2..A, 15 = Joker (AV-1.3)
RANK_NAMES = {r: str(r) for r in range(2, 11)}
RANK_NAMES.update({11: "J", 12: "Q", 13: "K", 14: "A", JOKER: "Joker"})
COPIES = {r: (6 if r == JOKER else 8) for r in RANKS}  # copies of each rank in the deck
#: Refusal codes of this game's `IllegalMove`s (besides `core.REFUSALS`).
REFUSALS = ("empty_set", "mixed_ranks", "must_play", "no_snowfall", "too_few", "wrong_view")

_RANK_BY_TEXT = {name.upper(): r for r, name in RANK_NAMES.items()}
_RANK_BY_TEXT["T"] = 10


class Card(NamedTuple):
    """One card face.  Suits are only shown, never compared (AV-1.3)."""

    rank: int  # 2..14 for 2..A, 15 for the Joker
    suit: str  # "S", "H", "D", "C"; "" for the Joker

    @property
    def code(self) -> int | None:
        return _CODE_OF.get(self)

    def __str__(self) -> str:
        if self.rank == JOKER:
            return "Joker"
        return RANK_NAMES.get(self.rank, "?") + self.suit


CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for rank in range(2, 15) for suit in SUITS) + (Card(JOKER, ""),)
_CODE_OF = {card: code for code, card in enumerate(CARDS)}
RANK_OF: tuple[int, ...] = tuple(card.rank for card in CARDS)
LOW_CODE = {r: (52 if r == JOKER else (r - 2) * 4) for r in RANKS}  # lowest code of a rank
DECK_CODES: tuple[int, ...] = tuple(code for code in range(len(CARDS)) for _ in range(6 if code == 52 else 2))
_BY_TEXT = {str(card).upper(): card for card in CARDS}
for _card in CARDS[:-1]:
    if _card.rank == 10:
        _BY_TEXT["T" + _card.suit] = _card


def parse_card(text: str) -> Card:
    """`QS`, `10h`, `t d`, `joker` -> the interned Card."""
    if not isinstance(text, str):
        raise ValueError(f"not a card: {text!r}")
    card = _BY_TEXT.get("".join(text.split()).upper())
    if card is None:
        raise ValueError(f"not an Avalanche card: {text!r} (write e.g. QS, 10H, 2C, AD, Joker)")
    return card


def deck(num_players: int | None = None) -> list[Card]:
    """Every copy: two French decks and six jokers (AV-1.2), whatever the player count."""
    return [CARDS[code] for code in DECK_CODES]


# -- moves --------------------------------------------------------------------


class Move(NamedTuple):
    """`snowfall` (rank 0, count 0) or `play` `count` cards of `rank`."""

    kind: str  # "snowfall" or "play"
    rank: int = 0
    count: int = 0  # type: ignore[assignment]  # the field shadows tuple.count, as it always has

    def __str__(self) -> str:
        if self.kind == "snowfall":
            return "snowfall"
        return "play " + " ".join([RANK_NAMES.get(self.rank, "?")] * self.count)


SNOWFALL = Move("snowfall", 0, 0)
_UNUSED: Any = None  # PLAYS[rank][0]: no play has zero cards
# PLAYS[rank][count]: the interned play moves; index 0 unused.
PLAYS: dict[int, tuple[Move, ...]] = {
    r: (_UNUSED,) + tuple(Move("play", r, k) for k in range(1, COPIES[r] + 1)) for r in RANKS
}
MOVES: tuple[Move, ...] = (SNOWFALL,) + tuple(m for r in RANKS for m in PLAYS[r][1:])


def _rank_token(token: str) -> int:
    rank = _RANK_BY_TEXT.get(token.upper())
    if rank is None:
        raise ValueError(f"not a rank: {token!r} (ranks are 2..10, J, Q, K, A, Joker)")
    return rank


def parse_move(text: str) -> Move:
    """`snowfall`, `play Q Q`, `play 10 10 10`, `play Joker` -> the interned Move."""
    if not isinstance(text, str):
        raise ValueError(f"not a move: {text!r}")
    words = text.replace(",", " ").split()
    if not words:
        raise ValueError("empty move text; write 'snowfall' or e.g. 'play Q Q'")
    head = words[0].lower()
    if head == "snowfall" and len(words) == 1:
        return SNOWFALL
    if head != "play" or len(words) < 2:
        raise ValueError(f"not an Avalanche move: {text!r} (write 'snowfall' or e.g. 'play Q Q')")
    ranks = {_rank_token(word) for word in words[1:]}
    if len(ranks) > 1:
        raise ValueError(f"{text!r} mixes ranks; a set is cards of one rank (AV-4.1)")
    rank = ranks.pop()
    count = len(words) - 1
    if count > COPIES[rank]:
        raise ValueError(f"{text!r}: the deck has only {COPIES[rank]} cards of rank {RANK_NAMES[rank]}")
    return PLAYS[rank][count]


# -- the pure comparison (AV-4.1) -----------------------------------------------


def _compare(prev_rank: int, prev_count: int, rank: int, count: int) -> str:
    if count > prev_count or (count == prev_count and rank >= prev_rank):
        return "grow"
    if count == prev_count and count >= 2:
        return "stop"
    return "fall"


#: `compare_sets(prev_rank, prev_count, rank, count)`: "grow", "stop" or
#: "fall" for a set played onto another (AV-4), on plain numbers for search.
compare_sets = _compare


def _set_rank(cards: Any, what: str) -> tuple[int, int]:
    """(rank, count) of a set given as Cards, card notation or bare ranks."""
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    ranks = set()
    count = 0
    for item in cards:
        if isinstance(item, Card):
            if item.code is None:
                raise ValueError(f"{what}: {item!r} is not an Avalanche card")
            ranks.add(item.rank)
        elif isinstance(item, str):
            key = "".join(item.split()).upper()
            if key in _BY_TEXT:
                ranks.add(_BY_TEXT[key].rank)
            else:
                ranks.add(_rank_token(key))
        elif isinstance(item, int) and not isinstance(item, bool) and item in RANKS:
            ranks.add(item)
        else:
            raise ValueError(f"{what}: {item!r} is not an Avalanche card")
        count += 1
    if count == 0:
        raise IllegalMove("AV-4.1", f"the {what} set is empty; a set is one or more cards", "empty_set", {"what": what})
    if len(ranks) > 1:
        names = ", ".join(RANK_NAMES[r] for r in sorted(ranks))
        raise IllegalMove(
            "AV-4.1",
            f"the {what} set mixes ranks ({names}); a set is one rank",
            "mixed_ranks",
            {"what": what, "ranks": sorted(ranks)},
        )
    return ranks.pop(), count


def classify(previous: Sequence[Card | str], play: Sequence[Card | str]) -> str:
    """How `play` meets the previous play on the table: "grow", "stop" or "fall" (AV-4.1)."""
    prev_rank, prev_count = _set_rank(previous, "previous")
    rank, count = _set_rank(play, "play")
    return _compare(prev_rank, prev_count, rank, count)


# -- the state -------------------------------------------------------------------


def _cards(codes: Iterable[int]) -> tuple[Card, ...]:
    return tuple([CARDS[c] for c in codes])


def _names(codes: Iterable[int]) -> list[str]:
    return [str(CARDS[c]) for c in codes]


_EMPTY: tuple = ()


class State(core.BaseState):
    """An Avalanche position.

    hands: sorted code tuples per seat (empty for seats hidden from a view);
    sizes: hand sizes (valid in views too); pile: draw pile, top first (empty in
    views); pile_count: its size; table: the avalanche as ((seat, codes), ...)
    in play order; collected: codes per seat in arrival order; neutral: codes;
    out: sorted seats that are out (AV-5.3); turn: seat to act or None.
    """

    __slots__ = (
        "seed",
        "option_items",
        "start",
        "hands",
        "sizes",
        "pile",
        "pile_count",
        "table",
        "collected",
        "neutral",
        "out",
        "turn",
    )
    seed: int | str | None  # None in a view
    option_items: tuple[tuple[str, Any], ...]
    start: int
    hands: tuple[tuple[int, ...], ...]
    sizes: tuple[int, ...]
    pile: tuple[int, ...]
    pile_count: int
    table: tuple[tuple[int, tuple[int, ...]], ...]
    collected: tuple[tuple[int, ...], ...]
    neutral: tuple[int, ...]
    out: tuple[int, ...]
    turn: int | None

    GAME = ID
    PLAYERS = PLAYERS
    _end_rule = "AV-5.4"

    @property
    def _notation_rule(self) -> str:  # type: ignore[override]
        # Move text that is not a well-formed set breaks the rule that defines a play.
        return "AV-4.1" if self.table else "AV-3.2"

    # -- queries --------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def options(self) -> dict:
        return dict(self.option_items)

    def scores(self) -> list[int]:
        """AV-5.5: the size of each collected pile."""
        return [len(pile) for pile in self.collected]

    def hand(self, seat: int) -> list[Card]:
        """The seat's cards, sorted (empty if this view may not see them)."""
        core.check_seat(self.num_players, seat)
        return [CARDS[c] for c in self.hands[seat]]

    def hand_size(self, seat: int) -> int:
        core.check_seat(self.num_players, seat)
        return self.sizes[seat]

    @property
    def last_play(self) -> tuple[int, list[Card]] | None:
        """(seat, cards) of the play to beat, or None when the table is empty."""
        if not self.table:
            return None
        seat, codes = self.table[-1]
        return seat, [CARDS[c] for c in codes]

    def table_plays(self) -> list[tuple[int, list[Card]]]:
        """The avalanche in play order, each play with the seat that made it."""
        return [(seat, [CARDS[c] for c in codes]) for seat, codes in self.table]

    def places(self) -> dict[str, list[Card]]:
        """Where every card is (AV-6); hidden places are empty in a view."""
        out: dict[str, list[Card]] = {}
        for seat in range(self.num_players):
            out[f"hand {seat}"] = self.hand(seat)
        out["pile"] = [CARDS[c] for c in self.pile]
        out["table"] = [CARDS[c] for _, codes in self.table for c in codes]
        for seat in range(self.num_players):
            out[f"collected {seat}"] = [CARDS[c] for c in self.collected[seat]]
        out["neutral"] = [CARDS[c] for c in self.neutral]
        return out

    # -- the move gate hooks ----------------------------------------------------
    def _parse_move(self, text: str) -> Move:
        return parse_move(text)

    def _legal(self) -> list[Move]:
        # One play per card of the sorted hand: the k-th copy of rank R stands
        # for "play k cards of R", so the list is exactly every (R, k <= copies).
        moves = [SNOWFALL] if not self.table and self.pile_count else []
        append = moves.append
        prev = 0
        k = 0
        seat = self.turn
        assert seat is not None  # the gate asks only while the game is on
        for code in self.hands[seat]:
            rank = RANK_OF[code]
            if rank == prev:
                k += 1
            else:
                prev = rank
                k = 1
            append(PLAYS[rank][k])
        return moves

    def _reason(self, move: Any) -> tuple[str, str, str, dict[str, Any]]:
        seat = self.turn
        if not isinstance(move, tuple) or len(move) != 3 or move[0] not in ("snowfall", "play"):
            return (
                self._notation_rule,
                f"{move!r} is not an Avalanche move (use 'snowfall' or e.g. 'play Q Q')",
                "not_a_move",
                {},
            )
        kind, rank, count = move
        if kind == "snowfall":
            if self.table:
                return (
                    "AV-4.1",
                    "an avalanche is on the table: you may not draw, you must play a set",
                    "must_play",
                    {},
                )
            if not self.pile_count:
                return (
                    "AV-3.1",
                    "the draw pile is empty, so no snowfall: start an avalanche (AV-5.2)",
                    "no_snowfall",
                    {},
                )
            return (self._notation_rule, f"{move!r} is not a well-formed snowfall", "not_a_move", {})
        if rank not in RANKS or isinstance(count, bool) or not isinstance(count, int) or count < 1:
            return ("AV-4.1", f"{move!r}: a set is one or more cards of one rank", "not_a_move", {})
        rule = "AV-4.1" if self.table else "AV-3.2"
        if self.viewer is not None and self.viewer != seat:
            return (
                "view",
                f"seat {self.viewer}'s view cannot play for seat {seat}",
                "wrong_view",
                {"viewer": self.viewer, "seat": seat},
            )
        assert seat is not None  # the gate asks only while the game is on
        held = len([c for c in self.hands[seat] if RANK_OF[c] == rank])
        name = RANK_NAMES[rank]
        return (
            rule,
            f"seat {seat} holds {held} card{'s' if held != 1 else ''} of rank {name}, so cannot play {count}",
            "too_few",
            {"seat": seat, "held": held, "rank": rank, "count": count},
        )

    def _apply(self, move: Move) -> "State":
        seat = self.turn
        assert seat is not None  # the gate asks only while the game is on
        n = self.num_players
        hands = list(self.hands)
        sizes = list(self.sizes)
        pile = self.pile
        table = self.table
        collected = self.collected
        neutral = self.neutral
        out = self.out
        events: list[Event] = []
        if move[0] == "snowfall":  # AV-3.1
            if self.viewer is not None:
                raise ValueError("a view hides the draw pile, so it cannot draw")
            code = pile[0]
            pile = pile[1:]
            grown = list(hands[seat])
            insort(grown, code)
            hands[seat] = tuple(grown)
            sizes[seat] += 1
            events.append(Event("snowfall", seat, (), {"pile": len(pile)}))
            events.append(Event("drew", seat, (CARDS[code],), None, True))
        else:
            rank = move[1]
            count = move[2]
            hand = hands[seat]
            i = bisect_left(hand, LOW_CODE[rank])
            played = hand[i : i + count]
            hands[seat] = hand[:i] + hand[i + count :]
            sizes[seat] -= count
            if not table:  # AV-3.2
                table = ((seat, played),)
                how = "start"
            else:  # AV-4.1
                last_seat, last = table[-1]
                how = _compare(RANK_OF[last[0]], len(last), rank, count)
                if how == "grow":  # AV-4.3
                    table = table + ((seat, played),)
            events.append(Event("played", seat, _cards(played), {"result": how}))
            if how == "fall" or how == "stop":
                swept = tuple([c for _, codes in table for c in codes]) + played
                table = _EMPTY
                if how == "fall":  # AV-4.4
                    piles = list(collected)
                    piles[last_seat] = piles[last_seat] + swept
                    collected = tuple(piles)
                    events.append(
                        Event(
                            "fell",
                            last_seat,
                            _cards(swept),
                            {"collector": last_seat, "faller": seat, "count": len(swept)},
                        )
                    )
                else:  # AV-4.5
                    neutral = neutral + swept
                    events.append(Event("stopped", seat, _cards(swept), {"count": len(swept)}))
            if not hands[seat]:  # AV-5.1 / AV-5.3 at the end of the turn
                if self.pile_count:
                    if self.viewer is not None:
                        raise ValueError("a view hides the draw pile, so it cannot refill")
                    drawn = pile[:HAND_SIZE]
                    pile = pile[HAND_SIZE:]
                    hands[seat] = tuple(sorted(drawn))
                    sizes[seat] = len(drawn)
                    events.append(Event("refilled", seat, _cards(hands[seat]), {"count": len(drawn)}, True))
                else:
                    out = tuple(sorted(out + (seat,)))
                    events.append(Event("out", seat))
                    if n - len(out) <= 1:  # AV-5.4
                        return self._finish(hands, sizes, pile, table, collected, neutral, out, events)
        turn = (seat + 1) % n
        while turn in out:
            turn = (turn + 1) % n
        return self._evolve(
            hands=tuple(hands),
            sizes=tuple(sizes),
            pile=pile,
            pile_count=len(pile) if self.viewer is None else self.pile_count,
            table=table,
            collected=collected,
            neutral=neutral,
            out=out,
            turn=turn,
            events=tuple(events),
        )

    def _finish(self, hands, sizes, pile, table, collected, neutral, out, events) -> "State":
        """AV-5.4: the last holder's hand and the table go to neutral; game over."""
        holders = [s for s in range(self.num_players) if s not in out and hands[s]]
        last = holders[0] if holders else None
        if last is None and self.viewer is not None:
            hidden = [s for s in range(self.num_players) if s not in out and sizes[s]]
            if hidden:
                raise ValueError("a view hides the last hand, so it cannot end the game")
        swept = tuple([c for _, codes in table for c in codes])
        if last is not None:
            swept = swept + hands[last]
            hands[last] = _EMPTY
            sizes[last] = 0
        neutral = neutral + swept
        totals = [len(pile_) for pile_ in collected]
        best = max(totals)
        events.append(
            Event(
                "game_over",
                last,
                _cards(swept),
                {
                    "scores": totals,
                    "winners": [s for s, t in enumerate(totals) if t == best],
                    "to_neutral": len(swept),
                },
            )
        )
        return self._evolve(
            hands=tuple(hands),
            sizes=tuple(sizes),
            pile=pile,
            pile_count=len(pile) if self.viewer is None else self.pile_count,
            table=_EMPTY,
            collected=collected,
            neutral=neutral,
            out=out,
            turn=None,
            events=tuple(events),
        )

    # -- views -----------------------------------------------------------------
    def _hide(self, seat: int) -> "State":
        hands = tuple(h if s == seat else _EMPTY for s, h in enumerate(self.hands))
        return self._evolve(
            hands=hands,
            pile=_EMPTY,
            seed=None,
            viewer=seat,
            events=core.scrub_events(self.events, seat),
        )

    # -- JSON -------------------------------------------------------------------
    def _data(self) -> dict:
        seen = self.viewer
        last = None
        if self.table:
            last_seat, codes = self.table[-1]
            last = {
                "seat": last_seat,
                "cards": _names(codes),
                "rank": RANK_NAMES[RANK_OF[codes[0]]],
                "count": len(codes),
            }
        return {
            "seed": self.seed,
            "options": dict(self.option_items),
            "start": self.start,
            "turn": self.turn,
            "hands": [_names(h) if seen is None or s == seen else None for s, h in enumerate(self.hands)],
            "hand_sizes": list(self.sizes),
            "pile": None if seen is not None else _names(self.pile),
            "pile_count": self.pile_count,
            "table": [{"seat": s, "cards": _names(codes)} for s, codes in self.table],
            "last_play": last,
            "collected": [_names(c) for c in self.collected],
            "neutral": _names(self.neutral),
            "out": list(self.out),
        }

    @classmethod
    def _from_data(cls, data: dict, n: int, viewer: int | None) -> "State":
        seed = data["seed"]
        if viewer is None:
            core.check_seed(seed)
        elif seed is not None:
            raise ValueError("damaged avalanche state: a view must not carry the seed")
        options = data["options"]
        if not isinstance(options, dict):
            raise ValueError("damaged avalanche state: options must be an object")
        core.check_options(NAME, options, ())
        start = core.check_seat(n, data["start"], "start")

        def codes(items: Any, what: str) -> tuple[int, ...]:
            if not isinstance(items, list):
                raise ValueError(f"damaged avalanche state: {what} must be a list of cards")
            return tuple(_CODE_OF[parse_card(item)] for item in items)

        def seat_list(items: Any, what: str) -> list:
            if not isinstance(items, list) or len(items) != n:
                raise ValueError(f"damaged avalanche state: {what} must have {n} entries")
            return items

        raw_hands = seat_list(data["hands"], "hands")
        sizes = tuple(seat_list(data["hand_sizes"], "hand_sizes"))
        hands = []
        for s, raw in enumerate(raw_hands):
            if raw is None:
                if viewer is None or s == viewer:
                    raise ValueError(f"damaged avalanche state: hand {s} is missing")
                hands.append(_EMPTY)
            else:
                if viewer is not None and s != viewer:
                    raise ValueError(f"damaged avalanche state: view shows hand {s}")
                hand = tuple(sorted(codes(raw, f"hand {s}")))
                if len(hand) != sizes[s]:
                    raise ValueError(f"damaged avalanche state: hand {s} size mismatch")
                hands.append(hand)
        for size in sizes:
            if isinstance(size, bool) or not isinstance(size, int) or size < 0:
                raise ValueError(f"damaged avalanche state: bad hand size {size!r}")
        pile_count = data["pile_count"]
        if isinstance(pile_count, bool) or not isinstance(pile_count, int) or pile_count < 0:
            raise ValueError(f"damaged avalanche state: bad pile_count {pile_count!r}")
        if viewer is None:
            pile = codes(data["pile"], "pile")
            if len(pile) != pile_count:
                raise ValueError("damaged avalanche state: pile_count does not match the pile")
        else:
            if data.get("pile") is not None:
                raise ValueError("damaged avalanche state: a view must not show the pile")
            pile = _EMPTY
        table = []
        if not isinstance(data["table"], list):
            raise ValueError("damaged avalanche state: table must be a list")
        for play in data["table"]:
            seat = core.check_seat(n, play["seat"], "table seat")
            cards = codes(play["cards"], "table play")
            if not cards or len({RANK_OF[c] for c in cards}) != 1:
                raise ValueError("damaged avalanche state: a table play must be one rank")
            table.append((seat, cards))
        collected = tuple(codes(c, f"collected {s}") for s, c in enumerate(seat_list(data["collected"], "collected")))
        neutral = codes(data["neutral"], "neutral")
        if not isinstance(data["out"], list):
            raise ValueError("damaged avalanche state: out must be a list of seats")
        out = tuple(sorted({core.check_seat(n, s, "out seat") for s in data["out"]}))
        turn = data["turn"]
        if turn is not None:
            core.check_seat(n, turn, "turn")
            if turn in out:
                raise ValueError("damaged avalanche state: the seat to act is out")
            if sizes[turn] == 0:
                raise ValueError("damaged avalanche state: the seat to act has no cards")
        # No face may appear more often than the deck holds it (AV-6).
        seen: dict[int, int] = {}
        for group in (*hands, pile, *(c for _, c in table), *collected, neutral):
            for c in group:
                seen[c] = seen.get(c, 0) + 1
        for c, k in seen.items():
            if k > (6 if c == 52 else 2):
                raise ValueError(f"damaged avalanche state: {k} copies of {CARDS[c]}")
        return cls._make(
            num_players=n,
            viewer=viewer,
            events=(),
            seed=seed,
            option_items=tuple(sorted(options.items())),
            start=start,
            hands=tuple(hands),
            sizes=sizes,
            pile=pile,
            pile_count=pile_count,
            table=tuple(table),
            collected=collected,
            neutral=neutral,
            out=out,
            turn=turn,
        )


from_json = State.from_json


# -- starting a game -----------------------------------------------------------------


def new_game(
    num_players: int,
    seed: int | str,
    *,
    start: int = 0,
    hands: Sequence[Sequence[Card | str]] | None = None,
    pile: Sequence[Card | str] | None = None,
    **options: Any,
) -> State:
    """A dealt game (AV-2).  `hands`/`pile` fix the deal for scenarios."""
    n = core.check_players(NAME, PLAYERS, num_players)
    seed = core.check_seed(seed)
    core.check_seat(n, start, "start")
    core.check_options(NAME, options, ())
    if hands is None and pile is None:
        codes = list(DECK_CODES)
        core.deal_rng(ID, seed, 0).shuffle(codes)
        hand_codes = [codes[s * HAND_SIZE : (s + 1) * HAND_SIZE] for s in range(n)]
        pile_codes = codes[n * HAND_SIZE :]
    else:
        used: list[int] = []
        if hands is not None:
            if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
                raise ValueError(f"{NAME}: hands must be a list of card lists")
            if len(hands) != n:
                raise ValueError(f"{NAME}: {len(hands)} hands given for {n} players")
            hand_codes = core.take_cards(NAME, DECK_CODES, hands, parse_card, used)
        if pile is not None:
            (pile_codes,) = core.take_cards(NAME, DECK_CODES, [pile], parse_card, used)
        rest = list(DECK_CODES)
        for code in used:
            rest.remove(code)
        core.deal_rng(ID, seed, 0).shuffle(rest)
        if hands is None:  # deal from what the given pile left over
            dealt = rest[: n * HAND_SIZE]
            hand_codes = [dealt[s::n] for s in range(n)]
        if pile is None:
            pile_codes = rest
    hand_tuples = [tuple(sorted(h)) for h in hand_codes]
    events = [Event("dealt", s, _cards(h), {"count": len(h)}, True) for s, h in enumerate(hand_tuples)]
    state = State._make(
        num_players=n,
        viewer=None,
        events=(),
        seed=seed,
        option_items=tuple(sorted(options.items())),
        start=start,
        hands=tuple(hand_tuples),
        sizes=tuple(len(h) for h in hand_tuples),
        pile=tuple(pile_codes),
        pile_count=len(pile_codes),
        table=_EMPTY,
        collected=(_EMPTY,) * n,
        neutral=_EMPTY,
        out=_EMPTY,
        turn=start,
    )
    return _settle_start(state, events)


def _settle_start(state: State, events: list[Event]) -> State:
    """A scenario may deal an empty hand: such a seat refills (AV-5.1) or is
    out (AV-5.3) before play, and the first turn skips seats that are out."""
    n = state.num_players
    hands = list(state.hands)
    sizes = list(state.sizes)
    pile = state.pile
    out: tuple[int, ...] = ()
    for s in range(n):
        if hands[s]:
            continue
        if pile:
            drawn = pile[:HAND_SIZE]
            pile = pile[HAND_SIZE:]
            hands[s] = tuple(sorted(drawn))
            sizes[s] = len(drawn)
            events.append(Event("refilled", s, _cards(hands[s]), {"count": len(drawn)}, True))
        else:
            out = out + (s,)
            events.append(Event("out", s))
    if n - len(out) <= 1:
        return state._finish(hands, sizes, pile, _EMPTY, state.collected, state.neutral, out, events)
    turn = state.start
    while turn in out:
        turn = (turn + 1) % n
    return state._evolve(
        hands=tuple(hands),
        sizes=tuple(sizes),
        pile=pile,
        pile_count=len(pile),
        out=out,
        turn=turn,
        events=tuple(events),
    )


# -- the fast path -----------------------------------------------------------------


def playout(state: State, rng: random.Random, trace: list | None = None) -> list[int]:
    """Uniformly random legal moves to the end; the final scores.

    Hands are flat lists of ranks (suits never matter).  A uniform legal move
    is: snowfall with probability 1/(h+1) when allowed, else a uniformly random
    card of the hand (rank R) and a uniform count k in 1..copies of R -- each
    (R, k) then has probability (c_R/h)(1/c_R) = 1/h, exactly as legal_moves().

    With a `trace` list every move made is appended; replayed through
    `apply()` they reach the same scores (tests/ai/test_fast_paths.py).
    """
    if state.viewer is not None:
        raise ValueError("playout needs a full state, not a view; sample the hidden cards first")
    if state.turn is None:
        return state.scores()
    n = state.num_players
    ranks = RANK_OF
    hands = [[ranks[c] for c in h] for h in state.hands]
    pile = [ranks[c] for c in reversed(state.pile)]  # top of the pile at the end
    coll = [len(c) for c in state.collected]
    out = [False] * n
    for s in state.out:
        out[s] = True
    active = n - len(state.out)
    if state.table:
        last_seat, last = state.table[-1]
        last_rank = ranks[last[0]]
        last_count = len(last)
        on_table = sum(len(codes) for _, codes in state.table)
    else:
        last_seat = last_rank = last_count = on_table = 0  # last_count 0: empty table
    p = state.turn
    below = rng.randrange
    pop = pile.pop
    while True:
        hand = hands[p]
        size = len(hand)
        if not last_count and pile:
            j = below(size + 1)
            if j == size:  # snowfall (AV-3.1)
                if trace is not None:
                    trace.append(SNOWFALL)
                hand.append(pop())
                p = (p + 1) % n
                while out[p]:
                    p = (p + 1) % n
                continue
        else:
            j = below(size)
        rank = hand[j]
        copies = hand.count(rank)
        if copies == 1:
            k = 1
            hand.remove(rank)
        else:
            k = below(copies) + 1
            if k == copies:
                hand = hands[p] = [x for x in hand if x != rank]
            else:
                for _ in range(k):
                    hand.remove(rank)
        if trace is not None:
            trace.append(PLAYS[rank][k])
        if not last_count:  # start
            last_seat, last_rank, last_count, on_table = p, rank, k, k
        elif k > last_count or (k == last_count and rank >= last_rank):  # grow
            last_seat, last_rank, last_count = p, rank, k
            on_table += k
        elif k == last_count and k >= 2:  # stop: to neutral
            last_count = on_table = 0
        else:  # fall: to the one who played just before
            coll[last_seat] += on_table + k
            last_count = on_table = 0
        if not hand:
            if pile:  # refill (AV-5.1)
                hand.extend(pile[-HAND_SIZE:])
                del pile[-HAND_SIZE:]
            else:  # out (AV-5.3), maybe the end (AV-5.4)
                out[p] = True
                active -= 1
                if active <= 1:
                    return coll
        p = (p + 1) % n
        while out[p]:
            p = (p + 1) % n


# -- sampling a world for search ----------------------------------------------------
def unseen_cards(view: State) -> list[int]:
    """The card codes `view.viewer` cannot place: the deck minus its own
    hand, the table, every collected pile and the neutral pile."""
    known = list(view.hands[core.seat_of_view(view, "unseen_cards")])
    for _, codes in view.table:
        known.extend(codes)
    for pile in view.collected:
        known.extend(pile)
    known.extend(view.neutral)
    return core.cards_not_in(DECK_CODES, known)


def sample_world(view: State, rng: random.Random) -> State:
    """A full state that agrees with everything `view` shows: the unseen
    cards dealt at random into the hidden hands, the rest as the pile."""
    unknown = unseen_cards(view)
    rng.shuffle(unknown)
    hands, pos = core.deal_unseen(view, unknown)
    pile = tuple(unknown[pos:])
    assert len(pile) == view.pile_count, "avalanche world: pile size does not match"
    return view._evolve(
        viewer=None,
        seed=core.world_seed(rng),
        hands=hands,
        pile=pile,
        events=(),
    )


__all__ = [
    "ID",
    "NAME",
    "PLAYERS",
    "HAND_SIZE",
    "JOKER",
    "SUITS",
    "RANKS",
    "RANK_NAMES",
    "RANK_OF",
    "COPIES",
    "REFUSALS",
    "Card",
    "CARDS",
    "Move",
    "MOVES",
    "PLAYS",
    "SNOWFALL",
    "State",
    "IllegalMove",
    "classify",
    "compare_sets",
    "deck",
    "from_json",
    "new_game",
    "parse_card",
    "parse_move",
    "playout",
    "sample_world",
    "unseen_cards",
]
