"""Card faces, backs, icons, the heart tile and the felt, composed from ``sprites/*.svg``.

Everything is rasterised from SVG at the exact pixel size asked for (never
scaled bitmaps, so 4K stays crisp) and cached by size, because the table
blits dozens of cards every frame: a cache hit is one dict lookup.
Run ``python -m game.app.look.art --sheet out.png`` for a contact sheet.
"""

from __future__ import annotations

import argparse
import os
import random
from typing import Any

import pygame

from game.app.look import fonts, palette
from game.app.look.assets import AssetError, find_asset
from game.app.look.integrity import DamagedAsset, check_font, check_svg
from game.games.avalanche import rules as avalanche
from game.games.grinch import rules as grinch
from game.games.sticheln import rules as sticheln
from game.lru import LRU, screenfuls, surface_bytes

__all__ = ["CARD_RATIO", "GAMES", "Art", "card_size", "main"]

GAMES = ("sticheln", "avalanche", "grinch")
CARD_RATIO = 1.4

# sprite file for each symbol key, per game
_SYMBOL_FILES: dict[str, dict[str, str]] = {
    "sticheln": {c: f"sticheln_{c}.svg" for c in ("red", "yellow", "green", "blue", "purple", "grey")},
    "avalanche": {
        "S": "suit_spade.svg",
        "H": "suit_heart.svg",
        "D": "suit_diamond.svg",
        "C": "suit_club.svg",
        "": "snowflake.svg",  # the Joker's "suit"
        "joker": "snowflake.svg",
        "crown": "crown.svg",
    },
    "grinch": {
        "W": "grinch_wreath.svg",
        "N": "grinch_noise.svg",
        "O": "grinch_ornament.svg",
        "P": "grinch_present.svg",
        "heart": "heart.svg",
    },
}
_COURT = {11: "J", 12: "Q", 13: "K"}
_JOKER = 15

# Avalanche pip layouts: (column 0..2, row 0..1) in the pip area; rows > .5 are drawn upside down.
_L, _M, _R = 0, 1, 2
_PIPS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((_M, 0), (_M, 1)),
    3: ((_M, 0), (_M, 0.5), (_M, 1)),
    4: ((_L, 0), (_R, 0), (_L, 1), (_R, 1)),
    5: ((_L, 0), (_R, 0), (_M, 0.5), (_L, 1), (_R, 1)),
    6: ((_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    7: ((_L, 0), (_R, 0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    8: ((_L, 0), (_R, 0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_M, 0.75), (_L, 1), (_R, 1)),
    9: ((_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_M, 0.5), (_L, 2 / 3), (_R, 2 / 3), (_L, 1), (_R, 1)),
    10: (
        (_L, 0), (_R, 0), (_M, 1 / 6), (_L, 1 / 3), (_R, 1 / 3),
        (_L, 2 / 3), (_R, 2 / 3), (_M, 5 / 6), (_L, 1), (_R, 1),
    ),
}

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
        self._faces: LRU[tuple[str, Any, float], pygame.Surface] = LRU(
            "art.faces", 4096, MAX_FACE_BYTES, surface_bytes, screenfuls(FACE_SCREENS))
        self._backs, self._misc, self._svgs = (
            LRU(f"art.{name}", 1024, MAX_MISC_BYTES, surface_bytes, screenfuls(MISC_SCREENS))
            for name in ("backs", "misc", "svgs"))
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
        size = max(1, round(width))  # layouts may hand us floats; the key keeps what was asked
        self._note_width(size)
        draw = {"sticheln": self._sticheln, "avalanche": self._avalanche, "grinch": self._grinch}
        if game_id not in draw:
            raise ValueError(f"unknown game {game_id!r}; expected one of {GAMES}")
        surf = self._blank_face(size)
        draw[game_id](surf, card)
        # alpha blits onto an alpha surface lose a level or two: restore the template's opaque body
        surf.blit(self._face_mask(size), (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
        return self._faces.put(key, _ready(surf))

    def back(self, game_id: str, width: float) -> pygame.Surface:
        """The card back of a game at ``width`` px; each game has its own."""
        key = (game_id, width)
        found = self._backs.get(key)
        if found is not None:
            return found
        if game_id not in GAMES:
            raise ValueError(f"unknown game {game_id!r}; expected one of {GAMES}")
        size = max(1, round(width))
        self._note_width(size)
        return self._backs.put(key, _ready(self._svg(f"back_{game_id}.svg", card_size(size)).copy()))

    def slot(self, width: int) -> pygame.Surface:
        """A faint dashed outline marking an empty pile place."""
        key = ("slot", width)
        found = self._misc.get(key)
        if found is None:
            found = self._misc.put(key, _ready(self._svg("card_slot.svg", card_size(width)).copy()))
        return found

    def symbol(self, game_id: str, key: str, size: int) -> pygame.Surface:
        """A game's icon, ``size`` px square: Sticheln colour name, French suit letter, Grinch suit letter."""
        ck = ("symbol", game_id, key, size)
        found = self._misc.get(ck)
        if found is None:
            try:
                name = _SYMBOL_FILES[game_id][key]
            except KeyError:
                raise ValueError(f"no symbol {key!r} for game {game_id!r}") from None
            found = self._misc.put(ck, _ready(self._svg(name, (size, size)).copy()))
        return found

    def heart_token(self, value: int, width: int) -> pygame.Surface:
        """The Grinch heart token 4 or 5 alone (the table animates it dropping onto the tile)."""
        if value not in (4, 5):
            raise ValueError(f"heart tokens are 4 and 5, not {value}")
        key = ("token", value, width)
        found = self._misc.get(key)
        if found is None:
            surf = self._svg(f"heart_token_{value}.svg", (width, width)).copy()
            centre_y = 0.46 if value == 4 else 0.43
            num = self._number(str(value), width * 0.26, (255, 255, 255), (127, 16, 16), width * 0.025)
            surf.blit(num, num.get_rect(center=(width / 2, width * centre_y)))
            found = self._misc.put(key, _ready(surf))
        return found

    @staticmethod
    def heart_token_rect(width: int, value: int) -> pygame.Rect:
        """Where token ``value`` lies on a ``width`` px heart tile (the drop animation's target)."""
        size = round(width * (0.72 if value == 4 else 0.86))
        return pygame.Rect(0, 0, size, size).move(round((width - size) / 2), round((width - size) / 2))

    def heart_tile(self, width: int, heart: int) -> pygame.Surface:
        """The heart tracker tile showing ``heart`` (3, 4 or 5): tokens 4 and 5 lie on the tile."""
        if heart not in (3, 4, 5):
            raise ValueError(f"the heart shows 3, 4 or 5, not {heart}")
        key = ("tile", heart, width)
        found = self._misc.get(key)
        if found is not None:
            return found
        surf = self._svg("heart_tile.svg", (width, width)).copy()
        hs = round(width * 0.6)
        heart_img = self._svg("heart.svg", (hs, hs))
        hr = heart_img.get_rect(center=(width / 2, width / 2 + width * 0.03))
        surf.blit(heart_img, hr)
        num = self._number("3", width * 0.2, (255, 255, 255), (127, 16, 16), width * 0.02)
        surf.blit(num, num.get_rect(center=(hr.centerx, hr.top + hs * 0.45)))
        for value in range(4, heart + 1):
            place = self.heart_token_rect(width, value)
            shadow = self._svg(f"heart_token_{value}.svg", place.size).copy()
            shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MULT)
            surf.blit(shadow, place.move(0, max(1, width // 50)))
            surf.blit(self.heart_token(value, place.width), place)
        found = self._misc.put(key, _ready(surf))
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
        self.__init__()

    # ----------------------------------------------------------------- helpers
    def _note_width(self, width: int) -> None:
        """Keep caches bounded: forget the oldest card width once too many are in use."""
        if width in self._widths:
            return
        self._widths.append(width)
        if len(self._widths) > _MAX_SIZES:
            old = self._widths.pop(0)
            for faces, at in ((self._faces, 2), (self._backs, 1)):
                for key in faces.keys():
                    if round(key[at]) == old:
                        faces.pop(key)
            self._svgs.clear()  # rasters and small pictures are cheap to remake on demand
            self._misc.clear()

    def _svg(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """An SVG sprite rasterised at exactly ``size`` (shared: copy before drawing on it)."""
        w, h = max(1, round(size[0])), max(1, round(size[1]))
        key = (name, w, h)
        found = self._svgs.get(key)
        if found is None:
            path = find_asset("sprites", name)
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
                    px[x, y] = (v, v, v)
            del px
            grain.blit(fine, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
            self._grain = grain
        return self._grain

    def _blank_face(self, width: int) -> pygame.Surface:
        return self._svg("card_face.svg", card_size(width)).copy()

    def _face_mask(self, width: int) -> pygame.Surface:
        """Black with the card template's alpha, for BLEND_RGBA_MAX."""
        key = ("mask", width)
        found = self._misc.get(key)
        if found is None:
            found = self._blank_face(width)
            found.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
            self._misc.put(key, found)
        return found

    @staticmethod
    def _number(
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

    def _index(
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

    # ---------------------------------------------------------------- Sticheln
    def _sticheln(self, surf: pygame.Surface, card: Any) -> None:
        w, h = surf.get_size()
        colour = palette.STICHELN_COLOURS[card.colour]
        ink = palette.STICHELN_INK[card.colour]
        label = self._number(str(card.value), w * 0.16, ink, max_w=w * 0.2)
        icon = self._svg(f"sticheln_{card.colour}.svg", (round(w * 0.16),) * 2)
        self._index(surf, label, icon)
        # centre: a soft tinted panel, the big value in the card's colour, the symbol below
        panel = pygame.Rect(0, 0, round(w * 0.5), round(h * 0.66))
        panel.center = (w // 2, h // 2)
        tint = pygame.Surface(panel.size, pygame.SRCALPHA)
        pygame.draw.rect(tint, (*colour, 34), tint.get_rect(), border_radius=round(w * 0.08))
        pygame.draw.rect(tint, (*colour, 110), tint.get_rect(), max(1, round(w * 0.012)), round(w * 0.08))
        surf.blit(tint, panel)
        big = self._number(str(card.value), w * 0.27, colour, ink, w * 0.018, max_w=panel.width * 0.86)
        surf.blit(big, big.get_rect(center=(w / 2, panel.top + panel.height * 0.31)))
        sym = self._svg(f"sticheln_{card.colour}.svg", (round(w * 0.34),) * 2)
        surf.blit(sym, sym.get_rect(center=(w / 2, panel.top + panel.height * 0.71)))

    # --------------------------------------------------------------- Avalanche
    def _avalanche(self, surf: pygame.Surface, card: Any) -> None:
        w, h = surf.get_size()
        if card.rank == _JOKER:
            self._joker(surf)
            return
        colour = palette.SUIT_COLOURS[card.suit]
        pip_name = _SYMBOL_FILES["avalanche"][card.suit]
        rank = {11: "J", 12: "Q", 13: "K", 14: "A"}.get(card.rank, str(card.rank))
        label = self._number(rank, w * 0.16, colour, max_w=w * 0.19)
        self._index(surf, label, self._svg(pip_name, (round(w * 0.14),) * 2))
        if card.rank in _PIPS:
            n = card.rank
            size = round(w * (0.18 if n >= 9 else 0.2))
            pip = self._svg(pip_name, (size, size))
            flipped = pygame.transform.rotate(pip, 180)
            xs = (w * 0.335, w * 0.5, w * 0.665)
            y0, y1 = h * 0.19, h * 0.81
            for col, row in _PIPS[n]:
                img = flipped if row > 0.5 else pip
                surf.blit(img, img.get_rect(center=(xs[col], y0 + (y1 - y0) * row)))
        elif card.rank in _COURT:
            frame = pygame.Rect(0, 0, round(w * 0.52), round(h * 0.7))
            frame.center = (w // 2, h // 2)
            tint = pygame.Surface(frame.size, pygame.SRCALPHA)
            pygame.draw.rect(tint, (*palette.GOLD, 38), tint.get_rect(), border_radius=round(w * 0.05))
            pygame.draw.rect(tint, (*colour, 150), tint.get_rect(), max(1, round(w * 0.01)), round(w * 0.05))
            surf.blit(tint, frame)
            crown = self._svg("crown.svg", (round(w * 0.3),) * 2)
            surf.blit(crown, crown.get_rect(center=(w / 2, frame.top + frame.height * 0.2)))
            letter = self._number(_COURT[card.rank], w * 0.26, colour)
            surf.blit(letter, letter.get_rect(center=(w / 2, frame.top + frame.height * 0.53)))
            pip = self._svg(pip_name, (round(w * 0.16),) * 2)
            surf.blit(pip, pip.get_rect(center=(w / 2, frame.top + frame.height * 0.82)))
        else:  # ace
            pip = self._svg(pip_name, (round(w * 0.5),) * 2)
            surf.blit(pip, pip.get_rect(center=(w / 2, h / 2)))

    def _joker(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        self._index(surf, None, self._svg("snowflake.svg", (round(w * 0.17),) * 2))
        ring = pygame.Surface((round(w * 0.66),) * 2, pygame.SRCALPHA)
        r = ring.get_width() // 2
        pygame.draw.circle(ring, (*palette.JOKER_BLUE, 28), (r, r), r)
        pygame.draw.circle(ring, (*palette.JOKER_BLUE, 120), (r, r), r, max(1, round(w * 0.01)))
        surf.blit(ring, ring.get_rect(center=(w / 2, h * 0.45)))
        flake = self._svg("snowflake.svg", (round(w * 0.56),) * 2)
        surf.blit(flake, flake.get_rect(center=(w / 2, h * 0.45)))
        word = self._number("JOKER", w * 0.075, palette.JOKER_BLUE, max_w=w * 0.5)
        surf.blit(word, word.get_rect(center=(w / 2, h * 0.78)))

    # ------------------------------------------------------------------ Grinch
    def _grinch(self, surf: pygame.Surface, card: Any) -> None:
        w, h = surf.get_size()
        colour = palette.GRINCH_SUIT_COLOURS[card.suit]
        ink = palette.GRINCH_SUIT_INK[card.suit]
        icon_name = _SYMBOL_FILES["grinch"][card.suit]
        label = self._number(str(card.rank), w * 0.16, ink)
        self._index(surf, label, self._svg(icon_name, (round(w * 0.16),) * 2))
        bonus = grinch.BONUSES.get(str(card))  # the rules say which cards carry a badge
        # centre: the suit icon on a tinted disc, the big rank below it
        r = round(w * 0.28)
        cy = h * (0.37 if bonus else 0.4)
        disc = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        pygame.draw.circle(disc, (*colour, 30), (r, r), r)
        pygame.draw.circle(disc, (*colour, 130), (r, r), r, max(1, round(w * 0.012)))
        surf.blit(disc, disc.get_rect(center=(w / 2, cy)))
        icon = self._svg(icon_name, (round(w * 0.4),) * 2)
        surf.blit(icon, icon.get_rect(center=(w / 2, cy)))
        big = self._number(str(card.rank), w * 0.19, colour, ink, w * 0.015)
        surf.blit(big, big.get_rect(midtop=(w / 2, cy + r + w * 0.05)))
        if bonus:
            self._badge(surf, bonus)

    def _badge(self, surf: pygame.Surface, bonus: tuple[int, str, int]) -> None:
        """The bonus badge at the bottom: "+5 | 1×[icon]" — the points, a rule,
        then how many cards of which suit the hand needs.  The two numbers are
        kept apart (a bare "+5 1" read as "+51" on table cards) and no word is
        used, since cards look the same in every language."""
        points, suit, need = bonus
        w, h = surf.get_size()
        small = w < 110
        cap = max(4.0, w * (0.1 if small else 0.072))
        lead_text, need_text = badge_words(points, need)
        lead = self._number(lead_text, cap, palette.INK)
        needs = self._number(need_text, cap * 0.86, palette.INK)
        icon = self._svg(_SYMBOL_FILES["grinch"][suit], (round(cap * 1.8),) * 2)
        gap = max(2, round(cap * 0.55))
        rule_w = max(1, round(cap * 0.14))
        content_w = lead.get_width() + 2 * gap + rule_w + needs.get_width() + gap // 3 + icon.get_width()
        ih = max(lead.get_height(), icon.get_height())
        pad = cap * 0.55
        left, right = w * 0.06, w * 0.74  # keep clear of the bottom-right index
        bw = min(right - left, content_w + 2 * pad)
        badge = pygame.Rect(0, 0, round(bw), round(ih + cap * 0.45))
        cx = w / 2 if bw <= 2 * (right - w / 2) else (left + right) / 2
        badge.midbottom = (round(cx), round(h - w * 0.065))
        bh = badge.height
        pygame.draw.rect(surf, palette.GOLD, badge, border_radius=bh // 2)
        pygame.draw.rect(surf, palette.GOLD_DARK, badge, max(1, round(w * 0.008)), bh // 2)
        inner = pygame.Surface((content_w, ih), pygame.SRCALPHA)
        x = 0
        inner.blit(lead, (x, (ih - lead.get_height()) // 2))
        x += lead.get_width() + gap
        pygame.draw.rect(inner, palette.GOLD_DARK, (x, round(ih * 0.12), rule_w, round(ih * 0.76)))
        x += rule_w + gap
        inner.blit(needs, (x, (ih - needs.get_height()) // 2))
        x += needs.get_width() + gap // 3
        inner.blit(icon, (x, (ih - icon.get_height()) // 2))
        if content_w > bw - 2 * pad:
            scale = (bw - 2 * pad) / content_w
            inner = pygame.transform.smoothscale(inner, (max(1, round(content_w * scale)), max(1, round(ih * scale))))
        surf.blit(inner, inner.get_rect(center=badge.center))


def badge_words(points: int, need: int) -> tuple[str, str]:
    """The bonus badge's two texts: the points ("+5") and the count of the
    suit the hand needs ("1×", the suit's icon follows it)."""
    return f"+{points}", f"{need}×"


# --------------------------------------------------------------------- sheet
def _all_cards() -> dict[str, list[Any]]:
    return {"sticheln": list(sticheln.CARDS), "avalanche": list(avalanche.CARDS), "grinch": list(grinch.CARDS)}


def contact_sheet(art: Art, width: int) -> pygame.Surface:
    """Every card of every game, the backs, symbols and heart tiles, laid out on the felt."""
    gap = max(4, width // 8)
    groups: list[list[pygame.Surface]] = []
    per_row = {"sticheln": 15, "avalanche": 13, "grinch": 12}
    for game_id, cards in _all_cards().items():
        n = per_row[game_id]
        for i in range(0, len(cards), n):
            groups.append([art.face(game_id, c, width) for c in cards[i : i + n]])
    groups.append([art.back(g, width) for g in GAMES] + [art.slot(width)])
    sym = max(16, width // 2)
    groups.append(
        [art.symbol("sticheln", c, sym) for c in _SYMBOL_FILES["sticheln"]]
        + [art.symbol("avalanche", s, sym) for s in ("S", "H", "D", "C", "", "crown")]
        + [art.symbol("grinch", s, sym) for s in ("W", "N", "O", "P", "heart")]
    )
    tile = round(width * 1.2)
    groups.append([art.heart_tile(tile, v) for v in (3, 4, 5)] + [art.heart_token(v, tile // 2) for v in (4, 5)])
    sheet_w = gap + max(sum(s.get_width() + gap for s in row) for row in groups)
    sheet_h = gap + sum(max(s.get_height() for s in row) + gap for row in groups)
    sheet = art.felt((sheet_w, sheet_h)).copy()
    y = gap
    for i, row in enumerate(groups):
        x = gap
        if i == len(groups) - 2:  # symbols: on an ivory strip so the black suits show
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
    pygame.image.save(sheet, args.sheet)
    print(f"wrote {args.sheet} ({sheet.get_width()}x{sheet.get_height()})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


def check_bundled() -> int:
    """Check every bundled font and SVG the table draws with; the number checked.
    A missing SVG raises AssetError, a missing font does not (fonts fall back)."""
    sprites = find_asset("sprites", "card_face.svg").parent
    count = 0
    for path in sorted(sprites.glob("*.svg")):
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
