"""The window, the main loop and the things every scene shares."""

from __future__ import annotations

import logging
import os

import pygame

from game.app.scene import Scene, SceneStack
from game.app.settings import Settings

log = logging.getLogger(__name__)

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (800, 500)
FPS = 60


class App:
    """Owns the window, the scene stack, art, sound and settings.

    `step(dt, events)` runs one frame and is what tests call; `run()` is the
    real loop around it with a clock.
    """

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, settings: Settings | None = None,
                 *, fullscreen: bool = False):
        from game.app.art import Art
        from game.app.sound import SoundBoard

        pygame.init()
        pygame.display.set_caption("Fireside")
        self.settings = settings or Settings()
        self.settings.fullscreen = fullscreen
        self._windowed_size = size
        self.screen = self._open_window(size)
        self.art = Art()
        self.sound = SoundBoard(self.settings.volume, self.settings.muted)
        self.stack = SceneStack()
        self.running = True
        self.exit_code = 0
        self.exit_at_end = False  # demo --exit-at-end: quit once the game is over
        self.frames = 0

    # -- window ---------------------------------------------------------------
    def _open_window(self, size: tuple[int, int]) -> pygame.Surface:
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        """Logical-unit scale: 1.0 at 1280x720, larger on bigger windows."""
        w, h = self.size
        return max(0.7, min(w / 1280, h / 720))

    def ui(self, n: float) -> int:
        """A length in logical units (designed at 1280x720) in pixels."""
        return max(1, round(n * self.scale))

    def resize(self, size: tuple[int, int]) -> None:
        if not self.settings.fullscreen:
            self._windowed_size = size
            self.screen = self._open_window(size)
        self.stack.resize(self.size)

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.screen = self._open_window(self._windowed_size)
        self.stack.resize(self.size)

    # -- scenes ---------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self.stack.push(scene)
        scene.resize(self.size)

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene)
        scene.resize(self.size)

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    # -- the loop -------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.resize(event.size)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        else:
            self.stack.handle(event)

    def update(self, dt: float) -> None:
        self.stack.update(dt)

    def draw(self) -> None:
        self.stack.draw(self.screen)

    def step(self, dt: float, events: list[pygame.event.Event] | None = None,
             flip: bool = True) -> None:
        """One frame: input, update by dt seconds, draw."""
        for event in pygame.event.get() if events is None else events:
            self.handle(event)
            if not self.running:
                return
        self.update(dt)
        self.draw()
        if flip:
            pygame.display.flip()
        self.frames += 1

    def run(self) -> int:
        clock = pygame.time.Clock()
        dt = 0.0
        while self.running:
            self.step(dt)
            dt = min(0.1, clock.tick(FPS) / 1000.0)
        pygame.quit()
        return self.exit_code


def headless() -> None:
    """Point SDL at dummy drivers (tests, benchmarks) unless told otherwise."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
