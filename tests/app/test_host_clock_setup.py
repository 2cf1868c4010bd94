"""Host a table chooses the turn clock and how long someone may be away before a computer
plays for them: steppers that go round, kept in the network settings, handed to the table
(and to a kept table opened again with Continue hosting)."""

from __future__ import annotations

import pytest
from app_driver import window

from game.app.scenes.network import AWAY_AFTERS, TURN_TIMES, HostSetupScene, LobbyScene
from game.persist import network

pytestmark = pytest.mark.usefixtures("table_only_on_its_worker")  # as in tests/net


@pytest.fixture
def app():
    return window("Joon")


def test_the_steppers_go_round_and_say_each_choice(app):
    setup = HostSetupScene(app)
    app.push(setup)
    app.step(0.0)
    assert setup.clock_button.label == TURN_TIMES[0] == "Turn clock: off"
    assert setup.away_button.label == AWAY_AFTERS[60] == "Away: a computer plays after 1 min"
    said = []
    for _ in range(len(TURN_TIMES)):
        setup.step_clock(1)
        said.append(setup.clock_button.label)
    assert said == ["Turn clock: 30 s", "Turn clock: 1 min", "Turn clock: 2 min", "Turn clock: off"]
    setup.step_clock(-1)
    assert setup.prefs.turn_time == 120
    setup.step_away(1)
    setup.step_away(1)
    assert setup.prefs.away_after == 0 and setup.away_button.label == "Away: wait for them"
    assert (network.load_prefs().turn_time, network.load_prefs().away_after) == (120, 0)  # kept for next time
    app.step(0.0)
    assert setup.clock_button.rect.bottom < setup.here_button.rect.top  # above Who may join, clear of it
    assert not setup.clock_button.rect.colliderect(setup.away_button.rect)


def test_the_table_opened_has_the_chosen_clock(app):
    setup = HostSetupScene(app)
    app.push(setup)
    setup.step_clock(1)  # 30 s
    setup.step_away(-1)  # 30 s
    setup.prefs.port = 0
    app.step(0.0)
    setup.open_table()
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    try:
        table = lobby.hosting.table
        assert table.turn_time == 30 and table.away_after == 30 and table.ticks
    finally:
        lobby.hosting.close()


def test_continue_hosting_opens_the_kept_table_with_the_clock_chosen_last(app):
    from game.app.scenes.network import continue_hosting
    from game.net import hosting as net

    kept = net.new_table("grinch", ["you", "open", "open"], ["Joon", "", ""], seed=5)
    network.write_table(net.saved(kept, "127.0.0.1", 0))
    prefs = network.load_prefs()
    prefs.turn_time, prefs.away_after = 60, 120
    network.save_prefs(prefs)
    save = network.read_table()
    assert save is not None
    lobby = continue_hosting(app, save)
    try:
        assert lobby.hosting.table.turn_time == 60 and lobby.hosting.table.away_after == 120
    finally:
        lobby.hosting.close()
