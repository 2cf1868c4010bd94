"""A tiny test-only host and friend that speak relay-spec.md's frames over
loopback (payloads are opaque bytes), a relay started in the test's own
event loop, and a real `redis-server` on 127.0.0.1 for the shared tests."""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import socket
import subprocess
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.net.relay.limits import Limits
from game.net.relay.server import Relay

T = TypeVar("T")
TABLE = "abcdefghijklmnop"  # 16 base32 characters, as an invite's table id is
OTHER = "qrstuvwxyz234567"
WAIT = 5.0  # the most any one step waits before the test fails (never an assert on time)


def run(coro: Awaitable[T], timeout: float = 30.0) -> T:
    async def bounded() -> T:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())


@contextlib.asynccontextmanager
async def relay_at(limits: Limits | None = None, **kwargs: Any) -> AsyncIterator[Relay]:
    relay = Relay(limits or Limits(), **kwargs)
    await relay.start("127.0.0.1", 0)
    try:
        yield relay
    finally:
        await relay.close()


def url(relay: Relay) -> str:
    return f"ws://127.0.0.1:{relay.port}"


async def dial(relay: Relay, **kwargs: Any) -> ClientConnection:
    return await connect(url(relay), open_timeout=WAIT, close_timeout=1, compression=None, **kwargs)


async def hello(ws: ClientConnection, role: str, table: str = TABLE) -> dict[str, Any]:
    await ws.send(json.dumps({"relay": 1, "role": role, "table": table}))
    return await text(ws)


async def text(ws: ClientConnection) -> dict[str, Any]:
    frame = await asyncio.wait_for(ws.recv(), WAIT)
    assert isinstance(frame, str), frame
    value = json.loads(frame)
    assert isinstance(value, dict)
    return value


async def binary(ws: ClientConnection) -> bytes:
    frame = await asyncio.wait_for(ws.recv(), WAIT)
    assert isinstance(frame, bytes), frame
    return frame


async def host(relay: Relay, table: str = TABLE) -> ClientConnection:
    ws = await dial(relay)
    assert await hello(ws, "host", table) == {"ok": "host", "table": table}
    return ws


async def friend(
    relay: Relay, host_ws: ClientConnection | None = None, table: str = TABLE
) -> tuple[ClientConnection, int]:
    ws = await dial(relay)
    answer = await hello(ws, "friend", table)
    assert answer.get("ok") == "friend", answer
    number = answer["line"]
    if host_ws is not None:
        assert await text(host_ws) == {"open": number}
    return ws, number


async def refused(ws: ClientConnection) -> tuple[str, int | None]:
    """The refusal code a line got, and the close code after it."""
    answer = await text(ws)
    assert set(answer) == {"refused", "text"} and answer["text"], answer
    return answer["refused"], await closed(ws)


async def closed(ws: ClientConnection) -> int | None:
    """The close code, once the relay has closed the line (frames before it are skipped; read from
    the Sans-I/O protocol, which has it in every websockets version)."""
    with contextlib.suppress(ConnectionClosed):
        for _ in range(100_000):
            await asyncio.wait_for(ws.recv(), WAIT)
    await asyncio.wait_for(ws.wait_closed(), WAIT)
    assert ws.protocol.close_code is not None
    return ws.protocol.close_code


async def last_words(ws: ClientConnection) -> tuple[list[bytes | str], int | None, str]:
    """Every frame a line still gets, then its close code and reason (bounded by WAIT a frame)."""
    frames: list[bytes | str] = []
    with contextlib.suppress(ConnectionClosed):
        for _ in range(100_000):
            frames.append(await asyncio.wait_for(ws.recv(), WAIT))
    await asyncio.wait_for(ws.wait_closed(), WAIT)
    return frames, ws.protocol.close_code, ws.protocol.close_reason or ""


async def until(check: Callable[[], bool], what: str) -> None:
    """Wait (bounded) until `check()` holds."""
    for _ in range(int(WAIT / 0.01)):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never: {what}")


def to_line(number: int, payload: bytes) -> bytes:
    return number.to_bytes(4, "big") + payload


# -- a real Redis ---------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class RedisServer:
    port: int
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server")
        assert binary is not None
        self.process = subprocess.Popen(
            [binary, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.02)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
            self.process = None


@contextlib.contextmanager
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer(free_port())
    server.start()
    try:
        yield server
    finally:
        server.stop()
