"""The turn flow at a table: when computers think (a frame-sized slice a
frame), the hint, undo, pass-and-play hand-overs, and the end of a round or
game; and when the window must next wake for any of it (`next_frame`).
The game itself -- the match, the agents, undo, keeping it on disk, the hint
worker -- is kept by the pure `game.session.session.Session` (`self.session`).

A mixin of `TableScene`, which provides the stage (`after_move`, `sync`),
`say` and the screens it opens (`show_summary`, `show_results`, `pass_to`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from game.app.shell.save_keeping import autosave_failed
from game.app.table import voice
from game.app.words import names, reasons
from game.i18n import _
from game.rules import Phrase
from game.session.session import THINK_SLICE, Session

if TYPE_CHECKING:
    from game.app.shell.app import App
    from game.app.table.chronicle import Chronicle
    from game.session.match import Match

__all__ = ["HINT_POLL", "MESSAGE_TIME", "THINK_SLICE", "TurnFlow"]

MESSAGE_TIME = 3.5
HINT_POLL = 0.05  # how often a sleeping window looks whether the hint is ready


class TurnFlow:
    """Who moves next and what the table does about it (see module doc)."""

    if TYPE_CHECKING:  # what the turn flow reads of the table it serves (TableScene, Stage)
        GAME: str
        app: App
        match: Match
        demo: bool
        viewer: int | None
        selection: set[Any]
        chronicle: Chronicle
        message_voice: str
        message_left: float
        leaving: list[Any]
        holding: bool
        hold_left: float
        hold_ends_round: bool

        @property
        def busy(self) -> bool: ...
        @property
        def moving(self) -> bool: ...
        def name(self, seat: int) -> str: ...
        def you(self, seat: int) -> bool: ...
        def viewer_acts(self) -> bool: ...
        def say(self, text: str, tone: str = ...) -> None: ...
        def refuse(self, text: str) -> None: ...
        def sync(self, instant: bool = False, origin: tuple[float, float] | None = None) -> None: ...
        def after_move(self, before: Any, events: tuple) -> None: ...
        def finish_animations(self) -> None: ...
        def show_results(self) -> None: ...
        def pass_to(self, seat: int) -> None: ...

    def init_turns(self) -> None:
        match = self.match
        self.session = Session(
            match, keeps=not self.demo, on_keep_failed=lambda exc: autosave_failed(self.app, self.match, exc)
        )
        self.pending_summary: list[Callable[[], None]] = []
        self.hint: tuple[Any, str | None] | None = None
        self.ai_wait = 0.0
        self.thinking: Iterator | None = None
        self.thinking_for: Any = None
        self.ended = False
        self.end_wait = 1.5

    @property
    def agents(self) -> dict[int, Any]:
        """The session's computers by seat (a lesson or a replay replaces them)."""
        return self.session.agents

    @agents.setter
    def agents(self, agents: dict[int, Any]) -> None:
        self.session.agents = agents

    def offer(self, move: Any) -> Phrase | None:
        """A move made at this table by the seat to act, through the session's
        gate: None once played, else the refusal (the rules' coded reason)."""
        before = self.match.state
        seat = self.match.current  # None once over: the session then gives the rules' game-over refusal
        refusal = self.session.offer(self.viewer or 0 if seat is None else seat, move)  # applies, keeps the game
        if refusal is None and seat is not None:
            self.tell_played(before, seat)
        return refusal

    def play(self, move: Any) -> None:
        """Play `move` for the seat to act (a computer's, a lesson's); raises IllegalMove."""
        before = self.match.state
        seat = self.match.current
        assert seat is not None  # nobody acts once the game is over: the rules refused already
        self.session.play(move)  # applies, keeps the game on disk
        self.tell_played(before, seat)

    def tell_played(self, before: Any, seat: int) -> None:
        """What the table does after a move it played: the words, the stage."""
        self.chronicle.add(seat, self.match.state.events, self.match.position)
        self.forget_hint()
        if self.message_voice == voice.REFUSAL:  # it answered the position before this move
            self.message_left = 0.0
        self.selection.clear()
        self.after_move(before, self.match.state.events)

    def ask_hint(self) -> None:
        """Ask Hard, in the session's worker thread so the table keeps drawing,
        what it would play for the human to act."""
        if not self.viewer_acts():
            self.refuse(_("Hints are for your own turn."))
            return
        if self.viewer is not None and self.session.ask_hint(self.viewer):
            self.say(_("Thinking about a hint…"), voice.HINT)

    def forget_hint(self) -> None:
        """A hint belongs to one position and one pair of eyes."""
        if self.hint is not None or self.session.hint_pending:
            self.hint = None
            self.session.forget_hint()
            if self.message_voice == voice.HINT:
                self.message_left = 0.0

    def poll_hint(self) -> None:
        answer = self.session.poll_hint()
        if answer is None:
            return  # still thinking, or the position changed meanwhile (stale)
        move, reason = answer
        self.hint = (move, reason)
        # The move named once: the reason names it; without one, the move alone.
        advice = reasons.hint(self.GAME, reason, self.name, self.you) or names.move_text(
            self.GAME, move, self.name, self.you
        )
        self.say(_("Hint: {advice}").format(advice=advice), voice.HINT)
        self.message_left = MESSAGE_TIME * 2
        self.sync()

    def undo(self) -> None:
        index, reason = self.match.undo_target()
        if index is None:
            self.refuse(_(reason))  # game.session.match marks its reasons with N_()
            self.app.sound.play("error")
            return
        self.finish_animations()
        self.session.undo()  # takes back, keeps the game on disk
        self.chronicle.rewind(self.match.position)
        self.pending_summary.clear()
        self.ended = False
        self.thinking = None
        self.ai_wait = 0.0
        self.forget_hint()
        self.selection.clear()
        self.say(_("Took back your last move."))
        self.sync()

    def next_frame(self) -> float | None:
        """0 while cards move or a computer thinks; otherwise the next timer
        due (a hold, a computer's pause, a message's end), or None: the table
        waits for the human and the window may sleep."""
        if self.leaving or self.moving:
            return 0.0
        if self.thinking is not None and self.app.stack.top is self:  # thinks a slice a frame
            return 0.0
        due: list[float] = []
        if self.holding and not (self.hold_ends_round and self.app.stack.top is not self):
            due.append(self.hold_left)  # (a hold that waits for the summary waits for a click)
        if self.session.hint_pending:
            due.append(HINT_POLL)
        if self.message_left > 0:
            due.append(self.message_left)
        if self.ended and self.demo and self.app.exit_at_end:
            due.append(self.end_wait)
        if self.app.stack.top is self and not self.holding:
            due.extend(self.drive_due())
        return max(0.0, min(due)) if due else None

    def drive_due(self) -> list[float]:
        """When `drive` will next do something by itself (see next_frame)."""
        state = self.match.state
        if self.pending_summary or (state.is_over and not self.ended):
            return [0.0]
        if state.is_over:
            return []
        seat = state.current_player
        if self.match.seats[seat].human:
            return [0.0] if seat != self.viewer else []
        return [max(0.0, self.app.settings.ai_pause - self.ai_wait)]

    def drive(self, dt: float) -> None:
        """Move the game on: summaries, results, passing the device, computers."""
        if self.busy:
            return
        if self.pending_summary:
            self.pending_summary.pop(0)()
            return
        state = self.match.state
        if state.is_over:
            if not self.ended:
                self.ended = True
                self.show_results()
            return
        seat = state.current_player
        if self.match.seats[seat].human:
            if seat != self.viewer:
                self.pass_to(seat)
            return
        self.run_agent(seat, dt)

    def run_agent(self, seat: int, dt: float) -> None:
        if self.thinking is None:
            if self.ai_wait < self.app.settings.ai_pause:
                self.ai_wait += dt
                return
            self.thinking = self.session.think(seat)
            self.thinking_for = self.match.state
        if self.thinking_for is not self.match.state:  # undone meanwhile
            self.thinking = None
            return
        move = next(self.thinking, None)
        if move is None:
            return
        self.thinking = None
        self.ai_wait = 0.0
        self.play(move)

    def count_down(self, dt: float) -> None:
        """Timers: a demo's exit after the end, the message line, the hint thread."""
        if self.ended and self.demo and self.app.exit_at_end:
            self.end_wait -= dt
            if self.end_wait <= 0:
                self.app.quit(0)
        if self.message_left > 0:
            self.message_left -= dt
        if self.session.hint_pending:
            self.poll_hint()
