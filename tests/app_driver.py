"""Drive the real window headless: the App the tests build, its frames, and the
clicks and keys a person would give it (shared by the window tests; the table's
own moves are in tests/table_driver.py)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app.shell.app import App
from game.persist.settings import Settings
from game.rules import GAME_IDS


def window(*names: str, size: tuple[int, int] = (1280, 720), speed: str = "off", **settings) -> App:
    """A window at `size` that deals at once (unless `speed` says otherwise) and
    offers no "learn it first?" before a game; `names` typed at the setup, seat
    by seat; any other setting (muted=True, ui_scale=...) as given."""
    return App(size, Settings(names=list(names), speed=speed, learn_offered=list(GAME_IDS), **settings))
