"""Small drawing helpers and controls shared by every scene."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app.look import fonts
from game.i18n import _
from game.lru import LRU, memoize, screenfuls, surface_bytes

INK = (242, 236, 222)  # text on the dark table
MUTED = (176, 184, 170)
ACCENT = (232, 182, 76)  # gold: focus, whose turn, primary buttons
PANEL = (14, 24, 20, 215)
PANEL_EDGE = (96, 120, 100)
BUTTON = (46, 64, 54)
BUTTON_HOVER = (64, 88, 74)
BUTTON_OFF = (40, 46, 44)
DANGER = (214, 96, 78)

# Panels of every size a screen draws (a full-window one is 8 MiB at 1080p):
# the cap keeps one and a half windows' worth, 10 MiB at least.
MAX_PANELS = 256
MAX_PANEL_BYTES = 10 * 2**20
PANEL_SCREENS = 1.5
_panels: LRU[tuple, pygame.Surface] = LRU(
    "widgets.panels", MAX_PANELS, MAX_PANEL_BYTES, surface_bytes, screenfuls(PANEL_SCREENS)
)


def panel(
    size: tuple[int, int],
    colour=PANEL,
    radius: int = 12,
    edge: tuple[int, int, int] | None = PANEL_EDGE,
    width: int = 1,
) -> pygame.Surface:
    """A rounded, translucent rectangle, cached because scenes redraw every frame."""
    key = (size, tuple(colour), radius, edge, width)
    surf = _panels.get(key)
    if surf is None:
        surf = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
        _rounded(surf, colour, radius, edge, width)
        radius = min(radius, surf.get_width() // 2, surf.get_height() // 2)
        if radius >= 2:
            _smooth_corners(surf, colour, radius, edge, width)
        _panels.put(key, surf)
    return surf


CORNER_SAMPLES = 4  # each corner pixel is the average of 4x4 samples


def _rounded(surf: pygame.Surface, colour, radius: int, edge, width: int) -> None:
    pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surf, edge, surf.get_rect(), width, border_radius=radius)


def _smooth_corners(surf: pygame.Surface, colour, radius: int, edge, width: int) -> None:
    """Anti-aliased corners: pygame draws rounded rects with jagged arcs, so each
    corner is drawn again at CORNER_SAMPLES times the size and scaled down
    (only the corners: a full-window panel supersampled would cost megabytes)."""
    k = CORNER_SAMPLES
    q = radius + 1  # a corner square: the arc and a pixel of straight edge
    big = pygame.Surface((2 * q * k, 2 * q * k), pygame.SRCALPHA)
    # transparent pixels take the colour of what they border, so scaling adds no dark fringe
    big.fill((*(edge if edge is not None else colour)[:3], 0))
    _rounded(big, colour, radius * k, edge, width * k)
    tile = pygame.transform.smoothscale(big, (2 * q, 2 * q))
    w, h = surf.get_size()
    for sx, sy, dx, dy in ((0, 0, 0, 0), (q, 0, w - q, 0), (0, q, 0, h - q), (q, q, w - q, h - q)):
        surf.fill((0, 0, 0, 0), (dx, dy, q, q))
        surf.blit(tile, (dx, dy), (sx, sy, q, q), special_flags=pygame.BLEND_RGBA_ADD)


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour=PANEL,
    radius: int = 12,
    edge: tuple[int, int, int] | None = PANEL_EDGE,
    width: int = 1,
) -> None:
    surface.blit(panel(rect.size, colour, radius, edge, width), rect.topleft)


def blit_text(
    surface: pygame.Surface, text: str, size: int, colour=INK, bold: bool = False, **anchor: tuple[int, int] | int
) -> pygame.Rect:
    """Blit cached text placed by a Rect keyword (center=, midtop=, topleft=...)."""
    img = fonts.text(text, size, colour, bold)
    rect = img.get_rect(**anchor)
    surface.blit(img, rect)
    return rect


def text_rect(text: str, size: int, bold: bool = False, **anchor: tuple[int, int] | int) -> pygame.Rect:
    """Where `blit_text` would put `text` with these anchors, without drawing it."""
    rect = pygame.Rect((0, 0), fonts.size(text, size, bold))
    for name, value in anchor.items():
        setattr(rect, name, value)
    return rect


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines no wider than `width` pixels at this font size."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if line and fonts.size(trial, size, bold)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def fit_size(text: str, size: int, width: int, bold: bool = False) -> int:
    """The largest font size <= `size` at which `text` fits in `width`."""
    return _fit_size(text, size, width, bold, fonts.family_for())


@memoize("widgets.fit_size", 2048)
def _fit_size(text: str, size: int, width: int, bold: bool, family: str) -> int:
    while size > 8 and fonts.size(text, size, bold)[0] > width:
        size -= 1
    return size


def fit_wrapped(
    text: str, size: int, box: tuple[int, int], bold: bool = False, smallest: int = 10
) -> tuple[list[str], int]:
    """The lines and font size at which `text`, wrapped, fits a `box` of (w, h)
    pixels: the largest size <= `size` (down to `smallest`) at which every
    line fits the width and the lines the height; at `smallest` a word too
    long for the width is shrunk on its own when drawn (see `draw_wrapped`)."""
    w, h = box
    for px in range(size, smallest - 1, -1):
        lines = wrap(text, px, w, bold)
        if len(lines) * line_height(lines, px, bold) <= h and all(fonts.size(line, px, bold)[0] <= w for line in lines):
            return lines, px
    return wrap(text, smallest, w, bold), smallest


def line_height(lines: list[str], px: int, bold: bool) -> int:
    """The height each line takes: the tallest line (Gurmukhi signs reach above Latin)."""
    return max(fonts.size(line or "Ag", px, bold)[1] for line in [*lines, "Ag"])


def draw_wrapped(
    surface: pygame.Surface, text: str, size: int, colour, rect: pygame.Rect, bold: bool = False, smallest: int = 10
) -> pygame.Rect:
    """`text` wrapped and fitted into `rect` (see `fit_wrapped`), centred in it;
    the rect the lines took."""
    lines, px = fit_wrapped(text, size, rect.size, bold, smallest)
    line_h = line_height(lines, px, bold)
    top = rect.centery - len(lines) * line_h // 2
    used = pygame.Rect(rect.centerx, top, 0, 0)
    for i, line in enumerate(lines):
        fit = fit_size(line, px, rect.w, bold)
        used.union_ip(blit_text(surface, line, fit, colour, bold=bold, midtop=(rect.centerx, top + i * line_h)))
    return used


def fitted(text: str, size: int, room: int, bold: bool = False) -> tuple[str, int]:
    """`text` and the font size to draw it in `room` pixels: made smaller down
    to three quarters of `size`, then cut with an ellipsis, so a long name (or
    reason) stays readable instead of shrinking to a thread."""
    smallest = max(8, size * 3 // 4)
    fit = fit_size(text, size, room, bold)
    if fit >= smallest and (fit > 8 or fonts.size(text, fit, bold)[0] <= room):  # (fit_size stops at 8, fitting or not)
        return text, fit
    low, high = 0, len(text)
    while low < high:  # the longest start that fits with the ellipsis
        middle = (low + high + 1) // 2
        if fonts.size(text[:middle] + "…", smallest, bold)[0] <= room:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…", smallest


class Button:
    """A clickable label.  `action` runs on release inside the button.

    `label` is a catalog message marked with `N_()` (it is translated each time
    it is drawn, so a language switch shows at once and the label stays a
    stable name for the button) or a text already made in the current language.
    """

    def __init__(
        self,
        label: str,
        action: Callable[[], object],
        *,
        key: int | None = None,
        primary: bool = False,
        enabled: bool = True,
        selected: bool = False,
    ):
        self.label = label
        self.action = action
        self.key = key
        self.primary = primary
        self.enabled = enabled
        self.selected = selected
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._pressed = False

    def draw(self, surface: pygame.Surface, size: int) -> None:
        hover = self.enabled and self.rect.collidepoint(pygame.mouse.get_pos())
        if not self.enabled:
            fill, text = BUTTON_OFF, (120, 124, 118)
        elif self.primary or self.selected:
            fill, text = (ACCENT if not hover else (246, 204, 110)), (28, 26, 20)
        else:
            fill, text = (BUTTON_HOVER if hover else BUTTON), INK
        edge = ACCENT if (self.selected or (hover and not self.primary)) else PANEL_EDGE
        draw_panel(surface, self.rect, fill, radius=max(6, self.rect.h // 4), edge=edge)
        bold = self.primary or self.selected
        blit_text(surface, _(self.label), self.label_px(size), text, bold=bold, center=self.rect.center)

    def label_room(self) -> int:
        """Pixels of width the label may take."""
        return self.rect.w - 16

    def label_px(self, size: int) -> int:
        """The font size the label is drawn at when `size` is asked for: smaller
        when it would not fit (tests hold every label at a readable size)."""
        return fit_size(_(self.label), size, self.label_room(), bold=self.primary or self.selected)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self._pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._pressed and self.rect.collidepoint(event.pos):
                self._pressed = False
                self.action()
                return True
            self._pressed = False
        elif event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key:
            self.action()
            return True
        return False


class Stepper(Button):
    """A choice among several, shown as "‹ Normal ›": the left arrow steps
    back (`back`), the rest of it (and Enter) steps on, so it reads as a
    choice with neighbours rather than a label that happens to change."""

    def __init__(self, label: str, action: Callable[[], object], back: Callable[[], object], **kwargs):
        super().__init__(label, action, **kwargs)
        self.back = back

    def arrow_w(self) -> int:
        return max(10, self.rect.h * 2 // 3)

    def draw(self, surface: pygame.Surface, size: int) -> None:
        hover = self.enabled and self.rect.collidepoint(pygame.mouse.get_pos())
        fill = BUTTON_HOVER if hover else BUTTON
        draw_panel(surface, self.rect, fill, radius=max(6, self.rect.h // 4), edge=ACCENT if hover else PANEL_EDGE)
        a = self.arrow_w()
        colour = ACCENT if self.enabled else BUTTON_OFF
        half = max(3, self.rect.h // 7)
        for x, sign in ((self.rect.x + a // 2 + 2, -1), (self.rect.right - a // 2 - 2, 1)):
            cy = self.rect.centery
            tip = x + sign * half // 2
            pygame.draw.lines(
                surface,
                colour,
                False,
                [(tip - sign * half, cy - half), (tip, cy), (tip - sign * half, cy + half)],
                max(2, half // 2),
            )
        blit_text(surface, _(self.label), self.label_px(size), INK, bold=True, center=self.rect.center)

    def label_room(self) -> int:
        return self.rect.w - 2 * self.arrow_w()

    def label_px(self, size: int) -> int:
        return fit_size(_(self.label), size, self.label_room(), bold=True)

    def handle(self, event: pygame.event.Event) -> bool:
        if (
            self.enabled
            and event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self._pressed
            and self.rect.collidepoint(event.pos)
            and event.pos[0] < self.rect.x + self.arrow_w()
        ):
            self._pressed = False
            self.back()
            return True
        return super().handle(event)


def fitting_width(label: str, size: int, least: int, bold: bool = False) -> int:
    """A button's width: `least`, or wider so that `label` shows at `size`
    (a longer translation widens its button rather than shrinking to a thread)."""
    return max(least, fonts.size(_(label), size, bold)[0] + 24)


def layout_column(buttons: list[Button], center_x: int, top: int, width: int, height: int, gap: int) -> None:
    for i, button in enumerate(buttons):
        button.rect = pygame.Rect(0, 0, width, height)
        button.rect.midtop = (center_x, top + i * (height + gap))


def layout_row(
    buttons: list[Button], center: tuple[int, int], width: int, height: int, gap: int, label_px: int | None = None
) -> None:
    """Buttons side by side, `width` each, centred on `center`.  With `label_px`
    (the size their labels are drawn at) a label too long for `width` takes room
    from the others where theirs leave some, so it shows at that size instead of
    shrinking alone (a Catalan "Juga una partida de veritat" beside "Un altre cop");
    the row keeps its total width."""
    widths = [width] * len(buttons)
    if label_px is not None:
        widths = shared_widths(buttons, width, height, label_px)
    total = sum(widths) + (len(buttons) - 1) * gap
    x = center[0] - total // 2
    for button, w in zip(buttons, widths):
        button.rect = pygame.Rect(x, center[1] - height // 2, w, height)
        x += w + gap


def shared_widths(buttons: list[Button], width: int, height: int, label_px: int) -> list[int]:
    """Each button's width in a row of `len(buttons) * width` pixels: `width`
    when every label fits it; else the long labels get what they need and the
    others share the rest (never less than their own labels need); when the
    labels need more than the row has, each gets room in proportion to its need."""
    needs = []
    for button in buttons:
        button.rect = pygame.Rect(0, 0, width, height)
        margin = width - button.label_room()
        text_w = fonts.size(_(button.label), label_px, button.primary or button.selected)[0]
        needs.append(text_w + margin + 8)
    if all(need <= width for need in needs):
        return [width] * len(buttons)
    total = width * len(buttons)
    if sum(needs) >= total:
        return [total * need // sum(needs) for need in needs]
    fixed: dict[int, int] = {}
    while True:
        free = [i for i in range(len(buttons)) if i not in fixed]
        share = (total - sum(fixed.values())) // len(free)
        over = [i for i in free if needs[i] > share]
        if not over:
            return [fixed.get(i, share) for i in range(len(buttons))]
        fixed.update((i, needs[i]) for i in over)


def handle_all(buttons: list[Button], event: pygame.event.Event) -> bool:
    return any(b.handle(event) for b in buttons)


# Each seat's mark has its own shape as well as its own colour (palette.SEAT_COLOURS),
# so seats never differ by colour alone.
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon")


def seat_mark(surface: pygame.Surface, seat: int, center: tuple[int, int], radius: int) -> None:
    """Draw seat `seat`'s mark: its colour in its shape, with a dark rim."""
    import math

    from game.app.look.palette import SEAT_COLOURS

    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    r = max(3, radius)
    rim = (20, 24, 22)
    if shape == "circle":
        pygame.draw.circle(surface, colour, center, r)
        pygame.draw.circle(surface, rim, center, r, 1)
        return
    # corners, the angle of the first, and radii (a star alternates two)
    k, start, radii = {
        "square": (4, math.pi / 4, (1.15,)),
        "triangle": (3, -math.pi / 2, (1.25,)),
        "diamond": (4, -math.pi / 2, (1.3,)),
        "star": (10, -math.pi / 2, (1.35, 0.6)),
        "hexagon": (6, 0.0, (1.1,)),
    }[shape]
    x, y = center
    points = [
        (
            x + r * radii[i % len(radii)] * math.cos(start + 2 * math.pi * i / k),
            y + r * radii[i % len(radii)] * math.sin(start + 2 * math.pi * i / k),
        )
        for i in range(k)
    ]
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, rim, points, 1)
