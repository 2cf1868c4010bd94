"""The turn flow at a table: when computers think (a frame-sized slice a
frame), the hint, undo, pass-and-play hand-overs, and the end of a round or
game; and when the window must next wake for any of it (`next_frame`).

An object a table owns (`TableScene.turns`); what it needs of the table is
`TurnHost`.  The game itself -- the match, the agents, undo, keeping it on
disk, the hint worker -- is kept by the pure `game.session.session.Session`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from game.app.look.sound import EVENT_SOUNDS
from game.app.table import voice
from game.app.table.stage import DEAL_KINDS
from game.app.table.voice import MESSAGE_TIME, MessageLine
from game.app.words import advice as words_advice
from game.i18n import _
from game.session.outcome import Outcome, Played
from game.session.session import THINK_SLICE, TableSession

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.app.table.chronicle import Chronicle
    from game.app.table.mode import TableMode
    from game.app.table.stage import Hold, Stage
    from game.app.ui.score_table import ScoreSheet

__all__ = ["HINT_POLL", "MESSAGE_TIME", "THINK_SLICE", "TurnFlow", "TurnHost"]

HINT_POLL = 0.05  # how often a sleeping window looks whether the hint is ready


class TurnHost(Protocol):
    """What the turn flow asks of the table it serves."""

    GAME: str

    @property
    def app(self) -> AppSurface: ...

    demo: bool
    viewer: int | None
    mode: TableMode
    selection: set[Hashable]

    def name(self, seat: int) -> str: ...
    def you(self, seat: int) -> bool: ...
    def viewer_acts(self) -> bool: ...
    def on_top(self) -> bool: ...

    def holds_for(self, events: tuple) -> list[Hold[Any]]:
        """The game's holds to show before the new state (a full trick)."""
        ...

    def summary(self, events: tuple) -> ScoreSheet | None:
        """The round's summary, if these events end a round."""
        ...

    def show_summary(self, sheet: ScoreSheet) -> None: ...
    def show_results(self) -> None: ...

    def pass_to(self, seat: int) -> None:
        """Hand the laptop to the human `seat` (pass-and-play)."""
        ...


class TurnFlow:
    """Who moves next and what the table does about it (see module doc)."""

    def __init__(
        self, host: TurnHost, session: TableSession, stage: Stage[Any], chronicle: Chronicle, message: MessageLine
    ) -> None:
        self.host = host
        self.app = host.app
        self.session = session
        self.match = session.match
        self.stage = stage
        self.chronicle = chronicle
        self.message = message
        self.hint: tuple[Any, Any] | None = None  # (move, its `Advice`)
        self.ai_wait = 0.0
        self.thinking: Iterator | None = None
        self.thinking_for: Any = None
        self.ended = False
        self.end_wait = 1.5

    def offer(self, move: Any) -> Outcome:
        """A move made at this table by the seat to act, through the session's
        gate: played here (told at once), sent to the host (told when its view
        comes back, `NetworkMode.show`), or refused (the rules' coded reason)."""
        before = self.match.state
        seat = self.match.current  # None once over: the session then gives the rules' game-over refusal
        viewer = self.host.viewer
        outcome = self.session.offer(viewer or 0 if seat is None else seat, move)  # applies, keeps the game
        if isinstance(outcome, Played):
            self.tell_played(before, outcome.seat)
        return outcome

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
        self.message.clear(voice.REFUSAL)  # it answered the position before this move
        self.host.selection.clear()
        self.stage_move(before, self.seen_events())

    def seen_events(self) -> tuple:
        """The last move's events as this table may hear them: its viewer's,
        from the session; a spectator's (a replay, an all-computer demo) all."""
        viewer = self.host.viewer
        return tuple(self.match.state.events) if viewer is None else self.session.events(viewer)

    def stage_move(self, before: Any, events: tuple) -> None:
        """Stage a move (`events` as `seen_events` gives them): its sounds, the
        game's holds, the round's summary."""
        self.stage.before = before
        for kind in dict.fromkeys(e.kind for e in events):
            sound = EVENT_SOUNDS.get(kind)
            if sound:
                self.app.sound.play(sound)
        summary = self.host.summary(events)
        self.stage.play(
            self.host.holds_for(events),
            partial(self.host.show_summary, summary) if summary is not None else None,
            deals=any(e.kind in DEAL_KINDS for e in events),
        )

    def ask_hint(self) -> None:
        """Ask the coach, in the session's worker thread so the table keeps
        drawing, what the human to act should play (the move a review of this
        position names, with the coach's reason and margin, `game.ai.advice`)."""
        host = self.host
        if not host.viewer_acts():
            self.message.say(_("Hints are for your own turn."), voice.REFUSAL)
            return
        if host.viewer is not None and self.session.ask_hint(host.viewer):
            self.message.say(_("Thinking about a hint…"), voice.HINT)

    def forget_hint(self) -> None:
        """A hint belongs to one position and one pair of eyes."""
        if self.hint is not None or self.session.hint_pending:
            self.hint = None
            self.session.forget_hint()
            self.message.clear(voice.HINT)

    def poll_hint(self) -> None:
        answer = self.session.poll_hint()
        if answer is None:
            return  # still thinking, or the position changed meanwhile (stale)
        host = self.host
        move, said = answer
        self.hint = (move, said)
        # The coach's sentence: the move, why (against the closest move it clearly beats), by how much.
        advice = words_advice.line(host.GAME, said, host.name, host.you)
        text = _("Hint: {advice}").format(advice=advice)
        # long enough to read it: twice a message's time, or about 12 characters a second
        self.message.say(text, voice.HINT, max(MESSAGE_TIME * 2, len(text) / 12))
        self.stage.sync()

    def undo(self) -> None:
        index, reason = self.match.undo_target()
        if index is None:
            self.message.say(_(reason), voice.REFUSAL)  # game.match.match marks its reasons with N_()
            self.app.sound.play("error")
            return
        self.stage.finish()
        self.session.undo()  # takes back, keeps the game on disk
        self.chronicle.rewind(self.match.position)
        self.stage.summaries.clear()
        self.ended = False
        self.thinking = None
        self.ai_wait = 0.0
        self.forget_hint()
        self.host.selection.clear()
        self.message.say(_("Took back your last move."))
        self.stage.sync()

    def next_frame(self) -> float | None:
        """0 while cards move or a computer thinks; otherwise the next timer
        due (a hold, a computer's pause, a message's end), or None: the table
        waits for the human and the window may sleep."""
        stage, on_top = self.stage, self.host.on_top()
        if stage.leaving or stage.moving:
            return 0.0
        if self.thinking is not None and on_top:  # thinks a slice a frame
            return 0.0
        due: list[float] = []
        if stage.holding and not (stage.hold_ends_round and not on_top):
            due.append(stage.hold_left)  # (a hold that waits for the summary waits for a click)
        if self.session.hint_pending:
            due.append(HINT_POLL)
        if self.message.left > 0:
            due.append(self.message.left)
        if self.ended and self.host.demo and self.app.exit_at_end:
            due.append(self.end_wait)
        if on_top and not stage.holding:
            due.extend(self.drive_due())
        return max(0.0, min(due)) if due else None

    def drive_due(self) -> list[float]:
        """When `drive` will next do something by itself (see next_frame)."""
        mode_due = self.host.mode.drive_due()
        if mode_due is not None:
            return mode_due
        state = self.match.state
        if self.stage.summaries or (state.is_over and not self.ended):
            return [0.0]
        if state.is_over:
            return []
        seat = state.current_player
        if self.match.seats[seat].human:
            return [0.0] if seat != self.host.viewer else []
        return [max(0.0, self.app.settings.ai_pause - self.ai_wait)]

    def drive(self, dt: float) -> None:
        """Move the game on: summaries, results, passing the device, computers."""
        if self.stage.busy or self.host.mode.drive(dt):
            return
        if self.stage.summaries:
            self.stage.summaries.pop(0)()
            return
        state = self.match.state
        if state.is_over:
            if not self.ended:
                self.ended = True
                if not self.host.mode.results():
                    self.host.show_results()
            return
        seat = state.current_player
        if self.match.seats[seat].human:
            if seat != self.host.viewer:
                self.host.pass_to(seat)
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
        if self.ended and self.host.demo and self.app.exit_at_end:
            self.end_wait -= dt
            if self.end_wait <= 0:
                self.app.quit(0)
        self.message.count_down(dt)
        if self.session.hint_pending:
            self.poll_hint()
