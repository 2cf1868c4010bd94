"""Avalanche in plain text for the terminal game (the `text` part, see
`game.tools.textplay`)."""

from __future__ import annotations

from typing import Any

from game.common.plain_text import per_seat, seat_name
from game.games.avalanche.rules import RANK_NAMES


def describe(view: Any) -> list[str]:
    """This game's lines for the seat `view.viewer` (the terminal game adds the rest)."""
    me = view.viewer
    lines = [f"Draw pile: {view.pile_count} cards."]
    last = view.last_play
    if last is None:
        lines.append("The table is empty: snowfall (draw a card) or start an avalanche with a set.")
    else:
        plays = "  ->  ".join(
            f"{seat_name(seat, me)} {' '.join(map(str, cards))}" for seat, cards in view.table_plays()
        )
        lines.append(f"Avalanche: {plays}")
        seat, cards = last
        k, rank = len(cards), RANK_NAMES[cards[0].rank]
        hint = f"To grow: more than {k} cards, or {k} of rank {rank} or higher."
        if k >= 2:
            hint += f" To stop: {k} cards below {rank}."
        hint += f" Anything else falls into {seat_name(seat, me)}'s pile."
        lines.append(hint)
    lines.append(f"Collected: {per_seat(view, me, lambda s: len(view.collected[s]))}; neutral {len(view.neutral)}")
    if view.out:
        lines.append("Out: " + ", ".join(seat_name(s, me) for s in view.out))
    return lines
