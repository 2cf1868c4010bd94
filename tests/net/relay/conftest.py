"""The relay's tests: a real redis-server on 127.0.0.1 for the shared ones."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest
from relaykit import RedisServer, redis_server


@pytest.fixture
def redis() -> Iterator[RedisServer]:
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (.ci/run installs it: apt-get install -y redis-server)")
    pytest.importorskip("redis", reason="the redis library is not installed (pip install -e '.[test]')")
    with redis_server() as server:
        yield server
