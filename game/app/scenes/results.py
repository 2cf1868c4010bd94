"""Final results: the winners, every score, play again or go to the menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.modal import ModalScene
from game.app.score_table import draw_score_table
from game.app.widgets import Button
from game.i18n import N_, _
from game.match import Match
from game.persist import library

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.table.base import TableScene


class ResultsScene(ModalScene):
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
        self.rows = [[f"{i + 1}. {table.name(s)}", str(scores[s])] for i, s in enumerate(order)]
        self.highlight = {i for i, s in enumerate(order) if s in winners}
        self.panel_size = (640, 220 + 40 * len(self.rows))
        app.sound.play("win")

    def make_buttons(self) -> list[Button]:
        return [
            Button(N_("Play again"), self.play_again, key=pygame.K_RETURN, primary=True),
            Button(N_("Review"), self.review, key=pygame.K_r),
            Button(N_("Main menu"), self.main_menu, key=pygame.K_ESCAPE),
        ]

    def review(self) -> None:
        """Weigh every human decision (every seat's in a game of computers), then
        replay it with the marks; kept in the game's history file when there is one."""
        match = self.table.match
        path = None if self.table.demo else library.history_file(match)
        self.app.go("review", match, path, _("Review"))

    def draw_body(self, surface: pygame.Surface) -> None:
        draw_score_table(self.app, surface, self.panel, [_("Player"), _("Score")], self.rows,
                         self.highlight)

    def play_again(self) -> None:
        old = self.table.match
        match = Match(old.game_id, old.seats, None, (old.start + 1) % len(old.seats), old.options)
        self.app.go("table", match, demo=self.table.demo)

    def main_menu(self) -> None:
        if self.table.demo and self.app.exit_at_end:
            self.app.quit(0)
            return
        self.app.go("title")
