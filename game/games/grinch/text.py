"""Grinch in plain text for the terminal game (the `text` part, see
`game.tools.textplay`)."""

from __future__ import annotations

from typing import Any

from game.common.plain_text import per_seat, seat_name
from game.games.grinch.rules import hand_score


def describe(view: Any) -> list[str]:
    """This game's lines for the seat `view.viewer` (the terminal game adds the rest)."""
    me = view.viewer
    lines = [
        f"Round {view.round_number} of {view.rounds}. The Grinch is {seat_name(view.grinch, me)}; "
        f"the heart shows {view.heart}.",
        f"Draw pile: {view.pile_size()} cards.",
    ]
    tops = per_seat(
        view,
        me,
        lambda s: (
            (f"{view.discard_pile(s)[0]} ({len(view.discard_pile(s))})" if view.discard_pile(s) else "empty")
            + (" + a hidden discard" if view.has_pending(s) and view.pending_discard(s) is None else "")
        ),
    )
    lines.append(f"Discard piles: {tops}")
    if view.phase_name == "grinch":
        lines.append(f"The Grinch takes {view.takes_left} more card(s), then discards one.")
    pad = view.pad()
    lines.append(
        "Score pad: "
        + "; ".join(
            f"{seat_name(s, me)} " + (", ".join(f"{row} {pts}" for row, pts in pad[s].items()) or "-")
            for s in range(view.num_players)
        )
    )
    if view.phase_name == "score":
        hand = view.hand(me)
        lines.append(
            "Your open rows would score: " + ", ".join(f"{row} {hand_score(hand, row)}" for row in view.open_rows(me))
        )
    return lines
