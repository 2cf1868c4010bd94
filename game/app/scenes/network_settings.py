"""Settings → Network: the relay a table "anyone with the invite" dials out to.

One setting, kept in the network settings (`NetPrefs.relay`), the same value
Host a table uses.  There is no default: Fireside runs no relay for anyone,
so the screen says so and takes the address of one the player trusts.  An
address is checked before it is kept (ws:// or wss://, a machine, a port
that can be); a wrong one is said plainly and nothing is kept.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game.app.ui import widgets
from game.app.ui.modal import PromptScene
from game.app.ui.widgets import DANGER, INK, MUTED, Button, blit_text
from game.i18n import N_, _

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface

log = logging.getLogger(__name__)

__all__ = ["NetworkSettingsScene", "relay_problem"]

#: the longest relay address kept (as the network settings keep it)
RELAY_LENGTH = 200


def relay_problem(text: str) -> str:
    """What is wrong with `text` as a relay's address, in plain words ("": nothing; empty: no relay)."""
    from game.net.invite import InviteError, parse_relay

    text = text.strip()
    if not text:
        return ""
    scheme = text.partition("://")[0].lower() if "://" in text else ""
    if scheme not in ("ws", "wss"):
        return _("A relay's address starts with ws:// or wss://, like wss://relay.example.org.")
    if any(ch.isspace() for ch in text):
        return _("A relay's address has no spaces in it.")
    try:
        parse_relay(text)
    except InviteError:
        return _("That relay's address can't be read: write it like wss://relay.example.org or ws://192.168.1.20:8765.")
    return ""


class NetworkSettingsScene(PromptScene):
    """The relay's address: Save keeps it (when it is one), Cancel leaves it as it was."""

    title = N_("Network")
    panel_size = (640, 360)
    field_top = 110
    field_margin = 40
    buttons_inside = True

    def __init__(self, app: AppSurface):
        from game.persist import network

        self.prefs = network.load_prefs()
        super().__init__(app, self.prefs.relay, RELAY_LENGTH)
        self.field.hint = N_("wss://relay.example.org")

    def make_buttons(self) -> list[Button]:
        return [
            Button(N_("Cancel"), self.cancel, key=pygame.K_ESCAPE),
            Button(N_("Save"), self.save, primary=True),
        ]

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        p = self.panel
        label = _("Relay for tables with an invite")
        size = widgets.fit_size(label, ui(17), p.w - ui(80))
        blit_text(surface, label, size, INK, midbottom=(p.centerx, self.field.rect.y - ui(8)))
        self.field.draw(surface, ui(20))
        y = self.field.rect.bottom + ui(12)
        if self.error:
            lines, colour = widgets.wrap(self.error, ui(16), p.w - ui(60)), DANGER
        elif not self.field.text.strip():
            lines, colour = self._about(), MUTED
            lines = [_("No relay is set: Fireside runs none for you."), *lines]
        else:
            lines, colour = self._about(), MUTED
        for line in lines[:4]:
            blit_text(surface, line, ui(16), colour, midtop=(p.centerx, y))
            y += ui(22)

    def _about(self) -> list[str]:
        about = _(
            "Friends in other homes join through a relay with your invite; it can't read the game. "
            "Type the address of a relay you or a friend runs."
        )
        return widgets.wrap(about, self.app.ui(16), self.panel.w - self.app.ui(60))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.error and not relay_problem(self.field.text):
            self.error = ""  # fixed while typing: the reason goes

    def save(self) -> None:
        from game.persist import SaveError, network

        text = self.field.text.strip()
        problem = relay_problem(text)
        if problem:
            self.error = problem
            self.app.sound.play("error")
            return
        self.prefs = network.load_prefs()  # what else changed meanwhile stays
        self.prefs.relay = text
        try:
            network.save_prefs(self.prefs)
        except SaveError as exc:
            self.error = str(exc)
            return
        self.app.stack.remove(self)
