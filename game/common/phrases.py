"""What every game's ``words`` part borrows to say things: `Message` (a
refusal's or a hint's catalog message) and `cards(n)`.  Here, beneath the
games, so a game's words import nothing of the app; `game.app.words`
(`reasons`, `names`) uses the same names."""

from __future__ import annotations

from typing import NamedTuple

from game.i18n import ngettext


class Message(NamedTuple):
    """A catalog message for a code, and (when a `seat` param is the
    subject) the one said to that seat itself."""

    other: str
    you: str | None = None


def cards(n: int) -> str:
    """ "1 card", "5 cards"."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)
