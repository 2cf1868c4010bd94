"""A game's deal code on screen with a Copy button (results, History).
Shared by screens, so it lives outside scenes/."""

from __future__ import annotations

from typing import Callable

import pygame

from game.app.ui import widgets
from game.app.ui.clipboard import copy_text
from game.app.ui.widgets import ACCENT, MUTED, Button, blit_text
from game.i18n import N_, _


def copy_code(code: str) -> tuple[str, bool]:
    """Copy a deal code; (what to tell the player, whether it went wrong) -- never an exception:
    a failed copy still shows the code to write down."""
    reason = copy_text(code)
    if reason is None:
        return _("Copied {code}: paste it to a friend, who enters it under New game.").format(code=code), False
    return _("The clipboard cannot be used here ({reason}); write the code down: {code}").format(
        reason=reason, code=code
    ), True


class DealCodeLine:
    """'Deal code: ST4-7KQ2-9F3X-K [Copy]' and, after a copy, what happened.
    The screen showing it draws and handles `button` with its own buttons."""

    def __init__(self, code: str, on_copied: Callable[[], None] | None = None):
        self.code = code
        self.notice, self.notice_bad = "", False
        self.button = Button(N_("Copy code"), self.copy)
        self.on_copied = on_copied
        self.center = (0, 0)

    def copy(self) -> None:
        self.notice, self.notice_bad = copy_code(self.code)
        if self.on_copied is not None:
            self.on_copied()

    def place(self, center: tuple[int, int], ui: Callable[[float], int]) -> None:
        """The line's middle: the code left of it, the button right of it."""
        self.center = center
        self.button.rect = pygame.Rect(0, 0, ui(130), ui(34))
        self.button.rect.midleft = (center[0] + ui(14), center[1])

    def draw(self, surface: pygame.Surface, ui: Callable[[float], int], width: int) -> None:
        x, y = self.center
        line = _("Deal code: {code}").format(code=self.code)
        blit_text(
            surface, line, widgets.fit_size(line, ui(19), width // 2 - ui(20)), ACCENT, bold=True, midright=(x, y)
        )
        if self.notice:
            colour = widgets.DANGER if self.notice_bad else MUTED
            blit_text(
                surface,
                self.notice,
                widgets.fit_size(self.notice, ui(14), width - ui(20)),
                colour,
                midtop=(x, y + ui(22)),
            )
