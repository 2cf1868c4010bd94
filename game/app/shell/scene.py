"""The scene stack: title, setup, table and the modal scenes drawn over it.

Scenes are plain objects registered in code.  Only the top scene gets
input; every scene from the topmost opaque one upward is drawn, so a modal
scene (menu, round summary) shows the table beneath it while an opaque one
(the pass-the-device screen) guarantees that nothing under it is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface


class Scene:
    """Base scene.  Override what you need; the defaults do nothing."""

    opaque = True  # False for modal scenes that show what is beneath

    def __init__(self, app: AppSurface):
        self.app = app

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Popped off the stack (or replaced)."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene above was popped; this one is on top again."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size; recompute the layout."""

    def update(self, dt: float) -> None:
        """Advance by dt seconds.  Called for every scene in the stack, so
        animations under a modal scene keep running."""

    def next_frame(self) -> float | None:
        """Seconds until this scene looks different by itself: 0 while
        something moves, None when only input can change it.  The main loop
        sleeps until the earliest of these (or an event), so a still screen
        costs no processor time.  A scene that overrides `update` but not
        this keeps drawing every frame, as it always did."""
        return None if type(self).update is Scene.update else 0.0

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Return True if the event was consumed."""
        return False


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def remove(self, scene: Scene) -> None:
        """Pop `scene` and everything above it."""
        while scene in self.scenes:
            self.pop()

    def replace(self, scene: Scene) -> None:
        """Clear the whole stack and start over with `scene`."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def find(self, kind: type) -> Scene | None:
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.resize(size)

    def update(self, dt: float) -> None:
        for scene in list(self.scenes):
            if scene in self.scenes:
                scene.update(dt)

    def next_frame(self) -> float | None:
        """The soonest `Scene.next_frame` of every scene (all of them update)."""
        due = [d for d in (scene.next_frame() for scene in self.scenes) if d is not None]
        return min(due) if due else None

    def draw(self, surface: pygame.Surface) -> None:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        for scene in self.scenes[start:]:
            scene.draw(surface)

    def handle(self, event: pygame.event.Event) -> bool:
        top = self.top
        return top.handle(event) if top is not None else False
