"""A friend's lobby: the table joined, before its host starts the game.

Who sits where and who is ready (each view from the host carries it), the
friend's own Ready mark, the lobby's chat, and what the host did to this
friend's seat, in words ("The host moved you to seat 3", "The host freed your
seat: you are watching").  No cards: a lobby's views are the public view, and
the table opens only once the game has started (`app.routes.remote_table`).
Nothing here waits on the network: the client's thread wakes the window."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import pygame

from game.app.ui import widgets
from game.app.ui.lobby_parts import LobbyChat
from game.app.ui.modal import ModalScene
from game.app.ui.widgets import ACCENT, DANGER, INK, MUTED, Button, blit_text, draw_panel
from game.common.person_name import said
from game.i18n import N_, _
from game.net import words as net_words

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.net.client import Client

__all__ = ["GuestLobbyScene"]


class GuestLobbyScene(ModalScene):
    """A friend's lobby (see module doc)."""

    title = N_("Waiting for the game to start")
    panel_size = (900, 540)

    def __init__(self, app: AppSurface, client: Client) -> None:
        super().__init__(app)
        self.client = client
        self.chat = LobbyChat(lambda: self.client, self._names)
        self.gone = False
        self.failed = False  # a mark that could not be sent (the line is down)
        self._woken = threading.Event()
        self._shape: tuple[object, ...] = ()
        client.on_change = self.wake

    # -- the client's thread --------------------------------------------------------
    def wake(self) -> None:
        if not self._woken.is_set():
            self._woken.set()
            from game.app.shell.wake import post_wake

            post_wake()

    def _names(self) -> list[str]:
        return said(self.client.seat.names)

    @property
    def watching(self) -> bool:
        seat = self.client.seat
        return seat.watching or seat.seat is None or seat.seat < 0

    @property
    def ready(self) -> bool:
        seat = self.client.seat
        return seat.seat is not None and seat.seat in seat.ready

    # -- buttons --------------------------------------------------------------------
    def make_buttons(self) -> list[Button]:
        label = N_("Not ready after all") if self.ready else N_("I'm ready")
        self.ready_button = Button(label, self.toggle_ready, primary=not self.ready, enabled=not self.watching)
        self.leave_button = Button(N_("Leave the table"), self.leave, key=pygame.K_ESCAPE)
        closed = self.client.seat.closed is not None
        if closed or self.watching:
            self.leave_button = Button(N_("Back to the title"), self.leave, key=pygame.K_ESCAPE, primary=closed)
            return [self.leave_button]
        return [self.leave_button, self.ready_button]

    def place_buttons(self) -> None:
        ui = self.app.ui
        p = self.panel
        self.left = pygame.Rect(p.x + ui(30), p.y + ui(70), p.w * 11 // 20, p.h - ui(160))
        chat = pygame.Rect(self.left.right + ui(24), p.y + ui(70), 0, p.h - ui(160))
        chat.w = p.right - ui(30) - chat.x
        self.chat.place(chat, ui)
        widgets.layout_row(self.buttons, (p.centerx, p.bottom - ui(40)), ui(260), ui(44), ui(16))

    # -- each frame -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._woken.clear()
        self.chat.field.update(dt)
        if self.chat.take():
            self.app.sound.play("click")
        seat = self.client.seat
        shape = (tuple(seat.ready), seat.seat, seat.watching, seat.closed)
        if shape != self._shape:
            self._shape = shape
            self.resize(self.app.size)
        if self.gone or seat.closed is not None:
            return
        if seat.started and seat.seat is not None:
            self.gone = True
            self.client.on_change = None
            self.app.routes.remote_table(self.client)

    def next_frame(self) -> float | None:
        if self._woken.is_set():
            return 0.0
        return self.chat.field.next_frame()

    # -- drawing --------------------------------------------------------------------
    def lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the friend is told above the seats, in words."""
        seat = self.client.seat
        out: list[tuple[str, tuple[int, int, int]]] = []
        if seat.closed is not None:
            out.append((net_words.say_bye(seat.closed), DANGER))
        elif not self.client.seated:
            out.append((_("Reconnecting…"), DANGER))
        if seat.moved == "freed" and self.watching:
            freed = _("The host freed your seat: you are watching this table now. Ask for a seat in the chat.")
            out.append((freed, ACCENT))
        elif seat.moved == "moved" and seat.seat is not None and seat.seat >= 0:
            out.append((_("The host moved you to seat {seat}.").format(seat=seat.seat + 1), ACCENT))
        if seat.closed is None:
            if self.watching:
                out.append((_("You are watching: the game shows when the host starts it."), MUTED))
            elif not seat.hosts:  # `fireside host`: nobody at a window there presses Start
                if self.ready:
                    out.append((_("You are ready. The game starts when everyone seated is ready."), INK))
                else:
                    text = _("Press I'm ready when you are: the game starts when everyone seated is ready.")
                    out.append((text, INK))
            elif self.ready:
                out.append((_("You are ready. The host starts the game."), INK))
            else:
                out.append((_("Press I'm ready when you are; the host starts the game."), INK))
        return out

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        left = self.left
        seat = self.client.seat
        y = left.y
        code = seat.code or ""
        blit_text(surface, _("Table {code}").format(code=code), ui(18), MUTED, topleft=(left.x, y))
        y += ui(30)
        for text, colour in self.lines():
            for row in widgets.wrap(text, ui(16), left.w):
                blit_text(surface, row, ui(16), colour, topleft=(left.x, y))
                y += ui(22)
        y += ui(10)
        names = said(seat.names)
        for s, name in enumerate(names):
            centre = y + ui(12)
            if s == seat.seat:
                draw_panel(surface, pygame.Rect(left.x, y - ui(3), left.w, ui(30)), (232, 182, 76, 40), radius=ui(6))
            widgets.seat_mark(surface, s, (left.x + ui(10), centre), ui(9))
            shown = _("{name} (you)").format(name=name) if s == seat.seat else name
            room = left.w * 11 // 20
            blit_text(surface, shown, widgets.fit_size(shown, ui(18), room), INK, midleft=(left.x + ui(28), centre))
            status, colour = self.status(s)
            x = left.x + ui(40) + room
            blit_text(surface, status, widgets.fit_size(status, ui(16), left.right - x), colour, midleft=(x, centre))
            y += ui(34)
        self.chat.draw(surface, ui)

    def status(self, s: int) -> tuple[str, tuple[int, int, int]]:
        seat = self.client.seat
        if s in seat.computers:
            return _("Computer"), MUTED
        if s in seat.hosts:
            return _("Host"), INK
        if s in seat.ready:
            return _("Ready"), ACCENT
        if s in seat.connected:
            return _("Not ready yet"), INK
        if s in seat.away:
            return _("Away"), MUTED
        return _("Open seat"), MUTED

    # -- input ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.chat.handle(event):
            return True
        return super().handle(event)

    def keeps_key(self, event: pygame.event.Event) -> bool:
        return self.chat.field.keeps(event)

    def toggle_ready(self) -> None:
        try:
            self.client.mark_ready(not self.ready)
            self.failed = False
        except RuntimeError:
            self.failed = True
        self.app.sound.play("click")

    def leave(self) -> None:
        """Give the seat up (a bye) and go back to the title; Rejoin is not offered."""
        from game.persist import network

        self.gone = True
        self.client.on_change = None
        if self.client.seat.closed is None:
            self.client.leave(timeout=0.5)
        else:
            self.client.close(timeout=0.5)
        last = network.read_last()
        if last is not None and last.code == self.client.seat.code:
            network.clear_last()
        self.app.routes.title()

    def exit(self) -> None:
        if not self.gone:  # closed by other means (the window): hang up, keeping the seat to rejoin
            self.client.on_change = None
            self.client.close(timeout=0)
