"""STAND-IN relay for the endpoint tests, used only while the real one
(game/net/relay/) is not in this checkout (see e2e_relay.py): a minimal
forwarder speaking the relay spec v1 (host/friend hellos, open/close, 4-byte
line numbers on binary frames), on 127.0.0.1, in a thread of its own.
Delete it once the real relay is on main."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from typing import Any


class StandInRelay:
    def __init__(self, meddle: Callable[[str, int, bytes], list[bytes]] | None = None) -> None:
        self.meddle = meddle
        self.received: list[bytes] = []  # every frame it was sent, as bytes
        self.port = 0
        self._hosts: dict[str, Any] = {}
        self._friends: dict[tuple[str, int], Any] = {}
        self._next: dict[str, int] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> StandInRelay:
        self._thread.start()
        assert self._ready.wait(10)
        return self

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)

    def __enter__(self) -> StandInRelay:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _forward(self, direction: str, line: int, payload: bytes) -> list[bytes]:
        return self.meddle(direction, line, payload) if self.meddle else [payload]

    async def _main(self) -> None:
        from websockets.asyncio.server import serve

        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        async with serve(self._serve, "127.0.0.1", 0, max_size=70_000, compression=None) as server:
            self.port = server.sockets[0].getsockname()[1]
            self._ready.set()
            await self._stop.wait()

    async def _serve(self, ws: Any) -> None:
        first = await ws.recv()
        self.received.append(first.encode() if isinstance(first, str) else first)
        hello = json.loads(first)
        table = hello["table"]
        if hello["role"] == "host":
            self._hosts[table] = ws
            await ws.send(json.dumps({"ok": "host", "table": table}))
            try:
                async for raw in ws:
                    self.received.append(raw.encode() if isinstance(raw, str) else raw)
                    if isinstance(raw, bytes):
                        line = int.from_bytes(raw[:4], "big")
                        friend = self._friends.get((table, line))
                        for payload in self._forward("to_friend", line, raw[4:]):
                            if friend is not None:
                                try:
                                    await friend.send(payload)
                                except Exception:  # that friend is gone; the others go on
                                    break
                    else:
                        message = json.loads(raw)
                        if "close" in message:
                            friend = self._friends.pop((table, message["close"]), None)
                            if friend is not None:
                                await friend.close(1000, "closed by host")
            finally:
                self._hosts.pop(table, None)
                for (t, _), friend in list(self._friends.items()):
                    if t == table:
                        await friend.close(1001, "host gone")
            return
        host = self._hosts.get(table)
        if host is None:
            await ws.send(json.dumps({"refused": "no_table", "text": "No table with that id is open here."}))
            return
        line = self._next[table] = self._next.get(table, 0) + 1
        self._friends[(table, line)] = ws
        await ws.send(json.dumps({"ok": "friend", "line": line}))
        await host.send(json.dumps({"open": line}))
        try:
            async for raw in ws:
                self.received.append(raw.encode() if isinstance(raw, str) else raw)
                if isinstance(raw, bytes):
                    for payload in self._forward("to_host", line, raw):
                        try:
                            await host.send(line.to_bytes(4, "big") + payload)
                        except Exception:
                            return
        except Exception:
            pass
        finally:
            if self._friends.pop((table, line), None) is not None:
                try:
                    await host.send(json.dumps({"close": line}))
                except Exception:
                    pass
