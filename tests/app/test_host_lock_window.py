"""The window's Host a table and Continue hosting take the kept table's lock
(`network/table.lock`) as `fireside host` does: while another Fireside hosts it,
a second copy of the table does not open, and the window says why in words;
closing the table gives the lock back."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from app_driver import window

from game.app.scenes.network import LobbyScene
from game.app.scenes.title import TitleScene
from game.net import hosting as net
from game.persist import network

pytestmark = pytest.mark.usefixtures("table_only_on_its_worker")  # as in tests/net


@pytest.fixture
def other_host():
    """Another Fireside's process holding the lock (a live process, not this one)."""
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    path = network.lock_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(str(proc.pid))
    try:
        yield proc
    finally:
        proc.kill()
        proc.wait(10)


def _app():
    return window("Joon")


def _kept_table():
    table = net.new_table("avalanche", ["you", "open", "hard"], ["Joon", "", ""], lobby=True)
    table.reserve(0, "Joon")
    network.write_table(net.saved(table, "127.0.0.1", 0))
    return table


def test_continue_hosting_is_refused_in_words_while_another_fireside_hosts_the_table(other_host):
    table = _kept_table()
    app = _app()
    app.replace(TitleScene(app))
    scene = app.routes.network()
    app.step(0.0)
    scene.continue_hosting()
    assert app.stack.top is scene  # no second copy of the table opened
    assert scene.notice == (
        f"The table could not open: this table is open in another Fireside already (process {other_host.pid});"
        " close that one first"
    )
    assert network.lock_path().read_text() == str(other_host.pid)  # the other's lock is left alone
    assert network.read_table() is not None and network.read_table().code == table.code  # its save too


def test_host_a_table_is_refused_too_and_nothing_listens(other_host):
    app = _app()
    setup = app.routes.host_setup()
    app.step(0.0)
    setup.open_table()
    assert app.stack.top is setup and "open in another Fireside already" in setup.notice


def test_the_window_takes_the_lock_while_it_hosts_and_gives_it_back_on_close():
    _kept_table()
    app = _app()
    app.replace(TitleScene(app))
    scene = app.routes.network()
    app.step(0.0)
    scene.continue_hosting()
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    try:
        assert network.lock_path().read_text() == str(os.getpid())
        # `fireside host --resume` in another process is refused while the window hosts the table
        env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
        second = subprocess.run(
            [sys.executable, "-m", "game", "--lang", "en", "host", "--resume", "--port", "0"],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        assert second.returncode == 2 and f"process {os.getpid()}" in second.stderr
    finally:
        if lobby.client is not None:
            lobby.client.close()
        lobby.hosting.close()
    assert not network.lock_path().exists()
