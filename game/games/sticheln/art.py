"""Sticheln's card art (its `art` part, see `game.app.look.art`): a tinted
panel with the big value and the colour's symbol; pictures in sprites/sticheln/."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.app.look import palette
from game.games.sticheln import rules

if TYPE_CHECKING:
    from game.app.look.art import Art

COLOURS = ("red", "yellow", "green", "blue", "purple", "grey")
BACK = "sticheln/back.svg"
SYMBOLS: dict[str, str] = {c: f"sticheln/{c}.svg" for c in COLOURS}
SHEET_SYMBOLS = COLOURS
PER_ROW = 15


def cards() -> list[Any]:
    """Every card, for the contact sheet."""
    return list(rules.CARDS)


def draw_face(art: Art, surf: pygame.Surface, card: Any) -> None:
    """The corner indices, then a soft tinted panel with the big value in the card's colour, the symbol below."""
    w, h = surf.get_size()
    colour = palette.STICHELN_COLOURS[card.colour]
    ink = palette.STICHELN_INK[card.colour]
    label = art.number(str(card.value), w * 0.16, ink, max_w=w * 0.2)
    icon = art.svg(SYMBOLS[card.colour], (round(w * 0.16),) * 2)
    art.corner_index(surf, label, icon)
    panel = pygame.Rect(0, 0, round(w * 0.5), round(h * 0.66))
    panel.center = (w // 2, h // 2)
    tint = pygame.Surface(panel.size, pygame.SRCALPHA)
    pygame.draw.rect(tint, (*colour, 34), tint.get_rect(), border_radius=round(w * 0.08))
    pygame.draw.rect(tint, (*colour, 110), tint.get_rect(), max(1, round(w * 0.012)), round(w * 0.08))
    surf.blit(tint, panel)
    big = art.number(str(card.value), w * 0.27, colour, ink, w * 0.018, max_w=panel.width * 0.86)
    surf.blit(big, big.get_rect(center=(w / 2, panel.top + panel.height * 0.31)))
    sym = art.svg(SYMBOLS[card.colour], (round(w * 0.34),) * 2)
    surf.blit(sym, sym.get_rect(center=(w / 2, panel.top + panel.height * 0.71)))
