"""The record (issue 15, item 2): every seat's action said in words on the
record line, for all three games; the round's log opens and closes by key
and by click; undo and pass-and-play keep it honest."""

from __future__ import annotations

import random

import pygame
import pytest
from app_driver import press_key
from matrix import fast_lane
from table_driver import NAMES, click, make_app

from game.app.table.chronicle import Chronicle
from game.app.words.names import card_name  # the card as the table says it ("orange 0")
from game.match.match import Match, Seat

GAMES = {"sticheln": 4, "avalanche": 3, "grinch": 4}


def name(seat: int) -> str:
    return NAMES[seat]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_move_is_said_with_its_seat_on_the_record_line(game, seed):
    """Pure: random seeded games, the line after every move names its mover
    ("You" for the human whose eyes the table shows)."""
    n = GAMES[game]
    seats = [Seat(NAMES[i], i == 0, "random") for i in range(n)]
    match = Match(game, seats, seed)
    record = Chronicle(game, n)
    rng = random.Random(seed)
    seen = set()
    for _ in range(400):
        if match.state.is_over:
            break
        seat = match.current
        match.apply(rng.choice(match.state.legal_moves()))
        record.add(seat, match.state.events, match.position)
        line = record.line(0, name, lambda s: s == 0)
        who = "You" if seat == 0 else NAMES[seat]
        assert who in line, (seat, line)
        seen.add(seat)
    assert seen == set(range(n))


def test_sticheln_says_who_took_the_trick_with_which_card():
    seats = [Seat(NAMES[i], i == 0, "random") for i in range(3)]
    match = Match("sticheln", seats, 5)
    record = Chronicle("sticheln", 3)
    rng = random.Random(5)
    while True:
        seat = match.current
        match.apply(rng.choice(match.state.legal_moves()))
        record.add(seat, match.state.events, match.position)
        won = [e for e in match.state.events if e.kind == "trick_won"]
        if won:
            break
    event = won[0]
    card = event.cards[(event.seat - event.info["leader"]) % 3]
    line = record.line(None, name, lambda s: False)
    assert f"{NAMES[event.seat]} took the trick with {card_name('sticheln', card)}" in line
    leader, cards, taker = record.last_trick()
    assert (leader, cards, taker) == (event.info["leader"], event.cards, event.seat)


def test_a_pain_pick_is_told_only_to_its_owner():
    seats = [Seat(NAMES[i], True) for i in range(3)]
    match = Match("sticheln", seats, 2)
    record = Chronicle("sticheln", 3)
    move = match.state.legal_moves()[0]
    match.apply(move)
    record.add(0, match.state.events, 1)
    mine = record.line(0, name, lambda s: s == 0)
    theirs = record.line(1, name, lambda s: s == 1)
    assert card_name("sticheln", move.card) in mine and mine.startswith("You chose")
    assert theirs == "Ana chose a pain card"


def test_a_grinch_turn_is_one_sentence():
    seats = [Seat(NAMES[i], False, "random") for i in range(3)]
    match = Match("grinch", seats, 3)
    record = Chronicle("grinch", 3)
    rng = random.Random(1)
    while match.state.phase_name != "grinch":
        seat = match.current
        match.apply(rng.choice(match.state.legal_moves()))
        record.add(seat, match.state.events, match.position)
    grinch = match.current
    takes = [m for m in match.state.legal_moves() if m.kind == "take"]
    draw = next(m for m in match.state.legal_moves() if m.kind == "draw")
    for move in (takes[0], draw):
        match.apply(move)
        record.add(grinch, match.state.events, match.position)
    line = record.line(None, name, lambda s: False)
    assert line.startswith(f"{NAMES[grinch]}, the Grinch, took ") and line.endswith(" and drew 1")


def test_undo_takes_the_words_back_too():
    app, table = make_app("sticheln", [True, False, False], seed=4, speed="off")
    for _ in range(400):
        if table.viewer_acts() and not table.stage.busy:
            break
        app.step(1 / 30, events=[], flip=False)
    before = len(table.chronicle.entries)
    target = table.targets()[0]
    click(app, table.input.click_point(target))
    assert len(table.chronicle.entries) > before
    table.turns.undo()
    assert len(table.chronicle.entries) == before


@pytest.mark.parametrize("game", fast_lane(sorted(GAMES), "avalanche"))
def test_the_table_line_follows_the_moves_and_the_log_opens_by_key(game):
    app, table = make_app(game, [False] * GAMES[game], seed=6, speed="fast")
    said = []
    for _ in range(4000):
        app.step(1 / 20, events=[], flip=False)
        line = table.log.line()
        if line and (not said or said[-1] != line):
            said.append(line)
        if len(table.chronicle.entries) >= 3 * GAMES[game] and not table.stage.busy:
            break
    assert said
    for seat in range(GAMES[game]):
        assert any(NAMES[seat] in line for line in said), (seat, said)
    # L opens the log over the table, L closes it; Esc and a click close it too.
    press_key(app, pygame.K_l)
    assert table.log.open
    app.draw()
    press_key(app, pygame.K_l)
    assert not table.log.open
    press_key(app, pygame.K_l)
    press_key(app, pygame.K_ESCAPE)
    assert not table.log.open and app.stack.top is table  # Esc closed the log, not opened the menu
    click(app, table.log.line_rect().center)
    assert table.log.open
    click(app, (5, 5))
    assert not table.log.open


def test_continue_shows_the_round_so_far_in_the_log():
    seats = [Seat(NAMES[i], i == 0, "random") for i in range(3)]
    match = Match("avalanche", seats, 8)
    rng = random.Random(2)
    for _ in range(6):
        match.apply(rng.choice(match.state.legal_moves()))
    app, _table = make_app("avalanche", [True, False, False], seed=8, speed="off")
    from game.app.shell import router

    table = router.open_table(app, match, continuing=True)
    assert len(table.chronicle.log(0, name, lambda s: s == 0)) == 6
