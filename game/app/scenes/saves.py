"""Save slots: the "Load game" list (load, delete, damaged files shown with
their reason), the "Save game" name prompt, and resuming a saved match at
the table.  The history screen reuses the list.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

import pygame

from game import rules
from game.app import names, widgets
from game.app.scene import Scene
from game.app.scenes.modal import ModalScene
from game.app.text_input import TextField
from game.app.widgets import ACCENT, DANGER, INK, MUTED, Button, blit_text, draw_panel
from game.i18n import N_, _
from game.match import Match
from game.persist import SaveError, library
from game.persist.library import SlotInfo

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from game.app.app import App
    from game.app.table.base import TableScene


MAX_SLOT_NAME = 40


# -- words about a save -------------------------------------------------------------------
def when(iso: str) -> str:
    """An ISO-8601 time as local 'YYYY-MM-DD HH:MM' (locale-neutral), or '' if unreadable."""
    try:
        moment = datetime.fromisoformat(iso)
    except (TypeError, ValueError):
        return ""
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


def game_name(game_id: str) -> str:
    """The game's name in the current language; "Unknown game" for a save that names none."""
    return names.game_name(game_id) if game_id else _("Unknown game")


def has_rounds(game_id: str) -> bool:
    """Avalanche is one long hand; the others count rounds."""
    try:
        return hasattr(rules.get(game_id).State, "round_number")
    except ValueError:
        return False


def round_text(state: Any) -> str:
    """'round 3 of 5', 'round 2' or '' for games without rounds."""
    number = getattr(state, "round_number", None)
    if number is None:
        return ""
    total = (getattr(state, "options", None) or {}).get("rounds")
    if total:
        return _("round {n} of {total}").format(n=number, total=total)
    return _("round {n}").format(n=number)


def describe(match: Match) -> str:
    """One line saying which game this is: game, players, round."""
    parts = [game_name(match.game_id), ", ".join(seat.name for seat in match.seats)]
    where = _("game over") if match.state.is_over else round_text(match.state)
    if where:
        parts.append(where)
    return " · ".join(parts)


def default_slot_name(match: Match, now: datetime | None = None) -> str:
    """'Sticheln 14:32': the game and the time, which people recognise later."""
    now = now or datetime.now()
    return f"{game_name(match.game_id)} {now:%H:%M}"


# -- resuming ------------------------------------------------------------------------------
def resume(app: App, match: Match) -> TableScene:
    """Put `match` on the table exactly where it was.

    Computer seats carry on by themselves.  In pass-and-play the table opens
    behind the pass screen when the next to act is one of several humans,
    so no hand shows before the right person says they hold the laptop.
    """
    from game.app.table import table_for

    keep_unfinished(match)
    table = table_for(app, match)
    humans = match.humans
    acted = [seat for seat, _move in match.moves if seat in humans]
    if len(humans) > 1 and acted:
        table.viewer = acted[-1]  # the laptop is with whoever moved last
    app.replace(table)
    current = match.current
    if current is not None and len(humans) > 1 and match.seats[current].human:
        table.pass_to(current)
    return table


def keep_unfinished(starting: Match | None) -> Path | None:
    """`library.keep_unfinished`, naming the kept slot "<Game HH:MM> · unfinished"."""
    return library.keep_unfinished(
        starting, lambda old: _("{game} · unfinished").format(game=default_slot_name(old)))


# -- the list -----------------------------------------------------------------------------
class SlotListScene(Scene):
    """A scrolling list of save files with one or two buttons per row."""

    title = N_("Saved games")
    empty = N_("Nothing here yet.")
    open_label = N_("Load")

    def __init__(self, app: App):
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
            resume(self.app, match)

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
        rect = pygame.Rect(0, 0, min(w - ui(40), ui(920)), h - ui(100) - ui(104))
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
        for i, info in enumerate(self.slots[self.scroll:self.scroll + self.visible()]):
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
        delete = Button(N_("Delete?") if arming else N_("Delete"), lambda i=info: self.delete(i),
                        selected=arming)
        if info.error:
            return [delete]
        return [Button(self.open_label, lambda i=info: self.open(i), primary=True), delete]

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
            blit_text(surface, _("{first}–{last} of {n} · scroll for more").format(
                first=self.scroll + 1, last=last, n=len(self.slots)), ui(14), MUTED,
                midtop=(w // 2, self.list_rect().bottom + ui(2)))
        if self.notice:
            colour = DANGER if self.notice_bad else ACCENT
            text = self.notice
            blit_text(surface, text, widgets.fit_size(text, ui(17), w - ui(40)), colour,
                      midbottom=(w // 2, self.back.rect.top - ui(10)))
        self.back.draw(surface, ui(20))

    def draw_row(self, surface: pygame.Surface, info: SlotInfo, rect: pygame.Rect,
                 buttons: list[Button]) -> None:
        ui = self.app.ui
        edge = DANGER if info.error else widgets.PANEL_EDGE
        draw_panel(surface, rect, (14, 24, 20, 225), radius=ui(10), edge=edge)
        room = (buttons[0].rect.left if buttons else rect.right) - rect.x - ui(30)
        head, details = self.describe(info)
        blit_text(surface, head, widgets.fit_size(head, ui(20), room, True), INK, bold=True,
                  topleft=(rect.x + ui(16), rect.y + ui(9)))
        if info.error:
            details = _("Damaged: {reason}").format(reason=info.error)
            colour = DANGER
        else:
            colour = MUTED
        blit_text(surface, details, widgets.fit_size(details, ui(15), room), colour,
                  topleft=(rect.x + ui(16), rect.y + ui(36)))
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


class LoadScene(SlotListScene):
    """Title → Load game."""

    title = N_("Load game")
    empty = N_("No saved games yet. During a game, open the menu (Esc) and choose “Save game”.")


# -- the name prompt ---------------------------------------------------------------------
class SaveNameScene(ModalScene):
    """Menu → Save game: a name, prefilled with the game and the time."""

    title = N_("Save game")
    panel_size = (560, 300)

    def __init__(self, app: App, match: Match, saved: Callable[[str], None] | None = None):
        super().__init__(app)
        self.match = match
        self.saved = saved
        self.field = TextField(default_slot_name(match), max_len=MAX_SLOT_NAME,
                               on_submit=lambda _text: self.save(), on_cancel=self.cancel)
        self.error = ""

    def enter(self) -> None:
        self.field.focus()

    def exit(self) -> None:
        self.field.blur()

    def make_buttons(self) -> list[Button]:
        return [Button(N_("Cancel"), self.cancel), Button(N_("Save"), self.save, primary=True)]

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        ui = self.app.ui
        self.field.rect = pygame.Rect(0, 0, self.panel.w - ui(80), ui(48))
        self.field.rect.midtop = (self.panel.centerx, self.panel.y + ui(96))
        if self.field.focused:
            pygame.key.set_text_input_rect(self.field.rect)

    def update(self, dt: float) -> None:
        self.field.update(dt)

    def next_frame(self) -> float | None:
        return self.field.next_frame()

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        self.field.draw(surface, ui(22))
        if self.error:
            text, colour = self.error, DANGER
        elif self.exists():
            text, colour = _("A save with this name exists: saving replaces it."), ACCENT
        else:
            text, colour = _("Type a name, then press Enter."), MUTED
        blit_text(surface, text, widgets.fit_size(text, ui(16), self.panel.w - ui(40)), colour,
                  midtop=(self.panel.centerx, self.field.rect.bottom + ui(12)))

    def exists(self) -> bool:
        name = self.field.text.strip()
        return bool(name) and (library.slot_file_name(name) in
                               {p.name for p in library.paths.saves_dir().glob("*.json")})

    def save(self) -> None:
        name = " ".join(self.field.text.split())
        if not name:
            self.error = _("Give the save a name.")
            return
        try:
            library.save_slot(name, self.match)
        except SaveError as exc:
            self.error = str(exc)
            self.app.sound.play("error")
            return
        self.app.sound.play("click")
        self.app.stack.remove(self)
        if self.saved is not None:
            self.saved(name)

    def cancel(self) -> None:
        self.app.stack.remove(self)

    def keeps_key(self, event: pygame.event.Event) -> bool:
        """Keys the text field needs rather than the keyboard focus."""
        return self.field.focused and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.field.handle(event):
            self.error = ""
            return True
        return super().handle(event)
