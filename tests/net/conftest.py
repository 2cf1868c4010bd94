"""Every network test runs with the table's thread check on (tests/conftest.py's
`table_only_on_its_worker`): a `HostTable` touched from another thread than the
one that owns it (a `HostServer`'s worker, once it runs) fails the test instead
of racing."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _table_only_on_its_worker(table_only_on_its_worker: None) -> None:
    """tests/conftest.py's fixture, for every test here."""
