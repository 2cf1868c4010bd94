"""A relay for the endpoint tests (issue 34), on 127.0.0.1, in a thread of its own,
behind a recording proxy that may also meddle.

The relay is the project's own (`game.net.relay.server.Relay`).  Every client dials
the proxy; the proxy dials the relay for it and passes each frame on, keeping a
copy of every frame the relay is sent (`received`: what a relay gets to see),
and `meddle(direction, line, payload)` may alter, drop, replay or reorder the
binary frames the relay sends to a friend ("to_friend") or to the host
("to_host"), as a relay gone bad would."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from typing import Any

#: meddle(direction, line, payload) -> the payloads to pass on instead
Meddle = Callable[[str, int, bytes], list[bytes]]


class TestRelay:
    __test__ = False  # not a test class

    def __init__(self, meddle: Meddle | None = None) -> None:
        self.meddle = meddle
        self.received: list[bytes] = []
        self.port = 0
        self._relay_url = ""
        self._relay: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def __enter__(self) -> TestRelay:
        self._thread.start()
        assert self._ready.wait(10), "the test relay did not start"
        return self

    def __exit__(self, *exc: object) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)

    async def _main(self) -> None:
        from websockets.asyncio.server import serve

        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        from game.net.relay.server import Relay

        # the relay's own limits, as a public relay holds them: every test line comes from
        # 127.0.0.1 (one address) and the host's allowance grows with its friend lines
        self._relay = Relay()
        await self._relay.start("127.0.0.1", 0)
        self._relay_url = f"ws://127.0.0.1:{self._relay.port}"
        try:
            async with serve(self._proxy, "127.0.0.1", 0, max_size=None, compression=None) as server:
                self.port = server.sockets[0].getsockname()[1]
                self._ready.set()
                await self._stop.wait()
        finally:
            await self._relay.close()

    async def _proxy(self, client: Any) -> None:
        from websockets.asyncio.client import connect

        role: list[str] = [""]
        line: list[int] = [0]
        async with connect(self._relay_url, max_size=None, compression=None) as relay:

            async def inbound() -> None:  # client -> relay: recorded
                async for frame in client:
                    data = frame.encode() if isinstance(frame, str) else frame
                    self.received.append(data)
                    if not role[0] and isinstance(frame, str):
                        role[0] = str(json.loads(frame).get("role", ""))
                    await relay.send(frame)

            async def outbound() -> None:  # relay -> client: may be meddled with
                async for frame in relay:
                    if isinstance(frame, str):
                        message = json.loads(frame)
                        if role[0] == "friend" and isinstance(message.get("line"), int):
                            line[0] = message["line"]
                        await client.send(frame)
                        continue
                    if role[0] == "host" and len(frame) >= 4:
                        number, payload = int.from_bytes(frame[:4], "big"), frame[4:]
                        for out in self._meddled("to_host", number, payload):
                            await client.send(frame[:4] + out)
                    else:
                        for out in self._meddled("to_friend", line[0], frame):
                            await client.send(out)

            tasks = [asyncio.create_task(inbound()), asyncio.create_task(outbound())]
            try:
                await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            except Exception:
                pass
            finally:
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
        await client.close()

    def _meddled(self, direction: str, line: int, payload: bytes) -> list[bytes]:
        return self.meddle(direction, line, payload) if self.meddle is not None else [payload]
