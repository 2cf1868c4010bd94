"""Grinch's card art (its `art` part, see `game.app.look.art`): the suit on a
tinted disc, the bonus badge, and the heart tracker tile with its tokens;
pictures in sprites/grinch/."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.app.look import palette
from game.games.grinch import rules

if TYPE_CHECKING:
    from game.app.look.art import Art

BACK = "grinch/back.svg"
SYMBOLS: dict[str, str] = {
    "W": "grinch/wreath.svg",
    "N": "grinch/noise.svg",
    "O": "grinch/ornament.svg",
    "P": "grinch/present.svg",
    "heart": "grinch/heart.svg",
}
SHEET_SYMBOLS = ("W", "N", "O", "P", "heart")
PER_ROW = 12

_TOKEN_INK = ((255, 255, 255), (127, 16, 16))  # a token's number: white, outlined dark red


def cards() -> list[Any]:
    """Every card, for the contact sheet."""
    return list(rules.CARDS)


def draw_face(art: Art, surf: pygame.Surface, card: Any) -> None:
    """The suit icon on a tinted disc, the big rank below it, and the bonus badge if the card has one."""
    w, h = surf.get_size()
    colour = palette.GRINCH_SUIT_COLOURS[card.suit]
    ink = palette.GRINCH_SUIT_INK[card.suit]
    icon_name = SYMBOLS[card.suit]
    label = art.number(str(card.rank), w * 0.16, ink)
    art.corner_index(surf, label, art.svg(icon_name, (round(w * 0.16),) * 2))
    bonus = rules.BONUSES.get(str(card))  # the rules say which cards carry a badge
    r = round(w * 0.28)
    cy = h * (0.37 if bonus else 0.4)
    disc = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    pygame.draw.circle(disc, (*colour, 30), (r, r), r)
    pygame.draw.circle(disc, (*colour, 130), (r, r), r, max(1, round(w * 0.012)))
    surf.blit(disc, disc.get_rect(center=(w / 2, cy)))
    icon = art.svg(icon_name, (round(w * 0.4),) * 2)
    surf.blit(icon, icon.get_rect(center=(w / 2, cy)))
    big = art.number(str(card.rank), w * 0.19, colour, ink, w * 0.015)
    surf.blit(big, big.get_rect(midtop=(w / 2, cy + r + w * 0.05)))
    if bonus:
        _badge(art, surf, bonus)


def _badge(art: Art, surf: pygame.Surface, bonus: tuple[int, str, int]) -> None:
    """The bonus badge at the bottom: "+5 | 1×[icon]" — the points, a rule,
    then how many cards of which suit the hand needs.  The two numbers are
    kept apart (a bare "+5 1" read as "+51" on table cards) and no word is
    used, since cards look the same in every language."""
    from game.app.look.art import badge_words

    points, suit, need = bonus
    w, h = surf.get_size()
    small = w < 110
    cap = max(4.0, w * (0.1 if small else 0.072))
    lead_text, need_text = badge_words(points, need)
    lead = art.number(lead_text, cap, palette.INK)
    needs = art.number(need_text, cap * 0.86, palette.INK)
    icon = art.svg(SYMBOLS[suit], (round(cap * 1.8),) * 2)
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


# ------------------------------------------------------------ the heart tile
def heart_token(art: Art, value: int, width: int) -> pygame.Surface:
    """The heart token 4 or 5 alone (the table animates it dropping onto the tile); cached."""
    if value not in (4, 5):
        raise ValueError(f"heart tokens are 4 and 5, not {value}")

    def make() -> pygame.Surface:
        surf = art.svg(f"grinch/heart_token_{value}.svg", (width, width)).copy()
        centre_y = 0.46 if value == 4 else 0.43
        num = art.number(str(value), width * 0.26, *_TOKEN_INK, width * 0.025)
        surf.blit(num, num.get_rect(center=(width / 2, width * centre_y)))
        return surf

    return art.cached(("token", value, width), make)


def heart_token_rect(width: int, value: int) -> pygame.Rect:
    """Where token ``value`` lies on a ``width`` px heart tile (the drop animation's target)."""
    size = round(width * (0.72 if value == 4 else 0.86))
    return pygame.Rect(0, 0, size, size).move(round((width - size) / 2), round((width - size) / 2))


def heart_tile(art: Art, width: int, heart: int) -> pygame.Surface:
    """The heart tracker tile showing ``heart`` (3, 4 or 5): tokens 4 and 5 lie on the tile; cached."""
    if heart not in (3, 4, 5):
        raise ValueError(f"the heart shows 3, 4 or 5, not {heart}")

    def make() -> pygame.Surface:
        surf = art.svg("grinch/heart_tile.svg", (width, width)).copy()
        hs = round(width * 0.6)
        heart_img = art.svg(SYMBOLS["heart"], (hs, hs))
        hr = heart_img.get_rect(center=(width / 2, width / 2 + width * 0.03))
        surf.blit(heart_img, hr)
        num = art.number("3", width * 0.2, *_TOKEN_INK, width * 0.02)
        surf.blit(num, num.get_rect(center=(hr.centerx, hr.top + hs * 0.45)))
        for value in range(4, heart + 1):
            place = heart_token_rect(width, value)
            shadow = art.svg(f"grinch/heart_token_{value}.svg", place.size).copy()
            shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MULT)
            surf.blit(shadow, place.move(0, max(1, width // 50)))
            surf.blit(heart_token(art, value, place.width), place)
        return surf

    return art.cached(("tile", heart, width), make)


def sheet_extras(art: Art, width: int) -> list[pygame.Surface]:
    """The contact sheet's heart row: the tile at 3, 4 and 5, then the two tokens."""
    tile = round(width * 1.2)
    return [heart_tile(art, tile, v) for v in (3, 4, 5)] + [heart_token(art, v, tile // 2) for v in (4, 5)]
