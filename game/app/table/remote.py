"""A table whose game is kept on another laptop: one remote seat's window.

The host's `Session` holds the only full game; this window is a `Client` to
it (the host's own window too, over 127.0.0.1).  The game's own table shows
it unchanged: it is given a `game.net.remote_session.RemoteSession` (the
sibling of `Session` behind the same `TableSession` Protocol, no pygame) and
is conducted by

- `NetworkMode` (a `TableMode`): each frame it
  takes the next view that arrived and plays it through the path a local
  move takes (the chronicle, the turn line, the stage's holds), one move at
  a time and a computer's after the usual pause, so the story is told in
  order; it says who is connected, thinking or away, "Reconnecting…",
  "Waiting for Ana…", a host that is gone; and it holds the chat
  (`chat_bar.ChatBar`).

The window never waits on the network: the client's thread keeps what
arrives and wakes the window's loop (`WAKE`); a frame only reads it.

The host's window may hold several people passing the laptop (seats "here"):
each seat is a client of its own, with its own token and its own views, and
the table shows one of them at a time.  When the turn comes to another of
them, the pass screen hides every card; once that person says it is them,
the table switches to their client's latest view (`NetworkMode.look_as`).
So even here a seat only ever holds what the host sent to that seat.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.app.shell.wake import post_wake, wake_event
from game.app.table import layout, voice
from game.app.table.chat_bar import ChatBar
from game.app.table.company import HandCover, WatchMark, away_line
from game.app.table.hosted import HostedTable
from game.app.table.mode import TableMode
from game.app.table.seat_panel import HURRY, clock_text
from game.app.ui import widgets
from game.app.ui.widgets import Button, draw_panel
from game.app.words import names
from game.app.words.chat_words import QUICK_PHRASES
from game.common.person_name import clean_name
from game.i18n import N_, _
from game.net import protocol as p
from game.net import words as net_words
from game.net.client import RETRY_AFTER_BYE, Client, ClientSeat
from game.net.remote_session import UNDO_OFF, RemoteSession

if TYPE_CHECKING:
    from game.app.shell.scene import Scene
    from game.app.shell.surface import AppSurface
    from game.app.table.base import TableScene
    from game.app.table.input import Target

__all__ = [
    "QUICK_PHRASES",
    "UNDO_OFF",
    "HostControls",
    "NetworkMode",
    "open_remote_table",
]

log = logging.getLogger(__name__)

#: Dials that may fail after a line is lost before the window says the host stopped answering
#: (until then a blip says only "Reconnecting…").
SILENT_TRIES = 2


class HostControls(Protocol):
    """What the host's own window may do at its table (hn2's lobby passes them)."""

    def hand_over(self, seat: int, level: str | None) -> None:
        """Let a computer at `level` play for the away `seat` (None: give it back)."""
        ...

    def close(self, reason: str = "host_closed") -> None:
        """Close the table for everyone (the host keeps the game)."""
        ...

    def seated(self) -> list[int]:
        """The people's seats whose lines are up now (the host's bar counts the friends)."""
        ...

    def listen(self, callback: Callable[[Any], None]) -> None:
        """Call `callback` after every change at the table (on its worker: it must not block)."""
        ...

    def unlisten(self, callback: Callable[[Any], None]) -> None: ...


class NetworkMode(TableMode):
    """How a network table is conducted (see module doc)."""

    def __init__(
        self,
        table: TableScene,
        session: RemoteSession,
        client: Client,
        host: HostControls | None,
        here: dict[int, Client] | None = None,
    ) -> None:
        self.table = table
        self.session = session
        self.primary = client  # the window's first seat (or a spectator's line): its chat is read
        self.here = dict(here or {})  # seat -> its client, every seat played at this window
        if client.seat.seat is not None and client.seat.seat >= 0:
            self.here.setdefault(client.seat.seat, client)
        self.host = host
        self.wait = 0.0  # seconds a computer's move has waited before it is shown
        self.refusals_read = len(client.seat.refusals)
        self.chat = ChatBar(self)
        self.hand_over = Button("", self.let_computer_play)
        self.leave_button = Button(N_("Back to the title"), self.back_to_title)
        self.try_button = Button(N_("Try again"), self.try_again, primary=True)
        self._woken = threading.Event()
        self._key = client.seat.token  # the seat's key as Rejoin on the title keeps it (a rejoin rotates it)
        self.hosted: HostedTable | None = None  # the host's window: its table, open behind every screen
        self.watch_mark = WatchMark()  # a spectator's "Watching", or the players' "Watching: Eve"
        self.cover = HandCover()  # the hand covered while another acts, when people share this laptop
        self._stand_ins: set[int] = set()  # away seats a computer plays, as last told
        self._hurried: tuple[int, int | None] | None = None  # the turn whose last ten seconds were said
        self._was_gone = False  # the table was gone at the last frame (see `_keep_gone_in_front`)
        self._aside: Scene | None = None  # the round summary that stepped aside while the host is gone
        for line in self.lines:
            line.on_change = self.wake

    @property
    def client(self) -> Client:
        """The client of the seat shown now (its views, its refusals, its moves)."""
        return self.session.client

    @property
    def lines(self) -> list[Client]:
        """Every client of this window."""
        return [self.primary, *(c for c in self.here.values() if c is not self.primary)]

    # -- the client's thread ----------------------------------------------------
    def wake(self) -> None:
        """Called on the client's thread: wake the window once (it will read what arrived)."""
        if not self._woken.is_set():
            self._woken.set()
            post_wake()

    # -- what the line says -----------------------------------------------------
    @property
    def gone(self) -> str | None:
        """Why the table is not there now, in words (None: it is, or the line is only
        reconnecting): the host closed it, or its laptop stopped answering."""
        client = self.client
        closed, host = client.seat.closed, client.seat.host
        if closed is not None and (closed not in RETRY_AFTER_BYE or not client.retry):
            if closed in RETRY_AFTER_BYE:
                return _("The host closed the table. The game is kept on the host's laptop.")
            return net_words.say_bye(closed)
        if closed is not None:
            return net_words.closed_by(host)
        if client.gave_up or (not client.online and not client.retry and client.drops):
            return _("The table's host cannot be reached. The game is kept on the host's laptop.")
        if client.reconnecting and client.tries >= SILENT_TRIES:
            return net_words.not_answering(host)
        return None

    def retrying(self) -> bool:
        """The table is gone for now and this window dials it again by itself."""
        return self.client.reconnecting

    def gone_line(self, gone: str) -> str:
        """What the status line says while the table is gone: why, and when we try again."""
        if not self.retrying():
            return gone
        return gone + " " + net_words.trying_again(self.client.next_try_in())

    def try_again(self) -> None:
        """Dial the table now (the Try again button), every seat of this window."""
        for line in self.lines:
            line.try_now()

    def offline(self) -> bool:
        return not self.client.seated

    def waiting_for(self) -> int | None:
        """The seat to act, when it is a person whose line is down."""
        seat = self.table.match.current
        shown = self.session  # who is away as the view shown says, not the newest message
        return seat if seat is not None and seat in shown.away and seat not in shown.computers else None

    # -- the table's questions ----------------------------------------------------
    def refusal(self, move: Any | None, select: Hashable | None) -> str | None:
        if self.gone is not None or self.offline():
            return _("Reconnecting…") if self.gone is None else self.gone
        if move is not None and not self.client.seat.started:
            return net_words.say("not_started", "", {})
        if move is not None and self.session.in_flight:
            return _("Your move is on its way to the table…")
        return None

    def status(self, text: str) -> str:
        gone = self.gone
        if gone is not None:
            return self.gone_line(gone)
        if self.offline():
            return _("Reconnecting…")
        if not self.client.seat.started:
            return _("Waiting for the host to start the game…")
        away = self.waiting_for()
        if away is not None:
            return _("Waiting for {name}…").format(name=self.table.name(away))
        current = self.table.match.current
        if current is not None and self.away_for(current) is not None and current in self.client.seat.computers:
            return _("A computer plays for {name} while they are away…").format(name=self.table.name(current))
        if self.client.seat.watching:  # nobody's seat is ours: the bottom one neither
            return _("Watching") + " · " + text
        return text

    def seat_tag(self, seat: int) -> str | None:
        """The word on a seat's panel: who is here, away, thinking (as the view shown says)."""
        info = self.session
        if self.table.you(seat):
            return _("reconnecting") if self.offline() and self.gone is None else names.seat_tag("you")
        if seat in self.here:  # another person at this window
            return _("here") if self.here[seat].seated else _("reconnecting")
        away = self.away_for(seat)
        if away is not None:  # down a while: a computer may play it until its person is back
            return _("away {time}").format(time=clock_text(int(away)))
        if seat in info.computers:
            return _("thinking…") if self.table.match.current == seat else _("computer")
        if self.gone is not None:
            return _("not here")  # the table is gone from this window: nobody is seen there
        if seat in info.away:
            return _("away")
        if seat in info.connected:
            return _("connected")
        return _("open seat") if not info.shown.started else _("not here")

    def away_for(self, seat: int) -> float | None:
        """Seconds `seat`'s person has been away (their line down), as the host last said; None: here."""
        line = self.client.seat
        since = line.away_since.get(seat)
        return None if since is None else max(0.0, line.clock() - since)

    def seat_clock(self, seat: int) -> tuple[float, float] | None:
        """(seconds left, the clock's full time) while the host's turn clock runs for `seat`
        in the view shown (the host sent what was left; this laptop counts down from its arrival)."""
        line = self.client.seat
        ends, total = line.turn_ends, line.turn_time
        match = self.table.match
        if ends is None or total is None or ends[0] != match.position or match.current != seat:
            return None
        return max(0.0, ends[1] - line.clock()), total

    def drive(self, dt: float) -> bool:
        """Show the next view that arrived (a computer's after the usual pause);
        True while nobody at this window is to act."""
        table = self.table
        if table.stage.summaries:
            return False  # the round's summary first, as at a local table
        if self._aside is not None:
            return True  # the summary stepped aside while the host is gone: the story waits behind it still
        pending = self.client.seat.inbox
        if pending:
            message = pending[0]
            if self.pause_left(message) > 0:
                self.wait += dt
                return True
            self.wait = 0.0
            self.client.seat.take_view()
            self.show(message)
            return True
        if table.match.state.is_over:
            return False  # the results, as at a local table
        if not self.client.seat.started:
            return True  # a lobby: nobody acts yet
        due = self.pass_due()
        if due is not None:
            if self.pass_ready(due):
                table.pass_to(due)
            return True
        return table.match.current != table.viewer or table.viewer is None

    def pass_due(self) -> int | None:
        """Another person at this window is to act: the laptop passes to them."""
        current = self.table.match.current
        return current if current is not None and current != self.table.viewer and current in self.here else None

    def pass_ready(self, seat: int) -> bool:
        """`seat`'s own client holds the position shown (its view may be shown under its name)."""
        return self.here[seat].seat.moves >= self.table.match.position

    def look_as(self, seat: int | None) -> None:
        """The table is about to show `seat`'s eyes: from its own client's views."""
        client = self.here.get(seat) if seat is not None else None
        if seat is not None and client is not None and client is not self.session.client:
            self.session.switch(client, seat)
            self.refusals_read = len(client.seat.refusals)

    def pause_left(self, message: p.ViewMsg) -> float:
        """How long a computer's move still waits before it is shown (a person's: none)."""
        mover = self.table.match.current
        if message.moves != self.table.match.position + 1 or mover is None or mover not in self.session.computers:
            return 0.0
        return self.table.app.settings.ai_pause - self.wait

    def show(self, message: p.ViewMsg) -> None:
        """Play one view through the path a local move takes."""
        table = self.table
        start = table.match.position
        before, mover = self.session.arrive(message)
        if mover is not None:
            table.turns.tell_played(before, mover)
            if message.timed_out is not None and message.timed_out == mover:  # everyone is told, once
                if table.you(mover):
                    table.say(_("Your time ran out: the computer played for you."))
                else:
                    name = table.name(mover)
                    table.say(_("Time ran out for {name}: the computer played for them.").format(name=name))
            return
        self.catch_up(start, message.moves)
        if table.match.state != before:  # a gap (a rejoin): the cards go where the view says
            table.turns.forget_hint()
            table.selection.clear()
            table.stage.sync(instant=True)

    def catch_up(self, start: int, end: int) -> None:
        """The moves after `start` up to `end` that the rejoin's welcome told (missed while
        the line was down): into the round's log as moves, and said in one line."""
        table = self.table
        missed = [m for m in self.client.seat.missed if start < m.moves <= end]
        if not missed:
            return
        turns = [(m.seat, tuple(self.session.event(e) for e in m.events)) for m in missed]
        for (seat, events), m in zip(turns, missed, strict=True):
            table.chronicle.add(seat, events, m.moves)
        line = away_line(table.chronicle, turns, table.name, table.you)
        if line:
            table.message.say(line, voice.INFO, max(2 * voice.MESSAGE_TIME, len(line) / 12))

    def shares_laptop(self) -> bool:
        """Several people play at this window (seats "here"): a hand is covered while another acts."""
        return len(self.here) > 1

    def drive_due(self) -> list[float] | None:
        table = self.table
        if self._aside is not None:
            return []  # (the story waits for the summary: it comes back when the host does)
        pending = self.client.seat.inbox
        if pending:
            return [max(0.0, self.pause_left(pending[0]))]
        if table.stage.summaries or (table.match.state.is_over and not table.turns.ended):
            return [0.0]
        due = self.pass_due()
        if due is not None and self.pass_ready(due):
            return [0.0]
        return []  # the client's thread wakes the window when something arrives

    def results(self) -> bool:
        """The results, without what a network game does not have here (its moves
        stay on the host): no Review, and *Play again at this table* instead of a
        local Play again (`again.PlayAgain`).  The title stops offering to rejoin
        this table: its game is over."""
        from game.app.table.again import PlayAgain

        self.forget_rejoin()
        scene = self.table.app.routes.results(self.table)
        scene.addon = PlayAgain(self)  # a spectator is asked nothing, but follows the new deal too
        _without(scene, LOCAL_ONLY)
        return True

    def reopen(self) -> None:
        """The host dealt again at this table: the new game opens on the same lines."""
        self.reopening = True
        here = {s: c for s, c in self.here.items() if c is not self.primary}
        if self.host is None:
            self._remember_again()
        open_remote_table(self.table.app, self.primary, self.host, here)

    def _remember_again(self) -> None:
        """The new game is one to rejoin from the title again (the results forgot the last)."""
        from game.persist import network

        seat = self.primary.seat
        network.remember_last(self.primary.url, seat.code, seat.token, seat.name, seat.game or "", seat.watching)

    def forget_rejoin(self) -> None:
        from game.persist import network

        last = network.read_last()
        if last is not None and last.code == self.client.seat.code:
            network.clear_last()

    def leave(self) -> bool:
        """The menu (its words and buttons: `menu_words`, `menu_buttons`)."""
        self.table.app.routes.menu(self.table)
        return True

    def menu_words(self) -> tuple[str, str] | None:
        """Nothing pauses for the others: the menu says so, and who keeps the game."""
        if self.host is not None:
            return N_("Menu"), N_("The game goes on for the others.\nThis laptop keeps every move.")
        return N_("Menu"), N_("The game goes on for the others.\nThe host keeps every move.")

    def menu_buttons(self, buttons: list[Button]) -> list[Button]:
        """No Save game (the host keeps every move); Back to the table; the host keeps
        its table open or closes it for everyone, a guest leaves it (Rejoin on the title)."""
        out: list[Button] = []
        for button in buttons:
            if button.label in LOCAL_ONLY:
                continue
            if button.label == "Resume":
                out.append(Button(N_("Back to the table"), button.action, key=button.key, primary=True))
            elif button.label == "Quit to menu" and self.hosted is not None:
                out.append(Button(N_("Keep the table open"), self.hosted.keep_open))
                out.append(Button(N_("Close the table for everyone"), self.hosted.ask_close))
            elif button.label == "Quit to menu":
                out.append(Button(N_("Leave the table"), button.action))
            else:
                out.append(button)
        return out

    def buttons(self, buttons: list[Button]) -> list[Button]:
        """No Undo (everyone has seen the move); the Chat button where Undo would be, in
        every game's row of buttons (a replay's table has no row: no chat either)."""
        out = [b for b in buttons if b.label != "Undo"]
        if out and (self.table.viewer is not None or self.client.seat.watching):
            out.insert(1, self.chat.button)
        return out

    # -- each frame -----------------------------------------------------------------
    def tick(self, dt: float) -> None:
        """What arrived that is not a move: refusals, chat lines."""
        self._woken.clear()
        for line in self.here.values():  # a seat not shown keeps only its latest view, for when it is
            if line is not self.client:
                while len(line.seat.inbox) > 1:
                    line.seat.inbox.popleft()
        seat = self.client.seat
        if len(seat.refusals) > self.refusals_read:
            for refused in seat.refusals[self.refusals_read :]:
                self.table.refuse(ClientSeat.say_refusal(refused))
                self.table.app.sound.play("error")
            self.refusals_read = len(seat.refusals)  # a refusal of our move ends it in flight (the client sees to it)
        if self.chat.take(self.table.clock):
            self.table.app.sound.play("click")
        self.chat.field.update(dt)
        if self.primary.seat.token != self._key:
            self._keep_key()
        self._tell_stand_ins()
        self._hurry()
        self._keep_gone_in_front()

    def _keep_gone_in_front(self) -> None:
        """The moment the host is gone, the status line says so (not the last news) and
        a round summary open over the table steps aside, so Try again and Back to the
        title are in reach; once the window sits down again it comes back where it was.
        (A menu the player opened stays.)"""
        table = self.table
        gone = self.gone is not None
        if gone and not self._was_gone:
            table.message.clear()
        self._was_gone = gone
        stack = table.app.stack
        top = stack.top
        if gone and self._aside is None and not table.turns.ended and getattr(top, "steps_aside", False):
            if table.holder in stack.scenes and stack.scenes.index(table.holder) == len(stack.scenes) - 2:
                self._aside = stack.pop()
        elif not gone and self._aside is not None and table.on_top() and not self.offline():
            aside, self._aside = self._aside, None
            table.app.push(aside)

    def _hurry(self) -> None:
        """Once a turn, when the person at this window has ten seconds left: said, and a click."""
        seat = self.table.viewer
        clock = self.seat_clock(seat) if seat is not None else None
        turn = (self.table.match.position, seat)
        if clock is not None and clock[0] <= HURRY < clock[1] and self._hurried != turn:
            self._hurried = turn
            self.table.say(_("Only 10 seconds left for your move."))
            self.table.app.sound.play("click")

    def _tell_stand_ins(self) -> None:
        """Say once when a computer starts playing for someone away (their panel says for how long)."""
        line = self.client.seat
        stand_ins = {s for s in line.away_since if s in line.computers}
        for seat in sorted(stand_ins - self._stand_ins):
            if 0 <= seat < self.table.num_players:
                name = self.table.name(seat)
                self.table.say(_("{name} is away: a computer plays for them until they are back.").format(name=name))
        self._stand_ins = stand_ins

    def _keep_key(self) -> None:
        """A rejoin gave the seat a new key: Rejoin on the title keeps the new one."""
        from dataclasses import replace

        from game.persist import SaveError, network

        self._key = seat_key = self.primary.seat.token
        last = network.read_last()
        if last is None or seat_key is None or last.code != self.primary.seat.code:
            return
        try:
            network.write_last(replace(last, token=seat_key))
        except SaveError as exc:
            log.warning("%s", exc)

    def next_due(self) -> float | None:
        """The chat's next change, the next second a clock or an away time on a panel shows, or
        the next number of "Trying again in 4 s…"."""
        due = [d for d in (self.chat.due(self.table.clock), self._clock_due(), self.countdown_due()) if d is not None]
        return min(due) if due else None

    def _clock_due(self) -> float | None:
        """Seconds until a panel's "0:23" or "away 1:20" says the next second (None: none shows)."""
        players = self.table.num_players
        left = [c[0] for s in range(players) if (c := self.seat_clock(s)) is not None and c[0] > 0]
        gone = [a for s in range(players) if (a := self.away_for(s)) is not None]
        due = [(t % 1.0) or 1.0 for t in left] + [1.0 - (t % 1.0) for t in gone]
        return max(0.02, min(due)) if due else None

    def countdown_due(self) -> float | None:
        """When "Trying again in 4 s…" next changes its number (None: no countdown shown)."""
        left = self.client.next_try_in() if self.gone is not None else None
        if left is None or left <= 0:
            return None
        return left - int(left) + 0.01 if left > 1 else left + 0.01

    # -- the host's and the leaver's buttons ----------------------------------------
    def let_computer_play(self) -> None:
        away = self.waiting_for()
        if self.host is not None and away is not None:
            self.host.hand_over(away, "normal")

    def back_to_title(self) -> None:
        self.exit()
        self.table.app.routes.title()

    def exit(self) -> None:
        """The table is closed (the title, another game): hang up, keeping the seats'
        tokens, so these seats may come back to the table."""
        self._aside = None  # (a summary set aside does not come back over another screen)
        if getattr(self, "reopening", False):
            return  # the same lines go on, at the new deal's table
        for line in self.lines:
            line.on_change = None
            line.close(timeout=0)

    def extra_widgets(self) -> list[Button]:
        """The buttons shown now under the status line (Try again and Back to the title at most)."""
        if self.gone is not None:
            return [self.try_button, self.leave_button] if self.retrying() else [self.leave_button]
        away = self.waiting_for()
        if self.host is not None and away is not None:
            self.hand_over.label = _("Let a computer play for {name}").format(name=self.table.name(away))
            return [self.hand_over]
        return []

    def place_row(self, shown: list[Button]) -> pygame.Rect:
        """Place the row of `shown` buttons (Try again and Back to the title, or the host's
        Let a computer play): across the table's middle, as near its centre as it covers
        no seat's panel, no words or drawings on the felt (a pile's picture), the status
        line, the buttons, the chat or the turn line over the hand (moved aside from the
        middle if it must); returns the row's rect (its backing grows around it)."""
        table = self.table
        ui = table.app.ui
        h = table.size[1]
        widths = [widgets.fitting_width(b.label, ui(16), ui(160)) for b in shown]
        gap = ui(12)
        row = pygame.Rect(0, 0, sum(widths) + gap * (len(shown) - 1), ui(34))
        row.centerx = table.size[0] // 2
        status = table.status_line.shown()[0]
        top = status.bottom + ui(16)
        floor = table.log.line_rect().top - ui(24) - row.h  # the turn line, with room for its second line
        panels = [s.panel for s in table.spots] + [status, self.watch_mark.rect]
        panels += [b.rect for b in table.buttons]
        if table.viewer is not None or self.client.seat.watching:
            self.chat.place()
            panels.append(self.chat.panel if self.chat.open else self.chat.peek)
        ys = layout.near_first(round(h * 0.47) - row.h // 2, top, max(top, floor), ui(6))
        words = [*panels, *table.label_rects()]
        felt = [*words, *table.felt_rects()]  # (the draw pile's picture, a crevasse: not under the row either)
        spot = layout.clear_spot(row, ys, felt, ui(10))
        for x in layout.near_first(row.x, ui(12), table.size[0] - ui(12) - row.w, ui(24))[1:] if spot is None else []:
            spot = layout.clear_spot(row.move(x - row.x, 0), ys, felt, ui(10))  # beside the middle, if not in it
            if spot is not None:
                break
        spot = spot or layout.clear_spot(row, ys, words, ui(10))
        spot = spot or layout.clear_spot(row, ys, panels, ui(10)) or row.move(0, ys[0])
        x = spot.x
        for button, w in zip(shown, widths, strict=True):
            button.rect = pygame.Rect(x, spot.y, w, spot.h)
            x += w + gap
        return spot

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        ui = table.app.ui
        shown = self.extra_widgets()
        if shown:
            row = self.place_row(shown)
            draw_panel(surface, row.inflate(ui(20), ui(16)), (14, 24, 20, 210), radius=ui(12), edge=None)
            for button in shown:
                button.draw(surface, ui(16))
        if self.cover.covers(table, self.shares_laptop()):
            self.cover.draw(surface, table)
        watching = self.client.seat.watching
        me = clean_name(self.primary.seat.name) if watching else None
        self.watch_mark.draw(surface, table, self.watch_mark.text(watching, self.session.shown.watchers, me), watching)
        if table.viewer is not None or watching:
            self.chat.draw(surface)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == wake_event():
            return True
        if any(button.handle(event) for button in self.extra_widgets()):
            return True
        if self.chat.handle(event):
            return True
        return self.cover.covers(self.table, self.shares_laptop()) and self.cover.handle(event)

    def keeps_key(self, event: pygame.event.Event) -> bool:
        return self.chat.typing

    def allows(self, target: Target) -> bool:
        return not self.chat.typing


#: the buttons of the menu and the results that act on a game kept here
LOCAL_ONLY = frozenset({"Save game", "Play again", "Review"})


def _without(scene: Any, labels: frozenset[str]) -> None:
    """A modal screen's buttons without `labels` (now and after every resize)."""
    make = scene.make_buttons
    scene.make_buttons = lambda: [b for b in make() if b.label not in labels]
    scene.resize(scene.app.size)


def open_remote_table(
    app: AppSurface, client: Client, host: HostControls | None = None, here: dict[int, Client] | None = None
) -> TableScene:
    """Put the table the `client` sits at on the window, from its seat (a
    spectator's: public information only).  Call it once the host's first view
    has arrived; `host` are the host's own controls, for the host's window,
    and `here` the clients of the other seats played at it (pass-and-play):
    with them, the pass screen comes first, as at a local pass-and-play table."""
    from game.app.table import table_for

    seat = client.seat
    first = seat.take_view()
    while first is not None and seat.inbox and (not first.started or first.deal != seat.inbox[-1].deal):
        first = seat.take_view()  # a lobby's views (no cards), or an earlier deal's: the game starts later
    if first is None or seat.game is None:
        raise ValueError("no view from the host yet: open the table once the first one has arrived")
    lines = [client, *(here or {}).values()]
    for line in lines:
        line.retry = True  # a broken line is dialled again with the seat's token
    session = RemoteSession(client, first, list(here or {}))
    seats_here = session.here
    table = table_for(app, session)
    mode = NetworkMode(table, session, client, host, here)
    table.mode = mode
    mode.catch_up(-1, first.moves)  # a rejoin from the title: what it missed, in the log and said
    if host is not None:  # the host's window: the table stays open behind every screen until closed
        seats = {s: c for s, c in ((ln.seat.seat, ln) for ln in lines) if s is not None and s >= 0}
        hosted = app.overlay if isinstance(app.overlay, HostedTable) and app.overlay.host is host else None
        if hosted is None or hosted.closed:
            hosted = HostedTable(app, host, table, seats)
            app.overlay = hosted
        else:
            hosted.opened(table, seats)
        mode.hosted = hosted
    app.replace(table)
    if len(seats_here) > 1:  # nobody's cards show before the first of them says it is them
        current = session.match.current
        table.pass_to(current if current in seats_here else seats_here[0])
    return table
