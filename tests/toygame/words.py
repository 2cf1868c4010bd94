"""High Card's words, in English only (a toy needs no catalog): what the
shared words (`game.app.words.names`) ask a game's words part for."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def card_name(card: Any) -> str:
    return f"the {card}"


def move_text(move: Any, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    return f"Play the {move.card}"


def move_named(move: Any, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    return f"the {move.card}"


def move_said(seat: int, move: Any, name: Callable[[int], str], you: Callable[[int], bool]) -> str | None:
    return f"You played the {move.card}" if you(seat) else f"{name(seat)} played the {move.card}"


def sentences(
    seat: int | None, events: Any, n: int, name: Callable[[int], str], you: Callable[[int], bool]
) -> list[str]:
    out = []
    for e in events:
        if e.kind == "played" and e.seat is not None:
            out.append(move_said(e.seat, _Played(e.cards[0]), name, you) or "")
        elif e.kind == "trick_won":
            out.append("You take the trick" if you(e.seat) else f"{name(e.seat)} takes the trick")
    return out


def title_card() -> int:
    return 6


class _Played:
    def __init__(self, card: int) -> None:
        self.card = card
