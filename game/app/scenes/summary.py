"""The scores after a round, over the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.scenes.modal import ModalScene
from game.app.widgets import ACCENT, INK, MUTED, Button, blit_text
from game.i18n import N_

if TYPE_CHECKING:
    from game.app.app import App


class SummaryScene(ModalScene):
    def __init__(self, app: App, title: str, headers: list[str], rows: list[list[str]],
                 auto_close: float | None = None):
        super().__init__(app)
        self.auto_close = auto_close  # seconds; demos go on by themselves
        self.title = title
        self.headers = headers
        self.rows = rows
        self.panel_size = (min(900, 220 + 130 * len(headers)), 210 + 40 * len(rows))

    def make_buttons(self) -> list[Button]:
        return [Button(N_("Continue"), self.app.stack.pop, key=pygame.K_RETURN, primary=True)]

    def update(self, dt: float) -> None:
        if self.auto_close is not None:
            self.auto_close -= dt
            if self.auto_close <= 0 and self.app.stack.top is self:
                self.app.stack.pop()

    def next_frame(self) -> float | None:
        return None if self.auto_close is None else max(0.0, self.auto_close)

    def draw_body(self, surface: pygame.Surface) -> None:
        draw_score_table(self.app, surface, self.panel, self.headers, self.rows)


def draw_score_table(app, surface: pygame.Surface, panel: pygame.Rect, headers: list[str],
                     rows: list[list[str]], highlight: set[int] = frozenset()) -> None:
    """Column 0 left-aligned (names), the rest centred, from below the title."""
    ui = app.ui
    top = panel.y + ui(92)
    first_w = ui(200)
    rest = (panel.w - ui(40) - first_w) / max(1, len(headers) - 1)
    xs = [panel.x + ui(20)] + [round(panel.x + ui(20) + first_w + rest * (i + 0.5))
                              for i in range(len(headers) - 1)]
    for c, head in enumerate(headers):
        anchor = {"midleft": (xs[c], top)} if c == 0 else {"center": (xs[c], top)}
        blit_text(surface, head, ui(16), MUTED, **anchor)
    for r, row in enumerate(rows):
        y = top + ui(40) * (r + 1)
        colour = ACCENT if r in highlight else INK
        for c, cell in enumerate(row):
            anchor = {"midleft": (xs[c], y)} if c == 0 else {"center": (xs[c], y)}
            blit_text(surface, cell, ui(20), colour, bold=(c == 0 or c == len(row) - 1), **anchor)
