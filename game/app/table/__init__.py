"""One table scene per game, registered here in code (frozen builds have no
folders to scan)."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from game.match import Match

if TYPE_CHECKING:
    from game.app.app import App


TABLES = {
    "sticheln": ("game.app.table.sticheln", "StichelnTable"),
    "avalanche": ("game.app.table.avalanche", "AvalancheTable"),
    "grinch": ("game.app.table.grinch", "GrinchTable"),
}


def table_for(app: App, match: Match, *, demo: bool = False):
    """The table scene for the match's game."""
    module, name = TABLES[match.game_id]
    return getattr(import_module(module), name)(app, match, demo=demo)
