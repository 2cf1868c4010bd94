"""The one error every persistence failure turns into.

Kept in its own module so `atomic` and `savefile` can both raise it without
importing each other.
"""

from __future__ import annotations


class SaveError(ValueError):
    """A file that cannot be read, written or trusted.

    Its text is one line a person can act on ("move 37 'play red 4' does not
    replay: ..."), shown next to the slot or printed by `check-save`.
    """

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(str(message).split()))  # always one line
