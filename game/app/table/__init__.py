"""The table scene of a match: each game's own, from its registered spec's
``table`` part (imported on first use, so headless uses never load pygame)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.games import registry
from game.session.match import Match

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.app.table.base import TableScene


def table_class(game_id: str) -> type[TableScene]:
    """The game's table class (its ``table`` part's ``Table``)."""
    table: type[TableScene] = registry.get(game_id).module("table").Table
    return table


def table_for(app: AppSurface, match: Match, *, demo: bool = False) -> TableScene:
    """The table scene for the match's game."""
    return table_class(match.game_id)(app, match, demo=demo)
