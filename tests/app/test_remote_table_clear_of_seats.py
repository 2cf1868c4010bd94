"""What a friend's network table lays over the felt covers no seat: the row of
Try again / Back to the title when the host is gone (it used to sit on the top
seat's panel), and the chat: open (it used to cover the top-right seat's panel)
or closed (its newest lines a while under the Chat button: they used to lie on
the right seat's cards at 1920x1080); the open chat clear of the hand, the cards
and the felt's words and drawings too (it used to lie over the hand's right end
where the right edge had no room), a shorter panel where it must.
Worked out from the rects a frame places, in every game at its fewest and most
seats (the chat: at every count, at the deal and a trick or two on, and at
1920x1080 too), at 1024x600 and 1280x720, and for the row in each language
(Korean and Punjabi words are taller and longer).  The client is fed its welcome
and a view by hand: no line is dialled."""

from __future__ import annotations

import time

import pygame
import pytest
from app_driver import window

from game import i18n
from game.app.table import layout
from game.app.table.base import TableScene
from game.app.table.remote import NetworkMode
from game.match.match import Match, Seat
from game.net import protocol as p
from game.net.client import Client
from game.rules import GAME_IDS, registry

SIZES = ((1024, 600), (1280, 720))
CHAT_SIZES = (*SIZES, (1920, 1080))
LANGUAGES = ("en", "ko", "ca", "pa")
NAMES = ["Ana", "Bo", "Cleo", "Dev", "Eve", "Fay"]


def seat_counts(game_id: str) -> tuple[int, int]:
    counts = registry.get(game_id).rules.PLAYERS
    return min(counts), max(counts)


def friends_table(
    size: tuple[int, int], game_id: str, players: int, gone: str | None, moves: int = 0
) -> tuple[TableScene, NetworkMode]:
    """A friend's table (seat 0) from a welcome and a first view fed by hand; `gone`
    "closed": the host closed it and the window dials it again (Try again and Back to
    the title); "unreachable": the window gave up dialling (Back to the title, and the
    status line's longest words, on two lines); `moves` the first legal moves played
    before the view (cards on the table, fewer in hands)."""
    names = NAMES[:players]
    match = Match(game_id, [Seat(n, True) for n in names], seed=3)
    for _ in range(moves):
        match.apply(match.state.legal_moves()[0])
    client = Client("ws://127.0.0.1:9", "Ana")
    client.seat.handle(p.encode(p.Welcome(seat=0, token="t", code="ABC", game=game_id, names=names)))
    view = p.ViewMsg(
        seat=0,
        state=match.state.view(0).to_json(),
        events=[],
        moves=0,
        connected=list(range(players)),
        turn=match.current or 0,
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
            felt = [r for r in table.felt_rects() if r.colliderect(row)]  # (the draw pile's picture, a crevasse)
            assert not felt, (row, felt)
            assert row.bottom <= table.log.line_rect().top, "the turn line and the hand under it stay clear"
    finally:
        i18n.set_language("en")


def check_peek(table: TableScene, mode: NetworkMode) -> None:
    """The closed chat's newest lines (a while after one arrives) lie clear of every seat's
    panel and every card on the table, the words on the felt, the status line, the
    buttons and the turn line, at the right edge under the Chat button."""
    ui = table.app.ui
    chat = mode.chat
    peek = chat.peek
    size = table.size
    assert peek.w >= ui(220) and peek.h == chat.peek_rows * ui(24), (peek, chat.peek_rows)
    assert pygame.Rect((0, 0), size).contains(peek) and peek.right == size[0] - ui(12)
    assert not seats_hit(table, peek), (peek, seats_hit(table, peek))
    cards = [layout.turned(s.rect(), s.place.angle) for s in table.stage.sprites.values()]
    assert not [c for c in cards if c.colliderect(peek)], (peek, [c for c in cards if c.colliderect(peek)])
    felt = [*table.label_rects(), *table.felt_rects()]  # the words, slots, badges and crevasse on the felt
    assert not [r for r in felt if r.colliderect(peek)], (peek, [r for r in felt if r.colliderect(peek)])
    assert not peek.colliderect(table.status_line.shown()[0])
    assert not any(peek.colliderect(b.rect) for b in table.buttons)
    assert peek.bottom <= table.log.line_rect().top
    # where the crevasse lies under the right seat (Avalanche at 3, 5, 6 seats), the peek sits
    # higher: on two rows, or narrower (its newest line cut short if it must be)
    assert chat.peek_rows >= 2 and peek.w >= ui(220), (peek, chat.peek_rows)


def check_chat(size: tuple[int, int], game_id: str, players: int, moves: int = 0) -> None:
    table, mode = friends_table(size, game_id, players, None, moves)
    check_peek(table, mode)
    mode.chat.toggle()
    table.app.step(1 / 30, events=[], flip=False)
    check_panel(table, mode)


def check_panel(table: TableScene, mode: NetworkMode) -> None:
    """The open chat covers no seat's panel, the status line, the buttons, the turn line
    or the hand under it, nothing that may be clicked, and (but where nothing is clear:
    `fallback`) no card, word or drawing on the felt; it shows three lines at least, the
    line to type in and the quick phrases (on a short panel, on a click of Phrases)."""
    ui = table.app.ui
    chat = mode.chat
    panel = chat.panel
    size = table.size
    assert pygame.Rect((0, 0), size).contains(panel)
    assert not seats_hit(table, panel), (panel, seats_hit(table, panel))
    assert not panel.colliderect(table.status_line.shown()[0])
    assert not any(panel.colliderect(b.rect) for b in table.buttons)
    assert chat.shown_rows >= 3
    assert panel.bottom <= table.log.line_rect().top - ui(20), "the turn line and the hand under it stay clear"
    bottom = table.bottom_seat()
    hand = [r for r in cards_of(table) if r.bottom > table.log.line_rect().top]  # the hand (and its pile)
    assert hand and not [c for c in hand if c.colliderect(panel)], bottom
    clickable = [t.rect for t in table.targets()]
    assert not [r for r in clickable if r.colliderect(panel)], (panel, [r for r in clickable if r.colliderect(panel)])
    if not chat.fallback:
        felt = [*cards_of(table), *table.label_rects(), *table.felt_rects()]
        assert not [r for r in felt if r.colliderect(panel)], (panel, [r for r in felt if r.colliderect(panel)])
    assert panel.contains(chat.field.rect) and chat.field.rect.h >= ui(30)
    if chat.compact:
        assert panel.contains(chat.phrases.rect) and not chat.quick_shown()
        chat.toggle_phrases()
    assert chat.quick_shown() and all(panel.contains(b.rect) for b in chat.quick)
    assert all(b.rect.h >= ui(26) and b.label_px(ui(14)) >= ui(12) for b in chat.quick), "big enough to read and hit"
    if chat.compact:
        chat.toggle_phrases()
    spot = panel.copy()
    table.app.step(1 / 30, events=[], flip=False)
    assert chat.panel == spot, "the open chat keeps its spot"


def cards_of(table: TableScene) -> list[pygame.Rect]:
    return [layout.turned(s.rect(), s.place.angle) for s in table.stage.sprites.values()]


def test_the_gone_rows_buttons_cover_no_seat_at_a_two_seat_table():
    check_row((1280, 720), "avalanche", 2, "en")


def test_the_row_of_a_host_out_of_reach_clears_the_status_lines_two_punjabi_lines():
    check_row((1024, 600), "sticheln", 6, "pa", "unreachable")


def test_the_open_chat_covers_no_seat_at_a_three_seat_table():
    check_chat((1024, 600), "sticheln", 3)


def test_the_chats_newest_lines_lie_clear_of_the_right_seats_cards_at_1920x1080():
    check_chat((1920, 1080), "sticheln", 6, moves=3)


def test_where_the_right_edge_has_no_room_the_open_chat_is_short_and_clear_of_the_hand():
    """Six seats of Avalanche at 1024x600: the whole panel fits nowhere clear (it used to
    lie over the hand's right end); a short one does, its quick phrases a click away."""
    table, mode = friends_table((1024, 600), "avalanche", 6, None)
    chat = mode.chat
    chat.toggle()
    table.app.step(1 / 30, events=[], flip=False)
    assert chat.kind == "short" and not chat.fallback
    check_panel(table, mode)
    assert not chat.quick_shown()
    press(table, chat.phrases.rect.center)
    assert chat.phrasing and chat.quick_shown() and chat.phrases.selected
    said = []
    mode.client.say = lambda text, phrase: said.append(phrase)
    press(table, chat.quick[0].rect.center)
    assert said == ["good_game"] and not chat.phrasing, "a phrase said, the lines show again"
    assert chat.open


def test_the_open_chat_keeps_its_spot_until_something_comes_to_lie_under_it():
    table, mode = friends_table((1280, 720), "sticheln", 4, None)
    chat = mode.chat
    chat.toggle()
    table.app.step(1 / 30, events=[], flip=False)
    spot = chat.panel.copy()
    words = table.label_rects
    elsewhere = pygame.Rect(0, 0, 40, 20)
    elsewhere.midbottom = (spot.centerx, spot.top - 30)  # a word that comes out near it: the panel stays
    table.label_rects = lambda: [*words(), elsewhere]
    table.app.step(1 / 30, events=[], flip=False)
    assert chat.panel == spot
    under = pygame.Rect(spot.x + 10, spot.y + 10, 40, 20)  # one under it: it moves clear
    table.label_rects = lambda: [*words(), under]
    table.app.step(1 / 30, events=[], flip=False)
    assert chat.panel != spot and not chat.panel.colliderect(under)
    check_panel(table, mode)
    table.label_rects = words
    moved = chat.panel.copy()
    table.app.step(1 / 30, events=[], flip=False)
    assert chat.panel == moved, "it does not jump back when the word goes"


def test_where_nothing_is_clear_the_open_chat_still_leaves_the_hand_and_the_seats():
    """The fallback no table of the matrix needs: the felt drawn on from edge to edge, the
    short panel lies over it at the right edge, clear of the seats, the buttons, the turn
    line, the hand and whatever may be clicked."""
    table, mode = friends_table((1280, 720), "grinch", 4, None)
    table.felt_rects = lambda: [pygame.Rect((0, 0), table.size)]
    chat = mode.chat
    chat.toggle()
    table.app.step(1 / 30, events=[], flip=False)
    assert chat.fallback and chat.kind == "short"
    assert chat.panel.right == table.size[0] - table.app.ui(12)
    check_panel(table, mode)


def press(table: TableScene, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        table.app.step(1 / 30, events=[pygame.event.Event(kind, pos=pos, button=1)], flip=False)


def test_where_the_edge_is_crowded_the_newest_line_shows_on_fewer_and_narrower_rows():
    """The fallbacks no table of the matrix needs: fewer rows, narrower ones, then one
    row (the newest line cut short), clear of the seats at least."""
    table, mode = friends_table((1280, 720), "avalanche", 2, None)
    chat, ui = mode.chat, table.app.ui
    top, floor, width, right = ui(52), ui(52) + ui(80), ui(390), 1280 - ui(12)
    spot, rows = chat.peek_spot(top, floor, width, [], [])
    assert (spot, rows) == (pygame.Rect(right - width, top, width, 3 * ui(24)), 3)
    assert chat.peek_spot(top, top + ui(48), width, [], [])[1] == 2  # two rows' height only
    card = pygame.Rect(right - width, top, ui(60), ui(100))  # a card under the wide rows' left end
    spot, rows = chat.peek_spot(top, floor, width, [], [card])
    assert rows == 3 and spot.w == ui(300) and not spot.colliderect(card.inflate(ui(12), ui(12)))
    panel = pygame.Rect(right - ui(200), top, ui(200), ui(100))  # a seat right under the Chat button
    spot, rows = chat.peek_spot(top, floor, width, [panel], [])
    assert rows == 1 and spot.topleft == (right - ui(220), top)  # nowhere clear: one row right under it
    chat.peek, chat.peek_rows, chat.room = spot, rows, spot.w
    chat.lines = [(table.clock, "Bo: " + "a long line of chat " * 6)]
    chat.place = lambda: None  # (as worked out above)
    chat.draw(pygame.Surface((1280, 720)))
    [row] = chat.peek_lines([line for _at, line in chat.lines], ui(14), spot.w - ui(16))
    assert row.startswith("Bo: a long line") and row.endswith("…")  # the newest line, cut short
    chat.peek_rows = 2
    rows = chat.peek_lines(["Ana: hi", "Bo: " + "a long line of chat " * 6], ui(14), spot.w - ui(16))
    assert len(rows) == 2 and rows[0].startswith("Bo:") and rows[1].endswith("…")  # no room for Ana's
    rows = chat.peek_lines(["Bo: " + "a long line of chat " * 6, "Ana: hi"], ui(14), spot.w - ui(16))
    assert rows[0].startswith("Bo:") and rows[0].endswith("…") and rows[1] == "Ana: hi"  # Bo's, cut short


ROW_CASES = [
    pytest.param(size, game_id, players, language, gone, id=f"{game_id}-{players}-{size[0]}-{language}-{gone}")
    for size in SIZES
    for game_id in GAME_IDS
    for players in seat_counts(game_id)
    for language in LANGUAGES
    for gone in ("closed", "unreachable")
]
CHAT_CASES = [
    pytest.param(size, game_id, players, moves, id=f"{game_id}-{players}-{size[0]}-{moves}")
    for size in CHAT_SIZES
    for game_id in GAME_IDS
    for players in registry.get(game_id).rules.PLAYERS
    for moves in (0, players + players // 2)  # at the deal; a trick (a round of plays) and a half on
]


@pytest.mark.slow
@pytest.mark.parametrize(("size", "game_id", "players", "language", "gone"), ROW_CASES)
def test_the_gone_row_covers_no_seat_in_every_game_size_and_language(size, game_id, players, language, gone):
    check_row(size, game_id, players, language, gone)


@pytest.mark.slow
@pytest.mark.parametrize(("size", "game_id", "players", "moves"), CHAT_CASES)
def test_the_chat_covers_no_seat_in_every_game_count_and_size(size, game_id, players, moves):
    check_chat(size, game_id, players, moves)


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES[1:])
@pytest.mark.parametrize(("game_id", "players"), [("sticheln", 6), ("avalanche", 5), ("avalanche", 6), ("grinch", 3)])
@pytest.mark.parametrize("size", CHAT_SIZES)
def test_the_open_chats_phrases_fit_in_every_language(size, game_id, players, language):
    """The quick phrases' words are longer in Korean and Catalan: their rows on a
    lower panel wrap, and the panel is still clear of the hand and readable."""
    i18n.set_language(language)
    try:
        check_chat(size, game_id, players, players)
    finally:
        i18n.set_language("en")
