"""Hosting a table, as the app's Host screens and `fireside host` share it:
a new table from seat kinds, its save and autosave (game/persist/network.py),
a saved table open again, and `Hosting` (its server, its addresses, its
announcement, its lobby's snapshots)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from game.net import protocol as p
from game.net.authority import HostTable, Snapshot
from game.net.carrier import HostServer
from game.session.match import Seat
from game.session.session import Session

log = logging.getLogger(__name__)

__all__ = [
    "KEPT",
    "PEOPLE",
    "SEAT_KINDS",
    "Hosting",
    "autosaver",
    "new_table",
    "parse_seats",
    "resumed",
    "saved",
]


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
        session.unseat_computer(seat)
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
