"""Final results: the winners, every score, play again or go to the menu.

The winner gets a short moment: a light fall of gold and seat-coloured
flecks around the panel for CELEBRATION seconds when a person at the table
won (or in a game of computers), the winning row's band glowing in; with
animations off (the reduced-motion setting) the band is simply there."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

import pygame

from game.app.look.palette import SEAT_COLOURS
from game.app.ui import widgets
from game.app.ui.deal_code_line import DealCodeLine
from game.app.ui.modal import ModalScene
from game.app.ui.score_table import draw_score_table
from game.app.ui.widgets import ACCENT, INK, MUTED, Button, blit_text, draw_panel
from game.app.words import names as words
from game.app.words.daily_words import daily_lines
from game.i18n import N_, _
from game.match.deal_code import code_of
from game.match.match import Match
from game.match.rounds import round_points
from game.persist import library

if TYPE_CHECKING:
    from game.app.shell.app import App
    from game.app.table.base import TableScene

CELEBRATION = 2.6  # seconds of falling flecks; the glow takes the first GLOW of them
GLOW = 0.8
FLECKS = 70
ROW = 40  # logical height of a result row
CODE = 56  # ... of the deal-code line
DAILY = 28  # ... of each day's-deal line
BUTTONS = 80  # ... from the last line to the panel's bottom: a gap and the button row
MAX_ROUNDS = 8  # a game of more rounds shows its totals only (the round columns would not fit)
ROUND_COLUMN = 72  # logical width of a round's column
ROUND_LABEL = 24  # logical height of the line over the round columns


class ResultsScene(ModalScene):
    hides_overlays = True  # its scores replace the score pad beneath, never print over it
    #: a part a network table adds (*Play again at this table*): its `buttons()`, its
    #: `lines()` under the scores, `height` (logical), `changed()` and `update()` each frame
    addon: Any = None

    def __init__(self, app: App, table: TableScene):
        super().__init__(app)
        self.table = table
        state = table.match.state
        winners = state.winners()
        names = [table.name(s) for s in winners]
        humans = table.match.humans
        if len(names) == 1:
            alone = len(humans) == 1 and winners[0] == humans[0]
            self.title = _("You win!") if alone else _("{name} wins!").format(name=names[0])
        else:
            said = words.names_said(winners, table.name, table.you, ", ")
            self.title = _("Shared win: {names}").format(names=said)
        scores = state.scores()
        order = sorted(range(len(scores)), key=lambda s: -scores[s])
        local = table.session.local  # None at a network table: the deal is the host's
        # A game of rounds (its spec says which) shows each round's points before the total.
        rounds = round_points(local) if local is not None else []
        self.rounds = len(rounds) if 2 <= len(rounds) <= MAX_ROUNDS else 0
        # Equal scores share a place ("1. 1. 3."), as at any table.
        self.rows = [
            [
                f"{1 + sum(t > scores[s] for t in scores)}. {table.name(s)}",
                *(f"{row[s]:+d}" if row[s] else "0" for row in rounds[: self.rounds]),
                str(scores[s]),
            ]
            for s in order
        ]
        self.highlight = {i for i, s in enumerate(order) if s in winners}
        code = code_of(local) if local is not None else None
        self.code_line = DealCodeLine(code) if code else None
        self.daily = daily_lines(local) if local is not None else []
        self.panel_size = (max(640, 300 + ROUND_COLUMN * (self.rounds + 1)), self.body_height() + BUTTONS)
        self.clock = 0.0
        # Reduced motion (animations off): no flecks, the band at once.
        self.moving = app.settings.time_scale > 0
        self.confetti = self.moving and (not humans or any(s in humans for s in winners))
        rng = random.Random(len(self.rows) * 7919 + sum(scores))  # the same fall for the same result
        colours = [ACCENT, *(SEAT_COLOURS[s % len(SEAT_COLOURS)] for s in winners)]
        # (x 0..1 across the screen, start delay, fall speed in screens/s, sway phase, colour, size 0..1)
        self.flecks = [
            (
                rng.random(),
                rng.random() * 0.9,
                0.35 + rng.random() * 0.35,
                rng.random() * 6.3,
                rng.choice(colours),
                rng.random(),
            )
            for _ in range(FLECKS if self.confetti else 0)
        ]
        app.sound.play("win")

    def body_height(self) -> int:
        """Logical height from the panel's top to below its last line (rows, the
        deal code, the day's-deal lines): the panel ends a button row below it."""
        extra = self.addon.height if self.addon is not None else 0
        return (
            self.table_top()
            + ROW * len(self.rows)
            + ROW // 2
            + (CODE if self.code_line else 0)
            + DAILY * len(self.daily)
            + extra
        )

    def table_top(self) -> int:
        """Logical height from the panel's top to the table's header line (below
        the line over the round columns, when there are any)."""
        return 92 + (ROUND_LABEL if self.rounds else 0)

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.addon is not None:
            if self.addon.changed():
                self.resize(self.app.size)
            self.addon.update()

    def next_frame(self) -> float | None:
        if self.moving and self.clock < CELEBRATION:
            return 0.0
        return 0.2 if self.addon is not None else None  # answers come over the network: looked at now and then

    def make_buttons(self) -> list[Button]:
        extra: list[Button] = self.addon.buttons() if self.addon is not None else []
        return [
            Button(N_("Play again"), self.play_again, key=pygame.K_RETURN, primary=True),
            Button(N_("Review"), self.review, key=pygame.K_r),
            Button(N_("Main menu"), self.main_menu, key=pygame.K_ESCAPE),
            *extra,
        ]

    def place_buttons(self) -> None:
        if self.addon is None:
            super().place_buttons()
            return
        ui = self.app.ui  # longer labels (Play again at this table): wider buttons
        widgets.layout_row(self.buttons, (self.panel.centerx, self.panel.bottom - ui(40)), ui(230), ui(44), ui(14))

    def resize(self, size: tuple[int, int]) -> None:
        if self.addon is not None:
            self.panel_size = (760, self.body_height() + BUTTONS)
        super().resize(size)
        if self.code_line is not None:
            ui = self.app.ui
            top = self.panel.y + ui(self.table_top()) + ui(ROW) * len(self.rows) + ui(ROW // 2)
            self.code_line.place((self.panel.centerx, top + ui(CODE // 2)), ui)
            self.buttons.append(self.code_line.button)

    def review(self) -> None:
        """Weigh every human decision (every seat's in a game of computers), then
        replay it with the marks; kept in the game's history file when there is one."""
        match = self.table.session.local
        if match is None:  # (a network table's results have no Review: the moves are the host's)
            return
        path = None if self.table.demo else library.history_file(match)
        self.app.routes.review(match, path, _("Review"))

    def glow(self) -> float:
        """How far the winning rows' band has come in (0..1)."""
        if not self.moving:
            return 1.0
        t = min(1.0, self.clock / GLOW)
        return 1 - (1 - t) ** 3

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_flecks(surface)

    def draw_flecks(self, surface: pygame.Surface) -> None:
        """The winner's moment: flecks drifting down around the panel, never over it."""
        if not self.flecks or self.clock >= CELEBRATION:
            return
        w, h = surface.get_size()
        ui = self.app.ui
        fade = min(1.0, (CELEBRATION - self.clock) / 0.6)
        for x, delay, speed, phase, colour, size in self.flecks:
            t = self.clock - delay
            if t <= 0:
                continue
            px = round(x * w + math.sin(t * 2.2 + phase) * ui(14))
            py = round(-ui(10) + t * speed * h)
            if py > h or self.panel.inflate(ui(8), ui(8)).collidepoint(px, py):
                continue
            r = max(2, round(ui(3) + size * ui(3)))
            tilt = abs(math.cos(t * 4 + phase))  # a turning fleck
            rect = pygame.Rect(0, 0, r * 2, max(2, round(r * 2 * tilt)))
            rect.center = (px, py)
            c = tuple(round(v * (0.35 + 0.65 * fade)) for v in colour[:3])
            pygame.draw.rect(surface, c, rect, border_radius=max(1, r // 2))

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        top = self.panel.y + ui(self.table_top())
        glow = self.glow()
        for r in self.highlight:  # the winner's row on a gold band
            band = pygame.Rect(0, 0, round((self.panel.w - ui(20)) * (0.6 + 0.4 * glow)), ui(ROW) - ui(4))
            band.center = (self.panel.centerx, top + ui(ROW) * (r + 1))
            draw_panel(surface, band, (232, 182, 76, round(46 * glow)), radius=ui(8), edge=None)
        if self.rounds:  # over the round columns: what their numbers are
            label = _("Points in each round")
            first = self.panel.x + ui(20) + ui(200)
            span = (self.panel.w - ui(40) - ui(200)) * self.rounds / (self.rounds + 1)
            blit_text(
                surface,
                label,
                widgets.fit_size(label, ui(15), round(span)),
                MUTED,
                midbottom=(round(first + span / 2), top - ui(14)),
            )
        headers = [_("Player"), *(str(n + 1) for n in range(self.rounds)), _("Score")]
        shifted = self.panel.move(0, ui(self.table_top() - 92))  # (the table draws from 92 below its rect's top)
        draw_score_table(self.app, surface, shifted, headers, self.rows, self.highlight)
        y = top + ui(ROW) * len(self.rows) + ui(ROW // 2)
        if self.code_line is not None:
            self.code_line.draw(surface, ui, self.panel.w)
            y += ui(CODE)
        for line in self.daily:
            blit_text(
                surface,
                line,
                widgets.fit_size(line, ui(17), self.panel.w - ui(40)),
                INK,
                midtop=(self.panel.centerx, y + ui(4)),
            )
            y += ui(DAILY)
        if self.addon is not None:
            y += ui(6)
            for line, colour in self.addon.lines():
                for row in widgets.wrap(line, ui(16), self.panel.w - ui(40)):
                    size = widgets.fit_size(row, ui(16), self.panel.w - ui(40))
                    blit_text(surface, row, size, colour, midtop=(self.panel.centerx, y))
                    y += ui(22)

    def play_again(self) -> None:
        old = self.table.session.local
        if old is None:  # (a network table's results have no Play again)
            return
        match = Match(old.game_id, old.seats, None, (old.start + 1) % len(old.seats), old.options)
        self.app.routes.table(match, demo=self.table.demo)

    def main_menu(self) -> None:
        if self.table.demo and self.app.exit_at_end:
            self.app.quit(0)
            return
        self.app.routes.title()
