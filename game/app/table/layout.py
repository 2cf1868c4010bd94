"""Where seats and hands go on the table, as pure geometry of the window size."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import NamedTuple

import pygame

CARD_GROWTH = 0.6  # cards grow more gently than text: at 125 % they still leave the table room


def card_width(size: tuple[int, int], interface: float) -> int:
    """A table card's width in pixels for the window `size` at the interface
    size `interface` (1.0 = 100 %, as far as the window lets it grow): larger
    interface, larger cards, never smaller ones (it used to ignore it, so
    80 % shrank every panel around cards of the same size)."""
    base = min(size[0] / 15.5, size[1] / 8.2)
    return max(40, round(base * interface**CARD_GROWTH))


def hand_room(
    size: tuple[int, int], beside: float, ui: Callable[[float], int], scale: float, fit_scale: float
) -> float:
    """How wide the viewer's hand may fan: the window less `beside` logical
    units each side (the seat panels; `ui` at the interface `scale`), and
    below 100 % interface no wider than at 100 % shrunk as the cards are (the
    panels shrinking must not spread the hand wider than at full size)."""
    w = size[0]
    room: float = w - 2 * ui(beside)
    interface = scale / fit_scale
    if interface < 1:
        full = w - 2 * round(beside * fit_scale)
        room = min(room, full * card_width(size, interface) / card_width(size, 1.0))
    return room


class SeatSpot(NamedTuple):
    """Screen geometry of one seat."""

    anchor: tuple[int, int]  # centre of the seat's panel
    toward: tuple[int, int]  # a point between the seat and the table centre
    panel: pygame.Rect
    bottom: bool  # the viewer's own seat at the bottom edge


def seat_spots(size: tuple[int, int], order: list[int], ui: Callable[[float], int]) -> list[SeatSpot]:
    """The first seat of `order` at the bottom-left (the viewer); the others
    clockwise on an arc over the top of the table."""
    w, h = size
    cx, cy = w / 2, h * 0.47
    rx, ry = w * 0.40, h * 0.33
    pw, ph = ui(190), ui(74)
    spots: list[SeatSpot | None] = [None] * len(order)
    panel = pygame.Rect(ui(12), h - ph - ui(12), pw, ph)
    spots[order[0]] = SeatSpot(panel.center, (round(cx), round(h * 0.62)), panel, True)
    others = order[1:]
    k = len(others)
    for i, seat in enumerate(others):
        a = math.radians(arc_angle(i, k))
        ax, ay = cx + rx * math.cos(a) * 1.08, cy - ry * math.sin(a) * 1.05
        panel = pygame.Rect(0, 0, pw, ph)
        panel.center = (round(ax), round(ay))
        panel.clamp_ip(pygame.Rect(ui(8), ui(52), w - ui(16), h - ui(200)))
        tx, ty = cx + (panel.centerx - cx) * 0.45, cy + (panel.centery - cy) * 0.45
        spots[seat] = SeatSpot(panel.center, (round(tx), round(ty)), panel, False)
    return [s for s in spots if s is not None]


def arc_angle(i: int, k: int) -> float:
    """Where the `i`th of `k` opponents sits on the arc, in degrees (180 at
    the left, 90 at the top).  Evenly spread, but on a six-seat table the
    two seats between a side seat and the top one move toward the top: at
    even spacing their cards reach under the side seats' panels."""
    if k <= 1:
        return 90.0
    a = 180 - (i + 0.5) * 180 / k
    if k >= 5 and 0 < i < k - 1:
        a = 90 + (a - 90) * INNER_PULL
    return a


INNER_PULL = 0.8  # how far the inner seats of a crowded arc keep their even spread (1: all of it)


def fan(
    n: int, centre_x: float, base_y: float, card_w: int, max_width: float, spread: float = 10.0
) -> list[tuple[tuple[float, float], float]]:
    """Positions and angles for a hand of n cards fanned along a gentle arc."""
    if n == 0:
        return []
    step = min(card_w * 0.98, (max_width - card_w) / max(1, n - 1)) if n > 1 else 0
    total = step * (n - 1)
    out = []
    for i in range(n):
        t = (i / (n - 1) - 0.5) if n > 1 else 0.0
        x = centre_x - total / 2 + i * step
        angle = -t * spread * min(1.0, n / 8)
        y = base_y + (t * t) * card_w * 0.35 * min(1.0, n / 8)
        out.append(((x, y), angle))
    return out


def clear_spot(
    rect: pygame.Rect, ys: Iterable[int], taken: Iterable[pygame.Rect], margin: int = 0
) -> pygame.Rect | None:
    """`rect` moved to the first height of `ys` where it (grown by `margin` each
    side) touches none of `taken`; None if it touches one at every height."""
    kept = [r for r in taken if r.w and r.h]
    for y in ys:
        spot = rect.copy()
        spot.y = y
        grown = spot.inflate(2 * margin, 2 * margin)
        if grown.collidelist(kept) < 0:
            return spot
    return None


def near_first(start: int, low: int, high: int, step: int) -> list[int]:
    """Heights from `low` to `high` (inclusive), `start` first, then ever further
    from it, above and below in turn."""
    start = max(low, min(start, high))
    out = [start]
    for k in range(1, (high - low) // max(1, step) + 2):
        for y in (start - k * step, start + k * step):
            if low <= y <= high:
                out.append(y)
    return out


def edge_spot(
    right: int,
    top: int,
    floor: int,
    sizes: Iterable[tuple[int, int]],
    taken: Iterable[pygame.Rect],
    margin: int,
    step: int,
) -> pygame.Rect | None:
    """The first of `sizes` (width, height), in order, that fits with its right
    edge at `right` somewhere between `top` and `floor` (its bottom) clear of
    `taken` (`clear_spot`, highest first); None if none does."""
    kept = [r for r in taken if r.w and r.h]
    for width, height in sizes:
        rect = pygame.Rect(right - width, top, width, height)
        spot = clear_spot(rect, range(top, floor - height + 1, step), kept, margin)
        if spot is not None:
            return spot
    return None


def turned(rect: pygame.Rect, angle: float) -> pygame.Rect:
    """The bounds of `rect` turned by `angle` degrees about its centre (a tilted card)."""
    if not angle:
        return rect
    a = math.radians(angle)
    cos, sin = abs(math.cos(a)), abs(math.sin(a))
    out = pygame.Rect(0, 0, math.ceil(rect.w * cos + rect.h * sin), math.ceil(rect.w * sin + rect.h * cos))
    out.center = rect.center
    return out


def felt_spot(
    right: int, top: int, floor: int, size: tuple[int, int], taken: Iterable[pygame.Rect], margin: int
) -> pygame.Rect | None:
    """A rect of `size` between `top` and `floor` (its bottom) and left of `right`, clear of
    `taken` by `margin`: the rightmost such spot (its right edge at `right` first, then
    beside each of `taken`), and at that the highest; None if there is none."""
    kept = [r for r in taken if r.w and r.h]
    width, height = size
    left = right - width
    xs = {left, *(r.left - margin - width for r in kept), *(r.right + margin for r in kept)}
    ys = {top, *(r.bottom + margin for r in kept), *(r.top - margin - height for r in kept)}
    low = min(left, 2 * margin)  # (off the window's left edge too)
    for x in sorted((x for x in xs if low <= x <= left), reverse=True):
        for y in sorted(y for y in ys if top <= y <= floor - height):
            spot = pygame.Rect(x, y, width, height)
            if spot.inflate(2 * margin, 2 * margin).collidelist(kept) < 0:
                return spot
    return None
