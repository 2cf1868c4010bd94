"""Cards on the table: where each should be (`Place`) and where it is now
(`CardSprite`), tweened between the two."""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any, NamedTuple

import pygame

from game.app.look.tween import Tween, ease_in_out_sine, ease_out_cubic, lerp
from game.lru import LRU, screenfuls, surface_bytes

SELECTED_LIFT = 0.22  # of card height
LEGAL_LIFT = 0.05
FOCUS_LIFT = 0.12  # the keyboard's card (game/app/ui/focus.py draws the ring around it)
GLOW = (246, 204, 110)
HINT_MARK = (120, 220, 255)  # what a hint points at: a dashed frame of this colour
DIM = (10, 14, 12, 120)


class Place(NamedTuple):
    """Where one card should be drawn now.  `card` None means face down."""

    key: Hashable
    card: Any | None
    pos: tuple[float, float]  # centre, in pixels
    width: int
    angle: float = 0.0
    z: int = 0
    mark: str = ""  # "", "legal", "dim", "selected", "hint", "last", "focus", "won"
    origin: tuple[float, float] | None = None  # where a new card flies in from
    game: str = ""
    scale: float = 1.0  # drawn at width * scale (faces stay rendered at width)
    revealed: bool = False  # face up for everyone already: never flies in face down


class CardSprite:
    """One card's on-screen body: position, size, angle, flip and shake."""

    __slots__ = (
        "_arc",
        "_cache",
        "_cache_key",
        "_flip",
        "_from",
        "_move",
        "_shake",
        "angle",
        "exit_to",
        "key",
        "place",
        "shown",
        "w",
        "x",
        "y",
    )

    def __init__(
        self,
        place: Place,
        start: tuple[float, float],
        start_width: float,
        duration: float,
        delay: float = 0.0,
        start_face: Any | None = None,
        face_down_first: bool = False,
    ):
        self.key = place.key
        self.place = place
        self.shown = place.card if start_face is None else start_face
        self.x, self.y = start
        self.w = start_width
        self.angle = place.angle
        self._from = (self.x, self.y, self.w, self.angle)
        self._move = Tween(0.0, 1.0, duration, delay=delay, easing=ease_out_cubic)
        self._arc = 0.1
        self._flip: Tween | None = None
        self._shake: Tween | None = None
        self._cache: pygame.Surface | None = None
        self._cache_key: tuple = ()
        self.exit_to: tuple[float, float] | None = None
        if start_face is not None and start_face != place.card:
            self._flip = Tween(0.0, 1.0, max(duration, 0.001) * 0.6, delay=delay, easing=ease_in_out_sine)
        elif face_down_first and place.card is not None and duration > 0:
            # Dealt or drawn from the deck: travel face down, turn over on arrival.
            self.shown = None
            self._flip = Tween(0.0, 1.0, duration * 0.5, delay=delay + duration * 0.6, easing=ease_in_out_sine)

    @property
    def moving(self) -> bool:
        return (
            not self._move.done
            or (self._flip is not None and not self._flip.done)
            or (self._shake is not None and not self._shake.done)
        )

    def retarget(self, place: Place, duration: float, delay: float = 0.0) -> None:
        old = self.place
        self.place = place
        if (old.pos, old.width, old.scale, old.angle) != (place.pos, place.width, place.scale, place.angle):
            self._from = (self.x, self.y, self.w, self.angle)
            self._move = Tween(0.0, 1.0, duration, delay=delay, easing=ease_out_cubic)
        if old.card != place.card:
            if duration <= 0:
                self.shown = place.card
                self._flip = None
            else:
                self._flip = Tween(0.0, 1.0, duration * 0.6, delay=delay, easing=ease_in_out_sine)

    def snap(self) -> None:
        """Jump to the target at once (resizes, a new viewer behind a pass screen)."""
        self._move = Tween(0.0, 1.0, 0.0)
        self._move.done = True
        self._flip = None
        self.shown = self.place.card
        p = self.place
        self.x, self.y, self.w, self.angle = p.pos[0], p.pos[1], p.width * p.scale, p.angle

    def shake(self, duration: float = 0.35) -> None:
        self._shake = Tween(0.0, 1.0, max(duration, 0.2), easing=lambda t: t)

    def update(self, dt: float) -> None:
        self._move.update(dt)
        t = self._move.progress
        p = self.place
        fx, fy, fw, fa = self._from
        self.x = lerp(fx, p.pos[0], t)
        self.y = lerp(fy, p.pos[1], t)
        self.w = lerp(fw, p.width * p.scale, t)
        self.angle = lerp(fa, p.angle, t)
        if 0.0 < t < 1.0:  # a slight arc, perpendicular to the path
            dx, dy = p.pos[0] - fx, p.pos[1] - fy
            lift = math.sin(math.pi * t) * self._arc
            self.x += -dy * lift
            self.y += dx * lift * 0.35 - abs(dx) * lift * 0.3
        if self._flip is not None:
            self._flip.update(dt)
            if self._flip.progress >= 0.5:
                self.shown = p.card
        if self._shake is not None:
            self._shake.update(dt)

    def squash(self) -> float:
        """Horizontal scale during a flip: 1 -> 0 -> 1."""
        if self._flip is None or self._flip.done:
            return 1.0
        return max(0.02, abs(1.0 - 2.0 * self._flip.progress))

    def offset(self) -> tuple[float, float]:
        """Lift for marks and the sideways shake of an illegal click."""
        h = self.w * 1.4
        dy = (
            -h * SELECTED_LIFT
            if self.place.mark == "selected"
            else (
                -h * FOCUS_LIFT
                if self.place.mark in ("focus", "won")
                else (-h * LEGAL_LIFT if self.place.mark in ("legal", "hint") else 0.0)
            )
        )
        dx = 0.0
        if self._shake is not None and not self._shake.done:
            t = self._shake.progress
            dx = math.sin(t * math.pi * 6) * self.w * 0.08 * (1 - t)
        return dx, dy

    def image(self, art) -> pygame.Surface:
        """The card as it should look now, rebuilt only when something changed."""
        width = max(4, round(self.w))
        squash = self.squash()
        key = (self.shown, width, round(self.angle, 1), round(squash, 2), self.place.mark)
        if key == self._cache_key and self._cache is not None:
            return self._cache
        game = self.place.game
        base_w = self.place.width
        face = art.face(game, self.shown, base_w) if self.shown is not None else art.back(game, base_w)
        if self.place.mark in ("legal", "selected", "hint", "last", "dim", "focus", "won"):
            face = _marked(face, self.place.mark, (game, self.shown, base_w))
        if width != base_w or squash != 1.0:
            h = round(face.get_height() * width / base_w)
            face = pygame.transform.smoothscale(face, (max(1, round(width * squash)), max(1, h)))
        if abs(self.angle) > 0.05:
            face = pygame.transform.rotozoom(face, self.angle, 1.0)
        self._cache_key = key
        self._cache = face
        return face

    def rect(self) -> pygame.Rect:
        """Axis-aligned bounds at the target place (for hit testing)."""
        w = self.place.width
        h = round(w * 1.4)
        r = pygame.Rect(0, 0, w, h)
        r.center = (round(self.place.pos[0]), round(self.place.pos[1]))
        if self.place.mark == "selected":
            r.y -= round(h * SELECTED_LIFT)
        return r

    def draw(self, surface: pygame.Surface, art) -> None:
        img = self.image(art)
        dx, dy = self.offset()
        rect = img.get_rect(center=(round(self.x + dx), round(self.y + dy)))
        surface.blit(img, rect)


_marks: LRU[tuple[tuple, str], pygame.Surface] = LRU("sprites.marks", 600, 6 * 2**20, surface_bytes, screenfuls(1))


def _marked(face: pygame.Surface, mark: str, card_key: tuple) -> pygame.Surface:
    """A card with its highlight or grey-out drawn on, cached per card,
    width and mark (not per surface id: ids are reused once art is freed)."""
    key = (card_key, mark)
    out = _marks.get(key)
    if out is not None:
        return out
    w, h = face.get_size()
    pad = max(3, w // 18) if mark != "dim" else 0
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    radius = max(4, w // 10)
    if mark in ("selected", "hint", "legal", "last", "focus", "won"):
        colour = {
            "selected": (*GLOW, 255),
            "won": (*GLOW, 255),
            "hint": (*HINT_MARK, 255),
            "legal": (*GLOW, 110),
            "last": (255, 255, 255, 150),
            "focus": (*GLOW, 110),
        }[mark]
        pygame.draw.rect(out, colour, out.get_rect(), border_radius=radius + pad)
        if mark == "hint":  # dashed: a hint differs from a glow in shape, not only in colour
            _dash(out, pad, max(4, w // 8))
    out.blit(face, (pad, pad))
    if mark == "dim":
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(shade, DIM, shade.get_rect(), border_radius=radius)
        out.blit(shade, (pad, pad))
    return _marks.put(key, out)


def _dash(surf: pygame.Surface, band: int, dash: int) -> None:
    """Cut gaps into the outer `band` pixels of `surf`, turning a frame into dashes."""
    w, h = surf.get_size()
    clear = (0, 0, 0, 0)
    for x in range(dash, w - dash, 2 * dash):
        surf.fill(clear, (x, 0, dash, band))
        surf.fill(clear, (x, h - band, dash, band))
    for y in range(dash, h - dash, 2 * dash):
        surf.fill(clear, (0, y, band, dash))
        surf.fill(clear, (w - band, y, band, dash))
