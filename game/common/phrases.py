"""What every game's ``words`` part borrows to say things: `Message` (a
refusal's or a hint's catalog message), `plural_message` and `cards(n)`.  Here, beneath the
games, so a game's words import nothing of the app; `game.app.words`
(`reasons`, `names`) uses the same names."""

from __future__ import annotations

from typing import NamedTuple

from game.i18n import ngettext


class Message(NamedTuple):
    """A catalog message for a code, and (when a `seat` param is the
    subject) the one said to that seat itself; a counted one (`plural_message`)
    also has its plural and the param that picks the form."""

    other: str
    you: str | None = None
    plural: str | None = None
    counted_by: str | None = None


def plural_message(singular: str, plural: str, count: str = "n") -> Message:
    """A message whose words agree with the number in its `count` param
    ("only 1 is left" / "only 3 are left"): the catalogs hold its plural
    forms (build/extract_messages.py collects it as `ngettext`'s)."""
    return Message(singular, None, plural, count)


def cards(n: int) -> str:
    """ "1 card", "5 cards"."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)
