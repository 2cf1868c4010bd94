"""The round's log at a table: one line under the status that says the
latest turn in words (the *turn line*), and the log that L (or a click on
that line) opens over the table -- in Sticheln with the last trick, who
played what.

An object a table owns (`TableScene.log`); what it needs of the table is
`LogHost`, and the words come from the table's `Chronicle`.  The line
changes when the cards of a move have arrived, not when the rules
reported it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game import i18n
from game.app.table import voice
from game.app.ui import widgets
from game.app.ui.widgets import ACCENT, INK, MUTED, blit_text, draw_panel
from game.i18n import N_, _, ngettext
from game.rules import registry

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.app.table.chronicle import Chronicle
    from game.app.table.stage import Stage

LINE_FILL = (14, 24, 20, 190)
LOG_FILL = (16, 26, 22, 255)  # opaque: the log is read, not seen through
SCRIM = (0, 0, 0, 120)
LOG_LIMIT = 400  # turns the log keeps to scroll back through (a whole round, a long Avalanche)


class LogHost(Protocol):
    """What the log asks of the table it serves (the game's table may
    move or narrow the line, cover it with a banner, add a part of its own)."""

    @property
    def app(self) -> AppSurface: ...

    viewer: int | None
    size: tuple[int, int]

    def name(self, seat: int) -> str: ...
    def you(self, seat: int) -> bool: ...

    def turn_line_y(self) -> float:
        """The turn line's height on the table."""
        ...

    def turn_line_width(self) -> int:
        """How wide the turn line may be."""
        ...

    def turn_line_covered(self) -> bool:
        """True while a game's banner lies where the line goes (and says it bigger)."""
        ...

    def peek_height(self) -> int:
        """Room the game's own part of the log needs (Sticheln: the last trick)."""
        ...

    def draw_peek(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The game's own part of the log, drawn in `rect`."""
        ...


class RoundLog:
    """The turn line and the log panel (see module doc)."""

    def title(self) -> str:
        """The log's heading: the game's words may say it (`LOG_TITLE`: a game
        played as one long round has no "round so far"), else "This round so far"."""
        words = registry.get(self.chronicle.game).module("words")
        return _(getattr(words, "LOG_TITLE", N_("This round so far")))

    def __init__(self, host: LogHost, chronicle: Chronicle, stage: Stage[Any]) -> None:
        self.host = host
        self.app = host.app
        self.chronicle = chronicle
        self.stage = stage
        self.open = False
        self._told: tuple[Any, str] = (None, "")
        self._log: tuple[Any, list[str]] = (None, [])
        self.back = 0  # rows scrolled back from the newest while the log is open
        self._rows: tuple[Any, list[str]] = (None, [])

    def line(self) -> str:
        """The latest turn in words, as of the last moment the cards lay still."""
        if self.stage.moving or self.stage.leaving:
            return self._told[1]
        host = self.host
        key = (self.chronicle.version, host.viewer, i18n.language())
        if self._told[0] != key:
            self._told = (key, self.chronicle.line(host.viewer, host.name, host.you))
        return self._told[1]

    def lines(self) -> list[str]:
        """The round's turns in words, said again only when the chronicle changed."""
        host = self.host
        key = (self.chronicle.version, host.viewer, i18n.language())
        if self._log[0] != key:
            self._log = (key, self.chronicle.log(host.viewer, host.name, host.you, limit=LOG_LIMIT))
        return self._log[1]

    def line_rect(self) -> pygame.Rect:
        ui = self.app.ui
        rect = pygame.Rect(0, 0, self.host.turn_line_width(), ui(26))
        rect.center = (self.host.size[0] // 2, round(self.host.turn_line_y()))
        return rect

    def toggle(self) -> None:
        self.open = not self.open
        self.back = 0  # it opens on the newest turns
        self.app.sound.play("click")

    def scroll(self, rows: int) -> None:
        """Read further back (`rows` > 0) or forward, within the log."""
        _rect, all_rows, room = self.panel_rows()
        most = self.most_back(len(all_rows), room) if len(all_rows) > room else 0
        self.back = max(0, min(self.back + rows, most))

    def handle(self, event: pygame.event.Event) -> bool:
        """L opens and closes the log; while it is open, Esc or any click
        closes it, and the wheel, the arrows, Page Up/Down, Home and End scroll it."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_l or (self.open and event.key == pygame.K_ESCAPE):
                self.toggle()
                return True
            if self.open:
                _rect, _rows, room = self.panel_rows()
                page = max(1, room - 1)
                steps = {
                    pygame.K_UP: 1,
                    pygame.K_DOWN: -1,
                    pygame.K_PAGEUP: page,
                    pygame.K_PAGEDOWN: -page,
                    pygame.K_HOME: 1 << 20,
                    pygame.K_END: -(1 << 20),
                }
                if event.key in steps:
                    self.scroll(steps[event.key])
                return True  # the log is read: no key reaches the table beneath it
        elif event.type == pygame.MOUSEWHEEL and self.open:
            self.scroll(3 * event.y)  # the wheel away from you reads back
            return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.open or (self.line() and self.line_rect().collidepoint(event.pos)):
                self.toggle()
                return True
        return False

    def line_text(self, width: int) -> tuple[list[str], int]:
        """The line as drawn in `width`: readable (>= 13 px at 100 %), dropping the turn's
        earlier sentences first (the log keeps them), then on two lines."""
        ui = self.app.ui
        parts = self.line().split(" · ")
        while len(parts) > 1 and widgets.fit_size(" · ".join(parts), ui(15), width) < ui(13):
            parts.pop(0)
        return voice.fit_lines(" · ".join(parts), width, ui(15), ui(13))

    def line_shown(self) -> tuple[pygame.Rect, list[str], int] | None:
        """The turn line as drawn (a second line grows it upwards, off the
        hand) and its lines and size; None while no line shows."""
        if not self.line() or self.host.turn_line_covered():
            return None
        ui = self.app.ui
        rect = self.line_rect()
        lines, px = self.line_text(rect.w - ui(20))
        if len(lines) > 1:
            rect.h, rect.bottom = ui(6) + round(px * 1.22) * len(lines), rect.bottom
        return rect, lines, px

    def line_words(self) -> pygame.Rect | None:
        """Where the turn line's words are (its pill is wider): what an
        overlay should leave readable; None while no line shows."""
        shown = self.line_shown()
        if shown is None:
            return None
        rect, lines, px = shown
        words = pygame.Rect(0, 0, max(widgets.fonts.size(line, px)[0] for line in lines), round(px * 1.22) * len(lines))
        words.center = rect.center
        return words

    def draw(self, surface: pygame.Surface) -> None:
        shown = self.line_shown()
        if shown is not None:
            rect, lines, px = shown
            step = round(px * 1.22)
            draw_panel(surface, rect, LINE_FILL, radius=min(rect.h // 2, self.app.ui(13)), edge=None)
            for i, line in enumerate(lines):
                y = rect.centery + round((i - (len(lines) - 1) / 2) * step)
                blit_text(surface, line, px, INK, center=(rect.centerx, y))
        if self.open:
            self.draw_panel(surface)

    def panel_rows(self) -> tuple[pygame.Rect, list[str], int]:
        """The open log's box, every row of the round's turns (long turns wrap
        at a readable size rather than shrink: a 6-seat Grinch's reveal) and
        how many rows fit under its heading and the game's own part."""
        ui = self.app.ui
        w, h = self.host.size
        width = min(w - ui(60), ui(760))
        lines = self.lines()
        key = (self._log[0], width, ui(16))
        if self._rows[0] != key:  # wrapped again only when the turns or the size changed
            said = lines or [_("Nothing has happened yet.")]
            self._rows = (key, [row for line in said for row in widgets.wrap(line, ui(16), width - ui(36))])
        rows = self._rows[1]
        peek_h = self.host.peek_height()
        height = ui(64) + peek_h + len(rows) * ui(24) + ui(30)
        rect = pygame.Rect(0, 0, width, min(height, h - ui(110)))
        rect.center = (w // 2, h // 2)
        room = max(1, (rect.bottom - ui(30) - (rect.y + ui(48) + peek_h)) // ui(24))
        return rect, rows, room

    def shown_rows(self) -> list[tuple[str, bool]]:
        """The rows the open log shows now, each with True for a muted note:
        the newest turns (or those scrolled back to), under a line that says
        how many earlier rows the arrows or the wheel reach, and over one that
        counts the later rows while the log is scrolled back."""
        _rect, rows, room = self.panel_rows()
        if len(rows) <= room:
            return [(row, False) for row in rows]
        back = min(self.back, self.most_back(len(rows), room))
        fits = max(1, room - 1 - (1 if back else 0))
        end = len(rows) - back
        start = 0 if end <= room - 1 else max(0, end - fits)  # from the first row, no note above
        out: list[tuple[str, bool]] = []
        if start:
            out.append(
                (
                    ngettext(
                        "{n} earlier line — scroll up: the wheel, Up, Page Up",
                        "{n} earlier lines — scroll up: the wheel, Up, Page Up",
                        start,
                    ).format(n=start),
                    True,
                )
            )
        out += [(row, False) for row in rows[start:end]]
        if back:
            out.append(
                (
                    ngettext(
                        "{n} later line — scroll down: the wheel, Down, End",
                        "{n} later lines — scroll down: the wheel, Down, End",
                        back,
                    ).format(n=back),
                    True,
                )
            )
        return out

    @staticmethod
    def most_back(count: int, room: int) -> int:
        """How far back the log scrolls: until its first row shows (under no
        note, over the note that counts the later rows)."""
        return max(0, count - max(1, room - 1))

    def draw_panel(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        w, h = self.host.size
        rect, _rows, _room = self.panel_rows()
        peek_h = self.host.peek_height()
        surface.blit(widgets.panel((w, h), SCRIM, radius=0, edge=None), (0, 0))
        draw_panel(surface, rect, LOG_FILL, radius=ui(14), edge=ACCENT)
        blit_text(surface, self.title(), ui(20), ACCENT, bold=True, topleft=(rect.x + ui(18), rect.y + ui(14)))
        y = rect.y + ui(48)
        if peek_h:
            self.host.draw_peek(surface, pygame.Rect(rect.x + ui(18), y, rect.w - ui(36), peek_h))
            y += peek_h
        for line, muted in self.shown_rows():
            blit_text(
                surface,
                line,
                widgets.fit_size(line, ui(16), rect.w - ui(36)),
                MUTED if muted else INK,
                topleft=(rect.x + ui(18), y),
            )
            y += ui(24)
        blit_text(
            surface, _("L, Esc or a click closes the log"), ui(13), MUTED, midbottom=(rect.centerx, rect.bottom - ui(8))
        )
