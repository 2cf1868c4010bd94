"""New game: which game, how many players, who sits where, who starts."""

from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import ai, rules
from game.app.look import fonts
from game.app.shell.scene import Scene
from game.app.ui import focus, widgets
from game.app.ui.deal_code_field import DealCodeField
from game.app.ui.text_input import MAX_TYPED, draw_composition
from game.app.ui.widgets import ACCENT, INK, MUTED, Button, blit_text, draw_panel, seat_mark
from game.app.words import seat_names
from game.app.words.names import LEVELS as LEVEL_NAMES
from game.i18n import N_, _
from game.match.match import Match, Seat
from game.rules import registry

if TYPE_CHECKING:
    from game.app.shell.app import App
    from game.match.deal_code import DealSetup


MAX_NAME = 14
LEVELS = getattr(ai, "LEVELS", ("easy", "normal", "hard"))


def _typed(text: str) -> str:
    """What a name field takes of typed or pasted text: printable characters, bounded."""
    return "".join(ch for ch in text[:MAX_TYPED] if ch.isprintable())


class SetupScene(Scene):
    def __init__(self, app: App, game_id: str | None = None):
        super().__init__(app)
        # The game and player count of the last game set up, from the settings.
        self.game_id = game_id or app.settings.game or registry.ids()[0]
        players = rules.get(self.game_id).PLAYERS
        self.count = min(max(app.settings.players or 4, players.start), players.stop - 1)
        # Names typed last time, seat by seat ("" = the seat's default, see
        # seat_names), and the usual computer level, from the settings.
        remembered = [seat_names.typed(n, i)[:MAX_NAME] for i, n in enumerate(app.settings.names[:6])]
        self.names = remembered + [""] * (6 - len(remembered))
        self.human = [True] + [False] * 5
        level = app.settings.level if app.settings.level in LEVELS else "normal"
        self.levels = [level] * 6
        self.starter: int | None = None  # None = random
        self.editing: int | None = None
        self.composing = ""  # an input method's unfinished syllable in the name being typed
        self.buttons: list[Button] = []
        self.go: Button | None = None  # Start game, once laid out
        self.name_rects: list[pygame.Rect] = []
        self.code = DealCodeField(self.apply_code)  # optional: a friend's deal

    # -- state changes -------------------------------------------------------
    def choose_game(self, game_id: str) -> None:
        self.game_id = game_id
        players = rules.get(game_id).PLAYERS
        self.count = min(max(self.count, players.start), players.stop - 1)
        self.rebuild()

    def change_count(self, delta: int) -> None:
        players = rules.get(self.game_id).PLAYERS
        self.count = min(max(self.count + delta, players.start), players.stop - 1)
        if self.starter is not None and self.starter >= self.count:
            self.starter = None
        self.rebuild()

    def toggle_human(self, seat: int) -> None:
        self.human[seat] = not self.human[seat]
        self.rebuild()

    def cycle_level(self, seat: int, step: int = 1) -> None:
        self.levels[seat] = LEVELS[(LEVELS.index(self.levels[seat]) + step) % len(LEVELS)]
        self.rebuild()

    def cycle_starter(self, step: int = 1) -> None:
        order = [None, *range(self.count)]
        self.starter = order[(order.index(self.starter) + step) % len(order)]
        self.rebuild()

    def apply_code(self, setup: DealSetup) -> None:
        """A valid deal code shows its game, player count and starter (the rest stays yours)."""
        self.game_id, self.count, self.starter = setup.game, setup.players, setup.start
        self.rebuild()

    def shown_names(self) -> list[str]:
        """Each seat's name as the table will have it: typed, or the default."""
        return seat_names.seat_names(self.names[: self.count], self.human[: self.count])

    def start(self) -> None:
        if self.code.invalid:  # the field says why; a deal the player did not ask for would not start
            return
        if self.app.routes.offer_lesson(self.game_id, self.start):  # once, for a game never played
            return
        seats = [Seat(name, self.human[i], self.levels[i]) for i, name in enumerate(self.shown_names())]
        start = self.starter if self.starter is not None else random.randrange(self.count)
        self.remember(seats)
        coded = self.code.used(self.game_id, self.count, self.starter)
        if coded is not None:  # a friend's deal
            match = Match(self.game_id, seats, coded.seed, start, dict(coded.options))
        else:
            match = Match(self.game_id, seats, None, start)
        self.app.routes.table(match)  # keeps an unfinished autosave

    def remember(self, seats: list[Seat]) -> None:
        """Next time, the same game and player count, the same names in the same
        seats, and the computer level last chosen."""
        settings = self.app.settings
        settings.game, settings.players = self.game_id, len(seats)
        settings.names = [name.strip() for name in self.names]  # typed names only
        computers = [seat.level for seat in seats if not seat.human]
        if computers and computers[-1] in LEVELS:
            settings.level = computers[-1]
        self.app.save_settings()

    # -- layout --------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        ui = self.app.ui
        w, h = self.app.size
        cx = w // 2
        self.game_buttons = [
            Button(spec.name, partial(self.choose_game, spec.id), selected=(spec.id == self.game_id))
            for spec in registry.specs()
        ]
        widgets.layout_row(self.game_buttons, (cx, ui(120)), ui(300), ui(54), ui(16))
        players = rules.get(self.game_id).PLAYERS
        minus = Button("–", lambda: self.change_count(-1), enabled=self.count > players.start)
        plus = Button("+", lambda: self.change_count(1), enabled=self.count < players.stop - 1)
        # One line of two choices: "Players [–] 4 [+]" left of the centre, "Who starts ‹ Random ›" right of it.
        widgets.layout_row([minus, plus], (cx - ui(100), ui(222)), ui(48), ui(40), ui(64))
        self.count_center = (cx - ui(100), ui(222))
        self.label_x = minus.rect.x - ui(12)
        self.starts_x = cx + ui(40)
        starts_w = fonts.size(_("Who starts"), widgets.fit_size(_("Who starts"), ui(22), ui(200)))[0]
        rows: list[Button] = []
        self.name_rects = []
        top, row_h = ui(270), ui(46)
        room = h - ui(50) - ui(25) - ui(12) - top  # down to Back / Start game
        row_h = max(
            ui(30), min(row_h, (room - self.hint_height()) // max(1, self.count) - ui(6))
        )  # six seats fit at 125 % too
        block = self.count * (row_h + ui(6)) - ui(6) + self.hint_height()
        top += max(0, (room - block) // 2)  # the seats in the middle of the room left, not hung under the count
        for seat in range(self.count):
            y = top + seat * (row_h + ui(6))
            name = pygame.Rect(cx - ui(330), y, ui(260), row_h)
            self.name_rects.append(name)
            kind = Button(
                N_("Human") if self.human[seat] else N_("Computer"),
                partial(self.toggle_human, seat),
                selected=self.human[seat],
            )
            kind.rect = pygame.Rect(cx - ui(56), y, ui(150), row_h)
            rows.append(kind)
            if not self.human[seat]:
                level = widgets.Stepper(
                    LEVEL_NAMES[self.levels[seat]], partial(self.cycle_level, seat), partial(self.cycle_level, seat, -1)
                )
                level.rect = pygame.Rect(cx + ui(106), y, ui(160), row_h)
                rows.append(level)
        who = _("Random") if self.starter is None else self.shown_names()[self.starter]
        starter = widgets.Stepper(who, self.cycle_starter, lambda: self.cycle_starter(-1))
        starter.rect = pygame.Rect(self.starts_x + starts_w + ui(14), ui(222) - ui(20), ui(200), ui(40))
        self.code.rect.update(cx + ui(290), top, ui(230), ui(42))  # the column right of the seats
        back = Button(N_("Back"), self.back, key=pygame.K_ESCAPE)
        go = Button(N_("Start game"), self.start, primary=True, enabled=not self.code.invalid)
        self.go = go
        widgets.layout_row([back, go], (cx, h - ui(50)), ui(200), ui(50), ui(20))
        self.buttons = [*self.game_buttons, minus, plus, *rows, starter, back, go]

    def hint_height(self) -> int:
        """Room for the line under the seats."""
        return self.app.ui(34)

    def content_bottom(self) -> int:
        """The lowest thing laid out above Back / Start game: the line under the seats."""
        return (self.name_rects[-1].bottom if self.name_rects else self.app.ui(270)) + self.hint_height()

    def mark_at(self, seat: int) -> tuple[tuple[int, int], int]:
        """Where seat `seat`'s mark (its colour and shape at the table) sits in its name field."""
        ui = self.app.ui
        rect = self.name_rects[seat]
        return (rect.x + ui(17), rect.centery), ui(6)

    def name_text_x(self, seat: int) -> int:
        """Where the name starts in its field, after the mark."""
        return self.name_rects[seat].x + self.app.ui(32)

    def back(self) -> None:
        self.app.stack.pop()

    def exit(self) -> None:
        self.code.blur()  # its text input ends with the screen

    # -- drawing and input ---------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        w, h = surface.get_size()
        surface.blit(self.app.art.felt((w, h)), (0, 0))
        blit_text(surface, _("New game"), ui(40), ACCENT, bold=True, center=(w // 2, ui(50)))
        from game.app.words.rules_text import TAGLINES

        blit_text(surface, TAGLINES.get(self.game_id, ""), ui(17), MUTED, center=(w // 2, ui(172)))
        blit_text(surface, _("Players"), ui(22), INK, midright=(self.label_x, self.count_center[1]))
        starts = _("Who starts")
        blit_text(
            surface,
            starts,
            widgets.fit_size(starts, ui(22), ui(200)),
            INK,
            midleft=(self.starts_x, self.count_center[1]),
        )
        blit_text(surface, str(self.count), ui(28), INK, bold=True, center=self.count_center)
        shown = self.shown_names()
        for seat, rect in enumerate(self.name_rects):
            editing = self.editing == seat
            draw_panel(surface, rect, (10, 18, 14, 230), radius=ui(8), edge=ACCENT if editing else widgets.PANEL_EDGE)
            text = self.names[seat] if editing else shown[seat]
            text += "" if editing and self.composing else "|" if editing else ""
            seat_mark(surface, seat, *self.mark_at(seat))
            drawn = blit_text(surface, text, ui(20), INK, midleft=(self.name_text_x(seat), rect.centery))
            if editing and self.composing:
                draw_composition(surface, self.composing + "|", ui(20), (drawn.right, rect.centery))
            blit_text(
                surface, _("Seat {n}").format(n=seat + 1), ui(14), MUTED, midright=(rect.x - ui(10), rect.centery)
            )
        if self.name_rects:  # what the seats' column says to a new player
            hint = _("Click a name to change it · its mark is the seat's colour at the table")
            first = self.name_rects[0]
            width = self.code.rect.x - ui(24) - first.x  # the seats' column, clear of the code's reasons
            blit_text(
                surface,
                hint,
                widgets.fit_size(hint, ui(15), width),
                MUTED,
                midleft=(first.x, self.name_rects[-1].bottom + self.hint_height() // 2 + ui(2)),
            )
        for button in self.buttons:
            button.draw(surface, ui(19))
        who = _("Random") if self.starter is None else shown[self.starter]
        self.code.draw(
            surface, ui, self.game_id, self.count, self.starter, who, min(ui(320), w - self.code.rect.x - ui(12))
        )

    def update(self, dt: float) -> None:
        self.code.update(dt)

    def next_frame(self) -> float | None:
        """Still but for the code field's cursor."""
        return self.code.next_frame()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.code.rect.collidepoint(event.pos):
            self.stop_editing()  # before the code field starts its own text input
        if self.code.handle(event):
            if self.go is not None:  # Start waits for a code that holds a deal
                self.go.enabled = not self.code.invalid
            return True
        if self.editing is not None and event.type == pygame.TEXTEDITING:
            self.composing = _typed(event.text)[: max(0, MAX_NAME - len(self.names[self.editing]))]
            return True
        if self.editing is not None and event.type == pygame.TEXTINPUT:
            self.composing = ""
            self.names[self.editing] = (self.names[self.editing] + _typed(event.text))[:MAX_NAME]
            return True
        if self.editing is not None and self.composing and event.type == pygame.KEYDOWN:
            return True  # the input method's keys edit its syllable
        if self.editing is not None and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.names[self.editing] = self.names[self.editing][:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_TAB, pygame.K_ESCAPE):
                self.stop_editing()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for seat, rect in enumerate(self.name_rects):
                if rect.collidepoint(event.pos):
                    self.editing = seat
                    pygame.key.start_text_input()
                    return True
            self.stop_editing()
        return widgets.handle_all(self.buttons, event)

    def focus_items(self) -> list[focus.Focusable]:
        """In reading order: the game, the player count, each seat's name field
        and choices row by row, then Back and Start."""

        def edit(seat: int) -> None:
            self.editing = seat
            pygame.key.start_text_input()

        names = [
            focus.Focusable(("name", seat), rect, partial(edit, seat)) for seat, rect in enumerate(self.name_rects)
        ]
        names.append(focus.Focusable(("code",), self.code.rect, self.code.focus))
        return sorted(names + focus.from_buttons(self.buttons), key=lambda i: (i.rect.y, i.rect.x))

    def keeps_key(self, event: pygame.event.Event) -> bool:
        """While a name or a code is typed in, every key belongs to its field."""
        return self.editing is not None or self.code.focused

    def stop_editing(self) -> None:
        if self.editing is not None:
            pygame.key.stop_text_input()
            self.editing = None
            self.composing = ""
            self.rebuild()
