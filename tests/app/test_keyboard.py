"""Every game played to the end by keyboard alone, from the title screen
through setup to the results; the focus only ever rests on what may be
chosen now; the other screens work by keyboard too; the interface size."""

from __future__ import annotations

import random

import pygame
import pytest
from app_driver import press_key, window
from matrix import fast_lane

from game.app.scenes import setup as setup_scene_module
from game.app.scenes.menu import MenuScene
from game.app.scenes.pass_device import PassScene
from game.app.scenes.results import ResultsScene
from game.app.scenes.rules import RulesScene
from game.app.scenes.settings import SettingsScene
from game.app.scenes.setup import SetupScene
from game.app.scenes.title import TitleScene
from game.app.shell.app import App
from game.app.table.base import TableScene
from game.app.ui import focus
from game.match.match import Match
from game.persist.settings import Settings
from game.rules import avalanche

FRAME = 1 / 60


# -- a keyboard and nothing else ---------------------------------------------------------
def type_text(app: App, text: str) -> None:
    app.step(FRAME, events=[pygame.event.Event(pygame.TEXTINPUT, text=text)], flip=False)


def focused_key(app: App):
    item = focus.focused(app.stack.top)
    return item.key if item is not None else None


def tab_to(app: App, key, limit: int = 80) -> None:
    """Tab until the focus is on `key` (fails if Tab never gets there)."""
    for _ in range(limit):
        if focused_key(app) == key:
            return
        press_key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {key!r}; on {focused_key(app)!r}")


def button(label: str, nth: int = 0) -> tuple:
    return ("button", label, nth)


def new_app(size=(1280, 720)) -> App:
    app = window(size=size)  # no "learn it first?" offer
    app.replace(TitleScene(app))
    app.step(FRAME, events=[], flip=False)
    return app


# -- legality of what the focus reaches ------------------------------------------------------
def assert_focus_is_legal(table: TableScene) -> None:
    """Every reachable card or pile is one the rules allow now."""
    targets = {(t.key if t.key is not None else ("move", str(t.move))): t for t in table.targets()}
    legal = table.view.legal_moves()
    for item in focus.items_of(table):
        if item.group != "play":
            continue
        if item.key == ("play button",):
            assert table.selected_move() in legal
            continue
        target = targets[item.key]
        if target.select is not None:  # Avalanche: a card of a rank some legal play uses
            rank = avalanche.parse_card(target.select[1]).rank
            assert any(m.kind == "play" and m.rank == rank for m in legal), target
        else:
            assert target.move in legal, target


def key_for_move(table: TableScene, move):
    for item in focus.items_of(table):
        target = next(
            (t for t in table.targets() if (t.key if t.key is not None else ("move", str(t.move))) == item.key), None
        )
        if target is not None and target.move == move:
            return item.key
    raise AssertionError(f"no focusable target plays {move}")


def reach(app: App, table: TableScene, key, rng: random.Random) -> None:
    """Get the focus to `key` with a few arrow presses (which must stay on
    legal items) and then Tab."""
    for _ in range(rng.randrange(3)):
        press_key(app, rng.choice([pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN]))
        if app.stack.top is table:
            assert focused_key(app) in {i.key for i in focus.items_of(table)}
    tab_to(app, key)


def play_turn(app: App, table: TableScene, rng: random.Random) -> None:
    """One move of the human, chosen at random among the legal ones, by keyboard."""
    assert_focus_is_legal(table)
    legal = table.view.legal_moves()
    move = rng.choice(legal)
    if table.GAME == "avalanche" and move.kind == "play":
        cards = [
            t.select
            for t in table.targets()
            if t.select is not None and avalanche.parse_card(t.select[1]).rank == move.rank
        ][: move.count]
        for key in cards:
            reach(app, table, key, rng)
            press_key(app, pygame.K_SPACE)  # Space selects the focused card
            assert key in table.selection
        assert table.selected_move() == move
        before = len(table.match.moves)
        press_key(app, pygame.K_RETURN)  # Enter plays the selection
        assert len(table.match.moves) > before and table.match.moves[before] == (table.viewer, move)
        return
    key = key_for_move(table, move)
    reach(app, table, key, rng)
    before = len(table.match.moves)
    press_key(app, pygame.K_RETURN)
    assert table.match.moves[before][1] == move


def setup_by_keyboard(app: App, game_name: str, players: int, monkeypatch) -> None:
    """Title -> New game -> the game, the player count, the name, easy computers -> Start."""
    monkeypatch.setattr(setup_scene_module, "Match", lambda g, seats, seed, start: Match(g, seats, 7, start))
    monkeypatch.setattr(setup_scene_module, "random", random.Random(1))
    tab_to(app, button("New game"))
    press_key(app, pygame.K_RETURN)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    tab_to(app, button(game_name))
    press_key(app, pygame.K_RETURN)
    while setup.count > players:
        tab_to(app, button("–"))
        press_key(app, pygame.K_RETURN)
    while setup.count < players:
        tab_to(app, button("+"))
        press_key(app, pygame.K_RETURN)
    # Seat 1's name: into the field, type, and out again.
    tab_to(app, ("name", 0))
    press_key(app, pygame.K_RETURN)
    assert setup.editing == 0
    for _ in range(len(setup.names[0])):
        press_key(app, pygame.K_BACKSPACE)
    type_text(app, "Ana")
    press_key(app, pygame.K_TAB)  # ends the typing; the next Tab moves on
    assert setup.editing is None and setup.names[0] == "Ana"
    # Every computer plays at Easy: Enter on a level button cycles it.
    for seat in range(1, players):
        while setup.levels[seat] != "easy":
            level = setup.levels[seat].capitalize()
            nth = [s for s in range(1, seat) if setup.levels[s].capitalize() == level]
            tab_to(app, button(level, len(nth)))
            press_key(app, pygame.K_RETURN)
    assert setup.human[:players] == [True] + [False] * (players - 1)
    tab_to(app, button("Start game"))
    press_key(app, pygame.K_RETURN)


def play_to_results(app: App, rng: random.Random, max_frames: int = 60_000) -> TableScene:
    table = None
    for _ in range(max_frames):
        top = app.stack.top
        if isinstance(top, TableScene):
            table = top
        if isinstance(top, ResultsScene):
            return table
        if table is not None and top is table and table.viewer_acts() and not table.stage.busy:
            play_turn(app, table, rng)
        elif top is not table and not isinstance(top, TableScene):
            tab_to(app, focus.items_of(top)[0].key)  # Continue, I'm <name>...
            press_key(app, pygame.K_RETURN)
        else:
            app.step(1 / 30, events=[], flip=False)
    raise AssertionError("the game did not reach the results screen")


@pytest.mark.parametrize(
    "game_name,game_id,players",
    fast_lane(
        [
            ("Sticheln", "sticheln", 3),
            ("Avalanche", "avalanche", 3),
            ("Grinch: Grow Your Heart", "grinch", 2),
        ],
        ("Grinch: Grow Your Heart", "grinch", 2),
    ),
)
def test_a_whole_game_by_keyboard_alone(game_name, game_id, players, monkeypatch):
    app = new_app()
    setup_by_keyboard(app, game_name, players, monkeypatch)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.match.game_id == game_id
    assert [s.name for s in table.match.seats][0] == "Ana"
    assert [s.level for s in table.match.seats][1:] == ["easy"] * (players - 1)
    table = play_to_results(app, random.Random(players))
    assert table.match.state.is_over
    assert any(seat == 0 for seat, _ in table.match.moves), "the human played"
    # And from the results, by keyboard, back to the title.
    tab_to(app, button("Main menu"))
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene)


# -- the focus itself -------------------------------------------------------------------------------
def test_tab_and_shift_tab_walk_the_title_buttons():
    app = new_app()
    title = app.stack.top
    keys = [i.key for i in focus.items_of(title)]
    assert focused_key(app) is None  # no ring until the keyboard is used
    seen = []
    for _ in keys:
        press_key(app, pygame.K_TAB)
        seen.append(focused_key(app))
    assert seen == keys
    press_key(app, pygame.K_TAB)
    assert focused_key(app) == keys[0]  # wraps
    press_key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert focused_key(app) == keys[-1]


def test_a_click_hides_the_ring_and_enter_keeps_its_old_meaning():
    app = new_app()
    tab_to(app, button("Rules"))
    app.step(FRAME, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1)], flip=False)
    assert focused_key(app) is None
    press_key(app, pygame.K_RETURN)  # New game's own key again
    assert isinstance(app.stack.top, SetupScene)


def test_once_the_keyboard_is_used_each_new_screen_shows_its_ring_on_the_primary_button():
    app = new_app()
    tab_to(app, button("Settings"))
    press_key(app, pygame.K_RETURN)
    assert focused_key(app) == button("Done")  # no Tab needed on the new screen
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene)
    app.step(FRAME, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1)], flip=False)
    tab_to(app, button("New game"))
    app.step(FRAME, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1)], flip=False)
    press_key(app, pygame.K_RETURN)  # the title's own Enter: New game
    assert isinstance(app.stack.top, SetupScene) and focused_key(app) is None


def test_the_ring_is_drawn_where_the_focus_is():
    app = new_app()
    tab_to(app, button("Settings"))
    app.step(FRAME, events=[], flip=False)
    rect = focus.focused(app.stack.top).rect
    ring = rect.inflate(app.ui(8), app.ui(8))
    # The light band lies just outside the button, all around it.
    light = [app.screen.get_at(p)[:3] for p in (ring.midtop, ring.midbottom, ring.midleft, ring.midright)]
    assert all(c == focus.RING_LIGHT for c in light), light


def test_settings_by_keyboard_change_the_interface_size_at_once():
    app = new_app()
    tab_to(app, button("Settings"))
    press_key(app, pygame.K_RETURN)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    before = settings.done.rect.size
    tab_to(app, button("–", 1))  # the interface size's minus (the volume's is first)
    press_key(app, pygame.K_RETURN)
    press_key(app, pygame.K_RETURN)
    assert app.settings.ui_scale == pytest.approx(0.8)
    assert settings.done.rect.w < before[0] and settings.done.rect.h < before[1]
    title = app.stack.scenes[0]
    assert title.buttons[0].rect.h == app.ui(52) < 52  # the screen beneath re-laid out too
    # At 80% the minus is greyed out: the focus passes to the plus beside it.
    assert focused_key(app) == button("+", 1)
    press_key(app, pygame.K_RETURN)
    assert app.settings.ui_scale == pytest.approx(0.9)
    tab_to(app, button("Fast"))
    press_key(app, pygame.K_RETURN)
    assert app.settings.speed == "fast"
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


def test_rules_by_keyboard_switch_tabs_and_scroll():
    app = new_app()
    tab_to(app, button("Rules"))
    press_key(app, pygame.K_RETURN)
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.game_id == "sticheln"
    press_key(app, pygame.K_TAB)  # the first tab: Sticheln
    press_key(app, pygame.K_RIGHT)
    press_key(app, pygame.K_RETURN)
    assert rules.game_id == "avalanche"
    press_key(app, pygame.K_DOWN)
    press_key(app, pygame.K_DOWN)
    assert rules.scroll > 0  # Up and Down stay the text's
    assert focused_key(app) == button("Avalanche")
    press_key(app, pygame.K_PAGEDOWN)
    press_key(app, pygame.K_UP)
    tab_to(app, button("Back"))
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene)


def test_esc_menu_and_its_buttons_by_keyboard(monkeypatch):
    app = new_app()
    setup_by_keyboard(app, "Sticheln", 3, monkeypatch)
    table = app.stack.top
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)
    tab_to(app, button("Rules"))
    press_key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, RulesScene)
    press_key(app, pygame.K_ESCAPE)
    tab_to(app, button("Resume"))
    press_key(app, pygame.K_RETURN)
    assert app.stack.top is table


def test_the_focus_skips_cards_the_rules_forbid():
    from table_driver import make_app

    # Grinch: while the Grinch takes, hand cards are not choices; the piles are.
    app, table = make_app("grinch", [True, False, False], seed=3)
    for _ in range(400):
        app.step(1 / 30, events=[], flip=False)
        if table.viewer_acts() and not table.stage.busy:
            break
    assert table.view.phase_name == "grinch" and table.view.takes_left
    press_key(app, pygame.K_TAB)
    reached = set()
    for _ in range(20):
        reached.add(focused_key(app))
        press_key(app, pygame.K_TAB)
    hand = {str(c) for c in table.view.hand(table.viewer)}
    assert not reached & hand
    assert ("draw",) in reached
    assert_focus_is_legal(table)


def test_the_focused_card_rises_and_the_viewer_change_forgets_the_focus():
    from table_driver import make_app

    app, table = make_app("sticheln", [True, True, False], seed=2)
    for _ in range(400):
        app.step(1 / 30, events=[], flip=False)
        if table.viewer_acts() and not table.stage.busy:
            break
    press_key(app, pygame.K_TAB)
    key = focused_key(app)
    sprite = table.stage.sprites[key]
    assert sprite.place.mark == "focus"
    assert sprite.offset()[1] < 0  # lifted
    press_key(app, pygame.K_RETURN)  # pick it as the pain card: seat 1 is the next human
    for _ in range(200):
        if isinstance(app.stack.top, PassScene):
            break
        app.step(1 / 30, events=[], flip=False)
    assert isinstance(app.stack.top, PassScene)
    assert focus.items_of(app.stack.top)[0].key[0] == "button"  # only the "I'm ..." button
    press_key(app, pygame.K_TAB)
    press_key(app, pygame.K_RETURN)
    assert app.stack.top is table and table.viewer == 1
    # Nothing carried over from the last player's eyes: the ring starts afresh on the first card.
    first = next(i for i in focus.items_of(table) if i.group == "play")
    assert focused_key(app) == first.key == str(table.view.hand(1)[0])


# -- the interface size ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "size,ui_scale,expected",
    [
        ((1280, 720), 1.0, 100),
        ((1280, 720), 0.8, 80),
        ((1280, 720), 1.2, 120),
        ((1280, 720), 2.0, 125),  # no more than 1024x576 logical units in the window
        ((2560, 1440), 1.0, 200),
        ((2560, 1440), 1.5, 250),
        ((1024, 600), 1.0, 80),
    ],
)
def test_ui_scale_multiplies_logical_units(size, ui_scale, expected):
    app = App(size, Settings(speed="off", ui_scale=ui_scale))
    assert app.ui(100) == expected


@pytest.mark.parametrize(
    "ui_scale,current,desktop,expected",
    [
        (1.0, (1280, 720), (1920, 1080), (1280, 720)),  # up to 125% the window is left alone
        (1.25, (1024, 600), (1366, 768), (1024, 600)),
        (2.0, (1280, 720), (3840, 2160), (2048, 1152)),  # 200%: 1024x576 logical units at scale 2
        (1.5, (1280, 720), None, (1536, 864)),
        (2.0, (1280, 720), (1920, 1080), (1880, 980)),  # never past the screen (less its panels)
        (2.0, (2560, 1440), (3840, 2160), (2560, 1440)),  # never smaller than it is
    ],
)
def test_a_large_interface_grows_the_window(ui_scale, current, desktop, expected):
    from game.app.shell.app import window_for_scale

    assert window_for_scale(ui_scale, current, desktop) == expected


def test_at_200_percent_everything_is_twice_its_default_size(monkeypatch):
    import game.app.shell.app as app_module

    monkeypatch.setattr(app_module, "_desktop_size", lambda: (3840, 2160))
    app = App((1280, 720), Settings(speed="off", ui_scale=1.0))
    default = app.ui(100)
    app.settings.ui_scale = 2.0
    app.make_room()
    assert app.size == (2048, 1152) and app.ui(100) == 2 * default


def test_esc_closes_a_round_summary_as_continue_does():
    """A summary only reads; Esc (the key that leaves every other overlay) closes it too."""
    from table_driver import make_app

    app, table = make_app("sticheln", [True, False, False])
    from game.app.ui.score_table import ScoreSheet

    app.routes.summary(ScoreSheet("Round 1", ["Player", "Score"], [["Ana", "3"]]))
    assert type(app.stack.top).__name__ == "SummaryScene"
    app.step(
        1 / 60,
        events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)],
        flip=False,
    )
    assert app.stack.top is table
