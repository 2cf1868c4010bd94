"""The first screen: the name, and where to go next."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game import __version__
from game.app import widgets
from game.app.scene import Scene
from game.app.widgets import ACCENT, INK, MUTED, Button, blit_text

if TYPE_CHECKING:
    from game.app.app import App


class TitleScene(Scene):
    def __init__(self, app: App):
        super().__init__(app)
        self.buttons = [
            Button("New game", self.new_game, key=pygame.K_RETURN, primary=True),
            Button("Rules", self.rules),
            Button("Settings", self.settings),
            Button("Quit", self.app.quit, key=pygame.K_ESCAPE),
        ]
        self.clock = 0.0

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.app.ui
        widgets.layout_column(self.buttons, size[0] // 2, size[1] // 2 + ui(20), ui(280),
                              ui(50), ui(14))

    def new_game(self) -> None:
        from game.app.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app))

    def rules(self) -> None:
        from game.app.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, "sticheln"))

    def settings(self) -> None:
        from game.app.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        w, h = surface.get_size()
        art = self.app.art
        surface.blit(art.felt((w, h)), (0, 0))
        # A small fan of one card from each game, swaying gently.
        cw = ui(92)
        cards = _showcase()
        for i, (game, card) in enumerate(cards):
            sway = math.sin(self.clock * 0.8 + i) * 1.5
            img = art.face(game, card, cw)
            img = pygame.transform.rotozoom(img, (1 - i) * 12 + sway, 1.0)
            surface.blit(img, img.get_rect(center=(w // 2 + (i - 1) * ui(70),
                                                   h // 2 - ui(200) + abs(i - 1) * ui(12))))
        blit_text(surface, "Fireside", ui(76), ACCENT, bold=True, center=(w // 2, h // 2 - ui(70)))
        blit_text(surface, "Sticheln · Avalanche · Grinch: Grow Your Heart", ui(20), INK,
                  center=(w // 2, h // 2 - ui(20)))
        for button in self.buttons:
            button.draw(surface, ui(21))
        blit_text(surface, f"v{__version__}", ui(13), MUTED, bottomright=(w - ui(10), h - ui(8)))

    def handle(self, event: pygame.event.Event) -> bool:
        return widgets.handle_all(self.buttons, event)


def _showcase():
    from game.rules import avalanche, grinch, sticheln

    return [("sticheln", sticheln.parse_card("red 13")), ("avalanche", avalanche.parse_card("QH")),
            ("grinch", grinch.parse_card("P5a"))]
