"""Statistics per game and per human name, with a chart of scores over time.

Everything comes from the history folder (`game.persist.stats.load_stats`);
the chart is drawn here with pygame.draw, one line per player.
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import rules
from game.app.look.palette import SEAT_COLOURS
from game.app.shell.scene import Scene
from game.app.ui import widgets
from game.app.ui.widgets import ACCENT, INK, MUTED, PANEL_EDGE, Button, blit_text, draw_panel
from game.app.words.save_words import game_name, when
from game.i18n import N_, _, ngettext
from game.persist.stats import Record, load_daily, load_stats
from game.rules import registry

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface

MAX_ROWS = 8  # players listed (most games first)
MAX_LINES = len(SEAT_COLOURS)  # players drawn in the chart, one colour each
GRID = (52, 70, 60)


def nice_ticks(low: float, high: float, count: int = 4) -> list[int]:
    """Round numbers spanning low..high for the chart's value axis."""
    if high <= low:
        low, high = low - 1, high + 1
    raw = (high - low) / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    step = max(1, round(step))
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value < high + step:
        ticks.append(int(value))
        value += step
    return ticks


def timeline(record: Record) -> list[tuple[tuple[str, int], int]]:
    """A player's scores keyed by (date, n): games saved in the same second stay apart."""
    seen: dict[str, int] = {}
    out = []
    for date, score in record.history:
        n = seen.get(date, 0)
        seen[date] = n + 1
        out.append(((date, n), score))
    return out


def sorted_records(by_name: dict[str, Record]) -> list[Record]:
    """Most games first, then most wins, then by name: the regulars on top."""
    return sorted(by_name.values(), key=lambda r: (-r.games, -r.wins, r.name.casefold()))


class StatsScene(Scene):
    def __init__(self, app: AppSurface, game_id: str | None = None):
        super().__init__(app)
        self.stats = load_stats()
        self.daily = load_daily()  # today's deals, game by game
        if game_id is None:  # open on the game played most
            played = {g: sum(r.games for r in self.stats.get(g, {}).values()) for g in registry.ids()}
            game_id = max(registry.ids(), key=lambda g: (played[g], -registry.ids().index(g)))
        self.game_id = game_id
        self.buttons: list[Button] = []
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.chart_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def records(self) -> list[Record]:
        return sorted_records(self.stats.get(self.game_id, {}))

    def show(self, game_id: str) -> None:
        self.game_id = game_id
        self.resize(self.app.size)

    # -- layout --------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        ui = self.app.ui
        w, h = size
        self.tabs = [
            Button(rules.get(g).NAME, partial(self.show, g), selected=g == self.game_id) for g in registry.ids()
        ]
        widgets.layout_row(self.tabs, (w // 2, ui(104)), min(ui(240), (w - ui(60)) // 3), ui(42), ui(12))
        self.back = Button(N_("Back"), self.app.stack.pop, key=pygame.K_ESCAPE)
        self.back.rect = pygame.Rect(0, 0, ui(200), ui(48))
        self.back.rect.midbottom = (w // 2, h - ui(20))
        self.buttons = [*self.tabs, self.back]
        top = ui(144)
        bottom = self.back.rect.top - ui(16)
        margin = ui(24)
        inner = w - 2 * margin
        table_w = min(ui(520), round(inner * 0.46))
        self.table_rect = pygame.Rect(margin, top, table_w, bottom - top)
        self.chart_rect = pygame.Rect(
            self.table_rect.right + ui(16), top, w - margin - self.table_rect.right - ui(16), bottom - top
        )

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        w, h = surface.get_size()
        surface.blit(self.app.art.felt((w, h)), (0, 0))
        blit_text(surface, _("Statistics"), ui(40), ACCENT, bold=True, center=(w // 2, ui(46)))
        for tab in self.tabs:
            tab.draw(surface, ui(19))
        records = self.records
        if records:
            self.draw_table(surface, records)
            self.draw_chart(surface, records[:MAX_LINES])
        else:
            box = self.table_rect.union(self.chart_rect)
            draw_panel(surface, box, radius=ui(14))
            text = _("No finished games of {game} yet. Play one to the end and it counts here.").format(
                game=game_name(self.game_id)
            )
            for i, line in enumerate(widgets.wrap(text, ui(20), box.w - ui(60))):
                blit_text(surface, line, ui(20), MUTED, center=(box.centerx, box.centery - ui(10) + i * ui(30)))
        self.back.draw(surface, ui(20))
        self.draw_daily(surface)

    def draw_daily(self, surface: pygame.Surface) -> None:
        """One line left of Back: this game's streak of today's deals."""
        record = self.daily.get(self.game_id)
        if record is None or not record.scores:
            return
        from datetime import date

        ui = self.app.ui
        run = record.streak(date.today())
        text = ngettext(
            "Today's deals: {days} played, a streak of {n} day, best score {best}",
            "Today's deals: {days} played, a streak of {n} days, best score {best}",
            run,
        ).format(days=len(record.scores), n=run, best=max(record.scores.values()))
        room = self.back.rect.x - ui(24) - ui(16)
        blit_text(surface, text, widgets.fit_size(text, ui(15), room), MUTED, midleft=(ui(24), self.back.rect.centery))

    def columns(self) -> list[tuple[str, int]]:
        """(heading, right edge x) for the number columns of the table."""
        r, ui = self.table_rect, self.app.ui
        heads = [_("Games"), _("Wins"), _("Best"), _("Average")]
        step = min(ui(78), (r.w - ui(190)) // len(heads))
        return [(head, r.right - ui(16) - (len(heads) - 1 - i) * step) for i, head in enumerate(heads)]

    def draw_table(self, surface: pygame.Surface, records: list[Record]) -> None:
        ui = self.app.ui
        r = self.table_rect
        draw_panel(surface, r, radius=ui(14))
        cols = self.columns()
        head_y = r.y + ui(24)
        name_room = cols[0][1] - ui(60) - (r.x + ui(40))
        blit_text(surface, _("Player"), ui(15), MUTED, midleft=(r.x + ui(40), head_y))
        for head, right in cols:
            blit_text(surface, head, widgets.fit_size(head, ui(15), ui(74)), MUTED, midright=(right, head_y))
        pygame.draw.line(surface, PANEL_EDGE, (r.x + ui(12), head_y + ui(16)), (r.right - ui(12), head_y + ui(16)))
        row_h = min(ui(40), (r.h - ui(60)) // max(1, min(len(records), MAX_ROWS)))
        for i, rec in enumerate(records[:MAX_ROWS]):
            y = head_y + ui(22) + row_h * i + row_h // 2
            if i < MAX_LINES:
                widgets.seat_mark(surface, i, (r.x + ui(22), y), ui(7))
            name = rec.name
            blit_text(
                surface,
                name,
                widgets.fit_size(name, ui(19), name_room, True),
                INK,
                bold=True,
                midleft=(r.x + ui(40), y),
            )
            best = "—" if rec.best is None else str(rec.best)
            cells = [str(rec.games), str(rec.wins), best, f"{rec.average:.1f}"]
            for (_head, right), cell in zip(cols, cells):
                blit_text(surface, cell, ui(19), INK, midright=(right, y))
        hidden = len(records) - MAX_ROWS
        if hidden > 0:
            blit_text(
                surface, _("and {n} more").format(n=hidden), ui(14), MUTED, midbottom=(r.centerx, r.bottom - ui(8))
            )

    def draw_chart(self, surface: pygame.Surface, records: list[Record]) -> None:
        """Scores over time: games in the order played along x, totals up y."""
        ui = self.app.ui
        box = self.chart_rect
        draw_panel(surface, box, radius=ui(14))
        blit_text(surface, _("Scores over time"), ui(16), MUTED, midtop=(box.centerx, box.y + ui(12)))
        plot = pygame.Rect(box.x + ui(58), box.y + ui(44), box.w - ui(58) - ui(20), box.h - ui(44) - ui(46))
        if plot.w < 40 or plot.h < 40:
            return
        lines = [timeline(rec) for rec in records]
        keys = sorted({k for line in lines for k, _score in line})  # the games, oldest first
        dates = [date for date, _n in keys]
        scores = [score for rec in records for _date, score in rec.history]
        ticks = nice_ticks(min(scores), max(scores))
        low, high = ticks[0], ticks[-1]
        at = {k: i for i, k in enumerate(keys)}
        pad = ui(14)  # points clear of the axis and the panel's edge

        def point(k: tuple[str, int], score: int) -> tuple[int, int]:
            i = at[k]
            x = plot.centerx if len(keys) == 1 else plot.x + pad + round((plot.w - 2 * pad) * i / (len(keys) - 1))
            y = plot.bottom - round(plot.h * (score - low) / (high - low))
            return x, y

        for tick in ticks:
            y = plot.bottom - round(plot.h * (tick - low) / (high - low))
            pygame.draw.line(
                surface, (90, 110, 98) if tick == 0 else GRID, (plot.x, y), (plot.right, y), 2 if tick == 0 else 1
            )
            blit_text(surface, str(tick), ui(13), MUTED, midright=(plot.x - ui(8), y))
        pygame.draw.line(surface, PANEL_EDGE, plot.bottomleft, plot.bottomright)
        radius = ui(6) if len(dates) < 30 else ui(4)
        for i, (colour, line) in enumerate(zip(SEAT_COLOURS, lines)):
            points = [point(k, score) for k, score in line]
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, max(2, ui(3)))
            for p in points:  # each player's shape as well as colour, as at the table
                widgets.seat_mark(surface, i, p, radius)
        first, last = when(dates[0])[:10], when(dates[-1])[:10]
        label_y = plot.bottom + ui(8)
        if len(dates) == 1:
            blit_text(surface, first, ui(13), MUTED, midtop=(plot.centerx, label_y))
        else:
            blit_text(surface, first, ui(13), MUTED, topleft=(plot.x, label_y))
            blit_text(surface, last, ui(13), MUTED, topright=(plot.right, label_y))
        games = ngettext("{n} game", "{n} games, oldest to newest", len(dates)).format(n=len(dates))
        blit_text(surface, games, ui(13), MUTED, midtop=(plot.centerx, label_y + ui(18)))

    def handle(self, event: pygame.event.Event) -> bool:
        return widgets.handle_all(self.buttons, event)
