"""The setup screen's optional "Deal code" field: type or paste a friend's code
to play the same cards.  Says at once what the code holds, or why it holds nothing."""

from __future__ import annotations

from typing import Callable

import pygame

from game.app.ui import widgets
from game.app.ui.clipboard import paste_text
from game.app.ui.text_input import TextField
from game.app.ui.widgets import ACCENT, DANGER, MUTED, blit_text
from game.app.words.names import game_name
from game.i18n import _
from game.match.deal_code import LENGTH, DealCodeError, DealSetup, decode, normalize

MAX_CODE = 24  # room for spaces and hyphens typed by hand
MAX_PASTE = 200  # a pasted code with its sentence around it, at most


def as_sentence(reason: str) -> str:
    """A deal code's refusal (a clause, as the command line prints it after
    "error:") said on the screen as a sentence: a capital, a full stop."""
    if not reason:
        return reason
    text = reason[0].upper() + reason[1:]
    return text if text[-1] in ".!?।" else _("{reason}.").format(reason=text)


class DealCodeField:
    """A text field that decodes as you type; `on_setup` hears each newly valid code."""

    def __init__(self, on_setup: Callable[[DealSetup], None]):
        self.field = TextField(
            "", max_len=MAX_CODE, on_submit=lambda _text: self.field.blur(), on_cancel=self.field_blur
        )
        self.on_setup = on_setup
        self.setup: DealSetup | None = None
        self.error = ""

    def field_blur(self) -> None:
        self.field.blur()

    @property
    def rect(self) -> pygame.Rect:
        return self.field.rect

    @property
    def focused(self) -> bool:
        return self.field.focused

    def focus(self) -> None:
        self.field.focus()

    def blur(self) -> None:
        self.field.blur()

    def changed(self) -> None:
        """Decode the text as it now stands; an empty field is no code and no error."""
        text = self.field.text.strip()
        before = self.setup
        self.setup, self.error = None, ""
        if text:
            try:
                self.setup = decode(text)
            except DealCodeError as exc:
                self.error = as_sentence(str(exc))
        if self.setup is not None and self.setup != before:
            self.on_setup(self.setup)

    @property
    def invalid(self) -> bool:
        """Text in the field that is not a deal code: nothing may start on it."""
        return bool(self.field.text.strip()) and self.setup is None

    def used(self, game: str, players: int, start: int | None) -> DealSetup | None:
        """The code's deal when the screen still shows its game, player count and starter."""
        setup = self.setup
        if setup is not None and (setup.game, setup.players, setup.start) == (game, players, start):
            return setup
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        before = self.field.text
        if (
            self.field.focused
            and event.type == pygame.KEYDOWN
            and event.key == pygame.K_v
            and event.mod & pygame.KMOD_CTRL
        ):
            pasted = paste_text().strip()
            if len(pasted) > MAX_PASTE:  # not a code: said, and the field keeps what it held
                self.setup, self.error = (
                    None,
                    _("The clipboard holds {n} characters: far too many for a deal code.").format(n=len(pasted)),
                )
                return True
            if not pasted:
                self.error = _("The clipboard holds no text to paste.")
                return True
            self.field.insert(pasted)
            taken = True
        else:
            taken = self.field.handle(event)
        if self.field.text != before:
            self.changed()
        return taken

    def update(self, dt: float) -> None:
        self.field.update(dt)

    def next_frame(self) -> float | None:
        return self.field.next_frame()

    def draw(
        self,
        surface: pygame.Surface,
        ui: Callable[[float], int],
        game: str,
        players: int,
        start: int | None,
        starter_name: str,
        width: int,
    ) -> None:
        """The label over the field, and under it what the code holds or what is wrong with it."""
        rect = self.field.rect
        blit_text(surface, _("Deal code (optional)"), ui(15), MUTED, bottomleft=(rect.x, rect.y - ui(4)))
        self.field.draw(surface, ui(19))
        if self.error:  # muted while a code is still being typed in
            typing = self.field.focused and len(normalize(self.field.text)) < LENGTH
            lines, colour = widgets.wrap(self.error, ui(14), width), MUTED if typing else DANGER
        elif self.setup is None:
            lines, colour = widgets.wrap(_("Type a friend's code to play the same cards."), ui(14), width), MUTED
        elif self.used(game, players, start) is None:
            lines, colour = (
                widgets.wrap(
                    _("The game, players or starter no longer match the code, so it is not used."), ui(14), width
                ),
                DANGER,
            )
        else:
            said = _("{game}, {n} players, {name} starts: the code's deal.").format(
                game=game_name(self.setup.game), n=self.setup.players, name=starter_name
            )
            lines, colour = widgets.wrap(said, ui(14), width), ACCENT
        y = rect.bottom + ui(6)
        for line in lines[:4]:
            shown = blit_text(surface, line, ui(14), colour, topleft=(rect.x, y))
            y = shown.bottom + ui(2)
