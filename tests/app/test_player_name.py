"""The player's name (issue 33, 1): asked once at the first start (skippable,
a sensible guess kept), kept in the settings, changed on the Settings screen,
and used by Host a table, whose "Here" seats are named there too.  Every line
goes to 127.0.0.1; every loop is bounded."""

from __future__ import annotations

import pygame
import pytest
from app_driver import steps_until, window

from game.app.scenes.ask_name import AskNameScene, ask_once
from game.app.scenes.settings import SettingsScene
from game.app.shell.app import App
from game.app.words import player_name
from game.app.words.player_name import my_name
from game.common.person_name import is_code, said
from game.persist.settings import Settings, from_data, load_settings

pytestmark = pytest.mark.usefixtures("table_only_on_its_worker")  # as in tests/net


def _app(**kwargs) -> App:
    return window(size=(1024, 600), muted=True, **kwargs)


def _type(app: App, text: str) -> None:
    for ch in text:
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def test_the_first_start_asks_once_and_skipping_keeps_the_guess(monkeypatch):
    monkeypatch.setattr(player_name, "default_player_name", lambda: "Ana")
    app = _app()
    app.routes.title()
    scene = ask_once(app)
    assert isinstance(scene, AskNameScene) and app.stack.top is scene
    app.step(0.0)
    assert scene.field.text == "Ana"  # the guess, selected: typing replaces it
    scene.cancel()  # Skip
    assert app.stack.top is not scene and app.settings.player_name == "Ana" and app.settings.name_asked
    assert load_settings().player_name == "Ana"  # kept on disk
    assert ask_once(app) is None  # never asked again


def test_the_first_start_keeps_the_name_typed_cleaned():
    app = _app()
    app.routes.title()
    scene = ask_once(app)
    assert scene is not None
    app.step(0.0)
    _type(app, "  Ji\u202emin ")
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert app.settings.player_name == "Jimin" and app.stack.top is not scene


def test_a_bad_name_on_disk_falls_back_to_none_and_the_others_stay():
    settings = from_data({"player_name": "Ana\x1b[2J", "name_asked": True, "speed": "fast"})
    assert settings.player_name == "" and settings.name_asked and settings.speed == "fast"
    assert from_data({"player_name": "Ana"}).player_name == "Ana"


def test_the_settings_screen_changes_the_name():
    app = _app(player_name="Ana", name_asked=True)
    app.routes.title()
    scene = app.routes.settings()
    assert isinstance(scene, SettingsScene)
    app.step(0.0)
    field = scene.name_field
    assert field.text == "Ana"
    assert scene.panel.contains(field.rect) and not field.rect.colliderect(scene.done.rect)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=field.rect.center))
    field.all_selected = True
    _type(app, "Ana Maria")
    scene.done.action()
    assert app.settings.player_name == "Ana Maria" and my_name(app.settings) == "Ana Maria"


def test_my_name_falls_back_to_the_first_name_typed_at_a_local_setup():
    assert my_name(Settings(names=["Joon"])) == "Joon"
    assert my_name(Settings(names=["You"])) == ""  # a default, not a name
    assert my_name(Settings(names=["Joon"], player_name="Ana")) == "Ana"


def test_host_a_table_names_the_hosts_seat_and_each_here_seat():
    from game.app.scenes.network import LobbyScene

    app = _app(player_name="Ana", name_asked=True)
    app.routes.title()
    setup = app.routes.host_setup()
    setup.step(1, 1)  # seat 2: here, pass-and-play
    app.step(0.0)
    assert setup.kinds[:2] == ["you", "here"] and setup.named_seats() == [0, 1]
    you, here = setup.name_fields[0], setup.name_fields[1]
    assert you.text == "Ana"
    for seat in (0, 1):  # each field beside its seat's button, inside the panel
        field, button = setup.name_fields[seat], setup.seat_buttons[seat]
        assert setup.panel.contains(field.rect) and not field.rect.colliderect(button.rect)
    here.text = "Bo\x1b[31m"
    setup.open_table()
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    try:
        names = lobby.hosting.table.names
        assert names[:2] == ["Ana", "Bo[31m"] and all(is_code(n) for n in names[2:])
        assert said(names)[2] == "Player 3"  # an open seat: a code, said in the window's own words
        assert steps_until(app, lambda: lobby.snap is not None and {0, 1} <= set(lobby.snap.connected), limit=80)
    finally:
        lobby.close()
