"""What a screen may use of the app: its size and scale, the shared art,
sound and settings, the scene stack and the router.

Screens and tables are typed against `AppSurface`, not `App`: the window,
the main loop and the recovery from a failing frame stay the shell's own,
and a test may hand a screen anything that has these members.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

    from game.app.look.art import Art
    from game.app.look.sound import SoundBoard
    from game.app.shell.router import Routes
    from game.app.shell.scene import Scene, SceneStack
    from game.persist.settings import Settings


class Overlay(Protocol):
    """A layer the app keeps over every screen (a hosted table's bar): drawn
    last, offered each event first, asked before the window closes."""

    code: str  # the table it keeps open (its code)

    def draw(self, surface: pygame.Surface) -> None: ...

    def handle(self, event: pygame.event.Event) -> bool: ...

    def back_to_table(self) -> None:
        """Put the table it keeps back on the screen."""
        ...

    def update(self, dt: float) -> None: ...

    def next_frame(self) -> float | None: ...

    def strip(self) -> int:
        """Pixels the overlay keeps at the window's bottom, under every screen (0: none)."""
        ...

    def quitting(self) -> bool:
        """The window's close button was pressed: True if the overlay asks first (the window stays)."""
        ...


class AppSurface(Protocol):
    """The app as a screen sees it (`game.app.shell.app.App` is one)."""

    settings: Settings
    settings_unsaved: str  # why the settings last only until quitting ("" = on disk)
    art: Art
    sound: SoundBoard
    stack: SceneStack
    exit_at_end: bool  # demo --exit-at-end: quit once the game is over
    keyboard: bool  # focus rings show (Tab or an arrow since the last click)
    overlay: Overlay | None  # drawn over every screen (a table the host keeps open behind them)

    @property
    def routes(self) -> Routes:
        """The typed way to another screen (`app.routes.rules(game_id)`)."""
        ...

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def scale(self) -> float: ...

    @property
    def fit_scale(self) -> float: ...

    def ui(self, n: float) -> int:
        """A length in logical units (designed at 1280x720) in pixels."""
        ...

    def save_settings(self) -> None: ...

    def make_room(self) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def push(self, scene: Scene) -> None: ...

    def replace(self, scene: Scene) -> None: ...

    def quit(self, code: int = 0) -> None: ...

    def ask_quit(self) -> None:
        """Quit as the person asked it: a table this window hosts asks first."""
        ...
