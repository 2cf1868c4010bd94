"""Drive a table in the real window headless with synthetic mouse events (shared by the
table tests; the window itself, its frames, clicks and keys: tests/app_driver.py)."""

from __future__ import annotations

import random

from app_driver import click, window  # click: here too, as the table tests import it

from game.app.scenes.results import ResultsScene
from game.app.shell.app import App
from game.app.table import table_for
from game.app.table.base import TableScene
from game.match.match import Match, Seat

NAMES = ("Ana", "Mina", "Pau", "Simran", "Joon", "Laia")


def make_app(
    game: str, humans: list[bool], seed: int = 1, *, size=(1280, 720), speed: str = "off", start: int = 0
) -> tuple[App, TableScene]:
    app = window(size=size, speed=speed)
    seats = [Seat(NAMES[i], human, "random") for i, human in enumerate(humans)]
    table = table_for(app, Match(game, seats, seed, start))
    app.replace(table)
    return app, table


def click_top_button(app: App) -> bool:
    """Press the first button of the scene on top (Continue, I'm <name>...)."""
    top = app.stack.top
    buttons = getattr(top, "buttons", None) or ([top.button] if hasattr(top, "button") else [])
    if not buttons:
        return False
    click(app, buttons[0].rect.center)
    return True


def play_by_clicks(app: App, table: TableScene, rng: random.Random, max_frames: int = 200_000, on_frame=None) -> None:
    """Click legal-looking targets until the results screen shows."""
    for _ in range(max_frames):
        top = app.stack.top
        if isinstance(top, ResultsScene):
            return
        if on_frame is not None:
            on_frame(app, table)
        if top is not table:
            click_top_button(app)
            continue
        if table.viewer_acts() and not table.stage.busy:
            targets = table.targets()
            legal = table.match.state.legal_moves()
            useful = [t for t in targets if (t.move is not None and t.move in legal) or t.select is not None]
            if useful:
                target = rng.choice(useful)
                click(app, table.input.click_point(target))
                continue
        app.step(1 / 30, events=[], flip=False)
    raise AssertionError("the game did not reach the results screen")
