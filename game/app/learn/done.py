"""The end of a guided game: what was learnt (the lesson part's ``LEARNT``),
and the way to a real game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.app.learn.scripts import lesson
from game.app.ui import widgets
from game.app.ui.modal import ModalScene
from game.app.ui.widgets import ACCENT, INK, MUTED, Button, blit_text
from game.app.words.names import game_name
from game.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from game.app.shell.app import App

EXIT_WAIT = 1.5  # seconds the end shows before `--exit-at-end` quits


class LearnDoneScene(ModalScene):
    """Over the finished guided game: Play a real game (this game chosen), again, or leave."""

    title = N_("Lesson complete")
    hides_overlays = True  # the one panel over the finished table: no score pad peeking out beneath it
    panel_size = (760, 340)  # the height is fitted to the words (`resize`)

    def __init__(self, app: App, game_id: str):
        super().__init__(app)
        self.game_id = game_id
        self.left = EXIT_WAIT
        self.result: list[str] = []  # how it went (`tell`), shown under the head
        self.whole = True  # a whole game was played (else its first round)
        learnt(app, game_id)

    def tell(self, scores: list[int], names: list[str], why: str = "", whole: bool = True) -> None:
        """How the game went, honestly: the learner's place (seat 0) and who
        won, `why` (the lesson's word on the learner's points), the scores;
        `whole` False for a guided game that is a game's first round."""
        self.result, self.whole = standing(scores, names, why), whole
        if self.result and scores and scores[0] >= max(scores):
            self.title = N_("Well played!")
        self.resize(self.app.size)

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
            label_px=ui(19),  # as ModalScene draws them
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

    def resize(self, size: tuple[int, int]) -> None:
        """The panel as tall as its words and buttons: no empty band."""
        super().resize(size)
        ui = self.app.ui
        height = ui(72) + sum(step for *_line, step in self.body_lines()) + ui(20) + ui(80)
        self.panel.h = min(height, size[1] - 20)
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.place_buttons()

    def body_lines(self) -> list[tuple[str, int, Any, bool, int]]:
        """The words under the title as (text, size, colour, bold, the height it takes)."""
        ui = self.app.ui
        room = self.panel.w - ui(60)
        if self.whole:
            head = _("You have played your first game of {game}.").format(game=game_name(self.game_id))
        else:
            head = _("You have played your first round of {game}.").format(game=game_name(self.game_id))
        out = [(head, widgets.fit_size(head, ui(20), self.panel.w - ui(40), True), INK, True, ui(36))]
        for i, said in enumerate(self.result):
            size, colour = (ui(18), ACCENT) if i == 0 else (ui(17), INK)
            out += [(line, size, colour, i == 0, round(size * 1.4)) for line in widgets.wrap(said, size, room, i == 0)]
        if self.result:
            text, size, colour, bold, step = out[-1]
            out[-1] = (text, size, colour, bold, step + ui(10))
        out += [
            (line, ui(17), MUTED, False, ui(24)) for line in widgets.wrap(_(lesson(self.game_id).LEARNT), ui(17), room)
        ]
        return out

    def draw_body(self, surface: pygame.Surface) -> None:
        y = self.panel.y + self.app.ui(72)
        for text, size, colour, bold, step in self.body_lines():
            blit_text(surface, text, size, colour, bold=bold, midtop=(self.panel.centerx, y))
            y += step

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
        head = ngettext("You won with {points} point", "You won with {points} points", best).format(points=best)
    elif 0 in winners:
        head = ngettext(
            "You shared the win with {names}: {points} point", "You shared the win with {names}: {points} points", best
        ).format(names=others, points=best)
    else:
        place = 1 + sum(1 for total in scores if total > scores[0])
        head = ngettext(
            "You finished {place}: {names} won with {points} points",
            "You finished {place}: {names} shared the win with {points} points",
            len(winners),
        ).format(
            place=_(PLACES[place]) if place in PLACES else str(place),
            names=others,
            points=best,
        )
    order = sorted(range(len(scores)), key=lambda seat: -scores[seat])
    table = " · ".join(f"{names[seat]} {scores[seat]}" for seat in order)
    # the full stop is the language's own (Punjabi ends a sentence with ।), never glued on here
    said = _("{sentence}. {why}").format(sentence=head, why=why) if why else _("{sentence}.").format(sentence=head)
    return [said, _("Scores: {scores}").format(scores=table)]
