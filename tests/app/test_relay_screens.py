"""Tables through a relay in the window: Host a table's third choice (anyone
with the invite) says plainly when no relay is set, opens through one that is,
the lobby's Copy invite gives the fireside:// invite and each friend's row says
how they came; Join a table takes the invite pasted.  All on 127.0.0.1."""

from __future__ import annotations

import os
import time

import pytest
from e2e_relay import TestRelay

from game.app.scenes.network import HostSetupScene, JoinScene, LobbyScene
from game.app.scenes.title import TitleScene
from game.app.shell.app import App
from game.net.client import Client
from game.net.invite import Invite
from game.persist.settings import Settings
from game.rules import GAME_IDS

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture
def app():
    return App((1280, 720), Settings(names=["Joon"], speed="off", learn_offered=list(GAME_IDS)))


def _frames_until(app, done, limit=120):
    for _ in range(limit):
        app.step(0.05)
        if done():
            return True
        time.sleep(0.03)
    return done()


def _setup(app) -> HostSetupScene:
    app.replace(TitleScene(app))
    app.routes.network()
    setup = app.routes.host_setup()
    assert isinstance(setup, HostSetupScene)
    setup.prefs.port = 0
    return setup


def test_anyone_with_the_invite_says_plainly_when_no_relay_is_set(app):
    setup = _setup(app)
    setup.relay_field.text = ""
    setup.set_relay()
    app.step(0.0)
    assert setup.relay_button.selected and not setup.here_button.selected
    setup.open_table()
    assert isinstance(app.stack.top, HostSetupScene)  # nothing opened
    assert setup.notice == "No relay is set: type a relay's address (Fireside has no relay of its own)."
    app.step(0.0)  # the screen draws its plain line about the missing relay


def test_a_table_through_the_relay_copy_invite_and_a_friend_through_it(app, monkeypatch):
    copied: list[str] = []
    monkeypatch.setattr("game.app.ui.clipboard.copy_text", lambda text: copied.append(text))
    with TestRelay() as relay:
        setup = _setup(app)
        setup.set_relay()
        setup.relay_field.text = relay.url
        setup.kinds = ["you", "open", "open"]
        app.step(0.0)
        setup.open_table()
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene), setup.notice
        try:
            assert lobby.hosting.invite is not None and lobby.hosting.bind == "0.0.0.0"
            assert _frames_until(app, lambda: lobby.hosting.server.relay_host.registered)
            assert lobby._relay_line()[0].startswith("Open through the relay 127.0.0.1")
            lobby.copy_invite()
            assert copied and lobby.hosting.invite.link() in copied[0]
            invite = Invite.parse(copied[0].split("\n")[1])
            lobby.hosting.server.direct = []  # as from another home: the friend comes through the relay
            friend = Client(invite.link(), "Mina").start()
            assert friend.wait(lambda s: s.seat is not None, 10)
            assert _frames_until(app, lambda: lobby.snap is not None and 1 in lobby.snap.connected)
            assert lobby.hosting.path(1) == "relay"
            app.step(0.05)  # the row draws "Not ready yet · through the relay"
            friend.close()
        finally:
            lobby.close()
    assert b"Mina" not in b"".join(relay.received)


def test_join_takes_an_invite_pasted_whole_and_never_shows_its_secret(app):
    with TestRelay() as relay:
        invite = Invite.new(relay.url)
        join = JoinScene(app)
        app.replace(join)
        join.address_field.text = "Join my Fireside table:\n" + invite.link() + "\nKeep it between friends"
        join.join()
        assert join.client is not None and join.client.url == invite.link()
        assert invite.link().split("#")[1] not in join.message and "127.0.0.1" in join.message
        assert _frames_until(app, lambda: join.failed)
        assert "No table" in join.message or "relay" in join.message
        join.address_field.text = "fireside://127.0.0.1:1/abc#def"
        join.join()
        assert join.failed and "invite" in join.message
