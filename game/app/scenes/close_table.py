"""Close the table for everyone? The host's confirmation, from its menu or
from the window's close button while its table is open."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app.ui import widgets
from game.app.ui.modal import ModalScene
from game.app.ui.widgets import Button, blit_text
from game.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface


class CloseTableScene(ModalScene):
    """Keep the table open (back to where the host was), or close it for everyone."""

    title = N_("Close the table for everyone?")
    panel_size = (620, 290)

    def __init__(self, app: AppSurface, friends: int, close: Callable[[], None], quitting: bool = False):
        super().__init__(app)
        self.friends = friends
        self.close = close
        self.quitting = quitting  # the window's close button asked: closing the table closes the window too

    def make_buttons(self) -> list[Button]:
        keep = N_("Keep the table open") if self.quitting else N_("Go back")
        self.keep_button = Button(keep, self.app.stack.pop, key=pygame.K_ESCAPE, primary=True)
        label = N_("Close the table and quit") if self.quitting else N_("Close the table for everyone")
        self.close_button = Button(label, self.confirm)
        return [self.keep_button, self.close_button]

    def place_buttons(self) -> None:
        ui = self.app.ui
        width = min(ui(270), (self.panel.w - ui(54)) // 2)
        widgets.layout_row(self.buttons, (self.panel.centerx, self.panel.bottom - ui(40)), width, ui(44), ui(14))

    def lines(self) -> list[str]:
        if self.friends:
            who = ngettext(
                "{n} friend is seated: they are told you closed the table.",
                "{n} friends are seated: each is told you closed the table.",
                self.friends,
            ).format(n=self.friends)
        else:
            who = _("Nobody else is seated now.")
        kept = _("The game is kept on this laptop: Continue hosting opens it again, and your friends sit down again.")
        return [who, kept]

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        y = self.panel.y + ui(78)
        for paragraph in self.lines():
            for line in widgets.wrap(paragraph, ui(17), self.panel.w - ui(60)):
                blit_text(surface, line, ui(17), widgets.INK, midtop=(self.panel.centerx, y))
                y += ui(24)
            y += ui(8)

    def confirm(self) -> None:
        self.app.stack.remove(self)
        self.close()
