"""Tables through a relay in the window: Host a table's third choice (anyone
with the invite) says plainly when no relay is set, opens through one that is,
the lobby's Copy invite gives the fireside:// invite and each friend's row says
how they came; Join a table takes the invite pasted.  All on 127.0.0.1."""

from __future__ import annotations

import pytest
from app_driver import steps_until, window
from e2e_relay import TestRelay

from game.app.scenes.network import HostSetupScene, JoinScene, LobbyScene, _secret_hidden
from game.app.scenes.network_settings import NetworkSettingsScene, relay_problem
from game.app.scenes.title import TitleScene
from game.net.client import Client
from game.net.invite import Invite


@pytest.fixture
def app():
    return window("Joon")


def _setup(app) -> HostSetupScene:
    app.replace(TitleScene(app))
    app.routes.network()
    setup = app.routes.host_setup()
    assert isinstance(setup, HostSetupScene)
    setup.prefs.port = 0
    return setup


NO_RELAY = "No relay is set: add one in Settings → Network (Fireside runs none for you)."


def test_anyone_with_the_invite_says_plainly_when_no_relay_is_set_and_goes_where_it_is_set(app):
    setup = _setup(app)
    setup.prefs.relay = ""
    setup.set_relay()
    app.step(0.0)
    assert setup.relay_button.selected and not setup.here_button.selected
    assert not setup.open_button.enabled  # through no relay: set one first
    setup.open_table()
    assert isinstance(app.stack.top, HostSetupScene)  # nothing opened
    assert setup.notice == NO_RELAY
    app.step(0.0)  # the screen draws its plain line about the missing relay
    assert setup.relay_settings.label == "Set a relay…"
    setup.relay_settings.action()  # the button goes to Settings → Network (through the router)
    settings = app.stack.top
    assert isinstance(settings, NetworkSettingsScene)
    settings.field.text = "wss://relay.example.org"
    settings.save()
    assert app.stack.top is setup and setup.prefs.relay == "wss://relay.example.org"  # the same value
    assert setup.open_button.enabled and setup.relay_settings.label == "Change the relay…"
    assert setup.notice == ""
    app.step(0.0)


def test_settings_network_keeps_a_relay_only_when_it_is_one(app):
    from game.persist import network

    app.replace(TitleScene(app))
    settings = app.routes.settings()
    settings.network_button.action()
    scene = app.stack.top
    assert isinstance(scene, NetworkSettingsScene) and scene.field.text == ""
    app.step(0.0)  # "No relay is set: Fireside runs none for you."
    for wrong in ("http://relay.example.org", "relay.example.org", "wss://", "ws://relay.example.org:99999"):
        scene.field.text = wrong
        scene.save()
        assert scene.error and app.stack.top is scene, wrong
        assert network.load_prefs().relay == ""
    app.step(0.0)  # the reason, in plain words
    scene.field.text = "ws://127.0.0.1:8765"
    app.step(0.05)
    assert scene.error == ""  # fixed while typing: the reason goes
    scene.save()
    assert app.stack.top is settings and network.load_prefs().relay == "ws://127.0.0.1:8765"
    assert settings.relay == "ws://127.0.0.1:8765"  # shown beside Network…
    app.step(0.0)
    settings.network_button.action()
    scene = app.stack.top
    scene.field.text = ""  # no relay: allowed, kept as none
    scene.save()
    assert network.load_prefs().relay == ""


def test_relay_problem_says_what_is_wrong():
    assert relay_problem("") == ""
    assert relay_problem("wss://relay.example.org") == ""
    assert relay_problem("WS://[::1]:8765/") == ""
    assert "ws:// or wss://" in relay_problem("https://relay.example.org")
    assert "spaces" in relay_problem("wss://relay example.org")
    assert "can't be read" in relay_problem("wss://:80")


def test_a_table_through_the_relay_copy_invite_and_a_friend_through_it(app, monkeypatch):
    copied: list[str] = []
    monkeypatch.setattr("game.app.ui.clipboard.copy_text", lambda text: copied.append(text))
    with TestRelay() as relay:
        setup = _setup(app)
        setup.prefs.relay = relay.url  # Settings → Network's relay
        setup.set_relay()
        setup.kinds = ["you", "open", "open"]
        app.step(0.0)
        setup.open_table()
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene), setup.notice
        try:
            assert lobby.hosting.invite is not None and lobby.hosting.bind == "0.0.0.0"
            assert steps_until(app, lambda: lobby.hosting.server.relay_host.registered, limit=120)
            assert lobby._relay_line()[0].startswith("Open through the relay 127.0.0.1")
            lobby.copy_invite()
            assert copied and lobby.hosting.invite.link() in copied[0]
            invite = Invite.parse(copied[0].split("\n")[1])
            lobby.hosting.server.direct = []  # as from another home: the friend comes through the relay
            friend = Client(invite.link(), "Mina").start()
            assert friend.wait(lambda s: s.seat is not None, 10)
            assert steps_until(app, lambda: lobby.snap is not None and 1 in lobby.snap.connected, limit=120)
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
        assert steps_until(app, lambda: join.failed, limit=120)
        assert "No table" in join.message or "relay" in join.message
        join.address_field.text = "fireside://127.0.0.1:1/abc#def"
        join.join()
        assert join.failed and "invite" in join.message


def test_join_with_an_invite_needs_no_code_and_names_only_the_relay(app):
    invite = Invite.new("wss://203.0.113.7:8765")
    secret = invite.link().split("#")[1]
    join = JoinScene(app)
    app.replace(join)
    app.step(0.05)
    assert not join.invited and join.code_field.rect.w and join.find_button in join.buttons
    join.address_field.text = invite.link()
    app.step(0.05)  # the invite is seen: the code field goes, the name takes its row
    assert join.invited and join.code_field.rect.w == 0 and join.find_button not in join.buttons
    assert join.name_field.rect.x == join.address_field.rect.x
    shown = _secret_hidden(join.address_field.text)
    assert secret not in shown and shown.endswith("#••••••••") and "203.0.113.7:8765" in shown
    drawn: list[str] = []
    import game.app.scenes.network as screen

    real = screen.blit_text
    screen.blit_text = lambda surface, text, *a, **k: drawn.append(text) or real(surface, text, *a, **k)
    try:
        app.draw()
    finally:
        screen.blit_text = real
    assert "Joining through the relay at 203.0.113.7." in drawn
    assert "Table code" not in drawn and not any(secret in t for t in drawn)
    join.address_field.text = invite.link()[:-3]  # cut short: said, no secret
    app.step(0.05)
    assert join.invited
    join.address_field.text = "192.168.1.20"
    app.step(0.05)  # back to an address: the code is asked again
    assert not join.invited and join.code_field.rect.w
