"""The player's name: asked once at the first start, kept in the settings, and
what friends at a network table see (Host a table, Join a table, Settings
change it).  Skipping keeps a sensible default; an empty name leaves the host
to call the seat by its number, in each window's own language."""

from __future__ import annotations

import getpass
from typing import TYPE_CHECKING

import pygame

from game.app.ui import widgets
from game.app.ui.modal import PromptScene
from game.app.ui.widgets import MUTED, Button, blit_text
from game.common.person_name import NAME_LENGTH, clean_name
from game.i18n import N_, _

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.persist.settings import Settings

__all__ = ["AskNameScene", "ask_once", "default_player_name", "keep_name", "my_name"]

#: Login names that are no person's name (a shared or system account).
_NOT_A_NAME = frozenset({"root", "user", "admin", "administrator", "guest", "player", "pi", "ubuntu"})


def default_player_name() -> str:
    """A first guess at the player's name: the account's full name, else its
    login name capitalised ("ana" -> "Ana"), else "" (the seat's number then)."""
    try:
        login = getpass.getuser()
    except Exception:  # no login name at all (some containers): no guess
        return ""
    full = ""
    try:
        import pwd

        full = pwd.getpwnam(login).pw_gecos.split(",")[0]
    except (ImportError, KeyError, OSError):
        pass
    name = clean_name(full) or ("" if login.lower() in _NOT_A_NAME else clean_name(login).capitalize())
    return "" if name.lower() in _NOT_A_NAME else name


def my_name(settings: Settings) -> str:
    """The name friends see for this player: the one set (Settings, the first
    start, Host or Join), else the first name typed at a local game's setup, else ""."""
    if settings.player_name:
        return settings.player_name
    from game.app.words.seat_names import typed

    first = typed(settings.names[0], 0) if settings.names else ""
    return clean_name(first)


def keep_name(app: AppSurface, text: str) -> str:
    """`text` cleaned as the host would, kept as the player's name (saved when it changed)."""
    name = clean_name(text)
    settings = app.settings
    if name != settings.player_name or not settings.name_asked:
        settings.player_name, settings.name_asked = name, True
        app.save_settings()
    return name


def ask_once(app: AppSurface) -> AskNameScene | None:
    """At the first start, ask the player's name over the title (never again once
    typed or skipped); None when it was asked before."""
    if app.settings.name_asked:
        return None
    scene = AskNameScene(app)
    app.push(scene)
    return scene


class AskNameScene(PromptScene):
    """The first start: "What should friends call you?" -- typed, or skipped."""

    title = N_("What should friends call you?")
    panel_size = (560, 300)

    def __init__(self, app: AppSurface):
        super().__init__(app, my_name(app.settings) or default_player_name(), NAME_LENGTH)

    def make_buttons(self) -> list[Button]:
        return [Button(N_("Skip"), self.cancel), Button(N_("OK"), self.save, key=pygame.K_RETURN, primary=True)]

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        self.field.draw(surface, ui(22))
        line = _("Friends see this name at a network table; Settings can change it.")
        size = widgets.fit_size(line, ui(15), self.panel.w - ui(40))
        blit_text(surface, line, size, MUTED, midtop=(self.panel.centerx, self.field.rect.bottom + ui(12)))

    def save(self) -> None:
        keep_name(self.app, self.field.text)
        self.app.stack.remove(self)

    def cancel(self) -> None:
        """Skipped: the guess stays (the field as it was first filled), asked no more."""
        keep_name(self.app, self.app.settings.player_name or default_player_name())
        self.app.stack.remove(self)
