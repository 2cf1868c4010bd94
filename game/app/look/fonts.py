"""Bundled open fonts for every language, with caches, because text rendering
is slow and the table redraws every frame.

Three families (sprites/fonts/README.md): Noto Sans for Latin (English,
Catalan), Noto Sans CJK KR for Korean, Noto Sans Gurmukhi for Punjabi, shaped
by HarfBuzz (`set_script("Guru")`) so vowel signs and conjuncts come out right.
The current language's family is the *primary* one; a string with letters the
primary family lacks (a Korean name typed at an English table, "ਪੰਜਾਬੀ" in the
language list) is drawn in runs, each in the first family that has its
letters, set on one baseline.  So ``text`` and ``size`` (not
``font(...).size``) are what UI code should use for words people read.
"""

from __future__ import annotations

import logging
import struct
import unicodedata
from functools import lru_cache
from pathlib import Path

import pygame

from game import i18n
from game.app.look.assets import AssetError, find_asset
from game.app.look.integrity import check_font
from game.lru import LRU, memoize, screenfuls, surface_bytes

__all__ = [
    "FAMILIES",
    "PRIMARY",
    "clear_caches",
    "covers",
    "family_for",
    "font",
    "font_path",
    "missing",
    "runs",
    "size",
    "text",
]

log = logging.getLogger(__name__)

#: family -> (regular file, bold file, HarfBuzz script or None)
FAMILIES: dict[str, tuple[str, str, str | None]] = {
    "latin": ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", None),
    "korean": ("NotoSansCJKkr-Regular-subset.otf", "NotoSansCJKkr-Bold-subset.otf", None),
    "gurmukhi": ("NotoSansGurmukhi-Regular.ttf", "NotoSansGurmukhi-Bold.ttf", "Guru"),
}
#: the family each language's text is set in
PRIMARY = {"en": "latin", "ca": "latin", "ko": "korean", "pa": "gurmukhi"}
#: Gurmukhi letters sit small in their em square: drawn this much larger, they
#: read as the same size as the Latin letters and digits beside them.
SCALE = {"gurmukhi": 1.15}

# Caps (see game/lru.py): a screen uses a few dozen sizes; rendered lines are
# kept up to 8 MiB (or one window's worth of pixels, where that is more) in
# all: the busiest screen draws about 2 MiB of them at 1080p, but every move
# makes a new status line (130 KiB in Korean at 1080p).
MAX_FONTS = 96
MAX_TEXTS = 4096
MAX_TEXT_BYTES = 8 * 2**20
TEXT_SCREENS = 1.0
MAX_SIZES = 8192

_fonts: LRU[tuple[int, bool, str], pygame.font.Font] = LRU("fonts.font", MAX_FONTS)
_warned: set[str] = set()


def family_for(language: str | None = None) -> str:
    """The family the language's text is set in (the current language by default)."""
    return PRIMARY.get(language or i18n.language(), "latin")


def _chain(primary: str) -> tuple[str, ...]:
    return (primary, *(f for f in FAMILIES if f != primary))


def font_path(family: str, bold: bool = False) -> Path:
    """The bundled file of a family (raises AssetError naming the paths tried)."""
    regular, bold_file, _script = FAMILIES[family]
    return find_asset("sprites", "fonts", bold_file if bold else regular)


def font(size: int, bold: bool = False, family: str | None = None) -> pygame.font.Font:
    """A bundled font at ``size`` px (cached): the current language's family unless
    `family` is given (card art asks for "latin" so cards look the same in every
    language); pygame's default font if the file is missing."""
    family = family or family_for()
    key = (size, bold, family)
    found = _fonts.get(key)
    if found is not None:
        return found
    if not pygame.font.get_init():
        pygame.font.init()
    script = FAMILIES[family][2]
    try:
        path = font_path(family, bold)
        check_font(path)  # a damaged font can crash SDL_ttf/HarfBuzz: never hand one over
        found = pygame.font.Font(path, max(1, round(size * SCALE.get(family, 1.0))))
        if script:
            found.set_script(script)  # HarfBuzz shaping: Gurmukhi vowel signs and conjuncts
    except (AssetError, OSError, pygame.error) as exc:
        if family not in _warned:
            log.warning(
                "bundled %s font unavailable, using pygame's default: %s %s", family, exc, getattr(exc, "why", "")
            )
            _warned.add(family)
        found = pygame.font.Font(None, max(1, size))
        found.set_bold(bold)
    return _fonts.put(key, found)


# -- which family has which characters ------------------------------------------------------


@lru_cache(maxsize=None)
def _cmap(family: str) -> frozenset[int]:
    """The code points the family's regular file maps to glyphs (empty if missing)."""
    try:
        path = font_path(family)
        check_font(path)
        return read_cmap(path.read_bytes())
    except (AssetError, OSError, ValueError, struct.error) as exc:
        log.warning("cannot read the character map of the %s font: %s", family, exc)
        return frozenset()


def read_cmap(data: bytes) -> frozenset[int]:
    """Code points in a TrueType/OpenType font's Unicode cmap (formats 4 and 12).

    pygame's `Font.metrics` reports the .notdef box for a missing glyph rather
    than None, so coverage is read from the font file itself."""
    num_tables = struct.unpack_from(">H", data, 4)[0]
    cmap_at = None
    for i in range(num_tables):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            cmap_at = offset
    if cmap_at is None:
        raise ValueError("the font has no cmap table")
    count = struct.unpack_from(">H", data, cmap_at + 2)[0]
    best: tuple[int, int] | None = None  # (format preference, offset)
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap_at + 4 + 8 * i)
        if (platform, encoding) not in ((0, 3), (0, 4), (3, 1), (3, 10), (0, 6)):
            continue
        fmt = struct.unpack_from(">H", data, cmap_at + offset)[0]
        if fmt in (4, 12) and (best is None or fmt > best[0]):
            best = (fmt, cmap_at + offset)
    if best is None:
        raise ValueError("the font has no Unicode cmap of format 4 or 12")
    fmt, at = best
    points: set[int] = set()
    if fmt == 12:
        groups = struct.unpack_from(">I", data, at + 12)[0]
        for g in range(groups):
            start, end, glyph = struct.unpack_from(">III", data, at + 16 + 12 * g)
            points.update(range(start, end + 1) if glyph else range(start + 1, end + 1))
        return frozenset(points)
    segs = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segs}H", data, at + 14)
    starts = struct.unpack_from(f">{segs}H", data, at + 16 + 2 * segs)
    deltas = struct.unpack_from(f">{segs}h", data, at + 16 + 4 * segs)
    range_at = at + 16 + 6 * segs
    ranges = struct.unpack_from(f">{segs}H", data, range_at)
    for s, (start, end, delta, ro) in enumerate(zip(starts, ends, deltas, ranges)):
        for c in range(start, end + 1):
            if c == 0xFFFF:
                continue
            if ro == 0:
                glyph = (c + delta) & 0xFFFF
            else:
                glyph = struct.unpack_from(">H", data, range_at + 2 * s + ro + 2 * (c - start))[0]
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                points.add(c)
    return frozenset(points)


def covers(family: str, ch: str) -> bool:
    """True if the family has a glyph for the character (spaces and controls always count)."""
    return ord(ch) in _cmap(family) or ch in "\n\t\u200b\u200c\u200d"


def missing(s: str, family: str | None = None) -> set[str]:
    """The characters of `s` that no bundled font (or, given `family`, that family) can draw."""
    if family is not None:
        return {ch for ch in s if not covers(family, ch)}
    return {ch for ch in s if not any(covers(f, ch) for f in FAMILIES)}


def runs(s: str, primary: str | None = None) -> list[tuple[str, str]]:
    """`s` split into (family, text) runs: each letter in the first family of the
    chain (primary first) that has it; spaces, digits, punctuation and combining
    marks stay in the run they follow when its family has them."""
    chain = _chain(primary or family_for())
    out: list[list[str]] = []
    for ch in s:
        letter = unicodedata.category(ch)[0] == "L"
        if out and (unicodedata.category(ch)[0] == "M" or (not letter and covers(out[-1][0], ch))):
            out[-1][1] += ch
            continue
        fam = next((f for f in chain if covers(f, ch)), chain[0])
        if out and out[-1][0] == fam:
            out[-1][1] += ch
        else:
            out.append([fam, ch])
    return [(fam, part) for fam, part in out] or [(chain[0], "")]


# -- drawing and measuring ----------------------------------------------------------------


def text(s: str, size: int, colour, bold: bool = False) -> pygame.Surface:
    """``s`` rendered antialiased in ``colour``; cached (LRU, bounded), so never draw on the result."""
    return _text(s, size, tuple(pygame.Color(colour)), bold, family_for())


@memoize("fonts.text", MAX_TEXTS, MAX_TEXT_BYTES, surface_bytes, screenfuls(TEXT_SCREENS))
def _text(s: str, size: int, colour: tuple[int, ...], bold: bool, primary: str) -> pygame.Surface:
    parts = runs(s, primary)
    if len(parts) == 1:
        surf = font(size, bold, parts[0][0]).render(s, True, colour)
    else:
        images = [(font(size, bold, fam), font(size, bold, fam).render(part, True, colour)) for fam, part in parts]
        ascent = max(f.get_ascent() for f, _ in images)
        descent = max(img.get_height() - f.get_ascent() for f, img in images)
        surf = pygame.Surface((max(1, sum(img.get_width() for _, img in images)), ascent + descent), pygame.SRCALPHA)
        x = 0
        for f, img in images:
            surf.blit(img, (x, ascent - f.get_ascent()))
            x += img.get_width()
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    return surf


def size(s: str, px: int, bold: bool = False) -> tuple[int, int]:
    """The (width, height) ``text(s, px, ...)`` will have, without rendering it."""
    return _size(s, px, bold, family_for())


@memoize("fonts.size", MAX_SIZES)
def _size(s: str, px: int, bold: bool, primary: str) -> tuple[int, int]:
    parts = runs(s, primary)
    if len(parts) == 1:
        return font(px, bold, parts[0][0]).size(s)
    fonts = [(font(px, bold, fam), part) for fam, part in parts]
    width = sum(f.size(part)[0] for f, part in fonts)
    ascent = max(f.get_ascent() for f, _ in fonts)
    descent = max(f.size(part)[1] - f.get_ascent() for f, part in fonts)
    return width, ascent + descent


def clear_caches() -> None:
    """Forget fonts and rendered text (e.g. after pygame.quit())."""
    _fonts.clear()
    _text.cache_clear()
    _size.cache_clear()
