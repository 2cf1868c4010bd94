"""Where a guided game's caption goes: beside what it points at, never over
it, and inside the window.  Pure functions over rects, so every window size
and interface size can be tested without drawing."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

STEPS = 6  # spots each way along a side of the target, besides the centred one
OVERHANG = 2 * STEPS  # spots each way in all: past STEPS the box leaves the target's middle beside it
REACH = 4  # rows of spots farther out each way, a third of the box's height (a quarter of its width) apart


def place_caption(
    size: tuple[int, int],
    target: pygame.Rect | None,
    window: pygame.Rect,
    gap: int,
    avoid: Sequence[Sequence[pygame.Rect]] = (),
    pointer: int = 0,
) -> pygame.Rect:
    """A `size` box inside `window`, `gap` away from `target`, off it.

    Above, below, right of and left of the target are tried, each centred on
    it or shifted along its side (the target's middle kept within the box's
    span, for the arrow; then, where a crowded table needs it, shifted past
    the middle as far as the arrow still `lands` on the target) and slid to
    stay inside the window; next to it first, then farther out (`REACH`).
    `avoid` is a list of tiers, most important first (the status line; the
    words the step talks about; the cards and buttons): of
    the spots off the target, the one that covers the least of the first tier
    wins, then of the next (`cost`, which counts the arrow's strip too, as
    wide as 2 x `pointer`), the earlier spot on a tie.  If none is
    off the target, the one that overlaps it least.  With no target the box
    sits in the upper middle of the window.
    """
    w, h = min(size[0], window.w), min(size[1], window.h)
    inner = window
    if target is None:
        box = pygame.Rect(0, 0, w, h)
        box.midtop = (window.centerx, window.top + window.h // 5)
        return box.clamp(inner)
    t = target
    candidates = []  # (box, slides up and down rather than sideways, past the middle), nearest and centred first
    for far in range(REACH + 1):  # farther out, when the spots next to the target are crowded
        dy, dx = gap + far * h // 3, gap + far * w // 4
        # the target's middle within the box first; then past it, while the arrow still lands on the target
        for k in sorted(range(-OVERHANG, OVERHANG + 1), key=abs):
            x, y = t.centerx - w // 2 + k * w // (2 * STEPS + 1), t.centery - h // 2 + k * h // (2 * STEPS + 1)
            past = abs(k) > STEPS
            candidates += [
                (pygame.Rect(x, t.top - dy - h, w, h), False, past),  # above
                (pygame.Rect(x, t.bottom + dy, w, h), False, past),  # below
                (pygame.Rect(t.right + dx, y, w, h), True, past),  # right
                (pygame.Rect(t.left - dx - w, y, w, h), True, past),  # left
            ]
    fits = []
    for box, vertical, past in candidates:
        slid = _slide(box, inner, vertical)
        if inner.contains(slid) and not slid.colliderect(t) and (not past or lands(slid, t, pointer)):
            fits.append(slid)
    if fits:
        return _cheapest(fits, avoid, t, pointer)
    return min((c.clamp(inner) for c, _vertical, _past in candidates), key=lambda b: _area(b.clip(t)))


def lands(box: pygame.Rect, target: pygame.Rect, pointer: int) -> bool:
    """Does the arrow from `box` (`arrow`) land on `target`, its tip at least
    `pointer` / 2 inside the target's edges where the target is wide enough?
    A box shifted along its side past the target's middle points at the
    target's near part; one shifted farther would point beside it."""
    _side0, (tx, ty), _side1 = arrow(box, target, pointer)
    margin = pointer // 2
    if box.bottom <= target.top or box.top >= target.bottom:
        low, high = target.left + margin, target.right - margin
        return low > high or low <= tx <= high
    low, high = target.top + margin, target.bottom - margin
    return low > high or low <= ty <= high


def cost(
    box: pygame.Rect, avoid: Sequence[Sequence[pygame.Rect]], target: pygame.Rect | None = None, pointer: int = 0
) -> tuple[int, ...]:
    """How much `box` (and the arrow from it to `target`) covers of each tier of `avoid`, to compare in order."""
    strips = arrow_strips(box, target, pointer) if target is not None and pointer else []
    return tuple(overlap(box, tier) + sum(overlap(strip, tier) for strip in strips) for tier in avoid)


def _cheapest(
    boxes: list[pygame.Rect], avoid: Sequence[Sequence[pygame.Rect]], target: pygame.Rect, pointer: int
) -> pygame.Rect:
    """`min(boxes, key=cost)`, the earlier box on a tie, weighed a tier at a
    time: a later tier only for the boxes the earlier ones left tied."""
    left = [(box, arrow_strips(box, target, pointer) if pointer else []) for box in boxes]
    for tier in avoid:
        if len(left) == 1:
            break
        costs = [overlap(box, tier) + sum(overlap(strip, tier) for strip in strips) for box, strips in left]
        least = min(costs)
        left = [entry for entry, covered in zip(left, costs) if covered == least]
    return left[0][0]


def arrow_strips(box: pygame.Rect, target: pygame.Rect, pointer: int, slices: int = 4) -> list[pygame.Rect]:
    """Rects that cover the arrow (`arrow`) between `box` and `target`: its
    length cut in `slices`, each as wide as the triangle where it starts."""
    (x0, y0), (tx, ty), (x1, y1) = arrow(box, target, pointer)
    bx, by = (x0 + x1) / 2, (y0 + y1) / 2  # the middle of its base
    half_x, half_y = abs(x1 - x0) / 2, abs(y1 - y0) / 2
    out = []
    for i in range(slices):
        a, b = i / slices, (i + 1) / slices
        wide = 1 - a  # the triangle's width at this slice's start, as a share of its base
        xs = [bx + (tx - bx) * a, bx + (tx - bx) * b]
        ys = [by + (ty - by) * a, by + (ty - by) * b]
        left, right = min(xs) - half_x * wide, max(xs) + half_x * wide
        top, bottom = min(ys) - half_y * wide, max(ys) + half_y * wide
        rect = pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))
        if rect.w and rect.h:
            out.append(rect)
    return out


def _slide(box: pygame.Rect, inner: pygame.Rect, vertical: bool) -> pygame.Rect:
    """Move `box` along its side of the target until it is inside `inner` that way."""
    out = box.copy()
    if vertical:
        out.top = max(inner.top, min(out.top, inner.bottom - out.h))
    else:
        out.left = max(inner.left, min(out.left, inner.right - out.w))
    return out


def overlap(box: pygame.Rect, avoid: Sequence[pygame.Rect]) -> int:
    """How much of `avoid` `box` covers, in square pixels (0: none of it)."""
    return sum(_area(box.clip(avoid[i])) for i in box.collidelistall(avoid))  # only those it touches


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def arrow(box: pygame.Rect, target: pygame.Rect, length: int) -> list[tuple[int, int]]:
    """A triangle from `box`'s edge facing `target` toward it: its base
    2 x `length` wide, its tip `length` out, or as far as the target's edge
    when the box sits farther out (so it still points at the target)."""
    if box.bottom <= target.top:
        base = (min(max(target.centerx, box.left + length), box.right - length), box.bottom)
        tip = (base[0], box.bottom + max(length, target.top - box.bottom))
        side = [(base[0] - length, base[1]), (base[0] + length, base[1])]
    elif box.top >= target.bottom:
        base = (min(max(target.centerx, box.left + length), box.right - length), box.top)
        tip = (base[0], box.top - max(length, box.top - target.bottom))
        side = [(base[0] - length, base[1]), (base[0] + length, base[1])]
    elif box.right <= target.left:
        base = (box.right, min(max(target.centery, box.top + length), box.bottom - length))
        tip = (box.right + max(length, target.left - box.right), base[1])
        side = [(base[0], base[1] - length), (base[0], base[1] + length)]
    else:
        base = (box.left, min(max(target.centery, box.top + length), box.bottom - length))
        tip = (box.left - max(length, box.left - target.right), base[1])
        side = [(base[0], base[1] - length), (base[0], base[1] + length)]
    return [side[0], tip, side[1]]
