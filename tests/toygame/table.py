"""High Card's table: the viewer's hand along the bottom, the trick in the
middle.  A click on a hand card is `play <card>`."""

from __future__ import annotations

from typing import Any

from game.app.table.base import TableScene, Target
from game.app.table.sprites import Place

from .rules import GAME, Move


class HighCardTable(TableScene):
    GAME = GAME

    def places(self) -> list[Place]:
        view = self.view
        out: list[Place] = []
        bottom = self.bottom_seat()
        hand = view.hand(bottom)
        legal = set(view.legal_moves()) if self.viewer_acts() else set()
        fan = self.fan(len(hand), self.size[0] / 2, self.hand_y, self.card_w, self.hand_width)
        for i, ((pos, angle), card) in enumerate(zip(fan, hand)):
            mark = self.hand_mark(str(card), Move("play", card) in legal)
            out.append(Place(str(card), card, pos, self.card_w, angle, 100 + i, mark, game=GAME))
        cx, cy = self.size[0] / 2, self.size[1] * 0.44
        for i, card in enumerate(view.trick):
            x = cx + (i - (len(view.trick) - 1) / 2) * self.card_w * 1.12
            out.append(Place(("trick", str(card)), card, (x, cy), self.card_w, 0, 60 + i, game=GAME, revealed=True))
        return out

    def targets(self) -> list[Target]:
        if not self.viewer_acts() or self.viewer is None:
            return []
        out = []
        for card in self.view.hand(self.viewer):
            rect = self.stage.sprite_rect(str(card))
            if rect is not None:
                out.append(Target(rect, Move("play", card), key=str(card)))
        return out

    def seat_lines(self, seat: int) -> list[str]:
        return [f"tricks {self.view.won[seat]}"]

    def status(self) -> str:
        view: Any = self.view
        seat = view.current_player
        if seat is None:
            return "The game is over"
        return "Your turn: play a card" if self.you(seat) else f"{self.name(seat)} is thinking"


#: The table the app opens for this game.
Table = HighCardTable
