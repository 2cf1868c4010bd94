"""When Fireside's own folder refuses the game: say so once at the table, and
let the player save it to a folder they type ("Save to…"), so an unwritable
home folder never costs a game.

No file dialog (no tkinter): a path prompt, prefilled with the home folder.
"""

from __future__ import annotations

import logging
import weakref
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.app import names, widgets
from game.app.scenes.modal import ModalScene
from game.app.text_input import TextField
from game.app.widgets import ACCENT, DANGER, INK, MUTED, Button, blit_text
from game.i18n import N_, _
from game.persist import SaveError, library

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.app.app import App
    from game.match import Match

log = logging.getLogger(__name__)

MAX_PATH = 400
# The matches already warned about (by id; the weak values let a finished one go),
# and the file each was saved to with "Save to…", rewritten after every move.
_warned: weakref.WeakValueDictionary[int, Match] = weakref.WeakValueDictionary()
_kept_at: dict[int, tuple[weakref.ref[Match], Path, str]] = {}


def default_slot_name(match: Match, now: datetime | None = None) -> str:
    """'Sticheln 14:32': the game and the time, which people recognise later."""
    now = now or datetime.now()
    return f"{names.game_name(match.game_id)} {now:%H:%M}"


def autosave_failed(app: App, match: Match, error: Exception) -> None:
    """The table's one call when recording a move fails: the first time for
    this game, a notice offering "Save to…"; after that the log alone -- and,
    once the player has saved it somewhere, that file takes every move."""
    ref, kept, name = _kept_at.get(id(match), (None, None, ""))
    if ref is not None and ref() is match and kept is not None:
        try:
            library.save_to_folder(kept.parent, name, match, kept.name)
        except SaveError as exc:
            log.warning("could not save the game to %s either: %s", kept, exc)
        return
    if _warned.get(id(match)) is match:
        return
    _warned[id(match)] = match
    app.push(AutosaveFailedScene(app, match, str(error)))


def keep_saving_to(match: Match, path: Path, name: str) -> None:
    """From now on, a move Fireside cannot autosave is written to `path` (as save `name`) instead."""
    for key in [key for key, (ref, _path, _name) in _kept_at.items() if ref() is None]:
        del _kept_at[key]
    _kept_at[id(match)] = (weakref.ref(match), path, name)


def kept_at(match: Match) -> Path | None:
    """The file `match` was saved to with "Save to…", if any."""
    ref, path, _name = _kept_at.get(id(match), (None, None, ""))
    return path if ref is not None and ref() is match else None


def not_saved(match: Match) -> bool:
    """Whether recording `match` has failed (the menu then stops promising that every move is saved)."""
    return _warned.get(id(match)) is match


def _wrapped(surface: pygame.Surface, text: str, colour: tuple, top: int, panel: pygame.Rect,
             size: int) -> int:
    """Draw `text` wrapped inside the panel from `top`; returns the y below it."""
    line_h = round(size * 1.45)
    for i, line in enumerate(widgets.wrap(text, size, panel.w - 2 * size)):
        blit_text(surface, line, size, colour, midtop=(panel.centerx, top + i * line_h))
    return top + line_h * max(1, len(widgets.wrap(text, size, panel.w - 2 * size)))


class AutosaveFailedScene(ModalScene):
    """Said once per game: the autosave (or the history) refused the game."""

    title = N_("This game is not being saved")
    panel_size = (640, 380)

    def __init__(self, app: App, match: Match, reason: str):
        super().__init__(app)
        self.match = match
        self.reason = reason
        self.note = ""

    def make_buttons(self) -> list[Button]:
        return [Button(N_("Keep playing"), self.close, key=pygame.K_ESCAPE),
                Button(N_("Save to…"), self.save_to, primary=True)]

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        top = self.panel.y + ui(76)
        top = _wrapped(surface, _("Fireside cannot write to its folder: {reason}").format(reason=self.reason),
                       DANGER, top, self.panel, ui(17))
        text = self.note or _("The game stays open while Fireside runs. Save it to a folder you choose, "
                              "or free the folder and keep playing.")
        _wrapped(surface, text, ACCENT if self.note else INK, top + ui(10), self.panel, ui(17))

    def save_to(self) -> None:
        def saved(path: str) -> None:
            self.note = _("Saved as “{name}”. Every move from now on is saved there too.").format(name=path)

        self.app.push(SaveToFolderScene(self.app, self.match, default_slot_name(self.match), saved))

    def close(self) -> None:
        self.app.stack.remove(self)


class SaveToFolderScene(ModalScene):
    """"Save to…": a folder typed by the player; the file inside is named after the save."""

    title = N_("Save to a folder")
    panel_size = (640, 320)

    def __init__(self, app: App, match: Match, name: str, saved: Callable[[str], None] | None = None):
        super().__init__(app)
        self.match = match
        self.name = name
        self.saved = saved
        self.field = TextField(str(Path.home()), max_len=MAX_PATH, on_submit=lambda _text: self.save(),
                               on_cancel=self.cancel)
        self.error = ""

    def enter(self) -> None:
        self.field.focus()

    def exit(self) -> None:
        self.field.blur()

    def pause(self) -> None:
        self.field.blur()

    def resume(self) -> None:
        self.field.focus()

    def make_buttons(self) -> list[Button]:
        return [Button(N_("Cancel"), self.cancel), Button(N_("Save here"), self.save, primary=True)]

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        ui = self.app.ui
        self.field.rect = pygame.Rect(0, 0, self.panel.w - ui(60), ui(48))
        self.field.rect.midtop = (self.panel.centerx, self.panel.y + ui(86))
        if self.field.focused:
            pygame.key.set_text_input_rect(self.field.rect)

    def update(self, dt: float) -> None:
        self.field.update(dt)

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        self.field.draw(surface, ui(20))
        if self.error:
            text, colour = self.error, DANGER
        else:
            text, colour = _("Type a folder, then press Enter: the game is saved there as {file}.").format(
                file=library.slot_file_name(self.name)), MUTED
        _wrapped(surface, text, colour, self.field.rect.bottom + ui(12), self.panel, ui(16))

    def save(self) -> None:
        folder = self.field.text.strip()
        if not folder:
            self.error = _("Type the folder to save in.")
            return
        try:
            path = library.save_to_folder(Path(folder).expanduser(), self.name, self.match)
        except SaveError as exc:
            self.error = str(exc)
            self.app.sound.play("error")
            return
        self.app.sound.play("click")
        keep_saving_to(self.match, path, self.name)
        self.app.stack.remove(self)
        if self.saved is not None:
            self.saved(str(path))

    def cancel(self) -> None:
        self.app.stack.remove(self)

    def keeps_key(self, event: pygame.event.Event) -> bool:
        """Keys the text field needs rather than the keyboard focus."""
        return self.field.focused and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE)

    def handle(self, event: pygame.event.Event) -> bool:
        before = self.field.text
        if self.field.handle(event):
            if self.field.text != before:  # Enter on a failed save keeps its reason on screen
                self.error = ""
            return True
        return super().handle(event)

