"""A scrolling list of save files with one or two buttons per row: the base
of the "Load game" and History screens (shared, so it lives outside scenes/)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.app.shell.scene import Scene
from game.app.ui import widgets
from game.app.ui.widgets import ACCENT, DANGER, INK, MUTED, Button, blit_text, draw_panel
from game.app.words.save_words import game_name, has_rounds, when
from game.i18n import N_, _
from game.match.match import Match
from game.persist import SaveError, library
from game.persist.library import SlotInfo

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from game.app.shell.surface import AppSurface


class SlotListScene(Scene):
    """A scrolling list of save files with one or two buttons per row."""

    title = N_("Saved games")
    empty = N_("Nothing here yet.")
    open_label = N_("Load")

    def __init__(self, app: AppSurface):
        super().__init__(app)
        self.slots: list[SlotInfo] = []
        self.rows: list[tuple[SlotInfo, pygame.Rect, list[Button]]] = []
        self.buttons: list[Button] = []
        self.scroll = 0
        self.arming: SlotInfo | None = None  # asked "Delete?" once
        self.notice = ""
        self.notice_bad = False
        self.refresh()

    # -- data -------------------------------------------------------------------------------
    def fetch(self) -> list[SlotInfo]:
        return library.list_saves()

    def refresh(self) -> None:
        try:
            self.slots = self.fetch()
        except OSError as exc:  # the folder itself is unreadable
            self.slots = []
            self.say(_("Cannot read the folder: {reason}").format(reason=exc.strerror or exc), bad=True)

    def describe(self, info: SlotInfo) -> tuple[str, str]:
        """(headline, details) for a row."""
        bits = [game_name(info.game) if info.game else ""]
        if info.players:
            bits.append(_("{n} players").format(n=info.players))
        if info.finished:
            bits.append(_("finished"))
        elif info.round and has_rounds(info.game):
            bits.append(_("round {n}").format(n=info.round))
        bits.append(when(info.saved_at))
        return info.name, " · ".join(b for b in bits if b)

    def open(self, info: SlotInfo) -> None:
        match = self.loaded(info, library.load_slot)
        if match is not None:
            self.app.sound.play("click")
            self.app.routes.table(match, continuing=True)

    def loaded(self, info: SlotInfo, load: Callable[[Path], Match]) -> Match | None:
        """The match in a row's file; None, with the reason said and the list
        read again, if it is damaged (or changed on disk since it was listed)."""
        try:
            return load(info.path)
        except SaveError as exc:
            self.say(str(exc), bad=True)
            self.refresh()
            self.rebuild()
            return None

    def delete(self, info: SlotInfo) -> None:
        if self.arming is not info:
            self.arming = info
            self.rebuild()
            return
        self.arming = None
        try:
            library.delete(info.path)
        except SaveError as exc:
            self.say(str(exc), bad=True)
        else:
            self.say(_("Deleted “{name}”.").format(name=info.name))
        self.refresh()
        self.rebuild()

    def say(self, text: str, bad: bool = False) -> None:
        self.notice, self.notice_bad = text, bad

    # -- layout -----------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.rebuild()

    @property
    def row_h(self) -> int:
        return self.app.ui(64)

    def list_rect(self) -> pygame.Rect:
        ui = self.app.ui
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(w - ui(40), ui(1040)), h - ui(100) - ui(104))  # room beside 4 buttons
        rect.midtop = (w // 2, ui(100))
        return rect

    def visible(self) -> int:
        return max(1, (self.list_rect().h + self.app.ui(8)) // (self.row_h + self.app.ui(8)))

    def rebuild(self) -> None:
        ui = self.app.ui
        w, h = self.app.size
        area = self.list_rect()
        self.scroll = max(0, min(self.scroll, len(self.slots) - self.visible()))
        self.rows = []
        row_buttons: list[Button] = []
        for i, info in enumerate(self.slots[self.scroll : self.scroll + self.visible()]):
            rect = pygame.Rect(area.x, area.y + i * (self.row_h + ui(8)), area.w, self.row_h)
            buttons = self.row_buttons(info)
            x = rect.right - ui(12)
            for button in reversed(buttons):
                bw = ui(150) if button.selected else ui(104)
                button.rect = pygame.Rect(0, 0, bw, ui(40))
                button.rect.midright = (x, rect.centery)
                x -= bw + ui(10)
            self.rows.append((info, rect, buttons))
            row_buttons.extend(buttons)
        self.back = Button(N_("Back"), self.app.stack.pop, key=pygame.K_ESCAPE)
        self.back.rect = pygame.Rect(0, 0, ui(200), ui(48))
        self.back.rect.midbottom = (w // 2, h - ui(24))
        self.buttons = [*row_buttons, self.back]

    def row_buttons(self, info: SlotInfo) -> list[Button]:
        arming = self.arming is info
        delete = Button(N_("Delete?") if arming else N_("Delete"), partial(self.delete, info), selected=arming)
        if info.error:
            return [delete]
        return [Button(self.open_label, partial(self.open, info), primary=True), delete]

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        w, h = surface.get_size()
        surface.blit(self.app.art.felt((w, h)), (0, 0))
        blit_text(surface, _(self.title), ui(40), ACCENT, bold=True, center=(w // 2, ui(52)))
        if not self.slots:
            area = self.list_rect()
            for i, line in enumerate(widgets.wrap(_(self.empty), ui(20), area.w - ui(80))):
                blit_text(surface, line, ui(20), MUTED, center=(w // 2, area.y + ui(60) + i * ui(30)))
        for info, rect, buttons in self.rows:
            self.draw_row(surface, info, rect, buttons)
        if self.scroll > 0 or self.scroll + self.visible() < len(self.slots):
            last = min(len(self.slots), self.scroll + self.visible())
            blit_text(
                surface,
                _("{first}–{last} of {n} · scroll for more").format(
                    first=self.scroll + 1, last=last, n=len(self.slots)
                ),
                ui(14),
                MUTED,
                midtop=(w // 2, self.list_rect().bottom + ui(2)),
            )
        if self.notice:
            colour = DANGER if self.notice_bad else ACCENT
            text = self.notice
            blit_text(
                surface,
                text,
                widgets.fit_size(text, ui(17), w - ui(40)),
                colour,
                midbottom=(w // 2, self.back.rect.top - ui(10)),
            )
        self.back.draw(surface, ui(20))

    def draw_row(self, surface: pygame.Surface, info: SlotInfo, rect: pygame.Rect, buttons: list[Button]) -> None:
        ui = self.app.ui
        edge = DANGER if info.error else widgets.PANEL_EDGE
        draw_panel(surface, rect, (14, 24, 20, 225), radius=ui(10), edge=edge)
        room = (buttons[0].rect.left if buttons else rect.right) - rect.x - ui(30)
        head, details = self.describe(info)
        head, size = widgets.fitted(head, ui(20), room, True)
        blit_text(surface, head, size, INK, bold=True, topleft=(rect.x + ui(16), rect.y + ui(9)))
        if info.error:
            details = _("Damaged: {reason}").format(reason=info.error)
            colour = DANGER
        else:
            colour = MUTED
        details, size = widgets.fitted(details, ui(15), room)
        blit_text(surface, details, size, colour, topleft=(rect.x + ui(16), rect.y + ui(36)))
        for button in buttons:
            button.draw(surface, ui(18))

    # -- input ------------------------------------------------------------------------------
    def scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(self.scroll + rows, len(self.slots) - self.visible()))
        self.rebuild()

    def handle(self, event: pygame.event.Event) -> bool:
        """Buttons (the app's keyboard focus walks them too), the wheel and
        Page Up/Down to scroll; a click elsewhere takes back a "Delete?"."""
        if widgets.handle_all(self.buttons, event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.arming is not None:
            self.arming = None
            self.rebuild()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_by(self.visible() * (1 if event.key == pygame.K_PAGEDOWN else -1))
            return True
        return False
