"""The setup screen (issue 15): it remembers the last game and player count,
its choices look like choices (steppers with arrows both ways), who starts
sits on the players' line, and every label — in all four languages, on the
setup and on the table's buttons — is drawn at a readable size."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest
from app_driver import window
from table_driver import click, make_app

from game import i18n
from game.app.shell.app import App
from game.app.ui.widgets import Stepper
from game.persist.settings import load_settings

READABLE = 14  # px: the least a label may shrink to


def setup_screen(app: App):
    app.routes.title()
    return app.routes.setup()


def test_setup_remembers_the_last_game_and_player_count():
    app = window()
    setup = setup_screen(app)
    assert (setup.game_id, setup.count) == ("sticheln", 4)  # the first time: the defaults
    setup.choose_game("grinch")
    setup.change_count(2)
    setup.start()
    saved = load_settings()
    assert (saved.game, saved.players) == ("grinch", 6)
    again = setup_screen(App((1280, 720), saved))
    assert (again.game_id, again.count) == ("grinch", 6)


def test_a_remembered_count_is_kept_within_the_games_range():
    app = window(game="avalanche", players=6)
    setup = setup_screen(app)
    assert setup.game_id == "avalanche"
    from game import rules

    players = rules.get("avalanche").PLAYERS
    assert players.start <= setup.count <= players.stop - 1


def test_bad_remembered_game_falls_back(tmp_path, monkeypatch):
    from game.persist.settings import from_data

    assert from_data({"game": "poker", "players": 3}).game == ""
    assert from_data({"players": True}).players == 0
    assert from_data({"players": 9}).players == 0


def test_level_and_starter_are_steppers_both_ways():
    app = window(level="normal")
    setup = setup_screen(app)
    steppers = [b for b in setup.buttons if isinstance(b, Stepper)]
    assert len(steppers) == setup.count  # a level for each computer and who starts
    level = next(b for b in steppers if b.rect.y > setup.name_rects[0].y)
    seat = next(i for i, r in enumerate(setup.name_rects) if r.y == level.rect.y)
    before = setup.levels[seat]
    click(app, (level.rect.right - 5, level.rect.centery))  # the right arrow: on
    after = setup.levels[seat]
    assert after != before
    level = next(b for b in setup.buttons if isinstance(b, Stepper) and b.rect.y == level.rect.y)
    click(app, (level.rect.x + 5, level.rect.centery))  # the left arrow: back
    assert setup.levels[seat] == before
    starter = min(steppers, key=lambda b: b.rect.y)
    assert starter.rect.centery == setup.count_center[1], "who starts sits on the players' line"
    click(app, (starter.rect.x + 5, starter.rect.centery))  # back from Random: the last seat
    assert setup.starter == setup.count - 1


@pytest.mark.parametrize("lang", ["en", "ko", "ca", "pa"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_every_setup_and_table_label_is_readable(lang, size):
    i18n.set_language(lang)
    app = window(size=size)
    setup = setup_screen(app)
    setup.count = 6
    setup.human[2] = True
    setup.rebuild()
    small = [
        (b.label, b.label_px(app.ui(19))) for b in setup.buttons if b.label_px(app.ui(19)) < min(READABLE, app.ui(19))
    ]
    assert not small, small
    for game in ("sticheln", "avalanche", "grinch"):
        app2, table = make_app(game, [True, False, False], size=size)
        small = [
            (b.label, b.label_px(app2.ui(17)))
            for b in table.buttons
            if b.label_px(app2.ui(17)) < min(READABLE, app2.ui(17))
        ]
        assert not small, (game, small)
        rects = [b.rect for b in table.buttons]
        assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
        assert all(pygame.Rect((0, 0), size).contains(r) for r in rects)


@pytest.mark.parametrize("ui_scale", [0.8, 1.0, 1.25, 2.0])
def test_six_seats_fit_above_the_start_button(ui_scale):
    app = window(ui_scale=ui_scale)
    setup = setup_screen(app)
    setup.count = 6
    setup.rebuild()
    start = next(b for b in setup.buttons if b.label == "Start game")
    assert setup.name_rects[-1].bottom < start.rect.top
    assert all(b.rect.bottom <= start.rect.top or b.rect.top >= start.rect.top for b in setup.buttons)
