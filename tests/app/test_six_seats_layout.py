"""Six seats leave everything a player must read uncovered: at 1024x600,
1280x720 and 1920x1000 every seat's panel, its face-down hand, its pain card
or pile, the words on the felt (the piles' labels, "pain", "any set starts
one", the next-play chips, "who played it"), the turn line and the status
line keep off each other, in every state a game passes through, while the
table is still.  And the GRINCH badge leaves a long name its full size.

The rectangles come from the table itself: each card's place as the table
lays it out (turned by its angle), the panels, `label_rects` (what the table
writes on the felt) and the status and turn lines as drawn."""

from __future__ import annotations

import itertools
import random

import pygame
import pytest
from app_driver import window
from matrix import fast_lane, sample_grid
from test_story_layout import card_box

from game import i18n
from game.app.scenes.results import ResultsScene
from game.app.table import table_for
from game.app.table.base import TableScene
from game.match.match import Match, Seat

GAMES = ["sticheln", "avalanche", "grinch"]
SIZES = [(1024, 600), (1280, 720), (1920, 1000)]
NAMES = ("Mina", "Pau", "Simran", "Joon", "Laia", "Harpreet")  # the demo's six
FRAME = 0.2  # a long frame: nothing animates at speed "off", and the computers' pauses pass sooner
SEAT_CARDS = ("back", "pain", "pending")  # a seat's own cards, keyed (kind, seat, ...)
MIDDLE = ("trick", "av", "pile")  # the trick, the avalanche, the draw pile


def readable(table: TableScene) -> dict[str, pygame.Rect]:
    """What a player must read on the table now, by name: "<what> <seat>"
    for a seat's things (they may lie together), the rest by what it is."""
    out: dict[str, pygame.Rect] = {f"panel {seat}": table.spots[seat].panel for seat in range(table.num_players)}
    groups: dict[str, list[pygame.Rect]] = {}
    for place in table.places():
        key = place.key
        box = card_box(place.pos, place.width, place.angle)
        if isinstance(key, tuple) and key[0] in SEAT_CARDS and isinstance(key[1], int):
            groups.setdefault(f"{key[0]} {key[1]}", []).append(box)
        elif isinstance(key, tuple) and key[0] in MIDDLE:
            groups.setdefault(f"{key[0]} middle", []).append(box)
        elif place.z >= 100:  # the viewer's hand
            groups.setdefault(f"hand {table.bottom_seat()}", []).append(box)
    for name, boxes in groups.items():
        out[name] = boxes[0].unionall(boxes[1:])
    crevasse = getattr(table, "crevasse", None)
    if crevasse is not None:
        x, y = table.crev_pos
        out["crevasse"] = crevasse.get_rect(center=(round(x), round(y)))
    if hasattr(table, "pile_rect"):  # Grinch's discard piles
        for seat in range(table.num_players):
            out[f"discards {seat}"] = table.pile_rect(seat)
    for i, rect in enumerate(table.label_rects()):
        out[f"words {i}"] = rect
    line = table.log.line_shown()
    if line is not None:
        out["turn line"] = line[0]
    out["status line"] = table.status_line.shown()[0]
    return out


def owner(name: str) -> str:
    """Whose thing it is: a seat's number, "middle" for the table's own; words belong to nobody."""
    return "" if name.startswith("words") else name.split()[-1]


def clashes(table: TableScene) -> list[tuple[str, str, pygame.Rect, pygame.Rect]]:
    """Pairs of readable things that overlap: never two of one seat's, nor
    two lines of words (a two-line label's lines meet)."""
    shown = readable(table)
    out = []
    for a, b in itertools.combinations(shown, 2):
        if owner(a) and owner(a) == owner(b):
            continue
        if a.startswith("words") and b.startswith("words"):
            continue
        if shown[a].colliderect(shown[b]):
            out.append((a, b, shown[a], shown[b]))
    return out


def check_six_seats(
    game: str, size: tuple[int, int], ui_scale: float, lang: str, frames: int, seed: int = 3, players: int = 6
) -> int:
    """Play a six-seat game by the table's own turn flow (the human's moves
    chosen at random), checking every still frame; returns how many moves were played."""
    i18n.set_language(lang)
    app = window(size=size, ui_scale=ui_scale)
    seats = [Seat(name, i == 0, "easy") for i, name in enumerate(NAMES[:players])]  # quick to think
    match = Match(game, seats, seed)
    table = table_for(app, match)
    app.replace(table)
    rng = random.Random(seed)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=pygame.KMOD_NONE, unicode="", scancode=0)
    for _ in range(frames):
        top = app.stack.top
        if isinstance(top, ResultsScene):
            break
        if top is not table:  # a round summary: closed, as a player would
            app.step(FRAME, events=[enter], flip=False)
            continue
        if not table.stage.busy:
            found = clashes(table)
            assert not found, (game, size, ui_scale, lang, len(match.moves), found)
            if table.viewer_acts():
                table.turns.offer(rng.choice(match.state.legal_moves()))
        app.step(FRAME, events=[], flip=False)
    return len(match.moves)


@pytest.mark.parametrize("game", fast_lane(GAMES, "avalanche"))
@pytest.mark.parametrize("size", fast_lane(SIZES, (1024, 600), single=True))
def test_six_seats_cover_nothing_a_player_reads(game, size):
    """The fast subset: 100 % and 125 % in English, the first stretch of a game
    (Avalanche's avalanche grows to the turn line within it)."""
    for ui_scale in (1.0, 1.25):
        assert check_six_seats(game, size, ui_scale, "en", frames=100, seed=1) >= 40


@pytest.mark.slow  # .ci/run: 24 of the 144 (every language, game, size and scale); FIRESIDE_FULL_MATRIX=1: all
@pytest.mark.parametrize(
    "lang,game,size,ui_scale",
    sample_grid([["en", "ko", "ca", "pa"], GAMES, SIZES, [0.8, 1.0, 1.25, 2.0]], 24, seed="six seats"),
)
def test_six_seats_cover_nothing_a_player_reads_every_language_and_size(lang, game, size, ui_scale):
    assert check_six_seats(game, size, ui_scale, lang, frames=600) >= 60  # a whole Avalanche game is about 100 moves


@pytest.mark.parametrize("lang", ["en", "pa"])
@pytest.mark.parametrize("size", SIZES)
def test_the_grinch_badge_leaves_a_long_name_its_full_size(lang, size, monkeypatch):
    """Punjabi Grinch, six seats: the badge lay over "Harpreet".  Every seat
    is the Grinch once; its name is drawn at full size and clear of the badge."""
    import game.app.table.seat_panel as base  # (the seats' panels draw their names)
    import game.games.grinch.table as grinch_table

    i18n.set_language(lang)
    app = window(size=size)
    match = Match("grinch", [Seat(name, i == 0, "normal") for i, name in enumerate(NAMES)], 3)
    seen: set[int] = set()
    drawn: list[tuple[str, int, pygame.Rect]] = []
    panels: list[pygame.Rect] = []
    real_text, real_panel = base.blit_text, grinch_table.draw_panel

    def text(surface, words, px, *args, **kwargs):
        rect = real_text(surface, words, px, *args, **kwargs)
        drawn.append((words, px, rect))
        return rect

    def panel(surface, rect, *args, **kwargs):
        panels.append(pygame.Rect(rect))
        return real_panel(surface, rect, *args, **kwargs)

    monkeypatch.setattr(base, "blit_text", text)
    monkeypatch.setattr(grinch_table, "draw_panel", panel)
    while not match.state.is_over and len(seen) < len(NAMES):
        grinch = match.state.grinch
        if grinch not in seen:
            seen.add(grinch)
            table = table_for(app, match)
            app.replace(table)
            drawn.clear()
            panels.clear()
            table.draw_seat(app.screen, grinch)
            name = table.name(grinch)
            (_words, px, rect), *_ = [d for d in drawn if d[0] == name]
            badge = panels[-1]
            assert badge.w > 0 and not rect.colliderect(badge), (lang, size, name, rect, badge)
            assert px == app.ui(18), (lang, size, name, px)
        match.apply(match.state.legal_moves()[0])
    assert seen == set(range(len(NAMES)))


@pytest.mark.slow  # .ci/run: 6 of the 12 (every game and seat count); FIRESIDE_FULL_MATRIX=1: all
@pytest.mark.parametrize("players,game", sample_grid([[2, 3, 4, 5], GAMES], 6, seed="fewer seats"))
def test_fewer_seats_cover_nothing_a_player_reads_either(players, game):
    """The same fixes hold with fewer seats (the status line on two lines, the avalanche's turn line)."""
    if game == "sticheln" and players < 3:
        pytest.skip("Sticheln is for 3 to 6")
    for size in SIZES:
        for ui_scale in (1.0, 1.25):
            check_six_seats(game, size, ui_scale, "en", frames=100, seed=1, players=players)
