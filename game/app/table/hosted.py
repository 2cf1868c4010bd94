"""A table the host's window keeps open behind every screen.

The host's window is a client of its own table like every other window
(`remote.py`), so the table may leave the screen while the table stays open
for the friends: the host chose *Keep the table open* in the menu, or went to
the title some other way.  `HostedTable` is then the app's overlay: a bar over
whatever screen shows, "Hosting K3M9QP · 2 friends seated · Back to the table",
whose click sits the host's seats down again (new lines with their keys) and
puts the table back on the screen once their views have arrived.  It also
asks before the window closes (the close button would close the table for
everyone), and closes the table when the host confirms.

Only the hosting, through `HostControls`, knows who is seated; this module
reads nothing of the table's game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.shell.wake import post_wake
from game.app.ui import widgets
from game.app.ui.widgets import ACCENT, INK, blit_text, draw_panel
from game.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from game.app.shell.scene import Scene
    from game.app.shell.surface import AppSurface
    from game.app.table.base import TableScene
    from game.app.table.remote import HostControls
    from game.net.client import Client

__all__ = ["BACK", "HostedTable"]

#: The bar's button, and the words its click runs.
BACK = N_("Back to the table")
#: The height of the strip the bar keeps at the window's bottom (logical units).
STRIP = 40
#: How long the bar waits for the host's seats to come back before it offers the click again.
REOPEN_WAIT = 8.0


class HostedTable:
    """The host's window's table while it is open (see module doc): the app's overlay."""

    def __init__(self, app: AppSurface, host: HostControls, table: TableScene, lines: dict[int, Client]) -> None:
        self.app = app
        self.host = host
        self.table = table
        self.lines = dict(lines)  # seat -> the client the window plays it with (the first: the host's own)
        self.code = next(iter(lines.values())).seat.code or ""
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.reopening: dict[int, Client] | None = None  # new lines dialling, until their views arrive
        self.waited = 0.0
        self.closed = False
        self._listening = False
        self.asking: Scene | None = None  # the confirmation shown last

    # -- what the bar says ----------------------------------------------------------
    def showing(self) -> bool:
        """The bar shows: the table is open and off the screen."""
        return not self.closed and self.table not in self.app.stack.scenes

    def friends(self) -> int:
        """People seated at the table now who are not at this window."""
        return len([s for s in self.host.seated() if s not in self.lines])

    def words(self) -> str:
        return " · ".join(self.parts())

    def parts(self) -> tuple[str, str, str]:
        """The bar's words: the table, who sits at it, what a click does."""
        n = self.friends()
        seated = ngettext("{n} friend seated", "{n} friends seated", n).format(n=n)
        back = _("Sitting down again…") if self.reopening is not None else _(BACK)
        return _("Hosting {code}").format(code=self.code), seated, back

    # -- the overlay's part in each frame -------------------------------------------
    def strip(self) -> int:
        """The bar's own strip at the window's bottom, while it shows: it covers no screen's buttons."""
        return self.app.ui(STRIP) if self.showing() else 0

    def layout(self, surface: pygame.Surface) -> tuple[str, str, int]:
        """The bar's place, and its words as drawn: what it says, what a click does, their size."""
        ui = self.app.ui
        width, height = surface.get_size()
        table, seated, back = self.parts()
        said = f"{table} · {seated} · "
        px = widgets.fit_size(said + back, ui(16), width - ui(60))
        w = widgets.fonts.size(said + back, px)[0] + ui(36)
        self.rect = pygame.Rect(0, 0, w, ui(STRIP) - ui(8))
        self.rect.midbottom = (width // 2, height - ui(4))
        return said, back, px

    def draw(self, surface: pygame.Surface) -> None:
        if not self.showing():
            return
        self._listen()
        ui = self.app.ui
        width, height = surface.get_size()
        surface.fill((10, 18, 14), pygame.Rect(0, height - ui(STRIP), width, ui(STRIP)))
        said, back, px = self.layout(surface)
        hover = self.rect.collidepoint(pygame.mouse.get_pos())
        draw_panel(surface, self.rect, (28, 52, 40, 245) if hover else (18, 34, 27, 240), radius=ui(17), edge=ACCENT)
        x = self.rect.x + ui(18)
        blit_text(surface, said, px, INK, midleft=(x, self.rect.centery))
        blit_text(surface, back, px, ACCENT, midleft=(x + widgets.fonts.size(said, px)[0], self.rect.centery))

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on the bar: back to the table (True: taken)."""
        if not self.showing():
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            if self.rect.collidepoint(event.pos):
                if event.type == pygame.MOUSEBUTTONUP:
                    self.back_to_table()
                return True
        return False

    def update(self, dt: float) -> None:
        if self.reopening is None:
            if self.showing() and self.table.match.state.is_over:
                self.game_over()  # the host left a finished game: nothing is kept open for it
            return
        self.waited += dt
        lines = self.reopening
        if all(c.seat.seat is not None and c.seat.moves >= 0 and c.seat.inbox for c in lines.values()):
            self.reopening = None
            first = next(iter(lines.values()))
            here = {s: c for s, c in lines.items() if c is not first}
            self.app.routes.remote_table(first, self.host, here)
        elif self.waited > REOPEN_WAIT or any(c.seat.refusals or c.seat.closed for c in lines.values()):
            for client in lines.values():  # the click is offered again
                client.close(timeout=0)
            self.reopening = None

    def next_frame(self) -> float | None:
        if not self.showing():
            return None
        return 0.1 if self.reopening is not None else None  # else: woken by the table's news (`_listen`)

    # -- what the host may do -----------------------------------------------------------
    def back_to_table(self) -> None:
        """Sit the window's seats down again, each with its key, then show the table."""
        from game.net.client import Client

        if self.reopening is not None or self.closed:
            return
        self.app.sound.play("click")
        self.waited = 0.0
        self.reopening = {
            seat: Client(old.url, old.seat.name, token=old.seat.token, code=old.seat.code).start()
            for seat, old in self.lines.items()
        }
        for client in self.reopening.values():
            client.on_change = post_wake

    def opened(self, table: TableScene, lines: dict[int, Client]) -> None:
        """The table is on the screen again (with these lines)."""
        self.table = table
        self.lines = dict(lines)

    def keep_open(self) -> None:
        """The host leaves the table, which stays open for the friends: to the title, the bar on top."""
        self.app.routes.title()

    def ask_close(self, quitting: bool = False) -> None:
        """Close the table for everyone, once the host confirms (`quitting`: then the window closes too)."""
        self.asking = self.app.routes.close_table(self.friends(), lambda: self.close(quitting), quitting)

    def close(self, quitting: bool = False) -> None:
        """Close the table for everyone: every friend is told; the host's laptop keeps the game."""
        if not self._leave():
            return
        for client in [*self.lines.values(), *(self.reopening or {}).values()]:
            client.on_change = None
            client.close(timeout=0)
        self.reopening = None
        self.host.close()
        if quitting:
            self.app.quit()
        else:
            self.app.routes.title()

    def quitting(self) -> bool:
        """The window's close button: while the table is open, ask first (True: asked, the window stays)."""
        if self.closed:
            return False
        if self.asking is not None and self.app.stack.top is self.asking:
            self.close(quitting=True)  # asked already: a second click on the close button closes
            return True
        self.ask_close(quitting=True)
        return True

    def game_over(self) -> None:
        """The game ended and the host left its table: the table closes (there is nothing to keep open)."""
        if self._leave():
            self.host.close("game_over")

    def _leave(self) -> bool:
        """The bar goes and hears no more news (False: it had gone already)."""
        if self.closed:
            return False
        self.closed = True
        self._unlisten()
        if self.app.overlay is self:
            self.app.overlay = None
        return True

    # -- woken by the table's news while the bar shows ------------------------------------
    def _listen(self) -> None:
        if not self._listening:
            self._listening = True
            self.host.listen(self._news)

    def _unlisten(self) -> None:
        if self._listening:
            self._listening = False
            self.host.unlisten(self._news)

    def _news(self, _snapshot: object) -> None:
        post_wake()  # (on the table's worker: the bar reads the count on the window's thread)
