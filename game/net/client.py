"""A seat at someone else's table: connect, keep the token, keep the latest view.

`ClientSeat` is the pure part (bytes in, state kept, bytes out) so a test or
another transport can use it; `Client` carries it over WebSockets in its own
thread, so a window only ever reads `latest` and calls `send_move`.  A
dropped client reconnects with the token it was given and gets its seat back.
`play_bot` is a computer that plays a remote seat to the end (for tests and
the bench).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import msgspec

from game import __version__, ai, rules
from game.common.person_name import said, say_name
from game.net import protocol as p
from game.net import words
from game.net.invite import Invite, looks_like_invite
from game.rules.core import Event, Phrase

__all__ = ["BACKOFF", "INBOX", "RETRY_AFTER_BYE", "RETRY_FOR", "Client", "ClientSeat", "play_bot", "state_from_json"]

#: Views a seat keeps until its window has shown them (a window that falls further behind snaps to the latest).
INBOX = 512
#: How long a dropped `Client` keeps dialling again before it gives up on the host (None: until it is closed;
#: a window's client dials until its person leaves, tests and tools may bound it).
RETRY_FOR: float | None = None
#: Seconds between one failed dial and the next: at once, then slowly longer (a bad line fails a few dials
#: in a row and must not wait long for it), never more than the last (the cap per try: a host that comes
#: back is found within it).
BACKOFF = (0.05, 0.5, 1.0, 1.0, 2.0, 2.0, 3.0, 5.0, 8.0, 10.0)
#: A host's bye after which the line is still dialled again: it closed the table, which it keeps (it may
#: open it again: Continue hosting).  After any other bye ("replaced": another window has the seat;
#: "game_over") the client stops.
RETRY_AFTER_BYE = frozenset({"host_closed"})
#: Refusals of a rejoin's hello after which dialling again is no use: the table there does not know
#: the seat's key (its game is over and a new one opened), or is another table.
FOR_GOOD = frozenset({"bad_token", "no_such_table"})


def state_from_json(module: Any, data: dict[str, Any]) -> Any:
    """A view message's state as the game's own state object: the rules
    rebuild a seat's view and a spectator's public view (`"public": true`,
    `State.public_view()`) alike, every count and pile in it."""
    return module.State.from_json(data)


class ClientSeat:
    """What one remote seat knows: its seat, its token, the last view and events."""

    def __init__(
        self,
        name: str,
        token: str | None = None,
        version: str = __version__,
        code: str | None = None,
        watch: bool = False,
        inbox: int = 0,
    ) -> None:
        self.name = name
        self.token = token
        self.version = version
        self.watch = watch  # a spectator: public information only, no seat, no moves
        self.watching = False  # the host's welcome said we watch
        self.seat: int | None = None
        self.code: str | None = code  # the table's code: asked for in the hello, confirmed by the welcome
        self.game: str | None = None
        self.names: list[str] = []
        self.host = ""  # the name of the person whose laptop keeps the table, as the welcome said ("": none)
        self._state: dict[str, Any] | None = None  # the last view's JSON, rebuilt into `view` when asked
        self._view: Any = None
        self.turn: int | None = None  # the seat to act in the last view
        self.finished = False
        self.events: tuple[Event, ...] = ()
        self.moves = -1  # the host's move count at the last view
        self.connected: list[int] = []
        self.computers: list[int] = []  # seats a computer plays now
        self.away: list[int] = []  # people's seats waiting for a rejoin
        self.started = True  # False while the host's table is still a lobby
        self.ready: list[int] = []  # in the lobby: the friends' seats marked ready
        self.hosts: list[int] = []  # the seats played at the host's own window
        self.deal = 0  # which deal at this table (Play again at this table counts on)
        self.again = False  # the host asked everyone to play again at this table
        self.accepted: list[int] = []  # ... who said yes
        self.declined: list[int] = []  # ... who said no
        self.moved = ""  # the host moved us ("moved") or freed our seat ("freed") in the lobby, last
        # the turn clock and the away seats, on this laptop's own clock from when each view arrived
        # (the host sends seconds, never a time of day): (move count, when the seat to act runs out)
        self.clock: Callable[[], float] = time.monotonic
        self.turn_ends: tuple[int, float] | None = None
        self.turn_time: float | None = None
        self.away_since: dict[int, float] = {}  # a person's seat whose line is down -> since when
        self.refusals: list[p.Refused] = []
        self.chat: list[p.Chat] = []
        # the moves a rejoin's welcome says we missed (as this line may see them), until the next welcome
        self.missed: list[p.MissedMove] = []
        self.closed: str | None = None  # why the host said bye, once it did
        self.welcomes = 0  # how often the host gave us the seat (1 + each rejoin)
        # every view in order, until a window takes it (`take_view`): the story of each move, not just the
        # last.  Only a window keeps them (`Client`); a bot that never takes them keeps none, so 400 bots do
        # not hold 200,000 views for the garbage collector to walk through.
        self.inbox: deque[p.ViewMsg] = deque(maxlen=inbox)
        self.sent = 0  # the id of the last message we numbered
        # our move the host has not answered yet (no refusal naming it, no view past its `at`):
        # kept across a broken line, sent again after the rejoin or dropped (see `_settle`)
        self.pending: p.MoveMsg | None = None
        self._rejoining = False  # a welcome came back while a move was pending: the next view settles it
        self.hellos = 0  # lines we said hello on (the first, and each rejoin)
        self._pending_line = 0  # the line (`hellos`) the pending move went on
        self._again: bytes | None = None  # the pending move, to send again on the new line

    def _id(self) -> int:
        self.sent += 1
        return self.sent

    def hello(self) -> bytes:
        self.hellos += 1
        hello = p.Hello(
            version=self.version,
            protocol=p.PROTOCOL,
            name=self.name.strip()[: p.MAX_NAME],
            # a spectator's token was its last line's alone (the host keeps none for a rejoin): it watches anew
            token=None if self.watch else self.token,
            code=self.code,
            watch=self.watch,
            id=self._id(),
            seen=self.moves if self.moves >= 0 else None,  # the welcome tells the moves since (a rejoin)
        )
        return p.encode(hello)

    def move(self, move: Any, at: int | None = None) -> bytes:
        """The message that plays `move` (a move object or its text) for this seat,
        made on the view of move count `at` (None: the last view's); it is pending
        until the host answers it."""
        if self.token is None:
            raise RuntimeError("not at a table yet")
        at = self.moves if at is None else at
        self.pending = p.MoveMsg(token=self.token, move=str(move), at=at, id=self._id())
        self._pending_line = self.hellos
        return p.encode(self.pending)

    @property
    def move_in_flight(self) -> bool:
        """We sent a move the host has not answered yet (a view past it, or its refusal)."""
        return self.pending is not None

    def take_again(self) -> bytes | None:
        """The move lost with the last line, to send again on this one (once), or None."""
        again, self._again = self._again, None
        return again

    def say(self, text: str, phrase: str | None = None) -> bytes:
        """A chat line; `phrase` is a quick phrase's code (each window says it in its own language)."""
        if phrase is not None and phrase not in p.QUICK_PHRASES:
            raise ValueError(f"no quick phrase {phrase!r}")
        return p.encode(p.Chat(text=text[: p.MAX_CHAT], token=self.token, phrase=phrase, id=self._id()))

    def mark_ready(self, ready: bool = True) -> bytes:
        """Our mark in the lobby: ready for the host to start (or not yet)."""
        if self.token is None:
            raise RuntimeError("not at a table yet")
        return p.encode(p.Ready(token=self.token, ready=ready, id=self._id()))

    def answer_again(self, yes: bool) -> bytes:
        """Our answer to the host's *Play again at this table*."""
        if self.token is None:
            raise RuntimeError("not at a table yet")
        return p.encode(p.Again(token=self.token, yes=yes, id=self._id()))

    def bye(self) -> bytes:
        return p.encode(p.Bye(token=self.token, id=self._id()))

    def ack(self) -> bytes:
        """Our word that the welcome (and the key in it) arrived: the seat is ours for good."""
        assert self.token is not None, "an ack answers a welcome"
        return p.encode(p.Ack(token=self.token, id=self._id()))

    def handle(self, raw: bytes | str) -> p.Message:
        """Take one message from the host; returns it (ProtocolError for garbage)."""
        message = p.decode(raw)
        if isinstance(message, p.Welcome):
            self.seat, self.token, self.code = message.seat, message.token, message.code
            self.game, self.names = message.game, said(message.names)
            self.host = say_name(message.host_name) if message.host_name else self.host
            self.watching = message.watching
            self.closed = None  # the host is back (it had closed the table and opened it again)
            self.watch = self.watch or message.watching  # freed from a seat: a rejoin watches anew
            self.moved = message.moved or self.moved
            self.welcomes += 1
            self.missed = list(message.missed)
            heard = max((c.id for c in self.chat), default=0)  # the table's lines we have: the rest are new
            self.chat.extend(c for c in message.chat if c.id > heard)
            # only a move sent on an earlier line can have been lost with it: one sent on this
            # line after its hello (before the welcome came back) reaches the host behind the hello
            self._rejoining = self.pending is not None and self._pending_line < self.hellos
        elif isinstance(message, p.ViewMsg):
            if self.game is None:
                raise p.ProtocolError(Phrase("unexpected", "a view before the welcome"))
            self._state, self._view = message.state, None
            self.turn, self.finished = message.turn, message.over
            self.events = tuple(p.event_from_msg(e) for e in message.events)
            self.moves = message.moves
            self.connected = list(message.connected)
            self.names = said(message.names) or self.names
            self.computers = list(message.computers)
            self.away = list(message.away)
            self.started = message.started
            self.ready, self.deal, self.hosts = list(message.ready), message.deal, list(message.hosts)
            self.again, self.accepted, self.declined = message.again, list(message.accepted), list(message.declined)
            now = self.clock()
            left, self.turn_time = message.turn_left, message.turn_time
            self.turn_ends = None if left is None else (message.moves, now + left)
            self.away_since = {s: now - secs for s, secs in message.away_for.items()}
            self.inbox.append(message)
            self._settle(message)
        elif isinstance(message, p.Refused):
            self.refusals.append(message)
            pending = self.pending
            if pending is not None and message.to_kind == "move" and message.to_id == pending.id:
                self.pending = None  # that move was not taken (a chat's refusal leaves it pending)
        elif isinstance(message, p.Chat):
            self.chat.append(message)
        elif isinstance(message, p.Bye):
            self.closed = message.reason or "bye"
        return message

    def _settle(self, view: p.ViewMsg) -> None:
        """A view came: a pending move it is past was answered (taken, or the game
        moved on); the first view after a rejoin decides a move lost with the line:
        sent again if the game still waits for it at the same move count, else dropped."""
        pending = self.pending
        if pending is None:
            return
        if view.moves > pending.at:
            self.pending = None
        elif self._rejoining:
            if view.moves == pending.at and view.started and view.turn == self.seat:
                self.pending = pending = msgspec.structs.replace(pending, token=self.token)  # a rejoin's new key
                self._again = p.encode(pending)
            else:
                self.pending = None
        self._rejoining = False

    def take_view(self) -> p.ViewMsg | None:
        """The oldest view not yet shown (a window takes them one by one), or None."""
        return self.inbox.popleft() if self.inbox else None

    @property
    def view(self) -> Any:
        """The last view as the game's own state object (rebuilt once per view, when asked)."""
        if self._view is None and self._state is not None and self.game is not None:
            self._view = state_from_json(rules.get(self.game), self._state)
        return self._view

    @staticmethod
    def say_refusal(refused: p.Refused) -> str:
        """A refusal in this player's language (the host sends English and a code)."""
        return words.say(refused.code, refused.text, refused.params)

    @property
    def my_turn(self) -> bool:
        return self._state is not None and self.seat is not None and self.turn == self.seat

    @property
    def over(self) -> bool:
        return self._state is not None and self.finished


class Client:
    """A `ClientSeat` over WebSockets in a thread of its own (see module doc).

    With `retry` a line that breaks (not `close()`, not a bye but the host's
    `RETRY_AFTER_BYE`) is dialled again with the seat's token: at once, then
    after longer and longer waits (`BACKOFF`, its last the cap), until the
    client is closed (or `retry_for` seconds, when set); `next_try_in` says
    when the next dial is, `try_now` dials at once.  `on_change`, if set, is called on the
    client's thread after every message and every change of the line (a
    window wakes its loop with it; it must not block)."""

    def __init__(
        self,
        url: str | Invite,
        name: str,
        token: str | None = None,
        code: str | None = None,
        *,
        watch: bool = False,
        retry: bool = False,
    ) -> None:
        self.url = url.link() if isinstance(url, Invite) else url  # an invite: its fireside:// link
        self.seat = ClientSeat(name, token, code=code, watch=watch, inbox=INBOX)
        self.retry = retry
        self.retry_for: float | None = RETRY_FOR
        self.on_change: Callable[[], None] | None = None
        self._lock = threading.Condition()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: Any = None
        self._thread: threading.Thread | None = None
        self._closing = False
        self.online = False
        self.seated = False  # online, and the host gave us the seat again on this line
        self.gave_up = False  # the line broke and dialling again did not bring it back (only with `retry_for`)
        self.drops = 0  # lines lost (for tests and the window's words)
        self.tries = 0  # dials since the line was lost that did not bring the seat back
        self.error: BaseException | None = None
        self._next_try: float | None = None  # when the next dial is (monotonic), while waiting for it
        self._wake: asyncio.Event | None = None  # set to dial at once (`try_now`)
        self._refused_hello: str | None = None  # the code the host refused this line's hello with

    def start(self) -> Client:
        self._closing = False
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), name="fireside-client", daemon=True)
        self._thread.start()
        return self

    def reconnect(self) -> Client:
        """Dial again after a dropped line: the hello carries the seat's token, so
        the host gives the seat back with its current view."""
        if self._thread is not None and self._thread.is_alive():
            raise RuntimeError("still connected")
        self.error = None
        self.gave_up = False
        self._loop = self._ws = None
        return self.start()

    def wait(self, predicate: Callable[[ClientSeat], bool], timeout: float = 10.0) -> bool:
        """Block until `predicate(seat)` holds (for tests and tools, never a frame)."""
        end = time.monotonic() + timeout
        with self._lock:
            while not predicate(self.seat):
                left = end - time.monotonic()
                gone = not self.online and (self._thread_done() or (self.error is not None and not self.retry))
                if left <= 0 or gone:
                    return predicate(self.seat)
                self._lock.wait(min(left, 0.1))
            return True

    @property
    def reconnecting(self) -> bool:
        """The line broke (or the host closed the table) and the client is dialling again (with `retry`)."""
        if not self.retry or self.seated or self.gave_up or self._closing or self.drops == 0:
            return False
        return self.seat.closed is None or self.seat.closed in RETRY_AFTER_BYE

    def next_try_in(self) -> float | None:
        """Seconds until the next dial while the client waits between two (None: it is dialling, or not retrying)."""
        at = self._next_try
        return None if at is None or not self.reconnecting else max(0.0, at - time.monotonic())

    def try_now(self) -> None:
        """Dial again at once instead of at the end of the wait (the window's Try again)."""
        loop, wake = self._loop, self._wake
        if loop is not None and wake is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(wake.set)
            except RuntimeError:  # the loop just closed: nothing is waiting
                pass

    def send_move(self, move: Any, at: int) -> None:
        """Send `move`, made on the view of move count `at` (RuntimeError: not
        connected, nothing sent).  `move_in_flight` until the host answers it;
        a move lost with its line is sent again after the rejoin, or dropped."""
        with self._lock:
            if not self.online:
                raise RuntimeError("not connected")
            data = self.seat.move(move, at)
        try:
            self._send(data)
        except RuntimeError:
            with self._lock:
                self.seat.pending = None
            raise

    @property
    def move_in_flight(self) -> bool:
        """A move of ours is on its way to the host, or waits for the rejoin to go again."""
        return self.seat.move_in_flight

    def say(self, text: str, phrase: str | None = None) -> None:
        self._send(self.seat.say(text, phrase))

    def mark_ready(self, ready: bool = True) -> None:
        """Ready (or not) in the lobby (RuntimeError: not connected)."""
        with self._lock:
            data = self.seat.mark_ready(ready)
        self._send(data)

    def answer_again(self, yes: bool) -> None:
        """Yes or no to *Play again at this table* (RuntimeError: not connected)."""
        with self._lock:
            data = self.seat.answer_again(yes)
        self._send(data)

    def close(self, timeout: float = 5.0) -> None:
        """Hang up without a bye (the seat stays ours to rejoin); no dialling again."""
        self._closing = True
        self.try_now()  # a wait between two dials ends now
        loop, ws = self._loop, self._ws
        if loop is not None and ws is not None and not loop.is_closed():
            asyncio.run_coroutine_threadsafe(ws.close(), loop)
        if self._thread is not None:
            self._thread.join(timeout)

    def leave(self, timeout: float = 5.0) -> None:
        """Say bye and hang up: the seat is given up for good."""
        try:
            self._send(self.seat.bye())
        except RuntimeError:  # not connected: nothing to say it over
            pass
        self.close(timeout)

    def drop(self) -> None:
        """Break the line as a failing network would, without a close (tests):
        with `retry` the client dials again by itself."""
        loop, ws = self._loop, self._ws
        if loop is not None and ws is not None and not loop.is_closed():
            loop.call_soon_threadsafe(ws.transport.abort)

    def _took_offer(self, ws: Any) -> None:
        """A line through a relay: the way it went, and the table's code the host told."""
        self.path = getattr(ws, "path", None)
        code = getattr(ws, "code", None)
        if code and self.seat.code is None:
            self.seat.code = code

    def _thread_done(self) -> bool:
        return self._thread is not None and not self._thread.is_alive()

    def _send(self, data: bytes) -> None:
        loop, ws = self._loop, self._ws
        if loop is None or ws is None or not self.online:
            raise RuntimeError("not connected")
        asyncio.run_coroutine_threadsafe(ws.send(data.decode()), loop)

    def _changed(self) -> None:
        callback = self.on_change
        if callback is not None:
            try:
                callback()
            except Exception:  # noqa: BLE001 - a window's wake-up must never break the line
                pass

    async def _main(self) -> None:
        lost_at: float | None = None
        self._loop = asyncio.get_running_loop()  # (`try_now` wakes the wait on it, before any line opened)
        wake = self._wake = asyncio.Event()
        while True:
            await self._line()
            closed = self.seat.closed
            if not self.retry or self._closing or self.seat.token is None:
                return
            if closed is not None and closed not in RETRY_AFTER_BYE:
                return
            if self._refused_hello in FOR_GOOD:  # the table there is not ours (any more): no use dialling it
                with self._lock:
                    self.gave_up = True
                    self._lock.notify_all()
                self._changed()
                return
            now = time.monotonic()
            if lost_at is None or self.seated_since > lost_at:  # a new loss: count the tries from here
                lost_at, self.tries = now, 0
            else:
                self.tries += 1
            if self.retry_for is not None and now - lost_at > self.retry_for:
                with self._lock:
                    self.gave_up = True
                    self._lock.notify_all()
                self._changed()
                return
            wait = BACKOFF[min(self.tries, len(BACKOFF) - 1)]
            self._next_try = now + wait
            wake.clear()
            self._changed()
            try:
                await asyncio.wait_for(wake.wait(), wait)
            except asyncio.TimeoutError:
                pass
            self._next_try = None
            if self._closing:
                return

    seated_since = 0.0  # when the host last gave us the seat (monotonic seconds)

    path: str | None = None  # through a relay: "direct" or "relay", the way the line went
    refused: str | None = None  # why a line through a relay was refused, in plain words

    async def _line(self) -> None:
        """One line to the host, from the hello until it breaks or closes."""
        try:
            async with dial(self.url) as ws:
                self._loop, self._ws = asyncio.get_running_loop(), ws
                self._took_offer(ws)
                if self._closing:  # close() came while we dialled (it saw no line to close): hang up now
                    return
                self.online = True
                self._refused_hello = None
                await ws.send(self.seat.hello().decode())
                async for raw in ws:
                    with self._lock:
                        message = self.seat.handle(raw)
                        if isinstance(message, p.Refused) and message.to_kind == "hello":
                            self._refused_hello = message.code
                        welcomed = isinstance(message, p.Welcome)
                        if welcomed:
                            self.seated, self.seated_since, self.error = True, time.monotonic(), None
                        again = self.seat.take_again()
                        self._lock.notify_all()
                    if welcomed and self.seat.token is not None:  # first: the host keeps the seat ours from now on
                        await ws.send(self.seat.ack().decode())
                    if again is not None:  # our move lost with the last line: the game still waits for it
                        await ws.send(again.decode())
                    self._changed()
                    if self._refused_hello in FOR_GOOD:  # the table there will never seat us: hang up now
                        break  # (rather than wait for the host to cut the line)
        except Exception as exc:  # the line broke: whoever waits is told
            self.error = exc
            self.refused = getattr(self._ws, "refused", None) or getattr(exc, "text", None) or self.refused
        finally:
            with self._lock:
                if self.seated or self.online:
                    self.drops += 1
                self.online = self.seated = False
                self._ws = None
                self._lock.notify_all()
            self._changed()


def dial(url: str | Invite) -> Any:
    """A line to the host (an async context manager giving a WebSocket-like
    connection): a ws:// address directly, or an invite (`Invite` or a
    fireside:// link) through its relay, sealed (`relayed.open_line`)."""
    if isinstance(url, str) and looks_like_invite(url):
        url = Invite.parse(url)
    if isinstance(url, Invite):
        from game.net.relayed import open_line

        return open_line(url)
    from websockets.asyncio.client import connect

    return connect(url, max_size=2 * p.MAX_MESSAGE, open_timeout=5)


async def play_bot(
    url: str | Invite,
    name: str,
    *,
    seed: int | str | None = None,
    token: str | None = None,
    level: str = "random",
    max_messages: int = 100_000,
    on_message: Callable[[ClientSeat, bytes | str], None] | None = None,
    drop_after: int | None = None,
    code: str | None = None,
) -> ClientSeat:
    """Play a remote seat with a computer until the game ends (or `drop_after`
    moves of ours, then hang up without a bye); returns what it knew last."""
    seat = ClientSeat(name, token, code=code)
    agent = ai.make_agent(level, seed)
    acted_at = -1
    played = 0
    async with dial(url) as ws:
        if seat.code is None and getattr(ws, "code", None):
            seat.code = ws.code
        await ws.send(seat.hello().decode())
        for _ in range(max_messages):
            raw = await ws.recv()
            message = seat.handle(raw)
            if on_message is not None:
                on_message(seat, raw)
            if seat.closed is not None or seat.over:
                break
            if isinstance(message, p.Refused):  # too fast, say: think again after a breath
                await asyncio.sleep(0.05)
                acted_at = -1
            if seat.my_turn and seat.moves != acted_at:
                if drop_after is not None and played >= drop_after:
                    break
                acted_at = seat.moves
                await ws.send(seat.move(agent.choose(seat.view), seat.moves).decode())
                played += 1
    return seat
