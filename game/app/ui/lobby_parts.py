"""Pieces the two lobbies share (the host's and a friend's): the chat before the
game starts, and the invitation a host copies for friends.

The lobby's chat is the table's own chat (the same `Chat` messages, the same
client's list of lines, quick phrases said in each window's language), shown
as a box of its last lines with a line to type under it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app.ui import widgets
from game.app.ui.text_input import TextField
from game.app.ui.widgets import ACCENT, INK, MUTED, blit_text, draw_panel
from game.app.words import chat_words
from game.app.words.chat_words import CHAT_LEN
from game.common.person_name import say_name
from game.i18n import _
from game.net import protocol as p
from game.net import words as net_words

if TYPE_CHECKING:
    from game.net.client import Client

__all__ = ["LobbyChat", "address_with_port", "invite_text"]

KEPT = 40  # lines kept (the box shows what fits)


def address_with_port(address: str, port: int) -> str:
    """An address as a friend types it, with the port ("[fe80::1]:47474" for IPv6)."""
    from game.net.discovery import bracketed

    return f"{bracketed(address)}:{port}"


def invite_text(code: str, addresses: list[str], port: int) -> str:
    """What Copy invite puts on the clipboard: the code, every address with its port,
    and the command that joins from a terminal."""
    shown = [address_with_port(a, port) for a in addresses] or ["127.0.0.1:" + str(port)]
    lines = [
        _("Join my Fireside table: Play on the network, Join a table."),
        _("Table code: {code}").format(code=code),
        _("Address: {addresses}").format(addresses=" · ".join(shown)),
        _("Or in a terminal: {command}").format(command=f"fireside join {shown[0]} {code}"),
    ]
    return "\n".join(lines)


def relay_invite_text(link: str) -> str:
    """What Copy invite puts on the clipboard at a table through a relay: the invite
    (a click on it opens Fireside at the table; Join a table takes it pasted)."""
    lines = [
        _("Join my Fireside table: click the invite, or paste it in Play on the network, Join a table."),
        link,
        _("Keep it between friends: anyone with the invite may join."),
    ]
    return "\n".join(lines)


class LobbyChat:
    """The chat of a lobby: what `client` heard, each line said in this window's
    language and named by the names the host knows now (`names()`), and a field
    whose Enter sends a line."""

    def __init__(self, client: Callable[[], Client | None], names: Callable[[], list[str]]) -> None:
        self.client = client
        self.names = names
        self.lines: list[str] = []
        self.read = 0
        self.field = TextField(max_len=CHAT_LEN, on_submit=self.send)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.failed = False

    def take(self) -> bool:
        """Lines that arrived since the last look; True if any did."""
        client = self.client()
        if client is None:
            return False
        chat = client.seat.chat
        new = chat[self.read :]
        self.read = len(chat)
        for line in new:
            said = self.say(line)
            if said:
                self.lines.append(said)
        del self.lines[:-KEPT]
        return bool(new)

    def say(self, line: p.Chat) -> str:
        notice = net_words.say_notice(line.phrase) if line.seat is None else None
        if notice is not None:
            return notice
        text = chat_words.line_text(line)
        if not text:
            return ""
        names = self.names()
        if line.seat is not None and line.seat < 0:
            who = say_name(line.name) if line.name else _("Watching")
        elif line.seat is not None and line.seat < len(names):
            who = names[line.seat]
        else:
            who = "?"
        return _("{name}: {text}").format(name=who, text=text)

    def send(self, text: str) -> None:
        text = " ".join(text.split())[:CHAT_LEN]
        client = self.client()
        self.field.text = ""
        if not text or client is None:
            return
        try:
            client.say(text)
            self.failed = False
        except RuntimeError:
            self.failed = True

    def place(self, rect: pygame.Rect, ui: Callable[[float], int]) -> None:
        self.rect = rect
        self.field.rect = pygame.Rect(rect.x + ui(8), rect.bottom - ui(44), rect.w - ui(16), ui(36))

    def draw(self, surface: pygame.Surface, ui: Callable[[float], int]) -> None:
        rect = self.rect
        draw_panel(surface, rect, (16, 26, 22, 220), radius=ui(10), edge=None)
        blit_text(surface, _("Chat"), ui(15), MUTED, topleft=(rect.x + ui(12), rect.y + ui(8)))
        top, bottom = rect.y + ui(32), self.field.rect.y - ui(6)
        px, step = ui(15), ui(20)
        rows = [row for line in self.lines for row in widgets.wrap(line, px, rect.w - ui(24))]
        room = max(0, (bottom - top) // step)
        if not rows:
            blit_text(surface, _("No chat yet."), ui(14), MUTED, topleft=(rect.x + ui(12), top))
        y = top
        for row in rows[-room:] if room else []:
            blit_text(surface, row, widgets.fit_size(row, px, rect.w - ui(24)), INK, topleft=(rect.x + ui(12), y))
            y += step
        self.field.draw(surface, ui(16))
        if not self.field.text and not self.field.composition:
            hint = _("Reconnecting…") if self.failed else _("Type a line, Enter sends")
            blit_text(
                surface,
                hint,
                widgets.fit_size(hint, ui(14), self.field.rect.w - ui(24)),
                MUTED,
                midleft=(self.field.rect.x + ui(12), self.field.rect.centery),
            )
        if self.field.focused:
            pygame.draw.rect(surface, ACCENT, self.field.rect, 1, border_radius=ui(6))

    def handle(self, event: pygame.event.Event) -> bool:
        return self.field.handle(event)
