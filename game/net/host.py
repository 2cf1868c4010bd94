"""The host of a network table: the one authority over the game.

`HostTable` is the whole of it without a socket: bytes come in from a
connection (`receive`), and it answers with the bytes to send to each
connection -- so tests drive it directly, and any transport can carry it.
The host's `Session` holds the only full state; a seat gets its own view and
the events it may see, nothing more.  A seat joins once and is given a secret
token; every later message must carry it, and a move is taken only from the
token of the seat to act, through the same gate as at a local table.
Computers think here, on the host.

`HostServer` carries it over WebSockets in its own thread (an asyncio loop),
bound to 127.0.0.1 unless a person chooses otherwise.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from game.net import protocol as p
from game.net import words
from game.rules.core import Event, Phrase
from game.session.match import Seat
from game.session.outcome import Refused
from game.session.session import THINK_SLICE, Session

log = logging.getLogger(__name__)

#: What `receive` answers: (connection, bytes to send) or (connection, None): close it.
Out = tuple[Any, bytes | None]

#: A connection may send this many messages a second, in bursts of `BURST`.
RATE = 30.0
BURST = 60.0
#: Messages a slow reader may leave unread before the host lets it go.
SEND_QUEUE = 256
#: A line that has not taken a seat this many seconds after it opened is closed.
HELLO_TIMEOUT = 10.0
#: The most lines a host keeps open at once (seats, rejoins, and strangers knocking).
MAX_LINES = 64
#: The most spectators one table lets watch at once.
MAX_WATCHERS = 16
#: The seat number a spectator's messages carry (it has no seat).
WATCHING = -1

__all__ = [
    "BURST",
    "CODE_ALPHABET",
    "MAX_WATCHERS",
    "RATE",
    "WATCHING",
    "HostServer",
    "HostTable",
    "KEPT",
    "Out",
    "TableSet",
    "Snapshot",
    "Hosting",
    "PEOPLE",
    "SEAT_KINDS",
    "new_table",
    "parse_seats",
    "table_code",
]


#: The letters and digits of a table's code (no 0/O or 1/I to confuse).
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def table_code() -> str:
    """A short code a person can read out (no 0/O or 1/I to confuse)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


@dataclass
class _Conn:
    tokens: float
    stamp: float
    seat: int | None = None
    told_too_fast: bool = False


@dataclass(frozen=True)
class Snapshot:
    """A table at one moment, as its host shows it (see `HostTable.snapshot`)."""

    code: str
    game: str
    names: list[str]
    people: list[int]  # seats a person took (a token was given)
    connected: list[int]
    away: list[int]
    computers: list[int]
    open: list[int]  # seats open to people, nobody in them yet
    watchers: int
    started: bool
    over: bool
    moves: int
    current: int | None
    scores: list[int]
    levels: dict[int, str] = field(default_factory=dict)  # a computer's seat -> its level


def _refused(phrase: Phrase) -> bytes:
    return p.encode(p.refusal(phrase))


_GONE = object()


class HostTable:
    """A game offered to remote seats (see module doc); one thread at a time.

    With `lobby`, the table waits for its host to `start` it: people join and
    see who else has, but a move is refused until then, and the open seats
    nobody took are given to computers at the start.  `keep` is called after
    every move (the host's network autosave, never the local game's slot)."""

    def __init__(
        self,
        session: Session,
        *,
        remote_seats: list[int] | None = None,
        code: str | None = None,
        rate: float = RATE,
        burst: float = BURST,
        clock: Callable[[], float] = time.monotonic,
        think: bool = True,
        require_code: bool = False,
        lobby: bool = False,
        keep: Callable[[HostTable], None] | None = None,
        max_watchers: int = MAX_WATCHERS,
        kept: list[int] | None = None,
        spare_names: list[str] | None = None,
    ) -> None:
        self.session = session
        self.require_code = require_code  # a newcomer must know the code (a rejoin shows its token)
        match = session.match
        self.game_id = match.game_id
        self.rules = match.module
        self.remote_seats = list(remote_seats if remote_seats is not None else match.humans)
        self.code = code or table_code()
        self.rate, self.burst, self.clock = rate, burst, clock
        self.think_here = think
        self.sliced = False  # True under a HostServer: computers think a slice at a time between messages
        self.started = not lobby
        self.keep = keep
        self.max_watchers = max_watchers
        self.names = [seat.name for seat in match.seats]
        # people's seats never given to a computer at the start (the host's own, and the ones played
        # at the host's window), and the names an open seat takes when a computer gets it
        self.kept = sorted(kept or [])
        self.spare_names = list(spare_names or [f"Computer {s + 1}" for s in range(len(self.names))])
        self.at_host: list[int] = []  # seats the host's own window plays (reserved there; `reserve`)
        self.tokens: dict[int, str] = {}  # seat -> its secret, issued at join
        self.handed: dict[int, str] = {}  # a person's seat a computer plays meanwhile -> its level
        self.watchers: dict[Any, str] = {}  # a spectator's line -> its token
        self.conns: dict[Any, _Conn] = {}
        self.seat_conn: dict[int, Any] = {}
        self._outbox: list[Out] = []
        self._thinker: tuple[int, Any, Any] | None = None  # (seat, its thinking, the state it thinks about)
        self._stuck: Any = None  # a state at which a computer found no move
        session.listen(self._moved)

    # -- the host's side ---------------------------------------------------------
    def reserve(self, seat: int, name: str | None = None) -> str:
        """Keep `seat` for someone who will come with the token returned (the host's own window)."""
        if seat not in self.remote_seats:
            raise ValueError(f"seat {seat} is not open to people at this table")
        token = self.tokens.get(seat) or secrets.token_urlsafe(24)
        self.tokens[seat] = token
        if seat not in self.at_host:
            self.at_host.append(seat)
        if name:
            self.names[seat] = name.strip()[: p.MAX_NAME]
        return token

    def give_open_seats(self, level: str = "normal") -> list[Out]:
        """The open seats nobody took go to computers at `level` (the lobby's button),
        each under a computer's name; a kept seat (the host's own) stays a person's."""
        match = self.session.match
        for seat in [s for s in self.open_seats if s not in self.kept]:
            self.remote_seats.remove(seat)
            self.names[seat] = self._spare_name(seat)
            match.seats[seat] = Seat(self.names[seat], False, level)  # kept so: a resumed table has it too
            self._computer(seat, level)
        return self._push_all()

    def _spare_name(self, seat: int) -> str:
        """The computer's name for a seat given to it: the seat's own spare name,
        else the first spare one nobody at the table has, else numbered."""
        taken = {n.casefold() for s, n in enumerate(self.names) if s != seat}
        spare = self.spare_names[seat:] + self.spare_names[:seat]
        base = next((n for n in spare if n.casefold() not in taken), spare[0] if spare else f"Computer {seat + 1}")
        name, n = base, 2
        while name.casefold() in taken:
            name, n = f"{base} {n}", n + 1
        return name

    def start(self, level: str = "normal") -> list[Out]:
        """Begin the game: the open seats left go to computers; the computers move."""
        if self.started:
            return []
        self.give_open_seats(level)
        self.started = True
        out = self._push_all()
        return out + (self.take_outbox() if self.sliced else self.run_computers())

    def hand_to_computer(self, seat: int, level: str | None = "normal") -> list[Out]:
        """An away person's seat played by a computer at `level` until they rejoin
        (None: back to waiting for them)."""
        if seat not in self.remote_seats:
            raise ValueError(f"seat {seat} is not a person's seat at this table")
        if self._thinker is not None and self._thinker[0] == seat:
            self._thinker = None
        if level is None:
            self.handed.pop(seat, None)
            self.session.agents.pop(seat, None)
        else:
            self._computer(seat, level)
            self.handed[seat] = level
        out = self._push_all()
        return out + (self.take_outbox() if self.sliced else self.run_computers())

    def _computer(self, seat: int, level: str) -> None:
        from game import ai

        match = self.session.match
        seed = None if match.seed is None else f"{match.seed}/{seat}"
        try:
            agent = ai.make_agent(level, seed)
        except ValueError:
            agent = ai.make_agent("random", seed)
        if hasattr(agent, "slice_seconds"):
            agent.slice_seconds = THINK_SLICE
        self.session.agents[seat] = agent

    def close(self) -> list[Out]:
        """The host is closing the table: every line is told why, then closed."""
        bye = p.encode(p.Bye(reason="host_closed"))
        lines = [*self.seat_conn.values(), *self.watchers]
        return [out for conn in lines for out in ((conn, bye), (conn, None))]

    def snapshot(self) -> Snapshot:
        """Who is where now, for the host's lobby and the headless host's lines
        (asked in the table's worker: `HostServer.ask(table.snapshot)`)."""
        session = self.session
        return Snapshot(
            code=self.code,
            game=self.game_id,
            names=list(self.names),
            people=sorted(self.tokens),
            connected=self.connected,
            away=[s for s in self.away if s not in self.handed],
            computers=sorted(session.agents),
            open=self.open_seats,
            watchers=len(self.watchers),
            started=self.started,
            over=session.over,
            moves=len(session.match.moves),
            current=session.current,
            scores=list(session.match.state.scores()) if session.over else [],
            levels={s: self.handed.get(s, session.match.seats[s].level) for s in session.agents},
        )

    # -- the transport's side -------------------------------------------------
    def connect(self, conn: Any) -> None:
        self.conns[conn] = _Conn(tokens=self.burst, stamp=self.clock())

    def receive(self, conn: Any, raw: bytes | str) -> list[Out]:
        """Take one message from `conn`; the bytes to send in answer (to it and to others)."""
        if conn not in self.conns:
            self.connect(conn)
        state = self.conns[conn]
        if not self._allow(state):
            if state.told_too_fast:
                return []  # a flood gets one answer per refill, not one per message
            state.told_too_fast = True
            return [(conn, _refused(words.phrase("too_fast", rate=self.rate)))]
        state.told_too_fast = False
        try:
            message = p.decode(raw)
        except p.ProtocolError as exc:
            return [(conn, _refused(exc.phrase))]
        replies = self._handle(conn, state, message)
        return replies + self.take_outbox()

    def disconnect(self, conn: Any) -> list[Out]:
        """`conn` is gone; its seat waits for a rejoin with the same token."""
        state = self.conns.pop(conn, None)
        if self.watchers.pop(conn, None) is not None:
            return []
        if state is None or state.seat is None or self.seat_conn.get(state.seat) != conn:
            return []
        del self.seat_conn[state.seat]
        return self._push_all()

    def take_outbox(self) -> list[Out]:
        """Views queued by moves made elsewhere (the host's own window, computers)."""
        out, self._outbox = self._outbox, []
        return out

    @property
    def thinking(self) -> bool:
        """A computer is to act (and has not given up at this position)."""
        session = self.session
        if not (self.think_here and self.started) or session.over:
            return False
        seat = session.current
        return seat is not None and seat in session.agents and self._stuck is not session.match.state

    def think_step(self) -> list[Out]:
        """One slice of the thinking of the computer to act; once it has chosen, its
        move is played and the views it sends are returned.  Between two slices
        the host reads its messages: no table waits on another's computers."""
        if not self.thinking:
            self._thinker = None
            return self.take_outbox()
        session = self.session
        seat = session.current
        assert seat is not None
        if self._thinker is None or self._thinker[0] != seat or self._thinker[2] is not session.match.state:
            self._thinker = (seat, session.think(seat), session.match.state)
        move = next(self._thinker[1], _GONE)
        if move is None:
            return []  # still thinking
        self._thinker = None
        if move is _GONE or isinstance(session.offer(seat, move), Refused):
            log.warning("the computer at seat %s found no move", seat)
            self._stuck = session.match.state
        return self.take_outbox()

    def run_computers(self) -> list[Out]:
        """Let the computers move until a person is to act (or the game ends)."""
        out: list[Out] = []
        while self.thinking:
            out.extend(self.think_step())
        return out + self.take_outbox()

    def expire(self, conn: Any) -> list[Out]:
        """Close `conn` if it never took a seat (a line that opens and says nothing)."""
        state = self.conns.get(conn)
        if state is not None and state.seat is not None:
            return []
        self.conns.pop(conn, None)
        return [(conn, None)]

    @property
    def connected(self) -> list[int]:
        return sorted(self.seat_conn)

    @property
    def away(self) -> list[int]:
        """Remote seats someone took whose line is down now (waiting for a rejoin)."""
        return sorted(s for s in self.tokens if s not in self.seat_conn)

    @property
    def open_seats(self) -> list[int]:
        """Seats open to people that nobody has taken yet."""
        return [s for s in self.remote_seats if s not in self.tokens]

    # -- messages ---------------------------------------------------------------
    def _allow(self, state: _Conn) -> bool:
        now = self.clock()
        state.tokens = min(self.burst, state.tokens + (now - state.stamp) * self.rate)
        state.stamp = now
        if state.tokens < 1.0:
            return False
        state.tokens -= 1.0
        return True

    def _handle(self, conn: Any, state: _Conn, message: p.Message) -> list[Out]:
        if isinstance(message, p.Hello):
            return self._hello(conn, state, message)
        if state.seat is None:
            return [(conn, _refused(words.phrase("hello_first")))]
        seat = state.seat
        if isinstance(message, (p.MoveMsg, p.Chat, p.Bye)) and not self._token_ok(seat, message.token, conn):
            return [(conn, _refused(words.phrase("bad_token", seat=seat)))]
        if isinstance(message, p.MoveMsg):
            if seat == WATCHING:
                return [(conn, _refused(words.phrase("watching")))]
            return self._move(conn, seat, message.move)
        if isinstance(message, p.Chat):
            if message.phrase is not None and message.phrase not in p.QUICK_PHRASES:
                return [(conn, _refused(words.phrase("no_such_phrase")))]
            line = p.encode(p.Chat(text=message.text, seat=seat, phrase=message.phrase))
            return [(c, line) for c in [*self.seat_conn.values(), *self.watchers]]
        if isinstance(message, p.Bye):
            self.conns.pop(conn, None)
            if seat == WATCHING:
                self.watchers.pop(conn, None)
                return [(conn, None)]
            if self.seat_conn.get(seat) == conn:
                del self.seat_conn[seat]
            return [(conn, None), *self._push_all()]
        return [(conn, _refused(words.phrase("unexpected", kind=_kind(message))))]

    def _token_ok(self, seat: int, token: str | None, conn: Any = None) -> bool:
        expected = self.watchers.get(conn) if seat == WATCHING else self.tokens.get(seat)
        if token is None or expected is None:
            return False
        return secrets.compare_digest(token.encode("utf-8", "replace"), expected.encode())  # any text, in constant time

    def _hello(self, conn: Any, state: _Conn, hello: p.Hello) -> list[Out]:
        name = hello.name.strip()[: p.MAX_NAME]
        if hello.protocol != p.PROTOCOL:
            phrase = p.version_refusal(name, hello.version, hello.protocol)
            return [(conn, _refused(phrase)), (conn, None)]
        if state.seat is not None:
            return [(conn, _refused(words.phrase("already_joined")))]
        if hello.watch and hello.token is None:
            return self._watch(conn, state, hello)
        if hello.token is not None:
            seat = next((s for s in self.tokens if self._token_ok(s, hello.token)), None)
            if seat is None:
                return [(conn, _refused(words.phrase("bad_token")))]
            old = self.seat_conn.get(seat)
            out: list[Out] = []
            if old is not None and old != conn:  # the seat came back on a new line: the old one is stale
                self.conns.pop(old, None)
                out.append((old, None))
            if seat in self.handed:  # back from away: the person plays again
                del self.handed[seat]
                self.session.agents.pop(seat, None)
                if self._thinker is not None and self._thinker[0] == seat:
                    self._thinker = None
        else:
            if self.require_code and (hello.code or "").strip().upper() != self.code:
                return [(conn, _refused(words.phrase("no_such_table", code=(hello.code or "")[:12])))]
            free = self.open_seats
            if not free:
                return [(conn, _refused(words.phrase("table_full")))]
            seat = free[0]
            self.tokens[seat] = secrets.token_urlsafe(24)
            if name:
                self.names[seat] = name
            out = []
        state.seat = seat
        self.seat_conn[seat] = conn
        welcome = p.Welcome(seat=seat, token=self.tokens[seat], code=self.code, game=self.game_id, names=self.names)
        out.append((conn, p.encode(welcome)))
        out.extend(self._push_all())
        return out

    def _watch(self, conn: Any, state: _Conn, hello: p.Hello) -> list[Out]:
        """A spectator: no seat, no moves, public information only."""
        if self.require_code and (hello.code or "").strip().upper() != self.code:
            return [(conn, _refused(words.phrase("no_such_table", code=(hello.code or "")[:12])))]
        if len(self.watchers) >= self.max_watchers:
            return [(conn, _refused(words.phrase("too_many_watching")))]
        token = secrets.token_urlsafe(24)
        state.seat = WATCHING
        self.watchers[conn] = token
        welcome = p.Welcome(
            seat=WATCHING, token=token, code=self.code, game=self.game_id, names=self.names, watching=True
        )
        return [(conn, p.encode(welcome)), (conn, self.public_bytes())]

    def _move(self, conn: Any, seat: int, text: str) -> list[Out]:
        session = self.session
        if not self.started:
            return [(conn, _refused(words.phrase("not_started")))]
        if seat in self.handed:
            return [(conn, _refused(words.phrase("handed", seat=seat)))]
        if session.current is not None and session.current != seat:
            turn = Phrase("not_your_turn", "It is not your turn.", {"seat": seat})  # as Session.offer says it
            return [(conn, _refused(turn))]
        try:
            move = self.rules.parse_move(text)
        except ValueError as exc:
            return [
                (conn, _refused(Phrase("notation", str(exc), {"text": str(exc)})))  # as the rules' gate says it
            ]
        outcome = session.offer(seat, move)
        if isinstance(outcome, Refused):
            return [(conn, _refused(outcome.reason))]
        return self.take_outbox() if self.sliced else self.run_computers()

    # -- views ---------------------------------------------------------------
    def _extra(self) -> dict[str, Any]:
        session = self.session
        return {
            "moves": len(session.match.moves),
            "connected": self.connected,
            "turn": session.current if self.started else None,  # nobody acts in a lobby
            "over": session.over,
            "names": self.names,
            "computers": sorted(session.agents),
            "away": [s for s in self.away if s not in self.handed],
            "started": self.started,
        }

    def view_bytes(
        self, seat: int, events: tuple[Event, ...] | None = None, extra: dict[str, Any] | None = None
    ) -> bytes:
        """`seat`'s view message: its view's JSON and the events it may see, nothing else."""
        session = self.session
        message = p.ViewMsg(
            seat=seat,
            state=session.view(seat).to_json(),
            events=[e.to_json() for e in (session.events(seat) if events is None else events)],
            **(self._extra() if extra is None else extra),
        )
        return p.encode(message)

    def public_bytes(self) -> bytes:
        """A spectator's view message: the rules' public view (what every seat
        may know) and its events, every secret one face down."""
        public = self.session.match.state.public_view()
        message = p.ViewMsg(
            seat=WATCHING,
            state=public.to_json(),
            events=[e.to_json() for e in public.events],
            **self._extra(),
        )
        return p.encode(message)

    def _push_all(self) -> list[Out]:
        extra = self._extra()  # the same for every seat: worked out once
        out: list[Out] = [(conn, self.view_bytes(seat, extra=extra)) for seat, conn in sorted(self.seat_conn.items())]
        if self.watchers:
            public = self.public_bytes()
            out.extend((conn, public) for conn in self.watchers)
        return out

    def _moved(self, _seat: int, _events: tuple[Event, ...]) -> None:
        self._outbox.extend(self._push_all())
        if self.keep is not None:
            try:
                self.keep(self)
            except Exception:  # a disk that refuses costs the save, never the table
                log.exception("could not keep the network game")


def _kind(message: Any) -> str:
    return type(message).__name__.lower()


class TableSet:
    """Several tables behind one door: a line's hello names its table by code
    (it may leave the code out when there is only one), and every later
    message of that line goes to that table.  Same calls as `HostTable`."""

    def __init__(self, tables: list[HostTable] | None = None) -> None:
        self.tables: dict[str, HostTable] = {}
        self._route: dict[Any, HostTable] = {}
        self._sliced = False
        # tables that may have a computer to act: the ones a message reached
        # since they last had none (so a message costs one table's check, not all)
        self._awake: dict[str, HostTable] = {}
        for table in tables or ():
            self.add(table)

    def add(self, table: HostTable) -> HostTable:
        if table.code in self.tables:
            raise ValueError(f"a table with the code {table.code} is open already")
        self.tables[table.code] = table
        self._awake[table.code] = table
        table.sliced = self._sliced
        return table

    def wake(self, table: HostTable) -> None:
        """`table` changed from outside a message (started, a seat handed over): look at it again."""
        self._awake[table.code] = table

    def receive(self, conn: Any, raw: bytes | str) -> list[Out]:
        table = self._route.get(conn)
        if table is None:
            found = self._door(conn, raw)
            if isinstance(found, list):
                return found
            table = found
        self._awake[table.code] = table
        return table.receive(conn, raw)

    def _door(self, conn: Any, raw: bytes | str) -> HostTable | list[Out]:
        """The table a new line's first message is for (or the refusal to send)."""
        try:
            message = p.decode(raw)
        except p.ProtocolError as exc:
            return [(conn, _refused(exc.phrase))]
        if not isinstance(message, p.Hello):
            return [(conn, _refused(words.phrase("hello_first")))]
        if message.protocol != p.PROTOCOL:  # before the code: a newer hello may name tables otherwise
            name = message.name.strip()[: p.MAX_NAME]
            return [(conn, _refused(p.version_refusal(name, message.version, message.protocol))), (conn, None)]
        code = (message.code or "").strip().upper()
        table = self.tables.get(code)
        if table is None and not code and len(self.tables) == 1:
            table = next(iter(self.tables.values()))
        if table is None:
            return [(conn, _refused(words.phrase("no_such_table", code=code[:12])))]
        self._route[conn] = table
        return table

    def disconnect(self, conn: Any) -> list[Out]:
        table = self._route.pop(conn, None)
        if table is None:
            return []
        self._awake[table.code] = table
        return table.disconnect(conn)

    def expire(self, conn: Any) -> list[Out]:
        table = self._route.get(conn)
        if table is None:
            return [(conn, None)]
        self._awake[table.code] = table
        out = table.expire(conn)
        if out:
            self._route.pop(conn, None)
        return out

    def run_computers(self) -> list[Out]:
        return [out for table in self.tables.values() for out in table.run_computers()]

    @property
    def sliced(self) -> bool:
        return self._sliced

    @sliced.setter
    def sliced(self, value: bool) -> None:
        self._sliced = value
        for table in self.tables.values():
            table.sliced = value

    @property
    def thinking(self) -> bool:
        for code, table in list(self._awake.items()):
            if table.thinking:
                return True
            del self._awake[code]  # asleep until a message reaches it
        return False

    def think_step(self) -> list[Out]:
        """One slice for the next awake table whose computer is to act (in turn,
        so a table of Hard computers shares the host fairly with the others)."""
        while self._awake:
            code, table = next(iter(self._awake.items()))
            del self._awake[code]
            if table.thinking:
                self._awake[code] = table  # to the back of the line: the others' turn first
                return table.think_step()
        return []

    def close(self) -> list[Out]:
        return [out for table in self.tables.values() for out in table.close()]


class HostServer:
    """`HostTable` (or a `TableSet` of them) over WebSockets, in its own thread:
    the window never waits on it.

    Messages are handled one at a time by a single worker thread (the table is
    not shared between threads), and each connection has its own send queue,
    so a slow reader holds up nobody else.  Computers think a slice at a time
    in that worker, each slice queued behind the messages that came meanwhile:
    a table of Hard computers never holds up another table's moves."""

    def __init__(
        self,
        table: HostTable | TableSet,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        hello_timeout: float = HELLO_TIMEOUT,
        max_lines: int = MAX_LINES,
    ) -> None:
        self.table = table
        self.host = host
        self.port = port
        self.hello_timeout = hello_timeout
        self.max_lines = max_lines
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="fireside-host")
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._queues: dict[int, asyncio.Queue[bytes | None]] = {}
        self._lines: dict[int, Any] = {}  # each line's connection, to write to it at once (see `_send`)
        self._broadcast: Any = None  # websockets' `broadcast`, where it takes bytes as a text frame
        self._next = 0
        self._later: set[asyncio.Task[None]] = set()
        self._thinker: asyncio.Task[None] | None = None
        self._inbox: list[_Call] = []  # calls waiting for the worker (see `_do`)
        self._draining = False
        self.error: BaseException | None = None
        self.closed_by: str | None = None  # why the table closed, once it did
        table.sliced = True

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}"

    def start(self, timeout: float = 10.0) -> HostServer:
        """Open the table; returns once it listens (`port` is then the real one)."""
        self._thread = threading.Thread(target=self._run, name="fireside-host-net", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError("the host did not start listening in time")
        if self.error is not None:
            raise self.error
        return self

    def stop(self, timeout: float = 10.0, reason: str = "host_closed") -> None:
        """Close the table: every line is told (a `Bye` with its coded `reason`, `words.BYE`), then closed."""
        if self.closed_by is None:
            self.closed_by = reason
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(timeout)
        self._worker.shutdown(wait=False)

    def ask(self, fn: Callable[[], Any], timeout: float = 5.0) -> Any:
        """`fn()` run in the table's worker (so it reads the table between two
        messages, never during one); its answer.  For a snapshot, not for a frame."""
        return self._worker.submit(fn).result(timeout)

    def call(self, fn: Callable[[], list[Out]]) -> None:
        """Run `fn` (a HostTable call) in the table's worker and send what it answers
        (for the host's own window: a local move, then `take_outbox`)."""
        loop = self._loop
        if loop is not None:
            loop.call_soon_threadsafe(lambda: loop.create_task(self._do(fn)))

    # -- the loop --------------------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:  # reported to start() or logged; the thread ends
            self.error = exc
            log.exception("the network table stopped")
        finally:
            self._ready.set()

    async def _main(self) -> None:
        from websockets.asyncio.server import broadcast, serve

        if _bytes_as_text(broadcast):
            self._broadcast = broadcast
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        # twice the protocol's limit, so the table itself refuses a message
        # a little too big with a reason; anything bigger closes the line.  No
        # permessage-deflate: a view is under 1 KiB, a LAN does not miss the bytes,
        # and each line's zlib state cost ~50 KiB and every view a compression
        # (a client that offers it is simply answered without it)
        async with serve(self._serve, self.host, self.port, max_size=2 * p.MAX_MESSAGE, compression=None) as server:
            self.port = server.sockets[0].getsockname()[1]
            self._ready.set()
            self._kick()
            await self._stop.wait()
            self.closed_by = self.closed_by or "host_closed"
            if self._thinker is not None:
                self._thinker.cancel()
            bye = p.encode(p.Bye(reason=self.closed_by))
            for queue in list(self._queues.values()):
                _put(queue, bye)
                _put(queue, None)
            for _ in range(40):  # bounded: let the writers say bye (at most 0.2 s)
                if all(q.empty() for q in self._queues.values()):
                    break
                await asyncio.sleep(0.005)
            await asyncio.sleep(0.02)

    async def _do(self, fn: Callable[..., list[Out]], *args: Any) -> None:
        """`fn(*args)` in the worker, its answers sent; returns once it ran (an
        exception it raised is raised here).  The calls that wait meanwhile go
        to the worker together, in the order they came: one hop between the
        threads for them all, not one a message."""
        assert self._loop is not None
        done = self._loop.create_future()
        self._inbox.append((fn, args, done))
        if not self._draining:
            self._draining = True
            self._loop.create_task(self._drain())
        await done

    async def _drain(self) -> None:
        assert self._loop is not None
        table = self.table

        def run(batch: list[_Call]) -> tuple[list[list[Out] | BaseException], bool]:
            answers: list[list[Out] | BaseException] = []
            for fn, args, _ in batch:
                try:
                    answers.append(fn(*args))
                except Exception as exc:  # that call's own caller is told; the others go on
                    answers.append(exc)
            return answers, table.thinking  # asked in the worker, with the calls: is a computer to act now?

        try:
            while self._inbox:
                batch, self._inbox = self._inbox, []
                try:
                    answers, thinking = await self._loop.run_in_executor(self._worker, run, batch)
                except RuntimeError:  # the worker is gone: the table is closing
                    answers, thinking = [[] for _ in batch], False
                for (_, _, done), answer in zip(batch, answers, strict=True):
                    if isinstance(answer, BaseException):
                        if not done.done():
                            done.set_exception(answer)
                        continue
                    self._send(answer)
                    if not done.done():
                        done.set_result(None)
                if thinking:
                    self._kick()
        finally:
            self._draining = False

    def _send(self, outs: list[Out]) -> None:
        """Each answer onto its line's queue (a line whose queue is full is let go).
        A line with nothing queued and nothing unsent takes it at once: its writer
        has handed all it took to the socket already, so the order holds, and a
        message costs no wake of the writer (-15..20% of the loop's CPU a move)."""
        for conn, data in outs:
            queue = self._queues.get(conn)
            if queue is None:
                continue
            ws = self._lines.get(conn) if data is not None and queue.empty() else None
            if ws is not None and not ws.transport.get_write_buffer_size():
                self._broadcast((ws,), data, text=True)
            elif not _put(queue, data):
                _put_last(queue)

    def _kick(self) -> None:
        """Start the computers thinking, unless they are already."""
        if self._thinker is None or self._thinker.done():
            self._thinker = asyncio.get_running_loop().create_task(self._think())

    async def _think(self) -> None:
        """A slice of thinking at a time, in the worker, queued behind the messages that came meanwhile."""
        assert self._loop is not None
        table = self.table

        def step() -> tuple[list[Out], bool]:
            return table.think_step(), table.thinking

        while self._stop is not None and not self._stop.is_set():
            try:
                outs, still = await self._loop.run_in_executor(self._worker, step)
            except RuntimeError:  # the worker is gone: the table is closing
                return
            self._send(outs)
            if not still:
                return
            await asyncio.sleep(0)

    def _do_later(self, delay: float, fn: Callable[..., list[Out]], *args: Any) -> None:
        async def later() -> None:
            await asyncio.sleep(delay)
            await self._do(fn, *args)

        task = asyncio.create_task(later())
        self._later.add(task)  # kept until done, so it is not collected half-way
        task.add_done_callback(self._later.discard)

    async def _serve(self, ws: Any) -> None:
        if len(self._queues) >= self.max_lines:
            await ws.close(1013, "this table has too many lines open")
            return
        conn = self._next
        self._next += 1
        queue: asyncio.Queue[bytes | None] = asyncio.Queue(SEND_QUEUE)
        self._queues[conn] = queue
        if self._broadcast is not None:  # else every message goes through the queue
            self._lines[conn] = ws
        self._do_later(self.hello_timeout, self.table.expire, conn)
        writer = asyncio.create_task(self._write(ws, queue))
        try:
            async for raw in ws:
                if writer.done():
                    break
                await self._do(self.table.receive, conn, raw)
        except Exception as exc:  # a line that broke: the seat waits for a rejoin
            log.info("connection %s: %s", conn, exc)
        finally:
            self._queues.pop(conn, None)
            self._lines.pop(conn, None)
            await self._do(self.table.disconnect, conn)
            writer.cancel()

    @staticmethod
    async def _write(ws: Any, queue: asyncio.Queue[bytes | None]) -> None:
        as_is = _bytes_as_text(ws.send)
        while True:
            data = await queue.get()
            if data is None:
                await ws.close()
                return
            await (ws.send(data, text=True) if as_is else ws.send(data.decode()))


#: A call for the worker: the function, its arguments, and the future its caller awaits.
_Call = tuple[Callable[..., list[Out]], tuple[Any, ...], "asyncio.Future[None]"]


def _bytes_as_text(send: Callable[..., Any]) -> bool:
    """Whether websockets' `send` (or `broadcast`) takes msgspec's UTF-8 as a text frame
    as it is (websockets 14+: `text=True`); 13 wants a str, decoded and encoded again."""
    import inspect

    return "text" in inspect.signature(send).parameters


def _put(queue: asyncio.Queue[bytes | None], data: bytes | None) -> bool:
    try:
        queue.put_nowait(data)
    except asyncio.QueueFull:
        return False
    return True


def _put_last(queue: asyncio.Queue[bytes | None]) -> None:
    """A reader too slow to keep up: drop what it has not read and close its line."""
    while not queue.empty():
        queue.get_nowait()
    queue.put_nowait(None)


# -- keeping a hosted table on disk (game/persist/network.py) ------------------------------
def saved(table: HostTable, bind: str = "127.0.0.1", port: int = 0, discover: bool = False) -> Any:
    """The table as its slot keeps it (`TableSave`)."""
    from game.persist.network import TableSave

    return TableSave(
        match=table.session.match,
        code=table.code,
        tokens=dict(table.tokens),
        names=list(table.names),
        remote_seats=list(table.remote_seats),
        started=table.started,
        handed=dict(table.handed),
        kept=list(table.kept),
        at_host=list(table.at_host),
        bind=bind,
        port=port,
        discover=discover,
    )


def autosaver(bind: str = "127.0.0.1", port: int = 0, discover: bool = False) -> Callable[[HostTable], None]:
    """A `keep` for `HostTable`: the network slot after every move; once the game
    is over, the history (as a local game goes there) and no slot."""

    def keep(table: HostTable) -> None:
        from game.persist import library, network

        if table.session.over:
            try:
                library.archive(table.session.match)
            finally:
                network.clear_table()
            return
        network.write_table(saved(table, bind, port, discover))

    return keep


def resumed(save: Any, **kwargs: Any) -> HostTable:
    """The table a `TableSave` holds, open again for the same tokens: a client
    that dials again with its token gets its seat back, with the current view."""
    session = Session(save.match, keeps=False)
    for seat in save.remote_seats:  # people's seats: no computer of the match's own
        session.agents.pop(seat, None)
    table = HostTable(
        session, remote_seats=save.remote_seats, code=save.code, lobby=not save.started, kept=save.kept, **kwargs
    )
    table.tokens = dict(save.tokens)
    table.names = list(save.names)
    table.at_host = list(save.at_host)
    for seat, level in save.handed.items():
        table._computer(seat, level)
        table.handed[seat] = level
    return table


# -- hosting a table: the app's Host screens and `fireside host` share this ---------------------
#: What a seat of a table being set up may be: the host's own, open to a friend, another person
#: at the host's window (pass-and-play there), or a computer.
SEAT_KINDS = ("you", "open", "here", "easy", "normal", "hard")
#: The seat kinds people play (the rest are computers' levels).
PEOPLE = ("you", "open", "here")
#: The people's seat kinds kept for people when the open seats go to computers (the host's own, the host's window's).
KEPT = ("you", "here")


def parse_seats(text: str, players: int) -> list[str]:
    """`you,open,hard,...` as a list of seat kinds (ValueError says what is wrong):
    one a seat, at most one "you", at least one seat for a person; "here" (a
    person at the host's window) only beside "you"."""
    kinds = [part.strip().lower() for part in text.split(",") if part.strip()]
    if len(kinds) != players:
        raise ValueError(f"--seats names {len(kinds)} seats; the table has {players}")
    unknown = [k for k in kinds if k not in SEAT_KINDS]
    if unknown:
        raise ValueError(f"{unknown[0]!r} is not a seat; a seat is one of {', '.join(SEAT_KINDS)}")
    if kinds.count("you") > 1:
        raise ValueError("only one seat can be 'you'")
    if not any(k in ("you", "open") for k in kinds):
        raise ValueError("a network table needs a seat for a person (you or open)")
    if "here" in kinds and "you" not in kinds:
        raise ValueError("a 'here' seat plays at the host's window, beside 'you'")
    return kinds


def new_table(
    game_id: str,
    kinds: list[str],
    names: list[str],
    seed: int | None = None,
    *,
    lobby: bool = True,
    **kwargs: Any,
) -> HostTable:
    """A table of `kinds` (see SEAT_KINDS) waiting in its lobby: "you", "open" and
    "here" seats are people's (the "you" and "here" ones kept for people when the
    game starts), the others computers at that level."""
    from game.session.match import Match

    def name(i: int, kind: str) -> str:
        given = names[i].strip() if i < len(names) else ""
        return given or (f"Player {i + 1}" if kind in PEOPLE else f"Computer {i + 1}")

    seats = [
        Seat(name(i, kind), True) if kind in PEOPLE else Seat(name(i, kind), False, kind)
        for i, kind in enumerate(kinds)
    ]
    match = Match(game_id, seats, seed=seed)
    people = [i for i, kind in enumerate(kinds) if kind in PEOPLE]
    kept = [i for i, kind in enumerate(kinds) if kind in KEPT]
    return HostTable(Session(match, keeps=False), remote_seats=people, lobby=lobby, kept=kept, **kwargs)


class Hosting:
    """A table being hosted: its server, where it may be reached, whether it is
    announced, and its autosave.  `bind` is 127.0.0.1 (only this computer)
    unless the person chose "this network" ("0.0.0.0": every interface)."""

    def __init__(
        self,
        table: HostTable,
        *,
        bind: str = "127.0.0.1",
        port: int = 0,
        discovery: Any = None,
        host_name: str = "",
        keep: bool = True,
    ) -> None:
        self.table = table
        self.bind = bind
        self.discovery = discovery
        self.host_name = host_name or "Fireside"
        self.server = HostServer(table, bind, port)
        self._keep = keep

    def start(self) -> Hosting:
        """Listen (on the chosen port, or any free one when that one is taken), keep, announce."""
        try:
            self.server.start()
        except OSError:
            if self.server.port == 0:
                raise
            log.info("port %s is taken; listening on another", self.server.port)
            self.server = HostServer(self.table, self.bind, 0)
            self.server.start()
        import atexit

        atexit.register(self.close)  # a window closed with the table open still tells its players
        if self._keep:
            self.table.keep = autosaver(self.bind, self.server.port, self.discovery is not None)
        if self.discovery is not None:
            from game.net.discovery import Advert

            self.discovery.announce(
                Advert(
                    game=self.table.game_id,
                    code=self.table.code,
                    host_name=self.host_name,
                    protocol=p.PROTOCOL,
                    port=self.server.port,
                    addresses=tuple(self.addresses()),
                )
            )
        return self

    @property
    def port(self) -> int:
        return self.server.port

    @property
    def url(self) -> str:
        """Where a window on this computer dials (the host's own seat)."""
        local = "127.0.0.1" if self.bind in ("0.0.0.0", "127.0.0.1") else self.bind
        return f"ws://[{local}]:{self.port}" if ":" in local else f"ws://{local}:{self.port}"

    def addresses(self) -> list[str]:
        """The addresses a friend types (with the port), the likeliest first."""
        from game.net.discovery import local_addresses

        if self.bind == "127.0.0.1":
            return ["127.0.0.1"]
        if self.bind in ("0.0.0.0", "::", ""):
            return [a for a in local_addresses() if ":" not in a or self.bind == "::"] or ["127.0.0.1"]
        return [self.bind]

    def snapshot(self) -> Snapshot:
        return self.server.ask(self.table.snapshot)

    def start_game(self, level: str = "normal") -> None:
        self.server.call(lambda: self.table.start(level))

    def give_open_seats(self, level: str = "normal") -> None:
        self.server.call(lambda: self.table.give_open_seats(level))

    def hand_over(self, seat: int, level: str | None) -> None:
        """An away seat to a computer at `level` (None: back to waiting for its person)."""
        self.server.call(lambda: self.table.hand_to_computer(seat, level))

    def close(self, reason: str = "host_closed") -> None:
        """Close the table, telling every line why (`words.BYE`); the slot stays for Continue."""
        import atexit

        atexit.unregister(self.close)
        if self.discovery is not None:
            try:
                self.discovery.close()
            except Exception as exc:  # closing anyway
                log.info("discovery: %s", exc)
            self.discovery = None
        self.server.stop(reason=reason)
