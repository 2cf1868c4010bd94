"""Which screen leads to which: the one module that knows every screen.

Screens never import each other; they ask the app's router to show one:
`app.routes.rules(game_id)`, `app.routes.table(match)`, `app.routes.load()`.
Each route is a typed method that builds its screen with the screen's own
constructor, so a wrong argument fails the type check; the screen's module
is imported on first use (no import circle, the title shows without loading
every screen).  A route either starts over ("replace": the title, a table)
or goes on top of what is showing ("push").
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from game.ai.review import Decision
    from game.app.learn.done import LearnDoneScene
    from game.app.learn.screens import LearnOfferScene, LearnPickScene
    from game.app.learn.table import LessonScene
    from game.app.scenes.close_table import CloseTableScene
    from game.app.scenes.guest_lobby import GuestLobbyScene
    from game.app.scenes.history import HistoryScene
    from game.app.scenes.menu import MenuScene
    from game.app.scenes.network import HostSetupScene, JoinScene, LobbyScene, NetworkScene
    from game.app.scenes.network_settings import NetworkSettingsScene
    from game.app.scenes.pass_device import PassScene
    from game.app.scenes.replay import ReplayScene
    from game.app.scenes.results import ResultsScene
    from game.app.scenes.review import ReviewScene
    from game.app.scenes.rules import RulesScene
    from game.app.scenes.save_elsewhere import AutosaveFailedScene, SaveToFolderScene
    from game.app.scenes.saves import LoadScene, SaveNameScene
    from game.app.scenes.settings import SettingsScene
    from game.app.scenes.setup import SetupScene
    from game.app.scenes.stats import StatsScene
    from game.app.scenes.summary import SummaryScene
    from game.app.scenes.title import TitleScene
    from game.app.shell.app import App
    from game.app.shell.scene import Scene
    from game.app.table.base import TableScene
    from game.app.table.remote import HostControls
    from game.app.ui.score_table import ScoreSheet
    from game.match.match import Match
    from game.net.client import Client
    from game.net.hosting import Hosting
    from game.persist.network import TableSave

S = TypeVar("S", bound="Scene")

#: route name -> (module, class, how it shows); `scene_class` and the tests read it
ROUTES: dict[str, tuple[str, str, str]] = {
    "title": ("game.app.scenes.title", "TitleScene", "replace"),
    "setup": ("game.app.scenes.setup", "SetupScene", "push"),
    "load": ("game.app.scenes.saves", "LoadScene", "push"),
    "save": ("game.app.scenes.saves", "SaveNameScene", "push"),
    "history": ("game.app.scenes.history", "HistoryScene", "push"),
    "stats": ("game.app.scenes.stats", "StatsScene", "push"),
    "rules": ("game.app.scenes.rules", "RulesScene", "push"),
    "settings": ("game.app.scenes.settings", "SettingsScene", "push"),
    "network_settings": ("game.app.scenes.network_settings", "NetworkSettingsScene", "push"),
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
    "network": ("game.app.scenes.network", "NetworkScene", "push"),
    "host_setup": ("game.app.scenes.network", "HostSetupScene", "push"),
    "lobby": ("game.app.scenes.network", "LobbyScene", "push"),
    "join_table": ("game.app.scenes.network", "JoinScene", "push"),
    "guest_lobby": ("game.app.scenes.guest_lobby", "GuestLobbyScene", "replace"),
    "close_table": ("game.app.scenes.close_table", "CloseTableScene", "push"),
}
#: routes that are not one screen's class: a table, a guided game, a network table, a hosted table reopened
BUILT = ("table", "learn", "remote_table", "continue_hosting")
#: a route whose name is no Python name has a method named otherwise
METHODS = {"pass": "pass_device"}


class Routes:
    """The typed entry points to every screen: one method per route, taking
    what that screen's constructor takes (less the app) and returning it."""

    def __init__(self, app: App):
        self.app = app

    def _show(self, name: str, scene: S) -> S:
        if ROUTES[name][2] == "replace":
            self.app.replace(scene)
        else:
            self.app.push(scene)
        return scene

    # -- starting over ----------------------------------------------------------
    def title(self) -> TitleScene:
        from game.app.scenes.title import TitleScene

        return self._show("title", TitleScene(self.app))

    def table(self, match: Match, *, demo: bool = False, continuing: bool = False, replay: bool = False) -> TableScene:
        """`match` on a table; see `open_table`."""
        return open_table(self.app, match, demo=demo, continuing=continuing, replay=replay)

    def remote_table(
        self, client: Client, host: HostControls | None = None, here: dict[int, Client] | None = None
    ) -> TableScene:
        """The network table `client` sits at, from its seat (and `here`'s, the other
        seats at this window); see `open_remote_table`."""
        from game.app.table.remote import open_remote_table

        return open_remote_table(self.app, client, host, here)

    def learn(self, game_id: str, *, autoplay: bool = False) -> LessonScene:
        """The guided game of `game_id`; see `open_lesson`."""
        return open_lesson(self.app, game_id, autoplay=autoplay)

    # -- from the title -----------------------------------------------------------
    def setup(self, game_id: str | None = None) -> SetupScene:
        from game.app.scenes.setup import SetupScene

        return self._show("setup", SetupScene(self.app, game_id))

    def load(self) -> LoadScene:
        from game.app.scenes.saves import LoadScene

        return self._show("load", LoadScene(self.app))

    def history(self) -> HistoryScene:
        from game.app.scenes.history import HistoryScene

        return self._show("history", HistoryScene(self.app))

    def stats(self, game_id: str | None = None) -> StatsScene:
        from game.app.scenes.stats import StatsScene

        return self._show("stats", StatsScene(self.app, game_id))

    def rules(self, game_id: str) -> RulesScene:
        from game.app.scenes.rules import RulesScene

        return self._show("rules", RulesScene(self.app, game_id))

    def settings(self) -> SettingsScene:
        from game.app.scenes.settings import SettingsScene

        return self._show("settings", SettingsScene(self.app))

    def network_settings(self) -> NetworkSettingsScene:
        """Settings → Network: the relay a table "anyone with the invite" goes through."""
        from game.app.scenes.network_settings import NetworkSettingsScene

        return self._show("network_settings", NetworkSettingsScene(self.app))

    def learn_pick(self) -> LearnPickScene:
        from game.app.learn.screens import LearnPickScene

        return self._show("learn_pick", LearnPickScene(self.app))

    def learn_offer(self, game_id: str, play: Callable[[], None]) -> LearnOfferScene:
        from game.app.learn.screens import LearnOfferScene

        return self._show("learn_offer", LearnOfferScene(self.app, game_id, play))

    def offer_lesson(self, game_id: str, play: Callable[[], None]) -> bool:
        """Before the first game of `game_id` ever played, once: the offer of its
        guided game (True) instead of `play` (False: go on and play)."""
        from game.app.learn.screens import offer_lesson

        return offer_lesson(self.app, game_id, play)

    def learned(self, game_id: str) -> LearnDoneScene:
        from game.app.learn.done import LearnDoneScene

        return self._show("learned", LearnDoneScene(self.app, game_id))

    # -- network tables (game/net/) ---------------------------------------------------------
    def network(self) -> NetworkScene:
        """Play on the network: host a table or join one."""
        from game.app.scenes.network import NetworkScene

        return self._show("network", NetworkScene(self.app))

    def host_setup(self) -> HostSetupScene:
        from game.app.scenes.network import HostSetupScene

        return self._show("host_setup", HostSetupScene(self.app))

    def lobby(self, hosting: Hosting, clients: dict[int, Client]) -> LobbyScene:
        """The host's lobby of an open table (`clients`: the seats the host's own window plays)."""
        from game.app.scenes.network import LobbyScene

        return self._show("lobby", LobbyScene(self.app, hosting, clients))

    def guest_lobby(self, client: Client) -> GuestLobbyScene:
        """A friend's lobby at the table `client` joined, until its host starts the game."""
        from game.app.scenes.guest_lobby import GuestLobbyScene

        return self._show("guest_lobby", GuestLobbyScene(self.app, client))

    def continue_hosting(self, save: TableSave) -> LobbyScene:
        """The hosted table as it was kept, open again for the same tokens: its
        lobby, which opens the table once the host's seats are back (OSError:
        it cannot open)."""
        from game.app.scenes.network import continue_hosting

        return continue_hosting(self.app, save)

    def join_table(
        self,
        url: str | None = None,
        code: str | None = None,
        name: str | None = None,
        watch: bool = False,
        dial: bool = False,
        token: str | None = None,
    ) -> JoinScene:
        """Join a table; with `dial`, already dialling `url` for `code` (`fireside join`, Rejoin)."""
        from game.app.scenes.network import JoinScene

        return self._show("join_table", JoinScene(self.app, url, code, name, watch, dial, token))

    def close_table(self, friends: int, close: Callable[[], None], quitting: bool = False) -> CloseTableScene:
        """Close the hosted table for everyone? (`close` runs once the host says yes;
        `quitting`: the window's close button asked.)"""
        from game.app.scenes.close_table import CloseTableScene

        return self._show("close_table", CloseTableScene(self.app, friends, close, quitting))

    # -- over a table -------------------------------------------------------------
    def menu(self, table: TableScene) -> MenuScene:
        from game.app.scenes.menu import MenuScene

        return self._show("menu", MenuScene(self.app, table))

    def summary(self, sheet: ScoreSheet, auto_close: float | None = None) -> SummaryScene:
        from game.app.scenes.summary import SummaryScene

        return self._show("summary", SummaryScene(self.app, sheet, auto_close))

    def results(self, table: TableScene) -> ResultsScene:
        from game.app.scenes.results import ResultsScene

        return self._show("results", ResultsScene(self.app, table))

    def pass_device(
        self,
        name: str,
        arrived: Callable[[], None],
        menu: Callable[[], None] | None = None,
        said: list[str] | None = None,
    ) -> PassScene:
        """The route named "pass" (`said`: what the others did since that person's last turn)."""
        from game.app.scenes.pass_device import PassScene

        return self._show("pass", PassScene(self.app, name, arrived, menu, said))

    # -- saves and finished games ---------------------------------------------------
    def save(self, match: Match, saved: Callable[[str], None] | None = None) -> SaveNameScene:
        from game.app.scenes.saves import SaveNameScene

        return self._show("save", SaveNameScene(self.app, match, saved))

    def save_to(self, match: Match, name: str, saved: Callable[[str], None] | None = None) -> SaveToFolderScene:
        from game.app.scenes.save_elsewhere import SaveToFolderScene

        return self._show("save_to", SaveToFolderScene(self.app, match, name, saved))

    def autosave_failed(self, match: Match, reason: str) -> AutosaveFailedScene:
        from game.app.scenes.save_elsewhere import AutosaveFailedScene

        return self._show("autosave_failed", AutosaveFailedScene(self.app, match, reason))

    def replay(self, match: Match, title: str = "", review: list[Decision] | None = None) -> ReplayScene:
        from game.app.scenes.replay import ReplayScene

        return self._show("replay", ReplayScene(self.app, match, title, review))

    def review(
        self, match: Match, path: Path | None = None, title: str = "", rollouts: int | None = None
    ) -> ReviewScene:
        from game.app.scenes.review import ReviewScene

        return self._show("review", ReviewScene(self.app, match, path, title, rollouts))


def scene_class(name: str) -> type:
    """The class behind a route (tests and `isinstance` checks)."""
    module, cls, _how = ROUTES[name]
    return getattr(import_module(module), cls)


def open_table(
    app: App, match: Match, *, demo: bool = False, continuing: bool = False, replay: bool = False
) -> TableScene:
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
        current = match.current  # before the first of them says it is them
        pass_to = current if current is not None and match.seats[current].human else humans[0]
    app.replace(table)
    if pass_to is not None:
        table.pass_to(pass_to)
    return table


def open_lesson(app: App, game_id: str, *, autoplay: bool = False) -> LessonScene:
    """Start the guided game of `game_id` (Learn to play): a table of its own
    that keeps nothing, so the player's autosave stays as it was."""
    from game.app.learn.table import guided_table

    scene = guided_table(app, game_id, autoplay=autoplay)
    app.replace(scene)
    return scene
