"""New game: which game, how many players, who sits where, who starts."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game import ai, rules
from game.app import focus, widgets
from game.app.names import GAMES
from game.app.names import LEVELS as LEVEL_NAMES
from game.app.scene import Scene
from game.app.widgets import ACCENT, INK, MUTED, Button, blit_text, draw_panel
from game.i18n import N_, _
from game.match import Match, Seat

if TYPE_CHECKING:
    from game.app.app import App


COMPUTER_NAMES = ("Mina", "Pau", "Simran", "Joon", "Laia", "Harpreet")
MAX_NAME = 14
LEVELS = getattr(ai, "LEVELS", ("easy", "normal", "hard"))


class SetupScene(Scene):
    def __init__(self, app: App, game_id: str = "sticheln"):
        super().__init__(app)
        self.game_id = game_id
        self.count = 4
        # Names typed last time, seat by seat, and the usual computer level, from the settings.
        remembered = [n.strip()[:MAX_NAME] for n in app.settings.names[:6]]
        defaults = [_("You"), *COMPUTER_NAMES[:5]]
        self.names = [name or default for name, default in zip(remembered + [""] * 6, defaults)]
        self.human = [True] + [False] * 5
        level = app.settings.level if app.settings.level in LEVELS else "normal"
        self.levels = [level] * 6
        self.starter: int | None = None  # None = random
        self.editing: int | None = None
        self.buttons: list[Button] = []
        self.name_rects: list[pygame.Rect] = []

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

    def cycle_level(self, seat: int) -> None:
        self.levels[seat] = LEVELS[(LEVELS.index(self.levels[seat]) + 1) % len(LEVELS)]
        self.rebuild()

    def cycle_starter(self) -> None:
        order = [None, *range(self.count)]
        self.starter = order[(order.index(self.starter) + 1) % len(order)]
        self.rebuild()

    def start(self) -> None:
        from game.app.learn.screens import offer_lesson

        if offer_lesson(self.app, self.game_id, self.start):  # once, for a game never played
            return
        seats = [Seat(self.names[i].strip() or _("Player {n}").format(n=i + 1), self.human[i], self.levels[i])
                 for i in range(self.count)]
        start = self.starter if self.starter is not None else random.randrange(self.count)
        self.remember(seats)
        self.app.go("table", Match(self.game_id, seats, None, start))  # keeps an unfinished autosave

    def remember(self, seats: list[Seat]) -> None:
        """Next time, the same names in the same seats, and the computer level last chosen."""
        settings = self.app.settings
        settings.names = [seat.name for seat in seats] + self.names[len(seats):]
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
        self.game_buttons = [Button(GAMES[g], lambda g=g: self.choose_game(g),
                                    selected=(g == self.game_id)) for g in rules.GAME_IDS]
        widgets.layout_row(self.game_buttons, (cx, ui(120)), ui(300), ui(54), ui(16))
        players = rules.get(self.game_id).PLAYERS
        minus = Button("–", lambda: self.change_count(-1), enabled=self.count > players.start)
        plus = Button("+", lambda: self.change_count(1), enabled=self.count < players.stop - 1)
        widgets.layout_row([minus, plus], (cx + ui(60), ui(222)), ui(48), ui(40), ui(80))
        self.count_center = (cx + ui(60), ui(222))
        self.label_x = cx - ui(80)
        rows: list[Button] = []
        self.name_rects = []
        top, row_h = ui(270), ui(46)
        for seat in range(self.count):
            y = top + seat * (row_h + ui(6))
            name = pygame.Rect(cx - ui(330), y, ui(260), row_h)
            self.name_rects.append(name)
            kind = Button(N_("Human") if self.human[seat] else N_("Computer"),
                          lambda s=seat: self.toggle_human(s), selected=self.human[seat])
            kind.rect = pygame.Rect(cx - ui(56), y, ui(150), row_h)
            rows.append(kind)
            if not self.human[seat]:
                level = Button(LEVEL_NAMES[self.levels[seat]], lambda s=seat: self.cycle_level(s))
                level.rect = pygame.Rect(cx + ui(106), y, ui(120), row_h)
                rows.append(level)
        who = _("Random") if self.starter is None else self.names[self.starter]
        starter = Button(_("Starts: {name}").format(name=who), self.cycle_starter)
        starter.rect = pygame.Rect(cx + ui(240), top, ui(180), row_h)
        back = Button(N_("Back"), self.back, key=pygame.K_ESCAPE)
        go = Button(N_("Start game"), self.start, primary=True)
        widgets.layout_row([back, go], (cx, h - ui(50)), ui(200), ui(50), ui(20))
        self.buttons = [*self.game_buttons, minus, plus, *rows, starter, back, go]

    def back(self) -> None:
        self.app.stack.pop()

    # -- drawing and input ---------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        w, h = surface.get_size()
        surface.blit(self.app.art.felt((w, h)), (0, 0))
        blit_text(surface, _("New game"), ui(40), ACCENT, bold=True, center=(w // 2, ui(50)))
        from game.app.rules_text import TAGLINES

        blit_text(surface, TAGLINES.get(self.game_id, ""), ui(17), MUTED, center=(w // 2, ui(172)))
        blit_text(surface, _("Players"), ui(22), INK, midright=(self.label_x, self.count_center[1]))
        blit_text(surface, str(self.count), ui(28), INK, bold=True, center=self.count_center)
        for seat, rect in enumerate(self.name_rects):
            editing = self.editing == seat
            draw_panel(surface, rect, (10, 18, 14, 230), radius=ui(8),
                       edge=ACCENT if editing else widgets.PANEL_EDGE)
            text = self.names[seat] + ("|" if editing else "")
            blit_text(surface, text, ui(20), INK, midleft=(rect.x + ui(12), rect.centery))
            blit_text(surface, _("Seat {n}").format(n=seat + 1), ui(14), MUTED,
                      midright=(rect.x - ui(10), rect.centery))
        for button in self.buttons:
            button.draw(surface, ui(19))

    def handle(self, event: pygame.event.Event) -> bool:
        if self.editing is not None and event.type == pygame.TEXTINPUT:
            if len(self.names[self.editing]) < MAX_NAME:
                self.names[self.editing] += event.text
            return True
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

        names = [focus.Focusable(("name", seat), rect, lambda s=seat: edit(s))
                 for seat, rect in enumerate(self.name_rects)]
        return sorted(names + focus.from_buttons(self.buttons), key=lambda i: (i.rect.y, i.rect.x))

    def keeps_key(self, event: pygame.event.Event) -> bool:
        """While a name is typed in, every key belongs to the name field."""
        return self.editing is not None

    def stop_editing(self) -> None:
        if self.editing is not None:
            pygame.key.stop_text_input()
            self.editing = None
            self.rebuild()
