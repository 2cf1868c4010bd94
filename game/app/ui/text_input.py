"""A one-line text field: typing, Backspace, Enter to accept, Esc to cancel.

A prefilled text starts selected, as in any desktop dialog: the first key
typed replaces it, and a click or an arrow key keeps it for editing.

Input methods (Korean, and any IME) compose a character over several keys:
SDL reports the unfinished syllable in TEXTEDITING events and the finished
text in TEXTINPUT.  The unfinished part shows underlined at the caret, so a
Korean name is seen while it is typed, not only when each syllable is done.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app.look import fonts
from game.app.ui import widgets
from game.app.ui.widgets import ACCENT, INK, MUTED, PANEL_EDGE, blit_text, draw_panel
from game.i18n import _

SELECTION = (120, 96, 40)
# Keys an input method uses while it composes: they edit the syllable, not the text.
COMPOSING_KEYS = (
    pygame.K_BACKSPACE,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_ESCAPE,
)


def draw_composition(surface: pygame.Surface, text: str, size: int, midleft: tuple[int, int]) -> pygame.Rect:
    """An input method's unfinished text, underlined in gold, at the caret;
    the rect it took."""
    shown = blit_text(surface, text, size, INK, midleft=midleft)
    y = shown.bottom - max(1, size // 10)
    pygame.draw.line(surface, ACCENT, (shown.x, y), (shown.right, y), max(2, size // 12))
    return shown


MAX_TYPED = 10_000  # characters of one insertion (a paste) considered at all


class TextField:
    """Owns its text and pygame's text-input mode while it has the focus."""

    def __init__(
        self,
        text: str = "",
        *,
        max_len: int = 40,
        on_submit: Callable[[str], None] | None = None,
        on_cancel: Callable[[], None] | None = None,
        hint: str = "",
        shown: Callable[[str], str] | None = None,
    ):
        self.text = text[:max_len]
        self.shown = shown  # what is drawn for the text (an invite's secret hidden); the text stays as typed
        self.hint = hint  # a catalog message (N_) shown, muted, while the field is empty
        self.max_len = max_len
        self.on_submit = on_submit
        self.on_cancel = on_cancel
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.focused = False
        self.all_selected = bool(text)
        self.clock = 0.0
        self.composition = ""  # what an input method is composing, not yet text

    # -- focus ------------------------------------------------------------------
    def focus(self) -> None:
        if not self.focused:
            self.focused = True
            pygame.key.start_text_input()
            if self.rect.w:
                pygame.key.set_text_input_rect(self.rect)

    def blur(self) -> None:
        if self.focused:
            self.focused = False
            self.all_selected = False
            self.composition = ""
            pygame.key.stop_text_input()

    def keeps(self, event: pygame.event.Event) -> bool:
        """A key this field needs while it has the focus, rather than the keyboard focus
        (a screen's `keeps_key`): Left and Right move the caret, Space types a space."""
        return self.focused and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE)

    # -- editing ------------------------------------------------------------------
    def insert(self, typed: str) -> None:
        typed = typed[:MAX_TYPED]  # a 10 MB paste is looked at no further than the field could ever hold
        typed = "".join(ch for ch in typed if ch.isprintable())
        if self.all_selected:
            self.text, self.all_selected = "", False
        self.text = (self.text + typed)[: self.max_len]

    def compose(self, text: str) -> None:
        """The input method's unfinished text ("" when it is done or dropped)."""
        text = "".join(ch for ch in text if ch.isprintable())
        if text and self.all_selected:  # composing replaces a selected text, as typing does
            self.text, self.all_selected = "", False
        self.composition = text[: max(0, self.max_len - len(self.text))]

    def backspace(self, word: bool = False) -> None:
        if self.all_selected:
            self.text, self.all_selected = "", False
        elif word:  # Ctrl+Backspace: the last word
            stripped = self.text.rstrip()
            cut = stripped.rfind(" ")
            self.text = stripped[: cut + 1] if cut >= 0 else ""
        else:
            self.text = self.text[:-1]

    def update(self, dt: float) -> None:
        self.clock += dt

    def next_frame(self) -> float | None:
        """Seconds until the cursor blinks on or off (None: no cursor shows)."""
        if not self.focused:
            return None
        phase = self.clock % 1.0
        return (0.6 if phase < 0.6 else 1.0) - phase

    def handle(self, event: pygame.event.Event) -> bool:
        """Consume what the field understands; clicks elsewhere take the focus away."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.focus()
                self.all_selected = False
                return True
            self.blur()
            return False
        if not self.focused:
            return False
        if event.type == pygame.TEXTEDITING:
            self.compose(event.text)
            return True
        if event.type == pygame.TEXTINPUT:
            self.composition = ""
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if self.composition and key in COMPOSING_KEYS:
            return True  # the input method's own key (it edits the syllable)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_submit is not None:
                self.on_submit(self.text)
            return True
        if key == pygame.K_ESCAPE:
            if self.on_cancel is not None:
                self.on_cancel()
                return True
            return False
        if key == pygame.K_BACKSPACE:
            self.backspace(word=bool(event.mod & pygame.KMOD_CTRL))
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_END, pygame.K_HOME):
            self.all_selected = False
            return True
        if key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
            self.all_selected = bool(self.text)
            return True
        return key not in (pygame.K_TAB,)  # printable keys arrive as TEXTINPUT

    # -- drawing ------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, size: int, pad: int = 10) -> None:
        draw_panel(
            surface,
            self.rect,
            (10, 18, 14, 235),
            radius=max(4, self.rect.h // 5),
            edge=ACCENT if self.focused else PANEL_EDGE,
            width=2 if self.focused else 1,
        )
        room = self.rect.w - 2 * pad
        text = self.text if self.shown is None else self.shown(self.text)
        size = widgets.fit_size(text + "M", size, room)
        left = (self.rect.x + pad, self.rect.centery)
        if not self.text:
            shown = pygame.Rect(left[0], self.rect.centery, 0, 0)
            if self.hint and not self.composition:  # after the caret's room, never under it
                hint = _(self.hint)
                at = left[0] + (6 if self.focused else 0)
                hint, px = widgets.fitted(hint, size * 7 // 8, self.rect.right - pad - at)
                blit_text(surface, hint, px, MUTED, midleft=(at, self.rect.centery))
        elif self.all_selected and self.focused:
            img_w = fonts.size(text, size)[0]  # as drawn, other scripts included
            sel = pygame.Rect(left[0] - 2, 0, img_w + 4, round(size * 1.4))
            sel.centery = self.rect.centery
            pygame.draw.rect(surface, SELECTION, sel, border_radius=3)
            shown = blit_text(surface, text, size, INK, midleft=left)
        else:
            shown = blit_text(surface, text, size, INK, midleft=left)
        if self.composition:
            shown = draw_composition(
                surface, self.composition, size, (shown.right + (1 if self.text else 0), self.rect.centery)
            )
        if self.focused and (self.clock % 1.0) < 0.6:
            x = shown.right + 2
            h = round(size * 1.15)
            pygame.draw.line(surface, INK, (x, self.rect.centery - h // 2), (x, self.rect.centery + h // 2), 2)
