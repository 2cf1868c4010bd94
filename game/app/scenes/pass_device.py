"""Pass-and-play: an opaque screen that hides every card until the next
human says they are the one holding the laptop."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app.look import fonts
from game.app.shell.scene import Scene
from game.app.ui import focus, widgets
from game.app.ui.widgets import ACCENT, INK, MUTED, Button, blit_text
from game.i18n import _

if TYPE_CHECKING:
    from game.app.shell.app import App


#: The most lines of what happened the pass screen says (the latest).
SAID_LINES = 3


class PassScene(Scene):
    opaque = True  # nothing beneath is drawn: no card can leak

    def __init__(
        self,
        app: App,
        name: str,
        arrived: Callable[[], None],
        menu: Callable[[], None] | None = None,
        said: list[str] | None = None,
    ):
        super().__init__(app)
        self.name = name
        # what the others did since this person's last turn (public words only: anyone may be looking)
        self.said = list(said or [])[-SAID_LINES:]
        self.said_rect = pygame.Rect(0, 0, 0, 0)  # where they were drawn last
        self.arrived = arrived
        self.menu = menu  # Esc: the menu, over this screen, still hiding every card
        self.button = Button(self.button_label(), self.ready, primary=True, key=pygame.K_RETURN)

    def button_label(self) -> str:
        return _("I'm {name} — show my cards").format(name=self.name)

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.app.ui
        self.button.label = self.button_label()  # the language may have changed
        # Wide enough for any name and language at full size (within the window).
        wide = fonts.size(self.button.label, ui(22), True)[0] + ui(48)
        self.button.rect = pygame.Rect(0, 0, min(max(ui(380), wide), size[0] - ui(40)), ui(56))
        self.button.rect.center = (size[0] // 2, size[1] // 2 + ui(120))

    def ready(self) -> None:
        self.app.sound.play("click")
        self.app.stack.remove(self)
        self.arrived()

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        w, h = surface.get_size()
        surface.blit(self.app.art.felt((w, h)), (0, 0))
        surface.blit(widgets.panel((w, h), (0, 0, 0, 120), radius=0, edge=None), (0, 0))
        blit_text(surface, _("Pass the laptop to"), ui(28), MUTED, center=(w // 2, h // 2 - ui(90)))
        blit_text(
            surface,
            self.name,
            widgets.fit_size(self.name, ui(64), w - ui(40), True),
            ACCENT,
            bold=True,
            center=(w // 2, h // 2 - ui(20)),
        )
        blit_text(
            surface, _("Everyone else, look away from the screen."), ui(20), INK, center=(w // 2, h // 2 + ui(48))
        )
        self.button.draw(surface, ui(22))
        self.draw_said(surface)

    def draw_said(self, surface: pygame.Surface) -> None:
        """What happened since this person last played, above the hand-over: the latest last."""
        if not self.said:
            return
        ui = self.app.ui
        w, h = surface.get_size()
        width = min(w - ui(80), ui(720))
        rows = [row for line in self.said for row in widgets.wrap(line, ui(19), width - ui(40))][-SAID_LINES - 1 :]
        step = ui(26)
        box = pygame.Rect(0, 0, width, ui(44) + step * len(rows))
        box.midbottom = (w // 2, h // 2 - ui(130))
        box.top = max(ui(12), box.top)
        self.said_rect = box
        widgets.draw_panel(surface, box, (14, 24, 20, 200), radius=ui(14), edge=None)
        blit_text(surface, _("The last moves"), ui(15), MUTED, midtop=(box.centerx, box.top + ui(10)))
        for i, row in enumerate(rows):
            px = widgets.fit_size(row, ui(19), width - ui(40))
            blit_text(surface, row, px, INK, midtop=(box.centerx, box.top + ui(34) + i * step))

    def focus_items(self) -> list[focus.Focusable]:
        return focus.from_buttons([self.button])

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.menu:
            self.menu()
            return True
        self.button.handle(event)
        return True
