"""A table of scores on a panel: names left, numbers centred (round
summaries, final results, the end of a replay).

A game's table says what its round summary holds as a `ScoreSheet` (its
own columns, the leader, the cards that made the score); shared code draws
any sheet without knowing which game it came from."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.app.ui.widgets import ACCENT, INK, MUTED, blit_text, draw_panel, fit_size
from game.app.words.names import names_said
from game.i18n import _

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface

ROW = 40  # logical height of a row without cards
CARD_ROW = 64  # ... and of a row with small card faces under its numbers
CARD_W = 34  # logical width of a small face
NOTE = 36  # logical height of the note line under the rows
CARD_SLOTS = 10
APART = (
    10  # logical gap after the cards set apart  # at most this many faces side by side; a longer row (a pile) overlaps
)
LEAD_FILL = (232, 182, 76, 38)  # the leader's row: a faint gold band


@dataclass(frozen=True)
class ScoreSheet:
    """What a round summary shows: `rows` of text under `headers` (column 0
    the names), `leaders` the row indices in the lead (their row on a gold
    band), `cards` per row the cards to draw as small faces of
    `game_id` (the pain cards taken, the five cards scored), under
    `cards_header`, and one `note` line under the table (who leads)."""

    title: str
    headers: list[str]
    rows: list[list[str]]
    leaders: frozenset[int] = frozenset()
    game_id: str = ""
    cards: list[list[Any]] = field(default_factory=list)
    cards_header: str = ""
    note: str = ""
    set_apart: int = 0  # the first cards of each row stand apart (the pain card before the cards it cost)

    @property
    def has_cards(self) -> bool:
        return bool(self.game_id) and any(self.cards)

    def card_slots(self) -> int:
        """How many faces wide the cards column is."""
        return min(CARD_SLOTS, max(3, max((len(c) for c in self.cards), default=0)))

    def row_height(self) -> int:
        """Logical height of one row."""
        return CARD_ROW if self.has_cards else ROW

    def body_height(self) -> int:
        """Logical height from the panel's top to below the table and its note
        (the title, the headers, the rows): a panel sized to it has no empty band."""
        row = self.row_height()
        return 92 + row * len(self.rows) + row // 2 + (NOTE if self.note else 0)

    def width(self) -> int:
        """Logical width the columns need."""
        base = 220 + 118 * max(1, len(self.headers) - 1)
        if self.has_cards:
            base += self.card_slots() * (CARD_W + 4) + 20 + APART * bool(self.set_apart)
        return min(1160, base)


def leaders_of(totals: Sequence[int]) -> frozenset[int]:
    """The seats with the best total (a shared lead marks them all)."""
    if not totals:
        return frozenset()
    best = max(totals)
    return frozenset(s for s, t in enumerate(totals) if t == best)


def draw_sheet(app: AppSurface, surface: pygame.Surface, panel: pygame.Rect, sheet: ScoreSheet) -> None:
    """The sheet under the panel's title: its columns, the leader's row on a
    gold band, each row's cards as small faces, the note below."""
    ui = app.ui
    top = panel.y + ui(92)
    row_h = ui(sheet.row_height())
    cards_w = 0
    if sheet.has_cards:
        cards_w = ui(sheet.card_slots() * (CARD_W + 4) + 20 + APART * bool(sheet.set_apart))
    table = pygame.Rect(panel.x, panel.y, panel.w - cards_w, panel.h)
    for r in sheet.leaders:
        if 0 <= r < len(sheet.rows):
            band = pygame.Rect(panel.x + ui(10), top + row_h * r + row_h // 2 + ui(2), panel.w - ui(20), row_h - ui(4))
            draw_panel(surface, band, LEAD_FILL, radius=ui(8), edge=None)
    draw_score_table(app, surface, table, sheet.headers, sheet.rows, sheet.leaders, row_h=row_h)
    if sheet.has_cards:
        cw = ui(CARD_W)
        x0 = panel.right - cards_w + ui(6)
        if sheet.cards_header:
            px = fit_size(sheet.cards_header, ui(16), cards_w - ui(12))
            blit_text(surface, sheet.cards_header, px, MUTED, False, midleft=(x0, top))
        span = sheet.card_slots() * (cw + ui(4)) - ui(4)  # the column's width, first face to last
        longest = max(len(c) for c in sheet.cards)
        # Rows longer than the column (piles) overlap, all at the same step: their lengths compare.
        step = cw + ui(4) if longest <= sheet.card_slots() else (span - cw) / (longest - 1)
        for r, cards in enumerate(sheet.cards):
            y = top + row_h * (r + 1)
            for i, card in enumerate(cards):
                face = app.art.face(sheet.game_id, card, cw)
                apart = ui(APART) if sheet.set_apart and i >= sheet.set_apart else 0
                surface.blit(face, face.get_rect(midleft=(x0 + round(i * step) + apart, y)))
    if sheet.note:
        y = top + row_h * len(sheet.rows) + row_h // 2 + ui(8)
        blit_text(surface, sheet.note, ui(18), ACCENT, False, midtop=(panel.centerx, y))


def draw_score_table(
    app: AppSurface,
    surface: pygame.Surface,
    panel: pygame.Rect,
    headers: list[str],
    rows: list[list[str]],
    highlight: AbstractSet[int] = frozenset(),
    row_h: int | None = None,
) -> None:
    """Column 0 left-aligned (names), the rest centred, from below the title."""
    ui = app.ui
    step = ui(ROW) if row_h is None else row_h
    top = panel.y + ui(92)
    first_w = ui(200)
    rest = (panel.w - ui(40) - first_w) / max(1, len(headers) - 1)
    xs = [panel.x + ui(20)] + [round(panel.x + ui(20) + first_w + rest * (i + 0.5)) for i in range(len(headers) - 1)]
    for c, head in enumerate(headers):
        anchor: dict[str, tuple[int, int]] = {"midleft": (xs[c], top)} if c == 0 else {"center": (xs[c], top)}
        blit_text(surface, head, ui(16), MUTED, False, **anchor)
    for r, row in enumerate(rows):
        y = top + step * (r + 1)
        colour = ACCENT if r in highlight else INK
        for c, cell in enumerate(row):
            anchor = {"midleft": (xs[c], y)} if c == 0 else {"center": (xs[c], y)}
            blit_text(surface, cell, ui(20), colour, c == 0 or c == len(row) - 1, **anchor)


def leader_note(
    name: Callable[[int], str],
    you: Callable[[int], bool],
    leaders: AbstractSet[int],
    totals: Sequence[int],
    over: bool,
) -> str:
    """The line under a round's sheet: who leads (or, after the last round, who
    has the best total) and with how much, the seat spoken to as "you" said
    with the pronoun; '' when nobody has scored."""
    if not leaders or not any(totals):
        return ""
    who = names_said(sorted(leaders), name, you, ", ")
    best = totals[min(leaders)]
    if over:
        return _("Best total: {names} ({n})").format(names=who, n=best)
    return _("In the lead: {names} ({n})").format(names=who, n=best)
