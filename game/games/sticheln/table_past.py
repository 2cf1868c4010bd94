"""A Sticheln view of a moment the rules passed through inside one move:
the last card of a trick already on the felt, and then the trick gathered
to its taker, before the round is scored and the next one dealt.  Pure (no
pygame): the stage shows these while the match's state has moved on.
"""

from __future__ import annotations

from typing import Any


class PastView:
    """`base` (a view from before the move) with `card` out of `seat`'s hand
    and lying on the trick; with `taker`, the trick `cards` are counted as
    taken by that seat (None: set aside), and the trick is empty again.
    Everything else reads from `base`."""

    def __init__(
        self, base: Any, seat: int, card: Any, taker: int | None = None, cards: tuple = (), gathered: bool = False
    ):
        self.base = base
        self.seat = seat
        self.card = card
        self.taker = taker
        self.cards = tuple(cards)
        self.gathered = gathered

    def __getattr__(self, name: str) -> Any:  # phase, leader, round_number, options...
        return getattr(self.base, name)

    def gather(self, taker: int | None, cards: tuple) -> PastView:
        """The same moment once the trick has gone to `taker` (None: set aside)."""
        return PastView(self.base, self.seat, self.card, taker, cards, gathered=True)

    @property
    def current_player(self) -> int | None:
        return None  # nobody acts in a moment that is already past

    def hand(self, seat: int) -> list:
        cards = list(self.base.hand(seat))
        if seat == self.seat and self.card in cards:
            cards.remove(self.card)
        return cards

    def hand_size(self, seat: int) -> int:
        return self.base.hand_size(seat) - (seat == self.seat)

    def trick_cards(self) -> list:
        return [] if self.gathered else [*self.base.trick_cards(), self.card]

    def lead_colour(self) -> str | None:
        trick = self.trick_cards()
        return trick[0].colour if trick else None

    def won_cards(self, seat: int) -> list:
        won = list(self.base.won_cards(seat))
        return won + list(self.cards) if self.gathered and seat == self.taker else won

    def tricks_taken(self, seat: int) -> int:
        return self.base.tricks_taken(seat) + (self.gathered and seat == self.taker)

    def legal_moves(self) -> list:
        return []
