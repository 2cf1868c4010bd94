"""Where a guided game's caption goes: beside what it points at, never over
it, and inside the window.  Pure functions over rects, so every window size
and interface size can be tested without drawing."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

STEPS = 6  # spots each way along a side of the target, besides the centred one
REACH = 4  # rows of spots farther out each way, a third of the box's height (a quarter of its width) apart


def place_caption(
    size: tuple[int, int],
    target: pygame.Rect | None,
    window: pygame.Rect,
    gap: int,
    avoid: Sequence[Sequence[pygame.Rect]] = (),
) -> pygame.Rect:
    """A `size` box inside `window`, `gap` away from `target`, off it.

    Above, below, right of and left of the target are tried, each centred on
    it or shifted along its side (the target's middle kept within the box's
    span, for the arrow) and slid to stay inside the window; next to it
    first, then farther out (`REACH`).  `avoid` is a list of tiers, most important first (the
    status line; the words the step talks about; the cards and buttons): of
    the spots off the target, the one that covers the least of the first tier
    wins, then of the next (`cost`), the earlier spot on a tie.  If none is
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
    candidates = []  # (box, whether it slides up and down rather than sideways), nearest and centred first
    for far in range(REACH + 1):  # farther out, when the spots next to the target are crowded
        dy, dx = gap + far * h // 3, gap + far * w // 4
        for k in sorted(range(-STEPS, STEPS + 1), key=abs):  # the target's middle always within the box
            x, y = t.centerx - w // 2 + k * w // (2 * STEPS + 1), t.centery - h // 2 + k * h // (2 * STEPS + 1)
            candidates += [
                (pygame.Rect(x, t.top - dy - h, w, h), False),  # above
                (pygame.Rect(x, t.bottom + dy, w, h), False),  # below
                (pygame.Rect(t.right + dx, y, w, h), True),  # right
                (pygame.Rect(t.left - dx - w, y, w, h), True),  # left
            ]
    fits = []
    for box, vertical in candidates:
        slid = _slide(box, inner, vertical)
        if inner.contains(slid) and not slid.colliderect(t):
            fits.append(slid)
    if fits:
        return min(fits, key=lambda b: cost(b, avoid))
    return min((c.clamp(inner) for c, _vertical in candidates), key=lambda b: _area(b.clip(t)))


def cost(box: pygame.Rect, avoid: Sequence[Sequence[pygame.Rect]]) -> tuple[int, ...]:
    """How much `box` covers of each tier of `avoid`, to compare in order."""
    return tuple(overlap(box, tier) for tier in avoid)


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
    return sum(_area(box.clip(a)) for a in avoid)


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
