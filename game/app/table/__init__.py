"""One table scene per game, registered here in code (frozen builds have no
folders to scan)."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from game.session.match import Match

if TYPE_CHECKING:
    from game.app.shell.app import App


TABLES = {
    "sticheln": ("game.games.sticheln.table", "StichelnTable"),
    "avalanche": ("game.games.avalanche.table", "AvalancheTable"),
    "grinch": ("game.games.grinch.table", "GrinchTable"),
}


def table_for(app: App, match: Match, *, demo: bool = False):
    """The table scene for the match's game."""
    module, name = TABLES[match.game_id]
    return getattr(import_module(module), name)(app, match, demo=demo)
