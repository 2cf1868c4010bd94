"""Every test keeps its files in its own folder: the app autosaves, archives
finished games and saves settings as it runs, and none of that may reach the
real user folders of whoever runs the tests.  And no test multicasts: a real
Zeroconf fails loudly (discovery is tested through its local stand-in)."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True)
def fireside_home(tmp_path_factory, monkeypatch):
    """FIRESIDE_HOME in a fresh temporary folder (a test may set its own)."""
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
