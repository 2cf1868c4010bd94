"""A seat's panel on the felt: its mark, its name, the tag that says who plays
it ("you", "hard", a network table's "away 1:20"), the game's lines of public facts,
a glow while it is to act in the picture shown, and the turn clock's ring
round its mark (the time left in the tag's place) while a clock runs for it.

An object a table owns (`TableScene.panels`); what it needs of the table is
`PanelHost` (a game draws more over a panel in its own `draw_seat`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.app.ui import widgets
from game.app.ui.widgets import ACCENT, DANGER, INK, MUTED, blit_text, draw_panel
from game.app.words import names

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.app.table.layout import SeatSpot
    from game.app.table.mode import TableMode
    from game.session.session import TableMatch

__all__ = ["HURRY", "PanelHost", "SeatPanels", "clock_text"]

#: Seconds left at which the turn clock turns red.
HURRY = 10.0


def clock_text(seconds: float) -> str:
    """Seconds as a clock says them: "0:23", "1:05" (rounded up: it says 0:00 only when out)."""
    whole = max(0, math.ceil(seconds - 1e-9))
    return f"{whole // 60}:{whole % 60:02d}"


class PanelHost(Protocol):
    """What the seat panels ask of the table."""

    @property
    def app(self) -> AppSurface: ...

    spots: list[SeatSpot]
    match: TableMatch
    mode: TableMode

    def shown(self) -> Any:
        """The picture on the table now (a hold's past moment, or the view)."""
        ...

    def pulse(self) -> float: ...
    def seat_badge_width(self, seat: int) -> int: ...
    def you(self, seat: int) -> bool: ...
    def name(self, seat: int) -> str: ...
    def seat_lines(self, seat: int) -> list[str]: ...


class SeatPanels:
    """Draws the seats' panels (see module doc)."""

    def __init__(self, host: PanelHost) -> None:
        self.host = host

    def draw(self, surface: pygame.Surface, seat: int) -> None:
        host = self.host
        ui = host.app.ui
        rect = host.spots[seat].panel
        # Whose turn the table shows: nobody's while a past moment is on show.
        active = host.shown().current_player == seat
        if active:
            pulse = host.pulse()
            glow = rect.inflate(ui(8) + round(ui(4) * pulse), ui(8) + round(ui(4) * pulse))
            draw_panel(surface, glow, (*ACCENT, 90 + round(60 * pulse)), radius=ui(16), edge=None)
        draw_panel(surface, rect, radius=ui(12), edge=ACCENT if active else None)
        mark = (rect.x + ui(16), rect.y + ui(18))
        widgets.seat_mark(surface, seat, mark, ui(7))
        clock = host.mode.seat_clock(seat)
        if clock is not None:
            self.draw_ring(surface, mark, clock)
        badge = host.seat_badge_width(seat)
        tag_word = self.tag(seat)
        if badge:  # the game's badge takes the tag's corner: the name ends before it
            right = rect.right - ui(6) - badge
        elif clock is not None:  # the time left in the tag's place, red in the last seconds
            ink = DANGER if clock[0] <= HURRY else ACCENT
            shown = clock_text(clock[0])
            tag = blit_text(surface, shown, ui(15), ink, bold=True, topright=(rect.right - ui(10), rect.y + ui(9)))
            right = tag.left
        elif tag_word.casefold() == host.name(seat).casefold():  # a lesson's "You" is not tagged "you" again
            right = rect.right - ui(10)
        else:
            tag = blit_text(surface, tag_word, ui(13), MUTED, topright=(rect.right - ui(10), rect.y + ui(11)))
            right = tag.left
        # a long name (a friend may bring 24 wide letters) a little smaller, then cut with an ellipsis:
        # it never runs over the tag or off the window
        left = ui(34) if clock is not None else ui(30)  # clear of the clock's ring
        name, size = widgets.fitted(host.name(seat), ui(18), right - rect.x - left - ui(8), True)
        blit_text(surface, name, size, INK, bold=True, midleft=(rect.x + left, rect.y + ui(18)))
        for i, line in enumerate(host.seat_lines(seat)[:2]):
            blit_text(surface, line, ui(14), INK, topleft=(rect.x + ui(12), rect.y + ui(34) + i * ui(18)))

    def draw_ring(self, surface: pygame.Surface, center: tuple[int, int], clock: tuple[float, float]) -> None:
        """The turn clock round the seat's mark: a full ring drains clockwise as the time goes."""
        ui = self.host.app.ui
        left, total = clock
        share = max(0.0, min(1.0, left / total)) if total > 0 else 0.0
        radius, width = ui(11), max(2, ui(3))
        pygame.draw.circle(surface, (60, 70, 64), center, radius, width)  # the time gone
        if share > 0:  # the time left: a band from twelve o'clock, as a polygon (an arc's pixels have gaps)
            ink = DANGER if left <= HURRY else ACCENT
            steps = max(2, round(48 * share))
            angles = [-math.pi / 2 - 2 * math.pi * share * i / steps for i in range(steps + 1)]
            outer = [(center[0] + radius * math.cos(a), center[1] + radius * math.sin(a)) for a in angles]
            inner = [
                (center[0] + (radius - width) * math.cos(a), center[1] + (radius - width) * math.sin(a)) for a in angles
            ]
            pygame.draw.polygon(surface, ink, outer + inner[::-1])

    def tag(self, seat: int) -> str:
        """Who plays `seat`, in a word: the mode's ("away"), else you, a person, a level."""
        host = self.host
        info = host.match.seats[seat]
        kind = "you" if host.you(seat) else ("human" if info.human else info.level)
        return host.mode.seat_tag(seat) or names.seat_tag(kind)
