"""The record at a table: one line under the status that says the latest
turn in words, and the round's log that L (or a click on that line) opens
over the table -- in Sticheln with the last trick, who played what.

A mixin of `TableScene`, which provides the chronicle (a `record.Record`), the
stage (`moving`, `leaving`) and the status box.  The line changes when the
cards of a move have arrived, not when the rules reported it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.app.table import voice
from game.app.ui import widgets
from game.app.ui.widgets import ACCENT, INK, MUTED, blit_text, draw_panel
from game.i18n import _

if TYPE_CHECKING:
    from game.app.shell.app import App
    from game.app.table.chronicle import Chronicle
    from game.app.table.sprites import CardSprite

LINE_FILL = (14, 24, 20, 190)
LOG_FILL = (16, 26, 22, 255)  # opaque: the log is read, not seen through
SCRIM = (0, 0, 0, 120)


class RoundLog:
    """The record line and the log panel (see module doc)."""

    if TYPE_CHECKING:  # what the log reads of the table it serves (TableScene, Stage)
        app: App
        chronicle: Chronicle
        viewer: int | None
        size: tuple[int, int]
        card_w: int
        hand_y: float
        leaving: list[CardSprite]

        @property
        def moving(self) -> bool: ...
        def name(self, seat: int) -> str: ...
        def you(self, seat: int) -> bool: ...

    def init_log(self) -> None:
        self.log_open = False
        self._told: tuple[Any, str] = (None, "")
        self._log: tuple[Any, list[str]] = (None, [])

    def record_line(self) -> str:
        """The latest turn in words, as of the last moment the cards lay still."""
        if self.moving or self.leaving:
            return self._told[1]
        key = (self.chronicle.version, self.viewer, i18n.language())
        if self._told[0] != key:
            self._told = (key, self.chronicle.line(self.viewer, self.name, self.you))
        return self._told[1]

    def log_lines(self) -> list[str]:
        """The round's turns in words, said again only when the record changed."""
        key = (self.chronicle.version, self.viewer, i18n.language())
        if self._log[0] != key:
            self._log = (key, self.chronicle.log(self.viewer, self.name, self.you))
        return self._log[1]

    def record_y(self) -> float:
        """The record line's height on the table: just above the viewer's hand."""
        return self.hand_y - self.card_w * 0.7 - self.app.ui(26)

    def record_width(self) -> int:
        """How wide the line may be: a game narrows it to keep clear of its piles' labels."""
        return min(self.size[0] - self.app.ui(440), self.app.ui(760))

    def record_rect(self) -> pygame.Rect:
        ui = self.app.ui
        rect = pygame.Rect(0, 0, self.record_width(), ui(26))
        rect.center = (self.size[0] // 2, round(self.record_y()))
        return rect

    def toggle_log(self) -> None:
        self.log_open = not self.log_open
        self.app.sound.play("click")

    def handle_log(self, event: pygame.event.Event) -> bool:
        """L opens and closes the log; while it is open, Esc or any click closes it."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_l or (self.log_open and event.key == pygame.K_ESCAPE):
                self.toggle_log()
                return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.log_open or (self.record_line() and self.record_rect().collidepoint(event.pos)):
                self.toggle_log()
                return True
        return False

    def record_covered(self) -> bool:
        """True while a game's banner lies where the line goes (and says it bigger)."""
        return False

    def record_text(self, width: int) -> tuple[list[str], int]:
        """The line as drawn in `width`: readable (>= 13 px at 100 %), dropping the turn's
        earlier sentences first (the log keeps them), then on two lines."""
        ui = self.app.ui
        parts = self.record_line().split(" · ")
        while len(parts) > 1 and widgets.fit_size(" · ".join(parts), ui(15), width) < ui(13):
            parts.pop(0)
        return voice.fit_lines(" · ".join(parts), width, ui(15), ui(13))

    def record_shown(self) -> tuple[pygame.Rect, list[str], int] | None:
        """The record line as drawn (a second line grows it upwards, off the
        hand) and its lines and size; None while no line shows."""
        if not self.record_line() or self.record_covered():
            return None
        ui = self.app.ui
        rect = self.record_rect()
        lines, px = self.record_text(rect.w - ui(20))
        if len(lines) > 1:
            rect.h, rect.bottom = ui(6) + round(px * 1.22) * len(lines), rect.bottom
        return rect, lines, px

    def record_words(self) -> pygame.Rect | None:
        """Where the record line's words are (its pill is wider): what an
        overlay should leave readable; None while no line shows."""
        shown = self.record_shown()
        if shown is None:
            return None
        rect, lines, px = shown
        words = pygame.Rect(0, 0, max(widgets.fonts.size(line, px)[0] for line in lines), round(px * 1.22) * len(lines))
        words.center = rect.center
        return words

    def draw_record(self, surface: pygame.Surface) -> None:
        shown = self.record_shown()
        if shown is not None:
            rect, lines, px = shown
            step = round(px * 1.22)
            draw_panel(surface, rect, LINE_FILL, radius=min(rect.h // 2, self.app.ui(13)), edge=None)
            for i, line in enumerate(lines):
                y = rect.centery + round((i - (len(lines) - 1) / 2) * step)
                blit_text(surface, line, px, INK, center=(rect.centerx, y))
        if self.log_open:
            self.draw_log(surface)

    def draw_log(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        w, h = self.size
        width = min(w - ui(60), ui(760))
        # Long turns wrap at a readable size rather than shrink (a 6-seat Grinch's reveal).
        lines = [
            row
            for line in (self.log_lines() or [_("Nothing has happened yet.")])
            for row in widgets.wrap(line, ui(16), width - ui(36))
        ]
        peek_h = self.peek_height()
        height = ui(64) + peek_h + len(lines) * ui(24) + ui(30)
        rect = pygame.Rect(0, 0, width, min(height, h - ui(110)))
        rect.center = (w // 2, h // 2)
        surface.blit(widgets.panel((w, h), SCRIM, radius=0, edge=None), (0, 0))
        draw_panel(surface, rect, LOG_FILL, radius=ui(14), edge=ACCENT)
        blit_text(
            surface, _("This round so far"), ui(20), ACCENT, bold=True, topleft=(rect.x + ui(18), rect.y + ui(14))
        )
        y = rect.y + ui(48)
        if peek_h:
            self.draw_peek(surface, pygame.Rect(rect.x + ui(18), y, rect.w - ui(36), peek_h))
            y += peek_h
        room = max(1, (rect.bottom - ui(30) - y) // ui(24))
        if len(lines) > room:  # the newest turns, under a mark that earlier ones are left out
            lines = ["…", *lines[len(lines) - room + 1 :]]
        for line in lines:
            blit_text(
                surface,
                line,
                widgets.fit_size(line, ui(16), rect.w - ui(36)),
                MUTED if line == "…" else INK,
                topleft=(rect.x + ui(18), y),
            )
            y += ui(24)
        blit_text(
            surface, _("L, Esc or a click closes the log"), ui(13), MUTED, midbottom=(rect.centerx, rect.bottom - ui(8))
        )

    def peek_height(self) -> int:
        """Room the game's own part of the log needs (Sticheln: the last trick)."""
        return 0

    def draw_peek(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The game's own part of the log, drawn in `rect`."""
