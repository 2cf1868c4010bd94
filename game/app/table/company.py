"""Who else is at a network table, and what a window missed: the words and
marks `NetworkMode` (`remote.py`) draws over the game's own table.

- `WatchMark`: a spectator's "Watching" mark (the bottom seat is not theirs:
  the status line says so too), and for the players a small line naming
  who watches ("Watching: Eve, Mina"), under the table's buttons;
- `HandCover`: at a host where several people share the laptop (seats
  "here"), the hand shown is covered whenever the seat to act is not the one
  shown (a friend on another laptop thinks, a computer plays): "Show my cards"
  lifts it until the next move;
- `away_line`: the moves missed while the line was down, in the game's own
  sentences ("While you were away: Ben played pink 7 · …").

Nothing here names a game: the sentences are the game's words (`Chronicle`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app.ui import widgets
from game.app.ui.widgets import ACCENT, INK, MUTED, Button, blit_text, draw_panel
from game.common.person_name import said
from game.i18n import N_, _

if TYPE_CHECKING:
    from game.app.table.base import TableScene
    from game.app.table.chronicle import Chronicle
    from game.rules.core import Event

__all__ = ["AWAY_TURNS", "HandCover", "WatchMark", "away_line"]

#: The latest missed turns "While you were away" names (the log has them all).
AWAY_TURNS = 3


def away_line(
    chronicle: Chronicle,
    missed: list[tuple[int, tuple[Event, ...]]],
    name: Callable[[int], str],
    you: Callable[[int], bool],
) -> str:
    """The moves missed, (seat, events) as this window may see them, in one line ("" for none)."""
    turns: list[str] = []
    for seat, events in missed:
        words = chronicle.said(seat, events, name, you)
        if words:
            turns.append(" · ".join(words))
    if not turns:
        return ""
    shown = turns[-AWAY_TURNS:]
    moves = "; ".join(shown) if len(shown) == len(turns) else "…; " + "; ".join(shown)
    return _("While you were away: {moves}").format(moves=moves)


class WatchMark:
    """The watchers, named under the table's buttons (see module doc)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    def text(self, watching: bool, watchers: list[str], me: str | None) -> str:
        """A spectator's mark (and who else watches), or the players' line ("" when nobody watches)."""
        names = said(watchers)
        if watching:
            others = list(names)
            if me is not None and me in others:
                others.remove(me)  # our own name once: it is us
            if others:
                return _("Watching · with {names}").format(names=", ".join(others))
            return _("Watching")
        return _("Watching: {names}").format(names=", ".join(names)) if names else ""

    def draw(self, surface: pygame.Surface, table: TableScene, text: str, watching: bool) -> None:
        if not text:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        ui = table.app.ui
        px = ui(16) if watching else ui(14)
        room = min(ui(320), table.size[0] // 3)
        shown, px = widgets.fitted(text, px, room - ui(20), watching)
        w = widgets.fonts.size(shown, px, watching)[0] + ui(20)
        top = max([b.rect.bottom for b in table.buttons if b.rect.w] + [ui(44)]) + ui(6)
        self.rect = pygame.Rect(0, 0, w, ui(28) if watching else ui(24))
        self.rect.topright = (table.size[0] - ui(12), top)
        fill = (56, 44, 14, 230) if watching else (14, 24, 20, 170)
        draw_panel(surface, self.rect, fill, radius=ui(12), edge=ACCENT if watching else None)
        ink = (255, 228, 160) if watching else MUTED
        blit_text(surface, shown, px, ink, bold=watching, center=self.rect.center)


class HandCover:
    """The shown hand covered while someone else acts, at a laptop several people share."""

    def __init__(self) -> None:
        self.peek_at: int | None = None  # the position at which "Show my cards" lifted the cover
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.button = Button(N_("Show my cards"), self.peek)
        self._position = 0

    def peek(self) -> None:
        self.peek_at = self._position

    def covers(self, table: TableScene, shared: bool) -> bool:
        """Whether the hand shown is covered now: the laptop is `shared`, and the seat
        to act is not the one shown (until "Show my cards", for this position)."""
        self._position = table.match.position
        viewer, current = table.viewer, table.match.current
        if not shared or viewer is None or current is None or current == viewer:
            self.peek_at = None
            return False
        return self.peek_at != table.match.position

    def place(self, table: TableScene) -> None:
        ui = table.app.ui
        top = round(table.hand_y - table.card_w * 0.7) - ui(12)
        left = round((table.size[0] - table.hand_width) / 2) - ui(16)
        self.rect = pygame.Rect(left, top, round(table.hand_width) + ui(32), table.size[1] - top)
        self.button.rect = pygame.Rect(0, 0, widgets.fitting_width(self.button.label, ui(16), ui(150)), ui(34))
        self.button.rect.midbottom = (self.rect.centerx, self.rect.bottom - ui(22))

    def draw(self, surface: pygame.Surface, table: TableScene) -> None:
        ui = table.app.ui
        self.place(table)
        draw_panel(surface, self.rect, (16, 30, 24, 255), radius=ui(16), edge=None)
        current = table.match.current
        name = table.name(table.viewer) if table.viewer is not None else ""
        acting = table.name(current) if current is not None else ""
        line = _("{name}'s cards are hidden while {other} plays").format(name=name, other=acting)
        px = widgets.fit_size(line, ui(20), self.rect.w - ui(32))
        blit_text(surface, line, px, INK, center=(self.rect.centerx, self.button.rect.top - ui(28)))
        self.button.draw(surface, ui(16))

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on the cover is the cover's (the button lifts it)."""
        if self.button.handle(event):
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos)
