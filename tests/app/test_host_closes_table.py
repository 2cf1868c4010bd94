"""A host who can close its table, and the friend after it, headless: the
host's menu offers Keep the table open (a bar over every screen, "Hosting
K3M9QP · 1 friend seated · Back to the table", whose click sits the host down
again) and Close the table for everyone (confirmed first); the window's close
button asks the same.  The friend is told who closed the table, or that the
host's laptop stopped answering, is offered Try again and Back to the title,
and sits down again by itself when the table opens again.  Every line goes to
127.0.0.1; every loop is bounded."""

from __future__ import annotations

from functools import partial

import pygame
import pytest
from app_driver import button, click_in_two_frames, frames_until, host_table, window

from game.app.scenes.close_table import CloseTableScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.network import NetworkScene, _host_clients
from game.app.scenes.title import TitleScene
from game.app.shell.app import App
from game.app.table.base import TableScene
from game.app.table.hosted import HostedTable
from game.app.table.remote import NetworkMode
from game.net import client as client_module
from game.net import hosting as net
from game.net.client import Client

pytestmark = pytest.mark.usefixtures("table_only_on_its_worker")  # as in tests/net


@pytest.fixture
def app():
    return window("Ana", muted=True)


_click = partial(click_in_two_frames, dt=0.0)  # pressed, then released, in frames that take no time


def press(app: App, label: str) -> None:
    _click(app, button(app, label).rect.center)


class Hosted:
    """Ana hosts Grinch at the window (seat 0); Bo joins from elsewhere (seat 1, dialling again when cut)."""

    def __init__(self, app: App) -> None:
        self.hosting = host_table("grinch", ["you", "open"], ["Ana", ""])
        self.code = self.hosting.table.code
        clients = _host_clients(app, self.hosting, [0])
        lobby = app.routes.lobby(self.hosting, clients)
        self.bo = Client(self.hosting.url, "Bo", code=self.code, retry=True).start()
        assert self.bo.wait(lambda s: s.seat == 1 and s.moves >= 0, 5)
        assert frames_until(app, lambda: lobby.snap is not None and 1 in lobby.snap.connected)
        lobby.start()
        assert frames_until(app, lambda: isinstance(app.stack.top, TableScene))
        self.table = app.stack.top

    def close(self) -> None:
        self.bo.close(timeout=1)
        self.hosting.close()


@pytest.fixture
def hosted(app):
    made = Hosted(app)
    yield made
    made.close()


def test_the_hosts_menu_keeps_the_table_open_behind_every_screen_and_the_bar_leads_back(app, hosted):
    table = hosted.table
    assert isinstance(table.mode, NetworkMode) and isinstance(app.overlay, HostedTable)
    assert not app.overlay.showing()  # the table is on the screen: no bar
    app.step(0.0, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.title == "Menu"
    labels = [b.label for b in menu.buttons]
    assert labels == ["Back to the table", "Rules", "Settings", "Keep the table open", "Close the table for everyone"]
    from game.persist import network

    network.write_table(net.saved(hosted.hosting.table))  # (kept as the autosave keeps it)
    press(app, "Keep the table open")
    assert isinstance(app.stack.top, TitleScene)
    assert app.stack.top.hosted is None  # no Continue hosting of the table open behind the title: a second copy
    bar = app.overlay
    assert isinstance(bar, HostedTable) and bar.showing()
    assert frames_until(app, lambda: 0 not in hosted.hosting.latest().connected)  # the host's seat is away
    assert bar.words() == f"Hosting {hosted.code} · 1 friend seated · Back to the table"
    app.step(0.0)
    window = pygame.Rect((0, 0), app.screen.get_size())
    assert window.contains(bar.rect) and bar.rect.w > 0
    assert app.size == (window.w, window.h - bar.strip()) and bar.strip() > 0  # its own strip: it covers no screen
    assert bar.rect.top >= app.size[1] and app.stack.top.buttons[0].rect.bottom <= app.size[1]
    assert hosted.bo.seated and hosted.bo.seat.closed is None  # the friend still sits at the open table
    app.routes.settings()  # the bar is over every screen
    app.step(0.0)
    assert bar.showing()
    _click(app, bar.rect.center)  # Back to the table: the host's seat sits down again
    assert frames_until(app, lambda: isinstance(app.stack.top, TableScene))
    again = app.stack.top
    assert again is not table and isinstance(again.mode, NetworkMode) and again.mode.hosted is bar
    assert not bar.showing() and app.overlay is bar
    app.step(0.0)
    assert app.size == app.screen.get_size()  # the table has the whole window again
    assert frames_until(app, lambda: 0 in hosted.hosting.latest().connected)


def test_while_a_table_is_kept_open_play_on_the_network_leads_back_to_it_instead_of_hosting_a_second(app, hosted):
    """A second table would replace the bar and run unseen until the window quits: one at a time."""
    hosted.table.open_menu()
    press(app, "Keep the table open")
    app.routes.network()
    app.step(0.0)
    scene = app.stack.top
    assert isinstance(scene, NetworkScene)
    labels = [b.label for b in scene.buttons]
    assert "Host a table" not in labels and labels[0] == f"Back to table {hosted.code}"
    press(app, f"Back to table {hosted.code}")
    assert frames_until(app, lambda: isinstance(app.stack.top, TableScene))
    assert app.stack.top.mode.hosted is app.overlay
    app.stack.top.open_menu()
    press(app, "Close the table for everyone")
    press(app, "Close the table for everyone")
    app.routes.network()
    assert [b.label for b in app.stack.top.buttons][0] == "Host a table"  # closed: a new table may open


def test_closing_the_table_is_confirmed_and_every_friend_is_told_who_closed_it(app, hosted):
    hosted.table.open_menu()
    press(app, "Close the table for everyone")
    confirm = app.stack.top
    assert isinstance(confirm, CloseTableScene) and not confirm.quitting
    assert [b.label for b in confirm.buttons] == ["Go back", "Close the table for everyone"]
    assert confirm.lines()[0].startswith("1 friend is seated")
    press(app, "Go back")  # not now: back to the menu, the table open
    assert isinstance(app.stack.top, MenuScene) and hosted.bo.seated
    press(app, "Close the table for everyone")
    press(app, "Close the table for everyone")
    assert isinstance(app.stack.top, TitleScene) and app.overlay is None
    assert hosted.bo.wait(lambda s: s.closed == "host_closed", 5)
    assert hosted.bo.seat.host == "Ana"


def test_the_windows_close_button_asks_before_it_closes_the_table(app, hosted):
    app.handle(pygame.event.Event(pygame.QUIT))
    confirm = app.stack.top
    assert app.running and isinstance(confirm, CloseTableScene) and confirm.quitting
    assert [b.label for b in confirm.buttons] == ["Keep the table open", "Close the table and quit"]
    press(app, "Keep the table open")
    assert app.running and app.stack.top is hosted.table and hosted.bo.seated
    app.handle(pygame.event.Event(pygame.QUIT))
    press(app, "Close the table and quit")
    assert not app.running
    assert hosted.bo.wait(lambda s: s.closed == "host_closed", 5)


def test_the_titles_quit_asks_too_while_the_table_is_open_behind_it_and_a_second_close_closes(app, hosted):
    hosted.table.open_menu()
    press(app, "Keep the table open")
    title = app.stack.top
    assert isinstance(title, TitleScene)
    press(app, "Quit")
    assert app.running and isinstance(app.stack.top, CloseTableScene)
    app.handle(pygame.event.Event(pygame.QUIT))  # the close button again, while asked: it closes
    assert not app.running
    assert hosted.bo.wait(lambda s: s.closed == "host_closed", 5)


def test_a_window_that_hosts_nothing_closes_at_once(app):
    app.routes.title()
    app.handle(pygame.event.Event(pygame.QUIT))
    assert not app.running


# -- the friend's window ---------------------------------------------------------------------
def _friend_at(app: App, hosting: net.Hosting) -> tuple[Client, TableScene]:
    ana = Client(
        hosting.url, "Ana", token=hosting.server.ask(lambda: hosting.table.reserve(0)), code=hosting.table.code
    )
    ana.start()
    bo = Client(hosting.url, "Bo", code=hosting.table.code).start()
    assert bo.wait(lambda s: s.seat == 1 and s.moves >= 0, 5) and ana.wait(lambda s: s.seat == 0, 5)
    hosting.start_game("random")
    assert bo.wait(lambda s: s.started, 5)
    while len(bo.seat.inbox) > 1:
        bo.seat.inbox.popleft()
    table = app.routes.remote_table(bo)
    ana.close(timeout=1)
    return bo, table


def said(table: TableScene) -> str:
    return " ".join(table.status_line.shown()[1])


def test_the_friend_is_told_who_closed_the_table_and_sits_down_again_when_it_reopens(app, monkeypatch):
    monkeypatch.setattr(client_module, "BACKOFF", (0.05, 0.3, 0.6))
    hosting = host_table("grinch", ["you", "open"], ["Ana", ""])
    port, reopened = hosting.port, None
    bo, table = _friend_at(app, hosting)
    mode = table.mode
    assert isinstance(mode, NetworkMode)
    try:
        save = net.saved(hosting.table)
        hosting.close()
        assert frames_until(app, lambda: mode.gone is not None and bo.next_try_in() is not None)
        app.step(0.0)
        assert said(table).startswith("Ana closed the table. Trying again")
        again, leave = mode.extra_widgets()
        assert (again.label, leave.label) == ("Try again", "Back to the title")
        assert app.stack.top is table  # the friend stays at the table, its cards as they were
        reopened = net.Hosting(net.resumed(save), port=port, keep=False).start(any_port=False)
        _click(app, again.rect.center)  # (it would dial by itself within the cap; Try again dials now)
        assert frames_until(app, lambda: mode.gone is None and bo.seated)
        app.step(0.0)
        assert "closed" not in said(table) and mode.extra_widgets() == []
    finally:
        bo.close(timeout=1)
        (reopened or hosting).close()


def test_a_host_whose_line_dies_without_a_bye_stopped_answering_and_leave_goes_to_the_title(app, monkeypatch):
    import socket

    monkeypatch.setattr(client_module, "BACKOFF", (0.02, 0.05, 0.5))
    hosting = host_table("grinch", ["you", "open"], ["Ana", ""])
    bo, table = _friend_at(app, hosting)
    mode = table.mode
    assert isinstance(mode, NetworkMode)
    try:
        with socket.socket() as sock:  # a port nobody answers on: the laptop is gone, no bye
            sock.bind(("127.0.0.1", 0))
            bo.url = f"ws://127.0.0.1:{sock.getsockname()[1]}"
        bo.drop()
        assert frames_until(app, lambda: mode.gone is not None)
        app.step(0.0)
        assert said(table).startswith("Ana's laptop stopped answering.")
        assert "Trying again" in said(table)
        due = mode.countdown_due()
        assert due is None or 0 < due <= 1.01  # the countdown redraws as its number changes
        _again, leave = mode.extra_widgets()
        _click(app, leave.rect.center)
        assert isinstance(app.stack.top, TitleScene)
        assert frames_until(app, lambda: not bo.reconnecting)  # leaving stops the dialling
    finally:
        bo.close(timeout=1)
        hosting.close()


def test_a_host_who_leaves_a_finished_game_closes_the_table_as_over(app):
    """Nothing is kept open for a game that is over: the friends are told so, and no bar shows."""
    from types import SimpleNamespace

    closed: list[str] = []
    host = SimpleNamespace(close=closed.append, seated=lambda: [], listen=lambda cb: None, unlisten=lambda cb: None)
    finished = SimpleNamespace(match=SimpleNamespace(state=SimpleNamespace(is_over=True)))
    line = SimpleNamespace(seat=SimpleNamespace(code="K3M9QP"))
    app.routes.title()
    app.overlay = HostedTable(app, host, finished, {0: line})  # type: ignore[arg-type]
    app.step(0.0)
    assert closed == ["game_over"] and app.overlay is None
