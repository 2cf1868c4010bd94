"""The end of a guided game: what was learnt (the lesson part's ``LEARNT``),
and the way to a real game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.learn.scripts import lesson
from game.app.ui import widgets
from game.app.ui.modal import ModalScene
from game.app.ui.widgets import INK, Button, blit_text
from game.app.words.names import game_name
from game.i18n import N_, _

if TYPE_CHECKING:
    from game.app.shell.app import App

EXIT_WAIT = 1.5  # seconds the end shows before `--exit-at-end` quits


class LearnDoneScene(ModalScene):
    """Over the finished guided game: Play a real game (this game chosen), again, or leave."""

    title = N_("Well played!")
    panel_size = (760, 340)

    def __init__(self, app: App, game_id: str):
        super().__init__(app)
        self.game_id = game_id
        self.left = EXIT_WAIT
        learnt(app, game_id)

    def make_buttons(self) -> list[Button]:
        return [
            Button(N_("Play a real game"), self.real_game, key=pygame.K_RETURN, primary=True),
            Button(N_("Once more"), self.again),
            Button(N_("Title screen"), self.leave, key=pygame.K_ESCAPE),
        ]

    def place_buttons(self) -> None:
        ui = self.app.ui
        widgets.layout_row(
            self.buttons,
            (self.panel.centerx, self.panel.bottom - ui(40)),
            min(ui(230), (self.panel.w - ui(60)) // 3),
            ui(44),
            ui(12),
        )

    def real_game(self) -> None:
        self.app.routes.title()
        self.app.routes.setup(self.game_id)

    def again(self) -> None:
        self.app.routes.learn(self.game_id)

    def leave(self) -> None:
        self.app.routes.title()

    def update(self, dt: float) -> None:
        if self.app.exit_at_end and self.app.stack.top is self:
            self.left -= dt
            if self.left <= 0:
                self.app.quit(0)

    def next_frame(self) -> float | None:
        return max(0.0, self.left) if self.app.exit_at_end else None

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        head = _("You have played your first game of {game}.").format(game=game_name(self.game_id))
        y = self.panel.y + ui(72)
        blit_text(
            surface,
            head,
            widgets.fit_size(head, ui(20), self.panel.w - ui(40), True),
            INK,
            bold=True,
            midtop=(self.panel.centerx, y),
        )
        y += ui(36)
        for line in widgets.wrap(_(lesson(self.game_id).LEARNT), ui(17), self.panel.w - ui(60)):
            blit_text(surface, line, ui(17), INK, midtop=(self.panel.centerx, y))
            y += ui(24)

    def handle(self, event: pygame.event.Event) -> bool:
        return widgets.handle_all(self.buttons, event)


def learnt(app: App, game_id: str) -> None:
    """The guided game of `game_id` was played to its end: Setup's offer
    (`offer_lesson`, which shows once per game in ``learn_offered``) is spent."""
    if game_id not in app.settings.learn_offered:
        app.settings.learn_offered = [*app.settings.learn_offered, game_id]
        app.save_settings()
