"""What a game's table says, with the defaults of a table that says nothing:
*where things are* (`compute_layout`, `places`, `targets`, `draw_table`),
*what happened* (`holds_for`, `past_view`, `summary`) and what its panels,
log and status line show of it.  A game's `Table` overrides what it has;
`TableScene` (base.py) inherits the rest and does everything else through
its parts.  Nothing here reads the table: these are the game's answers.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from game.app.table.input import Target
    from game.app.table.sprites import Place
    from game.app.table.stage import Hold
    from game.app.ui.score_table import ScoreSheet
    from game.app.ui.widgets import Button

__all__ = ["GameHooks"]


class GameHooks:
    """The hooks each game's table implements (see module doc)."""

    # -- where things are ------------------------------------------------------

    def compute_layout(self) -> None:
        """Work out sizes and rects for self.size (seats are already placed)."""

    def places(self) -> list[Place]:
        """Every card to draw now, for `self.view`."""
        return []

    def targets(self) -> list[Target]:
        """What the viewer may click now (topmost last)."""
        return []

    def draw_table(self, surface: pygame.Surface) -> None:
        """Piles, labels and anything not a card sprite (under the cards)."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Anything drawn above the cards (banners, the score pad...)."""

    def label_rects(self) -> list[pygame.Rect]:
        """Where the table writes words on the felt (pile names and counts,
        next-play chips): what an overlay laid on the table should leave
        readable.  None by default; a game lists its own."""
        return []

    def felt_rects(self) -> list[pygame.Rect]:
        """Where the table draws on the felt besides the cards and the words (the
        empty piles' slots, count badges, a crevasse): what an overlay laid on the
        table should leave in sight.  None by default; a game lists its own."""
        return []

    def extra_buttons(self) -> list[Button]:
        return []

    # -- what happened ---------------------------------------------------------

    def holds_for(self, events: tuple) -> list[Hold[Any]]:
        """Holds to show in order before the new state (e.g. a full trick)."""
        return []

    def past_view(self, picture: Any) -> Any:
        """The state view a hold's picture shows (None: it draws its own)."""
        return None

    def leave_hold(self, picture: Any, coming: Any) -> None:
        """A hold's picture ends (`coming` is the next one's): tag the cards
        that leave with it (`exit_to`) before the next sync."""

    def summary(self, events: tuple) -> ScoreSheet | None:
        """The round summary (the game's own columns, the leader, the cards that
        scored) if these events end a round."""
        return None

    # -- moves -----------------------------------------------------------------

    def select(self, key: Hashable) -> None:
        """Toggle a selection (games that build a move from several clicks)."""

    def move_keys(self, move: Any) -> list[Hashable]:
        """Sprite keys to highlight when the hint suggests `move`."""
        return []

    def move_spots(self, move: Any) -> list[pygame.Rect]:
        """Where `move` shows when it is no card sprite (a pile, a score row):
        what a replay rings at a reviewed decision.  None by default."""
        return []

    def focusable(self, target: Target, legal: list) -> bool:
        """A target the keyboard may reach: one whose move the rules allow now."""
        return target.move is not None and target.move in legal

    # -- the panels, the status line, the log ------------------------------------

    def seat_lines(self, seat: int) -> list[str]:
        """Public facts shown on a seat's panel."""
        return []

    def seat_badge_width(self, seat: int) -> int:
        """How wide a badge the game draws in the top-right corner of `seat`'s
        panel instead of the level tag (Grinch's GRINCH), 0 for none."""
        return 0

    def pulse(self) -> float:
        """A glow's strength, 0..1.  Calm (it used to breathe): a breathing
        glow would need a frame many times a second while the table waits."""
        return 0.5

    def status(self) -> str:
        """One line: whose turn it is and what they may do."""
        return ""

    def turn_line_covered(self) -> bool:
        """True while a game's banner lies where the turn line goes (and says it bigger)."""
        return False

    def peek_height(self) -> int:
        """Room the game's own part of the log needs (Sticheln: the last trick)."""
        return 0

    def draw_peek(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The game's own part of the log, drawn in `rect`."""
