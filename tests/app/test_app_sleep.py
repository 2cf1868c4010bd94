"""A window that sleeps when nothing moves: scenes say when they next change
(`next_frame`), and the real loop (`App.run`) draws only then or on input.
Headless and clock-free: `App.sleep` is replaced by a script of events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from table_driver import make_app

from game.app.shell.app import App
from game.app.table.turns import MESSAGE_TIME
from game.persist.settings import Settings


def settle(app: App, frames: int = 600) -> None:
    """Run frames until the screen would sleep (the deal has landed)."""
    for _ in range(frames):
        if app.next_frame() != 0.0:
            return
        app.step(1 / 60, events=[], flip=False)
    raise AssertionError("still moving after %d frames" % frames)


def test_a_table_waiting_for_the_human_asks_for_no_frame():
    app, table = make_app("sticheln", [True, False, False], speed="normal")
    assert app.next_frame() == 0.0  # the opening deal moves
    settle(app)
    assert table.viewer_acts()
    assert app.next_frame() is None


def test_a_message_wakes_the_window_when_it_ends():
    app, table = make_app("sticheln", [True, False, False], speed="normal")
    settle(app)
    table.say("hello")
    assert app.next_frame() == pytest.approx(MESSAGE_TIME)
    app.step(MESSAGE_TIME + 0.01, events=[], flip=False)
    assert app.next_frame() is None


def test_a_computer_to_move_wakes_after_its_pause_then_animates():
    app, table = make_app("avalanche", [False, True], speed="normal")  # seat 0, a computer, starts
    settle(app)
    due = app.next_frame()
    assert due is not None and 0 < due <= app.settings.ai_pause
    app.step(due, events=[], flip=False)
    while not table.match.moves:
        app.step(1 / 60, events=[], flip=False)
    assert app.next_frame() == 0.0  # the computer's cards fly


def test_an_illegal_click_shakes_for_a_few_frames_then_sleeps_again():
    app, table = make_app("sticheln", [True, False, False], speed="normal")
    settle(app)
    key = next(iter(table.stage.sprites))
    table.stage.sprites[key].shake()
    assert app.next_frame() == 0.0
    settle(app)


def test_the_title_sways_a_few_times_a_second_only():
    app = App(settings=Settings())
    title = app.routes.title()
    app.step(0.0, events=[], flip=False)
    due = title.next_frame()
    assert 0 < due <= 0.5
    assert app.routes.setup().next_frame() is None  # a still screen


def test_run_sleeps_until_input_and_loses_none_of_it(monkeypatch):
    app, table = make_app("sticheln", [True, False, False], speed="normal")
    settle(app)
    timeouts = []
    script = [
        [],  # a timeout with nothing to do
        [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")],
        [pygame.event.Event(pygame.WINDOWEXPOSED), pygame.event.Event(pygame.QUIT)],
    ]
    seen = []

    def sleep(timeout):
        timeouts.append(timeout)
        seen.append(type(app.stack.top).__name__)
        return script.pop(0)

    monkeypatch.setattr(app, "sleep", sleep)
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the other tests' display stays
    assert app.run() == 0
    assert timeouts[0] is None  # nothing moves: sleep until an event
    assert seen == ["StichelnTable", "StichelnTable", "MenuScene"]  # Esc, slept through, still opened the menu


def test_a_scene_that_animates_without_saying_so_keeps_drawing():
    from game.app.shell.scene import Scene

    class Spinner(Scene):
        def update(self, dt: float) -> None:
            pass

    assert Spinner(None).next_frame() == 0.0
    assert Scene(None).next_frame() is None
