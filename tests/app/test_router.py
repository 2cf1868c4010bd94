"""The router's typed entry points: one method per route, returning that
route's screen; `go(name, ...)` only hands over to them; and a wrong
argument to a screen is a type error, not a crash on the player's screen."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from game.app.shell import router
from game.app.shell.router import METHODS, ROUTES, Routes

ROOT = Path(__file__).resolve().parents[2]


def _method(name: str):
    return getattr(Routes, METHODS.get(name, name))


def test_every_route_has_a_typed_method_returning_its_screen():
    for name, (_module, cls, _how) in ROUTES.items():
        method = _method(name)
        assert method.__annotations__["return"] == cls, name
    assert _method("table").__annotations__["return"] == "TableScene"
    assert _method("learn").__annotations__["return"] == "LessonScene"


@pytest.fixture
def app():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app.shell.app import App
    from game.persist.settings import Settings
    from game.rules import GAME_IDS

    return App((1280, 720), Settings(learn_offered=list(GAME_IDS)))


def test_each_route_shows_its_screen_pushing_or_starting_over(app):
    title = app.routes.title()
    assert isinstance(title, router.scene_class("title")) and app.stack.scenes == [title]
    rules = app.routes.rules("grinch")
    assert isinstance(rules, router.scene_class("rules")) and rules.game_id == "grinch"
    assert app.stack.top is rules  # "push": on top of the title
    assert app.routes.title() is app.stack.top and len(app.stack.scenes) == 1  # "replace": starts over


def test_there_is_no_untyped_way_to_a_screen(app):
    assert not hasattr(app, "go") and not hasattr(router, "go")


def test_a_table_opens_by_the_router(app):
    from game.match.match import Match, Seat

    match = Match("sticheln", [Seat("A", False, "random"), Seat("B", False, "random"), Seat("C", False, "random")], 3)
    table = app.routes.table(match, demo=True)
    assert app.stack.scenes == [table] and table.match is match


@pytest.mark.slow
def test_a_wrong_argument_to_a_screen_fails_the_type_check(tmp_path):
    from mypy import api

    probe = tmp_path / "probe.py"
    probe.write_text(
        textwrap.dedent("""
        from game.app.shell.surface import AppSurface

        def wrong(app: AppSurface) -> None:
            app.routes.rules(3)
            app.routes.table("sticheln")
            app.routes.summary("Round 1", ["Player"])

        def right(app: AppSurface) -> None:
            app.routes.rules("grinch")
            app.routes.learn("grinch", autoplay=True)
    """),
        encoding="utf-8",
    )
    out, _err, status = api.run(
        [str(probe), "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path / "cache")]
    )
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 1
    assert sorted({line.split(":")[1] for line in errors}) == ["5", "6", "7"], out  # each wrong call, none right
