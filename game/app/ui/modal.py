"""A panel drawn over whatever is beneath, with a row of buttons.

The panel is opaque and sits on a dimming scrim: what lies under a modal
(the table, the title, another modal) stays visible around it, darkened,
but never shows through it, so two layers of text never clash."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.shell.scene import Scene
from game.app.ui import widgets
from game.app.ui.text_input import TextField
from game.app.ui.widgets import Button, blit_text, draw_panel
from game.i18n import _

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface


SCRIM = (0, 0, 0, 165)  # dims everything beneath a modal
PANEL_FILL = (20, 32, 27, 255)  # opaque: nothing beneath shows through


class ModalScene(Scene):
    opaque = False
    hides_overlays = False  # True: the table beneath leaves out what this replaces (the score pad)
    steps_aside = False  # True: a network table whose host is gone sets it aside, and brings it back
    title = ""
    panel_size = (560, 360)  # logical units

    def __init__(self, app: AppSurface):
        super().__init__(app)
        self.buttons: list[Button] = []
        self.panel = pygame.Rect(0, 0, 0, 0)

    def make_buttons(self) -> list[Button]:
        return []

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.app.ui
        w, h = self.panel_size
        self.panel = pygame.Rect(0, 0, min(ui(w), size[0] - 20), min(ui(h), size[1] - 20))
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.buttons = self.make_buttons()
        self.place_buttons()

    def place_buttons(self) -> None:
        ui = self.app.ui
        centre = (self.panel.centerx, self.panel.bottom - ui(40))
        widgets.layout_row(self.buttons, centre, ui(180), ui(44), ui(14), label_px=ui(19))  # drawn at ui(19)

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        shade = widgets.panel(surface.get_size(), SCRIM, radius=0, edge=None)
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.panel, PANEL_FILL, radius=ui(18), edge=widgets.ACCENT, width=2)
        if self.title:  # a catalog message (N_) or a text already in the current language
            blit_text(
                surface,
                _(self.title),
                ui(30),
                widgets.INK,
                bold=True,
                midtop=(self.panel.centerx, self.panel.y + ui(20)),
            )
        self.draw_body(surface)
        for button in self.buttons:
            button.draw(surface, ui(19))

    def draw_body(self, surface: pygame.Surface) -> None:
        """Between the title and the buttons."""

    def handle(self, event: pygame.event.Event) -> bool:
        if widgets.handle_all(self.buttons, event):
            return True
        return True  # modal: nothing below gets input


class PromptScene(ModalScene):
    """A panel around one text field (a save's name, a folder to save in):
    Enter saves, Esc cancels, the field keeps the keys it needs, and a reason
    shown under it (`error`) stays until the text changes."""

    field_top = 96  # logical units from the panel's top to the field
    field_margin = 40  # logical units on each side of the field
    buttons_inside = False  # True: the buttons share the panel's width (a third one, a small window)

    def __init__(self, app: AppSurface, text: str, max_len: int):
        super().__init__(app)
        self.field = TextField(text, max_len=max_len, on_submit=lambda _text: self.save(), on_cancel=self.cancel)
        self.error = ""

    def save(self) -> None:
        """What Enter (and the primary button) does."""
        raise NotImplementedError

    def cancel(self) -> None:
        self.app.stack.remove(self)

    def enter(self) -> None:
        self.field.focus()

    def exit(self) -> None:
        self.field.blur()

    def pause(self) -> None:
        self.field.blur()

    def resume(self) -> None:
        self.field.focus()

    def place_buttons(self) -> None:
        if not self.buttons_inside:
            super().place_buttons()
            return
        ui = self.app.ui
        n = len(self.buttons)
        width = min(ui(180), (self.panel.w - ui(40) - (n - 1) * ui(14)) // n)
        widgets.layout_row(self.buttons, (self.panel.centerx, self.panel.bottom - ui(40)), width, ui(44), ui(14))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        ui = self.app.ui
        self.field.rect = pygame.Rect(0, 0, self.panel.w - 2 * ui(self.field_margin), ui(48))
        self.field.rect.midtop = (self.panel.centerx, self.panel.y + ui(self.field_top))
        if self.field.focused:
            pygame.key.set_text_input_rect(self.field.rect)

    def update(self, dt: float) -> None:
        self.field.update(dt)

    def next_frame(self) -> float | None:
        return self.field.next_frame()

    def keeps_key(self, event: pygame.event.Event) -> bool:
        """Keys the text field needs rather than the keyboard focus."""
        return self.field.keeps(event)

    def handle(self, event: pygame.event.Event) -> bool:
        before = self.field.text
        if self.field.handle(event):
            if self.field.text != before:  # Enter on a failed save keeps its reason on screen
                self.error = ""
            return True
        return super().handle(event)
