"""What a screen may use of the app: its size and scale, the shared art,
sound and settings, the scene stack and the router.

Screens and tables are typed against `AppSurface`, not `App`: the window,
the main loop and the recovery from a failing frame stay the shell's own,
and a test may hand a screen anything that has these members.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.app.look.art import Art
    from game.app.look.sound import SoundBoard
    from game.app.shell.router import Routes
    from game.app.shell.scene import Scene, SceneStack
    from game.persist.settings import Settings


class AppSurface(Protocol):
    """The app as a screen sees it (`game.app.shell.app.App` is one)."""

    settings: Settings
    settings_unsaved: str  # why the settings last only until quitting ("" = on disk)
    art: Art
    sound: SoundBoard
    stack: SceneStack
    exit_at_end: bool  # demo --exit-at-end: quit once the game is over
    keyboard: bool  # focus rings show (Tab or an arrow since the last click)

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
