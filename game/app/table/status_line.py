"""The status line at the top of a table: whose turn it is and what they may
do, said by the game and its mode; a fresh message (a reason, a hint) takes
its place for a few seconds, so nothing on the table is ever covered.

An object a table owns (`TableScene.status_line`); what it needs of the
table is `StatusHost`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.app.table import voice
from game.app.ui.widgets import blit_text, draw_panel
from game.i18n import _

#: Lines the coach's hint may take at the body size rather than shrink
#: (its reason and margin make a long sentence).
HINT_LINES = 4

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.app.table.mode import TableMode
    from game.app.table.stage import Stage
    from game.app.table.voice import MessageLine
    from game.app.ui.widgets import Button
    from game.session.session import TableMatch

__all__ = ["StatusHost", "StatusLine"]


class StatusHost(Protocol):
    """What the status line asks of the table it tops."""

    @property
    def app(self) -> AppSurface: ...

    size: tuple[int, int]
    buttons: list[Button]
    demo: bool
    spectator: bool
    match: TableMatch
    mode: TableMode

    def status(self) -> str:
        """The game's own line: whose turn, what they may do."""
        ...


class StatusLine:
    """The status line's box, words and look (see module doc)."""

    def __init__(self, host: StatusHost, stage: Stage[Any], message: MessageLine) -> None:
        self.host = host
        self.stage = stage
        self.message = message

    def box(self) -> pygame.Rect:
        """Where the status line is: top centre, never under the buttons."""
        host = self.host
        ui = host.app.ui
        w = host.size[0]
        box = pygame.Rect(0, 0, min(w - ui(420), ui(760)), ui(34))
        box.midtop = (w // 2 - ui(80), ui(10))
        buttons = [b.rect.left for b in host.buttons if b.rect.top < box.bottom and b.rect.w]
        if buttons:  # never under the buttons (Grinch has one more)
            box.w = min(box.w, min(buttons) - ui(8) - box.x)
        return box

    def shown(self) -> tuple[pygame.Rect, list[str], int, Any]:
        """The status line as drawn: its box (taller when the words take two
        lines), the lines, their size and look."""
        host = self.host
        ui = host.app.ui
        box = self.box()
        if self.message.showing:
            text, look = self.message.text, voice.style(self.message.tone)
        else:
            prefix = _("Demo") + " · " if host.demo else _("Replay") + " · " if host.spectator else ""
            if host.match.daily is not None:  # today's deal says so, whoever watches
                prefix += _("Today's deal") + " · "
            said = _("Dealing the cards…") if self.stage.dealing else host.mode.status(host.status())
            text, look = prefix + said, voice.style(voice.INFO)
        most = HINT_LINES if self.message.showing and self.message.tone == voice.HINT else 2
        lines, px = voice.fit_lines(text, box.w - ui(24), ui(18), ui(15), most)
        if len(lines) > 1:  # two lines, snug but inside: the top seat's panel starts just below (ui(52))
            box.h = ui(12 if len(lines) < 3 else 8) + self.line_step(px, lines) * len(lines)
            box.y = max(ui(2), min(box.y, ui(52) - box.h))  # it grows upwards as far as it must
            # (a hint's third line covers the top panel's edge, never its name, while the hint shows)
        return box, lines, px, look

    @staticmethod
    def line_step(px: int, lines: list[str]) -> int:
        """From one line to the next: closer on three lines or more, so a long hint
        (a Catalan one at 1024x600) stays above the name on the top seat's panel."""
        return round(px * (1.22 if len(lines) < 3 else 1.15))

    def radius(self, lines: list[str]) -> int:
        """The pill's corners: round on one line; on two, tighter, so the
        first and last words stay clear of the curve."""
        return self.host.app.ui(17 if len(lines) < 2 else 9)

    def draw(self, surface: pygame.Surface) -> None:
        box, lines, px, look = self.shown()
        step = self.line_step(px, lines)
        draw_panel(surface, box, look.fill, radius=self.radius(lines), edge=look.edge)
        for i, line in enumerate(lines):
            y = box.centery + round((i - (len(lines) - 1) / 2) * step)
            blit_text(surface, line, px, look.ink, center=(box.centerx, y))
