"""The window, the main loop and the things every scene shares."""

from __future__ import annotations

import logging
import math
import os
import sys

import pygame

from game import APP_ID
from game.app.shell import router
from game.app.shell.scene import Scene, SceneStack
from game.app.shell.surface import Overlay
from game.app.ui import focus
from game.lru import trim_heap
from game.persist.settings import Settings

log = logging.getLogger(__name__)

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (800, 500)
UI_FIT = (1024, 576)  # the smallest logical window every screen is laid out for (125% at 720p)
FPS = 60
MAX_FAILURES = 3  # frames failing in a row before the app gives up


def name_window_class() -> None:
    """Linux: give the window the class (X11 WM_CLASS, Wayland app id) that the
    menu entry names in `StartupWMClass`, so docks group the running game with
    its menu entry and icon instead of showing a "__main__.py" window.
    Must run before the display starts.  `import pygame` has already set the
    X11 class to the script's name; any other value is the player's and wins."""
    if os.environ.get("SDL_VIDEO_X11_WMCLASS", "") in ("", os.path.basename(sys.argv[0] if sys.argv else "")):
        os.environ["SDL_VIDEO_X11_WMCLASS"] = APP_ID
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID)


def enable_dpi_awareness() -> None:
    """Windows: draw at the screen's real pixels instead of being stretched
    (blurred) by the system's display scaling.  Must run before the window
    opens; does nothing elsewhere or when the system refuses."""
    if sys.platform != "win32":
        return
    # pygame-ce's documented way: SDL's hint, read when the video system starts.
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    import ctypes

    try:
        ctypes.windll.shcore.SetProcessDpiAwareness(2)  # per-monitor aware (Windows 8.1+)
    except (AttributeError, OSError):
        try:
            ctypes.windll.user32.SetProcessDPIAware()  # system aware (Vista+)
        except (AttributeError, OSError):
            log.info("could not declare DPI awareness; Windows may scale the window")


def window_for_scale(ui_scale: float, current: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window size (never smaller than `current`, never larger than the
    desktop less room for its panels) at which `ui_scale` shows in full."""
    grow = ui_scale * UI_FIT[0] / DEFAULT_SIZE[0]
    if grow <= 1.0:  # up to 125% the screens make room within any window
        return current
    w = max(current[0], round(DEFAULT_SIZE[0] * grow))
    h = max(current[1], round(DEFAULT_SIZE[1] * grow))
    if desktop is not None:
        w = max(current[0], min(w, desktop[0] - 40))
        h = max(current[1], min(h, desktop[1] - 100))
    return w, h


def _desktop_size() -> tuple[int, int] | None:
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return sizes[0] if sizes else None


class App:
    """Owns the window, the scene stack, art, sound and settings.

    `step(dt, events)` runs one frame and is what tests call; `run()` is the
    real loop around it with a clock.
    """

    def __init__(
        self, size: tuple[int, int] = DEFAULT_SIZE, settings: Settings | None = None, *, fullscreen: bool = False
    ):
        from game.app.look.art import Art
        from game.app.look.icon import window_icon
        from game.app.look.sound import SoundBoard

        enable_dpi_awareness()
        name_window_class()
        pygame.init()
        pygame.display.set_caption("Fireside")
        self.settings = settings or Settings()
        self.settings_unsaved = ""  # why the settings last only until quitting ("" = they are on disk)
        self.settings.fullscreen = fullscreen
        self._windowed_size = size
        self.screen = self._open_window(size)
        self.art = Art()
        pygame.display.set_icon(window_icon(self.art))  # the game's own icon, not pygame's
        self.sound = SoundBoard(self.settings.volume, self.settings.muted)
        self.stack = SceneStack()
        self.routes = router.Routes(self)  # the typed way to every screen
        self.running = True
        self.exit_code = 0
        self.exit_at_end = False  # demo --exit-at-end: quit once the game is over
        self.frames = 0
        self.failures = 0  # frames in a row that raised (see step_safely)
        self.keyboard = False  # Tab or an arrow was pressed since the last click: focus rings show
        self.overlay: Overlay | None = None  # over every screen: a table the host keeps open behind them
        self._strip = 0  # pixels the overlay keeps at the window's bottom (the screens have the rest)

    # -- window ---------------------------------------------------------------
    def _open_window(self, size: tuple[int, int]) -> pygame.Surface:
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        """The screens' room: the window, less the strip the overlay keeps at its bottom."""
        w, h = self.screen.get_size()
        return w, h - self._strip

    @property
    def fit_scale(self) -> float:
        """The scale at which the 1280x720 design fills this window."""
        w, h = self.screen.get_size()
        return max(0.7, min(w / 1280, h / 720))

    @property
    def scale(self) -> float:
        """Logical-unit scale: 1.0 at 1280x720, larger on bigger windows, times
        the player's interface size (`Settings.ui_scale`) as far as the screens
        still fit: no more than UI_FIT logical units are squeezed into the window.
        Asked hundreds of times a frame, so worked out once per size and setting."""
        key = (self.screen.get_size(), self.settings.ui_scale)
        cached = self.__dict__.get("_scale")
        if cached is None or cached[0] != key:
            (w, h), fit = key[0], self.fit_scale
            cached = self._scale = (key, min(fit * key[1], max(fit, min(w / UI_FIT[0], h / UI_FIT[1]))))
        return cached[1]

    def ui(self, n: float) -> int:
        """A length in logical units (designed at 1280x720) in pixels."""
        return max(1, round(n * self.scale))

    def resize(self, size: tuple[int, int]) -> None:
        if not self.settings.fullscreen:
            self._windowed_size = size
            self.screen = self._open_window(size)
        self.stack.resize(self.size)

    def make_room(self) -> None:
        """Grow the window when the interface size asks for more than it can show.

        Within one window the screens can grow to 125% (UI_FIT); beyond that a
        bigger interface needs a bigger window: at 200% everything is twice its
        100% size in the default window when the window is 2048x1152.  The
        window only grows, and never past the screen; fullscreen already has
        all the room there is.
        """
        if self.settings.fullscreen:
            return
        w, h = window_for_scale(self.settings.ui_scale, self.screen.get_size(), _desktop_size())
        if (w, h) != self.screen.get_size():
            # Centred again: grown where it was, it would hang off the screen's edge.
            os.environ["SDL_VIDEO_CENTERED"] = "1"
            try:
                self.resize((w, h))
            finally:
                del os.environ["SDL_VIDEO_CENTERED"]

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.screen = self._open_window(self._windowed_size)
        self.stack.resize(self.size)
        self.save_settings()

    def save_settings(self) -> None:
        """Keep the settings on disk after every change; a disk that refuses
        is logged once and the app carries on with them in memory (the
        settings screen says so in `settings_unsaved`)."""
        from game.persist import SaveError
        from game.persist.settings import save_settings

        try:
            save_settings(self.settings)
        except SaveError as exc:
            if not self.settings_unsaved:
                log.warning("%s", exc)
            self.settings_unsaved = str(exc)
        else:
            self.settings_unsaved = ""

    # -- scenes ---------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self.stack.push(scene)
        scene.resize(self.size)

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene)
        scene.resize(self.size)
        trim_heap()  # between games: what the last one's surfaces freed goes back to the system

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    def ask_quit(self) -> None:
        """The person closes the window (its close button, the title's Quit): quit, unless
        the overlay asks first (a table the window hosts would close for everyone)."""
        if self.overlay is None or not self.overlay.quitting():
            self.quit()

    # -- the loop -------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        overlay = self.overlay
        if event.type == pygame.QUIT:
            self.ask_quit()
        elif overlay is not None and overlay.handle(event):
            pass
        elif event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.resize(event.size)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif self.stack.top is None or not focus.handle(self.stack.top, event):
            self.stack.handle(event)

    def update(self, dt: float) -> None:
        self.stack.update(dt)
        if self.overlay is not None:
            self.overlay.update(dt)
        self.keep_strip()

    def keep_strip(self) -> None:
        """The overlay's strip came or went: every screen is laid out again in the room left."""
        strip = self.overlay.strip() if self.overlay is not None else 0
        if strip != self._strip:
            self._strip = strip
            self.stack.resize(self.size)

    def draw(self) -> None:
        self.keep_strip()
        room = self.screen if not self._strip else self.screen.subsurface(pygame.Rect((0, 0), self.size))
        self.stack.draw(room)
        if self.stack.top is not None:
            focus.draw(self.stack.top, room, self.ui)
        if self.overlay is not None:
            self.overlay.draw(self.screen)

    def step(self, dt: float, events: list[pygame.event.Event] | None = None, flip: bool = True) -> None:
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

    def step_safely(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """`step`, but a bug in a scene is logged (with its traceback) and the
        player is taken back to the title, where Continue restores the game
        from the autosave, instead of the program dying with the window."""
        try:
            self.step(dt, events)
        except Exception as exc:  # the last line of defence: anything a scene raised
            self.recover(exc)
        else:
            self.failures = 0

    def recover(self, exc: BaseException) -> None:
        from game.i18n import _

        log.error("unexpected error in a frame; back to the title", exc_info=exc)
        self.failures += 1
        if self.failures > MAX_FAILURES:  # even the title fails: give up, but cleanly
            log.critical("the app keeps failing; quitting")
            self.quit(1)
            return
        try:
            title = self.routes.title()
            title.notice = _("Something went wrong ({error}); the details are in the log.").format(
                error=type(exc).__name__
            )
        except Exception:  # noqa: BLE001 - cannot even show the title
            log.exception("cannot show the title after an error; quitting")
            self.quit(1)

    def next_frame(self) -> float | None:
        """Seconds until the screen changes by itself (0: something moves,
        None: only input can change it); see `Scene.next_frame`."""
        try:
            due = self.stack.next_frame()
            over = self.overlay.next_frame() if self.overlay is not None else None
            return due if over is None else over if due is None else min(due, over)
        except Exception:  # noqa: BLE001 - a scene's bug must not stop the loop: draw on
            log.exception("a scene could not say when it next changes")
            return 0.0

    def sleep(self, timeout: float | None) -> list[pygame.event.Event]:
        """Block until an event arrives or `timeout` seconds pass (None: until
        an event); the events that arrived, in order."""
        ms = 0 if timeout is None else max(1, math.ceil(timeout * 1000))  # wait(0): no timeout
        first = pygame.event.wait(ms)
        return ([] if first.type == pygame.NOEVENT else [first]) + pygame.event.get()

    def run(self) -> int:
        """The real loop.  While something moves it draws 60 frames a second;
        when nothing does it draws nothing and sleeps until the next event or
        the next timer a scene asked for, then catches up the time it slept.
        Closing the window quits between moves and Ctrl+C quits quietly:
        either way the autosave already holds every move made."""
        clock = pygame.time.Clock()
        dt, events = 0.0, None
        try:
            while self.running:
                self.step_safely(dt, events)
                if not self.running:
                    break
                due = self.next_frame()
                if due is not None and due <= 0:
                    dt, events = min(0.1, clock.tick(FPS) / 1000.0), None
                    continue
                events = self.sleep(due)
                slept = clock.tick() / 1000.0
                try:  # timers count the time slept; nothing was moving, so nothing jumps
                    self.update(slept)
                except Exception as exc:  # noqa: BLE001 - as in step_safely
                    self.recover(exc)
                dt = 0.0  # the frame with the new events starts from here
        except KeyboardInterrupt:
            log.info("interrupted (Ctrl+C); the autosave holds the game")
            self.exit_code = 130
        finally:
            pygame.quit()
        return self.exit_code


def headless() -> None:
    """Point SDL at dummy drivers (tests, benchmarks) unless told otherwise."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
