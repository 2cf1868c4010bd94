"""Crash safety: a process saving in a loop is killed at random moments.

After every kill the file must load (and replay) and be one of the two games
the child was writing -- the old one or the new one, never a mix or half a
file -- and no temporary file may show up in the list of saves.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from matrix import count
from persist_helpers import new_match, play

from game.persist import library, savefile

ROOT = Path(__file__).resolve().parents[2]
KILLS = count(200, 100)  # .ci/run's sample; FIRESIDE_FULL_MATRIX=1: 200

# The child imports only the save module (no pygame, no AI), so it is ready fast.
# -S skips site-packages (the save code needs only the stdlib and this checkout).
CHILD = """
import sys
from game.persist.savefile import load, save
target, first, second = sys.argv[1:4]
games = [load(first), load(second)]
sys.stdout.write("ready\\n")
sys.stdout.flush()
turn = 0
while True:
    save(target, games[turn % 2])
    turn += 1
"""


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FIRESIDE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def identity(data: dict) -> tuple:
    """What tells the two games apart (saved_at changes with every write)."""
    return data["game"], data["seed"], tuple(data["moves"]), tuple(s["name"] for s in data["seats"])


@pytest.mark.slow
def test_killed_while_saving_leaves_the_old_or_the_new_game(tmp_path: Path) -> None:
    first = play(new_match("sticheln", 5, 11), random.Random(11), 120)
    second = play(new_match("grinch", 4, 12), random.Random(12), 60)
    sources = []
    for name, match in (("first.json", first), ("second.json", second)):
        savefile.save(tmp_path / name, match)
        sources.append(str(tmp_path / name))
    known = {identity(savefile.to_data(first)): "first", identity(savefile.to_data(second)): "second"}
    target = library.save_slot("crash test", first)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rng = random.Random(2024)
    seen = {"first": 0, "second": 0}
    changes = 0
    last = "first"
    for kill in range(KILLS):
        child = subprocess.Popen(
            [sys.executable, "-S", "-c", CHILD, str(target), *sources],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            ready = child.stdout.readline()
            assert ready == "ready\n", f"the child did not start: {ready!r} {child.stderr.read()}"
            # Let it write for a seeded random while (a few writes at most), then pull the plug.
            try:
                child.wait(timeout=rng.uniform(0.0, 0.03))
            except subprocess.TimeoutExpired:
                pass
            assert child.poll() is None, f"the child stopped by itself: {child.stderr.read()}"
        finally:
            child.kill()  # SIGKILL on POSIX, TerminateProcess on Windows: no cleanup code runs
            child.wait()
            child.stdout.close()
            child.stderr.close()
        match = savefile.load(target)  # loads and replays, or the test fails with the reason
        which = known.get(identity(json.loads(target.read_text(encoding="utf-8"))))
        assert which is not None, f"kill {kill}: the file holds neither game"
        assert match.state == (first if which == "first" else second).state
        seen[which] += 1
        changes += which != last
        last = which
    infos = library.list_saves()
    assert [(info.path, info.error) for info in infos] == [(target, None)]
    temps = [p.name for p in target.parent.iterdir() if p != target]
    assert all(name.startswith(".") and name.endswith(".tmp") for name in temps), temps
    assert seen["first"] and seen["second"] and changes > 10, (seen, changes)  # the kills did land mid-loop
    print(
        f"\n{KILLS} kills: first {seen['first']}, second {seen['second']}, {changes} changes, "
        f"{len(temps)} temp files left by killed writes (hidden from the list)"
    )
