"""The end of a guided game: what was learnt (the lesson part's ``LEARNT``),
and the way to a real game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.learn.scripts import lesson
from game.app.ui import widgets
from game.app.ui.modal import ModalScene
from game.app.ui.widgets import ACCENT, INK, MUTED, Button, blit_text
from game.app.words.names import game_name
from game.i18n import N_, _

if TYPE_CHECKING:
    from game.app.shell.app import App

EXIT_WAIT = 1.5  # seconds the end shows before `--exit-at-end` quits


class LearnDoneScene(ModalScene):
    """Over the finished guided game: Play a real game (this game chosen), again, or leave."""

    title = N_("Lesson complete")
    panel_size = (760, 400)

    def __init__(self, app: App, game_id: str):
        super().__init__(app)
        self.game_id = game_id
        self.left = EXIT_WAIT
        self.result: list[str] = []  # how it went (`tell`), shown under the head
        learnt(app, game_id)

    def tell(self, scores: list[int], names: list[str], why: str = "") -> None:
        """How the game went, honestly: the learner's place (seat 0) and who
        won, `why` (the lesson's word on the learner's points), the scores."""
        self.result = standing(scores, names, why)
        if self.result and scores and scores[0] >= max(scores):
            self.title = N_("Well played!")

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
        for i, said in enumerate(self.result):
            size, colour = (ui(18), ACCENT) if i == 0 else (ui(17), INK)
            for line in widgets.wrap(said, size, self.panel.w - ui(60), i == 0):
                blit_text(surface, line, size, colour, bold=i == 0, midtop=(self.panel.centerx, y))
                y += round(size * 1.4)
        if self.result:
            y += ui(10)
        for line in widgets.wrap(_(lesson(self.game_id).LEARNT), ui(17), self.panel.w - ui(60)):
            blit_text(surface, line, ui(17), MUTED, midtop=(self.panel.centerx, y))
            y += ui(24)

    def handle(self, event: pygame.event.Event) -> bool:
        return widgets.handle_all(self.buttons, event)


def learnt(app: App, game_id: str) -> None:
    """The guided game of `game_id` was played to its end: Setup's offer
    (`offer_lesson`, which shows once per game in ``learn_offered``) is spent."""
    if game_id not in app.settings.learn_offered:
        app.settings.learn_offered = [*app.settings.learn_offered, game_id]
        app.save_settings()


#: the learner's place when not first (the guided games have two or three seats)
PLACES = {2: N_("2nd"), 3: N_("3rd")}


def standing(scores: list[int], names: list[str], why: str = "") -> list[str]:
    """The end's lines on how it went for seat 0 (the learner): the place and
    who won (with `why` after it), then everyone's score, best first."""
    if not scores:
        return []
    best = max(scores)
    winners = [seat for seat, total in enumerate(scores) if total == best]
    others = ", ".join(names[seat] for seat in winners if seat != 0)
    if winners == [0]:
        head = _("You won with {points} points").format(points=best)
    elif 0 in winners:
        head = _("You shared the win with {names}: {points} points").format(names=others, points=best)
    else:
        place = 1 + sum(1 for total in scores if total > scores[0])
        head = _("You finished {place}: {names} won with {points} points").format(
            place=_(PLACES[place]) if place in PLACES else str(place),
            names=others,
            points=best,
        )
    order = sorted(range(len(scores)), key=lambda seat: -scores[seat])
    table = " · ".join(f"{names[seat]} {scores[seat]}" for seat in order)
    return [f"{head}. {why}" if why else head + ".", _("Scores: {scores}").format(scores=table)]
