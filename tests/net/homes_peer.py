"""A tiny host or friend of the relay, run by tests/net/test_two_homes.py inside
one of its network namespaces (opaque payloads, relay-spec.md's frames, the
relay tests' own helpers from tests/net/relay/relaykit.py).

    python homes_peer.py host URL TABLE FRIENDS   registers TABLE, says "registered",
                                                  echoes FRIENDS payloads, says "echoed N"
    python homes_peer.py friend URL TABLE WORDS   joins TABLE, sends WORDS, says what came back
Every wait is bounded (relaykit.WAIT per step, the whole run by relaykit.run)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "relay"))

from relaykit import WAIT, binary, hello, run, text, to_line  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402


async def host(url: str, table: str, friends: int) -> None:
    async with connect(url, open_timeout=WAIT, close_timeout=1, compression=None) as ws:
        answer = await hello(ws, "host", table)
        assert answer == {"ok": "host", "table": table}, answer
        print("registered", flush=True)
        echoed = 0
        while echoed < friends:
            frame = await ws.recv()
            if isinstance(frame, str):
                print(f"control {frame}", flush=True)  # {"open": N}, {"close": N}
                continue
            number = int.from_bytes(frame[:4], "big")
            await ws.send(to_line(number, b"echo from home1: " + frame[4:]))
            echoed += 1
        print(f"echoed {echoed}", flush=True)
        # the friends hang up once they have their echo: the host stays until then (bounded)
        for _ in range(2 * friends):
            try:
                print(f"control {await text(ws)}", flush=True)
            except Exception:  # the relay closed, or nothing more came: done either way
                break


async def friend(url: str, table: str, words: str) -> None:
    async with connect(url, open_timeout=WAIT, close_timeout=1, compression=None) as ws:
        answer = await hello(ws, "friend", table)
        assert answer.get("ok") == "friend", answer
        await ws.send(words.encode())
        print((await binary(ws)).decode(), flush=True)


def main(argv: list[str]) -> None:
    role, url, table, extra = argv
    if role == "host":
        run(host(url, table, int(extra)), timeout=60)
    else:
        run(friend(url, table, extra), timeout=30)


if __name__ == "__main__":
    main(sys.argv[1:])
