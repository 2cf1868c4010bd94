"""Drive the real window headless: the App the tests build, its frames, and the
clicks and keys a person would give it (shared by the window tests; the table's
own moves are in tests/table_driver.py)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.app.shell.app import App
from game.net import hosting as net
from game.persist.settings import Settings
from game.rules import GAME_IDS


def window(*names: str, size: tuple[int, int] = (1280, 720), speed: str = "off", **settings) -> App:
    """A window at `size` that deals at once (unless `speed` says otherwise) and
    offers no "learn it first?" before a game; `names` typed at the setup, seat
    by seat; any other setting (muted=True, ui_scale=...) as given."""
    return App(size, Settings(names=list(names), speed=speed, learn_offered=list(GAME_IDS), **settings))


def host_table(game_id: str, kinds: list[str], names: list[str], **table: object) -> net.Hosting:
    """A new table (`net.new_table`'s seat kinds and names, and any of its
    options) hosted on a free port, its files kept nowhere; close it after."""
    return net.Hosting(net.new_table(game_id, kinds, names, **table), port=0, keep=False).start()


#: the frame of the tests that wait on something: a 30th of a second
FRAME = 1 / 30


def step(app: App, events: list[pygame.event.Event] | None = None, dt: float = FRAME) -> None:
    """One frame (not flipped to the screen), with these events."""
    app.step(dt, events=events or [], flip=False)


def frames(app: App, n: int = 1) -> None:
    """`n` frames with no input."""
    for _ in range(n):
        step(app)


def frames_until(app: App, until: Callable[[], object], limit: int = 400, *, breath: float = 0.01) -> bool:
    """Frames with no input until `until()` holds (checked before each: none if it
    holds already), `limit` of them at the most, with `breath` seconds between
    for the network's threads; whether it held."""
    for _ in range(limit):
        if until():
            return True
        step(app)
        time.sleep(breath)
    return bool(until())


def steps_until(app: App, done: Callable[[], object], limit: int = 100) -> bool:
    """Drawn frames of 0.05 s, each followed by a check of `done()` (so at least
    one frame) and 0.03 s for the network's threads, `limit` of them at the
    most; whether it held."""
    for _ in range(limit):
        app.step(0.05)
        if done():
            return True
        time.sleep(0.03)
    return bool(done())


# -- the mouse ------------------------------------------------------------------------------------


def click(app: App, pos: tuple[float, float], dt: float = 1 / 60) -> None:
    """Move the pointer there, press and release, as a person would (one frame)."""
    pos = (int(pos[0]), int(pos[1]))
    step(
        app,
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
        dt,
    )


def click_in_two_frames(app: App, pos: tuple[int, int], dt: float = FRAME) -> None:
    """The button pressed in one frame and released in the next (no pointer move first)."""
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], dt)
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], dt)


def button(app: App, label: str):
    """The button with this label on the scene on top."""
    return next(b for b in app.stack.top.buttons if b.label == label)


def press_button(app: App, label: str) -> None:
    """Click the button with this label on the scene on top (`click`)."""
    click(app, button(app, label).rect.center)


# -- the keyboard ---------------------------------------------------------------------------------


def key_event(key: int, mod: int = 0, text: str = "") -> pygame.event.Event:
    """A key pressed (`text`: the character it types, if any)."""
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)


def press_key(app: App, key: int, mod: int = 0, *, dt: float = 1 / 60) -> None:
    """One frame in which this key is pressed (a key that types nothing)."""
    step(app, [key_event(key, mod)], dt)


def type_key(app: App, key: int, text: str, *, dt: float = 1 / 60) -> None:
    """One frame in which this key is pressed and types `text`, as SDL sends it:
    the key, then its text."""
    step(app, [key_event(key, text=text), pygame.event.Event(pygame.TEXTINPUT, text=text)], dt)


def page_down_to_the_end(app: App, scene) -> None:
    """Page Down until a scrolling scene's end (bounded), then three more: it must stay there."""
    page_down = key_event(pygame.K_PAGEDOWN)
    for _ in range(200):
        app.step(1 / 30, events=[page_down], flip=False)
        if scene.scroll == scene.max_scroll:
            break
    for _ in range(3):
        app.step(1 / 30, events=[page_down], flip=False)
