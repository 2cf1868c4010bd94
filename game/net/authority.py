"""The authority over one network table: bytes in, bytes out, no sockets.

`HostTable` is the whole of a hosted table without a socket: bytes come in
from a connection (`receive`), and it answers with the bytes to send to each
connection -- so tests drive it directly, and any transport can carry it
(`game.net.carrier.HostServer` carries it over WebSockets, several of them
behind one door with `game.net.door.TableSet`).  The host's `Session` holds
the only full state; a seat gets its own view and the events it may see,
nothing more.  A seat joins once and is given a secret token; every later
message must carry it, and a move is taken only from the token of the seat
to act, on the view it was made on, through the same gate as at a local
table.  Computers think here, on the host, a slice at a time.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.common.person_name import clean_name, computer_code, say_name, watcher_code
from game.match.match import Seat
from game.net import lobby, words
from game.net import protocol as p
from game.rules.core import PUBLIC, Event, Phrase, scrub_events
from game.session.outcome import Refused
from game.session.session import Session, make_agent, think

log = logging.getLogger(__name__)

#: What `receive` answers: (connection, bytes to send) or (connection, None): close it.
Out = tuple[Any, bytes | None]

#: A connection may send this many messages a second, in bursts of `BURST`.
RATE = 30.0
BURST = 60.0
#: The most spectators one table lets watch at once.
MAX_WATCHERS = 16
#: The seat number a spectator's messages carry (it has no seat).
WATCHING = -1
#: Seconds the turn clock adds after a move that ended a round or dealt anew (the round's scores are read first).
ROUND_GRACE = 15.0
#: The event kinds (`game.rules.events`) that end a round or begin one.
ROUND_KINDS = frozenset({"dealt", "round_scored", "round_over", "round"})
#: The longest absence a view tells (seconds: 115 days; the protocol's limit).
AWAY_SHOWN = 10_000_000.0
#: The level of the computer that plays for a seat whose time ran out, or whose person is away.
STAND_IN = "normal"

__all__ = [
    "BURST",
    "CODE_ALPHABET",
    "MAX_WATCHERS",
    "RATE",
    "ROUND_GRACE",
    "STAND_IN",
    "WATCHING",
    "HostTable",
    "Out",
    "Snapshot",
    "refused_bytes",
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
    came_with: str | None = None  # the key a rejoin's hello showed: good on this line until its welcome lands


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
    watcher_names: list[str] = field(default_factory=list)  # who watches, as their hellos named them
    ready: list[int] = field(default_factory=list)  # in the lobby: the friends' seats marked ready
    at_host: list[int] = field(default_factory=list)  # seats the host's own window plays
    deal: int = 0  # which deal at this table (Play again counts on)
    again: bool = False  # the host asked everyone to play again (the game is over)
    accepted: list[int] = field(default_factory=list)  # ... who said yes
    declined: list[int] = field(default_factory=list)  # ... who said no
    away_for: dict[int, float] = field(default_factory=dict)  # a person's seat whose line is down -> for how long (s)
    stand_ins: list[int] = field(default_factory=list)  # away seats a computer plays until their person is back
    turn_left: float | None = None  # seconds the seat to act has left on the turn clock (None: no clock runs)
    timed_out: tuple[int, int] | None = None  # (move number, seat): the last move the clock's computer played
    chat: list[p.Chat] = field(default_factory=list)  # the last chat lines relayed, numbered (`Chat.id`)


def refused_bytes(phrase: Phrase, to: p.Message | None = None) -> bytes:
    """`phrase` as the refusal of the message `to` (None: bytes that were no message)."""
    return p.encode(p.refusal(phrase, to))


_GONE = object()


def _same(token: str, key: str) -> bool:
    return secrets.compare_digest(token.encode("utf-8", "replace"), key.encode())


class HostTable:
    """A game offered to remote seats (see module doc); one thread at a time.

    With `lobby`, the table waits for its host to `start` it: people join and
    see who else has, but a move is refused until then, and the open seats
    nobody took are given to computers at the start.  `keep` is called after
    every move (the host's network autosave, never the local game's slot; it
    must not block: `hosting.Autosaver` hands the write to a thread of its own).
    `on_snapshot` listeners get a `Snapshot` after every change people see.

    `check_thread` (on in the tests): every call must come from the thread
    that claimed the table (`claim`; a `HostServer` claims it for its worker),
    so a table touched from elsewhere fails loudly instead of racing."""

    #: Assert that the table is touched only on its own thread (the tests switch it on).
    check_thread = False

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
        turn_time: float | None = None,
        away_after: float | None = None,
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
        self.spare_names = list(spare_names or [computer_code(s) for s in range(len(self.names))])
        self.at_host: list[int] = []  # seats the host's own window plays (reserved there; `reserve`)
        self.tokens: dict[int, str] = {}  # seat -> its secret, issued at join
        self.handed: dict[int, str] = {}  # a person's seat a computer plays meanwhile -> its level
        self.watchers: dict[Any, str] = {}  # a spectator's line -> its token
        self.watcher_names: dict[Any, str] = {}  # a spectator's line -> the name its hello brought (cleaned)
        self.conns: dict[Any, _Conn] = {}
        self.seat_conn: dict[int, Any] = {}
        self._outbox: list[Out] = []
        self._thinker: tuple[int, Any, Any] | None = None  # (seat, its thinking, the state it thinks about)
        self._stuck: Any = None  # a state at which a computer found no move
        self._owner: int | None = None  # the thread the table belongs to (`claim`), when `check_thread`
        self._snapshot_listeners: list[Callable[[Snapshot], None]] = []
        # a wrong or missing code was refused on this line (the carrier slows its address down)
        self.on_wrong_code: Callable[[Any], None] | None = None
        # seats taken by a hello whose line has not yet shown it has its welcome (`confirm`):
        # only kept when `confirm_seats` (a carrier that confirms them); seat -> its line
        self.confirm_seats = False
        self._unconfirmed: dict[int, tuple[Any, str]] = {}  # seat -> (its line, the seat's name before)
        self._previous: dict[int, tuple[Any, str]] = {}  # seat -> (the rejoin's line, the key it came with)
        # a seat freed because its line went before confirming it: its key and name, so that
        # person gets it back with that key while nobody else has taken it
        self._released: dict[int, tuple[str, str]] = {}
        self.ready: set[int] = set()  # in the lobby: friends' seats marked ready
        self.deal = 0  # which deal at this table (Play again at this table counts on)
        self.again: dict[int, bool] | None = None  # the host asked to play again: seat -> its answer
        # the last chat lines as relayed (numbered: `Chat.id`), for a welcome to bring back
        self.chat_kept: deque[p.Chat] = deque(maxlen=p.CHAT_KEPT)
        self._chat_lines = 0  # chat lines relayed so far (the next one's number is one more)
        self._sent_at: dict[int, int] = {}  # seat -> the move count of the last view sent to its line
        # the turn clock (seconds a person has to act; None: off) and the away hand-over (seconds a
        # person's line may be down before a computer plays their seat until they are back; None: never),
        # both read on `clock` (a test's own): `tick` plays a move for a seat whose time ran out
        self.turn_time = turn_time or None
        self.away_after = away_after or None
        self.deadline: float | None = None  # when the seat to act runs out of time
        self._turn: tuple[int, int] | None = None  # (move count, seat) the deadline is for
        self.timed_out: tuple[int, int] | None = None  # (move number, seat): the last move the clock played
        self._born = clock()
        self._down: dict[int, float] = {}  # a person's seat whose line is down -> since when
        self._declined: set[int] = set()  # away seats the host gave back to waiting: not handed again meanwhile
        session.listen(self._moved)

    # -- whose thread ----------------------------------------------------------------
    def claim(self) -> None:
        """The calling thread owns the table from now on (a `HostServer`'s worker; None-owned
        until then: the first thread to touch it)."""
        self._owner = threading.get_ident()

    def release(self) -> None:
        """Nobody owns the table (its server stopped: a test may read it on its own thread)."""
        self._owner = None

    def _touch(self) -> None:
        if not self.check_thread:
            return
        here = threading.get_ident()
        if self._owner is None:
            self._owner = here
        elif self._owner != here:
            raise AssertionError(
                f"table {self.code} touched on thread {threading.current_thread().name!r}, not its own worker"
            )

    def on_snapshot(self, callback: Callable[[Snapshot], None]) -> None:
        """Call `callback(snapshot)` on the table's thread after every change people see
        (a join, a move, a line lost, the start); it must not block (`Hosting.listen`)."""
        self._snapshot_listeners.append(callback)

    # -- the host's side ---------------------------------------------------------
    def reserve(self, seat: int, name: str | None = None) -> str:
        """Keep `seat` for someone who will come with the token returned (the host's own window)."""
        self._touch()
        if seat not in self.remote_seats:
            raise ValueError(f"seat {seat} is not open to people at this table")
        token = self.tokens.get(seat) or secrets.token_urlsafe(24)
        self.tokens[seat] = token
        if seat not in self.at_host:
            self.at_host.append(seat)
        name = clean_name(name or "")
        if name:
            self.names[seat] = name
        return token

    def host_name(self) -> str:
        """The name of the person whose window keeps the table (its first seat), as a welcome
        tells it ("Ana closed the table"); "" at a table with nobody at the host (`fireside host`)."""
        return self.names[self.at_host[0]] if self.at_host and self.at_host[0] < len(self.names) else ""

    def give_open_seats(self, level: str = "normal") -> list[Out]:
        """The open seats nobody took go to computers at `level` (the lobby's button),
        each under a computer's name; a kept seat (the host's own) stays a person's."""
        self._touch()
        match = self.session.match
        for seat in [s for s in self.open_seats if s not in self.kept]:
            self.remote_seats.remove(seat)
            self.names[seat] = self._spare_name(seat)
            match.seats[seat] = Seat(say_name(self.names[seat]), False, level)  # kept so: a resumed table has it too
            self.session.seat_computer(seat, level)
        return self._push_all()

    def _spare_name(self, seat: int) -> str:
        """The computer's name for a seat given to it: the seat's own spare name,
        else the first spare one nobody at the table has, else numbered."""
        taken = {n.casefold() for s, n in enumerate(self.names) if s != seat}
        spare = self.spare_names[seat:] + self.spare_names[:seat]
        base = next((n for n in spare if n.casefold() not in taken), spare[0] if spare else computer_code(seat))
        name, n = base, 2
        while name.casefold() in taken:
            name, n = f"{base} {n}", n + 1
        return name

    def _unique(self, seat: int, name: str) -> str:
        """`name` for `seat`, numbered when another seat has it already ("Ana 2"):
        two friends called Ana are told apart on every panel and in the chat."""
        taken = {n.casefold() for s, n in enumerate(self.names) if s != seat}
        shown, n = name, 2
        while shown.casefold() in taken:
            shown, n = f"{name[: p.MAX_NAME - 3]} {n}", n + 1
        return shown

    def start(self, level: str = "normal") -> list[Out]:
        """Begin the game: the open seats left go to computers; the computers move."""
        self._touch()
        if self.started:
            return []
        self.give_open_seats(level)
        self.started = True
        now = self.clock()
        for seat in self.open_seats:  # a kept seat nobody took: away from the start
            self._down.setdefault(seat, now)
        out = self._push_all()
        return out + (self.take_outbox() if self.sliced else self.run_computers())

    def hand_to_computer(self, seat: int, level: str | None = "normal") -> list[Out]:
        """An away person's seat played by a computer at `level` until they rejoin
        (None: back to waiting for them)."""
        self._touch()
        if seat not in self.remote_seats:
            raise ValueError(f"seat {seat} is not a person's seat at this table")
        if self._thinker is not None and self._thinker[0] == seat:
            self._thinker = None
        if level is None:
            self.handed.pop(seat, None)
            self.session.unseat_computer(seat)
            self._declined.add(seat)  # the host waits for this person: no hand-over until they are back
        else:
            self.session.seat_computer(seat, level)
            self.handed[seat] = level
        out = self._push_all()
        return out + (self.take_outbox() if self.sliced else self.run_computers())

    def notice(self, code: str) -> list[Out]:
        """Tell every line something unasked (`words.NOTICES`: "not_saved"), as a chat line
        from no seat whose phrase each window says in its own language."""
        self._touch()
        line = self._relay(p.Chat(text=str(words.NOTICES[code])[: p.MAX_CHAT], seat=None, phrase=code))
        return [(conn, line) for conn in [*self.seat_conn.values(), *self.watchers]]

    def _relay(self, chat: p.Chat) -> bytes:
        """A chat line as every line hears it: numbered, and kept among the last ones."""
        self._chat_lines += 1
        numbered = p.Chat(text=chat.text, seat=chat.seat, phrase=chat.phrase, name=chat.name, id=self._chat_lines)
        self.chat_kept.append(numbered)
        self._changed()  # the host's lines show it too (`fireside host` prints it)
        return p.encode(numbered)

    def missed(self, seat: int, since: int | None) -> list[p.MissedMove]:
        """The moves after move count `since`, each as `seat` may see its events
        (`PUBLIC`: a spectator's), the latest `MAX_MISSED` of them; none when `since`
        is unknown or the match forgot its states."""
        match = self.session.match
        now = len(match.moves)
        if since is None or since >= now:
            return []
        out: list[p.MissedMove] = []
        try:
            for count in range(max(since, now - p.MAX_MISSED) + 1, now + 1):
                events = scrub_events(match.state_after(count).events, seat)
                mover = match.moves[count - 1][0]
                out.append(p.MissedMove(seat=mover, moves=count, events=[p.event_msg(e) for e in events]))
        except (IndexError, ValueError):
            return []
        return out

    def _welcome(self, welcome: p.Welcome) -> bytes:
        """A welcome with the table's last chat lines (and a rejoin's missed moves), cut to fit a message:
        the oldest missed moves go first, then the chat."""
        welcome.chat = list(self.chat_kept)[-p.CHAT_KEPT :]
        welcome.missed = welcome.missed[-p.MAX_MISSED :]
        raw = p.encode(welcome)
        while len(raw) > p.MAX_MESSAGE and (welcome.missed or welcome.chat):
            if welcome.missed:
                welcome.missed = welcome.missed[max(1, len(welcome.missed) // 4) :]
            else:
                welcome.chat = welcome.chat[1:]
            raw = p.encode(welcome)
        return raw

    def close(self) -> list[Out]:
        """The host is closing the table: every line is told why, then closed."""
        self._touch()
        bye = p.encode(p.Bye(reason="host_closed"))
        lines = [*self.seat_conn.values(), *self.watchers]
        return [out for conn in lines for out in ((conn, bye), (conn, None))]

    def snapshot(self) -> Snapshot:
        """Who is where now, for the host's lobby and the headless host's lines
        (made on the table's thread; `on_snapshot` hands each one out)."""
        self._touch()
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
            watcher_names=[self.watcher_names.get(conn, watcher_code()) for conn in self.watchers],
            ready=sorted(self.ready),
            at_host=sorted(self.at_host),
            deal=self.deal,
            again=self.again is not None,
            accepted=sorted(s for s, yes in (self.again or {}).items() if yes),
            declined=sorted(s for s, yes in (self.again or {}).items() if not yes),
            away_for=self.away_for(),
            stand_ins=[s for s in self.away if s in self.handed],
            turn_left=self.turn_left(),
            timed_out=self.timed_out,
            chat=list(self.chat_kept),
        )

    # -- the transport's side -------------------------------------------------
    def connect(self, conn: Any) -> None:
        self._touch()
        self.conns[conn] = _Conn(tokens=self.burst, stamp=self.clock())

    def receive(self, conn: Any, raw: bytes | str) -> list[Out]:
        """Take one message from `conn`; the bytes to send in answer (to it and to others)."""
        self._touch()
        if conn not in self.conns:
            self.connect(conn)
        state = self.conns[conn]
        if not self._allow(state):
            return self._too_fast(conn, state, raw)
        state.told_too_fast = False
        try:
            message = p.decode(raw)
        except p.ProtocolError as exc:
            return [(conn, refused_bytes(exc.phrase))]
        replies = self._handle(conn, state, message)
        return replies + self.take_outbox()

    def _too_fast(self, conn: Any, state: _Conn, raw: bytes | str) -> list[Out]:
        """A message over the rate, refused by name: once per refill (a flood gets
        one answer, not one a message), but a move every time (its window waits
        for the answer to that move, not to a chat line)."""
        try:
            message: p.Message | None = p.decode(raw)
        except p.ProtocolError:
            message = None
        if state.told_too_fast and not isinstance(message, p.MoveMsg):
            return []
        state.told_too_fast = True
        return [(conn, refused_bytes(words.phrase("too_fast", rate=self.rate), message))]

    def disconnect(self, conn: Any) -> list[Out]:
        """`conn` is gone; its seat waits for a rejoin with the same token."""
        self._touch()
        state = self.conns.pop(conn, None)
        self.watcher_names.pop(conn, None)
        if self.watchers.pop(conn, None) is not None:
            return self._push_all()  # the players see who watches
        if state is None or state.seat is None or self.seat_conn.get(state.seat) != conn:
            return []
        del self.seat_conn[state.seat]
        self.ready.discard(state.seat)  # a friend whose line is down is not ready
        self._down[state.seat] = self.clock()
        unconfirmed = self._unconfirmed.pop(state.seat, None)
        if unconfirmed is not None and unconfirmed[0] == conn:  # it never had its welcome: no ghost holds the seat
            self._released[state.seat] = (self.tokens.pop(state.seat), self.names[state.seat])
            self.names[state.seat] = unconfirmed[1]
        return self._push_all()

    def take_outbox(self) -> list[Out]:
        """Views queued by moves made elsewhere (the host's own window, computers)."""
        self._touch()
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
        self._touch()
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

    # -- the turn clock and the away seats (read on `clock`; the carrier calls `tick`) ------------
    def _arm(self) -> None:
        """The turn clock runs for the person to act: a new turn (a move, the start, a seat
        given back by its computer) starts it afresh; a computer's turn, a lobby, the end stop it."""
        session = self.session
        seat = session.current if self.started and not session.over else None
        if self.turn_time is None or seat is None or seat in session.agents:
            self._turn = self.deadline = None
            return
        key = (len(session.match.moves), seat)
        if key != self._turn:
            # a move that ended a round or dealt anew: every window shows the round's scores first
            state = session.match.state
            grace = ROUND_GRACE if key[0] and any(e.kind in ROUND_KINDS for e in state.events) else 0.0
            self._turn, self.deadline = key, self.clock() + self.turn_time + grace

    def _timed_out_now(self) -> int | None:
        """The seat the clock's computer played the last move for, while that move is the last."""
        played = self.timed_out
        return played[1] if played is not None and played[0] == len(self.session.match.moves) else None

    def turn_left(self) -> float | None:
        """Seconds the seat to act has left (None: no clock runs for it)."""
        self._arm()
        if self.deadline is None:
            return None
        return round(max(0.0, self.deadline - self.clock()), 1)

    def away_for(self) -> dict[int, float]:
        """Each person's seat whose line is down, and for how many seconds (a computer may play it meanwhile)."""
        now = self.clock()
        return {s: round(min(AWAY_SHOWN, max(0.0, now - self._down.get(s, self._born))), 1) for s in self.away}

    @property
    def ticks(self) -> bool:
        """Whether the table has a clock to look at (a turn clock, or away seats handed over)."""
        return self.turn_time is not None or self.away_after is not None

    def next_due(self) -> float | None:
        """Seconds until `tick` has something to do (None: nothing waits on the clock)."""
        self._touch()
        now = self.clock()
        due = [self.deadline - now] if self.turn_left() is not None and self.deadline is not None else []
        if self.away_after is not None and self.started and not self.session.over:
            due += [
                self._down.get(s, self._born) + self.away_after - now
                for s in self.away
                if s not in self.handed and s not in self._declined
            ]
        return max(0.0, min(due)) if due else None

    def tick(self) -> list[Out]:
        """What the clock brings now: a person away longer than `away_after` is played by a
        computer until they are back; a seat whose turn time ran out has its one move played by
        the table's computer (every line is told: `ViewMsg.timed_out`).  Bytes to send."""
        self._touch()
        session = self.session
        if not self.started or session.over:
            return []
        now = self.clock()
        out: list[Out] = []
        if self.away_after is not None:
            gone = [
                s
                for s in self.away
                if s not in self.handed
                and s not in self._declined
                and now - self._down.get(s, self._born) >= self.away_after
            ]
            for seat in gone:
                log.info("seat %s is away: a computer plays it until its person is back", seat)
                session.seat_computer(seat, STAND_IN)
                self.handed[seat] = STAND_IN
            if gone:
                out += self._push_all()
        self._arm()
        if self.deadline is not None and now >= self.deadline:
            self._time_out()
        return out + (self.take_outbox() if self.sliced else self.run_computers())

    def _time_out(self) -> None:
        """The seat to act ran out of time: the table's computer (made as every computer of
        the session is) plays that one move for it, through the rules' own gate."""
        session = self.session
        seat = session.current
        if seat is None:
            return
        state = session.match.state
        legal = list(state.legal_moves())
        if not legal:
            return
        agent = make_agent(session.match, seat, level=STAND_IN)
        move = next((m for m in think(agent, session.view(seat)) if m is not None), None)
        if move not in legal:  # a computer's choice is the rules' to take, never assumed
            move = legal[0]
        self.timed_out = (len(session.match.moves) + 1, seat)  # the views this move sends say so
        self._turn = self.deadline = None
        outcome = session.offer(seat, move)
        if isinstance(outcome, Refused):
            log.warning("the clock's computer at seat %s found no move: %s", seat, outcome.reason)
            self.timed_out = None
            return
        log.info("seat %s ran out of time: the computer played %s for it", seat, move)

    def seated(self, conn: Any) -> bool:
        """Whether `conn`'s line holds a seat (or watches): no stranger any more."""
        state = self.conns.get(conn)
        return state is not None and state.seat is not None

    def expire(self, conn: Any) -> list[Out]:
        """Close `conn` if it never took a seat (a line that opens and says nothing)."""
        self._touch()
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
        """Remote seats someone took whose line is down now (waiting for a rejoin); once the
        game has started, also a person's seat nobody holds (its line died before its welcome
        arrived, freeing it; a kept seat nobody took): the game waits for someone there, so it
        is shown away and handed to a computer as any away seat is, until a friend takes it."""
        held = [s for s in self.tokens if s not in self.seat_conn]
        return sorted({*held, *self.open_seats}) if self.started else sorted(held)

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
            return [(conn, refused_bytes(words.phrase("hello_first"), message))]
        seat = state.seat
        if isinstance(message, (p.MoveMsg, p.Chat, p.Bye, p.Ack, p.Ready, p.Again)) and not self._token_ok(
            seat, message.token, conn
        ):
            return [(conn, refused_bytes(words.phrase("bad_token", seat=seat), message))]
        token = getattr(message, "token", None)
        key = self.watchers.get(conn) if seat == WATCHING else self.tokens.get(seat)
        if (self._unconfirmed or self._previous) and token is not None and key is not None and _same(token, key):
            self.confirm(conn)  # it speaks with the key its welcome gave: it has its welcome (not the key it came with)
        if isinstance(message, p.Ack):  # its welcome arrived: confirmed above, nothing to answer
            return []
        if isinstance(message, p.MoveMsg):
            if seat == WATCHING:
                return [(conn, refused_bytes(words.phrase("watching"), message))]
            return self._move(conn, seat, message)
        if isinstance(message, p.Chat):
            if message.phrase is not None and message.phrase not in p.QUICK_PHRASES:
                return [(conn, refused_bytes(words.phrase("no_such_phrase"), message))]
            name = self.watcher_names.get(conn, watcher_code()) if seat == WATCHING else None
            line = self._relay(p.Chat(text=message.text, seat=seat, phrase=message.phrase, name=name))
            return [(c, line) for c in [*self.seat_conn.values(), *self.watchers]]
        if isinstance(message, (p.Ready, p.Again)):
            return lobby.answer(self, conn, seat, message)
        if isinstance(message, p.Bye):
            self.conns.pop(conn, None)
            self.ready.discard(seat)
            if seat == WATCHING:
                self.watchers.pop(conn, None)
                self.watcher_names.pop(conn, None)
                return [(conn, None), *self._push_all()]  # the players see who watches
            if self.seat_conn.get(seat) == conn:
                del self.seat_conn[seat]
                if not self.started and seat not in self.at_host:  # left the lobby: the seat is the next friend's
                    lobby.vacate(self, seat)
                self._down[seat] = self.clock()
            return [(conn, None), *self._push_all()]
        return [(conn, refused_bytes(words.phrase("unexpected", kind=p.kind_of(message)), message))]

    def _token_ok(self, seat: int, token: str | None, conn: Any = None) -> bool:
        expected = self.watchers.get(conn) if seat == WATCHING else self.tokens.get(seat)
        if token is None or expected is None:
            return False
        if secrets.compare_digest(token.encode("utf-8", "replace"), expected.encode()):  # any text, in constant time
            return True
        # A window may send behind its rejoin's hello before the welcome (and its new key) is back:
        # the key that very line showed still speaks for the seat on that line, nowhere else.
        state = self.conns.get(conn) if conn is not None else None
        return (
            state is not None
            and state.came_with is not None
            and state.seat == seat
            and self.seat_conn.get(seat) == conn
            and _same(token, state.came_with)
        )

    def _seat_of(self, token: str) -> int | None:
        """The seat `token` opens: its current key, or the one it had before its last
        rejoin until that rejoin's line has its new key (a line lost before the welcome)."""
        seat = next((s for s in self.tokens if self._token_ok(s, token)), None)
        if seat is None:
            seat = next((s for s, (_, old) in self._previous.items() if _same(token, old)), None)
        if seat is None:  # a seat freed before its line confirmed it, and still nobody's: theirs again
            seat = next((s for s, (key, _) in self._released.items() if _same(token, key)), None)
            if seat is not None:
                key, name = self._released.pop(seat)
                if seat in self.tokens or seat not in self.remote_seats:
                    return None
                self.tokens[seat], self.names[seat] = key, name
        return seat

    def _rotate(self, seat: int, conn: Any, came_with: str) -> None:
        """A rejoin gets a new key: the one it came with opens nothing once its line has the new one
        (a key seen by someone else is worth nothing after its owner rejoins); until then it
        still does (the welcome may be lost with the line)."""
        self.tokens[seat] = secrets.token_urlsafe(24)
        self._previous[seat] = (conn, came_with)
        if not self.confirm_seats:  # nobody confirms: the old key goes now
            del self._previous[seat]
        if self.keep is not None and self.session.match.moves:  # the new key kept, so a resumed table knows it
            try:
                self.keep(self)
            except Exception:
                log.exception("could not keep the network game")

    def confirmed(self, seat: int) -> bool:
        """Whether `seat`'s person holds it for good: their line answered after the welcome
        (until then a line that dies frees the seat for the next friend)."""
        return seat not in self._unconfirmed

    def confirm(self, conn: Any) -> list[Out]:
        """`conn`'s line has shown it holds its welcome (the carrier heard it answer after
        the welcome went out): a seat it took is its own now, an old key is retired."""
        self._touch()
        for seat, (line, _) in list(self._unconfirmed.items()):
            if line == conn:
                del self._unconfirmed[seat]
        for seat, (line, _) in list(self._previous.items()):
            if line == conn:
                del self._previous[seat]
        return []

    def _wrong_code(self, conn: Any, hello: p.Hello) -> list[Out] | None:
        """The refusal of a newcomer who does not know this table's code (nothing else: no
        seat, no view, no names), or None when the code is right or not asked for."""
        code = (hello.code or "").strip().upper()
        if not self.require_code or secrets.compare_digest(code.encode("utf-8", "replace"), self.code.encode()):
            return None
        if self.on_wrong_code is not None:
            self.on_wrong_code(conn)
        return [(conn, refused_bytes(words.phrase("no_such_table", code=code[:12]), hello))]

    def _hello(self, conn: Any, state: _Conn, hello: p.Hello) -> list[Out]:
        name = clean_name(hello.name)  # what a font can draw and a terminal print, or "": the seat's default
        if hello.protocol != p.PROTOCOL:
            phrase = p.version_refusal(name, hello.version, hello.protocol)
            return [(conn, refused_bytes(phrase, hello)), (conn, None)]
        if state.seat is not None:
            return [(conn, refused_bytes(words.phrase("already_joined"), hello))]
        if hello.watch and hello.token is None:
            return self._watch(conn, state, hello)
        missed: list[p.MissedMove] = []
        if hello.token is not None:
            seat = self._seat_of(hello.token)
            if seat is None:
                return [(conn, refused_bytes(words.phrase("bad_token"), hello))]
            # what it missed while away: since the view its window had, else since the last one sent to it
            missed = self.missed(seat, hello.seen if hello.seen is not None else self._sent_at.get(seat))
            old = self.seat_conn.get(seat)
            out: list[Out] = []
            if old is not None and old != conn:  # the seat came back on a new line: the old one is told, then closed
                self.conns.pop(old, None)
                out += [(old, p.encode(p.Bye(reason="replaced"))), (old, None)]
            if name:  # a rejoin may bring a new name (changed in Settings meanwhile): a rename
                self.names[seat] = self._unique(seat, name)
            self._rotate(seat, conn, hello.token)
            state.came_with = hello.token
            self._down.pop(seat, None)
            self._back(seat)
        else:
            wrong = self._wrong_code(conn, hello)
            if wrong is not None:
                return wrong
            free = self.open_seats
            if not free:
                return [(conn, refused_bytes(words.phrase("table_full"), hello))]
            seat = free[0]
            self._released.pop(seat, None)  # taken: a key it had before opens it no more
            self._down.pop(seat, None)
            self._back(seat)  # a seat freed mid-game that a computer played meanwhile: the newcomer's now
            self.tokens[seat] = secrets.token_urlsafe(24)
            if self.confirm_seats:  # the seat is theirs once their line shows it has the welcome
                self._unconfirmed[seat] = (conn, self.names[seat])
            if name:
                self.names[seat] = self._unique(seat, name)
            out = []
        state.seat = seat
        self.seat_conn[seat] = conn
        welcome = p.Welcome(
            seat=seat,
            token=self.tokens[seat],
            code=self.code,
            game=self.game_id,
            names=self.names,
            to_id=hello.id,
            missed=missed,
            host_name=self.host_name(),
        )
        out.append((conn, self._welcome(welcome)))
        out.extend(self._push_all())
        return out

    def _back(self, seat: int) -> None:
        """A person at `seat` again (back from away, or a newcomer in a seat freed mid-game):
        a computer that played it meanwhile lets go, and the person plays."""
        self._declined.discard(seat)
        if seat in self.handed:
            del self.handed[seat]
            self.session.unseat_computer(seat)
            if self._thinker is not None and self._thinker[0] == seat:
                self._thinker = None

    def _watch(self, conn: Any, state: _Conn, hello: p.Hello) -> list[Out]:
        """A spectator: no seat, no moves, public information only."""
        wrong = self._wrong_code(conn, hello)
        if wrong is not None:
            return wrong
        if len(self.watchers) >= self.max_watchers:
            return [(conn, refused_bytes(words.phrase("too_many_watching"), hello))]
        welcome = p.Welcome(
            seat=WATCHING,
            token=self.enrol_watcher(conn, state, clean_name(hello.name)),
            code=self.code,
            game=self.game_id,
            names=self.names,
            watching=True,
            to_id=hello.id,
            missed=self.missed(PUBLIC, hello.seen),  # a spectator back after a drop: the public side of what it missed
            host_name=self.host_name(),
        )
        return [(conn, self._welcome(welcome)), *self._push_all()]  # the players see who watches

    def enrol_watcher(self, conn: Any, state: _Conn, name: str) -> str:
        """`conn` watches from now on, as `name` (a watcher's code when it has none): its new key."""
        token = secrets.token_urlsafe(24)
        state.seat = WATCHING
        self.watchers[conn] = token
        self.watcher_names[conn] = name or watcher_code()
        return token

    def _move(self, conn: Any, seat: int, message: p.MoveMsg) -> list[Out]:
        session = self.session
        if not self.started:
            return [(conn, refused_bytes(words.phrase("not_started"), message))]
        if seat in self.handed:
            return [(conn, refused_bytes(words.phrase("handed", seat=seat), message))]
        moves = len(session.match.moves)
        if message.at != moves:  # made on another view than the one the game is at: look again
            return [(conn, refused_bytes(words.phrase("stale", at=message.at, moves=moves), message))]
        if session.current is not None and session.current != seat:
            turn = Phrase("not_your_turn", "It is not your turn.", {"seat": seat})  # as Session.offer says it
            return [(conn, refused_bytes(turn, message))]
        try:
            move = self.rules.parse_move(message.move)
        except ValueError as exc:
            return [
                (
                    conn,
                    refused_bytes(Phrase("notation", str(exc), {"text": str(exc)}), message),
                )  # as the rules' gate says it
            ]
        outcome = session.offer(seat, move)
        if isinstance(outcome, Refused):
            return [(conn, refused_bytes(outcome.reason, message))]
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
            "ready": sorted(self.ready),
            "hosts": sorted(self.at_host),
            "deal": self.deal,
            "again": self.again is not None,
            "accepted": sorted(s for s, yes in (self.again or {}).items() if yes),
            "declined": sorted(s for s, yes in (self.again or {}).items() if not yes),
            "watchers": [self.watcher_names.get(conn, watcher_code()) for conn in self.watchers],
            "turn_left": self.turn_left(),
            "turn_time": self.turn_time,
            "timed_out": self.timed_out[1]
            if self.timed_out and self.timed_out[0] == len(session.match.moves)
            else None,
            "away_for": self.away_for(),
        }

    def view_bytes(
        self, seat: int, events: tuple[Event, ...] | None = None, extra: dict[str, Any] | None = None
    ) -> bytes:
        """`seat`'s view message: its view's JSON and the events it may see, nothing else.
        In a lobby no cards travel at all: the public view, no events (the host may still
        move people between seats, and nobody has a hand before the game starts)."""
        session = self.session
        if not self.started:
            state, sent = session.match.state.public_view().to_json(), []
        else:
            state = session.view(seat).to_json()
            sent = [p.event_msg(e) for e in (session.events(seat) if events is None else events)]
        message = p.ViewMsg(seat=seat, state=state, events=sent, **(self._extra() if extra is None else extra))
        return p.encode(message)

    def public_bytes(self) -> bytes:
        """A spectator's view message: the rules' public view (what every seat
        may know) and its events, every secret one face down."""
        public = self.session.match.state.public_view()
        message = p.ViewMsg(
            seat=WATCHING,
            state=public.to_json(),
            events=[p.event_msg(e) for e in public.events],
            **self._extra(),
        )
        return p.encode(message)

    def _push_all(self) -> list[Out]:
        extra = self._extra()  # the same for every seat: worked out once
        out: list[Out] = [(conn, self.view_bytes(seat, extra=extra)) for seat, conn in sorted(self.seat_conn.items())]
        for seat in self.seat_conn:
            self._sent_at[seat] = extra["moves"]
        if self.watchers:
            public = self.public_bytes()
            out.extend((conn, public) for conn in self.watchers)
        self._changed()
        return out

    def _changed(self) -> None:
        """Something people see changed: the snapshot's listeners hear of it."""
        if self._snapshot_listeners:
            snap = self.snapshot()
            for callback in list(self._snapshot_listeners):
                callback(snap)

    def _moved(self, _seat: int, _events: tuple[Event, ...]) -> None:
        self._touch()  # a move played on the session from elsewhere than the table's thread fails here
        self._outbox.extend(self._push_all())
        if self.keep is not None:
            try:
                self.keep(self)
            except Exception:  # a disk that refuses costs the save, never the table
                log.exception("could not keep the network game")
