"""Nothing lost, at the app level: autosave and Continue, save slots, damaged
files, history, statistics, replays and what a crash leaves behind.

Every test keeps its files under its own FIRESIDE_HOME.
"""

from __future__ import annotations

import json
import logging
import random

import pygame
import pytest
from app_driver import FRAME, frames, press_button, press_key, window
from matrix import fast_lane
from table_driver import click, make_app, play_by_clicks

from game.app.scenes.history import HistoryScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.pass_device import PassScene
from game.app.scenes.replay import ReplayScene
from game.app.scenes.saves import LoadScene, SaveNameScene
from game.app.scenes.setup import SetupScene
from game.app.scenes.stats import StatsScene, nice_ticks
from game.app.scenes.title import TitleScene
from game.app.shell.app import App
from game.app.shell.scene import Scene
from game.app.table.base import TableScene
from game.match.match import Match, Seat
from game.persist import library, paths
from game.persist.settings import Settings, load_settings
from game.persist.stats import load_stats


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("FIRESIDE_HOME", str(tmp_path))
    return tmp_path


def settle(app: App, table: TableScene, limit: int = 3000) -> None:
    """Run frames until the human may click again."""
    for _ in range(limit):
        if app.stack.top is table and table.viewer_acts() and not table.stage.busy:
            return
        if app.stack.top is not table:
            app.stack.top.buttons[0].action()
        frames(app)
    raise AssertionError("the human never got the turn")


def random_finished(game: str, players: int, seed: int) -> Match:
    """A whole game of random legal moves (quick, and the same every run)."""
    rng = random.Random(seed)
    seats = [Seat(n, i == 0, "random") for i, n in enumerate(("Ana", "Mina", "Pau", "Simran", "Joon")[:players])]
    match = Match(game, seats, seed)
    while not match.state.is_over:
        match.apply(rng.choice(match.state.legal_moves()))
    return match


def played_on(match: Match, saved: Match) -> bool:
    """`match` is `saved`, restored, perhaps with computer moves made since
    (with animations off they move in the very frame the game is opened)."""
    n = len(saved.moves)
    return (
        (match.game_id, match.seats, match.seed, match.start) == (saved.game_id, saved.seats, saved.seed, saved.start)
        and match.moves[:n] == saved.moves
        and (match._states[n].to_json() == saved.state.to_json())
    )


def snapshot(match: Match) -> tuple:
    return (
        match.game_id,
        match.seats,
        match.seed,
        match.start,
        [str(m) for _s, m in match.moves],
        match.state.to_json(),
        match.current,
    )


# -- autosave and Continue -----------------------------------------------------------------
def test_clicked_moves_autosave_and_continue_restores_the_same_game():
    app, table = make_app("sticheln", [True, False, False], seed=3)
    rng = random.Random(3)
    for _ in range(4):
        settle(app, table)
        click(app, table.input.click_point(rng.choice(table.targets())))
    assert paths.autosave_path().exists()
    before = snapshot(table.match)
    assert len(table.match.moves) >= 4

    app2 = App((1280, 720), Settings(speed="off"))
    title = TitleScene(app2)
    app2.replace(title)
    frames(app2)
    assert title.buttons[0].label == "Continue" and title.buttons[0].primary
    assert "Sticheln" in title.saved_line and "Ana" in title.saved_line and "round 1" in title.saved_line
    click(app2, title.buttons[0].rect.center)
    resumed = app2.stack.top
    assert isinstance(resumed, TableScene)
    assert snapshot(resumed.match) == before
    assert resumed.viewer == 0 and resumed.session.agents.keys() == {1, 2}


def test_no_continue_without_an_autosave_and_none_from_a_damaged_one():
    app, _ = make_app("sticheln", [True, False, False])
    title = TitleScene(app)
    assert [b.label for b in title.buttons][:3] == ["New game", "Learn to play", "Load game"]
    paths.autosave_path().write_text('{"format": "fireside-save", "vers', encoding="utf-8")
    title = TitleScene(app)
    app.replace(title)
    frames(app)
    assert title.saved is None and title.buttons[0].label == "New game"
    kept = list(paths.data_dir().glob(library.DAMAGED_PREFIX + "*.json"))
    assert len(kept) == 1
    assert title.notice == f"Your last game could not be read; it was kept as {kept[0].name}."


def test_every_move_and_every_undo_rewrites_the_autosave():
    app, table = make_app("sticheln", [True, False, False], seed=4)
    settle(app, table)
    click(app, table.input.click_point(table.targets()[0]))  # the pain card
    settle(app, table)
    click(app, table.input.click_point(table.targets()[0]))  # lead a trick
    settle(app, table)
    saved = library.read_autosave()
    assert len(saved.moves) == len(table.match.moves)
    table.turns.undo()
    assert len(library.read_autosave().moves) == len(table.match.moves) < len(saved.moves)


def test_computer_seats_carry_on_after_continue():
    seats = [Seat("Ana", True), Seat("Mina", False, "random"), Seat("Pau", False, "random")]
    match = Match("avalanche", seats, 5, start=1)  # a computer is to act
    library.write_autosave(match)
    app = App((1280, 720), Settings(speed="off"))
    app.replace(TitleScene(app))
    press_button(app, "Continue")
    table = app.stack.top
    assert isinstance(table, TableScene) and table.match.seats == seats
    frames(app, 30)
    assert table.match.moves and table.match.moves[0][0] == 1  # the computers played on
    assert len(library.read_autosave().moves) == len(table.match.moves)


def test_pass_and_play_continues_behind_the_pass_screen():
    seats = [Seat("Ana", True), Seat("Ben", True), Seat("Pau", False, "random")]
    match = Match("sticheln", seats, 8, start=0)
    match.apply(match.state.legal_moves()[0])  # Ana picks; Ben is next
    library.write_autosave(match)
    app = App((1280, 720), Settings(speed="off"))
    app.replace(TitleScene(app))
    press_button(app, "Continue")
    top = app.stack.top
    assert isinstance(top, PassScene) and top.name == "Ben"
    frames(app)
    table = app.stack.find(TableScene)
    assert table.match.current == 1 and not table.match.seats[2].human
    click(app, top.button.rect.center)
    assert app.stack.top is table and table.viewer == 1 and table.viewer_acts()


# -- save slots ---------------------------------------------------------------------------
def test_save_game_from_the_menu_into_a_named_slot():
    app, table = make_app("grinch", [True, False, False], seed=2)
    settle(app, table)
    press_key(app, pygame.K_ESCAPE, dt=FRAME)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    press_button(app, "Save game")
    prompt = app.stack.top
    assert isinstance(prompt, SaveNameScene) and prompt.field.text.startswith("Grinch")
    app.step(1 / 30, events=[pygame.event.Event(pygame.TEXTINPUT, text="Sunday")], flip=False)
    assert prompt.field.text == "Sunday"  # the prefilled name was selected: typing replaces it
    press_key(app, pygame.K_RETURN, dt=FRAME)
    assert app.stack.top is menu and "Sunday" in menu.note
    slots = library.list_saves()
    assert [s.name for s in slots] == ["Sunday"] and slots[0].error is None
    assert snapshot(library.load_slot(slots[0].path)) == snapshot(table.match)


def test_a_damaged_slot_shows_its_reason_and_goes_while_the_good_one_loads():
    whole = random_finished("sticheln", 3, 1)
    partial = Match("sticheln", whole.seats, whole.seed)
    for _seat, move in whole.moves[:20]:
        partial.apply(move)
    library.save_slot("Good one", partial)
    bad = paths.saves_dir() / "bad.json"
    data = json.loads((paths.saves_dir() / "good-one.json").read_text(encoding="utf-8"))
    data["moves"][5] = "play grey 99"
    data["name"] = "Hand edited"
    bad.write_text(json.dumps(data), encoding="utf-8")

    app, _ = make_app("sticheln", [True, False, False])
    app.push(LoadScene(app))
    frames(app)
    scene = app.stack.top
    rows = {info.name: (info, buttons) for info, _rect, buttons in scene.rows}
    info, buttons = rows["Hand edited"]
    assert info.error and "move 6" in info.error
    assert [b.label for b in buttons] == ["Delete"]  # no Load for a damaged file
    click(app, buttons[0].rect.center)
    assert bad.exists()  # the first click only asks
    click(app, next(b for b in scene.buttons if b.label == "Delete?").rect.center)
    assert not bad.exists()
    assert "Deleted" in scene.notice
    assert [info.name for info in library.list_saves()] == ["Good one"]
    press_button(app, "Load")
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert played_on(table.match, partial)


def test_starting_a_new_game_keeps_the_unfinished_one_in_a_slot():
    seats = [Seat("Ana", True), Seat("Mina", False, "random"), Seat("Pau", False, "random")]
    old = Match("grinch", seats, 12)
    old.apply(old.state.legal_moves()[0])
    library.write_autosave(old)
    app, _ = make_app("sticheln", [True, False, False])
    setup = SetupScene(app)
    app.replace(setup)
    frames(app)
    press_button(app, "Start game")
    kept = library.list_saves()
    assert len(kept) == 1 and "unfinished" in kept[0].name
    assert snapshot(library.load_slot(kept[0].path)) == snapshot(old)


# -- settings -----------------------------------------------------------------------------
def test_setup_prefills_from_settings_and_remembers_the_names_used():
    app = window("Oma", "Opa", level="hard")  # no "learn it first?" offer
    setup = SetupScene(app)
    app.replace(setup)
    frames(app)
    assert setup.shown_names()[:3] == ["Oma", "Opa", "Pau"] and setup.levels[1] == "hard"
    setup.names[0] = "Grandma"
    press_button(app, "Start game")
    saved = load_settings()
    assert saved.names[:2] == ["Grandma", "Opa"] and saved.level == "hard"


def test_the_settings_screen_saves_every_change():
    from game.app.scenes.settings import SettingsScene

    app, _ = make_app("sticheln", [True, False, False])
    app.push(SettingsScene(app))
    frames(app)
    press_button(app, "Slow")
    assert load_settings().speed == "slow"
    press_button(app, "Mute")
    assert load_settings().muted is True


# -- history, statistics and replays ---------------------------------------------------------
def test_a_finished_game_goes_to_the_history_once_and_into_the_statistics():
    app, table = make_app("sticheln", [True, False, False], seed=6)
    play_by_clicks(app, table, random.Random(6))
    frames(app, 5)
    history = library.list_history()
    assert len(history) == 1 and history[0].finished and not paths.autosave_path().exists()
    assert snapshot(library.load_slot(history[0].path)) == snapshot(table.match)
    record = load_stats()["sticheln"]["Ana"]
    assert record.games == 1 and record.history[0][1] == table.match.state.scores()[0]

    app.push(HistoryScene(app))
    frames(app)
    head, details = app.stack.top.describe(history[0])
    assert head.startswith("Sticheln") and "Won by" in details and "Ana" in details
    app.stack.pop()
    stats = StatsScene(app)
    app.push(stats)
    frames(app)
    assert stats.game_id == "sticheln" and [r.name for r in stats.records] == ["Ana"]


@pytest.mark.parametrize("game, players", fast_lane([("sticheln", 3), ("avalanche", 4), ("grinch", 3)], ("grinch", 3)))
def test_replay_steps_forward_and_back_through_the_same_states_as_the_match(game, players):
    match = random_finished(game, players, 7)
    library.archive(match)
    app, _ = make_app(game, [True] + [False] * (players - 1), size=(1024, 600))
    history = HistoryScene(app)
    app.push(history)
    frames(app)
    press_button(app, "Replay")
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.count == len(match.moves)

    def expect(i: int) -> None:
        fresh = Match(match.game_id, match.seats, match.seed, match.start, match.options)
        for _seat, move in match.moves[:i]:
            fresh.apply(move)
        assert replay.index == i
        assert replay.table.match.state.to_json() == fresh.state.to_json()

    expect(0)
    for i in range(1, 26):  # forward by key, drawing as it goes
        press_key(app, pygame.K_RIGHT, dt=FRAME)
        expect(i)
    for i in range(24, 9, -1):
        press_key(app, pygame.K_LEFT, dt=FRAME)
        expect(i)
    press_key(app, pygame.K_END, dt=FRAME)
    expect(len(match.moves))
    frames(app, 60)  # the end: the final scores over the table
    press_key(app, pygame.K_RIGHT, dt=FRAME)
    expect(len(match.moves))
    click(app, replay.nav[1].rect.center)  # the back button
    expect(len(match.moves) - 1)
    press_key(app, pygame.K_HOME, dt=FRAME)
    expect(0)
    for i in range(1, len(match.moves) + 1):  # every move, forward (no drawing: quick)
        replay.step(1)
        if i % 17 == 0:
            expect(i)
    assert replay.table.match.state.is_over
    press_key(app, pygame.K_ESCAPE, dt=FRAME)
    assert app.stack.top is history
    assert library.list_history()[0].finished and not list(paths.data_dir().glob("autosave*"))


@pytest.mark.parametrize("games", [0, 1, 14])
def test_the_statistics_screen_draws_with_no_one_and_many_games(games):
    names = ["Ana", "Ben", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy"]
    for i in range(games):
        match = random_finished(("sticheln", "grinch")[i % 2], 3, 100 + i)
        match.seats[0] = Seat(names[i % len(names)], True)
        match.seats[1] = Seat(names[(i + 3) % len(names)], True)
        library.archive(match)
    for size in ((1280, 720), (1024, 600)):
        app, _ = make_app("sticheln", [True, False, False], size=size)
        stats = StatsScene(app, "sticheln")
        app.push(stats)
        frames(app)
        for game in ("avalanche", "grinch", "sticheln"):
            stats.show(game)
            frames(app)
    stats_all = load_stats()
    assert sum(r.games for g in stats_all.values() for r in g.values()) == 2 * games


def test_nice_ticks_span_the_scores():
    for low, high in ((-30, 7), (0, 0), (45, 46), (3, 1234)):
        ticks = nice_ticks(low, high)
        assert ticks[0] <= min(low, high) and ticks[-1] >= max(low, high) and len(ticks) <= 8


# -- crashes ------------------------------------------------------------------------------
class Broken(Scene):
    def update(self, dt):
        raise ZeroDivisionError("a bug in a scene")


def test_an_error_in_a_frame_is_logged_and_the_title_offers_continue(caplog):
    from game.persist.logs import setup_logging

    log_path = setup_logging()
    try:
        app, table = make_app("sticheln", [True, False, False], seed=9)
        settle(app, table)
        click(app, table.input.click_point(table.targets()[0]))
        moves = [str(m) for _s, m in table.match.moves]
        app.push(Broken(app))
        with caplog.at_level(logging.ERROR):
            app.step_safely(1 / 30, events=[])
        title = app.stack.top
        assert isinstance(title, TitleScene) and "ZeroDivisionError" in title.notice
        assert title.buttons[0].label == "Continue"
        assert any(r.exc_info and r.exc_info[0] is ZeroDivisionError for r in caplog.records)
        for handler in logging.getLogger().handlers:
            handler.flush()
        assert "ZeroDivisionError: a bug in a scene" in log_path.read_text(encoding="utf-8")
        app.step_safely(1 / 30, events=[])  # the title draws
        assert [str(m) for _s, m in library.read_autosave().moves] == moves
        press_button(app, "Continue")
        assert [str(m) for _s, m in app.stack.top.match.moves][: len(moves)] == moves
        assert app.running
    finally:
        root = logging.getLogger()
        for handler in [h for h in root.handlers if getattr(h, "_fireside", False)]:
            root.removeHandler(handler)
            handler.close()


def test_a_scene_that_keeps_failing_ends_the_app_cleanly(monkeypatch):
    app, _ = make_app("sticheln", [True, False, False])
    monkeypatch.setattr(TitleScene, "update", Broken.update)
    app.push(Broken(app))
    for _ in range(10):
        app.step_safely(1 / 30, events=[])
        if not app.running:
            break
    assert not app.running and app.exit_code == 1


def test_ctrl_c_quits_run_without_a_traceback(monkeypatch):
    app, _ = make_app("sticheln", [True, False, False])

    def interrupted(dt, events=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(app, "step_safely", interrupted)
    monkeypatch.setattr(pygame, "quit", lambda: None)  # keep pygame up for the other tests here
    assert app.run() == 130


def test_closing_the_window_mid_game_loses_nothing():
    app, table = make_app("sticheln", [True, False, False], seed=10)
    settle(app, table)
    click(app, table.input.click_point(table.targets()[0]))
    app.step(1 / 30, events=[pygame.event.Event(pygame.QUIT)], flip=False)
    assert not app.running
    assert snapshot(library.read_autosave()) == snapshot(table.match)


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_the_title_keeps_continue_first_and_everything_on_screen(size):
    seats = [Seat("Ana", True), Seat("Mina", False, "random"), Seat("Pau", False, "random")]
    library.write_autosave(Match("grinch", seats, 4))
    app, _ = make_app("grinch", [True, False, False], size=size)
    title = TitleScene(app)
    title.notice = "Something went wrong (ValueError); the details are in the log."
    app.replace(title)
    frames(app)
    labels = [b.label for b in title.buttons]
    assert labels == [
        "Continue",
        "New game",
        "Learn to play",
        "Load game",
        "History",
        "Statistics",
        "Rules",
        "Settings",
        "Quit",
        "Sticheln",
        "Avalanche",
        "Grinch: Grow Your Heart",
    ]  # the last row: today's deals
    screen = pygame.Rect((0, 0), size)
    rects = [b.rect for b in title.buttons]
    assert all(screen.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
