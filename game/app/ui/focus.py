"""Keyboard focus: one mechanism for every screen.

A scene lists what may be chosen *now* as `Focusable`s (its `focus_items()`,
or, without that method, its `buttons`).  The app hands each event to
`handle(scene, event)` before the scene sees it, and calls `draw(scene,
surface)` after the scene has drawn:

- Tab / Shift+Tab walk the list in order; the arrow keys go to the nearest
  item in that direction (or, with none there, to the next / previous);
- Enter acts on the focused item, Space toggles it where it can be toggled
  (a card to select in Avalanche) and otherwise acts as Enter does;
- the first Tab or arrow shows the ring, on every screen from then on (a new
  screen's ring starts on its primary button, a table's on the first card
  to play); a mouse click hides the rings, and Enter and Space then keep
  their screens' own meanings until Tab or an arrow shows them again.

The focus remembers its item by key and by its place in its group, so an
item rebuilt with a new label, a button greyed out or a card just played
hands the focus to whatever now stands in that place rather than losing it.

The ring is a thick light band between two dark ones, with a pointer
triangle: a shape, so it reads without colour vision and on any
background.  A scene may keep keys for itself (`keeps_key(event)`: a text
field being typed in, the rules' scrolling) and is told when the focus
moves (`focus_changed()`: a table lifts the focused card).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, NamedTuple

import pygame

RING_LIGHT = (255, 255, 255)
RING_DARK = (16, 18, 20)


class Focusable(NamedTuple):
    """One thing the keyboard can reach."""

    key: Hashable  # stable across rebuilds of the screen
    rect: pygame.Rect  # where it is drawn now
    activate: Callable[[], Any]  # Enter
    toggle: Callable[[], Any] | None = None  # Space, where it differs from Enter
    group: str = ""  # a vanished item's focus passes within its group
    primary: bool = False  # where a screen's focus starts


def from_buttons(buttons: Sequence[Any], group: str = "buttons") -> list[Focusable]:
    """The enabled buttons of a list (widgets.Button), keyed by label and
    by how many buttons before it share that label."""
    seen: dict[str, int] = {}
    out = []
    for button in buttons:
        n = seen.get(button.label, 0)
        seen[button.label] = n + 1
        if button.enabled and button.rect.w > 0:
            out.append(
                Focusable(("button", button.label, n), button.rect, button.action, group=group, primary=button.primary)
            )
    return out


class FocusRing:
    """Which item of a scene has the keyboard focus."""

    def __init__(self) -> None:
        self.key: Hashable | None = None
        self.group = ""
        self.index = 0  # its place among the items of its group, last seen

    def reset(self) -> None:
        self.key, self.group, self.index = None, "", 0

    def remember(self, item: Focusable, items: Sequence[Focusable]) -> None:
        self.key, self.group = item.key, item.group
        self.index = [i.key for i in items if i.group == item.group].index(item.key)

    def current(self, items: Sequence[Focusable]) -> tuple[Focusable | None, bool]:
        """The focused item and whether the focus just passed to a neighbour."""
        if self.key is None:
            return None, False
        same = [i for i in items if i.group == self.group]
        for index, item in enumerate(same):
            if item.key == self.key:
                self.index = index
                return item, False
        if not same:
            return None, False  # keep the memory: the group may come back (your next turn)
        best = same[min(self.index, len(same) - 1)]
        self.remember(best, items)
        return best, True

    def step(self, items: Sequence[Focusable], delta: int) -> Focusable | None:
        """Tab (+1) or Shift+Tab (-1), wrapping around."""
        if not items:
            return None
        cur, _ = self.current(items)
        if cur is None:
            target = items[0] if delta > 0 else items[-1]
        else:
            target = items[(items.index(cur) + delta) % len(items)]
        self.remember(target, items)
        return target

    def toward(self, items: Sequence[Focusable], dx: int, dy: int) -> Focusable | None:
        """The nearest item in a direction; with none there, the next or previous."""
        if not items:
            return None
        cur, _ = self.current(items)
        if cur is None:
            target = items[0]
        else:
            near = nearest_toward(cur, items, dx, dy)
            step = 1 if dx + dy > 0 else -1
            target = near if near is not None else items[(items.index(cur) + step) % len(items)]
        self.remember(target, items)
        return target


def nearest_toward(cur: Focusable, items: Sequence[Focusable], dx: int, dy: int) -> Focusable | None:
    """The item whose centre lies in direction (dx, dy) from `cur`'s, closest
    along that direction and with sideways distance counted three times."""
    cx, cy = cur.rect.center
    best, best_score = None, None
    for item in items:
        if item is cur:
            continue
        x, y = item.rect.center
        along = (x - cx) * dx + (y - cy) * dy
        if along <= 0:
            continue
        across = abs((x - cx) * dy) + abs((y - cy) * dx)
        score = along + 3 * across
        if best_score is None or score < best_score:
            best, best_score = item, score
    return best


# -- the scene side ---------------------------------------------------------------------

TAB_KEYS = {pygame.K_TAB}
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
ENTER_KEYS = {pygame.K_RETURN, pygame.K_KP_ENTER}


def ring(scene: Any) -> FocusRing:
    """The scene's focus ring, made on first use (scenes need not declare one)."""
    found = scene.__dict__.get("focus_ring")
    if found is None:
        found = scene.__dict__["focus_ring"] = FocusRing()
    return found


def items_of(scene: Any) -> list[Focusable]:
    """What the keyboard may reach on this scene now."""
    make = getattr(scene, "focus_items", None)
    if make is not None:
        return list(make())
    return from_buttons(getattr(scene, "buttons", None) or [])


def shown(scene: Any) -> bool:
    """Rings show on every screen once Tab or an arrow was pressed, until a click."""
    return bool(getattr(getattr(scene, "app", None), "keyboard", False))


def _show(scene: Any, on: bool) -> None:
    app = getattr(scene, "app", None)
    if app is not None:
        app.keyboard = on


def focused(scene: Any) -> Focusable | None:
    """The item the ring is on, if rings show.  A screen new to the ring
    starts on its primary button (what Enter did anyway), or on the first
    item of its `focus_start_group` (a table: the first card to play)."""
    if not shown(scene):
        return None
    r = ring(scene)
    items = items_of(scene)
    item, moved = r.current(items)
    if item is None and r.key is None:
        group = getattr(scene, "focus_start_group", None)
        starts = [i for i in items if group is None or i.group == group]
        item = next((i for i in starts if i.primary), starts[0] if starts else None)
        if item is not None:
            r.remember(item, items)
            moved = True
    if moved:
        _changed(scene)
    return item


def focused_key(scene: Any) -> Hashable | None:
    """The key the ring is on if rings show (a table lifts that card); cheap, no item list."""
    r = scene.__dict__.get("focus_ring")
    return r.key if r is not None and shown(scene) else None


def reset(scene: Any) -> None:
    """Forget the focus (a new pair of eyes at the table)."""
    ring(scene).reset()
    _changed(scene)


def _changed(scene: Any) -> None:
    hook = getattr(scene, "focus_changed", None)
    if hook is not None:
        hook()


def handle(scene: Any, event: pygame.event.Event) -> bool:
    """Move or use the focus; True if the event was used up."""
    if event.type == pygame.MOUSEBUTTONDOWN:
        if shown(scene):
            _show(scene, False)
            _changed(scene)
        return False
    if event.type != pygame.KEYDOWN:
        return False
    key = event.key
    if key not in TAB_KEYS and key not in ARROWS and key not in ENTER_KEYS and key != pygame.K_SPACE:
        return False
    keeps = getattr(scene, "keeps_key", None)
    if keeps is not None and keeps(event):
        return False
    if key in TAB_KEYS or key in ARROWS:
        items = items_of(scene)
        if not items:
            return False
        if not shown(scene):  # the first press only shows where the focus is
            _show(scene, True)
            if focused(scene) is not None:
                return True
        r = ring(scene)
        if key in TAB_KEYS:
            r.step(items, -1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif r.current(items)[0] is None:
            r.step(items, 1)
        else:
            r.toward(items, *ARROWS[key])
        _changed(scene)
        return True
    item = focused(scene)
    if item is None:
        return False
    if key == pygame.K_SPACE and item.toggle is not None:
        item.toggle()
    else:
        item.activate()
    return True


def draw(scene: Any, surface: pygame.Surface, ui: Callable[[float], int]) -> None:
    """The ring around the focused item, above everything the scene drew."""
    item = focused(scene)
    if item is not None:
        draw_ring(surface, item.rect, ui)


def draw_ring(surface: pygame.Surface, rect: pygame.Rect, ui: Callable[[float], int]) -> None:
    """A light band between dark edges around `rect`, and a pointer above it
    (below it when there is no room above)."""
    band = max(3, ui(4))
    edge = max(2, ui(2))
    outer = rect.inflate(2 * (band + 2 * edge), 2 * (band + 2 * edge))
    radius = max(6, min(outer.w, outer.h) // 6)
    pygame.draw.rect(surface, RING_DARK, outer, band + 2 * edge, border_radius=radius)
    pygame.draw.rect(
        surface, RING_LIGHT, outer.inflate(-2 * edge, -2 * edge), band, border_radius=max(1, radius - edge)
    )
    size = max(7, ui(11))
    if outer.w > 3 * outer.h and outer.left - size - edge >= 0:  # a row: point from the left
        y, tip, base = outer.centery, outer.left - edge, outer.left - edge - size
        points = [(base, y - size), (base, y + size), (tip, y)]
    else:
        x = outer.centerx
        if outer.top - size - edge >= 0:
            tip, base = outer.top - edge, outer.top - edge - size
        else:
            tip, base = outer.bottom + edge, outer.bottom + edge + size
        points = [(x - size, base), (x + size, base), (x, tip)]
    pygame.draw.polygon(surface, RING_LIGHT, points)
    pygame.draw.polygon(surface, RING_DARK, points, edge)
