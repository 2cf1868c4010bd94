"""What every game's table shares: seats around an ellipse, the layout,
input and the click -> Move gate, the status line and drawing.

A game's table says *where things are* (`places`, `targets`, `draw_table`)
and *what happened* (`stage`, `summary`); this class does the rest, with
the stage (sprites, holds: `stage.py`) and the turn flow (computers, hint,
undo, saving, passing the laptop: `turns.py`) in their own modules.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import pygame

from game.app.shell.scene import Scene
from game.app.table import layout, status_words, voice
from game.app.table.chronicle import Chronicle
from game.app.table.input import TableInput, Target  # noqa: F401 - Target: the games' clicks
from game.app.table.layout import SeatSpot
from game.app.table.log_panel import RoundLog
from game.app.table.sprites import Place
from game.app.table.stage import MOVE_TIME, STAGGER, Hold, Stage  # noqa: F401 - MOVE_TIME: the games' pace
from game.app.table.turns import MESSAGE_TIME, TurnFlow  # noqa: F401 - the message line's time
from game.app.ui import focus, widgets
from game.app.ui.widgets import ACCENT, INK, MUTED, Button, blit_text, draw_panel
from game.app.words import names
from game.i18n import N_, _
from game.session.match import Match

if TYPE_CHECKING:
    from game.app.shell.app import App

log = logging.getLogger(__name__)


CARD_GROWTH = 0.6  # cards grow more gently than text: at 125 % they still leave the table room


def card_width(size: tuple[int, int], interface: float) -> int:
    """A table card's width in pixels for the window `size` at the interface
    size `interface` (1.0 = 100 %, as far as the window lets it grow): larger
    interface, larger cards, never smaller ones (it used to ignore it, so
    80 % shrank every panel around cards of the same size)."""
    base = min(size[0] / 15.5, size[1] / 8.2)
    return max(40, round(base * interface**CARD_GROWTH))


class TableScene(Stage, TurnFlow, TableInput, RoundLog, Scene):
    """Base table.  Subclasses set GAME and implement the hooks below."""

    if TYPE_CHECKING:  # the table's app is the whole App (Scene only promises the AppSurface)
        app: App

    GAME = ""
    focus_start_group = "play"  # the keyboard's ring starts on a card, not on Menu

    def __init__(self, app: App, match: Match, *, demo: bool = False):
        super().__init__(app)
        self.match = match
        self.demo = demo
        self.spectator = False  # see spectate()
        self.face_up = False  # every hand shown (a finished game's replay); see look_as()
        humans = match.humans
        # The seat whose eyes the table shows; None = spectator (all computers, or a replay).
        self.viewer: int | None = humans[0] if humans else None
        self.selection: set[Hashable] = set()
        self.hover_key: Hashable | None = None
        self.message = ""
        self.message_left = 0.0
        self.message_voice = voice.INFO
        self.buttons: list[Button] = []
        self.spots: list[SeatSpot] = []
        self.size = app.size
        self.card_w = 80
        self.clock = 0.0
        self._view: tuple[Any, Any, Any] = (None, None, None)
        self.init_stage(match.state)
        self.init_turns()
        self.init_log()
        self.chronicle = Chronicle(self.GAME, len(match.seats))  # what each seat did, in words
        if match.moves:  # a game going on: its round so far
            self.chronicle.fill(match)

    def spectate(self) -> None:
        """Make this a replay's table (call before it is laid out): nobody's
        eyes, no buttons, no computers thinking, nothing saved.  The replay
        scene sets the state and calls `after_move` itself."""
        self.spectator = True
        self.viewer = None
        self.agents = {}
        self.session.keeps = False

    # -- hooks for each game -------------------------------------------------

    def compute_layout(self) -> None:
        """Work out sizes and rects for self.size (seats are already placed)."""

    def places(self) -> list[Place]:
        """Every card to draw now, for `self.view`."""
        return []

    def targets(self) -> list[Target]:
        """What the viewer may click now (topmost last)."""
        return []

    def draw_table(self, surface: pygame.Surface) -> None:
        """Piles, labels and anything not a card sprite (under the cards)."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Anything drawn above the cards (banners, the score pad...)."""

    def seat_lines(self, seat: int) -> list[str]:
        """Public facts shown on a seat's panel."""
        return []

    def status(self) -> str:
        """One line: whose turn it is and what they may do."""
        return ""

    def stage(self, events: tuple) -> list[Hold]:
        """Holds to show in order before the new state (e.g. a full trick)."""
        return []

    def summary(self, events: tuple) -> tuple[str, list[str], list[list[str]]] | None:
        """(title, headers, rows) for a round summary if these events end a round."""
        return None

    def extra_buttons(self) -> list[Button]:
        return []

    def select(self, key: Hashable) -> None:
        """Toggle a selection (games that build a move from several clicks)."""

    def move_keys(self, move: Any) -> list[Hashable]:
        """Sprite keys to highlight when the hint suggests `move`."""
        return []

    # -- derived -------------------------------------------------------------

    @property
    def state(self):
        return self.match.state

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

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.card_w = card_width(size, self.app.scale / self.app.fit_scale)
        ui = self.app.ui
        # The viewer's hand fans along the bottom, between the seat panels.
        self.hand_y = size[1] - self.card_w * 0.7 - ui(22)
        self.hand_width = size[0] - 2 * (ui(190) + ui(40))
        self.spots = self.seat_spots()
        self.compute_layout()
        self.buttons = [
            Button(N_("Menu"), self.open_menu, key=None),
            *self.extra_buttons(),
        ]
        if self.spectator:  # the replay has its own controls
            self.buttons = []
        elif self.match.humans:
            self.buttons.insert(1, Button(N_("Hint"), self.ask_hint, key=pygame.K_h))
        if len(self.match.humans) == 1 and not self.spectator:
            self.buttons.insert(1, Button(N_("Undo"), self.undo))
        self.place_buttons()
        if self._dealt:
            self.sync(instant=True)
        else:  # the opening deal: every card flies in, one after another
            self._dealt = True
            self.warm_art()
            self.sprites.clear()
            self.dealing = True
            self.sync(origin=self.deal_origin())

    def deal_origin(self) -> tuple[float, float]:
        """Where the opening deal flies from (a game's draw pile)."""
        return self.size[0] / 2, self.size[1] / 2

    def warm_art(self) -> None:
        """Render every face at the main card size before the deal, so that
        no frame mid-game stalls on drawing a card for the first time.  (Not
        on later resizes: a window drag sends many, and faces render on
        demand.)"""
        module = self.match.module
        for card in dict.fromkeys(module.deck(self.num_players)):
            self.app.art.face(self.GAME, card, self.card_w)
        self.app.art.back(self.GAME, self.card_w)

    def place_buttons(self) -> None:
        ui = self.app.ui
        h, gap = ui(34), ui(8)
        x = self.size[0] - ui(12)
        for button in [b for b in self.buttons if b.label in ("Menu", "Undo", "Hint")]:
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
        if self.hint is not None and key in self.move_keys(self.hint[0]):
            return "hint"
        if not legal:
            return "dim"
        return "legal" if key == self.hover_key else ""

    # -- moves ---------------------------------------------------------------

    def say(self, text: str, tone: str = voice.INFO) -> None:
        """Show one line, already in the player's language (a rule's reason goes
        through `reasons.illegal` first, which names seats and drops rule IDs),
        in one of the three voices (`voice`: news, a hint, a refusal)."""
        self.message = text
        self.message_voice = tone
        self.message_left = MESSAGE_TIME

    def refuse(self, text: str) -> None:
        """Say why not, in red, until the next move makes it stale."""
        self.say(text, voice.REFUSAL)

    # -- scene lifecycle ------------------------------------------------------

    def enter(self) -> None:
        self.app.sound.play("shuffle")

    def open_menu(self) -> None:
        self.app.go("menu", self)

    def show_summary(self, title: str, headers: list[str], rows: list[list[str]]) -> None:
        wait = max(0.3, self.speed(4.0)) if self.demo else None
        self.app.go("summary", title, headers, rows, auto_close=wait)

    def show_results(self) -> None:
        self.app.go("results", self)

    def overlays_hidden(self) -> bool:
        """A round summary or the results lie over the table: whatever they
        replace (the score pad) is not drawn beneath them, so two tables of
        scores never show at once."""
        scenes = self.app.stack.scenes
        above = scenes[scenes.index(self) + 1 :] if self in scenes else []
        return any(getattr(scene, "hides_overlays", False) for scene in above)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.count_down(dt)
        self.update_stage(dt)
        if self.app.stack.top is self:
            self.drive(dt)

    def pass_to(self, seat: int) -> None:
        def arrived() -> None:  # only now, after the click, do this seat's cards show
            self.forget_hint()
            self.message_left = 0.0
            self.look_as(seat)

        self.app.go("pass", self.name(seat), arrived, self.open_menu)

    def look_as(self, seat: int | None, face_up: bool = False) -> None:
        """Show the table through `seat`'s eyes (None: a spectator's, from seat 0);
        `face_up` also turns the other hands face up, for a replay of a finished
        game, where nothing is secret any more."""
        self.viewer = seat
        self.face_up = face_up and seat is None
        self.spots = self.seat_spots()
        self.compute_layout()
        self.place_buttons()
        focus.reset(self)  # the last player's focus says nothing to the next one
        self.log_open = False  # the round's log speaks to whoever was looking
        self.sync(instant=True)

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
        self.draw_cards(surface)
        self.draw_over(surface)
        self.draw_status(surface)
        for button in self.buttons:
            button.draw(surface, self.app.ui(17))
        self.draw_record(surface)  # (and the log over everything, when open)

    def draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        ui = self.app.ui
        spot = self.spots[seat]
        rect = spot.panel
        # Whose turn the table shows: nobody's while a past moment is on show.
        active = getattr(self.shown(), "current_player", self.match.current) == seat
        if active:
            pulse = self.pulse()
            glow = rect.inflate(ui(8) + round(ui(4) * pulse), ui(8) + round(ui(4) * pulse))
            draw_panel(surface, glow, (*ACCENT, 90 + round(60 * pulse)), radius=ui(16), edge=None)
        draw_panel(surface, rect, radius=ui(12), edge=ACCENT if active else None)
        widgets.seat_mark(surface, seat, (rect.x + ui(16), rect.y + ui(18)), ui(7))
        seat_info = self.match.seats[seat]
        who = names.seat_tag("you" if self.you(seat) else ("human" if seat_info.human else seat_info.level))
        tag = blit_text(surface, who, ui(13), MUTED, topright=(rect.right - ui(10), rect.y + ui(11)))
        name = self.name(seat)
        blit_text(
            surface,
            name,
            widgets.fit_size(name, ui(18), tag.left - rect.x - ui(38), True),
            INK,
            bold=True,
            midleft=(rect.x + ui(30), rect.y + ui(18)),
        )
        for i, line in enumerate(self.seat_lines(seat)[:2]):
            blit_text(surface, line, ui(14), INK, topleft=(rect.x + ui(12), rect.y + ui(34) + i * ui(18)))

    def pulse(self) -> float:
        """A glow's strength, 0..1.  Calm (it used to breathe): a breathing
        glow would need a frame many times a second while the table waits."""
        return 0.5

    def status_box(self) -> pygame.Rect:
        """Where the status line is: top centre, never under the buttons."""
        ui = self.app.ui
        w = self.size[0]
        box = pygame.Rect(0, 0, min(w - ui(420), ui(760)), ui(34))
        box.midtop = (w // 2 - ui(80), ui(10))
        buttons = [b.rect.left for b in self.buttons if b.rect.top < box.bottom and b.rect.w]
        if buttons:  # never under the buttons (Grinch has one more)
            box.w = min(box.w, min(buttons) - ui(8) - box.x)
        return box

    def status_shown(self) -> tuple[pygame.Rect, list[str], int, Any]:
        """The status line as drawn: its box (taller when the words take two
        lines), the lines, their size and look."""
        ui = self.app.ui
        box = self.status_box()
        if self.message_left > 0 and self.message:
            text, look = self.message, voice.style(self.message_voice)
        else:
            prefix = _("Demo") + " · " if self.demo else _("Replay") + " · " if self.spectator else ""
            said = _("Dealing the cards…") if self.dealing else self.status()
            text, look = prefix + said, voice.style(voice.INFO)
        lines, px = voice.fit_lines(text, box.w - ui(24), ui(18), ui(15))
        if len(lines) > 1:  # two lines, tight: the top seat's panel starts just below
            box.h = ui(6) + round(px * 1.22) * len(lines)
        return box, lines, px, look

    def draw_status(self, surface: pygame.Surface) -> None:
        """The status line; a fresh message (a reason, a hint) takes its place
        for a few seconds, so nothing on the table is ever covered."""
        box, lines, px, look = self.status_shown()
        step = round(px * 1.22)
        draw_panel(surface, box, look.fill, radius=self.app.ui(17), edge=look.edge)
        for i, line in enumerate(lines):
            y = box.centery + round((i - (len(lines) - 1) / 2) * step)
            blit_text(surface, line, px, look.ink, center=(box.centerx, y))

    def label_rects(self) -> list[pygame.Rect]:
        """Where the table writes words on the felt (pile names and counts,
        next-play chips): what an overlay laid on the table should leave
        readable.  None by default; a game lists its own."""
        return []

    def turn_text(self) -> str:
        """'Your turn' or '<name> to play' for the status line."""
        return status_words.turn_text(self.match.current, self.viewer, self.match, self.name, self.you)
