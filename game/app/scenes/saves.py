"""Save slots: the "Load game" list (load, delete, damaged files shown with
their reason), the "Save game" name prompt, and resuming a saved match at
the table.  The history screen reuses the list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.ui import widgets
from game.app.ui.modal import PromptScene
from game.app.ui.slot_list import SlotListScene
from game.app.ui.widgets import ACCENT, DANGER, MUTED, Button, blit_text
from game.app.words.save_words import (  # noqa: F401 - the words about a save, where they were
    default_slot_name,
    describe,
    game_name,
    has_rounds,
    keep_unfinished,
    round_text,
    when,
)
from game.i18n import N_, _
from game.match.match import Match
from game.persist import SaveError, library

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.app.shell.surface import AppSurface
    from game.app.table.base import TableScene


MAX_SLOT_NAME = 40


# -- resuming ------------------------------------------------------------------------------
def resume(app: AppSurface, match: Match) -> TableScene:
    """Put `match` on the table exactly where it was (see `router.open_table`)."""
    return app.routes.table(match, continuing=True)


class LoadScene(SlotListScene):
    """Title → Load game."""

    title = N_("Load game")
    empty = N_("No saved games yet. During a game, open the menu (Esc) and choose “Save game”.")


# -- the name prompt ---------------------------------------------------------------------
class SaveNameScene(PromptScene):
    """Menu → Save game: a name, prefilled with the game and the time."""

    title = N_("Save game")
    panel_size = (560, 300)
    buttons_inside = True  # two or (after a refusal) three buttons

    def __init__(self, app: AppSurface, match: Match, saved: Callable[[str], None] | None = None):
        super().__init__(app, default_slot_name(match), MAX_SLOT_NAME)
        self.match = match
        self.saved = saved
        self.failed = False  # the saves folder refused: offer "Save to…" a folder of the player's

    def make_buttons(self) -> list[Button]:
        buttons = [Button(N_("Cancel"), self.cancel), Button(N_("Save"), self.save, primary=True)]
        if self.failed:
            buttons.insert(1, Button(N_("Save to…"), self.save_elsewhere))
        return buttons

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        self.field.draw(surface, ui(22))
        if self.error:
            text, colour = self.error, DANGER
        elif self.exists():
            text, colour = _("A save with this name exists: saving replaces it."), ACCENT
        else:
            text, colour = _("Type a name, then press Enter."), MUTED
        blit_text(
            surface,
            text,
            widgets.fit_size(text, ui(16), self.panel.w - ui(40)),
            colour,
            midtop=(self.panel.centerx, self.field.rect.bottom + ui(12)),
        )

    def exists(self) -> bool:
        name = self.field.text.strip()
        if not name:
            return False
        try:  # drawn every frame: a folder that cannot be made is a "no", never an error
            return (library.paths.saves_dir() / library.slot_file_name(name)).exists()
        except (SaveError, OSError):
            return False

    def save(self) -> None:
        name = " ".join(self.field.text.split())
        if not name:
            self.error = _("Give the save a name.")
            return
        try:
            library.save_slot(name, self.match)
        except SaveError as exc:  # the prompt stays, with the reason and a way out
            self.error = str(exc)
            self.app.sound.play("error")
            if not self.failed:
                self.failed = True
                self.resize(self.app.size)
            return
        self.app.sound.play("click")
        self.app.stack.remove(self)
        if self.saved is not None:
            self.saved(name)

    def save_elsewhere(self) -> None:
        def saved(path: str) -> None:
            self.app.stack.remove(self)
            if self.saved is not None:
                self.saved(path)

        name = " ".join(self.field.text.split()) or default_slot_name(self.match)
        self.app.routes.save_to(self.match, name, saved)
