"""The table scene of a game: each game's own, from its registered spec's
``table`` part (imported on first use, so headless uses never load pygame),
given the session it shows: a local `Session` (made here for a `Match`) or a
network table's `RemoteSession`, both behind `TableSession`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app.shell.save_keeping import autosave_failed
from game.match.match import Match
from game.rules import registry
from game.session.session import Session, TableSession

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.app.table.base import TableScene


def table_class(game_id: str) -> type[TableScene]:
    """The game's table class (its ``table`` part's ``Table``)."""
    table: type[TableScene] = registry.get(game_id).module("table").Table
    return table


def local_session(app: AppSurface, match: Match, *, demo: bool = False) -> Session:
    """A game kept here: on disk after every move (a demo keeps nothing), a disk
    that refuses said on the window."""
    return Session(match, keeps=not demo, on_keep_failed=lambda exc: autosave_failed(app, match, exc))


def table_for(app: AppSurface, game: Match | TableSession, *, demo: bool = False) -> TableScene:
    """The table scene for `game`: a match (kept here, see `local_session`) or a session made elsewhere."""
    session = local_session(app, game, demo=demo) if isinstance(game, Match) else game
    return table_class(session.match.game_id)(app, session, demo=demo)
