"""The first start asks the player's name, once, over the title: typed, or
skipped (a guess from the account kept); Settings changes it later."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.ui import widgets
from game.app.ui.modal import PromptScene
from game.app.ui.widgets import MUTED, Button, blit_text
from game.app.words import player_name
from game.app.words.player_name import keep_name, my_name
from game.common.person_name import NAME_LENGTH
from game.i18n import N_, _

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface

__all__ = ["AskNameScene", "ask_once"]


def ask_once(app: AppSurface) -> AskNameScene | None:
    """At the first start, ask the player's name over the title (never again once
    typed or skipped); None when it was asked before."""
    if app.settings.name_asked:
        return None
    scene = AskNameScene(app)
    app.push(scene)
    return scene


class AskNameScene(PromptScene):
    """The first start: "What should friends call you?" -- typed, or skipped."""

    title = N_("What should friends call you?")
    panel_size = (560, 300)

    def __init__(self, app: AppSurface):
        super().__init__(app, my_name(app.settings) or player_name.default_player_name(), NAME_LENGTH)

    def make_buttons(self) -> list[Button]:
        return [Button(N_("Skip"), self.cancel), Button(N_("OK"), self.save, key=pygame.K_RETURN, primary=True)]

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        self.field.draw(surface, ui(22))
        line = _("Friends see this name at a network table; Settings can change it.")
        size = widgets.fit_size(line, ui(15), self.panel.w - ui(40))
        blit_text(surface, line, size, MUTED, midtop=(self.panel.centerx, self.field.rect.bottom + ui(12)))

    def save(self) -> None:
        keep_name(self.app, self.field.text)
        self.app.stack.remove(self)

    def cancel(self) -> None:
        """Skipped: the guess stays (the field as it was first filled), asked no more."""
        keep_name(self.app, self.app.settings.player_name or player_name.default_player_name())
        self.app.stack.remove(self)
