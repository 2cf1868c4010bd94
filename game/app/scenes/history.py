"""Finished games, newest first: who played, who won, and a replay of each."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from game.app.ui.deal_code_line import copy_code
from game.app.ui.slot_list import SlotListScene
from game.app.ui.widgets import Button
from game.app.words import names as words
from game.app.words.save_words import game_name, when
from game.i18n import N_, _
from game.match.deal_code import code_of
from game.persist import SaveError, library
from game.persist.library import SlotInfo

if TYPE_CHECKING:
    from game.match.match import Match


def result_line(match: Match) -> str:
    """'Won by Ana · Ana 52 · Mina 40 · Pau 31' (best score first, as the results said)."""
    state = match.state
    scores = state.scores()
    names = [seat.name for seat in match.seats]
    humans = match.humans  # the one human of a game is "you"; in pass-and-play everyone is named
    won = words.names_said(state.winners(), names.__getitem__, lambda s: humans == [s])
    order = sorted(range(len(scores)), key=lambda s: -scores[s])
    table = " · ".join(f"{names[s]} {scores[s]}" for s in order)
    return _("Won by {names}").format(names=won) + " · " + table


class HistoryScene(SlotListScene):
    title = N_("History")
    empty = N_("No finished games yet. Every game played to the end is kept here, to replay and for the statistics.")
    open_label = N_("Replay")

    def fetch(self) -> list[SlotInfo]:
        return library.list_history()

    def describe(self, info: SlotInfo) -> tuple[str, str]:
        head = " · ".join(b for b in (game_name(info.game), when(info.saved_at)) if b)
        if info.error:
            return head or info.name, ""
        try:
            match = library.shared_match(info.path)
        except SaveError as exc:  # changed on disk since it was listed
            info.error = str(exc)
            return head, ""
        if match.daily:  # a day's deal says so, as its table and the title did
            head = _("Today's deal") + " · " + head
        code = code_of(match)  # on the second line, which has the room for it beside the buttons
        return head, " · ".join(b for b in (result_line(match), code) if b)

    def row_buttons(self, info: SlotInfo) -> list[Button]:
        """Review and (for a deal with a code) Copy code, beside Replay and Delete."""
        buttons = super().row_buttons(info)
        if info.error:
            return buttons
        review = Button(N_("Review"), partial(self.review, info))
        try:
            code = code_of(library.shared_match(info.path))
        except SaveError:
            return [review, *buttons]
        if code is None:
            return [review, *buttons]
        return [review, Button(N_("Copy code"), lambda: self.say(*copy_code(code))), *buttons]

    def review(self, info: SlotInfo) -> None:
        match = self.loaded(info, library.shared_match)
        if match is not None:
            self.app.sound.play("click")
            self.app.routes.review(match, info.path, self.describe(info)[0])

    def open(self, info: SlotInfo) -> None:
        match = self.loaded(info, library.shared_match)
        if match is not None:
            self.app.sound.play("click")
            self.app.routes.replay(match, self.describe(info)[0])
