"""Avalanche's card art (its `art` part, see `game.app.look.art`): French
pips, crowned courts, the snowflake Joker; pictures in sprites/avalanche/."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.app.look import palette
from game.games.avalanche import rules

if TYPE_CHECKING:
    from game.app.look.art import Art

BACK = "avalanche/back.svg"
SYMBOLS: dict[str, str] = {
    "S": "avalanche/spade.svg",
    "H": "avalanche/heart.svg",
    "D": "avalanche/diamond.svg",
    "C": "avalanche/club.svg",
    "": "avalanche/snowflake.svg",  # the Joker's "suit"
    "joker": "avalanche/snowflake.svg",
    "crown": "avalanche/crown.svg",
}
SHEET_SYMBOLS = ("S", "H", "D", "C", "", "crown")
PER_ROW = 13

_COURT = {11: "J", 12: "Q", 13: "K"}
_JOKER = 15

# pip layouts: (column 0..2, row 0..1) in the pip area; rows > .5 are drawn upside down.
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
        (_L, 0),
        (_R, 0),
        (_M, 1 / 6),
        (_L, 1 / 3),
        (_R, 1 / 3),
        (_L, 2 / 3),
        (_R, 2 / 3),
        (_M, 5 / 6),
        (_L, 1),
        (_R, 1),
    ),
}


def cards() -> list[Any]:
    """Every card, for the contact sheet."""
    return list(rules.CARDS)


def draw_face(art: Art, surf: pygame.Surface, card: Any) -> None:
    """Pips for 2-10, a crowned letter for the courts, one big pip for the ace, the snowflake for the Joker."""
    w, h = surf.get_size()
    if card.rank == _JOKER:
        _joker(art, surf)
        return
    colour = palette.SUIT_COLOURS[card.suit]
    pip_name = SYMBOLS[card.suit]
    rank = {11: "J", 12: "Q", 13: "K", 14: "A"}.get(card.rank, str(card.rank))
    label = art.number(rank, w * 0.16, colour, max_w=w * 0.19)
    art.corner_index(surf, label, art.svg(pip_name, (round(w * 0.14),) * 2))
    if card.rank in _PIPS:
        n = card.rank
        size = round(w * (0.18 if n >= 9 else 0.2))
        pip = art.svg(pip_name, (size, size))
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
        crown = art.svg(SYMBOLS["crown"], (round(w * 0.3),) * 2)
        surf.blit(crown, crown.get_rect(center=(w / 2, frame.top + frame.height * 0.2)))
        letter = art.number(_COURT[card.rank], w * 0.26, colour)
        surf.blit(letter, letter.get_rect(center=(w / 2, frame.top + frame.height * 0.53)))
        pip = art.svg(pip_name, (round(w * 0.16),) * 2)
        surf.blit(pip, pip.get_rect(center=(w / 2, frame.top + frame.height * 0.82)))
    else:  # ace
        pip = art.svg(pip_name, (round(w * 0.5),) * 2)
        surf.blit(pip, pip.get_rect(center=(w / 2, h / 2)))


def _joker(art: Art, surf: pygame.Surface) -> None:
    w, h = surf.get_size()
    art.corner_index(surf, None, art.svg(SYMBOLS["joker"], (round(w * 0.17),) * 2))
    ring = pygame.Surface((round(w * 0.66),) * 2, pygame.SRCALPHA)
    r = ring.get_width() // 2
    pygame.draw.circle(ring, (*palette.JOKER_BLUE, 28), (r, r), r)
    pygame.draw.circle(ring, (*palette.JOKER_BLUE, 120), (r, r), r, max(1, round(w * 0.01)))
    surf.blit(ring, ring.get_rect(center=(w / 2, h * 0.45)))
    flake = art.svg(SYMBOLS["joker"], (round(w * 0.56),) * 2)
    surf.blit(flake, flake.get_rect(center=(w / 2, h * 0.45)))
    word = art.number("JOKER", w * 0.075, palette.JOKER_BLUE, max_w=w * 0.5)
    surf.blit(word, word.get_rect(center=(w / 2, h * 0.78)))
