"""Sticheln's options in a deal code (the `deal` part; the interface is in
`game.match.deal_code`): the zero-trick rule and the number of rounds, as
one small number.

The numbering is the codes' meaning: never reorder `ZERO_TRICK_RULES` or
change `MAX_ROUNDS`, or shared codes would deal other games.
"""

from __future__ import annotations

from typing import Any

from game.games.sticheln.rules import ZERO_TRICK_RULES  # their order is the code's: never reorder
from game.i18n import _

MAX_ROUNDS = 40  # the `rounds` option a code can hold (0 stands for "one per player")


def option_count() -> int:
    """How many option numbers there are (0 is the default options)."""
    return len(ZERO_TRICK_RULES) * (MAX_ROUNDS + 1)


def encode(options: dict[str, Any]) -> int:
    """The number of `options` (below `option_count()`); ValueError with a
    one-line reason for options a code cannot hold."""
    if not options:
        return 0
    if set(options) - {"rounds", "zero_trick"}:
        raise ValueError(_("the options {options} cannot be written in a deal code").format(options=options))
    rounds = options.get("rounds")
    zero_trick = options.get("zero_trick", ZERO_TRICK_RULES[0])
    if rounds is not None and (
        isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS
    ):
        raise ValueError(_("a deal code holds from 1 to {n} rounds, not {rounds}").format(n=MAX_ROUNDS, rounds=rounds))
    if zero_trick not in ZERO_TRICK_RULES:
        raise ValueError(_("the options {options} cannot be written in a deal code").format(options=options))
    return ZERO_TRICK_RULES.index(zero_trick) * (MAX_ROUNDS + 1) + (rounds or 0)


def decode(index: int) -> dict[str, Any]:
    """The options of a number below `option_count()` (the defaults left out)."""
    if index == 0:
        return {}
    zero_trick, rounds = divmod(index, MAX_ROUNDS + 1)
    options: dict[str, Any] = {}
    if rounds:
        options["rounds"] = rounds
    if zero_trick:
        options["zero_trick"] = ZERO_TRICK_RULES[zero_trick]
    return options
