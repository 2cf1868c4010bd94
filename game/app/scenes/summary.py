"""The scores after a round, over the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.ui.modal import ModalScene
from game.app.ui.score_table import ScoreSheet, draw_sheet
from game.app.ui.widgets import Button
from game.i18n import N_

if TYPE_CHECKING:
    from game.app.shell.app import App


class SummaryScene(ModalScene):
    hides_overlays = True  # its scores replace the score pad beneath, never print over it
    steps_aside = True  # only scores to read: the host's going (Try again, Back to the title) comes first

    def __init__(self, app: App, sheet: ScoreSheet, auto_close: float | None = None):
        super().__init__(app)
        self.auto_close = auto_close  # seconds; demos go on by themselves
        self.sheet = sheet
        self.title = sheet.title
        # As tall as the sheet and the button row: no empty band between them.
        self.panel_size = (max(560, sheet.width()), sheet.body_height() + 76)

    def make_buttons(self) -> list[Button]:
        return [Button(N_("Continue"), self.app.stack.pop, key=pygame.K_RETURN, primary=True)]

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:  # as Continue: it only reads
            self.app.stack.pop()
            return True
        return super().handle(event)

    def update(self, dt: float) -> None:
        if self.auto_close is not None:
            self.auto_close -= dt
            if self.auto_close <= 0 and self.app.stack.top is self:
                self.app.stack.pop()

    def next_frame(self) -> float | None:
        if self.auto_close is None or self.app.stack.top is not self:  # closes only on top
            return None
        return max(0.0, self.auto_close)

    def draw_body(self, surface: pygame.Surface) -> None:
        draw_sheet(self.app, surface, self.panel, self.sheet)
