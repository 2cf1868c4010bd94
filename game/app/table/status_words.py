"""Status lines in the player's language that every table shares: whose
turn it is.  Pure (no pygame): it names seats through `name(seat)` and asks
`you(seat)` which seat is the person at the screen -- said in the second
person ("Your turn"), never by name -- so it is tested without a window.

A game's own status lines, banners and seat panels live in its words part
(`game/games/<id>/words.py`); the names the tables still ask this module for
(`sticheln_status`, `grinch_seat_lines`...) are forwarded there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.i18n import _

if TYPE_CHECKING:
    from game.session.session import TableMatch

Name = Callable[[int], str]
Mine = Callable[[int], bool]


#: What moved into a game's words part and is still asked for here.
def nobody(seat: int) -> bool:
    """For a table nobody sits at (a demo): no seat is "you"."""
    return False


def turn_text(current: int | None, viewer: int | None, match: TableMatch, name: Name, you: Mine | None = None) -> str:
    """'Your turn' (or '<name>, your turn' with several humans) for the seat
    that is "you" (by default the human whose eyes the table shows), else
    '<name> to play'; 'Game over' at the end."""
    if current is None:
        return _("Game over")
    mine = you(current) if you is not None else (current == viewer and match.seats[current].human)
    if mine:
        if len(match.humans) == 1:
            return _("Your turn")
        return _("{name}, your turn").format(name=name(current))
    return _("{name} to play").format(name=name(current))
