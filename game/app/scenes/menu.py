"""The in-game menu (Esc): resume, rules, settings, quit to the title."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import widgets
from game.app.scenes.modal import ModalScene
from game.app.widgets import Button

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.table.base import TableScene


class MenuScene(ModalScene):
    title = "Paused"
    panel_size = (420, 400)

    def __init__(self, app: App, table: TableScene):
        super().__init__(app)
        self.table = table

    def make_buttons(self) -> list[Button]:
        return [
            Button("Resume", self.app.stack.pop, key=pygame.K_ESCAPE, primary=True),
            Button("Rules", self.rules),
            Button("Settings", self.settings),
            Button("Quit to menu", self.quit_to_menu),
        ]

    def place_buttons(self) -> None:
        ui = self.app.ui
        widgets.layout_column(self.buttons, self.panel.centerx, self.panel.y + ui(90),
                              ui(260), ui(46), ui(16))

    def rules(self) -> None:
        from game.app.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.table.GAME))

    def settings(self) -> None:
        from game.app.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def quit_to_menu(self) -> None:
        from game.app.scenes.title import TitleScene

        self.app.replace(TitleScene(self.app))
