"""The headless host's failures said plainly (issue 33, 2/7): a taken port, a second
host of the same table, a save that names no port, a save that cannot be written."""

from __future__ import annotations

import json
import logging
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from game.net import hosting as net
from game.net.client import Client
from game.persist import network
from game.tools.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _kept_table() -> None:
    table = net.new_table("grinch", ["open", "open", "open"], ["", "", ""], seed=5)
    network.write_table(net.saved(table, "127.0.0.1", 0))


def test_a_taken_port_is_an_error_and_exit_2_not_another_port(capsys, caplog):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with caplog.at_level(logging.INFO):
            code = main(["--lang", "en", "host", "--game", "grinch", "--players", "3", "--port", str(port)])
    err = capsys.readouterr()
    assert code == 2
    assert f"port {port} is taken" in err.err and "--port" in err.err
    assert "Traceback" not in err.err + err.out and not any(r.exc_info for r in caplog.records)
    assert f"port: {port}" not in err.out  # no table opened elsewhere
    assert not network.lock_path().exists()  # the lock went with it


def test_a_save_naming_port_70000_is_said_plainly(capsys):
    _kept_table()
    path = network.table_path()
    data = json.loads(path.read_text())
    data["network"]["port"] = 70000
    path.write_text(json.dumps(data))
    assert main(["--lang", "en", "host", "--resume"]) == 2
    err = capsys.readouterr().err
    assert "cannot be opened" in err and "70000 is not a port" in err and "Traceback" not in err


def test_a_second_resume_of_the_same_table_is_refused_while_one_runs(tmp_path, capsys):
    _kept_table()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    first = subprocess.Popen(
        [sys.executable, "-m", "game", "--lang", "en", "host", "--resume", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=ROOT,
    )
    try:
        assert first.stdout is not None
        for _ in range(50):  # bounded: until it says its port
            line = first.stdout.readline()
            if not line or line.startswith("port: "):
                break
        assert network.lock_path().exists()
        assert main(["--lang", "en", "host", "--resume"]) == 2
        err = capsys.readouterr().err
        assert f"process {first.pid}" in err and "open in another fireside" in err
    finally:
        first.terminate()  # SIGTERM closes it as Ctrl-C does: the lock is released
        first.wait(20)
    assert not network.lock_path().exists()


def test_a_stale_lock_of_a_host_that_was_killed_is_taken_over():
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait(10)
    network.lock_path().parent.mkdir(parents=True, exist_ok=True)
    network.lock_path().write_text(str(gone.pid))  # a host killed (-9) left it
    release = network.lock_table()
    assert network.lock_path().read_text() == str(os.getpid())
    release()
    assert not network.lock_path().exists()


def test_a_save_that_cannot_be_written_is_said_once_and_the_players_are_told(monkeypatch, caplog):
    def refuse(_save):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(net, "_write", refuse)
    told: list[str] = []
    table = net.new_table("grinch", ["open", "open"], ["", ""], seed=6)
    hosting = net.Hosting(table, port=0, on_save_trouble=told.append).start()
    ana = Client(hosting.url, "Ana", code=table.code).start()
    try:
        assert ana.wait(lambda s: s.view is not None, 5)
        keep = table.keep
        assert isinstance(keep, net.Autosaver)
        with caplog.at_level(logging.DEBUG, logger="game.net.hosting"):
            for _ in range(3):  # three moves' saves, each refused
                hosting.server.ask(lambda: keep(table))
                assert keep.flush(5)
        assert len(told) == 1 and "No space left" in told[0]
        warned = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert len(warned) == 1 and warned[0].exc_info is None  # once, no traceback
        assert ana.wait(lambda s: any(c.seat is None and c.phrase == "not_saved" for c in s.chat), 5)
        from game.net import words

        assert words.say_notice("not_saved") and words.say_notice("good_game") is None
    finally:
        ana.close(timeout=1)
        hosting.close()


@pytest.mark.parametrize("value", ["x", -1, True, 65536])
def test_a_save_with_any_port_out_of_range_is_not_offered_and_says_why(value):
    _kept_table()
    path = network.table_path()
    data = json.loads(path.read_text())
    data["network"]["port"] = value
    path.write_text(json.dumps(data))
    why: list[str] = []
    assert network.read_table(why) is None and why and "not a port" in why[0]
