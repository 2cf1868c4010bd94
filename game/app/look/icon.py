"""The application icon, drawn from the game's own card backs so the dock, taskbar and window agree.

`build/icons.py` saves it as .png/.ico/.icns for the executables and the
window sets `window_icon()`, so there is one drawing and no committed bitmap.
"""

from __future__ import annotations

import io
import sys

import pygame

from game.app.look import palette
from game.app.look.art import GAMES, Art, card_size

__all__ = ["icon", "png_bytes", "window_icon"]

# card backs fanned left to right, and their tilt in degrees
_FAN = tuple(zip(GAMES, (16.0, 0.0, -16.0)))


def icon(size: int, art: Art | None = None) -> pygame.Surface:
    """A ``size`` px square icon: the three games' card backs fanned on a rounded felt tile."""
    size = max(16, int(size))
    art = art or Art()
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = round(size * 0.22)
    tile = pygame.Rect(0, 0, size, size)
    pygame.draw.rect(surf, palette.FELT, tile, border_radius=radius)
    if size >= 32:
        pygame.draw.rect(surf, palette.FELT_DARK, tile, max(1, size // 32), border_radius=radius)
    width = round(size * 0.44)
    _, height = card_size(width)
    pivot = pygame.Vector2(size / 2, size * 0.5 + height * 0.55)  # the fan turns about a point below the cards
    for game_id, angle in _FAN:
        back = art.back(game_id, width)
        turned = pygame.transform.rotozoom(back, angle, 1.0)
        centre = pivot + pygame.Vector2(0, -height * 0.58).rotate(-angle)
        surf.blit(turned, turned.get_rect(center=(round(centre.x), round(centre.y))))
    return surf


def window_icon(art: Art | None = None) -> pygame.Surface:
    """The icon for `pygame.display.set_icon` (else pygame shows its own): big on macOS, where it is the Dock's."""
    return icon(256 if sys.platform == "darwin" else 64, art)


def png_bytes(sizes: set[int] | tuple[int, ...]) -> dict[int, bytes]:
    """The icon drawn at each size (each from the SVGs, so small sizes stay crisp), as PNG files' bytes:
    for the executables' .ico/.icns (build/icons.py) and the Linux menu entry (game/tools/desktop_entry.py)."""
    art = Art()
    pngs = {}
    for size in sorted(set(sizes)):
        buffer = io.BytesIO()
        pygame.image.save(icon(size, art), buffer, "icon.png")
        pngs[size] = buffer.getvalue()
    return pngs
