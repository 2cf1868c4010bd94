"""Every test keeps its files in its own folder: the app autosaves, archives
finished games and saves settings as it runs, and none of that may reach the
real user folders of whoever runs the tests.  And no test multicasts: a real
Zeroconf fails loudly (discovery is tested through its local stand-in)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections import OrderedDict
from pathlib import Path

import pytest

#: a folder in memory, where the system has one (Linux's tmpfs)
RAM = Path("/dev/shm")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto`: one worker more than the cores this process may use.  Many
    tests wait on a socket, a child process or a table's clock rather than
    compute (the network tables', the command line's), and while one worker
    waits the extra one keeps the cores busy: on two cores the fast lane took
    80 s with two workers and 66 s with three.  PYTEST_XDIST_AUTO_NUM_WORKERS
    still decides where it is set (None hands over to xdist's own rule)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores + 1


@pytest.fixture(scope="session")
def homes_root():
    """Where the tests' FIRESIDE_HOMEs go: a folder in memory where there is one,
    removed at the end (else None: pytest's own temporary folders).  A table
    autosaves at every move, each an atomic replace of the file, and on ext4 a
    rename over a file waits for the new one to reach the disk (about 5 ms a
    save, fsync or not): a good part of a whole game's time at a table."""
    try:
        root = Path(tempfile.mkdtemp(prefix="fireside-tests-", dir=RAM))
    except OSError:  # no such folder (macOS, Windows), or not writable
        yield None
        return
    yield root
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(autouse=True)
def fireside_home(request, homes_root, tmp_path_factory, monkeypatch):
    """FIRESIDE_HOME in a fresh temporary folder (a test may set its own); on
    the disk for REAL_FSYNC's files, the tests of durability."""
    if homes_root is not None and request.node.path.name not in REAL_FSYNC:
        home = Path(tempfile.mkdtemp(prefix="home-", dir=homes_root))
    else:
        home = tmp_path_factory.mktemp("fireside-home")
    monkeypatch.setenv("FIRESIDE_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Tests read English unless they switch language themselves: the language is
    global (game.i18n) and would otherwise follow the machine's."""
    from game import i18n

    monkeypatch.setenv("LANGUAGE", "en")
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def no_real_zeroconf(monkeypatch):
    """A test that made a real Zeroconf would multicast on a real interface: make that fail loudly."""
    import zeroconf

    def refuse(*_a, **_k):
        raise AssertionError("a test must never create a real Zeroconf")

    monkeypatch.setattr(zeroconf, "Zeroconf", refuse)


@pytest.fixture
def table_only_on_its_worker(monkeypatch):
    """A hosted `HostTable` touched from another thread than the one that owns it
    (a `HostServer`'s worker, once it runs) fails the test instead of racing: on
    for every test in tests/net (its conftest), and for a window test that hosts
    a table by `pytestmark = pytest.mark.usefixtures("table_only_on_its_worker")`."""
    from game.net.authority import HostTable

    monkeypatch.setattr(HostTable, "check_thread", True)


#: the tests of the atomic write itself and of odd files and folders keep the real fsync
REAL_FSYNC = {"test_persist.py", "test_odd_files.py", "test_odd_files_fuzz.py", "test_settings_file.py"}


@pytest.fixture(autouse=True)
def no_fsync(request, monkeypatch):
    """Skip fsync but in REAL_FSYNC's files: every test writes to a throwaway
    folder, no other test is about durability, and the app's per-move autosave
    fsyncs twice (the file, then its folder) -- about a quarter of a whole
    game's time at a table, and most of the save fuzzers'."""
    if request.node.path.name not in REAL_FSYNC:
        monkeypatch.setattr(os, "fsync", _no_fsync)


def _no_fsync(fd: int) -> None:
    """os.fsync's stand-in: the data still goes to the file, only the wait for the disk is gone."""


#: the tests of the pictures and their caches themselves draw every card afresh
OWN_ART = {"test_art.py", "test_caches.py", "test_damaged_assets.py"}
#: card faces kept for the whole test process (most recently used kept)
SHARED_FACES_BYTES = 96 * 1024 * 1024
_shared_faces: OrderedDict = OrderedDict()
_shared_bytes = [0]


@pytest.fixture(autouse=True)
def shared_card_faces(request, monkeypatch):
    """A card's face is drawn once per test process, not once per window: every
    test builds its own App, whose Art draws every card of the deal at the
    table's size before the first frame (`Art.warm`) -- a sixth of a table
    test's time.  A face depends only on the game, the card and the width
    ("cards look the same in every language"), and each Art's own caches work
    as ever: the face is still put in them, counted and evicted, only the
    drawing is skipped.  Not for OWN_ART's files."""
    if request.node.path.name in OWN_ART:
        return
    from game.app.look.art import Art

    drawn = Art.face

    def face(self, game_id, card, width):
        key = (game_id, card, width)
        found = self._faces.get(key)
        if found is not None:
            return found
        shared = _shared_faces.get(key)
        if shared is None:
            shared = drawn(self, game_id, card, width)
            _shared_faces[key] = shared
            _shared_bytes[0] += shared.get_bytesize() * shared.get_width() * shared.get_height()
            while _shared_bytes[0] > SHARED_FACES_BYTES and len(_shared_faces) > 1:
                _key, old = _shared_faces.popitem(last=False)
                _shared_bytes[0] -= old.get_bytesize() * old.get_width() * old.get_height()
            return shared
        _shared_faces.move_to_end(key)
        self._note_width(max(1, round(width)))
        return self._faces.put(key, shared)

    monkeypatch.setattr(Art, "face", face)
