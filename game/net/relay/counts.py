"""Open lines and tables per address, counted across every relay instance
that shares one Redis (game/net/relay/shared.py).

Each instance keeps its own book (limits.py) and tells Redis what it holds
for an address: one Redis hash per address, ``fireside:relay:count:<digest>``,
with one field per instance, ``"<lines> <tables> <deadline>"`` (the deadline
in Redis's own clock, milliseconds).  A new line or a new table is checked
by one Lua script that sums the other instances' live fields, admits what
still fits under the limit, writes this instance's field, and drops the
fields whose deadline passed, all in one round trip.  An instance renews
its fields every ttl/3 seconds, so one that dies stops counting within the
registry's ttl; one that stops cleanly removes its fields.

Addresses never reach Redis in the clear: ``<digest>`` is an HMAC-SHA256 of
the address.  Its key is derived from the peer secret when the instances
share one (a secret Redis never sees, so reading Redis tells nobody which
addresses are counted); without one, the instances agree on a random key
kept in Redis under ``fireside:relay:address-key`` (the first instance sets
it).  That still keeps addresses out of Redis's key names, values and
dumps, but whoever can read every key of Redis can also read that key and
try all the addresses (IPv4 is small): give the instances a peer secret
where that matters.  The log's own hash (``--hash-addresses``) is no use
here: its salt is per instance and never leaves memory, on purpose, so the
log and Redis cannot be matched up.

The checks, the corrections after a line or table ends and the renewals all
go through the instance's one Redis writer, pipelined: many checks share a
round trip, and they reach Redis in the order they were made, each carrying
the instance's count at the moment the pipeline is written.  With Redis down
every check passes at once and the instance's own limits hold alone."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import os
from collections.abc import Callable
from typing import Any

PREFIX = "fireside:relay:"
KEY_NAME = f"{PREFIX}address-key"

# KEYS[1]: one address's counts; ARGV: this instance, ttl (ms), its lines before the new ones, new lines,
# the line limit, its tables before the new ones, new tables, the table limit.  Returns {lines, tables} admitted.
COUNT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lines, new_lines = tonumber(ARGV[3]), tonumber(ARGV[4])
local tables, new_tables = tonumber(ARGV[6]), tonumber(ARGV[7])
if new_lines + new_tables > 0 then
  local other_lines, other_tables = 0, 0
  local all = redis.call('HGETALL', KEYS[1])
  for i = 1, #all, 2 do
    if all[i] ~= ARGV[1] then
      local l, tb, d = string.match(all[i + 1], '^(%d+) (%d+) (%d+)$')
      if d == nil or tonumber(d) < now then
        redis.call('HDEL', KEYS[1], all[i])
      else
        other_lines = other_lines + tonumber(l)
        other_tables = other_tables + tonumber(tb)
      end
    end
  end
  new_lines = math.max(0, math.min(new_lines, tonumber(ARGV[5]) - other_lines - lines))
  new_tables = math.max(0, math.min(new_tables, tonumber(ARGV[8]) - other_tables - tables))
end
lines, tables = lines + new_lines, tables + new_tables
if lines + tables == 0 then
  redis.call('HDEL', KEYS[1], ARGV[1])
else
  redis.call('HSET', KEYS[1], ARGV[1], string.format('%d %d %d', lines, tables, now + tonumber(ARGV[2])))
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return {new_lines, new_tables}
"""

# The instances' shared address key: set it if nobody did, then read what is there.
AGREE = """
redis.call('SET', KEYS[1], ARGV[1], 'NX')
return redis.call('GET', KEYS[1])
"""


def key_from_secret(secret: bytes) -> bytes:
    """The address key of instances that share a peer secret (not the secret itself)."""
    return hmac.new(secret, b"fireside relay: the key of counted addresses", hashlib.sha256).digest()


def new_key() -> bytes:
    return os.urandom(32).hex().encode("ascii")


#: What a pending check waits on: True, the line or table is admitted; False, the limit is reached.
Verdict = asyncio.Future[bool]


class Counts:
    """One instance's part of the shared per-address counts (see the module's docstring)."""

    def __init__(self, instance: str, ttl: float, secret: bytes | None = None) -> None:
        self.instance = instance
        self.ttl_ms = max(1, int(ttl * 1000))
        self.key = key_from_secret(secret) if secret is not None else None
        self.own_key = secret is not None  # False: agreed on through Redis at each connect
        self.sha = ""  # COUNT loaded into Redis
        self.waiting: dict[str, list[tuple[bool, Verdict]]] = {}  # address → (a table?, its verdict)
        self.dirty: dict[str, None] = {}  # addresses whose count changed since it was last written
        self.held: dict[str, str] = {}  # addresses with a field of this instance in Redis → their key
        self.renewed_at = -1e9

    def digest(self, address: str) -> str:
        assert self.key is not None
        return f"{PREFIX}count:" + hmac.new(self.key, address.encode(), hashlib.sha256).hexdigest()[:32]

    async def agree(self, client: Any) -> None:
        """At each connect: the address key (unless the peer secret gave it) and the script."""
        if not self.own_key:
            proposed = self.key or new_key()
            agreed = await client.eval(AGREE, 1, KEY_NAME, proposed)
            self.key = agreed if isinstance(agreed, bytes) and agreed else proposed
        self.sha = str(await client.script_load(COUNT))

    def check(self, address: str, table: bool) -> Verdict:
        """A new line (or table) from `address`, already counted in this instance's book."""
        verdict: Verdict = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(address, []).append((table, verdict))
        return verdict

    def changed(self, address: str) -> None:
        self.dirty[address] = None

    def renew(self, addresses: Callable[[], list[str]], now: float, period: float) -> bool:
        """Every `period` seconds, every address this instance counts is written again (a new deadline)."""
        if now - self.renewed_at < period:
            return False
        self.renewed_at = now
        for address in addresses():
            self.dirty[address] = None
        for address in self.held:
            self.dirty[address] = None
        return bool(self.dirty)

    def pending(self) -> bool:
        return bool(self.dirty or self.waiting)

    def write(
        self,
        pipe: Any,
        held: Callable[[str], tuple[int, int]],
        limits: tuple[int, int],
        most: int,
    ) -> list[list[tuple[bool, Verdict]]]:
        """Queue on `pipe` (at most `most`) the writes and checks due; one list of verdicts per command."""
        batch: list[list[tuple[bool, Verdict]]] = []
        addresses = list(self.waiting)
        addresses += [a for a in self.dirty if a not in self.waiting]
        for address in addresses[:most]:
            self.dirty.pop(address, None)
            checks = [(table, v) for table, v in self.waiting.pop(address, []) if not v.done()]
            lines, tables = held(address)
            new_lines = sum(1 for table, _ in checks if not table)
            new_tables = len(checks) - new_lines
            lines, tables = max(0, lines - new_lines), max(0, tables - new_tables)
            key = self.digest(address)
            if lines + tables + len(checks):
                self.held[address] = key
            else:
                self.held.pop(address, None)
            pipe.evalsha(
                self.sha,
                1,
                key,
                self.instance,
                self.ttl_ms,
                lines,
                new_lines,
                limits[0],
                tables,
                new_tables,
                limits[1],
            )
            batch.append(checks)
        return batch

    @staticmethod
    def answer(checks: list[tuple[bool, Verdict]], result: object) -> None:
        """Redis's answer to one command of `write`: the first admitted checks pass, the rest are refused."""
        admitted = [0, 0]
        if isinstance(result, list) and len(result) == 2 and all(isinstance(n, int) for n in result):
            admitted = [int(result[0]), int(result[1])]
        else:  # no answer to read: the instance's own limits hold alone
            admitted = [len(checks), len(checks)]
        for table, verdict in checks:
            if not verdict.done():
                verdict.set_result(admitted[table] > 0)
            admitted[table] -= 1

    def passed(self, checks: list[tuple[bool, Verdict]]) -> None:
        """Redis is gone: these checks pass (the instance's own limits hold alone)."""
        for _table, verdict in checks:
            if not verdict.done():
                verdict.set_result(True)

    def lost(self) -> None:
        """Redis is gone: every waiting check passes; what was to be written is written on the next connect."""
        for checks in self.waiting.values():
            self.passed(checks)
        self.waiting.clear()
        self.dirty.clear()
        self.renewed_at = -1e9

    def forget_all(self) -> list[str]:
        """Stopping: the keys holding this instance's fields (to remove them); nothing more is written."""
        self.lost()
        keys = list(dict.fromkeys(self.held.values()))
        self.held.clear()
        return keys
