"""Grinch's table says where the game is: the heart tile says the game is
over once it is (not "time to score"), and a guided game's score pad says
the lesson's own length, not the real game's "Round 1 of 6"."""

from __future__ import annotations

from app_driver import window
from table_driver import click

from game.app.learn.table import kind
from game.app.shell.app import App
from game.app.table import table_for
from game.games.grinch.score_pad import pad_heading
from game.match.match import Match, Seat
from game.persist.settings import Settings

FRAME = 1 / 30


def seats() -> list[Seat]:
    return [Seat("Ana", True), Seat("Mina", False, "random"), Seat("Pau", False, "random")]


def test_the_heart_tile_says_game_over_once_the_game_is_over():
    app = window()
    match = Match("grinch", seats(), 5)
    table = table_for(app, match)
    app.replace(table)
    app.step(FRAME, events=[], flip=False)
    assert [line[0] for line in table.heart_lines()][1] == "ends with 3 cards"
    while not match.state.is_over:
        match.apply(match.state.legal_moves()[0])
    table = table_for(app, match)
    app.replace(table)
    app.step(FRAME, events=[], flip=False)
    said = [line[0] for line in table.heart_lines()]
    assert said == ["Game over", "all rounds played"], said


def test_the_score_pad_in_a_real_game_says_the_round():
    app = window()
    table = table_for(app, Match("grinch", seats(), 5))
    app.replace(table)
    assert pad_heading(table.pad_model()) == "Round 1 of 6"


def test_the_lessons_score_pad_says_the_lessons_length_not_round_1_of_6():
    app = App((1280, 720), Settings(speed="off"))
    scene = app.routes.learn("grinch")
    headings = []
    for _ in range(5000):
        if scene.waiting():
            headings.append(pad_heading(scene.table.pad_model()))
            if kind(scene.guide.wanted(scene.mode.played())) == "score":
                break
            click(app, scene.table.input.click_point(scene.lesson_targets()[0]))
            continue
        app.step(FRAME, events=[], flip=False)
    assert scene.table.pad_visible() and headings
    assert set(headings) == {"Guided game: one round"}, headings
