"""What the Avalanche table draws, as one value: the viewer's hand, every
seat's count, the avalanche in the middle, the piles -- either live from the
view or held for a beat (a fall, a stop, the end), when it also says what
happened (`kind`, who played the falling set, who collects, how many cards).
Pure, so its words are tested without a window."""

from __future__ import annotations

from typing import Any, NamedTuple


class Snapshot(NamedTuple):
    hand: list[Any]  # the bottom seat's cards
    sizes: list[int]  # every seat's hand size
    table: list[tuple[int, list[Any]]]  # the avalanche: (seat, cards) plays, oldest first
    pile: int  # cards in the draw pile
    coll: list[int]  # every seat's collected cards
    neutral: int  # cards in the crevasse
    out: set[int]  # seats out of cards for good
    kind: str | None = None  # "fall", "stop", "show" or "end" while a hold shows it
    faller: int | None = None  # who played the set that made it fall or stop
    collector: int | None = None  # who collects a fall
    cards: int = 0  # cards that fell, stopped, or go into the crevasse at the end
