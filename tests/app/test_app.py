"""The table app, headless: scenes, tweens, a whole game by mouse, pass-and-play."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from app_driver import page_down_to_the_end
from table_driver import click, make_app, play_by_clicks

from game.app.look.tween import Timer, Tween, linear
from game.app.scenes.pass_device import PassScene
from game.app.scenes.results import ResultsScene
from game.app.scenes.setup import SetupScene
from game.app.scenes.title import TitleScene
from game.app.shell.scene import Scene, SceneStack
from game.app.table.base import Hold, TableScene
from game.app.table.sprites import CardSprite
from game.games.sticheln.table import TrickMoment
from game.games.sticheln.table_past import PastView
from game.match.match import Match, Seat

ROOT = Path(__file__).resolve().parents[2]


# -- tweens ---------------------------------------------------------------------
def test_tween_steps_by_dt_and_calls_back_once():
    calls = []
    t = Tween(0.0, 10.0, 1.0, delay=0.5, easing=linear, on_done=lambda: calls.append(1))
    t.update(0.25)
    assert t.value == 0.0  # still in its delay
    t.update(0.75)
    assert t.value == pytest.approx(5.0)
    t.update(0.5)
    assert t.done and t.value == 10.0 and calls == [1]
    t.update(1.0)
    assert calls == [1]


def test_zero_duration_tween_finishes_on_first_update():
    t = Tween(1.0, 2.0, 0.0)
    assert t.update(0.0) is False and t.done and t.value == 2.0


def test_timer_fires_after_accumulated_dt():
    fired = []
    timer = Timer(0.3, lambda: fired.append(True))
    for _ in range(2):
        timer.update(0.1)
    assert not fired
    timer.update(0.15)
    assert fired == [True]


# -- the scene stack --------------------------------------------------------------
class Recorder(Scene):
    def __init__(self, log, name, opaque=True, consume=True):
        self.log, self.name, self.opaque, self.consume = log, name, opaque, consume

    def enter(self):
        self.log.append(f"{self.name}.enter")

    def exit(self):
        self.log.append(f"{self.name}.exit")

    def pause(self):
        self.log.append(f"{self.name}.pause")

    def resume(self):
        self.log.append(f"{self.name}.resume")

    def update(self, dt):
        self.log.append(f"{self.name}.update {dt}")

    def draw(self, surface):
        self.log.append(f"{self.name}.draw")

    def handle(self, event):
        self.log.append(f"{self.name}.handle")
        return self.consume


def test_scene_stack_lifecycle_is_symmetric():
    log: list[str] = []
    stack = SceneStack()
    a, b = Recorder(log, "a"), Recorder(log, "b", opaque=False)
    stack.push(a)
    stack.push(b)
    stack.pop()
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "a.resume"]


def test_modal_scene_draws_over_table_but_opaque_scene_hides_it():
    log: list[str] = []
    stack = SceneStack()
    table, modal = Recorder(log, "table"), Recorder(log, "modal", opaque=False)
    stack.push(table)
    stack.push(modal)
    log.clear()
    stack.draw(None)
    assert log == ["table.draw", "modal.draw"]
    stack.push(Recorder(log, "pass"))
    log.clear()
    stack.draw(None)
    assert log == ["pass.draw"]


def test_only_the_top_scene_gets_input_but_all_update_with_dt():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder(log, "a"))
    stack.push(Recorder(log, "b"))
    log.clear()
    assert stack.handle(object()) is True
    stack.update(0.25)
    assert log == ["b.handle", "a.update 0.25", "b.update 0.25"]


# -- from the title screen to a game, by mouse -----------------------------------------
def test_title_to_setup_to_table_by_clicks():
    app, _ = make_app("sticheln", [True, False, False])
    app.replace(TitleScene(app))
    app.step(0.016, events=[], flip=False)
    click(app, app.stack.top.buttons[0].rect.center)  # New game
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    grinch = next(b for b in setup.buttons if b.label.startswith("Grinch"))
    click(app, grinch.rect.center)
    assert setup.game_id == "grinch"
    minus = next(b for b in setup.buttons if b.label == "–")
    click(app, minus.rect.center)
    start = next(b for b in setup.buttons if b.label == "Start game")
    click(app, start.rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.match.game_id == "grinch"
    assert len(table.match.seats) == 3 and table.match.seats[0].human


@pytest.mark.parametrize("players", [3, pytest.param(6, marks=pytest.mark.slow)])
def test_sticheln_full_game_by_mouse(players):
    app, table = make_app("sticheln", [True] + [False] * (players - 1), seed=players)
    play_by_clicks(app, table, random.Random(players))
    assert table.match.state.is_over
    assert isinstance(app.stack.top, ResultsScene)
    human_moves = [m for seat, m in table.match.moves if seat == 0]
    assert len(human_moves) == players * 15  # a pick and 14 plays per round


@pytest.mark.slow  # long: the fast lane leaves it to CI
def test_pass_and_play_never_shows_one_human_another_humans_hand(monkeypatch):
    drawn: list = []
    original = CardSprite.draw

    def spy(self, surface, art):
        drawn.append(self.shown)
        original(self, surface, art)

    monkeypatch.setattr(CardSprite, "draw", spy)
    app, table = make_app("sticheln", [True, True, False, True], seed=11, speed="fast")
    passes = 0

    def check(app, table):
        nonlocal passes
        drawn.clear()
        app.step(1 / 30, events=[], flip=False)
        if isinstance(app.stack.top, PassScene):
            passes += 1
            assert drawn == [], "a card was drawn while the pass screen was up"
            return
        if table.stage.holding or table.stage.leaving:
            return  # last round's trick on its way out: those cards were public then
        state = table.match.state
        secret = {c for h in table.match.humans if h != table.viewer for c in state.hand(h)}
        assert not secret & {c for c in drawn if c is not None}

    play_by_clicks(app, table, random.Random(3), on_frame=check)
    assert passes >= 3 * 4 * 14  # at least every trick in every round


def test_one_human_sees_no_pass_screen_and_always_their_hand():
    app, table = make_app("sticheln", [False, True, False], seed=5)
    seen = []
    play_by_clicks(app, table, random.Random(5), on_frame=lambda app, t: seen.append(type(app.stack.top)))
    assert PassScene not in seen
    assert table.viewer == 1


def test_resize_in_the_middle_of_an_animation():
    app, table = make_app("sticheln", [False, False, False, False], seed=2, speed="slow")
    for _ in range(400):
        app.step(1 / 30, events=[], flip=False)
        if table.stage.busy and table.match.moves:
            break
    assert any(s.moving for s in table.stage.sprites.values())
    app.step(1 / 30, events=[pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 600), w=1024, h=600)], flip=False)
    assert app.size == (1024, 600)
    area = pygame.Rect(0, 0, 1024, 600)
    for sprite in table.stage.sprites.values():
        assert area.collidepoint(sprite.place.pos), sprite.key
    moves = len(table.match.moves)
    for _ in range(300):
        app.step(1 / 30, events=[], flip=False)
    assert len(table.match.moves) > moves  # the game goes on


def test_input_during_animation_is_applied_once_and_in_order():
    app, table = make_app("sticheln", [True, False, False], seed=9, speed="slow", start=0)
    card = table.targets()[0]
    click(app, table.input.click_point(card))
    assert len(table.match.moves) == 1 and table.stage.busy
    click(app, table.input.click_point(card))  # the same spot again, mid-animation
    assert len(table.match.moves) == 1  # not the human's turn: nothing happens
    assert "turn" in table.message.text


def test_undo_takes_back_the_humans_move_and_the_computers_after_it():
    seats = [Seat("You", True), Seat("A", False, "random"), Seat("B", False, "random")]
    match = Match("sticheln", seats, 4, start=0)
    for _ in range(3):  # picks: all revealed, so no undo across the reveal
        match.apply(match.state.legal_moves()[0])
    assert match.undo() is not None
    match.apply(match.state.legal_moves()[0])  # the human leads
    before = match.state
    match.apply(match.state.legal_moves()[0])
    assert match.undo() is None
    assert len(match.moves) == 3 and match.state == match._states[3] != before


def test_undo_button_in_a_one_human_game():
    app, table = make_app("sticheln", [True, False, False], seed=4)

    def settle():
        for _ in range(2000):
            if table.viewer_acts() and not table.stage.busy:
                return
            app.step(1 / 30, events=[], flip=False)

    settle()
    click(app, table.input.click_point(table.targets()[0]))  # the pain card
    settle()
    assert table.match.state.phase == "play"
    moves = len(table.match.moves)
    click(app, table.input.click_point(table.targets()[0]))  # lead a trick
    settle()
    assert len(table.match.moves) >= moves + 3  # the trick went round
    undo = next(b for b in table.buttons if b.label == "Undo")
    click(app, undo.rect.center)
    assert len(table.match.moves) == moves and table.viewer_acts()
    assert table.message.text == "Took back your last move."


def _env():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    return env


@pytest.mark.slow  # long: the fast lane leaves it to CI
def test_demo_command_exits_zero_at_the_end():
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "demo",
            "--game",
            "sticheln",
            "--players",
            "3",
            "--seed",
            "1",
            "--speed",
            "off",
            "--exit-at-end",
        ],
        cwd=ROOT,
        env=_env(),
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr


def test_bad_size_flag_is_a_clear_error():
    result = subprocess.run(
        [sys.executable, "-m", "game", "play", "--size", "big"],
        cwd=ROOT,
        env=_env(),
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and "1280x720" in result.stderr


def test_first_frame_of_the_title_screen():
    result = subprocess.run(
        [sys.executable, "-m", "game", "play", "--first-frame-exit"],
        cwd=ROOT,
        env=_env(),
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and "first frame" in result.stdout


def test_hint_highlights_a_legal_move_for_the_human_to_act():
    app, table = make_app("sticheln", [True, False, False], seed=8, start=0)
    app.step(
        1 / 30, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)], flip=False
    )
    assert table.session.hint_pending  # thinking in a worker thread; the table keeps drawing
    table.session.wait_hint(timeout=60)
    app.step(1 / 30, events=[], flip=False)
    move, _reason = table.turns.hint
    assert move in table.match.state.legal_moves()
    assert table.message.text.startswith("Hint:")
    assert any(s.place.mark == "hint" for s in table.stage.sprites.values())


@pytest.mark.slow  # long: the fast lane leaves it to CI
def test_last_trick_of_a_round_and_the_new_hand_keep_their_own_cards():
    app, table = make_app("sticheln", [True, False, False], seed=6, speed="normal")
    rng = random.Random(6)
    for _ in range(100_000):
        if table.banner_kind() and table.match.state.phase == "pick":
            break  # the old round's last trick is held; the new hand waits for the summary
        if app.stack.top is not table:
            click(app, app.stack.top.buttons[0].rect.center)
        elif table.viewer_acts() and not table.stage.busy:
            click(app, table.input.click_point(rng.choice(table.targets())))
        else:
            app.step(1 / 30, events=[], flip=False)
    hand = {str(c) for c in table.view.hand(table.viewer)}
    trick = {k for k in table.stage.sprites if isinstance(k, tuple) and k[0] == "trick"}
    assert len(trick) == 3
    assert not hand & set(table.stage.sprites) and table.targets() == []  # not dealt yet
    for _ in range(2000):  # the summary, then the new deal, then the computers' picks
        if app.stack.top is not table:
            click(app, app.stack.top.buttons[0].rect.center)
        elif table.viewer_acts() and not table.stage.busy:
            break
        else:
            app.step(1 / 30, events=[], flip=False)
    hand = {str(c) for c in table.view.hand(table.viewer)}
    assert hand <= set(table.stage.sprites)  # every new hand card is drawn
    assert table.targets()
    for target in table.targets():  # a click on a hand card picks that card
        assert target.key in hand and str(target.move.card) == target.key


def test_a_hint_is_forgotten_when_the_laptop_passes():
    from game.app.table import voice

    app, table = make_app("sticheln", [True, True, False], seed=2, start=0)
    table.turns.hint = (table.match.state.legal_moves()[0], None)
    table.say("Hint: pain red 4", voice.HINT)
    click(app, table.input.click_point(table.targets()[0]))
    assert table.turns.hint is None and table.message.left == 0.0


def test_a_refused_undo_keeps_the_hold_on_screen():
    app, table = make_app("sticheln", [True, False, False], seed=4, speed="normal")
    for _ in range(2000):  # the picks: revealing them ends any chance of undo
        if table.match.state.phase == "play" and not table.stage.busy:
            break
        if table.viewer_acts() and not table.stage.busy:
            click(app, table.input.click_point(table.targets()[0]))
        app.step(1 / 30, events=[], flip=False)
    table.stage.holds.append(Hold(TrickMoment(PastView(table.view, 0, None), [], 0, "trick_won"), 5.0))
    table.stage.next_hold()
    table.turns.undo()
    assert table.stage.holding and "undo" in table.message.text.lower()


def test_rules_screens_lay_out_and_scroll_for_every_game():
    from game.app.scenes.rules import RulesScene

    app, _ = make_app("sticheln", [True, False, False], size=(1024, 600))
    for game_id in ("sticheln", "avalanche", "grinch"):
        scene = RulesScene(app, game_id)
        app.push(scene)
        app.step(1 / 30, events=[], flip=False)
        assert scene.max_scroll > 0  # more text than fits: it scrolls
        page_down_to_the_end(app, scene)
        assert scene.scroll == scene.max_scroll
        app.stack.pop()
