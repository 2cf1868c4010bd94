"""The one error every persistence failure turns into.

Kept in its own module so `atomic` and `savefile` can both raise it without
importing each other.
"""

from __future__ import annotations

from game.common.printable import MAX_REASON, printable


class SaveError(ValueError):
    """A file that cannot be read, written or trusted.

    Its text is one line a person can act on ("move 37 'play red 4' does not
    replay: ..."), shown next to the slot or printed by `check-save`: so it is
    always one line of at most `MAX_REASON` characters, with nothing in it a
    font or a terminal cannot show (a file's text may end up in it).
    """

    def __init__(self, message: str) -> None:
        super().__init__(printable(" ".join(str(message).split()), MAX_REASON))
