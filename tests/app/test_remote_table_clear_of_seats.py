"""What a friend's network table lays over the felt covers no seat: the row of
Try again / Back to the title when the host is gone (it used to sit on the top
seat's panel), and the chat: open (it used to cover the top-right seat's panel)
or closed (its newest lines a while under the Chat button).
Worked out from the rects a frame places, in every game at its fewest and most
seats (the open chat: at every count), at 1024x600 and 1280x720, and for the row
in each language (Korean and Punjabi words are taller and longer).  The client
is fed its welcome and first view by hand: no line is dialled."""

from __future__ import annotations

import time

import pygame
import pytest
from app_driver import window

from game import i18n
from game.app.table.base import TableScene
from game.app.table.remote import NetworkMode
from game.match.match import Match, Seat
from game.net import protocol as p
from game.net.client import Client
from game.rules import GAME_IDS, registry

SIZES = ((1024, 600), (1280, 720))
LANGUAGES = ("en", "ko", "ca", "pa")
NAMES = ["Ana", "Bo", "Cleo", "Dev", "Eve", "Fay"]


def seat_counts(game_id: str) -> tuple[int, int]:
    counts = registry.get(game_id).rules.PLAYERS
    return min(counts), max(counts)


def friends_table(
    size: tuple[int, int], game_id: str, players: int, gone: str | None
) -> tuple[TableScene, NetworkMode]:
    """A friend's table (seat 0) from a welcome and a first view fed by hand; `gone`
    "closed": the host closed it and the window dials it again (Try again and Back to
    the title); "unreachable": the window gave up dialling (Back to the title, and the
    status line's longest words, on two lines)."""
    names = NAMES[:players]
    match = Match(game_id, [Seat(n, True) for n in names], seed=3)
    client = Client("ws://127.0.0.1:9", "Ana")
    client.seat.handle(p.encode(p.Welcome(seat=0, token="t", code="ABC", game=game_id, names=names)))
    view = p.ViewMsg(
        seat=0, state=match.state.view(0).to_json(), events=[], moves=0, connected=list(range(players)), turn=0
    )
    client.seat.handle(p.encode(view))
    app = window("Ana", size=size, muted=True)
    table = app.routes.remote_table(client)
    mode = table.mode
    assert isinstance(mode, NetworkMode)
    if gone == "closed":
        client.drops, client.seat.closed, client.seat.host = 1, "host_closed", "Bo"
        client._next_try = time.monotonic() + 30  # "Trying again in 30 s…": the row has both buttons
    elif gone == "unreachable":
        client.drops, client.gave_up = 1, True
    app.step(1 / 30, events=[], flip=False)
    return table, mode


def seats_hit(table: TableScene, rect: pygame.Rect) -> list[pygame.Rect]:
    return [s.panel for s in table.spots if s.panel.colliderect(rect)]


def check_row(size: tuple[int, int], game_id: str, players: int, language: str, gone: str = "closed") -> None:
    i18n.set_language(language)
    try:
        table, mode = friends_table(size, game_id, players, gone)
        shown = mode.extra_widgets()
        labels = ["Try again", "Back to the title"] if gone == "closed" else ["Back to the title"]
        assert [b.label for b in shown] == labels
        ui = table.app.ui
        for chat_open in (False, True):  # the chat's newest lines, then the open chat (it may be open now)
            if chat_open:
                mode.chat.toggle()
                table.app.step(1 / 30, events=[], flip=False)
            chat = mode.chat.panel if chat_open else mode.chat.peek
            row = mode.place_row(shown).inflate(ui(20), ui(16))  # with its backing
            status = table.status_line.shown()[0]
            assert pygame.Rect((0, 0), size).contains(row)
            assert all(row.contains(b.rect) for b in shown)
            assert not seats_hit(table, row), (row, seats_hit(table, row))
            assert not row.colliderect(status), "the status line's lines stay readable"
            assert not any(row.colliderect(b.rect) for b in table.buttons), "the Chat and Menu buttons stay clear"
            assert not row.colliderect(chat), (row, chat)
            assert row.bottom <= table.log.line_rect().top, "the turn line and the hand under it stay clear"
    finally:
        i18n.set_language("en")


def check_chat(size: tuple[int, int], game_id: str, players: int) -> None:
    table, mode = friends_table(size, game_id, players, None)
    peek = mode.chat.peek  # the closed chat's newest lines, a while
    assert peek.w and not seats_hit(table, peek), (peek, seats_hit(table, peek))
    assert peek.bottom <= table.log.line_rect().top
    mode.chat.toggle()
    table.app.step(1 / 30, events=[], flip=False)
    panel = mode.chat.panel
    assert pygame.Rect((0, 0), size).contains(panel)
    assert not seats_hit(table, panel), (panel, seats_hit(table, panel))
    assert not panel.colliderect(table.status_line.shown()[0])
    assert not any(panel.colliderect(b.rect) for b in table.buttons)
    assert mode.chat.shown_rows >= 2
    over_hand = panel.bottom > table.log.line_rect().top
    if over_hand:  # no room at the right edge: over the hand's right end, while it is open
        assert panel.bottom <= size[1] and panel.top > table.log.line_rect().top - panel.h
    else:
        assert panel.bottom <= table.log.line_rect().top - table.app.ui(20)


def test_the_gone_rows_buttons_cover_no_seat_at_a_two_seat_table():
    check_row((1280, 720), "avalanche", 2, "en")


def test_the_row_of_a_host_out_of_reach_clears_the_status_lines_two_punjabi_lines():
    check_row((1024, 600), "sticheln", 6, "pa", "unreachable")


def test_the_open_chat_covers_no_seat_at_a_three_seat_table():
    check_chat((1024, 600), "sticheln", 3)


ROW_CASES = [
    pytest.param(size, game_id, players, language, gone, id=f"{game_id}-{players}-{size[0]}-{language}-{gone}")
    for size in SIZES
    for game_id in GAME_IDS
    for players in seat_counts(game_id)
    for language in LANGUAGES
    for gone in ("closed", "unreachable")
]
CHAT_CASES = [
    pytest.param(size, game_id, players, id=f"{game_id}-{players}-{size[0]}")
    for size in SIZES
    for game_id in GAME_IDS
    for players in registry.get(game_id).rules.PLAYERS
]


@pytest.mark.slow
@pytest.mark.parametrize(("size", "game_id", "players", "language", "gone"), ROW_CASES)
def test_the_gone_row_covers_no_seat_in_every_game_size_and_language(size, game_id, players, language, gone):
    check_row(size, game_id, players, language, gone)


@pytest.mark.slow
@pytest.mark.parametrize(("size", "game_id", "players"), CHAT_CASES)
def test_the_open_chat_covers_no_seat_in_every_game_count_and_size(size, game_id, players):
    check_chat(size, game_id, players)
