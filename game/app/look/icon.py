"""The application icon, drawn from the game's own card backs so the dock, taskbar and window agree.

`build/icons.py` saves it as .png/.ico/.icns for the executables and the
window sets `window_icon()`, so there is one drawing and no committed bitmap.
"""

from __future__ import annotations

import io
import sys

import pygame

from game.app.look import palette
from game.app.look.art import Art, card_size
from game.rules import registry

__all__ = ["icon", "png_bytes", "window_icon"]

_TILT = 16.0  # degrees the outer backs of the fan lean


def _fan() -> list[tuple[str, float]]:
    """The box's games' card backs fanned left to right, each with its tilt in degrees
    (a toy game registered by a test is not on the app's icon)."""
    games = registry.BUILT_IN
    if len(games) == 1:
        return [(games[0], 0.0)]
    return [(game_id, _TILT - 2 * _TILT * i / (len(games) - 1)) for i, game_id in enumerate(games)]


def icon(size: int, art: Art | None = None) -> pygame.Surface:
    """A ``size`` px square icon: the box's games' card backs fanned on a rounded felt tile."""
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
    for game_id, angle in _fan():
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
