"""The turn flow at a table: computers thinking in frame-sized slices, the
hint worker thread, undo, the autosave and history after every move,
pass-and-play hand-overs, and the end of a round or game; and when the
window must next wake for any of it (`next_frame`).

A mixin of `TableScene`, which provides the stage (`after_move`, `sync`),
`say` and the screens it opens (`show_summary`, `show_results`, `pass_to`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from typing import Any

from game import ai
from game.app.shell.save_keeping import autosave_failed
from game.app.table import voice
from game.app.words import names, reasons
from game.i18n import _
from game.persist import SaveError, library

log = logging.getLogger(__name__)

MESSAGE_TIME = 3.5
THINK_SLICE = 0.003  # seconds of computer thinking per frame
HINT_POLL = 0.05     # how often a sleeping window looks whether the hint is ready


class TurnFlow:
    """Who moves next and what the table does about it (see module doc)."""

    def init_turns(self) -> None:
        match = self.match
        self.pending_summary: list[Callable[[], None]] = []
        self.hint: tuple[Any, str | None] | None = None
        self.hint_job: tuple[threading.Thread, list, Any] | None = None
        self.ai_wait = 0.0
        self.thinking: Iterator | None = None
        self.thinking_for: Any = None
        self.ended = False
        self.end_wait = 1.5
        self.archived = match.state.is_over  # a finished game goes to the history once
        self.agents = {s: self._make_agent(s) for s in range(len(match.seats))
                       if not match.seats[s].human}

    def _make_agent(self, seat: int):
        level = self.match.seats[seat].level
        seed = None if self.match.seed is None else f"{self.match.seed}/{seat}"
        try:
            agent = ai.make_agent(level, seed)
        except ValueError:
            agent = ai.make_agent("random", seed)
        if hasattr(agent, "slice_seconds"):  # think in slices that fit a frame
            agent.slice_seconds = THINK_SLICE
        return agent

    def _think(self, agent, view) -> Iterator:
        think = getattr(agent, "think", None)
        if think is not None:
            yield from think(view)
        else:
            yield agent.choose(view)

    def play(self, move: Any) -> None:
        before = self.match.state
        seat = self.match.current
        self.match.apply(move)
        self.chronicle.add(seat, self.match.state.events, self.match.position)
        self.record()
        self.forget_hint()
        if self.message_voice == voice.REFUSAL:  # it answered the position before this move
            self.message_left = 0.0
        self.selection.clear()
        self.after_move(before, self.match.state.events)

    def record(self) -> None:
        """The one place a game at the table reaches the disk, after every move
        and undo: the autosave while it runs; once it is over, the history
        (once) and no autosave.  Demos and replays record nothing.  A disk
        that refuses costs a message, never the game."""
        if self.demo or self.spectator:
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
            log.warning("could not record the game: %s", exc)
            autosave_failed(self.app, self.match, exc)  # said once, with "Save to…"

    def ask_hint(self) -> None:
        """Ask Hard, in a worker thread so the table keeps drawing, what it
        would play for the human to act."""
        if not self.viewer_acts():
            self.refuse(_("Hints are for your own turn."))
            return
        if self.hint_job is not None:
            return
        view = self.match.state.view(self.viewer)
        result: list = []
        agent = ai.make_agent("hard", None)
        job = threading.Thread(target=lambda: result.append(agent.explain(view)), daemon=True)
        job.start()
        self.hint_job = (job, result, self.match.state)
        self.say(_("Thinking about a hint…"), voice.HINT)

    def forget_hint(self) -> None:
        """A hint belongs to one position and one pair of eyes."""
        if self.hint is not None or self.hint_job is not None:
            self.hint, self.hint_job = None, None
            if self.message_voice == voice.HINT:
                self.message_left = 0.0

    def poll_hint(self) -> None:
        job, result, asked = self.hint_job
        if job.is_alive():
            return
        self.hint_job = None
        if not result or asked is not self.match.state:
            return  # the position changed meanwhile: the hint is stale
        move, reason = result[0]
        self.hint = (move, reason)
        # The move named once: the reason names it; without one, the move alone.
        advice = (reasons.hint(self.GAME, reason, self.name, self.you)
                  or names.move_text(self.GAME, move, self.name, self.you))
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
        self.match.undo()
        self.chronicle.rewind(self.match.position)
        self.record()
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
        if self.hint_job is not None:
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
            view = self.match.state.view(seat)
            self.thinking = self._think(self.agents[seat], view)
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
        if self.hint_job is not None:
            self.poll_hint()
