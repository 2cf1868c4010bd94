"""How the terminal game names seats and lists cards, in plain English text:
shared by the terminal game (`game.tools.textplay`) and each game's ``text``
part, which describes its position with these helpers (so a game's text part
imports no tool)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def seat_name(seat: int | None, me: int) -> str:
    """ "You", "Seat 2" or "table", as the terminal game names a seat."""
    if seat is None:
        return "table"
    return "You" if seat == me else f"Seat {seat}"


def cards_text(cards: Any) -> str:
    """Cards in the rules' notation, comma separated ("-" for none)."""
    return ", ".join(map(str, cards)) or "-"


def per_seat(view: Any, me: int, value: Callable[[int], Any]) -> str:
    """ "You 3, Seat 1 5, …": one value per seat."""
    return ", ".join(f"{seat_name(s, me)} {value(s)}" for s in range(view.num_players))
