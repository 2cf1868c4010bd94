"""Who may knock at a network table: lines that have not taken a seat yet, per address.

A line that has not said hello (or said it and was refused) is a stranger
knocking.  Strangers get a small allowance of their own, per address and in
all, apart from the seated players: when it is used up, a new line is let in
and the oldest stranger of the busiest address is let go, so a crowd of
silent lines can never keep a seated player from dialling back in with their
key (a rejoin says hello at once; a silent line only waits).  An address whose
hellos name the wrong code waits longer before each next hello is read (a
backoff that doubles, forgotten after a quiet while); the addresses
remembered are bounded.  No sockets here: the carrier asks (`HostServer`).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

__all__ = ["KNOCKING", "KNOCKING_PER_ADDRESS", "Gate"]

#: The most strangers knocking at once, in all and from one address.
KNOCKING = 64
KNOCKING_PER_ADDRESS = 16
#: The wait before a hello from an address that named a wrong code: doubling from
#: `BACKOFF` a wrong code up to `MOST_BACKOFF`, forgotten after `FORGIVE` quiet seconds.
BACKOFF = 0.25
MOST_BACKOFF = 8.0
FORGIVE = 60.0
#: The most addresses whose wrong codes are remembered (the oldest forgotten first).
REMEMBERED = 1024


class Gate:
    """The strangers knocking at one carrier, and the addresses slowed for wrong codes (see module doc)."""

    def __init__(
        self,
        knocking: int = KNOCKING,
        per_address: int = KNOCKING_PER_ADDRESS,
        *,
        backoff: float = BACKOFF,
        most: float = MOST_BACKOFF,
        forgive: float = FORGIVE,
        remembered: int = REMEMBERED,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.knocking, self.per_address = max(1, knocking), max(1, per_address)
        self.backoff, self.most, self.forgive, self.remembered = backoff, most, forgive, remembered
        self.clock = clock
        self._lines: dict[str, OrderedDict[Any, None]] = {}  # address -> its strangers, oldest first
        self._count = 0
        self._fails: OrderedDict[str, tuple[int, float]] = OrderedDict()  # address -> (wrong codes, last one)

    @property
    def strangers(self) -> int:
        return self._count

    def arrive(self, address: str, line: Any) -> list[Any]:
        """A new line from `address` is knocking; the strangers to let go to make room for it."""
        out: list[Any] = []
        mine = self._lines.setdefault(address, OrderedDict())
        if len(mine) >= self.per_address:
            out.append(self._drop_oldest(address))
        elif self._count >= self.knocking:
            busiest = max(self._lines, key=lambda a: len(self._lines[a]))
            out.append(self._drop_oldest(busiest))
        mine = self._lines.setdefault(address, OrderedDict())
        mine[line] = None
        self._count += 1
        return out

    def _drop_oldest(self, address: str) -> Any:
        mine = self._lines[address]
        line, _ = mine.popitem(last=False)
        self._count -= 1
        if not mine:
            del self._lines[address]
        return line

    def leave(self, address: str, line: Any) -> None:
        """`line` is no stranger any more: it took a seat, or it is gone."""
        mine = self._lines.get(address)
        if mine is not None and line in mine:
            del mine[line]
            self._count -= 1
            if not mine:
                del self._lines[address]

    def knocking_at(self, address: str, line: Any) -> bool:
        return line in self._lines.get(address, ())

    def wrong_code(self, address: str) -> None:
        """A hello from `address` named no table here: its next hellos wait longer."""
        now = self.clock()
        fails, last = self._fails.pop(address, (0, 0.0))
        if now - last > self.forgive:  # forgiven meanwhile: count from one again
            fails = 0
        self._fails[address] = (fails + 1, now)
        while len(self._fails) > self.remembered:
            self._fails.popitem(last=False)

    def delay(self, address: str) -> float:
        """How long a hello from `address` waits before it is read (0: no wrong code lately)."""
        fails, last = self._fails.get(address, (0, 0.0))
        if not fails:
            return 0.0
        if self.clock() - last > self.forgive:
            del self._fails[address]
            return 0.0
        return float(min(self.most, self.backoff * 2.0 ** (fails - 1)))
