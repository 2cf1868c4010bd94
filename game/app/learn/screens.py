"""The small screens around a guided game: which game to learn (from the
title), and the setup screen's one-time offer for a game never played."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app.learn.scripts import lesson_games
from game.app.ui import widgets
from game.app.ui.modal import ModalScene
from game.app.ui.widgets import INK, Button, blit_text
from game.app.words.names import game_name
from game.i18n import N_, _
from game.rules import registry

if TYPE_CHECKING:
    from game.app.shell.app import App


class LearnPickScene(ModalScene):
    """Learn to play (title): one button per game that has a guided game."""

    title = N_("Learn to play")
    panel_size = (560, 380)

    def make_buttons(self) -> list[Button]:
        games = [Button(registry.get(g).name, self.learn(g), primary=i == 0) for i, g in enumerate(lesson_games())]
        return [*games, Button(N_("Back"), self.back, key=pygame.K_ESCAPE)]

    def back(self) -> None:
        self.app.stack.pop()

    def learn(self, game_id: str) -> Callable[[], None]:
        """The button's action: the guided game of `game_id`."""

        def start() -> None:
            self.app.routes.learn(game_id)

        return start

    def place_buttons(self) -> None:
        ui = self.app.ui
        widgets.layout_column(
            self.buttons,
            self.panel.centerx,
            self.panel.y + ui(118),
            min(ui(380), self.panel.w - ui(40)),
            ui(46),
            ui(12),
        )

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        line = _("A short game at the table that shows you each rule as it comes up.")
        blit_text(
            surface,
            line,
            widgets.fit_size(line, ui(17), self.panel.w - ui(40)),
            INK,
            midtop=(self.panel.centerx, self.panel.y + ui(70)),
        )

    def handle(self, event: pygame.event.Event) -> bool:
        return widgets.handle_all(self.buttons, event)


class LearnOfferScene(ModalScene):
    """Setup's offer, shown once per game never played: learn it, play now,
    or go back (Esc) to the setup screen."""

    panel_size = (600, 250)

    def __init__(self, app: App, game_id: str, play: Callable[[], None]):
        super().__init__(app)
        self.game_id = game_id
        self.play = play
        self.title = _("Never played {game}? Learn it in 4 minutes.").format(game=game_name(game_id))

    def make_buttons(self) -> list[Button]:
        return [
            Button(N_("Learn to play"), lambda: self.app.routes.learn(self.game_id), key=pygame.K_RETURN, primary=True),
            Button(N_("Play now"), self.play_now),
            Button(N_("Back"), self.back, key=pygame.K_ESCAPE),
        ]

    def back(self) -> None:
        """Esc too: back to the setup screen, nothing started."""
        self.app.stack.pop()

    def play_now(self) -> None:
        self.app.stack.pop()
        self.play()

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        title, self.title = self.title, ""
        super().draw(surface)
        self.title = title
        size = widgets.fit_size(title, ui(24), self.panel.w - ui(40), True)
        blit_text(surface, title, size, INK, bold=True, midtop=(self.panel.centerx, self.panel.y + ui(28)))
        line = _("A short guided game shows every rule as it comes up.")
        blit_text(
            surface,
            line,
            widgets.fit_size(line, ui(17), self.panel.w - ui(40)),
            INK,
            midtop=(self.panel.centerx, self.panel.y + ui(86)),
        )

    def handle(self, event: pygame.event.Event) -> bool:
        return widgets.handle_all(self.buttons, event)


def offer_lesson(app: App, game_id: str, play: Callable[[], None]) -> bool:
    """Offer the guided game before the first game of `game_id` ever played
    (per the statistics), once: True if the offer now shows instead of `play`.
    A game without a guided game is never offered one, nor one whose guided
    game was played to its end (the end screen records it)."""
    if game_id in app.settings.learn_offered or game_id not in lesson_games():
        return False
    app.settings.learn_offered = [*app.settings.learn_offered, game_id]
    app.save_settings()
    from game.persist.stats import load_stats

    if any(record.games for record in load_stats().get(game_id, {}).values()):
        return False
    app.routes.learn_offer(game_id, play)
    return True
