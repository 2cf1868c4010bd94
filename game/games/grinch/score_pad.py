"""The Grinch score pad: a sheet of paper with a row per scoring row and a
column per seat, drawn over the table at round end or on request (P).
Laid out for the table's size and rendered once per change of what it
shows (`grinch_pad.pad_model`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.app.look import fonts, palette
from game.app.ui.widgets import blit_text, fit_size, panel, seat_mark
from game.games.grinch import rules as grinch
from game.games.grinch import words as grinch_words
from game.i18n import _

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface

GAME = "grinch"
ROW_SUIT = {"wreaths": "W", "noise": "N", "ornaments": "O", "presents": "P"}
PAPER = (252, 247, 232)
PAPER_STRIPE = (244, 237, 216)
RULE = (176, 198, 226)
MARGIN = (214, 112, 104)
PEN = (26, 58, 132)
PENCIL = (118, 104, 84)
GREEN = palette.TILE_GREEN
HIGHLIGHTER = (255, 236, 120)


class PadHost(Protocol):
    """What the pad asks of the table it lies on."""

    spectator: bool  # a replay: no hand of one's own
    viewer: int | None
    size: tuple[int, int]
    hand_top: float  # the pad stays above the viewer's hand

    @property
    def app(self) -> AppSurface: ...
    @property
    def num_players(self) -> int: ...
    def name(self, seat: int) -> str: ...
    def viewer_acts(self) -> bool: ...
    def display_order(self) -> list[int]: ...

    def pad_model(self) -> dict:
        """What the pad shows now (`pad_model.pad_model`)."""
        ...

    def hovered_row(self) -> str | None:
        """The scoring row under the pointer, if any."""
        ...


def pad_heading(model: dict) -> str:
    """The words beside the pad's title: the table's (`heading`, a lesson
    saying its own length), else the game's round count."""
    heading = model.get("heading")
    return (
        str(heading)
        if heading is not None
        else _("Round {n} of {total}").format(n=model["round"], total=model["rounds"])
    )


class ScorePad:
    """The pad's layout, its cached picture and its drawing (see module doc)."""

    def __init__(self, table: PadHost):
        self.table = table
        self.cache: tuple[Any, pygame.Surface] | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.row_rects: dict[str, pygame.Rect] = {}

    def layout(self) -> None:
        ui = self.table.app.ui
        w, _ = self.table.size
        n = self.table.num_players
        self.rh = ui(30)
        self.label_w = ui(236)
        # Wide enough for the longest name at full size beside its seat mark
        # (Punjabi's font sets "Harpreet" wider), as far as the window allows.
        widest = max(fonts.size(self.table.name(s), ui(15), True)[0] for s in range(n))
        room = (w - ui(16) - self.label_w - ui(24)) // max(1, n)
        self.col_w = max(ui(80), min(widest + ui(30), room))
        self.title_h = ui(40)
        self.head_h = ui(40)
        self.foot_h = ui(28)
        pw = self.label_w + n * self.col_w + ui(24)
        ph = self.title_h + self.head_h + (len(grinch.ROWS) + 1) * self.rh + self.foot_h + ui(10)
        top, bottom = ui(54), self.table.hand_top - ui(8)
        pw = min(pw, w - ui(16))
        self.rect = pygame.Rect(0, 0, pw, ph)
        self.rect.center = (w // 2, round((top + bottom) / 2))
        self.rect.top = max(self.rect.top, top)
        first = self.rect.y + self.title_h + self.head_h
        self.row_rects = {
            row: pygame.Rect(self.rect.x + ui(6), first + i * self.rh, pw - ui(12), self.rh)
            for i, row in enumerate(grinch.ROWS)
        }
        self.cache = None

    def header(self, i: int, name: str) -> tuple[pygame.Rect, tuple[int, int], pygame.Rect, int]:
        """Column `i`'s heading on the pad's sheet: the column, the centre of
        the seat's mark, and where the name goes at which size -- mark and name
        centred together, the name never over the mark or the column's rule."""
        ui = self.table.app.ui
        cw = self.col_w
        col = pygame.Rect(self.label_w + ui(12) + i * cw, self.title_h, cw, self.head_h)
        radius, gap = ui(5), ui(5)
        room = cw - 2 * radius - gap - ui(3) - ui(6)
        px = fit_size(name, ui(15), room, True)
        w, h = fonts.size(name, px, True)
        start = col.x + max(ui(3), (cw - (2 * radius + gap + w)) // 2)
        y = col.y + ui(13)
        rect = pygame.Rect(start + 2 * radius + gap, y - h // 2, w, h)
        return col, (start + radius, y), rect, px

    def draw(self, surface: pygame.Surface) -> None:
        model = self.table.pad_model()
        hover = self.table.hovered_row()
        acting = self.table.viewer_acts() and model["phase"] == "score" and not model["scored"]
        key = (
            self.rect.size,
            self.table.display_order()[0],
            repr(model),
            hover,
            acting,
            tuple(self.table.name(s) for s in range(self.table.num_players)),
        )
        if self.cache is None or self.cache[0] != key:
            self.cache = (key, self.render(model, hover, acting))
        ui = self.table.app.ui
        r = self.rect
        surface.blit(panel((r.w, r.h), (0, 0, 0, 90), radius=ui(14), edge=None), (r.x + ui(4), r.y + ui(6)))
        surface.blit(self.cache[1], r.topleft)

    def render(self, model: dict, hover: str | None, acting: bool) -> pygame.Surface:
        ui = self.table.app.ui
        art = self.table.app.art
        r = self.rect
        surf = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(surf, PAPER, surf.get_rect(), border_radius=ui(12))
        pygame.draw.rect(surf, (150, 132, 100), surf.get_rect(), max(1, ui(2)), ui(12))
        pad_x = ui(12)
        # title
        blit_text(
            surf, _("Score pad"), ui(20), palette.INK, bold=True, midleft=(pad_x + ui(4), self.title_h // 2 + ui(2))
        )
        sub = pad_heading(model)
        blit_text(surf, sub, ui(15), palette.MUTED, midright=(r.w - pad_x - ui(4), self.title_h // 2 + ui(2)))
        order = self.table.display_order()
        bottom = order[0]
        x0 = self.label_w + ui(12)
        cw = self.col_w
        top = self.title_h
        first = top + self.head_h
        n_rows = len(grinch.ROWS)
        body_h = (n_rows + 1) * self.rh
        # the viewer's column tinted
        if self.table.viewer is not None:
            col = pygame.Rect(x0, top, cw, self.head_h + body_h)
            pygame.draw.rect(surf, (250, 236, 196), col)
        # header: names
        for i, seat in enumerate(order):
            cx = x0 + i * cw + cw // 2
            name = self.table.name(seat)
            _col, mark, at, size = self.header(i, name)
            seat_mark(surf, seat, mark, ui(5))
            blit_text(surf, name, size, palette.INK, bold=True, topleft=at.topleft)
            status = model["status"][seat]
            if seat == model["grinch"] and not model["scored"]:
                status = status or "Grinch"
            if status:
                colour = GREEN if status in ("chosen", "Grinch") else PENCIL
                said = {"chosen": _("chosen"), "choosing": _("choosing"), "Grinch": _("Grinch")}.get(status, status)
                rect = blit_text(
                    surf,
                    said,
                    fit_size(said, ui(12), cw - ui(16), status == "chosen"),
                    colour,
                    bold=status == "chosen",
                    center=(cx + (ui(5) if status == "chosen" else 0), top + ui(30)),
                )
                if status == "chosen":
                    _tick(surf, (rect.left - ui(8), rect.centery), ui(5), GREEN)
        # rows
        for i, row in enumerate(grinch.ROWS):
            y = first + i * self.rh
            band = pygame.Rect(ui(6), y, r.w - ui(12), self.rh)
            if i % 2:
                pygame.draw.rect(surf, PAPER_STRIPE, band.clip(pygame.Rect(0, y, x0, self.rh)))
            open_row = model["cells"][row][bottom][0] == "would"
            if acting and row == hover:
                shade = (255, 222, 140) if open_row else (230, 222, 210)
                pygame.draw.rect(surf, shade, band, border_radius=ui(6))
            self.render_row_label(surf, row, y, art)
            for c, seat in enumerate(order):
                kind, points = model["cells"][row][seat]
                cell = pygame.Rect(x0 + c * cw, y, cw, self.rh)
                self.render_cell(surf, cell, kind, points, points == model["best"])
            pygame.draw.line(surf, RULE, (ui(6), y + self.rh - 1), (r.w - ui(6), y + self.rh - 1))
        # totals
        y = first + n_rows * self.rh
        pygame.draw.line(surf, palette.INK, (ui(6), y + 1), (r.w - ui(6), y + 1), max(1, ui(2)))
        blit_text(surf, _("Total"), ui(16), palette.INK, bold=True, midleft=(pad_x + ui(4), y + self.rh // 2 + ui(1)))
        for c, seat in enumerate(order):
            blit_text(
                surf,
                str(model["totals"][seat]),
                ui(18),
                PEN,
                bold=True,
                center=(x0 + c * cw + cw // 2, y + self.rh // 2 + ui(1)),
            )
        # margin and column rules
        pygame.draw.line(surf, MARGIN, (x0 - 1, top + ui(4)), (x0 - 1, first + body_h - ui(2)), max(1, ui(2)))
        for c in range(1, len(order)):
            x = x0 + c * cw
            pygame.draw.line(surf, RULE, (x, top + ui(6)), (x, first + body_h - ui(4)))
        # footer: what to do
        if model["scored"]:
            foot = _("The round is written in: highlighted numbers are new")
        elif acting:
            foot = _("Click a row to write your hand there · pencil numbers include bonuses")
        elif model["phase"] == "score":
            foot = _("Rows stay secret until everyone has chosen")
        elif self.table.spectator:  # a replay: no hand of one's own, and P does nothing there
            foot = ""
        else:
            foot = _("Pencil numbers: what your hand would score now · press P to close")
        if foot:
            blit_text(
                surf,
                foot,
                fit_size(foot, ui(13), r.w - 2 * pad_x),
                palette.MUTED,
                center=(r.w // 2, first + body_h + self.foot_h // 2 + ui(2)),
            )
        return surf

    def render_row_label(self, surf: pygame.Surface, row: str, y: int, art) -> None:
        ui = self.table.app.ui
        icon = ui(18)
        mid = y + self.rh // 2
        x = ui(16)
        if row in ROW_SUIT:
            img = art.symbol(GAME, ROW_SUIT[row], icon)
            surf.blit(img, img.get_rect(midleft=(x, mid)))
            x += icon + ui(6)
        elif row == "rainbow":
            small = ui(11)
            for k, suit in enumerate("WNOP"):
                img = art.symbol(GAME, suit, small)
                surf.blit(img, img.get_rect(center=(x + small // 2 + (k % 2) * small, mid + (k // 2 - 0.5) * small)))
            x += 2 * small + ui(6)
        else:
            x += icon + ui(6)
        label = grinch_words.row_name(row)
        name = blit_text(
            surf,
            label,
            fit_size(label, ui(16), self.label_w - x - ui(40), True),
            palette.INK,
            bold=True,
            midleft=(x, mid),
        )
        room = self.label_w - (name.right + ui(8))
        text = grinch_words.row_help(row)
        size = fit_size(text, ui(12), room)
        if fonts.size(text, size)[0] <= room:  # a long row name leaves no room: the name alone
            blit_text(surf, text, size, palette.MUTED, midleft=(name.right + ui(8), mid + ui(1)))

    def render_cell(self, surf: pygame.Surface, cell: pygame.Rect, kind: str, points: int | None, best: bool) -> None:
        ui = self.table.app.ui
        if not kind or points is None:
            return
        if kind == "used":
            blit_text(surf, str(points), ui(18), PEN, bold=True, center=cell.center)
        elif kind == "new":
            mark = cell.inflate(-ui(14), -ui(8))
            pygame.draw.rect(surf, HIGHLIGHTER, mark, border_radius=ui(4))
            blit_text(surf, str(points), ui(18), PEN, bold=True, center=cell.center)
        elif kind == "chosen":
            chip = cell.inflate(-ui(12), -ui(6))
            pygame.draw.rect(surf, GREEN, chip, border_radius=chip.h // 2)
            blit_text(surf, str(points), ui(16), (255, 255, 255), bold=True, center=chip.center)
        else:  # "would": pencilled in
            chip = cell.inflate(-ui(16), -ui(8))
            if best and points > 0:
                pygame.draw.rect(surf, (244, 206, 112), chip, border_radius=chip.h // 2)
            pygame.draw.rect(surf, (200, 170, 110), chip, 1, border_radius=chip.h // 2)
            blit_text(surf, str(points), ui(15), PENCIL, bold=best, center=chip.center)


def _tick(surf: pygame.Surface, at: tuple[int, int], size: int, colour) -> None:
    """A drawn check mark (the bundled font has no ✓ glyph)."""
    x, y = at
    pts = [(x - size, y), (x - size // 3, y + size * 2 // 3), (x + size, y - size * 2 // 3)]
    pygame.draw.lines(surf, colour, False, pts, max(2, size // 2))
