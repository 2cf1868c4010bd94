"""`fireside host --relay` and `fireside join INVITE --computer LEVEL`, each in a
process of its own, through a relay on 127.0.0.1: the host prints the invite,
computers join with it and play to the end; every process exits 0."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from e2e_relay import TestRelay

from game.net.invite import Invite

ROOT = Path(__file__).resolve().parents[2]


def _fireside(home: Path, *args: str) -> subprocess.Popen:
    env = dict(os.environ, FIRESIDE_HOME=str(home), PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-m", "game", "--lang", "en", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=ROOT,
    )


def test_host_with_a_relay_prints_an_invite_and_computers_join_with_it_and_finish(tmp_path):
    with TestRelay() as relay:
        host = _fireside(
            tmp_path / "host",
            "host",
            "--game",
            "sticheln",
            "--players",
            "3",
            "--seats",
            "open,open,open",
            "--relay",
            relay.url,
            "--port",
            "0",
            "--quiet",
        )
        joins: list[subprocess.Popen] = []
        try:
            assert host.stdout is not None
            invite = None
            for _ in range(50):  # bounded: the host says its table, then its invite
                line = host.stdout.readline()
                if not line:
                    break
                if line.startswith("Invite: "):
                    invite = line.split(" ", 1)[1].strip()
                    break
            assert invite, "the host printed no invite"
            assert Invite.parse(invite).relay.port == relay.port
            joins = [
                _fireside(tmp_path / f"friend{i}", "join", invite, "--computer", "random", "--name", f"Bot{i}")
                for i in range(3)
            ]
            for join in joins:
                out, _ = join.communicate(timeout=120)
                assert join.returncode == 0, out
                assert "Game over." in out
            rest, _ = host.communicate(timeout=30)
            assert host.returncode == 0, rest
            assert "Game over:" in rest
        finally:
            for proc in [host, *joins]:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait(10)
        blob = b"".join(relay.received)
        assert b"Bot0" not in blob and invite.split("#")[1].encode() not in blob


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["join", "fireside://127.0.0.1:1/abc#def"], "table id"),
        (["join", "fireside://127.0.0.1:1/abc"], "no secret"),
        (["join", "192.168.1.20"], "code"),
        (["host", "--relay", "http://x:1"], "ws:// or wss://"),
    ],
)
def test_bad_invites_get_one_clear_line(args, says, capsys):
    from game.tools import cli

    with pytest.raises(SystemExit) as exit_:
        cli.main(args)
    assert exit_.value.code == 2 and says in capsys.readouterr().err


def test_a_resumed_table_keeps_its_invite_so_the_friends_invites_still_work():
    import argparse

    from game.net import hosting as net
    from game.persist import network
    from game.tools import cli

    table = net.new_table("sticheln", ["you", "open", "open"], ["Ana", "", ""], 3)
    invite = Invite.new("ws://127.0.0.1:9", b"\x05" * 32)
    save = net.saved(table, invite=invite.link())
    save.match = table.session.match
    network.write_table(save)
    kept = network.read_table()
    assert kept is not None and kept.invite == invite.link()
    parser = argparse.ArgumentParser()
    assert cli._relay_invite(parser, argparse.Namespace(relay=None), kept.invite) == invite
    moved = cli._relay_invite(parser, argparse.Namespace(relay="ws://127.0.0.1:10"), kept.invite)
    assert moved.secret == invite.secret and moved.table == invite.table and moved.relay.port == 10
    fresh = cli._relay_invite(parser, argparse.Namespace(relay="ws://127.0.0.1:10"), "")
    assert fresh.secret != invite.secret
