"""Hosting a table, as the app's Host screens and `fireside host` share it:
a new table from seat kinds, its save and autosave (game/persist/network.py),
a saved table open again, and `Hosting` (its server, its addresses, its
announcement, its lobby's snapshots)."""

from __future__ import annotations

import copy
import logging
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.common.person_name import clean_name, computer_code, is_code, say_name, seat_code
from game.match.match import Seat
from game.net import protocol as p
from game.net.authority import HostTable, Snapshot
from game.net.carrier import HostServer
from game.net.invite import Invite
from game.session.session import Session

log = logging.getLogger(__name__)

__all__ = [
    "KEPT",
    "PEOPLE",
    "SEAT_KINDS",
    "Autosaver",
    "Hosting",
    "autosaver",
    "new_table",
    "parse_seats",
    "resumed",
    "saved",
]


# -- keeping a hosted table on disk (game/persist/network.py) ------------------------------
def saved(
    table: HostTable,
    bind: str = "127.0.0.1",
    port: int = 0,
    discover: bool = False,
    *,
    frozen: bool = False,
    invite: str = "",
) -> Any:
    """The table as its slot keeps it (`TableSave`); `frozen`: with a copy of the
    match that later moves do not change (for a writer on another thread)."""
    from game.persist.network import TableSave

    return TableSave(
        match=_frozen(_named(table.session.match, table.names)) if frozen else _named(table.session.match, table.names),
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
        invite=invite,
    )


def _named(match: Any, names: list[str]) -> Any:
    """`match`, its seats named as people joined (its save, the history's record of a
    finished game): kept in step at each save, on the table's thread, so the match the
    table plays and the one kept are dealt from the same seats; a default seat name (a
    code) keeps the match's own words for it."""
    for i, (seat, name) in enumerate(zip(match.seats, names, strict=False)):
        if not is_code(name) and seat.name != say_name(name):
            match.seats[i] = replace(seat, name=say_name(name))
    return match


def _frozen(match: Any) -> Any:
    """A copy of `match` as a save reads it (its seats, its moves, its state), cheap
    to make: the state is immutable, the lists are copied; later moves leave it be."""
    twin = copy.copy(match)
    twin.seats = list(match.seats)
    twin.moves = list(match.moves)
    return twin


class Autosaver:
    """A `keep` for `HostTable`: the network slot after every move; once the game
    is over, the history (as a local game goes there) and no slot.

    The table's worker only hands over a snapshot of the save (`saved(frozen=True)`,
    a copy of two lists); a thread of its own writes it, so a slow disk never holds
    up a move.  Saves that come faster than the disk are coalesced: the newest wins."""

    def __init__(self, bind: str = "127.0.0.1", port: int = 0, discover: bool = False, invite: str = "") -> None:
        self.bind, self.port, self.discover, self.invite = bind, port, discover, invite
        self._lock = threading.Condition()
        self._next: Any = None  # the newest save not yet written
        self._writing = False
        self._thread: threading.Thread | None = None
        self.written = 0  # saves written (for tests)
        self.writer: str | None = None  # the name of the thread that wrote the last one (for tests)
        # told once (on the writer's thread) when saves start failing, with the reason; again
        # only after a save worked meanwhile
        self.on_trouble: Callable[[str], None] | None = None
        self.failing = False

    def __call__(self, table: HostTable) -> None:
        save = saved(table, self.bind, self.port, self.discover, frozen=True, invite=self.invite)
        with self._lock:
            self._next = save
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="fireside-host-save", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every save handed over is written (closing the table, tests)."""
        with self._lock:
            return self._lock.wait_for(lambda: self._next is None and not self._writing, timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._lock.wait_for(lambda: self._next is not None, 30.0):
                    self._thread = None  # idle: the next save starts a writer again
                    return
                save, self._next, self._writing = self._next, None, True
            try:
                _write(save)
                self.failing = False
            except Exception as exc:  # a disk that refuses costs the save, never the table
                self._trouble(exc)
            finally:
                with self._lock:
                    self._writing = False
                    self.written += 1
                    self.writer = threading.current_thread().name
                    self._lock.notify_all()

    def _trouble(self, exc: Exception) -> None:
        """A save that failed: said once (not a traceback every move) until one works again."""
        if self.failing:
            log.debug("still cannot keep the network game: %s", exc)
            return
        self.failing = True
        log.warning("cannot keep the network game: %s", exc)
        if self.on_trouble is not None:
            try:
                self.on_trouble(str(exc))
            except Exception:
                log.exception("the save trouble's listener failed")


def _write(save: Any) -> None:
    from game.persist import library, network

    if save.match.state.is_over:
        try:
            library.archive(save.match)
        finally:
            network.clear_table()
        return
    network.write_table(save)


def autosaver(bind: str = "127.0.0.1", port: int = 0, discover: bool = False, invite: str = "") -> Autosaver:
    """A `keep` for `HostTable` that writes off the table's thread (see `Autosaver`)."""
    return Autosaver(bind, port, discover, invite)


def resumed(save: Any, **kwargs: Any) -> HostTable:
    """The table a `TableSave` holds, open again for the same tokens: a client
    that dials again with its token gets its seat back, with the current view."""
    session = Session(save.match, keeps=False)
    for seat in save.remote_seats:  # people's seats: no computer of the match's own
        session.unseat_computer(seat)
    kwargs.setdefault("require_code", True)  # the code is the door
    table = HostTable(
        session, remote_seats=save.remote_seats, code=save.code, lobby=not save.started, kept=save.kept, **kwargs
    )
    table.tokens = dict(save.tokens)
    table.names = list(save.names)
    table.at_host = list(save.at_host)
    for seat, level in save.handed.items():
        table.session.seat_computer(seat, level)
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
    from game.match.match import Match

    def name(i: int, kind: str) -> str:
        given = clean_name(names[i]) if i < len(names) else ""
        return given or (seat_code(i) if kind in PEOPLE else computer_code(i))

    coded: list[str] = []  # what travels: a default as its code, two names alike numbered ("Ana 2")
    for i, kind in enumerate(kinds):
        base = name(i, kind)
        shown, n = base, 2
        while shown.casefold() in (c.casefold() for c in coded):
            shown, n = f"{base} {n}", n + 1
        coded.append(shown)
    seats = [  # the match's own (its archive, the history) in the host's words
        Seat(say_name(coded[i]), True) if kind in PEOPLE else Seat(say_name(coded[i]), False, kind)
        for i, kind in enumerate(kinds)
    ]
    match = Match(game_id, seats, seed=seed)
    people = [i for i, kind in enumerate(kinds) if kind in PEOPLE]
    kept = [i for i, kind in enumerate(kinds) if kind in KEPT]
    kwargs.setdefault("require_code", True)  # the code is the door: a newcomer who lacks it is refused
    table = HostTable(Session(match, keeps=False), remote_seats=people, lobby=lobby, kept=kept, **kwargs)
    table.names = coded
    return table


class Hosting:
    """A table being hosted: its server, where it may be reached, whether it is
    announced, and its autosave.  `bind` is 127.0.0.1 (only this computer)
    unless the person chose "this network" ("0.0.0.0": every interface).

    Who is where (`Snapshot`) comes by callback, made on the table's worker after
    every change: `latest()` is the newest, `listen` hears each; nobody asks the
    server and waits for it (a lobby used to, five times a second)."""

    def __init__(
        self,
        table: HostTable,
        *,
        bind: str = "127.0.0.1",
        port: int = 0,
        discovery: Any = None,
        host_name: str = "",
        keep: bool = True,
        on_save_trouble: Callable[[str], None] | None = None,
        relay: Invite | None = None,
        lock: bool = False,
    ) -> None:
        self.table = table
        # take the kept table's lock (`network.lock_table`) on `start`: one host of the slot at a time
        self._lock_slot = lock and keep
        self._unlock: Callable[[], None] | None = None
        self.bind = bind
        self.invite = relay  # through a relay: the invite to copy (its secret never leaves this computer but in it)
        self.discovery = discovery
        self.host_name = host_name or "Fireside"
        self.server = self._server(port)
        self._keep = keep
        self.on_save_trouble = on_save_trouble  # also told when the save cannot be written (the terminal)
        self._listeners: list[Callable[[Snapshot], None]] = []
        self._lock = threading.Lock()
        self._latest = table.snapshot()  # before the server starts: the table is nobody's yet
        table.on_snapshot(self._arrived)

    # -- who is where, by callback ------------------------------------------------------
    def latest(self) -> Snapshot:
        """The newest snapshot of the table (never waits on the server)."""
        return self._latest

    def listen(self, callback: Callable[[Snapshot], None]) -> None:
        """Call `callback(snapshot)` after every change (on the table's worker: it must
        not block, a window only keeps it and wakes itself); once now with the latest."""
        with self._lock:
            self._listeners.append(callback)
        callback(self._latest)

    def unlisten(self, callback: Callable[[Snapshot], None]) -> None:
        with self._lock:
            if callback in self._listeners:
                self._listeners.remove(callback)

    def _arrived(self, snap: Snapshot) -> None:
        self._latest = snap
        with self._lock:
            listeners = list(self._listeners)
        for callback in listeners:
            try:
                callback(snap)
            except Exception:  # a listener's trouble never reaches the table
                log.exception("a snapshot listener failed")

    def start(self, any_port: bool = True) -> Hosting:
        """Listen (on the chosen port, or -- `any_port` -- any free one when that one is
        taken; else the OSError), keep, announce.  With `lock`, first take the kept
        table's lock: `network.TableLocked` (an OSError saying so) while another Fireside
        hosts it, so two copies of one table never run."""
        if self._lock_slot and self._unlock is None:
            from game.persist import network

            self._unlock = network.lock_table()
        try:
            self._listen(any_port)
        except BaseException:
            self._release()
            self._stop_discovery()  # nothing to announce
            raise
        import atexit

        atexit.register(self.close)  # a window closed with the table open still tells its players
        if self._keep:
            link = self.invite.link() if self.invite is not None else ""
            keep = autosaver(self.bind, self.server.port, self.discovery is not None, link)
            keep.on_trouble = self._save_trouble
            self.table.keep = keep
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

    def _server(self, port: int) -> HostServer:
        server = HostServer(self.table, self.bind, port, relay=self.invite)
        server.direct = self.direct()  # a friend on the relay tries these first (the same network)
        return server

    def direct(self) -> list[str]:
        """The addresses offered to a friend through the relay: `addresses()`, but a
        loopback one only when the table listens on loopback alone (a friend dialling
        127.0.0.1 reaches their own computer)."""
        from game.net.discovery import is_loopback

        return [a for a in self.addresses() if is_loopback(self.bind) or not is_loopback(a)]

    def path(self, seat: int) -> str | None:
        """Through a relay: how the seat's friend reaches the table, "direct" or "relay" (None: not on a line)."""
        try:  # read from the window's thread: a copy of the lines, never the table's own calls
            lines = list(self.table.conns.items())
        except RuntimeError:  # changed while copied: asked again next frame
            return None
        paths = self.server.paths
        return next((paths.get(conn) for conn, line in lines if line.seat == seat and conn in paths), None)

    def _listen(self, any_port: bool) -> None:
        try:
            self.server.start()
        except OSError:
            if self.server.port == 0 or not any_port:
                raise
            log.info("port %s is taken; listening on another", self.server.port)
            self.server = self._server(0)
            self.server.start()

    def _stop_discovery(self) -> None:
        if self.discovery is not None:
            try:
                self.discovery.close()
            except Exception as exc:  # closing anyway
                log.info("discovery: %s", exc)
            self.discovery = None

    def _release(self) -> None:
        unlock, self._unlock = self._unlock, None
        if unlock is not None:
            unlock()

    def _save_trouble(self, reason: str) -> None:
        """The save cannot be written (on the writer's thread): the players are told, and whoever asked."""
        self.server.call(lambda: self.table.notice("not_saved"))
        if self.on_save_trouble is not None:
            self.on_save_trouble(reason)

    @property
    def port(self) -> int:
        return self.server.port

    @property
    def url(self) -> str:
        """Where a window on this computer dials (the host's own seat)."""
        from game.net.discovery import bracketed

        local = "127.0.0.1" if self.bind in ("0.0.0.0", "127.0.0.1") else self.bind
        return f"ws://{bracketed(local)}:{self.port}"

    def addresses(self) -> list[str]:
        """The addresses a friend types (with the port), the likeliest first."""
        from game.net.discovery import is_loopback, local_addresses

        if self.bind == "127.0.0.1":
            return ["127.0.0.1"]
        if self.bind in ("0.0.0.0", "::", ""):  # every interface: loopback only when there is no other
            found = [a for a in local_addresses() if ":" not in a or self.bind == "::"]
            return [a for a in found if not is_loopback(a)] or ["127.0.0.1"]
        return [self.bind]

    def start_game(self, level: str = "normal") -> None:
        self.server.call(lambda: self.table.start(level))

    def give_open_seats(self, level: str = "normal") -> None:
        self.server.call(lambda: self.table.give_open_seats(level))

    def move_seat(self, src: int, dst: int) -> None:
        """In the lobby: the friend at `src` to seat `dst` (open, or another friend's: they swap)."""
        from game.net import lobby

        self.server.call(lambda: lobby.move_seat(self.table, src, dst))

    def free_seat(self, seat: int) -> None:
        """In the lobby: the friend at `seat` gives it up and watches (told why)."""
        from game.net import lobby

        self.server.call(lambda: lobby.free_seat(self.table, seat))

    def propose_again(self) -> None:
        """At the results: ask everyone to play again at this table."""
        from game.net import lobby

        self.server.call(lambda: lobby.propose_again(self.table))

    def again_now(self, level: str = "normal") -> None:
        """Deal again now: computers play the seats of those who did not say yes."""
        from game.net import lobby

        self.server.call(lambda: lobby.again_now(self.table, level))

    def again_if_ready(self, level: str = "normal") -> None:
        """Deal again if every person still at the table has said yes (`fireside host`, after a change)."""
        from game.net import lobby

        self.server.call(lambda: lobby.again_if_all_said_yes(self.table, level))

    def hand_over(self, seat: int, level: str | None) -> None:
        """An away seat to a computer at `level` (None: back to waiting for its person)."""
        self.server.call(lambda: self.table.hand_to_computer(seat, level))

    def close(self, reason: str = "host_closed") -> None:
        """Close the table, telling every line why (`words.BYE`); the slot stays for Continue."""
        import atexit

        atexit.unregister(self.close)
        keep = self.table.keep
        self._stop_discovery()
        self.server.stop(reason=reason)
        if isinstance(keep, Autosaver):
            keep.flush()  # the last move's save is on the disk before the window or the process goes
        self._release()  # after the last save: the next host finds the slot as this one left it
