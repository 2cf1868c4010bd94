"""Named colours (RGB tuples) so the whole table shares one warm, colour-blind-safe look."""

from __future__ import annotations

RGB = tuple[int, int, int]

# -- table -------------------------------------------------------------------
FELT: RGB = (30, 84, 58)  # deep warm green
FELT_DARK: RGB = (18, 52, 36)
VIGNETTE: RGB = (8, 20, 14)  # colour the felt fades to at the edges
WALNUT: RGB = (74, 46, 28)

# -- cards and text ----------------------------------------------------------
IVORY: RGB = (255, 250, 238)  # card face
IVORY_SHADE: RGB = (241, 232, 210)
CARD_EDGE: RGB = (140, 123, 98)
INK: RGB = (30, 30, 36)  # main text on ivory
MUTED: RGB = (110, 104, 96)  # secondary text on ivory
TEXT_LIGHT: RGB = (244, 238, 224)  # text on felt/panels
TEXT_DIM: RGB = (178, 186, 176)  # secondary text on felt/panels
GOLD: RGB = (227, 178, 60)  # accent: current turn, buttons, badges
GOLD_DARK: RGB = (138, 100, 16)
PANEL: RGB = (20, 26, 24)  # draw with PANEL_ALPHA over the felt
PANEL_ALPHA = 200
PANEL_EDGE: RGB = (92, 104, 96)
SHADOW: RGB = (0, 0, 0)

# -- feedback ----------------------------------------------------------------
LEGAL_GLOW: RGB = (255, 214, 102)  # halo around playable cards
SELECTED_GLOW: RGB = (120, 200, 255)
GREYED: tuple[int, int, int, int] = (40, 40, 40, 140)  # RGBA overlay for unplayable cards
ERROR: RGB = (220, 80, 60)

# -- seats: Okabe-Ito-derived hues, distinct for colour-blind players --------
SEAT_COLOURS: tuple[RGB, ...] = (
    (86, 180, 233),  # sky blue
    (230, 159, 0),  # orange
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (240, 228, 66),  # yellow
    (213, 94, 0),  # vermillion
)

#: The dark pill behind a seat's name on the felt (a trick card's owner), so the
#: name in its seat colour reads at WCAG's 4.5:1 wherever the felt is light.
NAME_PILL: RGB = (16, 24, 20)
TEXT_CONTRAST = 4.5  # WCAG AA for normal text


def luminance(colour: tuple[int, ...]) -> float:
    """WCAG relative luminance of an sRGB colour (alpha ignored)."""

    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG contrast ratio of two colours, 1..21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable_on(colour: RGB, background: RGB, ratio: float = TEXT_CONTRAST) -> RGB:
    """`colour`, mixed toward white just enough to read at `ratio` on `background`
    (a seat's hue stays recognisable, only lighter)."""
    for step in range(21):
        k = step / 20
        mixed = tuple(round(c + (255 - c) * k) for c in colour)
        if contrast(mixed, background) >= ratio:
            return mixed  # type: ignore[return-value]
    return (255, 255, 255)


def seat_ink(seat: int) -> RGB:
    """Seat `seat`'s colour for its name on NAME_PILL."""
    return readable_on(SEAT_COLOURS[seat % len(SEAT_COLOURS)], NAME_PILL)


# -- Sticheln (Okabe-Ito) ----------------------------------------------------
STICHELN_COLOURS: dict[str, RGB] = {
    "red": (0xD5, 0x5E, 0x00),
    "yellow": (0xF0, 0xE4, 0x42),
    "green": (0x00, 0x9E, 0x73),
    "blue": (0x00, 0x72, 0xB2),
    "purple": (0xCC, 0x79, 0xA7),
    "grey": (0x99, 0x99, 0x99),
}
#: Darker shades of the same hues for text on ivory (yellow text is unreadable otherwise).
STICHELN_INK: dict[str, RGB] = {
    "red": (160, 64, 0),
    "yellow": (128, 116, 0),
    "green": (0, 104, 76),
    "blue": (0, 78, 124),
    "purple": (150, 70, 118),
    "grey": (92, 92, 92),
}

# -- Avalanche (French suits) ------------------------------------------------
SUIT_RED: RGB = (200, 16, 46)
SUIT_BLACK: RGB = (30, 30, 36)
SUIT_COLOURS: dict[str, RGB] = {"S": SUIT_BLACK, "H": SUIT_RED, "D": SUIT_RED, "C": SUIT_BLACK}
JOKER_BLUE: RGB = (47, 127, 184)

# -- Grinch ------------------------------------------------------------------
GRINCH_SUIT_COLOURS: dict[str, RGB] = {
    "W": (46, 125, 50),  # wreaths: green
    "N": (211, 47, 47),  # noise: red
    "O": (30, 99, 181),  # ornaments: blue
    "P": (224, 168, 0),  # presents: gold
}
GRINCH_SUIT_INK: dict[str, RGB] = {
    "W": (27, 94, 32),
    "N": (170, 28, 28),
    "O": (16, 72, 140),
    "P": (140, 96, 0),
}
HEART_RED: RGB = (211, 47, 47)
TILE_GREEN: RGB = (46, 125, 50)
