"""Bundled Noto Sans fonts with caches, because text rendering is slow and the table redraws every frame."""

from __future__ import annotations

import logging
from functools import lru_cache

import pygame

from game.app.assets import AssetError, find_asset

__all__ = ["clear_caches", "font", "text"]

log = logging.getLogger(__name__)

_FILES = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}
_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_warned = False


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled Noto Sans at ``size`` px (cached); pygame's default font if the file is missing."""
    key = (size, bold)
    found = _fonts.get(key)
    if found is not None:
        return found
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        found = pygame.font.Font(find_asset("sprites", "fonts", _FILES[bold]), max(1, size))
    except (AssetError, OSError) as exc:
        global _warned
        if not _warned:
            log.warning("bundled font unavailable, using pygame's default: %s", exc)
            _warned = True
        found = pygame.font.Font(None, max(1, size))
        found.set_bold(bold)
    _fonts[key] = found
    return found


def text(s: str, size: int, colour, bold: bool = False) -> pygame.Surface:
    """``s`` rendered antialiased in ``colour``; cached (LRU), so never draw on the result."""
    return _text(s, size, tuple(pygame.Color(colour)), bold)


@lru_cache(maxsize=2048)
def _text(s: str, size: int, colour: tuple[int, ...], bold: bool) -> pygame.Surface:
    surf = font(size, bold).render(s, True, colour)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    return surf


def clear_caches() -> None:
    """Forget fonts and rendered text (e.g. after pygame.quit())."""
    _fonts.clear()
    _text.cache_clear()
