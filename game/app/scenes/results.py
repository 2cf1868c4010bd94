"""Final results: the winners, every score, play again or go to the menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.ui import widgets
from game.app.ui.deal_code_line import DealCodeLine
from game.app.ui.modal import ModalScene
from game.app.ui.score_table import draw_score_table
from game.app.ui.widgets import INK, Button, blit_text
from game.app.words.daily_words import daily_lines
from game.i18n import N_, _
from game.persist import library
from game.session.deal_code import code_of
from game.session.match import Match

if TYPE_CHECKING:
    from game.app.shell.app import App
    from game.app.table.base import TableScene


class ResultsScene(ModalScene):
    hides_overlays = True  # its scores replace the score pad beneath, never print over it

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
            self.title = _("Shared win: {names}").format(names=", ".join(names))
        scores = state.scores()
        order = sorted(range(len(scores)), key=lambda s: -scores[s])
        # Equal scores share a place ("1. 1. 3."), as at any table.
        self.rows = [[f"{1 + sum(t > scores[s] for t in scores)}. {table.name(s)}", str(scores[s])] for s in order]
        self.highlight = {i for i, s in enumerate(order) if s in winners}
        code = code_of(table.match)
        self.code_line = DealCodeLine(code) if code else None
        self.daily = daily_lines(table.match)
        self.panel_size = (640, 220 + 40 * len(self.rows) + (64 if code else 0) + 28 * len(self.daily))
        app.sound.play("win")

    def make_buttons(self) -> list[Button]:
        return [
            Button(N_("Play again"), self.play_again, key=pygame.K_RETURN, primary=True),
            Button(N_("Review"), self.review, key=pygame.K_r),
            Button(N_("Main menu"), self.main_menu, key=pygame.K_ESCAPE),
        ]

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.code_line is not None:
            ui = self.app.ui
            self.code_line.place((self.panel.centerx, self.panel.y + ui(92) + ui(40) * len(self.rows) + ui(46)), ui)
            self.buttons.append(self.code_line.button)

    def review(self) -> None:
        """Weigh every human decision (every seat's in a game of computers), then
        replay it with the marks; kept in the game's history file when there is one."""
        match = self.table.match
        path = None if self.table.demo else library.history_file(match)
        self.app.routes.review(match, path, _("Review"))

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        draw_score_table(self.app, surface, self.panel, [_("Player"), _("Score")], self.rows, self.highlight)
        y = self.panel.y + ui(92) + ui(40) * len(self.rows) + ui(30)
        if self.code_line is not None:
            self.code_line.draw(surface, ui, self.panel.w)
            y += ui(64)
        for line in self.daily:
            blit_text(
                surface,
                line,
                widgets.fit_size(line, ui(17), self.panel.w - ui(40)),
                INK,
                midtop=(self.panel.centerx, y),
            )
            y += ui(28)

    def play_again(self) -> None:
        old = self.table.match
        match = Match(old.game_id, old.seats, None, (old.start + 1) % len(old.seats), old.options)
        self.app.routes.table(match, demo=self.table.demo)

    def main_menu(self) -> None:
        if self.table.demo and self.app.exit_at_end:
            self.app.quit(0)
            return
        self.app.routes.title()
