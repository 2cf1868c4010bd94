"""The keeper of one game at a table, with no pygame: the match, the seats,
the computers and their pacing, undo, and keeping the game on disk.

A table talks to it only through `TableSession` (and reads the match through
`TableMatch`): it asks for one seat's view and the events that seat may see,
offers moves (`Played`, or `Refused` with the rules' `Phrase`: see
`game.session.outcome`), and is told when something happened (`listen`).  A
network table's `game.net.remote_session.RemoteSession` is its sibling behind
the same Protocols.  Nothing here draws; nothing here knows a game by name.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from game import ai
from game.match.match import Match, Seat
from game.persist import SaveError, library
from game.rules import IllegalMove
from game.rules.core import Event, Phrase, scrub_events
from game.session.hint import HintWorker
from game.session.outcome import Outcome, Played, Refused

log = logging.getLogger(__name__)

THINK_SLICE = 0.003  # seconds of computer thinking per frame

__all__ = ["THINK_SLICE", "Session", "TableMatch", "TableSession", "think"]


class TableMatch(Protocol):
    """What a table reads of the game it shows (a `Match` here, the host's
    views at a network table): who sits where, the state shown, how far it is."""

    @property
    def game_id(self) -> str: ...
    @property
    def module(self) -> Any:
        """The game's rules module (its deck, its notation)."""
        ...

    @property
    def seats(self) -> Sequence[Seat]: ...
    @property
    def humans(self) -> list[int]:
        """The seats played by people at this window (none for a spectator)."""
        ...

    @property
    def state(self) -> Any:
        """The state shown (at a network table: the latest view, our seat's)."""
        ...

    @property
    def current(self) -> int | None: ...
    @property
    def position(self) -> int:
        """How many moves the state shown comes after."""
        ...

    @property
    def daily(self) -> str | None:
        """The ISO date whose "Today's deal" this is, or None."""
        ...

    def undo_target(self) -> tuple[int | None, str]:
        """The move undo would take back, or None and why not (an `N_` catalog message)."""
        ...


class TableSession(Protocol):
    """What a table may ask of the game it shows (one viewer's side of it):
    `Session` keeps it here, `game.net.remote_session.RemoteSession` asks a host."""

    agents: dict[int, Any]  # the computers played here, by seat (a lesson scripts them, a replay has none)
    keeps: bool  # the game goes to the disk after every move

    @property
    def match(self) -> TableMatch: ...
    @property
    def local(self) -> Match | None:
        """The whole match when it is kept here (to save, replay, play again), None at a network table."""
        ...

    def view(self, seat: int) -> Any:
        """The state as `seat` may know it."""
        ...

    def events(self, seat: int) -> tuple[Event, ...]:
        """The last move's events, scrubbed for `seat`."""
        ...

    def offer(self, seat: int, move: Any) -> Outcome:
        """Play `move` for `seat`: played here, sent to the host, or refused with the rules' reason."""
        ...

    def play(self, move: Any) -> tuple[Event, ...]:
        """Play a computer's (or a lesson's) move for the seat to act; raises IllegalMove."""
        ...

    def think(self, seat: int) -> Iterator[Any]:
        """The computer at `seat` choosing (None while it thinks, then the move)."""
        ...

    def undo(self) -> str | None:
        """Take back the human's last move; None, or the catalog reason why not."""
        ...

    def listen(self, callback: Callable[[int, tuple[Event, ...]], None]) -> None:
        """Call `callback(seat, events)` after every move played."""
        ...

    def ask_hint(self, seat: int) -> bool:
        """Ask the coach what `seat` should play, off the table's thread; False if asked already."""
        ...

    @property
    def hint_pending(self) -> bool: ...
    def forget_hint(self) -> None: ...
    def poll_hint(self) -> tuple[Any, Any] | None:
        """The hint's (move, advice) once ready and still about the position shown
        (`game.ai.advice.Advice`: why, and how it compares with the next best)."""
        ...


def think(agent: Any, view: Any) -> Iterator[Any]:
    """An agent's choice as a generator: None while it thinks (a slice a frame),
    then the move; an agent without `think` answers at once."""
    step = getattr(agent, "think", None)
    if step is not None:
        yield from step(view)
    else:
        yield agent.choose(view)


def make_agent(match: Match, seat: int, slice_seconds: float = THINK_SLICE, *, level: str | None = None) -> Any:
    """The computer for `seat`, seeded from the match so a replayed deal plays alike;
    at the seat's own level, or at `level` (a network host's computer for an away seat)."""
    level = match.seats[seat].level if level is None else level
    seed = None if match.seed is None else f"{match.seed}/{seat}"
    try:
        agent = ai.make_agent(level, seed)
    except ValueError:
        agent = ai.make_agent("random", seed)
    if hasattr(agent, "slice_seconds"):  # think in slices that fit a frame
        agent.slice_seconds = slice_seconds
    return agent


class Session:
    """One game kept: moves offered by seats, computers, undo, the disk (see module doc)."""

    def __init__(
        self, match: Match, *, keeps: bool = True, on_keep_failed: Callable[[Exception], None] | None = None
    ) -> None:
        self.match = match
        self.keeps = keeps  # demos, replays and lessons keep nothing
        self.on_keep_failed = on_keep_failed
        self.archived = match.state.is_over  # a finished game goes to the history once
        self.agents: dict[int, Any] = {
            s: make_agent(match, s) for s in range(len(match.seats)) if not match.seats[s].human
        }
        self._listeners: list[Callable[[int, tuple[Event, ...]], None]] = []
        self.hints = HintWorker()

    @property
    def local(self) -> Match:
        """The whole match: it is kept here."""
        return self.match

    # -- what a seat may know ------------------------------------------------
    @property
    def current(self) -> int | None:
        return self.match.current

    @property
    def over(self) -> bool:
        return bool(self.match.state.is_over)

    def view(self, seat: int) -> Any:
        return self.match.state.view(seat)

    def events(self, seat: int) -> tuple[Event, ...]:
        return scrub_events(self.match.state.events, seat)

    def listen(self, callback: Callable[[int, tuple[Event, ...]], None]) -> None:
        self._listeners.append(callback)

    # -- moves ---------------------------------------------------------------
    def offer(self, seat: int, move: Any) -> Outcome:
        """Play `move` for `seat` if it is that seat's turn and the rules take it."""
        if self.match.current is not None and seat != self.match.current:  # over: the rules' refusal below
            return Refused(Phrase("not_your_turn", "It is not your turn.", {"seat": seat}))
        try:
            self.play(move)
        except IllegalMove as exc:
            return Refused(exc.reason)
        return Played(seat)

    def play(self, move: Any) -> tuple[Event, ...]:
        """Play `move` for the seat to act (raises IllegalMove, changing nothing);
        keeps the game and tells the listeners.  Returns the full events."""
        seat = self.match.current
        self.match.apply(move)
        self.keep()
        events = tuple(self.match.state.events)
        assert seat is not None
        for callback in list(self._listeners):
            callback(seat, events)
        return events

    def undo(self) -> str | None:
        """Take back the human's last move; None, or the catalog reason why not."""
        index, reason = self.match.undo_target()
        if index is None:
            return reason
        self.match.undo()
        self.keep()
        return None

    def think(self, seat: int) -> Iterator[Any]:
        """The computer at `seat` choosing from its own view (see `think`)."""
        return think(self.agents[seat], self.view(seat))

    # -- who plays a seat ----------------------------------------------------------
    def seat_computer(self, seat: int, level: str) -> None:
        """A computer at `level` plays `seat` from now on (a network host's open
        or away seat), made as every computer of this session is (`make_agent`)."""
        self.agents[seat] = make_agent(self.match, seat, level=level)

    def unseat_computer(self, seat: int) -> None:
        """`seat` is a person's again: no computer plays it."""
        self.agents.pop(seat, None)

    # -- the disk --------------------------------------------------------------
    def keep(self) -> None:
        """The one place a game reaches the disk, after every move and undo: the
        autosave while it runs; once it is over, the history (once) and no
        autosave.  A disk that refuses costs `on_keep_failed`, never the game."""
        if not self.keeps:
            return
        try:
            if not self.match.state.is_over:
                library.write_autosave(self.match)
                return
            if not self.archived:
                library.archive(self.match)
                self.archived = True
            library.clear_autosave()
        except (SaveError, OSError) as exc:
            log.warning("could not keep the game: %s", exc)
            if self.on_keep_failed is not None:
                self.on_keep_failed(exc)

    # -- the hint worker -------------------------------------------------------
    def ask_hint(self, seat: int) -> bool:
        """Ask the coach, in a worker thread, what `seat` should play; False if
        one is asked already (see `HintWorker`)."""
        return self.hints.ask(self.view(seat), self.match.state)

    @property
    def hint_pending(self) -> bool:
        return self.hints.pending

    def wait_hint(self, timeout: float | None = None) -> None:
        """Block until the hint worker is done (for tests and tools, never a frame)."""
        self.hints.wait(timeout)

    def forget_hint(self) -> None:
        self.hints.forget()

    def poll_hint(self) -> tuple[Any, Any] | None:
        """The (move, advice) once the worker is done and the position unchanged, else None."""
        return self.hints.poll(self.match.state)


if TYPE_CHECKING:  # mypy checks that both are what a table is given

    def _a_table_session(session: Session) -> TableSession:
        return session

    def _a_table_match(match: Match) -> TableMatch:
        return match
