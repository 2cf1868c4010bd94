"""The relay's limits, its refusals and what it counts per address (issue 34).

A relay is a public service: whoever can reach its port can dial it.  Every
limit here is a number in :class:`Limits`, and every limit reached ends in
one of the plain refusals of :data:`REFUSALS` (relay-spec.md: a JSON text
frame ``{"refused": code, "text": ...}``, then the WebSocket closes).

What the relay keeps per address is a few counters and two token buckets; an
address whose last line is gone is forgotten, so the book stays as small as
the crowd that is connected.

A host sends one message per friend per move (each seat gets its own view),
so a registered host line raises what its address may send: the messages and
bytes per second (and their bursts) are multiplied by 1 + the friend lines
open at its table (counting at most `host_friend_lines` of them per table).
A friend's address gets no more than the plain allowance.

Several instances sharing one Redis (shared.py) count an address's open
lines and its tables across all of them (counts.py: a new line or table
costs one Redis round trip, pipelined with the others; with Redis down each
instance's own counts hold).  The rates are per instance: the message and
byte buckets are kept here, in memory, and the hot path (:meth:`AddressBook.charge`,
once a frame) never touches Redis, so an address whose lines reach R
instances may send R times the rate.  The lines waiting for their hello are
counted per instance too."""

from __future__ import annotations

from dataclasses import dataclass

#: Every refusal the relay sends, with the plain English it says.  The first
#: eleven are relay-spec.md's; "bad_frame", "too_slow" and "idle" are the
#: relay's own additions (a frame broken after the hello, a line that could not
#: keep up, a table nobody used for a long time).
REFUSALS: dict[str, str] = {
    "bad_hello": "The first message was not a relay hello (relay 1, role host or friend, a table id).",
    "table_taken": "Another host is already at this table.",
    "too_many_tables": "This address already holds as many tables as the relay allows.",
    "too_many_lines": "This address already has as many lines open as the relay allows.",
    "too_fast": "This address sent more messages or bytes than the relay allows; try again in a moment.",
    "too_big": "A message was larger than the relay carries.",
    "hello_timeout": "The line did not say hello in time.",
    "shutting_down": "The relay is shutting down; try again in a moment.",
    "shared_down": "This table is on another relay machine and the relays cannot reach each other right now.",
    "no_table": "There is no table with this id at the relay.",
    "no_table_away": "The host of this table is away; try again in a moment.",
    "bad_frame": "A message did not follow the relay's protocol.",
    "too_slow": "This line could not keep up with its messages.",
    "idle": "Nothing was played at this table for a long time.",
}

#: The codes sent on the wire ("no_table_away" goes out as "no_table" with its own text).
WIRE_CODE = {"no_table_away": "no_table"}

#: The longest control (text) frame and the longest payload of a data (binary) frame.
MAX_TEXT = 1024
MAX_PAYLOAD = 64 * 1024


@dataclass(frozen=True)
class Limits:
    """The numbers a relay holds to; the defaults suit a small public relay."""

    lines_per_address: int = 64  # open lines (hosts and friends) from one address
    unhelloed_per_address: int = 8  # lines from one address that have not said hello yet
    tables_per_address: int = 8  # tables whose host dialled from one address
    messages_per_second: float = 200.0  # frames one address may send, on average (a host's: see below) ...
    messages_burst: float = 400.0  # ... and at once
    bytes_per_second: float = 1024.0 * 1024.0  # bytes one address may send, on average ...
    bytes_burst: float = 2.0 * 1024.0 * 1024.0  # ... and at once
    hello_timeout: float = 5.0  # seconds a new line has to say hello
    grace: float = 30.0  # seconds a table waits for its host to redial
    idle: float = 1800.0  # seconds without a data frame before a table expires
    queue_bytes: int = 2 * (MAX_PAYLOAD + 4)  # what may wait to be sent to one line ...
    queue_frames: int = 256  # ... in at most this many frames
    total_lines: int = 20_000  # every line the relay holds at once
    join_timeout: float = 3.0  # seconds another relay machine has to answer a join
    host_friend_lines: int = 24  # each friend line at a host's table (up to this many) adds one allowance
    drain: float = 1.0  # seconds a line closed by its host (or by its host's leaving) has to send what was queued


class TokenBucket:
    """`rate` a second on average, `burst` at once."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = now

    def take(self, amount: float, now: float, scale: float = 1.0) -> bool:
        """Take `amount` if there is that much.  `scale` multiplies the rate, the burst and
        what is left alike (a frame costs 1/scale), so a larger allowance holds at once and
        lines opened and closed again add nothing."""
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        cost = amount / scale
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True


class Address:
    """What the relay counts for one address."""

    __slots__ = ("lines", "unhelloed", "tables", "friends", "messages", "bytes")

    def __init__(self, limits: Limits, now: float) -> None:
        self.lines = 0
        self.friends = 0  # friend lines at the tables its registered host lines hold (counted)
        self.unhelloed = 0
        self.tables = 0
        self.messages = TokenBucket(limits.messages_per_second, limits.messages_burst, now)
        self.bytes = TokenBucket(limits.bytes_per_second, limits.bytes_burst, now)


class AddressBook:
    """The counters of every address with a line open (and only those)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.entries: dict[str, Address] = {}
        self.total = 0

    def admit(self, address: str, now: float) -> str | None:
        """A new line from `address`: None (counted) or the refusal code."""
        entry = self.entries.get(address)
        if self.total >= self.limits.total_lines:
            return "too_many_lines"
        if entry is not None and (
            entry.lines >= self.limits.lines_per_address or entry.unhelloed >= self.limits.unhelloed_per_address
        ):
            return "too_many_lines"
        if entry is None:
            entry = self.entries[address] = Address(self.limits, now)
        entry.lines += 1
        entry.unhelloed += 1
        self.total += 1
        return None

    def helloed(self, address: str) -> None:
        self.entries[address].unhelloed -= 1

    def release(self, address: str, helloed: bool) -> None:
        """The line from `address` is gone."""
        entry = self.entries[address]
        entry.lines -= 1
        self.total -= 1
        if not helloed:
            entry.unhelloed -= 1
        self._forget(address, entry)

    def held(self, address: str) -> tuple[int, int]:
        """The lines open and the tables held by `address` (0, 0 for an address the book forgot)."""
        entry = self.entries.get(address)
        return (entry.lines, entry.tables) if entry is not None else (0, 0)

    def add_table(self, address: str) -> bool:
        entry = self.entries.get(address)
        if entry is None or entry.tables >= self.limits.tables_per_address:
            return False
        entry.tables += 1
        return True

    def drop_table(self, address: str) -> None:
        entry = self.entries.get(address)
        if entry is not None:
            entry.tables -= 1
            self._forget(address, entry)

    def credit(self, address: str, friends: int) -> None:
        """`friends` more (or fewer) friend lines at tables whose host line is from `address`."""
        entry = self.entries.get(address)
        if entry is not None:
            entry.friends = max(0, entry.friends + friends)

    def charge(self, address: str, size: int, now: float) -> bool:
        """One frame of `size` bytes from `address`: False when it is over a limit (an address
        with host lines may send 1 + their friend lines times the plain allowance)."""
        entry = self.entries[address]
        scale = 1.0 + entry.friends
        return entry.messages.take(1.0, now, scale) and entry.bytes.take(float(size), now, scale)

    def _forget(self, address: str, entry: Address) -> None:
        if entry.lines <= 0 and entry.tables <= 0:
            del self.entries[address]
