"""How a table is conducted: an ordinary game (`TableMode`, which changes
nothing), or a lesson (`game.app.learn.table.LessonMode`), which lets only
its step's target through, leaves on Esc and ends on a screen of its own.

The table asks its mode at each of these points instead of being
subclassed, so a guided game is the game's own table with another mode.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from game.app.table.input import Target
    from game.app.ui.widgets import Button


class TableMode:
    """An ordinary game: every default here leaves the table as it is."""

    def refusal(self, move: Any | None, select: Hashable | None) -> str | None:
        """Why this table will not take this move or selection although the
        rules might, as the line to show; None = go ahead."""
        return None

    def allows(self, target: Target) -> bool:
        """The keyboard's ring may reach `target` (the rules permitting)."""
        return True

    def prefers(self, target: Target) -> bool:
        """Enter on this card should select it rather than play the selection."""
        return False

    def wants_card(self, key: Hashable) -> bool:
        """A card the player may be asked to click now (else it looks dimmed)."""
        return True

    def waiting(self) -> bool:
        """The mode waits for the player's step (a click on the bare table is told what to do)."""
        return False

    def buttons(self, buttons: list[Button]) -> list[Button]:
        """The table's buttons as this mode shows them."""
        return buttons

    def leave(self) -> bool:
        """Esc or Menu: True if the mode took care of it (else the menu opens)."""
        return False

    def menu_words(self) -> tuple[str, str] | None:
        """The in-game menu's title and the line under it as this mode says them
        (a network table does not pause), or None: "Paused"."""
        return None

    def menu_buttons(self, buttons: list[Button]) -> list[Button]:
        """The in-game menu's buttons as this mode offers them (a network table
        saves nothing here; its host may keep the table open or close it)."""
        return buttons

    def results(self) -> bool:
        """The game is over: True if the mode shows its own end (else the results)."""
        return False

    def status(self, text: str) -> str:
        """The status line as this mode says it (a lesson leaves out the game's round count)."""
        return text

    def summary(self) -> bool:
        """A round summary is due: True if the mode shows its own end instead
        (the table then stays on the round's last picture, nothing dealt)."""
        return False

    def summary_wait(self, demo_wait: float | None) -> float | None:
        """How long a round summary stays before closing by itself (None: until a click)."""
        return demo_wait

    def drive(self, dt: float) -> bool:
        """A turn of the mode's own while the table is still: True if it acted."""
        return False

    def drive_due(self) -> list[float] | None:
        """When `drive` next acts by itself, or None: the turn flow says."""
        return None

    # -- a mode's own layer (a network table's: seat states, chat, its buttons) --
    def seat_tag(self, seat: int) -> str | None:
        """The word on `seat`'s panel in place of its kind ("you", "hard"), or None."""
        return None

    def seat_clock(self, seat: int) -> tuple[float, float] | None:
        """(seconds left, the clock's full time) while a turn clock runs for `seat`, else None."""
        return None

    def tick(self, dt: float) -> None:
        """Every frame, on top or not (what arrived from elsewhere)."""

    def next_due(self) -> float | None:
        """When the mode's own layer next changes by itself (None: only input changes it)."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """The mode's own layer, over the table and under the open log."""

    def handle(self, event: pygame.event.Event) -> bool:
        """An event for the mode's own layer, before the table's input: True if taken."""
        return False

    def keeps_key(self, event: pygame.event.Event) -> bool:
        """The mode types (a chat line): keys reach it, not the keyboard's ring."""
        return False

    def look_as(self, seat: int | None) -> None:
        """The table is about to show `seat`'s eyes (a network table's window
        holding several people switches to that seat's own views)."""

    def exit(self) -> None:
        """The table left the screen for good."""
