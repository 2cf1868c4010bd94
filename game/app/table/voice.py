"""The status line's three voices, so a player tells help from a "no" at a
glance: an instruction or a piece of news is said neutrally (INFO), advice
in gold (HINT), a refusal in red (REFUSAL).  A refusal belongs to the
position it answered and is cleared as soon as a move is made.
"""

from __future__ import annotations

from typing import NamedTuple

from game.app.widgets import ACCENT, DANGER, INK, PANEL, PANEL_EDGE

INFO, HINT, REFUSAL = "info", "hint", "refusal"


class Style(NamedTuple):
    """How a voice is drawn: the box's fill and edge, and the ink."""

    fill: tuple[int, ...]
    edge: tuple[int, int, int]
    ink: tuple[int, int, int]


STYLES: dict[str, Style] = {
    INFO: Style(PANEL, PANEL_EDGE, INK),
    HINT: Style((56, 44, 14, 240), ACCENT, (255, 228, 160)),
    REFUSAL: Style((74, 28, 22, 240), DANGER, INK),
}


def style(voice: str) -> Style:
    """The style of `voice` (an unknown voice is said neutrally)."""
    return STYLES.get(voice, STYLES[INFO])
