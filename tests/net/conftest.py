"""Every network test runs with the table's thread check on: a `HostTable`
touched from another thread than the one that owns it (a `HostServer`'s
worker, once it runs) fails the test instead of racing."""

from __future__ import annotations

import pytest

from game.net.authority import HostTable


@pytest.fixture(autouse=True)
def _table_only_on_its_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HostTable, "check_thread", True)
