"""A seat's panel on the felt: its mark, its name, the tag that says who plays
it ("you", "hard", a network table's "away"), the game's lines of public facts,
and a glow while it is to act in the picture shown.

An object a table owns (`TableScene.panels`); what it needs of the table is
`PanelHost` (a game draws more over a panel in its own `draw_seat`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.app.ui import widgets
from game.app.ui.widgets import ACCENT, INK, MUTED, blit_text, draw_panel
from game.app.words import names

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.app.table.layout import SeatSpot
    from game.app.table.mode import TableMode
    from game.session.session import TableMatch

__all__ = ["PanelHost", "SeatPanels"]


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
        widgets.seat_mark(surface, seat, (rect.x + ui(16), rect.y + ui(18)), ui(7))
        badge = host.seat_badge_width(seat)
        tag_word = self.tag(seat)
        if badge:  # the game's badge takes the tag's corner: the name ends before it
            right = rect.right - ui(6) - badge
        elif tag_word.casefold() == host.name(seat).casefold():  # a lesson's "You" is not tagged "you" again
            right = rect.right - ui(10)
        else:
            tag = blit_text(surface, tag_word, ui(13), MUTED, topright=(rect.right - ui(10), rect.y + ui(11)))
            right = tag.left
        # a long name (a friend may bring 24 wide letters) a little smaller, then cut with an ellipsis:
        # it never runs over the tag or off the window
        name, size = widgets.fitted(host.name(seat), ui(18), right - rect.x - ui(38), True)
        blit_text(surface, name, size, INK, bold=True, midleft=(rect.x + ui(30), rect.y + ui(18)))
        for i, line in enumerate(host.seat_lines(seat)[:2]):
            blit_text(surface, line, ui(14), INK, topleft=(rect.x + ui(12), rect.y + ui(34) + i * ui(18)))

    def tag(self, seat: int) -> str:
        """Who plays `seat`, in a word: the mode's ("away"), else you, a person, a level."""
        host = self.host
        info = host.match.seats[seat]
        kind = "you" if host.you(seat) else ("human" if info.human else info.level)
        return host.mode.seat_tag(seat) or names.seat_tag(kind)
