"""Solid layers (issue 15): a modal is an opaque panel over a dimmed scrim.

Each modal is drawn over two very different things beneath it (a flat
magenta screen, a flat cyan one, the real table, the title, another modal):
the pixels inside its panel must be the same every time, so nothing beneath
shows through.  A round summary or the results hide the Grinch score pad
instead of printing over it."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest
from table_driver import make_app

from game.app.shell.app import App
from game.app.shell.scene import Scene
from game.app.ui.modal import ModalScene
from game.app.ui.score_table import ScoreSheet
from game.games.grinch.table import GrinchTable
from game.persist.settings import Settings

MAGENTA = (255, 0, 255)
CYAN = (0, 255, 255)


class Paint(Scene):
    """An opaque scene of one loud colour: whatever shows of it is see-through."""

    def __init__(self, app: App, colour: tuple[int, int, int]):
        super().__init__(app)
        self.colour = colour

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.colour)


def inside(modal: ModalScene) -> pygame.Rect:
    """The panel less its rounded corners and its edge."""
    inset = modal.app.ui(18) + 2
    return modal.panel.inflate(-2 * inset, -2 * inset)


def pixels(app: App, rect: pygame.Rect) -> bytes:
    app.draw()
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


def over(app: App, beneath: list[Scene], make_modal) -> tuple[ModalScene, bytes]:
    """`make_modal()` pushed over `beneath`; the modal and the pixels in its panel."""
    app.stack.scenes[:] = []
    for scene in beneath:
        app.stack.scenes.append(scene)
        scene.resize(app.size)
    modal = make_modal()
    app.push(modal)
    return modal, pixels(app, inside(modal))


def modal_makers(app: App, table):
    """Every modal the table can open, built fresh each time."""
    from game.app.shell.router import scene_class

    return {
        "menu": lambda: scene_class("menu")(app, table),
        "settings": lambda: scene_class("settings")(app),
        "save": lambda: scene_class("save")(app, table.match),
        "summary": lambda: scene_class("summary")(
            app, ScoreSheet("Round 1 of 3 scored", ["Player", "Score"], [["Ana", "3"], ["Mina", "5"]])
        ),
        "results": lambda: scene_class("results")(app, table),
        "autosave_failed": lambda: scene_class("autosave_failed")(app, table.match, "disk full"),
    }


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game", ["sticheln", "grinch"])
def test_every_modal_is_opaque_over_the_table_and_loud_colours(game, size):
    app, table = make_app(game, [True, False, False, False], size=size)
    app.step(0.1, events=[], flip=False)
    for name, make in modal_makers(app, table).items():
        _m, magenta = over(app, [Paint(app, MAGENTA)], make)
        _m, cyan = over(app, [Paint(app, CYAN)], make)
        modal, on_table = over(app, [table], make)
        assert magenta == cyan, f"{name}: what lies beneath shows through its panel"
        assert magenta == on_table, f"{name}: the table shows through its panel"
        # and the scrim around it dims, not hides: the loud colour is still there, darker
        app.stack.scenes[:] = [Paint(app, MAGENTA)]
        app.push(make())
        app.draw()
        corner = app.screen.get_at((2, 2))[:3]
        assert corner != MAGENTA and corner[0] > 40 and corner[1] == 0, (name, corner)


def test_settings_over_the_title_and_over_the_paused_menu_are_solid():
    app, table = make_app("sticheln", [True, False, False], size=(1280, 720))
    from game.app.shell.router import scene_class

    title = scene_class("title")(app)
    settings = lambda: scene_class("settings")(app)  # noqa: E731
    _m, alone = over(app, [Paint(app, CYAN)], settings)
    _m, on_title = over(app, [title], settings)
    _m, on_menu = over(app, [table, scene_class("menu")(app, table)], settings)
    assert alone == on_title, "the title logo shows through Settings"
    assert alone == on_menu, "the paused menu shows through Settings"


def test_a_modal_over_a_modal_dims_the_lower_one_and_hides_it_under_its_panel():
    app, table = make_app("sticheln", [True, False, False], size=(1280, 720))
    from game.app.shell.router import scene_class

    menu = scene_class("menu")(app, table)
    app.push(menu)
    app.draw()
    probe = (menu.panel.centerx, menu.panel.y + app.ui(30))  # the "Paused" title
    lit = app.screen.get_at(probe)[:3]
    save, on_menu = over(app, [table, menu], lambda: scene_class("save")(app, table.match))
    assert not save.panel.collidepoint(probe), "the probe must lie outside the Save panel"
    dimmed = app.screen.get_at(probe)[:3]
    assert sum(dimmed) < sum(lit) * 0.6, (lit, dimmed)
    _s, on_paint = over(app, [Paint(app, MAGENTA)], lambda: scene_class("save")(app, table.match))
    assert on_menu == on_paint, "the menu's buttons show through the Save panel"


def test_round_summary_and_results_hide_the_grinch_score_pad(monkeypatch):
    app = App((1280, 720), Settings(speed="off"))
    from game.app.shell.router import scene_class
    from game.app.table import table_for
    from game.match.match import Match, Seat

    seats = [Seat(n, i == 0, "easy") for i, n in enumerate(["Ana", "Mina", "Pau", "Simran", "Joon", "Laia"])]
    table = table_for(app, Match("grinch", seats, 5, 0))
    assert isinstance(table, GrinchTable)
    app.replace(table)
    table.toggle_pad()  # the pad lies open, as it does at every round's end
    drawn = []
    real = table.pad.draw
    monkeypatch.setattr(table.pad, "draw", lambda surface: (drawn.append(1), real(surface)))
    app.draw()
    assert drawn, "the open pad is drawn on the table"
    for make in (
        lambda: scene_class("summary")(app, ScoreSheet("Round 1 of 6 scored", ["Player"], [["Ana"]])),
        lambda: scene_class("results")(app, table),
    ):
        drawn.clear()
        modal = make()
        app.push(modal)
        app.draw()
        assert not drawn, f"{type(modal).__name__} prints over the open score pad"
        app.stack.remove(modal)
    menu = scene_class("menu")(app, table)
    app.push(menu)
    drawn.clear()
    app.draw()
    assert drawn, "the menu only pauses: the pad stays (dimmed) beneath it"
