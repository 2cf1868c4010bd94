"""Table geometry (issue 15): the Whos' discard piles, with the tilted card
beneath, a pending discard on top and the count badge, clear every seat
panel, hand and pile at every window from 1024x600 to 1920x1080 with 2 to 6
players; and table cards grow with the interface size, never shrink."""

from __future__ import annotations

import itertools
import math
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest
from matrix import fast_lane

from game.app.shell.app import App
from game.app.table import table_for
from game.app.table.base import card_width
from game.match.match import Match, Seat
from game.persist.settings import Settings

SIZES = [(1024, 600), (1280, 720), (1366, 768), (1600, 900), (1920, 1080)]


def card_box(pos: tuple[float, float], w: float, angle: float) -> pygame.Rect:
    """The screen rect a card of width `w` covers, turned by `angle` degrees."""
    h, a = w * 1.4, math.radians(angle)
    r = pygame.Rect(
        0, 0, round(abs(w * math.cos(a)) + abs(h * math.sin(a))), round(abs(w * math.sin(a)) + abs(h * math.cos(a)))
    )
    r.center = (round(pos[0]), round(pos[1]))
    return r


def grinch_extents(t) -> dict[str, pygame.Rect]:
    """What each thing on a Grinch table covers at its fullest (see `pile_places`)."""
    ui = t.app.ui
    out: dict[str, pygame.Rect] = {"draw pile": t.draw_rect, "heart tile": t.tile_area()}
    for seat in range(t.num_players):
        out[f"panel {seat}"] = t.spots[seat].panel
        x, y = t.pile_pos(seat)
        w = t.pile_width(seat)
        pile = t.pile_rect(seat)
        badge = pygame.Rect(0, 0, ui(22), ui(22))
        badge.center = (pile.right - ui(2), pile.top + ui(2))
        boxes = [
            card_box((x, y), w, 0),
            card_box((x - ui(3), y + ui(2)), w, 7),
            card_box((x + ui(7), y - ui(9)), w, -8),
            badge,
        ]
        out[f"pile {seat}"] = boxes[0].unionall(boxes[1:])
        if seat != t.bottom_seat():
            at = t.mat(seat)[0]
            backs = [card_box(p, t.small_w, a) for p, a in t.fan(6, at[0], at[1], t.small_w, t.backs_width(seat), 6)]
            out[f"hand {seat}"] = backs[0].unionall(backs[1:])
    mine = [card_box(p, t.hand_w, a) for p, a in t.fan(6, t.size[0] / 2, t.hand_y, t.hand_w, t.hand_width, 6)]
    out["your hand"] = mine[0].unionall(mine[1:])
    for button in t.buttons:
        out[f"button {button.label}"] = button.rect
    return out


@pytest.mark.parametrize("ui_scale", fast_lane([0.8, 1.0, 1.1, 1.25], 0.8, 1.25))
def test_who_discards_overlap_no_panel_or_pile(ui_scale):
    app = App(SIZES[0], Settings(speed="off", ui_scale=ui_scale))
    for size in SIZES:
        app.resize(size)
        for n in range(2, 7):
            seats = [Seat(f"P{i}", i == 0, "random") for i in range(n)]
            table = table_for(app, Match("grinch", seats, 1, 0))
            app.replace(table)
            rects = grinch_extents(table)
            screen = pygame.Rect((0, 0), size)
            for name, rect in rects.items():
                assert screen.contains(rect), (size, n, name, rect)
            clashes = [(a, b) for a, b in itertools.combinations(rects, 2) if rects[a].colliderect(rects[b])]
            assert not clashes, (size, n, ui_scale, clashes)


def test_card_width_grows_with_the_interface_size():
    for size in SIZES:
        widths = [card_width(size, k / 10) for k in range(8, 13)]
        assert widths == sorted(widths) and widths[0] < widths[-1], (size, widths)


@pytest.mark.parametrize("game", fast_lane(["sticheln", "avalanche", "grinch"], "avalanche"))
def test_hand_cards_grow_monotonically_with_the_interface_setting(game):
    """Through the real setting: 80 % used to give the same cards in smaller panels."""
    for size in [(1280, 720), (1920, 1080)]:
        widths = []
        for scale in (0.8, 0.9, 1.0, 1.1, 1.2, 1.5, 2.0):
            app = App(size, Settings(speed="off", ui_scale=scale))
            seats = [Seat(n, i == 0, "random") for i, n in enumerate(["Ana", "Mina", "Pau"])]
            table = table_for(app, Match(game, seats, 1, 0))
            app.replace(table)
            hand = [p for p in table.places() if p.z >= 100]
            widths.append(hand[0].width)
        assert widths == sorted(widths), (game, size, widths)
        assert widths[0] < widths[2] < widths[4], (game, size, widths)
