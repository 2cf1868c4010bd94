"""When Fireside's own folder refuses the game: the notice said once at the
table, and "Save to…" a folder the player types, so an unwritable home
folder never costs a game (`game.app.shell.save_keeping` decides when).

No file dialog (no tkinter): a path prompt, prefilled with the home folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.app.shell.save_keeping import keep_saving_to
from game.app.ui import widgets
from game.app.ui.modal import ModalScene, PromptScene
from game.app.ui.widgets import ACCENT, DANGER, INK, MUTED, Button, blit_text
from game.app.words.save_words import default_slot_name
from game.common.printable import MAX_SHOWN, printable
from game.i18n import N_, _
from game.persist import SaveError, library

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.app.shell.surface import AppSurface
    from game.match.match import Match

MAX_PATH = 400


def _expanded(folder: str) -> Path:
    """The typed folder with `~` expanded; SaveError for a `~user` that is no user."""
    try:
        return Path(folder).expanduser()
    except (RuntimeError, KeyError, ValueError):
        raise SaveError(_("there is no folder {path}").format(path=printable(folder, MAX_SHOWN))) from None


def _wrapped(surface: pygame.Surface, text: str, colour: tuple, top: int, panel: pygame.Rect, size: int) -> int:
    """Draw `text` wrapped inside the panel from `top`; returns the y below it."""
    line_h = round(size * 1.45)
    for i, line in enumerate(widgets.wrap(text, size, panel.w - 2 * size)):
        blit_text(surface, line, size, colour, midtop=(panel.centerx, top + i * line_h))
    return top + line_h * max(1, len(widgets.wrap(text, size, panel.w - 2 * size)))


class AutosaveFailedScene(ModalScene):
    """Said once per game: the autosave (or the history) refused the game."""

    title = N_("This game is not being saved")
    panel_size = (640, 380)

    def __init__(self, app: AppSurface, match: Match, reason: str):
        super().__init__(app)
        self.match = match
        self.reason = reason
        self.note = ""

    def make_buttons(self) -> list[Button]:
        return [
            Button(N_("Keep playing"), self.close, key=pygame.K_ESCAPE),
            Button(N_("Save to…"), self.save_to, primary=True),
        ]

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        top = self.panel.y + ui(76)
        top = _wrapped(
            surface,
            _("Fireside cannot write to its folder: {reason}").format(reason=self.reason),
            DANGER,
            top,
            self.panel,
            ui(17),
        )
        text = self.note or _(
            "The game stays open while Fireside runs. Save it to a folder you choose, "
            "or free the folder and keep playing."
        )
        _wrapped(surface, text, ACCENT if self.note else INK, top + ui(10), self.panel, ui(17))

    def save_to(self) -> None:
        def saved(path: str) -> None:
            self.note = _("Saved as “{name}”. Every move from now on is saved there too.").format(name=path)

        self.app.routes.save_to(self.match, default_slot_name(self.match), saved)

    def close(self) -> None:
        self.app.stack.remove(self)


class SaveToFolderScene(PromptScene):
    """ "Save to…": a folder typed by the player; the file inside is named after the save."""

    title = N_("Save to a folder")
    panel_size = (640, 320)
    field_top = 86
    field_margin = 30

    def __init__(self, app: AppSurface, match: Match, name: str, saved: Callable[[str], None] | None = None):
        super().__init__(app, str(Path.home()), MAX_PATH)
        self.match = match
        self.name = name
        self.saved = saved

    def make_buttons(self) -> list[Button]:
        return [Button(N_("Cancel"), self.cancel), Button(N_("Save here"), self.save, primary=True)]

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        self.field.draw(surface, ui(20))
        if self.error:
            text, colour = self.error, DANGER
        else:
            text, colour = (
                _("Type a folder, then press Enter: the game is saved there as {file}.").format(
                    file=library.slot_file_name(self.name)
                ),
                MUTED,
            )
        _wrapped(surface, text, colour, self.field.rect.bottom + ui(12), self.panel, ui(16))

    def save(self) -> None:
        folder = self.field.text.strip()
        if not folder:
            self.error = _("Type the folder to save in.")
            return
        try:
            path = library.save_to_folder(_expanded(folder), self.name, self.match)
        except SaveError as exc:
            self.error = str(exc)
            self.app.sound.play("error")
            return
        self.app.sound.play("click")
        keep_saving_to(self.match, path, self.name)
        self.app.stack.remove(self)
        if self.saved is not None:
            self.saved(str(path))
