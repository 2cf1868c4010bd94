"""The status line's three voices, so a player tells help from a "no" at a
glance: an instruction or a piece of news is said neutrally (INFO), advice
in gold (HINT), a refusal in red (REFUSAL).  A refusal belongs to the
position it answered and is cleared as soon as a move is made.  And how a
long line fits: on two lines rather than in tiny type.
"""

from __future__ import annotations

from typing import NamedTuple

from game.app.ui.widgets import ACCENT, DANGER, INK, PANEL, PANEL_EDGE, fit_size, wrap

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


def fit_lines(text: str, width: int, size: int, smallest: int, most: int = 2) -> tuple[list[str], int]:
    """`text` as one line at the largest size <= `size` that fits `width`;
    if that is below `smallest`, as up to `most` lines at the largest size
    that fits (a long Catalan hint stays readable; the coach's hint, a
    sentence with its reason and margin, may take `most` = 4 lines)."""
    one = fit_size(text, size, width)
    if one >= smallest:
        return [text], one
    for px in range(smallest, 8, -1):
        lines = wrap(text, px, width)
        if len(lines) <= most and all(fit_size(line, px, width) == px for line in lines):
            return lines, px
    return [text], one


MESSAGE_TIME = 3.5  # seconds a message holds the status line


class MessageLine:
    """The message that takes the status line's place for a few seconds (a
    reason, a hint, a piece of news), in one of the three voices."""

    def __init__(self) -> None:
        self.text = ""
        self.tone = INFO
        self.left = 0.0  # seconds it still shows

    @property
    def showing(self) -> bool:
        return self.left > 0 and bool(self.text)

    def say(self, text: str, tone: str = INFO, seconds: float = MESSAGE_TIME) -> None:
        self.text, self.tone, self.left = text, tone, seconds

    def clear(self, tone: str | None = None) -> None:
        """Stop showing it (only if it is said in `tone`, when given)."""
        if tone is None or self.tone == tone:
            self.left = 0.0

    def count_down(self, dt: float) -> None:
        if self.left > 0:
            self.left -= dt
