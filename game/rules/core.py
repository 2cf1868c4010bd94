"""What the three games share: the move gate, events, views and JSON plumbing.

Each game module subclasses `BaseState` and supplies a handful of small hooks
(`_legal`, `_apply`, `_reason`, `_data`, `_from_data`, `_hide`).  Everything a
caller relies on -- the single `apply` gate, immutability, equality, JSON
wrapping, `winners()` -- lives here once so the games cannot drift apart.

Search (game/ai) stands on public names only: `successor(move)` for moves it
took from `legal_moves()`, `position_key()`, each game's `sample_world` /
`unseen_cards` and its fast tables; refusals carry a code (`Phrase`).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Iterable, NamedTuple, Sequence, TypeVar

JSON_VERSION = 1

#: The `viewer` of a public view (`BaseState.public_view`): nobody's seat, so
#: every seat's secrets are hidden from it, as from a spectator (the network
#: protocol's spectator seat is the same number).  Its JSON says `"public": true`.
PUBLIC = -1

#: "This very state class" in `BaseState`'s signatures: `apply`, `view`,
#: `from_json` and the hooks return the caller's own game's `State`.  (The
#: project supports Python 3.10, whose `typing` has no `Self`.)
StateT = TypeVar("StateT", bound="BaseState")


class Phrase(str):
    """An English sentence for people that also carries a stable `code` and
    plain `params` (JSON values: seats, card notation, numbers), so a table
    can say it again in another language from a catalog without reading the
    English.  Refusals (`IllegalMove.reason`) and AI hints are Phrases."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, text: str, params: dict[str, Any] | None = None) -> "Phrase":
        self = super().__new__(cls, text)
        self.code = code
        self.params = dict(params or {})
        return self


#: Refusal codes every game can raise (each game adds its own `REFUSALS`):
#: the game is over, move text that does not parse, something that is not a
#: move of this game.
REFUSALS = ("game_over", "notation", "not_a_move")


class IllegalMove(ValueError):
    """A move the rules forbid.  `rule` is the rule ID, also named in the
    text; `code` and `params` say the same as data (see `Phrase`), and
    `reason` is the English sentence without the rule ID."""

    def __init__(self, rule: str, message: str, code: str = "not_a_move", params: dict[str, Any] | None = None) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.code = code
        self.params = dict(params or {})
        self.reason = Phrase(code, message, self.params)


class Event(NamedTuple):
    """One thing that happened inside `apply`, for the table and the move log.

    `cards` known only to `seat` are marked `secret`; a view for anyone else
    replaces them with `None` so the count survives but not the faces.
    `info` is a dict of plain JSON values (or None).
    """

    kind: str
    seat: int | None = None
    cards: tuple[Any, ...] = ()
    info: Any = None
    secret: bool = False

    def hidden(self) -> "Event":
        return self._replace(cards=(None,) * len(self.cards))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            data["seat"] = self.seat
        if self.cards:
            data["cards"] = [None if c is None else str(c) for c in self.cards]
        if self.info is not None:
            data["info"] = self.info
        if self.secret:
            data["secret"] = True
        return data

    def __str__(self) -> str:
        parts = [self.kind]
        if self.seat is not None:
            parts.append(f"seat {self.seat}")
        if self.cards:
            parts.append(", ".join("?" if c is None else str(c) for c in self.cards))
        if self.info is not None:
            parts.append(str(self.info))
        return ": ".join(parts)


def scrub_events(events: Iterable[Event], seat: int) -> tuple[Event, ...]:
    """The events as `seat` may see them (`PUBLIC`: every secret one face down)."""
    return tuple(e.hidden() if e.secret and e.seat != seat else e for e in events)


def check_players(name: str, players: range, num_players: Any) -> int:
    if isinstance(num_players, bool) or not isinstance(num_players, int):
        raise ValueError(f"{name}: num_players must be a whole number, not {num_players!r}")
    if num_players not in players:
        raise ValueError(f"{name} is for {players.start} to {players.stop - 1} players, not {num_players}")
    return num_players


def check_seat(num_players: int, seat: Any, what: str = "seat") -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < num_players:
        raise ValueError(f"{what} must be a seat from 0 to {num_players - 1}, not {seat!r}")
    return seat


def check_options(name: str, options: dict[str, Any], allowed: Iterable[str]) -> None:
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        known = ", ".join(sorted(allowed)) or "none"
        raise ValueError(f"{name}: unknown option {', '.join(unknown)} (known: {known})")


def check_seed(seed: Any) -> int | str:
    """The seed to keep: None picks a fresh one, so every game can be replayed."""
    if seed is None:
        return random.SystemRandom().randrange(2**31)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ValueError(f"seed must be an int or a str, not {seed!r}")
    return seed


def deal_rng(game_id: str, seed: int | str, deal: int) -> random.Random:
    """The RNG for one deal.  Derived from (seed, deal number) rather than
    carried along, so a state needs no RNG state in its JSON and a view can
    drop the seed without anyone being able to predict hidden cards."""
    return random.Random(f"{game_id}/{seed}/{deal}")


def take_cards(
    name: str,
    deck_codes: Sequence[int],
    wanted: Iterable[Iterable[Any]],
    parse: Any,
    used: list[int] | None = None,
) -> list[list[int]]:
    """Parse lists of cards (objects or notation) into codes, checking each
    against the copies the deck still has.  `used` accumulates across calls
    so hands and pile together cannot exceed the deck.  A card object must
    be one of this game's: another game's card never passes for a code."""
    available: dict[int, int] = {}
    for code in deck_codes:
        available[code] = available.get(code, 0) + 1
    for code in used or ():
        available[code] -= 1
    out: list[list[int]] = []
    for group in wanted:
        if isinstance(group, (str, bytes)) or not isinstance(group, Iterable):
            raise ValueError(f"{name}: expected a list of cards, got {group!r}")
        codes = []
        for item in group:
            card = parse(item if isinstance(item, str) else str(item))
            if not isinstance(item, str) and card != item:
                raise ValueError(f"{name}: {item!r} is not a card of this game")
            code = card.code
            if code not in available:
                raise ValueError(f"{name}: {item} is not a card of this deck ({len(deck_codes)} cards)")
            if available[code] == 0:
                raise ValueError(f"{name}: more copies of {card} than the deck has")
            available[code] -= 1
            codes.append(code)
            if used is not None:
                used.append(code)
        out.append(codes)
    return out


# -- sampling worlds for search (each game's `sample_world` uses these) ---------
def cards_not_in(deck: Sequence[int], known: Iterable[int]) -> list[int]:
    """`deck` minus `known` as multisets (Avalanche has copies), in deck order."""
    left = Counter(deck)
    left.subtract(known)
    out = []
    for code in deck:
        if left[code] > 0:
            out.append(code)
            left[code] -= 1
    return out


def seat_of_view(view: Any, what: str) -> int:
    """The seat whose view `view` is, for what needs one seat's knowledge
    (search, sampling a world): a full state and a public view are refused."""
    seat = view.viewer
    if seat is None:
        raise ValueError(f"{what} needs a seat's view, not a full state")
    if seat == PUBLIC:
        raise ValueError(f"{what} needs a seat's view, not a public view (nobody's seat)")
    return int(seat)


def world_seed(rng: random.Random) -> int:
    """A sampled world's seed: later deals in it are as unknown as the real ones."""
    return rng.randrange(2**31)


def deal_unseen(
    view: Any,
    unknown: Sequence[int],
    secret: list[int] | None = None,
    hidden: int = 0,
    known: Sequence[Sequence[int]] | None = None,
) -> tuple[tuple[tuple[int, ...], ...], int]:
    """Deal the (already shuffled) `unknown` cards into every other seat's
    hand by its size, after the cards everyone saw that seat take (`known`);
    where `secret[seat] == hidden` (a face-down pick or discard) that seat
    also gets the next card there.  Returns the hands and the cards used."""
    hands = list(view.hands)
    pos = 0
    for seat in range(view.num_players):
        if seat == view.viewer:
            continue
        seen = tuple(known[seat]) if known is not None else ()
        size = view.sizes[seat] - len(seen)
        hands[seat] = tuple(sorted(seen + tuple(unknown[pos : pos + size])))
        pos += size
        if secret is not None and secret[seat] == hidden:
            secret[seat] = unknown[pos]
            pos += 1
    return tuple(hands), pos


class BaseState:
    """Immutable game position.  Subclasses define `__slots__` for their own
    fields and the hooks below; instances are built with `_make`."""

    __slots__ = ("num_players", "events", "viewer")
    num_players: int
    events: tuple[Event, ...]
    viewer: int | None  # the seat whose view this is; None for a full state, PUBLIC for a public view

    GAME: str = ""  # module id: "sticheln", "avalanche", "grinch"
    PLAYERS: range = range(0)  # allowed player counts

    # -- construction -------------------------------------------------------
    @classmethod
    def _make(cls: type[StateT], **fields: Any) -> StateT:
        self = object.__new__(cls)
        setter = object.__setattr__
        for key, value in fields.items():
            setter(self, key, value)
        return self

    def _evolve(self: StateT, **changes: Any) -> StateT:
        """A copy with some fields changed (and fresh events)."""
        new = object.__new__(type(self))
        setter = object.__setattr__
        for slot in self._all_slots():
            setter(new, slot, changes[slot] if slot in changes else getattr(self, slot))
        return new

    @classmethod
    def _all_slots(cls) -> tuple[str, ...]:
        slots = cls.__dict__.get("_slot_cache")
        if slots is None:
            names: list[str] = []
            for klass in reversed(cls.__mro__):
                names.extend(klass.__dict__.get("__slots__", ()))
            slots = tuple(names)
            type.__setattr__(cls, "_slot_cache", slots)
        return slots

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; apply() returns a new state")

    # -- the move gate -------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    def legal_moves(self) -> list[Any]:
        """The moves the seat to act may make ([] once the game is over, and
        on a public view: it is nobody's seat, and holds no hand to move from)."""
        if self.current_player is None or self.viewer == PUBLIC:
            return []
        return self._legal()

    def apply(self: StateT, move: Any) -> StateT:
        """The one gate: a move not in `legal_moves()` raises `IllegalMove`
        and leaves this state as it was."""
        if isinstance(move, str):
            try:
                move = self._parse_move(move)
            except IllegalMove:
                raise
            except ValueError as err:
                raise IllegalMove(self._notation_rule, str(err), "notation", {"text": str(err)}) from None
        if self.current_player is None:
            raise IllegalMove(self._end_rule, "The game is over; no more moves", "game_over")
        if self.viewer == PUBLIC:
            raise IllegalMove("view", "A public view is nobody's seat: no move is played on it", "not_a_move")
        if move not in self._legal():
            raise IllegalMove(*self._reason(move))
        return self._apply(move)

    # -- the public face for search -------------------------------------------
    def successor(self: StateT, move: Any) -> StateT:
        """The state after `move` without the gate's membership check.

        Only for moves taken from this state's `legal_moves()`: search
        applies millions of moves it already knows are legal, and the check
        would double their cost.  Anything else must go through `apply`.
        """
        return self._apply(move)

    def position_key(self) -> tuple[Any, ...]:
        """Everything that makes two states equal (not the events), as one
        tuple: a stable fingerprint for seeding decisions and caching."""
        return self._key()

    # -- results ------------------------------------------------------------
    def scores(self) -> list[int]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        """Seats sharing the best total once the game is over; [] before."""
        if not self.is_over:
            return []
        totals = self.scores()
        best = max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]

    # -- views --------------------------------------------------------------
    @property
    def is_view(self) -> bool:
        return self.viewer is not None

    @property
    def is_public(self) -> bool:
        """A public view (`public_view`): what every seat and a spectator may see."""
        return self.viewer == PUBLIC

    def view(self: StateT, seat: int) -> StateT:
        """What `seat` may know.  Hidden hands keep only their sizes."""
        check_seat(self.num_players, seat)
        if self.viewer == PUBLIC:
            raise ValueError(f"this is a public view; it cannot show seat {seat}'s")
        if self.viewer is not None and self.viewer != seat:
            raise ValueError(f"this is seat {self.viewer}'s view; it cannot show seat {seat}'s")
        return self._hide(seat)

    def public_view(self: StateT) -> StateT:
        """What every seat may know, and so a spectator: every hand, face-down
        card, the pile's order and every pick not yet revealed hidden, as
        `view(seat)` hides them from another seat; hand sizes, piles, tricks,
        discards and scores as every seat sees them.  Its `viewer` is `PUBLIC`
        and its JSON says `"public": true`; it round-trips through
        `to_json`/`from_json` like any state, and every secret event in it is
        face down.  It is for reading and drawing: `legal_moves()` is [],
        `apply` refuses every move, `view(seat)` cannot see more, and search
        (`sample_world`, every agent) refuses it, as it needs one seat's view.
        A seat's view gives the same public view as its full state."""
        return self._hide(PUBLIC)

    # -- JSON -----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.GAME, "version": JSON_VERSION, "players": self.num_players}
        if self.viewer == PUBLIC:
            data["public"] = True
        elif self.viewer is not None:
            data["viewer"] = self.viewer
        data.update(self._data())
        return data

    @classmethod
    def from_json(cls: type[StateT], data: dict[str, Any]) -> StateT:
        if not isinstance(data, dict):
            raise ValueError("state JSON must be an object")
        if data.get("game") != cls.GAME:
            raise ValueError(f"this is not a {cls.GAME} state (game={data.get('game')!r})")
        if data.get("version") != JSON_VERSION:
            raise ValueError(f"unknown state version {data.get('version')!r}")
        try:
            n = check_players(cls.GAME, cls.PLAYERS, data["players"])
            viewer = data.get("viewer")
            public = data.get("public", False)
            if public is not False:
                if public is not True or viewer is not None:
                    raise ValueError(f"damaged {cls.GAME} state: a public view is nobody's view (no viewer)")
                viewer = PUBLIC
            elif viewer is not None:
                check_seat(n, viewer, "viewer")
            return cls._from_data(data, n, viewer)
        except ValueError:
            raise
        except (KeyError, TypeError, IndexError, AttributeError) as err:
            raise ValueError(f"damaged {cls.GAME} state: {err!r}") from None

    # -- equality -------------------------------------------------------------
    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, s) for s in self._all_slots() if s != "events")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        who = "over" if self.is_over else f"seat {self.current_player} to act"
        seen = "" if self.viewer is None else ", public" if self.viewer == PUBLIC else f", seen by seat {self.viewer}"
        return f"<{self.GAME} {self.num_players}p, {who}{seen}>"

    # -- hooks for the games --------------------------------------------------
    _notation_rule = "notation"
    _end_rule = "end"

    def _parse_move(self, text: str) -> Any:
        raise NotImplementedError

    def _legal(self) -> list[Any]:
        raise NotImplementedError

    def _reason(self, move: Any) -> tuple[str, str, str, dict[str, Any]]:
        """Why `move` (not legal here) is refused: rule ID, English text,
        refusal code (`core.REFUSALS` or the game's `REFUSALS`), params."""
        raise NotImplementedError

    def _apply(self: StateT, move: Any) -> StateT:
        raise NotImplementedError

    def _hide(self: StateT, seat: int) -> StateT:
        """`seat`'s view; with `PUBLIC` (no seat), every seat's secrets hidden."""
        raise NotImplementedError

    def _data(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def _from_data(cls: type[StateT], data: dict[str, Any], n: int, viewer: int | None) -> StateT:
        """Rebuild from `_data()`; players and viewer (a seat, `PUBLIC` or None) are already checked."""
        raise NotImplementedError
