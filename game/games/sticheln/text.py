"""Sticheln in plain text for the terminal game (the `text` part, see
`game.tools.textplay`)."""

from __future__ import annotations

from typing import Any

from game.common.plain_text import per_seat, seat_name


def describe(view: Any) -> list[str]:
    """This game's lines for the seat `view.viewer` (the terminal game adds the rest)."""
    me = view.viewer
    n = view.num_players
    if view.phase == "pick":
        doing = "everyone secretly picks a pain card"
        pain = per_seat(view, me, lambda s: view.pain_card(s) or ("picked" if view.picks[s] != -1 else "choosing"))
    else:
        doing = "playing tricks (no need to follow colour; zeros never win)"
        pain = per_seat(view, me, lambda s: view.pain_card(s) or "-")
    lines = [f"Round {view.round_number} of {view.rounds}: {doing}.", f"Pain cards: {pain}"]
    if view.trick:
        played = ", ".join(
            f"{seat_name((view.leader + i) % n, me)} {card}" for i, card in enumerate(view.trick_cards())
        )
        lines.append(f"Trick (lead colour {view.lead_colour()}): {played}")
    elif view.phase == "play":
        lines.append(f"{seat_name(view.leader, me)} lead{'s' if view.leader != me else ''} the next trick.")
    lines.append(f"Tricks taken: {per_seat(view, me, view.tricks_taken)}")
    return lines
