"""What every game's table shares: seats around an ellipse, the layout,
the buttons and drawing, and the parts it is made of.

A game's table says *where things are* and *what happened* (the hooks of
`hooks.GameHooks`); this class does the rest through its parts, each an
object that names what it needs of the table in a Protocol: the stage
(sprites, holds: `stage.py`), the round's log (`log_panel.py`), the input
gate (`input.py`), the turn flow (computers, hint, undo, passing the laptop:
`turns.py`), the status line (`status_line.py`) and the seats' panels
(`seat_panel.py`).  Callers talk to the parts (`table.turns.undo()`).  The
game itself is the `TableSession` the table is handed (a local `Session`,
or a network table's `RemoteSession`); the table only asks it for its
viewer's view.  Its `mode` says how it is conducted (a lesson's differs).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import pygame

from game.app.shell.scene import Scene
from game.app.table import layout, status_words, voice
from game.app.table.chronicle import Chronicle
from game.app.table.hooks import GameHooks
from game.app.table.input import TableInput, Target
from game.app.table.layout import SeatSpot, card_width
from game.app.table.log_panel import RoundLog
from game.app.table.mode import TableMode
from game.app.table.seat_panel import SeatPanels
from game.app.table.sprites import Place
from game.app.table.stage import MOVE_TIME, STAGGER, Hold, Stage
from game.app.table.status_line import StatusLine
from game.app.table.turns import TurnFlow
from game.app.table.voice import MESSAGE_TIME, MessageLine
from game.app.ui import focus, widgets
from game.app.ui.score_table import ScoreSheet
from game.app.ui.widgets import Button
from game.i18n import N_
from game.session.session import TableMatch, TableSession

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface

#: what the game tables take from here besides the class
__all__ = ["MESSAGE_TIME", "MOVE_TIME", "STAGGER", "Hold", "Place", "TableScene", "Target", "card_width"]


class TableScene(GameHooks, Scene):
    """Base table.  Subclasses set GAME and implement the hooks (`GameHooks`)."""

    GAME = ""
    focus_start_group = "play"  # the keyboard's ring starts on a card, not on Menu

    def __init__(self, app: AppSurface, session: TableSession, *, demo: bool = False):
        super().__init__(app)
        self.session = session  # the game shown: kept here (`Session`) or by a host (`RemoteSession`)
        self.match: TableMatch = session.match
        self.demo = demo
        self.spectator = False  # see spectate()
        self.face_up = False  # every hand shown (a finished game's replay); see look_as()
        humans = self.match.humans
        # The seat whose eyes the table shows; None = spectator (all computers, or a replay).
        self.viewer: int | None = humans[0] if humans else None
        self.selection: set[Hashable] = set()
        self.message = MessageLine()
        self.buttons: list[Button] = []
        self.spots: list[SeatSpot] = []
        self.size = app.size
        self.card_w = 80
        self.hand_y = 0.0
        self.hand_width = 0.0
        self.clock = 0.0
        self.mode = TableMode()  # an ordinary game; a lesson sets its own
        self.holder: Scene = self  # the screen on the stack that shows this table (a lesson's wraps it)
        self.covered = False  # a panel its holder draws over it (a review's summary) replaces its overlays
        self._view: tuple[Any, Any, Any] = (None, None, None)
        self._still: Any = None  # what was drawn when the cards last lay still (see `counted`)
        self.chronicle = Chronicle(self.GAME, len(self.match.seats))  # what each seat did, in words
        if session.local is not None and session.local.moves:  # a game going on: its round so far
            self.chronicle.fill(session.local)
        self.stage: Stage[Any] = Stage(self, self.match.state)
        self.log = RoundLog(self, self.chronicle, self.stage)
        self.input = TableInput(self, self.stage, self.log)
        self.turns = TurnFlow(self, session, self.stage, self.chronicle, self.message)
        self.status_line = StatusLine(self, self.stage, self.message)
        self.panels = SeatPanels(self)

    def spectate(self) -> None:
        """Make this a replay's table (call before it is laid out): nobody's
        eyes, no buttons, no computers thinking, nothing saved.  The replay
        scene sets the state and stages each step itself (`turns.stage_move`)."""
        self.spectator = True
        self.viewer = None
        self.session.agents = {}
        self.session.keeps = False

    # -- hooks a game may override that need the table (the rest: `hooks.GameHooks`) --

    def focus_item(self, target: Target) -> focus.Focusable:
        """What the keyboard's ring holds for `target` (a game may give it more keys)."""
        return self.input.focus_item(target)

    def turn_line_y(self) -> float:
        """The turn line's height on the table: just above the viewer's hand."""
        return self.hand_y - self.card_w * 0.7 - self.app.ui(26)

    def turn_line_width(self) -> int:
        """How wide the turn line may be: a game narrows it to keep clear of its piles' labels."""
        return min(self.size[0] - self.app.ui(440), self.app.ui(760))

    def drawn(self) -> Any:
        """What the panels and counters count from (see `counted`): the shown view;
        a game whose holds draw pictures of their own counts from those."""
        return self.shown()

    # -- derived -------------------------------------------------------------

    def landing(self) -> bool:
        """The last move is still being shown (a hold's picture, its cards in
        flight): the player has not seen the table they would act on, so no
        click may commit a move yet."""
        return self.stage.landing and self.stage.busy

    def shown(self) -> Any:
        """What the table draws now: a hold's view of the past, or the view."""
        picture = self.stage.picture
        past = self.past_view(picture) if picture is not None else None
        return past if past is not None else self.view

    def counted(self) -> Any:
        """What the panels and counters say: what is drawn once its cards
        have arrived, and until then what was drawn when they last lay
        still (a count changes as the cards reach it, not before)."""
        if self._still is not None and (self.stage.moving or self.stage.leaving):
            return self._still
        return self.drawn()

    def on_top(self) -> bool:
        """The table's screen is in front (not under a menu or a summary)."""
        return self.app.stack.top is self.holder

    def lifted_key(self) -> Hashable | None:
        """The card the keyboard's ring is on, while the table is in front."""
        return focus.focused_key(self.holder) if self.on_top() else None

    @property
    def view(self):
        """What the table may show: the viewer's view from the session, or all
        for a spectator (the declared face-up case: a replay, an all-computer
        demo).  Built once per state and viewer: it is read many times a frame."""
        state = self.match.state
        cached, viewer, view = self._view
        if cached is not state or viewer != self.viewer:
            view = state if self.viewer is None else self.session.view(self.viewer)
            self._view = (state, self.viewer, view)
        return view

    def you(self, seat: int) -> bool:
        """True for the seat the table speaks to as "you": the human whose eyes
        it shows.  A replay's face-up view is nobody's, so it names every seat;
        a seat's own view there says "you" only to the game's single human."""
        if self.viewer is None or seat != self.viewer:
            return False
        if self.spectator:
            return self.match.humans == [seat]
        return self.match.seats[seat].human

    @property
    def num_players(self) -> int:
        return len(self.match.seats)

    def name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def viewer_acts(self) -> bool:
        """True when the seat to act is the human whose cards are shown (never
        in a replay: nobody acts there, so nothing speaks as if they could)."""
        cur = self.match.current
        return not self.spectator and cur is not None and cur == self.viewer and self.match.seats[cur].human

    def speed(self, seconds: float) -> float:
        return seconds * self.app.settings.time_scale

    # -- layout --------------------------------------------------------------

    def hand_room(self, beside: float) -> float:
        """How wide the viewer's hand may fan, `beside` logical units left each side (`layout.hand_room`)."""
        return layout.hand_room(self.size, beside, self.app.ui, self.app.scale, self.app.fit_scale)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.card_w = card_width(size, self.app.scale / self.app.fit_scale)
        ui = self.app.ui
        # The viewer's hand fans along the bottom, between the seat panels.
        self.hand_y = size[1] - self.card_w * 0.7 - ui(22)
        self.hand_width = self.hand_room(190 + 40)
        self.spots = self.seat_spots()
        self.compute_layout()
        self.buttons = [
            Button(N_("Menu"), self.open_menu, key=None),
            *self.extra_buttons(),
        ]
        if self.spectator:  # the replay has its own controls
            self.buttons = []
        elif self.match.humans:
            self.buttons.insert(1, Button(N_("Hint"), self.turns.ask_hint, key=pygame.K_h))
        if len(self.match.humans) == 1 and not self.spectator:
            self.buttons.insert(1, Button(N_("Undo"), self.turns.undo))
        self.buttons = self.mode.buttons(self.buttons)
        self.place_buttons()
        if self.stage.dealt:
            self.stage.sync(instant=True)
        else:  # the opening deal: every card flies in, one after another (every face drawn first;
            # not on later resizes: a window drag sends many, and faces render on demand)
            self.app.art.warm(self.GAME, self.match.module.deck(self.num_players), self.card_w)
            self.stage.deal(self.deal_origin())

    def deal_origin(self) -> tuple[float, float]:
        """Where the opening deal flies from (a game's draw pile)."""
        return self.size[0] / 2, self.size[1] / 2

    def place_buttons(self) -> None:
        ui = self.app.ui
        h, gap = ui(34), ui(8)
        x = self.size[0] - ui(12)
        for button in [b for b in self.buttons if b.label in ("Menu", "Leave", "Undo", "Chat", "Hint")]:
            w = widgets.fitting_width(button.label, ui(17), ui(88))
            button.rect = pygame.Rect(0, 0, w, h)
            button.rect.topright = (x, ui(10))
            x -= w + gap

    def bottom_seat(self) -> int:
        """The seat whose hand fans along the bottom edge."""
        return self.display_order()[0]

    def mat_y(self, seat: int, card_h: float, limit: float, gap: float) -> float:
        """The height of an opponent's row of cards by their panel: under it,
        or above it for side seats so low that the row would reach `limit`."""
        p = self.spots[seat].panel
        y = p.bottom + card_h / 2 + gap
        return y if y + card_h / 2 <= limit else p.top - card_h / 2 - gap

    def display_order(self) -> list[int]:
        """Seats clockwise from the one at the bottom edge."""
        first = self.viewer if self.viewer is not None else 0
        n = self.num_players
        return [(first + i) % n for i in range(n)]

    def seat_spots(self) -> list[SeatSpot]:
        return layout.seat_spots(self.size, self.display_order(), self.app.ui)

    fan = staticmethod(layout.fan)

    def hand_mark(self, key: Hashable, legal: bool) -> str:
        """How a clickable card looks: selected, lifted under the pointer,
        greyed out when the rules forbid it."""
        if not self.viewer_acts():
            return ""
        if key in self.selection:
            return "selected"
        hint = self.turns.hint
        if hint is not None and key in self.move_keys(hint[0]):
            return "hint"
        if not legal or not self.mode.wants_card(key):  # (a lesson dims what its step does not want)
            return "dim"
        return "legal" if key == self.input.hover_key else ""

    # -- moves ---------------------------------------------------------------

    def say(self, text: str, tone: str = voice.INFO) -> None:
        """Show one line, already in the player's language (a rule's reason goes
        through `reasons.illegal` first, which names seats and drops rule IDs),
        in one of the three voices (`voice`: news, a hint, a refusal)."""
        self.message.say(text, tone)

    def refuse(self, text: str) -> None:
        """Say why not, in red, until the next move makes it stale."""
        self.say(text, voice.REFUSAL)

    # -- scene lifecycle ------------------------------------------------------

    def enter(self) -> None:
        self.app.sound.play("shuffle")

    def open_menu(self) -> None:
        if not self.mode.leave():
            self.app.routes.menu(self)

    def show_summary(self, sheet: ScoreSheet) -> None:
        if self.mode.summary():
            return
        wait = self.mode.summary_wait(max(0.3, self.speed(4.0)) if self.demo else None)
        self.app.routes.summary(sheet, auto_close=wait)

    def show_results(self) -> None:
        self.app.routes.results(self)

    def focus_items(self) -> list[focus.Focusable]:
        return self.input.focus_items()

    def focus_changed(self) -> None:
        self.stage.sync()  # the focused card lifts

    def finish_animations(self) -> None:
        """Every card where it belongs now, and nothing counted from before."""
        self.stage.finish()
        self._still = None

    def overlays_hidden(self) -> bool:
        """A round summary or the results lie over the table: whatever they
        replace (the score pad) is not drawn beneath them, so two tables of
        scores never show at once."""
        if self.covered:
            return True
        scenes = self.app.stack.scenes
        above = scenes[scenes.index(self.holder) + 1 :] if self.holder in scenes else []
        return any(getattr(scene, "hides_overlays", False) for scene in above)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.mode.tick(dt)
        self.turns.count_down(dt)
        if self.stage.tween(dt):  # the cards lie still: what they show now is what is counted
            self._still = self.drawn()
            self.stage.count_hold(dt)
            self.stage.landing = self.stage.landing and self.stage.busy
        if self.on_top():
            self.turns.drive(dt)

    def next_frame(self) -> float | None:
        due = [d for d in (self.turns.next_frame(), self.mode.next_due()) if d is not None]
        return min(due) if due else None

    def handle(self, event: pygame.event.Event) -> bool:
        return (not self.log.open and self.mode.handle(event)) or self.input.handle(event)

    def keeps_key(self, event: pygame.event.Event) -> bool:
        """While the log is open the arrows scroll it (the focus ring waits
        beneath); while the mode types (a chat line), the keys are its."""
        return self.log.open or self.mode.keeps_key(event)

    def exit(self) -> None:
        self.mode.exit()

    def pass_to(self, seat: int) -> None:
        def arrived() -> None:  # only now, after the click, do this seat's cards show
            self.turns.forget_hint()
            self.message.clear()
            self.look_as(seat)

        # what the others did since this person's last turn, as anyone looking may know it
        said = self.chronicle.since(seat, self.name)
        self.app.routes.pass_device(self.name(seat), arrived, self.open_menu, said)

    def look_as(self, seat: int | None, face_up: bool = False) -> None:
        """Show the table through `seat`'s eyes (None: a spectator's, from seat 0);
        `face_up` also turns the other hands face up, for a replay of a finished
        game, where nothing is secret any more."""
        self.mode.look_as(seat)
        self.viewer = seat
        self.face_up = face_up and seat is None
        self.spots = self.seat_spots()
        self.compute_layout()
        self.place_buttons()
        focus.reset(self.holder)  # the last player's focus says nothing to the next one
        self.log.open = False  # the round's log speaks to whoever was looking
        self.stage.sync(instant=True)

    def open_hand(self, seat: int, count: int) -> list[Any] | None:
        """An opponent's `count` cards to draw face up beside its panel (see
        `look_as`), or None: face down."""
        if not self.face_up or self.viewer is not None:
            return None
        hand = list(self.view.hand(seat))
        return hand if len(hand) == count else None

    # -- drawing -------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.art.felt(self.size), (0, 0))
        for seat in range(self.num_players):
            self.draw_seat(surface, seat)
        self.draw_table(surface)
        self.stage.draw(surface, self.app.art)
        self.draw_over(surface)
        self.status_line.draw(surface)
        for button in self.buttons:
            button.draw(surface, self.app.ui(17))
        self.mode.draw(surface)  # its own layer (a network table's chat), under the open log
        self.log.draw(surface)  # the turn line (and the log over everything, when open)

    def draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        """`seat`'s panel (`seat_panel.py`); a game draws more over it after this."""
        self.panels.draw(surface, seat)

    def turn_text(self) -> str:
        """'Your turn' or '<name> to play' for the status line."""
        return status_words.turn_text(self.match.current, self.viewer, self.match, self.name, self.you)
