"""A table of scores on a panel: names left, numbers centred (round
summaries, final results, the end of a replay)."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

import pygame

from game.app.ui.widgets import ACCENT, INK, MUTED, blit_text

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface


def draw_score_table(
    app: AppSurface,
    surface: pygame.Surface,
    panel: pygame.Rect,
    headers: list[str],
    rows: list[list[str]],
    highlight: AbstractSet[int] = frozenset(),
) -> None:
    """Column 0 left-aligned (names), the rest centred, from below the title."""
    ui = app.ui
    top = panel.y + ui(92)
    first_w = ui(200)
    rest = (panel.w - ui(40) - first_w) / max(1, len(headers) - 1)
    xs = [panel.x + ui(20)] + [round(panel.x + ui(20) + first_w + rest * (i + 0.5)) for i in range(len(headers) - 1)]
    for c, head in enumerate(headers):
        anchor: dict[str, tuple[int, int]] = {"midleft": (xs[c], top)} if c == 0 else {"center": (xs[c], top)}
        blit_text(surface, head, ui(16), MUTED, False, **anchor)
    for r, row in enumerate(rows):
        y = top + ui(40) * (r + 1)
        colour = ACCENT if r in highlight else INK
        for c, cell in enumerate(row):
            anchor = {"midleft": (xs[c], y)} if c == 0 else {"center": (xs[c], y)}
            blit_text(surface, cell, ui(20), colour, c == 0 or c == len(row) - 1, **anchor)
