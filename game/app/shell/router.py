"""Which screen leads to which: the one module that knows every screen.

Screens never import each other; they ask the app to go somewhere by name
(`app.go("load")`, `app.go("rules", game_id)`, `app.go("table", match=m)`).
Routes name their module and class as text, imported on first use: no
import circle, the title shows without loading every screen, and frozen
builds need no folders to scan.  A route either starts over ("replace":
the title, a table) or goes on top of what is showing ("push").
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.app.shell.app import App
    from game.app.shell.scene import Scene
    from game.app.table.base import TableScene
    from game.session.match import Match

ROUTES: dict[str, tuple[str, str, str]] = {
    "title": ("game.app.scenes.title", "TitleScene", "replace"),
    "setup": ("game.app.scenes.setup", "SetupScene", "push"),
    "load": ("game.app.scenes.saves", "LoadScene", "push"),
    "save": ("game.app.scenes.saves", "SaveNameScene", "push"),
    "history": ("game.app.scenes.history", "HistoryScene", "push"),
    "stats": ("game.app.scenes.stats", "StatsScene", "push"),
    "rules": ("game.app.scenes.rules", "RulesScene", "push"),
    "settings": ("game.app.scenes.settings", "SettingsScene", "push"),
    "menu": ("game.app.scenes.menu", "MenuScene", "push"),
    "summary": ("game.app.scenes.summary", "SummaryScene", "push"),
    "results": ("game.app.scenes.results", "ResultsScene", "push"),
    "pass": ("game.app.scenes.pass_device", "PassScene", "push"),
    "replay": ("game.app.scenes.replay", "ReplayScene", "push"),
    "review": ("game.app.scenes.review", "ReviewScene", "push"),
    "autosave_failed": ("game.app.scenes.save_elsewhere", "AutosaveFailedScene", "push"),
    "save_to": ("game.app.scenes.save_elsewhere", "SaveToFolderScene", "push"),
    "learned": ("game.app.learn.done", "LearnDoneScene", "push"),
    "learn_pick": ("game.app.learn.screens", "LearnPickScene", "push"),
    "learn_offer": ("game.app.learn.screens", "LearnOfferScene", "push"),
}


def scene_class(name: str) -> type:
    """The class behind a route (tests and `isinstance` checks)."""
    module, cls, _how = ROUTES[name]
    return getattr(import_module(module), cls)


def go(app: App, where: str, *args: Any, **kwargs: Any) -> Scene:
    """Show the screen `where`, built with `args`/`kwargs`; returns it.
    "table" is `open_table`: the one way onto a table; "learn" is `open_lesson`."""
    if where == "table":
        return open_table(app, *args, **kwargs)
    if where == "learn":
        return open_lesson(app, *args, **kwargs)
    scene = scene_class(where)(app, *args, **kwargs)
    if ROUTES[where][2] == "replace":
        app.replace(scene)
    else:
        app.push(scene)
    return scene


def open_table(app: App, match: Match, *, demo: bool = False, continuing: bool = False,
               replay: bool = False) -> TableScene:
    """Put `match` on a table: a new game (setup, play again, self-test), a
    demo or the frame bench (`demo`), a saved game going on (`continuing`:
    Continue, Load), or a replay's spectator table (`replay`: built, not
    shown; the replay screen draws it and shows its states).

    A game that records (not a demo or replay) first keeps an unfinished
    autosave of another game as a save slot.  A continuing game opens with
    the laptop where it was: with whoever moved last, and behind the pass
    screen when the next to act is one of several humans.
    """
    from game.app.table import table_for
    from game.app.words.save_words import keep_unfinished

    table = table_for(app, match, demo=demo)
    if replay:
        table.spectate()
        return table
    if not demo:
        keep_unfinished(match if continuing else None)
    humans = match.humans
    pass_to = None
    if continuing and len(humans) > 1:
        acted = [seat for seat, _move in match.moves if seat in humans]
        if acted:
            table.viewer = acted[-1]  # the laptop is with whoever moved last
        current = match.current
        if current is not None and match.seats[current].human:
            pass_to = current
    elif len(humans) > 1 and not demo:  # a new pass-and-play game: nobody's cards show
        current = match.current       # before the first of them says it is them
        pass_to = current if current is not None and match.seats[current].human else humans[0]
    app.replace(table)
    if pass_to is not None:
        table.pass_to(pass_to)
    return table


def open_lesson(app: App, game_id: str, *, autoplay: bool = False) -> TableScene:
    """Start the guided game of `game_id` (Learn to play): a table of its own
    that records nothing, so the player's autosave stays as it was."""
    from game.app.learn.table import guided_table

    table = guided_table(app, game_id, autoplay=autoplay)
    app.replace(table)
    return table
