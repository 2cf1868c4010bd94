"""One seat's side of a game the host keeps, for a table on another laptop
(or on the host's own window, over 127.0.0.1): the sibling of `Session`
behind the same `TableSession` / `TableMatch` Protocols, with no pygame.

- `RemoteMatch`, what the table reads of the match: the state is the view
  shown now, its seats carry the names and computers of the message that
  view arrived with, `humans` are the seats played at this window (none for
  a spectator), and nothing is dealt or kept here;
- `RemoteSession`, what the table asks: the view, the events it may hear,
  `offer` (checked against our own view's legal moves first, so an illegal
  click is explained at once and nothing is sent; else `Sent`, told when the
  host's view comes back), the hint (worked out here, from our view, off the
  table's thread: the coach's own evaluation).  Undo is off: everyone has
  seen the move.  `arrive` makes the next view from the host the shown one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from game import rules
from game.common.person_name import said
from game.i18n import N_
from game.match.match import Match, Seat
from game.net import protocol as p
from game.net import words as net_words
from game.net.client import Client, state_from_json
from game.rules import IllegalMove
from game.rules.core import Event, Phrase
from game.session.hint import HintWorker
from game.session.outcome import Outcome, Refused, Sent

if TYPE_CHECKING:
    from game.session.session import TableMatch, TableSession

__all__ = ["UNDO_OFF", "RemoteMatch", "RemoteSession"]

#: Why undo is off here (the table shows `_(UNDO_OFF)`, as it shows Match's reasons).
UNDO_OFF = N_("Undo is off at a network table: everyone has seen the move.")


class RemoteMatch:
    """What a table reads of the match, for a game the host keeps (see module doc)."""

    daily: str | None = None  # today's deal is a local game's

    def __init__(self, game_id: str, state: Any, position: int, ours: int | None, here: list[int]) -> None:
        self.game_id = game_id
        self.module = rules.get(game_id)
        self.state = state  # the view shown now
        self.position = position  # the host's move count of that view
        self.ours = ours  # the seat whose view is shown now
        self.here = sorted(here)  # the seats this window plays
        self.seats: list[Seat] = []  # as the shown view's message names them (`RemoteSession.arrive`)

    @property
    def humans(self) -> list[int]:
        return list(self.here)

    @property
    def current(self) -> int | None:
        seat: int | None = self.state.current_player
        return seat

    def undo_target(self) -> tuple[int | None, str]:
        return None, UNDO_OFF


class RemoteSession:
    """What a table asks of a game the host keeps, answered from the host's views (see module doc)."""

    def __init__(self, client: Client, first: p.ViewMsg, here: list[int] | None = None) -> None:
        """`first` is the host's first view to `client`; `here` every seat played at this window."""
        seat = client.seat
        if seat.game is None:
            raise ValueError("no welcome from the host yet")
        ours = None if seat.watching or seat.seat is None or seat.seat < 0 else seat.seat
        state = state_from_json(rules.get(seat.game), first.state)
        self.client = client
        self.match = RemoteMatch(
            seat.game, state, first.moves, ours, sorted({*(here or []), *([] if ours is None else [ours])})
        )
        self.agents: dict[int, Any] = {}  # the host's computers think on the host
        self.keeps = False  # the host keeps the game
        self.shown = first  # the message the shown view arrived with: its names, computers, away seats
        self.names = said(first.names) or list(seat.names)  # the last names the host told (a view may leave them out)
        self.heard: tuple[Event, ...] = ()  # the shown move's events, as the host let us see them
        self.hints = HintWorker()
        self._listeners: list[Callable[[int, tuple[Event, ...]], None]] = []
        self.arrive(first)

    @property
    def here(self) -> list[int]:
        """The seats played at this window."""
        return list(self.match.here)

    @property
    def local(self) -> Match | None:
        """None: the whole game is the host's."""
        return None

    # -- who is at the table, as the shown view's message says ---------------------
    @property
    def computers(self) -> list[int]:
        return list(self.shown.computers)

    @property
    def away(self) -> list[int]:
        return list(self.shown.away)

    @property
    def connected(self) -> list[int]:
        return list(self.shown.connected)

    def seats(self, players: int) -> list[Seat]:
        """The seats as the shown message names them: ours human, computers marked."""
        names = self.names + [""] * players
        ours, computers = self.match.ours, self.shown.computers
        return [Seat(names[s] or f"{s + 1}", s == ours or s not in computers, "human") for s in range(players)]

    def switch(self, client: Client, seat: int) -> None:
        """Show `seat`'s client from now on (pass-and-play at the host's window):
        its latest view, told as a gap (the move itself was seen from the last seat)."""
        self.client = client
        self.match.ours = seat
        latest = None
        while (message := client.seat.take_view()) is not None:
            latest = message
        if latest is not None:
            self.arrive(latest)

    # -- what a seat may know ------------------------------------------------
    def view(self, seat: int) -> Any:
        state = self.match.state
        return state if state.viewer == seat else state.view(seat)

    def events(self, seat: int) -> tuple[Event, ...]:
        return self.heard

    def listen(self, callback: Callable[[int, tuple[Event, ...]], None]) -> None:
        self._listeners.append(callback)

    # -- moves ---------------------------------------------------------------
    @property
    def in_flight(self) -> bool:
        """We sent a move and the host has not answered it yet (a view past it, or
        a refusal naming it): the client's own word, which also knows a move lost
        with its line (sent again after the rejoin, or dropped)."""
        return self.client.move_in_flight

    def offer(self, seat: int, move: Any) -> Outcome:
        """Check `move` against our own view's legal moves (the same refusal a
        local table gives, at once), then send it: the host's view comes later."""
        refusal = self._refusal(seat, move)
        if refusal is not None:
            return Refused(refusal)
        at = self.match.position  # the view the move was made on: the host refuses it `stale` if the game moved on
        try:
            self.client.send_move(move, at=at)
        except RuntimeError:  # the line is down: nothing was sent, the table says Reconnecting…
            return Refused(Phrase("offline", "Not connected.", {}))
        return Sent(at)

    def _refusal(self, seat: int, move: Any) -> Phrase | None:
        state = self.match.state
        if not self.client.seat.started:
            return net_words.phrase("not_started")
        if state.current_player is not None and seat != state.current_player:
            return Phrase("not_your_turn", "It is not your turn.", {"seat": seat})
        if move in state.legal_moves():
            return None
        try:  # the rules' own reason (a view cannot play a move on: it asks the gate)
            state.apply(move)
        except IllegalMove as exc:
            return exc.reason
        except ValueError:
            pass
        return Phrase("not_a_move", f"{move!r} is not a move now", {})

    def play(self, move: Any) -> tuple[Event, ...]:
        raise IllegalMove("net", "moves at a network table go to the host")

    def think(self, seat: int) -> Iterator[Any]:
        raise IllegalMove("net", "the computers of a network table think on the host")

    def undo(self) -> str | None:
        return UNDO_OFF

    # -- the hint, worked out here from our view ---------------------------------
    def ask_hint(self, seat: int) -> bool:
        return self.hints.ask(self.view(seat), self.match.state)

    @property
    def hint_pending(self) -> bool:
        return self.hints.pending

    def forget_hint(self) -> None:
        self.hints.forget()

    def poll_hint(self) -> tuple[Any, Any] | None:
        return self.hints.poll(self.match.state)

    # -- the host's views --------------------------------------------------------------
    def event(self, data: p.EventMsg) -> Event:
        """An event as the rules' own states carry it: its cards as the game's cards (None: hidden)."""
        event = p.event_from_msg(data)
        parse = self.match.module.parse_card
        return event._replace(cards=tuple(parse(c) if isinstance(c, str) else c for c in event.cards))

    def arrive(self, message: p.ViewMsg) -> tuple[Any, int | None]:
        """Make `message` the shown view; (the state before, the seat that moved
        or None when nothing new is told: the same move again, or a gap)."""
        match = self.match
        before = match.state
        events = tuple(self.event(e) for e in message.events)
        state = state_from_json(match.module, message.state)
        state = state._evolve(events=events)  # the events the host let us see, as the rules' own states carry them
        told = message.moves == match.position + 1
        mover = before.current_player if told else None
        self.shown = message
        self.names = said(message.names) or self.names
        match.state, match.position = state, message.moves
        match.seats = self.seats(state.num_players)
        self.heard = events if told else ()
        if mover is not None:
            for callback in list(self._listeners):
                callback(mover, events)
        return before, mover


if TYPE_CHECKING:  # mypy checks that both are what a table is given

    def _a_table_session(session: RemoteSession) -> TableSession:
        return session

    def _a_table_match(match: RemoteMatch) -> TableMatch:
        return match
