"""Sticheln ("Stick 'Em"): a trick game without a duty to follow, where the
colour you pick for yourself is the one that hurts.  Rule IDs: ST-… in
shared/rules/sticheln.md.

Cards are int codes inside (colour * 15 + value); `Card` and `Move` objects
are interned views of those codes for everything outside.
"""

from __future__ import annotations

import random
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

ID = "sticheln"
NAME = "Sticheln"
PLAYERS = range(3, 7)
HAND_SIZE = 15

COLOURS = ("red", "yellow", "green", "blue", "purple", "grey")
_COLOUR_INDEX = {name: i for i, name in enumerate(COLOURS)}
# ST-1.2: (colours, highest value) per player count
_DECK_SHAPE = {3: (5, 8), 4: (5, 11), 5: (5, 14), 6: (6, 14)}
ZERO_TRICK_RULES = ("set_aside", "leader_takes")
#: Refusal codes of this game's `IllegalMove`s (besides `core.REFUSALS`).
REFUSALS = ("not_in_deck", "pick_first", "pain_chosen", "not_held")


class Card(NamedTuple):
    colour: str
    value: int

    @property
    def code(self) -> int:
        return _COLOUR_INDEX[self.colour] * 15 + self.value

    def __str__(self) -> str:
        return f"{self.colour} {self.value}"


class Move(NamedTuple):
    kind: str  # "pain" or "play"
    card: Card

    def __str__(self) -> str:
        return f"{self.kind} {self.card}"


CARDS = tuple(Card(colour, value) for colour in COLOURS for value in range(15))
_NAMES = tuple(str(card) for card in CARDS)
_BY_NAME = {name: code for code, name in enumerate(_NAMES)}
_COLOUR = tuple(code // 15 for code in range(90))
_VALUE = tuple(code % 15 for code in range(90))
_PAIN = tuple(Move("pain", card) for card in CARDS)
_PLAY = tuple(Move("play", card) for card in CARDS)
# _DELTA[pain colour][code]: what one card in the pile is worth (ST-5.1, ST-5.2)
_DELTA = tuple(
    tuple(-_VALUE[code] if _COLOUR[code] == pain else 1 for code in range(90)) for pain in range(len(COLOURS))
)
_PHASES = ("pick", "play", "over")
_NO_PICK, _HIDDEN_PICK = -1, -2


def _deck_codes(num_players: int) -> list[int]:
    colours, top = _DECK_SHAPE[num_players]
    return [c * 15 + v for c in range(colours) for v in range(top + 1)]


# -- the fast tables search and heuristics read (public names, same objects) ---
#: COLOUR_OF[code] / VALUE_OF[code]: a card code's colour index and value.
COLOUR_OF = _COLOUR
VALUE_OF = _VALUE
#: CARD_WORTH[pain colour][code]: what one card in a seat's pile is worth to it.
CARD_WORTH = _DELTA
#: PAIN_MOVES[code] / PLAY_MOVES[code]: the interned Move for a card code.
PAIN_MOVES = _PAIN
PLAY_MOVES = _PLAY
#: A view's `picks[seat]` for a pick made but not yet revealed.
HIDDEN_PICK = _HIDDEN_PICK
deck_codes = _deck_codes


def deck(num_players: int) -> list[Card]:
    """Every card of the deck for this many players (ST-1.2, ST-1.3)."""
    check_players(NAME, PLAYERS, num_players)
    return [CARDS[code] for code in _deck_codes(num_players)]


def parse_card(text: str) -> Card:
    """`red 4` -> Card("red", 4)."""
    code = _BY_NAME.get(text)
    if code is not None:
        return CARDS[code]
    parts = str(text).lower().split()
    if len(parts) == 2 and parts[0] in _COLOUR_INDEX and parts[1].isdigit():
        value = int(parts[1])
        if value < 15:
            return CARDS[_COLOUR_INDEX[parts[0]] * 15 + value]
    raise ValueError(f"{text!r} is not a Sticheln card (write it like 'red 4' or 'grey 14')")


def parse_move(text: str) -> Move:
    """`pain red 4` or `play red 4`."""
    kind, _, rest = str(text).strip().lower().partition(" ")
    if kind not in ("pain", "play"):
        raise ValueError(f"{text!r} is not a Sticheln move (write 'pain red 4' or 'play red 4')")
    card = parse_card(rest)
    return (_PAIN if kind == "pain" else _PLAY)[card.code]


def _as_code(card: Card | str) -> int:
    return (parse_card(card) if isinstance(card, str) else card).code


def _winner(trick: Sequence[int]) -> int | None:
    """ST-4.3 on codes: an off-colour card beats every lead-colour card, zeros
    never win, and ties go to the card played first."""
    lead = _COLOUR[trick[0]]
    best = 0
    index = None
    off = False
    for i, code in enumerate(trick):
        value = _VALUE[code]
        if value == 0:
            continue
        if _COLOUR[code] != lead:
            if not off or value > best:
                off, best, index = True, value, i
        elif not off and value > best:
            best, index = value, i
    return index


#: `winning_index(codes)`: `trick_winner` on card codes (ST-4.3), for search.
winning_index = _winner


def trick_winner(cards: Sequence[Card | str]) -> int | None:
    """Index (in play order) of the card that takes the trick, or None when
    every card is a 0 (ST-4.3, ST-4.4)."""
    if not cards:
        raise ValueError("a trick needs at least one card")
    return _winner([_as_code(card) for card in cards])


def round_score(pain_card: Card | str, pile: Iterable[Card | str]) -> int:
    """ST-5: +1 per card not of the pain colour, minus the value of every
    pain-colour card, and minus the pain card itself."""
    pain = _as_code(pain_card)
    delta = _DELTA[_COLOUR[pain]]
    return -_VALUE[pain] + sum(delta[_as_code(card)] for card in pile)


def _round_deltas(picks: Sequence[int], won: Sequence[Sequence[int]]) -> tuple[int, ...]:
    return tuple(-_VALUE[pick] + sum(_DELTA[_COLOUR[pick]][code] for code in pile) for pick, pile in zip(picks, won))


def _deal(num_players: int, seed: int | str, round_index: int) -> tuple[tuple[int, ...], ...]:
    codes = _deck_codes(num_players)
    deal_rng(ID, seed, round_index).shuffle(codes)
    size = len(codes) // num_players
    return tuple(tuple(sorted(codes[i * size : (i + 1) * size])) for i in range(num_players))


def _dealt_events(hands: Sequence[Sequence[int]], round_index: int) -> tuple[Event, ...]:
    return tuple(
        Event("dealt", seat, tuple(CARDS[c] for c in hand), {"round": round_index + 1}, True)
        for seat, hand in enumerate(hands)
    )


class State(BaseState):
    """A Sticheln position.  `picks[seat]` is the pain card once chosen;
    `won[seat]` the cards taken this round; `history` the per-round scores."""

    __slots__ = (
        "seed",
        "rounds",
        "zero_trick",
        "start",
        "round",
        "phase",
        "leader",
        "hands",
        "sizes",
        "picks",
        "trick",
        "won",
        "set_aside",
        "history",
    )
    seed: int | str | None  # None in a view
    rounds: int
    zero_trick: str
    start: int
    round: int
    phase: str  # one of _PHASES
    leader: int
    hands: tuple[tuple[int, ...], ...]
    sizes: tuple[int, ...] | None  # hand sizes, in a view only
    picks: tuple[int, ...]
    trick: tuple[int, ...]
    won: tuple[tuple[int, ...], ...]
    set_aside: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    GAME = ID
    PLAYERS = PLAYERS
    _end_rule = "ST-2.1"

    # -- who acts -------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.phase == "play":
            return (self.leader + len(self.trick)) % self.num_players
        if self.phase == "pick":
            done = self.num_players - self.picks.count(_NO_PICK)
            return (self.leader + done) % self.num_players
        return None

    @property
    def options(self) -> dict:
        return {"rounds": self.rounds, "zero_trick": self.zero_trick}

    @property
    def round_number(self) -> int:
        """1-based round being played (the last one once the game is over)."""
        return self.round + 1

    # -- public reading -----------------------------------------------------
    def hand(self, seat: int) -> list[Card]:
        check_seat(self.num_players, seat)
        return [CARDS[code] for code in self.hands[seat]]

    def hand_size(self, seat: int) -> int:
        check_seat(self.num_players, seat)
        return self.sizes[seat] if self.sizes is not None else len(self.hands[seat])

    def pain_card(self, seat: int) -> Card | None:
        """The seat's revealed pain card (None while picks are secret)."""
        check_seat(self.num_players, seat)
        pick = self.picks[seat]
        if self.phase == "pick" and seat != self.viewer:
            return None
        return CARDS[pick] if pick >= 0 else None

    def has_picked(self, seat: int) -> bool:
        """Whether the seat has chosen its pain card (public even while the
        card itself is secret, ST-3.4)."""
        check_seat(self.num_players, seat)
        return self.picks[seat] != _NO_PICK

    def trick_cards(self) -> list[Card]:
        """The current trick in play order, starting with the leader's card."""
        return [CARDS[code] for code in self.trick]

    def lead_colour(self) -> str | None:
        return COLOURS[_COLOUR[self.trick[0]]] if self.trick else None

    def won_cards(self, seat: int) -> list[Card]:
        return [CARDS[code] for code in self.won[seat]]

    def tricks_taken(self, seat: int) -> int:
        return len(self.won[seat]) // self.num_players

    def round_scores(self) -> list[list[int]]:
        """One list of per-seat scores for each finished round."""
        return [list(row) for row in self.history]

    def scores(self) -> list[int]:
        totals = [0] * self.num_players
        for row in self.history:
            for seat, points in enumerate(row):
                totals[seat] += points
        return totals

    def places(self) -> dict[str, list[Card]]:
        out: dict[str, list[Card]] = {}
        for seat in range(self.num_players):
            out[f"hand {seat}"] = self.hand(seat)
            pick = self.picks[seat]
            if pick >= 0:
                name = "pick" if self.phase == "pick" else "pain"
                out[f"{name} {seat}"] = [CARDS[pick]]
            out[f"won {seat}"] = self.won_cards(seat)
        out["trick"] = self.trick_cards()
        out["set_aside"] = [CARDS[code] for code in self.set_aside]
        return out

    # -- the move gate hooks --------------------------------------------------
    def _parse_move(self, text: str) -> Move:
        return parse_move(text)

    def _legal(self) -> list[Move]:
        table = _PAIN if self.phase == "pick" else _PLAY
        seat = self.current_player
        assert seat is not None  # the gate asks only while the game is on
        return [table[code] for code in self.hands[seat]]

    def _reason(self, move: Any) -> tuple[str, str, str, dict[str, Any]]:
        if not isinstance(move, Move) or move.kind not in ("pain", "play"):
            return "ST-4", f"{move!r} is not a Sticheln move", "not_a_move", {}
        seat = self.current_player
        code = _as_code(move.card)
        card = str(move.card)
        if code not in _deck_codes(self.num_players):
            n = self.num_players
            return "ST-1.2", f"{card} is not in the {n}-player deck", "not_in_deck", {"card": card, "n": n}
        if self.phase == "pick" and move.kind == "play":
            return ("ST-3.1", "First everyone picks a pain card: choose one with 'pain <card>'", "pick_first", {})
        if self.phase == "play" and move.kind == "pain":
            return ("ST-3.3", "Pain cards are already chosen; play a card with 'play <card>'", "pain_chosen", {})
        rule = "ST-3.1" if move.kind == "pain" else "ST-4.2"
        return rule, f"Seat {seat} does not hold {card}", "not_held", {"seat": seat, "card": card}

    def _apply(self, move: Move) -> "State":
        seat = self.current_player
        assert seat is not None  # the gate asks only while the game is on
        code = move.card.code
        hands = list(self.hands)
        hand = list(hands[seat])
        hand.remove(code)
        hands[seat] = tuple(hand)
        if self.phase == "pick":
            return self._after_pick(seat, code, tuple(hands))
        return self._after_play(seat, code, tuple(hands))

    def _after_pick(self, seat: int, code: int, hands: tuple) -> "State":
        picks = list(self.picks)
        picks[seat] = code
        events = [Event("picked", seat, (CARDS[code],), None, True)]
        phase = self.phase
        if _NO_PICK not in picks:  # ST-3.1: revealed together
            phase = "play"
            events.append(
                Event(
                    "revealed",
                    None,
                    tuple(CARDS[p] for p in picks),
                    {"pain": [COLOURS[_COLOUR[p]] for p in picks]},
                )
            )
        return self._evolve(hands=hands, picks=tuple(picks), phase=phase, events=tuple(events))

    def _after_play(self, seat: int, code: int, hands: tuple) -> "State":
        trick = self.trick + (code,)
        events = [Event("played", seat, (CARDS[code],), {"trick": len(trick)})]
        if len(trick) < self.num_players:
            return self._evolve(hands=hands, trick=trick, events=tuple(events))
        cards = tuple(CARDS[c] for c in trick)
        index = _winner(trick)
        leader = self.leader
        won, set_aside = self.won, self.set_aside
        if index is None and self.zero_trick == "set_aside":  # ST-4.4
            set_aside = set_aside + trick
            events.append(Event("set_aside", leader, cards, {"leader": leader}))
        else:  # ST-4.5 (or the leader_takes variant of ST-4.4)
            taker = leader if index is None else (leader + index) % self.num_players
            won = won[:taker] + (won[taker] + trick,) + won[taker + 1 :]
            events.append(Event("trick_won", taker, cards, {"leader": leader}))
            leader = taker
        state = self._evolve(hands=hands, trick=(), won=won, set_aside=set_aside, leader=leader, events=())
        if hands[0]:
            return state._evolve(events=tuple(events))
        return state._end_round(events)

    def _end_round(self, events: list[Event]) -> "State":
        """ST-4.6 / ST-5: score, then deal the next round or end the game."""
        deltas = _round_deltas(self.picks, self.won)
        history = self.history + (deltas,)
        totals = [sum(col) for col in zip(*history)]
        events.append(
            Event("round_scored", None, (), {"round": self.round + 1, "scores": list(deltas), "totals": totals})
        )
        if self.round + 1 >= self.rounds:
            winners = [s for s, t in enumerate(totals) if t == max(totals)]
            events.append(Event("game_over", None, (), {"scores": totals, "winners": winners}))
            return self._evolve(history=history, phase="over", events=tuple(events))
        if self.seed is None:
            raise ValueError("a view has no seed, so it cannot deal the next round")
        next_round = self.round + 1
        hands = _deal(self.num_players, self.seed, next_round)
        events.extend(_dealt_events(hands, next_round))
        n = self.num_players
        return self._evolve(
            history=history,
            round=next_round,
            phase="pick",
            leader=(self.start + next_round) % n,  # ST-2.3
            hands=hands,
            picks=(_NO_PICK,) * n,
            won=((),) * n,
            set_aside=(),
            events=tuple(events),
        )

    # -- views and JSON -------------------------------------------------------
    def _hide(self, seat: int) -> "State":
        n = self.num_players
        hands = tuple(h if s == seat else () for s, h in enumerate(self.hands))
        picks = self.picks
        if self.phase == "pick":  # ST-3.4: nobody sees another's pick early
            picks = tuple(p if s == seat or p == _NO_PICK else _HIDDEN_PICK for s, p in enumerate(picks))
        sizes = tuple(self.hand_size(s) for s in range(n))
        return self._evolve(
            viewer=seat,
            seed=None,
            hands=hands,
            sizes=sizes,
            picks=picks,
            events=scrub_events(self.events, seat),
        )

    def _data(self) -> dict:
        def pick_text(pick: int) -> str | None:
            if pick == _NO_PICK:
                return None
            return "hidden" if pick == _HIDDEN_PICK else str(CARDS[pick])

        names = _NAMES
        return {
            "seed": self.seed,
            "options": self.options,
            "start": self.start,
            "round": self.round,
            "phase": self.phase,
            "leader": self.leader,
            "hands": [[names[c] for c in hand] for hand in self.hands],
            "hand_sizes": list(self.sizes or map(len, self.hands)),
            "picks": [pick_text(p) for p in self.picks],
            "trick": [names[c] for c in self.trick],
            "won": [[names[c] for c in pile] for pile in self.won],
            "set_aside": [names[c] for c in self.set_aside],
            "history": [list(row) for row in self.history],
        }

    @classmethod
    def _from_data(cls, data: dict, n: int, viewer: int | None) -> "State":
        options = data["options"]
        rounds, zero_trick = _check_options(options)
        phase = data["phase"]
        if phase not in _PHASES:
            raise ValueError(f"unknown phase {phase!r}")

        def codes(texts: list) -> tuple[int, ...]:
            return tuple(_BY_NAME[t] if t in _BY_NAME else parse_card(t).code for t in texts)

        def pick_code(text: str | None) -> int:
            if text is None:
                return _NO_PICK
            return _HIDDEN_PICK if text == "hidden" else parse_card(text).code

        hands = tuple(tuple(sorted(codes(h))) for h in data["hands"])
        sizes = tuple(int(s) for s in data["hand_sizes"]) if viewer is not None else None
        history = tuple(tuple(int(x) for x in row) for row in data["history"])
        picks = tuple(pick_code(p) for p in data["picks"])
        won = tuple(codes(p) for p in data["won"])
        if not (len(hands) == len(picks) == len(won) == n) or any(len(r) != n for r in history):
            raise ValueError("damaged sticheln state: per-seat lists do not match the player count")
        seed = data["seed"]
        if seed is not None:
            check_seed(seed)
        elif viewer is None:
            raise ValueError("damaged sticheln state: a full state needs its seed")
        round_index = int(data["round"])
        if not 0 <= round_index < (rounds if rounds is not None else n):
            raise ValueError(f"damaged sticheln state: round {round_index} is outside the game's rounds")
        return cls._make(
            num_players=n,
            events=(),
            viewer=viewer,
            seed=seed,
            rounds=rounds,
            zero_trick=zero_trick,
            start=check_seat(n, data["start"], "start"),
            round=round_index,
            phase=phase,
            leader=check_seat(n, data["leader"], "leader"),
            hands=hands,
            sizes=sizes,
            picks=picks,
            trick=codes(data["trick"]),
            won=won,
            set_aside=codes(data["set_aside"]),
            history=history,
        )


#: The longest game the `rounds=N` variant (ST-2.1) allows.  The rules set no
#: bound, but a table never chooses more, and a save asking for a billion
#: rounds is damaged: without a bound it would load as a game that never ends.
MAX_ROUNDS = 99


def _check_options(options: dict) -> tuple[int | None, str]:
    check_options(NAME, options, ("rounds", "zero_trick"))
    rounds = options.get("rounds")
    zero_trick = options.get("zero_trick", "set_aside")
    if rounds is not None and (
        isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS
    ):
        raise ValueError(f"rounds must be a whole number from 1 to {MAX_ROUNDS}, not {rounds!r}")
    if zero_trick not in ZERO_TRICK_RULES:
        raise ValueError(f"zero_trick must be one of {', '.join(ZERO_TRICK_RULES)}, not {zero_trick!r}")
    return rounds, zero_trick


def new_game(
    num_players: int,
    seed: int | str,
    *,
    start: int = 0,
    hands: Sequence[Sequence[Card | str]] | None = None,
    pile: Sequence[Card | str] | None = None,
    **options: Any,
) -> State:
    """A new game.  `rounds=N` and `zero_trick="leader_takes"` are the named
    variants (ST-2.1, ST-4.4); `hands` fixes the first deal for scenarios."""
    n = check_players(NAME, PLAYERS, num_players)
    seed = check_seed(seed)
    check_seat(n, start, "start")
    rounds, zero_trick = _check_options(options)
    if pile:
        raise ValueError("Sticheln has no draw pile: every card is dealt (ST-1.2)")
    if hands is None:
        dealt = _deal(n, seed, 0)
    else:
        if len(hands) != n:
            raise ValueError(f"hands: {len(hands)} hands given for {n} players")
        given = take_cards(NAME, _deck_codes(n), hands, parse_card)
        sizes = {len(h) for h in given}
        if len(sizes) != 1 or 0 in sizes:
            raise ValueError("hands: every player needs the same number of cards, at least one")
        dealt = tuple(tuple(sorted(h)) for h in given)
    return State._make(
        num_players=n,
        events=_dealt_events(dealt, 0),
        viewer=None,
        seed=seed,
        rounds=rounds if rounds is not None else n,
        zero_trick=zero_trick,
        start=start,
        round=0,
        phase="pick",
        leader=start,
        hands=dealt,
        sizes=None,
        picks=(_NO_PICK,) * n,
        trick=(),
        won=((),) * n,
        set_aside=(),
        history=(),
    )


from_json = State.from_json


def playout(state: State, rng: random.Random, trace: list | None = None) -> list[int]:
    """Finish the game with uniformly random moves and return the totals.

    Sticheln has no duty to follow, so every seat's remaining choices are a
    uniformly random order of its hand: one shuffle per hand replaces every
    per-move choice, and the next rounds are just a shuffled deck cut into
    hands.  That is the same distribution as picking uniformly from
    `legal_moves()` at each step, at a fraction of the cost.

    With a `trace` list, every move made is appended (a `Move`), and each
    later round's deal as `("deal", hands)`: replayed through `apply()`
    with those deals, they reach the same totals (tests/ai/test_fast_paths.py).
    """
    if state.viewer is not None:
        raise ValueError("playout needs a full state, not a view")
    n = state.num_players
    totals = state.scores()
    if state.phase == "over":
        return totals
    shuffle = rng.shuffle
    hands = [list(h) for h in state.hands]
    for hand in hands:
        shuffle(hand)
    picks = list(state.picks)
    for k in range(n):  # in the order apply() asks for them: from the leader on
        seat = (state.leader + k) % n
        if picks[seat] == _NO_PICK:
            picks[seat] = hands[seat].pop()
            if trace is not None:
                trace.append(_PAIN[picks[seat]])
    set_aside = state.zero_trick == "set_aside"
    leader = state.leader
    trick = list(state.trick)
    won = state.won
    points = [-_VALUE[pick] + sum(_DELTA[_COLOUR[pick]][c] for c in pile) for pick, pile in zip(picks, won)]
    deck_codes = _deck_codes(n)
    first_leader = (state.start + state.round) % n
    for round_index in range(state.round, state.rounds):
        if round_index > state.round:
            shuffle(deck_codes)
            size = len(deck_codes) // n
            hands = [deck_codes[i * size : (i + 1) * size] for i in range(n)]
            first_leader = leader = (first_leader + 1) % n
            if trace is not None:
                trace.append(("deal", tuple(tuple(sorted(h)) for h in hands)))
                trace.extend(_PAIN[hands[(leader + k) % n][-1]] for k in range(n))
            picks = [hand.pop() for hand in hands]
            points = [-_VALUE[pick] for pick in picks]
            trick = []
        deltas = [_DELTA[_COLOUR[pick]] for pick in picks]
        while hands[(leader + len(trick)) % n]:
            seat = (leader + len(trick)) % n
            played = len(trick)
            for _ in range(n - played):
                trick.append(hands[seat].pop())
                seat = seat + 1 if seat + 1 < n else 0
            if trace is not None:
                trace.extend(_PLAY[c] for c in trick[played:])
            index = _winner(trick)
            if index is not None:
                leader = (leader + index) % n
            elif set_aside:
                trick = []
                continue
            delta = deltas[leader]
            points[leader] += sum(delta[c] for c in trick)
            trick = []
        for seat in range(n):
            totals[seat] += points[seat]
    return totals


# -- sampling a world for search ----------------------------------------------------
def unseen_cards(view: State) -> list[int]:
    """The card codes of the deck `view.viewer` cannot place, in deck order.

    What a seat sees: its own hand and pick, every trick taken, the current
    trick, set-aside zeros, revealed pain cards, hand sizes.  There is no
    duty to follow colour (ST-4.2), so an off-colour play says nothing about
    a hand."""
    me = seat_of_view(view, "unseen_cards")
    seen = set(view.hands[me])
    seen.update(view.trick)
    seen.update(view.set_aside)
    for pile in view.won:
        seen.update(pile)
    for pick in view.picks:
        if pick >= 0:
            seen.add(pick)
    return [c for c in _deck_codes(view.num_players) if c not in seen]


def sample_world(view: State, rng: random.Random) -> State:
    """A full state that agrees with everything `view` shows, the unseen
    cards dealt at random (hidden picks included): a world for search."""
    unknown = unseen_cards(view)
    rng.shuffle(unknown)
    picks = list(view.picks)
    hands, pos = deal_unseen(view, unknown, picks, _HIDDEN_PICK)
    assert pos == len(unknown), "sticheln world: hidden cards do not match hand sizes"
    return view._evolve(
        viewer=None,
        seed=world_seed(rng),
        hands=hands,
        sizes=None,
        picks=tuple(picks),
        events=(),
    )
