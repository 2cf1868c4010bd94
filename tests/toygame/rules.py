"""High Card's rules: cards 1-6, two each; two tricks; the highest card takes
the trick and leads the next; a trick is a point.  Pure, like every rules
module, and built on the same `game.rules.core` contract."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from game.rules.core import (
    BaseState,
    Event,
    cards_not_in,
    check_options,
    check_players,
    check_seat,
    check_seed,
    deal_rng,
    deal_unseen,
    seat_of_view,
    world_seed,
)

GAME = "highcard"
NAME = "High Card"
PLAYERS = range(2, 4)
DECK = (1, 2, 3, 4, 5, 6)
HAND = 2
REFUSALS = ("not_in_hand",)


class Move(NamedTuple):
    kind: str  # "play"
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


def parse_card(text: str) -> int:
    try:
        card = int(text.strip())
    except (ValueError, AttributeError):
        raise ValueError(f"{text!r} is not a High Card card (1 to 6)") from None
    if card not in DECK:
        raise ValueError(f"{text!r} is not a High Card card (1 to 6)")
    return card


def parse_move(text: str) -> Move:
    words = str(text).split()
    if len(words) != 2 or words[0] != "play":
        raise ValueError(f"{text!r} is not a High Card move (write 'play 4')")
    return Move("play", parse_card(words[1]))


class State(BaseState):
    __slots__ = ("seed", "hands", "sizes", "trick", "played", "leader", "won", "tricks")
    GAME = GAME
    PLAYERS = PLAYERS
    seed: int | str | None
    hands: tuple[tuple[int, ...], ...]
    sizes: tuple[int, ...]
    trick: tuple[int, ...]  # cards played to this trick, in order from the leader
    played: tuple[int, ...]  # every card played so far (all face up)
    leader: int
    won: tuple[int, ...]
    tricks: int  # tricks finished

    round_number = 1
    rounds = 1
    phase_name = "play"

    @property
    def current_player(self) -> int | None:
        if self.tricks >= HAND:
            return None
        return (self.leader + len(self.trick)) % self.num_players

    def hand(self, seat: int) -> tuple[int, ...]:
        return self.hands[check_seat(self.num_players, seat)]

    def hand_size(self, seat: int) -> int:
        return self.sizes[check_seat(self.num_players, seat)]

    def scores(self) -> list[int]:
        return list(self.won)

    def _parse_move(self, text: str) -> Move:
        return parse_move(text)

    def _legal(self) -> list[Move]:
        seat = self.current_player
        assert seat is not None
        return [Move("play", c) for c in self.hands[seat]]

    def _reason(self, move: Any) -> tuple[str, str, str, dict[str, Any]]:
        if isinstance(move, Move) and move.card in DECK:
            return "HC-1", f"You do not hold the {move.card}", "not_in_hand", {"card": str(move.card)}
        return "HC-0", "That is not a High Card move", "not_a_move", {}

    def _apply(self, move: Move) -> State:
        seat = self.current_player
        assert seat is not None
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != move.card)
        sizes = (
            tuple(len(h) for h in hands)
            if self.viewer is None
            else tuple(s - 1 if i == seat else s for i, s in enumerate(self.sizes))
        )
        if self.viewer is not None and seat != self.viewer:
            hands[seat] = ()
        trick = self.trick + (move.card,)
        events = [Event("played", seat, (move.card,))]
        leader, won, tricks = self.leader, list(self.won), self.tricks
        if len(trick) == self.num_players:
            best = max(range(len(trick)), key=lambda i: trick[i])
            leader = (self.leader + best) % self.num_players
            won[leader] += 1
            tricks += 1
            events.append(Event("trick_won", leader, trick, {"leader": leader}))
            trick = ()
        new = self._evolve(
            hands=tuple(hands),
            sizes=sizes,
            trick=trick,
            played=self.played + (move.card,),
            leader=leader,
            won=tuple(won),
            tricks=tricks,
            events=(),
        )
        if new.current_player is None:
            winners = [s for s, w in enumerate(won) if w == max(won)]
            events.append(Event("game_over", None, (), {"scores": list(won), "winners": winners}))
        object.__setattr__(new, "events", tuple(events))
        return new

    def _hide(self, seat: int) -> State:
        hands = tuple(h if i == seat else () for i, h in enumerate(self.hands))
        return self._evolve(
            hands=hands,
            viewer=seat,
            seed=None,
            events=tuple(e.hidden() if e.secret and e.seat != seat else e for e in self.events),
        )

    def _data(self) -> dict:
        return {
            "seed": self.seed,
            "hands": [list(h) for h in self.hands],
            "sizes": list(self.sizes),
            "trick": list(self.trick),
            "played": list(self.played),
            "leader": self.leader,
            "won": list(self.won),
            "tricks": self.tricks,
        }

    @classmethod
    def _from_data(cls, data: dict, n: int, viewer: int | None) -> State:
        hands = tuple(tuple(parse_card(str(c)) for c in h) for h in data["hands"])
        if len(hands) != n:
            raise ValueError("damaged highcard state: one hand per seat")
        return cls._make(
            num_players=n,
            viewer=viewer,
            events=(),
            seed=data["seed"],
            hands=hands,
            sizes=tuple(int(s) for s in data["sizes"]),
            trick=tuple(int(c) for c in data["trick"]),
            played=tuple(int(c) for c in data["played"]),
            leader=check_seat(n, data["leader"]),
            won=tuple(int(w) for w in data["won"]),
            tricks=int(data["tricks"]),
        )


def new_game(
    num_players: int,
    seed: int | str | None = None,
    *,
    start: int = 0,
    hands: list[list[Any]] | None = None,
    pile: list[Any] | None = None,
    **options: Any,
) -> State:
    n = check_players(NAME, PLAYERS, num_players)
    check_options(NAME, options, ())
    start = check_seat(n, start, "start")
    seed = check_seed(seed)
    if hands is None:
        deck = list(DECK)
        deal_rng(GAME, seed, 0).shuffle(deck)
        dealt = [tuple(sorted(deck[i * HAND : (i + 1) * HAND])) for i in range(n)]
    else:
        if len(hands) != n:
            raise ValueError(f"{NAME}: {len(hands)} hands for {n} players")
        dealt = [tuple(sorted(parse_card(str(c)) for c in h)) for h in hands]
        every = [c for h in dealt for c in h]
        if len(set(every)) != len(every):
            raise ValueError(f"{NAME}: a card is dealt twice")
    state = State._make(
        num_players=n,
        viewer=None,
        events=(),
        seed=seed,
        hands=tuple(dealt),
        sizes=tuple(len(h) for h in dealt),
        trick=(),
        played=(),
        leader=start,
        won=(0,) * n,
        tricks=0,
    )
    events = tuple(Event("dealt", s, h, {"round": 1, "count": len(h)}, secret=True) for s, h in enumerate(dealt))
    object.__setattr__(state, "events", events)
    return state


def unseen_cards(view: State) -> list[int]:
    """Cards the viewer has not seen: not in its hand, not played."""
    return cards_not_in(DECK, [*view.hands[seat_of_view(view, "unseen_cards")], *view.played])


def sample_world(view: State, rng: random.Random) -> State:
    """A full state consistent with `view`: the unseen cards dealt at random."""
    unknown = unseen_cards(view)
    rng.shuffle(unknown)
    hands, _ = deal_unseen(view, unknown)
    return view._evolve(hands=hands, viewer=None, seed=world_seed(rng), events=())


def deck(num_players: int) -> list[int]:
    """Every card of the game (the table renders each face once before the deal)."""
    return list(DECK)
