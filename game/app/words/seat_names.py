"""The names seats start with at the setup, so that every seat at a table has
a name of its own: one human facing computers is "You" (the table speaks to
that seat in the second person anyway), several humans sharing the laptop
are "Player 1", "Player 2"... (the pass screen and the sentences about the
others name them), and computers have names of their own.  A name typed in
replaces the default; two seats never share a name.  Pure (no pygame).
"""

from __future__ import annotations

import re

from game.i18n import _

COMPUTER_NAMES = ("Mina", "Pau", "Simran", "Joon", "Laia", "Harpreet")


def computer_name(seat: int) -> str:
    """A computer's own name: seat 1 is Mina, seat 2 Pau... (seat 0, Harpreet)."""
    return COMPUTER_NAMES[(seat - 1) % len(COMPUTER_NAMES)]


def free_computer_name(seat: int, taken: list[str]) -> str:
    """Seat `seat`'s computer name, or the next one after it that no name in
    `taken` is (the seat's own when every one is taken: a number then tells them apart)."""
    used = {t.casefold() for t in taken}
    for step in range(len(COMPUTER_NAMES)):
        name = computer_name(seat + step)
        if name.casefold() not in used:
            return name
    return computer_name(seat)


def default_name(seat: int, humans: list[bool]) -> str:
    """The name `seat` starts with, given which seats are human."""
    if not humans[seat]:
        return computer_name(seat)
    if humans.count(True) == 1:
        return _("You")
    return _("Player {n}").format(n=humans[: seat + 1].count(True))


def typed(name: str, seat: int) -> str:
    """A remembered name as typed, or "" if it is one of the defaults above
    (in English or the language now chosen): a default follows the seats
    (a "You" remembered from a solo game must not name a pass-and-play seat)."""
    name = name.strip()
    if name in ("You", _("You"), computer_name(seat)):
        return ""
    for player in ("Player {n}", _("Player {n}")):
        if re.fullmatch(re.escape(player).replace(re.escape("{n}"), r"\d+"), name):
            return ""
    return name


def seat_names(names: list[str], humans: list[bool]) -> list[str]:
    """Every seat's name: the one typed in, else its default; a computer whose
    own name a person took (a player called Joon) takes the next computer's
    name nobody has, and a typed name taken by an earlier seat gets a number
    ("Ana 2"), so no two are alike."""
    typed_in = [n.strip() for n in names[: len(humans)]]
    out: list[str] = []
    for seat in range(len(humans)):
        name = typed_in[seat] if seat < len(typed_in) else ""
        base = name or default_name(seat, humans)
        if not name and not humans[seat]:
            base = free_computer_name(seat, [*out, *typed_in])
        name, n = base, 2
        while name.casefold() in (o.casefold() for o in out):
            name, n = f"{base} {n}", n + 1
        out.append(name)
    return out
