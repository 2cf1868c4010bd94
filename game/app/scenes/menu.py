"""The in-game menu (Esc): resume, rules, settings, quit to the title."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.shell.save_keeping import kept_at, not_saved
from game.app.ui import widgets
from game.app.ui.modal import ModalScene
from game.app.ui.widgets import Button, blit_text
from game.i18n import N_, _

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.app.table.base import TableScene


class MenuScene(ModalScene):
    title = N_("Paused")
    panel_size = (420, 470)

    def __init__(self, app: AppSurface, table: TableScene):
        super().__init__(app)
        self.table = table
        self.note = ""  # "Saved as ..." after Save game
        words = table.mode.menu_words()  # a table that does not pause (a network one) says so
        self.subtitle = ""
        if words is not None:
            self.title, self.subtitle = words
            self.panel_size = (MenuScene.panel_size[0] + 60, MenuScene.panel_size[1])

    def make_buttons(self) -> list[Button]:
        return self.table.mode.menu_buttons(
            [
                Button(N_("Resume"), self.app.stack.pop, key=pygame.K_ESCAPE, primary=True),
                Button(N_("Save game"), self.save_game),
                Button(N_("Rules"), self.rules),
                Button(N_("Settings"), self.settings),
                Button(N_("Quit to menu"), self.quit_to_menu),
            ]
        )

    def place_buttons(self) -> None:
        ui = self.app.ui
        top = self.panel.y + ui(130 if self.subtitle else 90)
        width = min(ui(320 if self.subtitle else 260), self.panel.w - ui(40))
        widgets.layout_column(self.buttons, self.panel.centerx, top, width, ui(46), ui(16))

    def save_game(self) -> None:
        """A name prompt, then a save slot; the menu says where it went."""

        def saved(name: str) -> None:
            self.note = _("Saved as “{name}”.").format(name=name)

        match = self.table.session.local
        if match is not None:  # (a network table's menu has no Save game: the host keeps it)
            self.app.routes.save(match, saved)

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        if self.subtitle:  # a network table's: the game goes on, the host keeps it (nothing to say at the bottom)
            y = self.panel.y + ui(66)
            for line in widgets.wrap(_(self.subtitle), ui(16), self.panel.w - ui(40))[:2]:
                blit_text(surface, line, ui(16), widgets.MUTED, midtop=(self.panel.centerx, y))
                y += ui(22)
            return
        match = self.table.session.local
        kept = kept_at(match) if match is not None else None
        if self.note:
            text, colour = self.note, widgets.ACCENT
        elif not self.table.demo and kept is not None:
            text, colour = _("Every move is saved to {path}.").format(path=kept), widgets.MUTED
        elif not self.table.demo and match is not None and not_saved(match):
            text, colour = _("Fireside could not save this game in its folder: use Save game."), widgets.DANGER
        elif not self.table.demo:
            text, colour = _("Every move is saved as you play."), widgets.MUTED
        else:
            return
        blit_text(
            surface,
            text,
            widgets.fit_size(text, ui(16), self.panel.w - ui(30)),
            colour,
            midbottom=(self.panel.centerx, self.panel.bottom - ui(16)),
        )

    def rules(self) -> None:
        self.app.routes.rules(self.table.GAME)

    def settings(self) -> None:
        self.app.routes.settings()

    def quit_to_menu(self) -> None:
        self.app.routes.title()
