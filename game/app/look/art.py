"""Card faces, backs, icons and the felt, composed from ``sprites/**/*.svg``.

Everything is rasterised from SVG at the exact pixel size asked for (never
scaled bitmaps, so 4K stays crisp) and cached by size, because the table
blits dozens of cards every frame: a cache hit is one dict lookup.
Run ``python -m game.app.look.art --sheet out.png`` for a contact sheet.

This module is the shared machinery (rasterising, the caches and their caps,
the card template, corner indices, the felt).  What a game's cards look like
lives in its ``art`` part, ``game/games/<id>/art.py`` (its pictures in
``sprites/<id>/``), asked for through ``registry.get(game_id).module("art")``.
A game's art part offers:

- ``BACK: str``: its card back's sprite, e.g. ``"sticheln/back.svg"``;
- ``SYMBOLS: dict[str, str]``: sprite of each symbol key (`Art.symbol`);
- ``SHEET_SYMBOLS: tuple[str, ...]``: the symbols the contact sheet shows;
- ``PER_ROW: int``: cards per row on the contact sheet;
- ``draw_face(art: Art, surf: Surface, card) -> None``: draw a card on the
  blank face template ``surf`` (using `Art.svg`, `Art.number`, `Art.corner_index`);
- ``cards() -> list``: every card of the game, for the contact sheet;
- optionally ``sheet_extras(art, width) -> list[Surface]``: a row of the
  game's other pictures for the sheet;
- optionally other pictures its own table draws (the Grinch's heart tile),
  which that table takes from its art part directly, cached with `Art.cached`.

A registered game without an art part still draws: its card's text on the
plain face, and a plain back.
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

import pygame

from game.app.look import fonts, palette
from game.app.look.assets import AssetError, find_asset
from game.app.look.integrity import DamagedAsset, check_font, check_svg
from game.lru import LRU, screenfuls, surface_bytes
from game.rules import registry

__all__ = ["CARD_RATIO", "Art", "art_part", "badge_words", "card_size", "contact_sheet", "main"]

CARD_RATIO = 1.4
_PLAIN_PER_ROW = 13  # the contact sheet's row for a game without art of its own

_MAX_SIZES = 16  # distinct card widths kept (well above what one layout uses); older ones go on resize
# Caps of the picture caches (game/lru.py), in bytes or windows' worth of
# pixels where that is more (4K pictures are four times 1080p's): one game of
# each kind at 1080p draws 25 MiB of distinct faces, the game on the table far
# less; beyond the caps (kept low so memory levels off, issue 23) the least
# recently drawn go.
MAX_FACE_BYTES = 16 * 2**20
FACE_SCREENS = 2.0
MAX_MISC_BYTES = 8 * 2**20
MISC_SCREENS = 1.0
_CAP = 0.714  # Noto Sans cap height / em


def card_size(width: int) -> tuple[int, int]:
    """Card (w, h) for a width: every card in the app has this shape."""
    return width, round(width * CARD_RATIO)


def _small_cache(name: str) -> LRU[Any, pygame.Surface]:
    """One of the caches of small pictures (backs, icons, rasters), under the small pictures' cap."""
    return LRU(f"art.{name}", 1024, MAX_MISC_BYTES, surface_bytes, screenfuls(MISC_SCREENS))


def _has_display() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def _ready(surf: pygame.Surface, alpha: bool = True) -> pygame.Surface:
    """Convert to the display format (fast blits) when a display exists."""
    if _has_display():
        return surf.convert_alpha() if alpha else surf.convert()
    return surf


def _tight(surf: pygame.Surface) -> pygame.Surface:
    """Crop to the drawn pixels, so text can be placed by its ink, not its line box."""
    box = surf.get_bounding_rect()
    if box.width == 0 or box.height == 0:
        return surf
    return surf.subsurface(box).copy()


class Art:
    """All the table's pictures, each made once per size and then reused."""

    CARD_RATIO = CARD_RATIO

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self._faces: LRU[tuple[str, Any, float], pygame.Surface] = LRU(
            "art.faces", 4096, MAX_FACE_BYTES, surface_bytes, screenfuls(FACE_SCREENS)
        )
        self._backs: LRU[tuple[str, float], pygame.Surface] = _small_cache("backs")
        self._misc: LRU[tuple[Any, ...], pygame.Surface] = _small_cache("misc")
        self._svgs: LRU[tuple[str, int, int], pygame.Surface] = _small_cache("svgs")
        self._widths: list[int] = []  # card widths in use, oldest first
        self._felt: tuple[tuple[int, int], pygame.Surface] | None = None
        self._grain: pygame.Surface | None = None

    # ------------------------------------------------------------------ public
    @staticmethod
    def card_size(width: int) -> tuple[int, int]:
        """Card (w, h) for a width: height = round(width * 1.4)."""
        return card_size(width)

    def face(self, game_id: str, card: Any, width: float) -> pygame.Surface:
        """The face of ``card`` (the game's Card object) at ``width`` px; cached."""
        key = (game_id, card, width)
        found = self._faces.get(key)
        if found is not None:
            return found
        part = art_part(game_id)  # a ValueError naming the known games for any other id
        size = max(1, round(width))  # layouts may hand us floats; the key keeps what was asked
        self._note_width(size)
        surf = self._blank_face(size)
        if part is None:
            self._plain_face(surf, card)
        else:
            part.draw_face(self, surf, card)
        # alpha blits onto an alpha surface lose a level or two: restore the template's opaque body
        surf.blit(self._face_mask(size), (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
        return self._faces.put(key, _ready(surf))

    def warm(self, game_id: str, cards: Iterable[Any], width: float) -> None:
        """Render every face of ``cards`` and the back at ``width`` before a deal,
        so that no frame mid-game stalls on drawing a card for the first time."""
        for card in dict.fromkeys(cards):
            self.face(game_id, card, width)
        self.back(game_id, width)

    def back(self, game_id: str, width: float) -> pygame.Surface:
        """The card back of a game at ``width`` px; each game has its own."""
        key = (game_id, width)
        found = self._backs.get(key)
        if found is not None:
            return found
        part = art_part(game_id)
        size = max(1, round(width))
        self._note_width(size)
        if part is None:
            return self._backs.put(key, _ready(self._plain_back(size)))
        return self._backs.put(key, _ready(self.svg(part.BACK, card_size(size)).copy()))

    def slot(self, width: int) -> pygame.Surface:
        """A faint dashed outline marking an empty pile place."""
        key = ("slot", width)
        found = self._misc.get(key)
        if found is None:
            found = self._misc.put(key, _ready(self.svg("card_slot.svg", card_size(width)).copy()))
        return found

    def symbol(self, game_id: str, key: str, size: int) -> pygame.Surface:
        """A game's icon, ``size`` px square, by the game's symbol key (a Sticheln colour, a suit letter…)."""
        ck = ("symbol", game_id, key, size)
        found = self._misc.get(ck)
        if found is None:
            part = art_part(game_id)
            name = None if part is None else part.SYMBOLS.get(key)
            if name is None:
                raise ValueError(f"no symbol {key!r} for game {game_id!r}")
            found = self._misc.put(ck, _ready(self.svg(name, (size, size)).copy()))
        return found

    def cached(self, key: tuple[Any, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """A game's own small picture (a heart tile, say) by ``key``, made by ``make()`` on a miss;
        kept with the other small pictures, under their cap."""
        found = self._misc.get(key)
        if found is None:
            found = self._misc.put(key, _ready(make()))
        return found

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        """The opaque table background: warm green felt, fine grain, soft vignette (latest size only)."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        if self._felt is not None and self._felt[0] == size:
            return self._felt[1]
        self._felt = None  # free the old one first: it is big
        w, h = size
        gw, gh = 48, max(2, round(48 * h / w))
        small = pygame.Surface((gw, gh))
        centre = (52, 112, 78)
        edge = palette.VIGNETTE
        for y in range(gh):
            for x in range(gw):
                dx = (x + 0.5) / gw - 0.5
                dy = ((y + 0.5) / gh - 0.45) * 1.1
                t = min(1.0, (dx * dx + dy * dy) ** 0.5 / 0.72)
                t = t * t * (3 - 2 * t)  # smoothstep: a soft, wide fall-off
                mid = palette.FELT
                if t < 0.5:
                    a, b, k = centre, mid, t / 0.5
                else:
                    a, b, k = mid, edge, (t - 0.5) / 0.5
                small.set_at((x, y), [round(a[i] + (b[i] - a[i]) * k) for i in range(3)])
        surf = pygame.transform.smoothscale(small, size)
        grain = self._felt_grain()
        gw2, gh2 = grain.get_size()
        for y in range(0, h, gh2):
            for x in range(0, w, gw2):
                surf.blit(grain, (x, y), special_flags=pygame.BLEND_RGB_MULT)
        surf = _ready(surf, alpha=False)
        self._felt = (size, surf)
        return surf

    def clear(self) -> None:
        """Drop every cached picture (e.g. after the display mode changed)."""
        self._reset()

    # ----------------------------------------------------------------- helpers
    def _note_width(self, width: int) -> None:
        """Keep caches bounded: forget the oldest card width once too many are in use."""
        if width in self._widths:
            return
        self._widths.append(width)
        if len(self._widths) > _MAX_SIZES:
            old = self._widths.pop(0)
            for face in self._faces.keys():
                if round(face[2]) == old:
                    self._faces.pop(face)
            for back in self._backs.keys():
                if round(back[1]) == old:
                    self._backs.pop(back)
            self._svgs.clear()  # rasters and small pictures are cheap to remake on demand
            self._misc.clear()

    def svg(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """An SVG sprite rasterised at exactly ``size`` (shared: copy before drawing on it)."""
        w, h = max(1, round(size[0])), max(1, round(size[1]))
        key = (name, w, h)
        found = self._svgs.get(key)
        if found is None:
            path = find_asset("sprites", *name.split("/"))  # a game's own pictures are in sprites/<id>/
            check_svg(path)  # a truncated drawing would otherwise come out half drawn, without a word
            try:
                surf = pygame.image.load_sized_svg(str(path), (w, h))
            except pygame.error as exc:
                raise DamagedAsset(name, str(exc)) from None
            sw, sh = surf.get_size()
            if (sw, sh) != (w, h):
                if w <= sw <= w + 1 and h <= sh <= h + 1:  # SDL rounds up: the extra row is empty
                    surf = surf.subsurface((0, 0, w, h)).copy()
                else:  # another aspect ratio than the drawing's
                    surf = pygame.transform.smoothscale(surf, (w, h))
            found = self._svgs.put(key, surf)
        return found

    def _felt_grain(self) -> pygame.Surface:
        """A tileable grain: fine noise times soft mottling, values near white for BLEND_RGB_MULT."""
        if self._grain is None:
            self._grain = _felt_grain()
        return self._grain

    def _blank_face(self, width: int) -> pygame.Surface:
        return self.svg("card_face.svg", card_size(width)).copy()

    def _face_mask(self, width: int) -> pygame.Surface:
        """Black with the card template's alpha, for BLEND_RGBA_MAX."""
        key = ("mask", width)
        found = self._misc.get(key)
        if found is None:
            found = self._blank_face(width)
            found.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
            self._misc.put(key, found)
        return found

    def _plain_face(self, surf: pygame.Surface, card: Any) -> None:
        """A game without art of its own: its card's text, centred on the plain face."""
        w, h = surf.get_size()
        text = self.number(str(card), w * 0.16, palette.INK, max_w=w * 0.8)
        surf.blit(text, text.get_rect(center=(w / 2, h / 2)))

    def _plain_back(self, width: int) -> pygame.Surface:
        """A game without art of its own: the plain face with a felt-green inset."""
        surf = self._blank_face(width)
        w, h = surf.get_size()
        inset = pygame.Rect(0, 0, round(w * 0.84), round(h * 0.88))
        inset.center = (w // 2, h // 2)
        pygame.draw.rect(surf, palette.FELT_DARK, inset, border_radius=round(w * 0.06))
        return surf

    @staticmethod
    def number(
        s: str,
        cap: float,
        colour: tuple[int, int, int],
        outline: tuple[int, int, int] | None = None,
        outline_px: float = 0,
        max_w: float | None = None,
    ) -> pygame.Surface:
        """Bold text whose capital height is ``cap`` px, tightly cropped, optionally outlined."""
        size = max(6, round(cap / _CAP))
        f = fonts.font(size, True, "latin")  # cards look the same in every language
        body = _tight(f.render(s, True, colour))
        px = round(outline_px)
        if outline is not None and px >= 1:
            f.outline = px
            try:
                ring = f.render(s, True, outline)
            finally:
                f.outline = 0
            inner = f.render(s, True, colour)
            ring.blit(inner, (px, px))
            body = _tight(ring)
        if max_w is not None and body.get_width() > max_w:  # e.g. "10" in a narrow index
            body = pygame.transform.smoothscale(body, (max(1, round(max_w)), body.get_height()))
        return body

    def corner_index(
        self,
        surf: pygame.Surface,
        label: pygame.Surface | None,
        icon: pygame.Surface,
    ) -> None:
        """Draw the corner index (label over icon) top-left and, rotated, bottom-right."""
        w, h = surf.get_size()
        cx = w * 0.135
        top = w * 0.075
        block = pygame.Surface(
            (
                max(icon.get_width(), label.get_width() if label else 0),
                (label.get_height() + round(w * 0.035) if label else 0) + icon.get_height(),
            ),
            pygame.SRCALPHA,
        )
        bw = block.get_width()
        y = 0
        if label is not None:
            block.blit(label, ((bw - label.get_width()) // 2, 0))
            y = label.get_height() + round(w * 0.035)
        block.blit(icon, ((bw - icon.get_width()) // 2, y))
        rect = block.get_rect(midtop=(round(cx), round(top)))
        surf.blit(block, rect)
        flipped = pygame.transform.rotate(block, 180)
        surf.blit(flipped, flipped.get_rect(midbottom=(round(w - cx), round(h - top))))


def badge_words(points: int, need: int) -> tuple[str, str]:
    """The bonus badge's two texts: the points ("+5") and the count of the
    suit the hand needs ("1×", the suit's icon follows it)."""
    return f"+{points}", f"{need}×"


# ------------------------------------------------------------------- parts
def art_part(game_id: str) -> ModuleType | None:
    """The game's art part, or None for a registered game without one (it draws plain cards);
    a ValueError for an unknown game."""
    spec = registry.get(game_id)
    return spec.module("art") if spec.has("art") else None


# --------------------------------------------------------------------- sheet
def contact_sheet(art: Art, width: int) -> pygame.Surface:
    """Every card of every game, the backs, symbols and each game's other pictures, laid out on the felt."""
    gap = max(4, width // 8)
    groups: list[list[pygame.Surface]] = []
    parts = [(spec, art_part(spec.id)) for spec in registry.specs()]
    for spec, part in parts:
        if part is None:
            cards, n = list(getattr(spec.module("rules"), "CARDS", ())), _PLAIN_PER_ROW
        else:
            cards, n = part.cards(), part.PER_ROW
        for i in range(0, len(cards), n):
            groups.append([art.face(spec.id, c, width) for c in cards[i : i + n]])
    groups.append([art.back(spec.id, width) for spec, _ in parts] + [art.slot(width)])
    sym = max(16, width // 2)
    symbols = [art.symbol(spec.id, k, sym) for spec, part in parts if part is not None for k in part.SHEET_SYMBOLS]
    symbol_row = len(groups)
    if symbols:
        groups.append(symbols)
    for _, part in parts:
        extras = getattr(part, "sheet_extras", None)
        if extras is not None and (row := extras(art, width)):
            groups.append(row)
    sheet_w = gap + max(sum(s.get_width() + gap for s in row) for row in groups)
    sheet_h = gap + sum(max(s.get_height() for s in row) + gap for row in groups)
    sheet = art.felt((sheet_w, sheet_h)).copy()
    y = gap
    for i, row in enumerate(groups):
        x = gap
        if i == symbol_row and symbols:  # symbols: on an ivory strip so the black suits show
            strip = pygame.Rect(gap // 2, y - gap // 2, sum(s.get_width() + gap for s in row), sym + gap)
            pygame.draw.rect(sheet, palette.IVORY, strip, border_radius=gap)
        for s in row:
            sheet.blit(s, (x, y))
            x += s.get_width() + gap
        y += max(s.get_height() for s in row) + gap
    return sheet


def main(argv: list[str] | None = None) -> int:
    """``python -m game.app.look.art --sheet out.png [--width N]``: render a contact sheet."""
    parser = argparse.ArgumentParser(prog="python -m game.app.look.art", description=main.__doc__)
    parser.add_argument("--sheet", required=True, help="PNG file to write")
    parser.add_argument("--width", type=int, default=100, help="card width in pixels")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    sheet = contact_sheet(Art(), args.width)
    import io
    import sys

    from game.persist.atomic import write_bytes

    png = io.BytesIO()
    pygame.image.save(sheet, png, "sheet.png")
    try:
        write_bytes(args.sheet, png.getvalue())  # atomically, never through a link planted there
    except OSError as exc:
        print(f"cannot write {args.sheet}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"wrote {args.sheet} ({sheet.get_width()}x{sheet.get_height()})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


def check_bundled() -> int:
    """Check every bundled font and SVG the table draws with; the number checked.
    A missing SVG raises AssetError, a missing font does not (fonts fall back)."""
    sprites = find_asset("sprites", "card_face.svg").parent
    count = 0
    for path in sorted(sprites.rglob("*.svg")):  # the shared ones and each game's sprites/<id>/
        check_svg(path)
        count += 1
    for regular, bold, _script in fonts.FAMILIES.values():
        for name in (regular, bold):
            try:
                path = find_asset("sprites", "fonts", name)
            except AssetError:
                continue
            check_font(path)
            count += 1
    return count


_GRAIN: list[pygame.Surface] = []  # made once per process: it is the same every time (a fixed seed)


def _felt_grain() -> pygame.Surface:
    """The felt's tileable grain (fine noise times soft mottling, values near white
    for BLEND_RGB_MULT); 65,536 random draws, so made once and shared by every Art."""
    if _GRAIN:
        return _GRAIN[0]
    rng = random.Random(20241224)
    n = 256
    blot = pygame.Surface((16, 16))
    for y in range(16):
        for x in range(16):
            v = rng.randint(238, 255)
            blot.set_at((x, y), (v, v, v))
    # wrap the mottling so tiles meet without a seam
    big = pygame.Surface((17, 17))
    big.blit(blot, (0, 0))
    big.blit(blot, (16, 0), pygame.Rect(0, 0, 1, 16))
    big.blit(blot, (0, 16), pygame.Rect(0, 0, 16, 1))
    big.set_at((16, 16), blot.get_at((0, 0)))
    grain = pygame.transform.smoothscale(big, (n + n // 16, n + n // 16)).subsurface((0, 0, n, n)).copy()
    fine = pygame.Surface((n, n))
    px = pygame.PixelArray(fine)
    for y in range(n):
        for x in range(n):
            v = 255 - rng.randint(0, 14)
            px[x, y] = (v, v, v)  # type: ignore[index]  # pygame's stubs lack 2-D item assignment
    del px
    grain.blit(fine, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    _GRAIN.append(grain)
    return grain
