"""Relay instances that act as one, through Redis (issue 34, deliverable 5).

Each instance has an id and a Redis pub/sub channel of its own.  The table
registry is a Redis key per table (``fireside:relay:table:<id>`` → the
instance holding its host, with a time to live the holder keeps renewing), so
an instance that dies lets its tables go within `ttl` seconds.  A friend who
reaches an instance that does not hold the table joins through the holder:
the holder gives the line its number and tells its host ``{"open": N}``, and
from then on every payload and every close of that line crosses between the
two instances as one small pub/sub message (in order: one connection
publishes, one listens).

With a peer secret (game/net/relay/peers.py) those messages cross over
links between the instances instead, Redis keeping only the registry (and
each instance's peer address, ``fireside:relay:peer:<instance>``).

When Redis is down, tables whose lines share an instance go on untouched;
lines that crossed between instances end (both ends are told, plainly), new
joins that would cross are refused "shared_down", and the instance keeps
trying to reach Redis again, waiting a little longer each time (at most
`backoff_max` seconds).  Nothing of a game passes through here that the relay
itself could read: payloads are opaque bytes, sealed by the endpoints."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import os
from typing import TYPE_CHECKING

import redis.asyncio as aioredis
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeout

from game.net.relay.counts import Counts, Verdict
from game.net.relay.peers import Peers
from game.net.relay.server import Refused

if TYPE_CHECKING:
    from game.net.relay.server import Relay, Table

log = logging.getLogger("fireside.relay")

PREFIX = "fireside:relay:"
ID_LEN = 16
TABLE_LEN = 16

# Take the table for `ARGV[1]` if it is free, already ours, or its host is away: the old holder, or nil.
CLAIM = """
local cur = redis.call('GET', KEYS[1])
if (not cur) or cur == ARGV[1] or redis.call('EXISTS', KEYS[2]) == 1 then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
  redis.call('DEL', KEYS[2])
  if cur then return cur end
  return ''
end
return false
"""
KEEP = """
local cur = redis.call('GET', KEYS[1])
if (not cur) or cur == ARGV[1] then redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2]) end
return 1
"""
SET_PEER = """
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return 1
"""
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1], KEYS[2]) end
return 1
"""
AWAY = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[2], '1', 'EX', ARGV[2]) end
return 1
"""


def _table_key(table: str) -> str:
    return f"{PREFIX}table:{table}"


def _away_key(table: str) -> str:
    return f"{PREFIX}away:{table}"


def _peer_key(instance: str) -> str:
    return f"{PREFIX}peer:{instance}"


def _channel(instance: str) -> str:
    return f"{PREFIX}to:{instance}"


class Shared:
    """One relay instance's link to the others, through the Redis at `url`."""

    def __init__(
        self,
        url: str,
        *,
        instance: str | None = None,
        ttl: int = 30,
        backoff_max: float = 5.0,
        check_every: float = 0.5,
        queue_max: int = 20_000,
        first_wait: float = 2.0,
        peer_secret: bytes | None = None,
        peer_bind: str = "127.0.0.1",
        peer_port: int = 0,
        peer_address: str | None = None,
        count_ttl: float | None = None,
    ) -> None:
        self.url = url
        self.instance = instance or os.urandom(ID_LEN // 2).hex()
        assert len(self.instance) == ID_LEN and self.instance.isascii()
        self.me = self.instance.encode()
        self.ttl = ttl
        self.backoff_max = backoff_max
        self.check_every = check_every
        self.queue_max = queue_max
        self.first_wait = first_wait
        self.relay: Relay | None = None
        self.up = False
        self.client: aioredis.Redis | None = None
        self.pubsub: aioredis.client.PubSub | None = None
        self.outbox: collections.deque[tuple[str, bytes]] = collections.deque()
        self.chores: collections.deque[tuple[str, list[str], list[str]]] = collections.deque()  # registry scripts
        self.outbox_ready = asyncio.Event()
        self.pending: dict[int, asyncio.Future[int | str]] = {}
        self.owners: dict[tuple[str, int], str] = {}  # friend lines here → the instance holding their table
        self.next_ref = 1
        self.tasks: list[asyncio.Task[None]] = []
        self.kept_at = 0.0
        self.downs = 0  # times Redis was lost (counts only)
        self.connected = asyncio.Event()
        self.stopping = False
        self.pending_at: dict[int, str] = {}  # a join's ref → the instance asked
        self.peer_listen = (peer_bind, peer_port, peer_address)
        self.peers: Peers | None = None
        if peer_secret is not None:
            self.peers = Peers(
                peer_secret,
                self.instance,
                resolve=self.peer_address,
                deliver=self.dispatch,
                publish=self.publish,
                lost=self.peer_lost,
                shown=lambda address: self.relay.shown(address) if self.relay is not None else address,
            )
        self.peer_kept_at = -1e9
        self.count_ttl = float(ttl) if count_ttl is None else count_ttl  # (shorter in the tests)
        self.counts = Counts(self.instance, self.count_ttl, peer_secret)  # lines and tables per address (counts.py)

    def attach(self, relay: Relay) -> None:
        self.relay = relay

    # -- the link --------------------------------------------------------------------------

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        if self.peers is not None:
            address = await self.peers.listen(*self.peer_listen)
            log.info("shared: peer link listening; other instances dial %s", address)
        self.tasks = [loop.create_task(self.supervise()), loop.create_task(self.publish_forever())]
        try:
            await asyncio.wait_for(self.connected.wait(), self.first_wait)
        except asyncio.TimeoutError:
            log.warning(
                "shared: Redis not reached yet; this relay serves its own tables (per-address limits counting"
                " its own lines and tables) and keeps trying"
            )

    async def stop(self, tables: list[str]) -> None:
        self.stopping = True
        counted = self.counts.forget_all()
        if self.up and self.client is not None:
            try:
                pipe = self.client.pipeline(transaction=False)
                for table in tables:
                    pipe.eval(RELEASE, 2, _table_key(table), _away_key(table), self.instance)
                for key in counted:
                    pipe.hdel(key, self.instance)
                await asyncio.wait_for(pipe.execute(), 2.0)
            except (RedisError, OSError, asyncio.TimeoutError):
                pass
        if self.up and self.client is not None and self.peers is not None:
            with contextlib.suppress(RedisError, OSError, asyncio.TimeoutError):
                await asyncio.wait_for(self.client.delete(_peer_key(self.instance)), 1.0)
        self.outbox_ready.set()  # the writer, idle, sees `stopping` and ends
        for task in self.tasks:
            task.cancel()
        if self.tasks:  # (bounded: redis-py's get_message may swallow a cancel that lands mid-read; the
            await asyncio.wait(self.tasks, timeout=2.0)  # listener then sees `stopping` within its 1 s read)
        if self.peers is not None:
            await self.peers.close()
        await self._drop_connections()

    async def supervise(self) -> None:
        backoff = 0.1
        strikes = 0  # health checks in a row that timed out (a busy machine, not yet a lost Redis)
        while True:
            if not self.up:
                try:
                    await self._connect()
                except (RedisError, OSError, asyncio.TimeoutError) as exc:
                    await self._drop_connections()
                    log.info("shared: Redis not reachable (%s); again in %.1f s", type(exc).__name__, backoff)
                    await asyncio.sleep(backoff)
                    backoff = min(self.backoff_max, backoff * 2)
                    continue
                backoff = 0.1
                self.up = True
                self.connected.set()
                log.info("shared: Redis reached; instance %s", self.instance[:6])
                await self._reclaim()
            await asyncio.sleep(self.check_every)
            self.keep_peer()
            self.keep_counts()
            client = self.client
            if not self.up or client is None:  # lost meanwhile (the listener or the publisher saw it first)
                continue
            try:
                await asyncio.wait_for(client.ping(), 2.0)
                strikes = 0
            except (asyncio.TimeoutError, RedisTimeout):
                strikes += 1
                if strikes >= 3:
                    strikes = 0
                    await self.lost("no answer to three health checks")
            except (RedisError, OSError) as exc:
                await self.lost(f"health check: {type(exc).__name__}")

    async def _connect(self) -> None:
        self.client = aioredis.Redis.from_url(
            self.url, socket_connect_timeout=1.0, socket_timeout=6.0, retry=None, decode_responses=False
        )
        await asyncio.wait_for(self.client.ping(), 2.0)
        self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        await asyncio.wait_for(self.pubsub.subscribe(_channel(self.instance)), 2.0)
        await asyncio.wait_for(self.counts.agree(self.client), 2.0)
        if self.peers is not None:  # before any other instance may look for it
            await asyncio.wait_for(self.client.set(_peer_key(self.instance), self.peers.address, ex=self.ttl), 2.0)
            self.peer_kept_at = asyncio.get_running_loop().time()
        self.tasks.append(asyncio.get_running_loop().create_task(self.listen(self.pubsub)))

    async def _drop_connections(self) -> None:
        pubsub, client = self.pubsub, self.client
        self.pubsub = self.client = None
        for closing in (pubsub, client):
            if closing is not None:
                try:
                    await asyncio.wait_for(closing.aclose(), 1.0)
                except (RedisError, OSError, asyncio.TimeoutError, RuntimeError):
                    pass

    async def lost(self, why: str = "") -> None:
        """Redis is gone: every crossing line ends; the rest go on."""
        if not self.up or self.stopping:
            return
        self.up = False
        self.downs += 1
        log.warning(
            "shared: Redis lost (%s); lines between relay machines end, tables here go on, per-address limits"
            " count this instance's lines and tables alone until Redis is back",
            why,
        )
        self.outbox.clear()
        self.chores.clear()
        self.counts.lost()
        for future in self.pending.values():
            if not future.done():
                future.set_result("shared_down")
        self.pending.clear()
        self.pending_at.clear()
        self.owners.clear()
        if self.peers is not None:
            self.peers.forget_redis_routes()
        if self.relay is not None:
            self.relay.shared_lost()
        current = asyncio.current_task()
        for task in self.tasks[2:]:
            if task is not current:
                task.cancel()
        self.tasks[2:] = []
        await self._drop_connections()

    async def _reclaim(self) -> None:
        """After a reconnect: the tables held here are registered again."""
        if self.relay is None or self.client is None:
            return
        self.keep_counts()  # every address counted here, written again (Redis may have forgotten it)
        try:
            for table in list(self.relay.tables):
                await self.client.eval(CLAIM, 2, _table_key(table), _away_key(table), self.instance, str(self.ttl))
        except (RedisError, OSError):
            await self.lost("registering again")

    async def listen(self, pubsub: aioredis.client.PubSub) -> None:
        try:
            while not self.stopping:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                if message is not None and message.get("type") == "message":
                    data = message.get("data")
                    if isinstance(data, bytes):
                        try:
                            self.dispatch(data)
                        except Exception:  # a bug here must not silence the link
                            log.exception("shared: a message from another instance could not be handled")
        except (RedisError, OSError, RuntimeError) as exc:
            asyncio.get_running_loop().create_task(self.lost(f"listening: {type(exc).__name__}"))

    async def publish_forever(self) -> None:
        """One writer to Redis: publishes and registry chores in order, many to one round trip."""
        while True:
            while not self.outbox and not self.chores and not self.counts.pending():
                if self.stopping:  # (redis-py may swallow the cancel that lands mid-write: end here too)
                    return
                self.outbox_ready.clear()
                await self.outbox_ready.wait()
            if not self.up or self.client is None:
                self.outbox.clear()
                self.chores.clear()
                self.counts.lost()
                continue
            pipe = self.client.pipeline(transaction=False)
            chores = min(len(self.chores), 1024)
            for _ in range(chores):
                script, keys, args = self.chores.popleft()
                pipe.eval(script, len(keys), *keys, *args)
            counting = self.write_counts(pipe)
            batches: dict[str, list[bytes]] = {}  # several messages to one instance go as one, in order
            for _ in range(min(len(self.outbox), 1024)):
                channel, data = self.outbox.popleft()
                batches.setdefault(channel, []).append(len(data).to_bytes(4, "big") + data)
            for channel, parts in batches.items():
                pipe.publish(channel, b"B" + b"".join(parts))
            try:
                results = await asyncio.wait_for(pipe.execute(), 6.0)
            except (RedisError, OSError, asyncio.TimeoutError) as exc:
                for checks in counting:  # the instance's own limits hold alone
                    self.counts.passed(checks)
                await self.lost(f"writing: {type(exc).__name__}")
                continue
            except asyncio.CancelledError:
                for checks in counting:
                    self.counts.passed(checks)
                raise
            for checks, result in zip(counting, results[chores:]):
                self.counts.answer(checks, result)

    def send(self, instance: str, data: bytes) -> bool:
        """Send `data` to `instance`: over the peer link to it, or through Redis pub/sub."""
        if not self.up:
            return False
        if self.peers is not None:
            return self.peers.send(instance, data)
        return self.publish(instance, data)

    def publish(self, instance: str, data: bytes) -> bool:
        if not self.up or len(self.outbox) >= self.queue_max:
            return False
        self.outbox.append((_channel(instance), data))
        self.outbox_ready.set()
        return True

    # -- lines and tables per address, across the instances (game/net/relay/counts.py) ----------

    def count_line(self, address: str) -> Verdict | None:
        """A new line from `address` (counted in this instance's book): its verdict across the instances,
        or None when Redis is down (this instance's own limits hold alone)."""
        return self._count(address, table=False)

    def count_table(self, address: str) -> Verdict | None:
        return self._count(address, table=True)

    def _count(self, address: str, table: bool) -> Verdict | None:
        if not self.up or self.stopping:
            return None
        verdict = self.counts.check(address, table)
        self.outbox_ready.set()
        return verdict

    def counted(self, address: str) -> None:
        """A line or a table of `address` ended here (or a check of it was refused): Redis learns the new count."""
        if self.up and not self.stopping:
            self.counts.changed(address)
            self.outbox_ready.set()

    def keep_counts(self) -> None:
        """Every ttl/3 seconds, the counts of every address with lines or tables here are written again."""
        if not self.up or self.stopping or self.relay is None:
            return
        book = self.relay.book
        if self.counts.renew(lambda: list(book.entries), asyncio.get_running_loop().time(), self.count_ttl / 3):
            self.outbox_ready.set()

    def write_counts(self, pipe: aioredis.client.Pipeline) -> list[list[tuple[bool, Verdict]]]:
        if self.relay is None or not self.counts.pending():
            return []
        limits = self.relay.limits
        return self.counts.write(
            pipe, self.relay.book.held, (limits.lines_per_address, limits.tables_per_address), 1024
        )

    # -- the peer links (game/net/relay/peers.py) ---------------------------------------------

    def keep_peer(self) -> None:
        """Register (every ttl/3 seconds) the address the other instances dial for this one's link."""
        now = asyncio.get_running_loop().time()
        if self.peers is None or not self.up or now - self.peer_kept_at < self.ttl / 3:
            return
        self.peer_kept_at = now
        self.chores.append((SET_PEER, [_peer_key(self.instance)], [self.peers.address, str(self.ttl)]))
        self.outbox_ready.set()

    async def peer_address(self, instance: str) -> str | None:
        """The address `instance` listens on for peer links (None: it has none, Redis pub/sub it is)."""
        if not self.up or self.client is None:
            raise ConnectionError("Redis is down")
        try:
            address = await asyncio.wait_for(self.client.get(_peer_key(instance)), 2.0)
        except (RedisError, asyncio.TimeoutError) as exc:
            raise ConnectionError(f"Redis: {type(exc).__name__}") from None
        return address.decode("ascii", "replace") if isinstance(address, bytes) else None

    def peer_lost(self, instance: str) -> None:
        """The link with `instance` ended: the lines that crossed to it end; its joins are refused."""
        for ref, asked in list(self.pending_at.items()):
            future = self.pending.get(ref)
            if asked == instance and future is not None and not future.done():
                future.set_result("shared_down")
        crossing = [key for key, holder in self.owners.items() if holder == instance]
        for key in crossing:
            del self.owners[key]
        if self.relay is not None:
            self.relay.peer_lost(instance, crossing)

    # -- the registry ----------------------------------------------------------------------

    async def claim(self, table: str) -> bool:
        """Register a host here: False when a live host holds the table at another instance."""
        if not self.up or self.client is None:
            return True  # Redis down: the table is served here alone (friends elsewhere are refused)
        try:
            before = await asyncio.wait_for(
                self.client.eval(CLAIM, 2, _table_key(table), _away_key(table), self.instance, str(self.ttl)), 2.0
            )
        except (RedisError, OSError, asyncio.TimeoutError):
            await self.lost("claiming a table")
            return True
        if before is None:
            return False
        if isinstance(before, bytes) and before and before != self.me:
            self.send(before.decode("ascii", "replace"), b"G" + table.encode())
        return True

    async def moving(self, table: str) -> bool:
        """Is `table` held at another instance whose host is away (so that a host here takes it over, and
        the table counted there is dropped: it is no new table of its address)?"""
        if not self.up or self.client is None:
            return False
        try:
            pipe = self.client.pipeline(transaction=False)
            pipe.get(_table_key(table))
            pipe.exists(_away_key(table))
            holder, away = await asyncio.wait_for(pipe.execute(), 2.0)
        except (RedisError, OSError, asyncio.TimeoutError):
            return False
        return isinstance(holder, bytes) and holder != self.me and bool(away)

    def mark_away(self, table: str) -> None:
        self._fire(AWAY, table, int(self.relay.limits.grace) + 1 if self.relay else 31)

    def release(self, table: str) -> None:
        self._fire(RELEASE, table, None)

    def _fire(self, script: str, table: str, seconds: int | None) -> None:
        if not self.up or len(self.chores) >= self.queue_max:
            return
        args = [self.instance] + ([str(seconds)] if seconds is not None else [])
        self.chores.append((script, [_table_key(table), _away_key(table)], args))
        self.outbox_ready.set()

    def keep(self, tables: dict[str, Table]) -> None:
        """Renew the registry entries of the tables held here (every ttl/3 seconds)."""
        now = asyncio.get_running_loop().time()
        if not self.up or now - self.kept_at < self.ttl / 3 or not tables:
            return
        self.kept_at = now
        for table in tables:
            self.chores.append((KEEP, [_table_key(table)], [self.instance, str(self.ttl)]))
        self.outbox_ready.set()

    async def join(self, table: str) -> tuple[str, int]:
        """A friend here for a table held elsewhere: (its holder, the line number), or Refused."""
        if not self.up or self.client is None:
            raise Refused("shared_down")
        try:
            owner = await asyncio.wait_for(self.client.get(_table_key(table)), 2.0)
        except (RedisError, OSError, asyncio.TimeoutError):
            await self.lost("finding a table")
            raise Refused("shared_down") from None
        if not isinstance(owner, bytes) or owner == self.me:
            raise Refused("no_table")
        holder = owner.decode("ascii", "replace")
        ref = self.next_ref
        self.next_ref = (self.next_ref + 1) % 2**32
        future: asyncio.Future[int | str] = asyncio.get_running_loop().create_future()
        self.pending[ref] = future
        self.pending_at[ref] = holder
        try:
            if not self.send(holder, b"J" + ref.to_bytes(4, "big") + table.encode() + self.me):
                raise Refused("shared_down")
            assert self.relay is not None
            try:
                answer = await asyncio.wait_for(future, self.relay.limits.join_timeout)
            except asyncio.TimeoutError:
                raise Refused("shared_down") from None
        finally:
            self.pending.pop(ref, None)
            self.pending_at.pop(ref, None)
        if isinstance(answer, str):
            raise Refused(answer)
        self.owners[(table, answer)] = holder
        return holder, answer

    # -- lines between instances ------------------------------------------------------------

    def to_host(self, holder: str, table: str, number: int, payload: bytes) -> bool:
        return self.send(holder, b"H" + table.encode() + number.to_bytes(4, "big") + self.me + payload)

    def to_friend(self, instance: str, table: str, number: int, payload: bytes) -> bool:
        return self.send(instance, b"F" + table.encode() + number.to_bytes(4, "big") + payload)

    def friend_closed(self, table: str, number: int) -> None:
        holder = self.owners.pop((table, number), None)
        if holder is not None:
            self.send(holder, b"C" + table.encode() + number.to_bytes(4, "big") + self.me)

    def close_remote(self, instance: str, table: str, number: int, host_gone: bool) -> None:
        self.send(instance, b"X" + table.encode() + number.to_bytes(4, "big") + (b"1" if host_gone else b"0"))

    def dispatch(self, data: bytes) -> None:
        """One message from another instance; anything malformed is dropped."""
        relay = self.relay
        if relay is None or not data:
            return
        kind, body = data[:1], data[1:]
        if kind == b"B":
            at = 1
            while at + 4 <= len(data):
                size = int.from_bytes(data[at : at + 4], "big")
                if data[at + 4 : at + 5] != b"B":  # one level only
                    self.dispatch(data[at + 4 : at + 4 + size])
                at += 4 + size
            return
        try:
            if kind == b"J" and len(body) == 4 + TABLE_LEN + ID_LEN:
                ref = body[:4]
                table = body[4 : 4 + TABLE_LEN].decode("ascii")
                sender = body[4 + TABLE_LEN :].decode("ascii")
                answer = relay.remote_join(table, sender)
                reply = (
                    b"A" + ref + answer.to_bytes(4, "big") if isinstance(answer, int) else b"R" + ref + answer.encode()
                )
                self.send(sender, reply)
            elif kind in (b"A", b"R") and len(body) >= 5:
                future = self.pending.get(int.from_bytes(body[:4], "big"))
                if future is not None and not future.done():
                    future.set_result(int.from_bytes(body[4:8], "big") if kind == b"A" else body[4:].decode("ascii"))
            elif kind == b"H" and len(body) >= TABLE_LEN + 4 + ID_LEN:
                table = body[:TABLE_LEN].decode("ascii")
                number = int.from_bytes(body[TABLE_LEN : TABLE_LEN + 4], "big")
                sender = body[TABLE_LEN + 4 : TABLE_LEN + 4 + ID_LEN].decode("ascii")
                relay.remote_to_host(table, number, body[TABLE_LEN + 4 + ID_LEN :], sender)
            elif kind == b"F" and len(body) >= TABLE_LEN + 4:
                table = body[:TABLE_LEN].decode("ascii")
                relay.remote_to_friend(
                    table, int.from_bytes(body[TABLE_LEN : TABLE_LEN + 4], "big"), body[TABLE_LEN + 4 :]
                )
            elif kind == b"C" and len(body) == TABLE_LEN + 4 + ID_LEN:
                table = body[:TABLE_LEN].decode("ascii")
                number = int.from_bytes(body[TABLE_LEN : TABLE_LEN + 4], "big")
                relay.remote_friend_closed(table, number, body[TABLE_LEN + 4 :].decode("ascii"))
            elif kind == b"X" and len(body) == TABLE_LEN + 5:
                table = body[:TABLE_LEN].decode("ascii")
                number = int.from_bytes(body[TABLE_LEN : TABLE_LEN + 4], "big")
                self.owners.pop((table, number), None)
                relay.remote_close_friend(table, number, host_gone=body[-1:] == b"1")
            elif kind == b"G" and len(body) == TABLE_LEN:
                relay.table_moved(body.decode("ascii"))
        except UnicodeDecodeError:
            return
