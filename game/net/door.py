"""The door for several network tables behind one port: a new line's hello
names its table by code, and every later message of that line goes there."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.net import protocol as p
from game.net import words
from game.net.authority import HostTable, Out, refused_bytes

__all__ = ["TableSet"]


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
        self._on_wrong_code: Callable[[Any], None] | None = None
        self._confirm_seats = False
        for table in tables or ():
            self.add(table)

    def add(self, table: HostTable) -> HostTable:
        if table.code in self.tables:
            raise ValueError(f"a table with the code {table.code} is open already")
        self.tables[table.code] = table
        self._awake[table.code] = table
        table.sliced = self._sliced
        table.on_wrong_code = self._on_wrong_code
        table.confirm_seats = self._confirm_seats
        return table

    @property
    def on_wrong_code(self) -> Callable[[Any], None] | None:
        """Called with a line whose hello named no table here (its carrier slows that address)."""
        return self._on_wrong_code

    @on_wrong_code.setter
    def on_wrong_code(self, callback: Callable[[Any], None] | None) -> None:
        self._on_wrong_code = callback
        for table in self.tables.values():
            table.on_wrong_code = callback

    @property
    def confirm_seats(self) -> bool:
        return self._confirm_seats

    @confirm_seats.setter
    def confirm_seats(self, value: bool) -> None:
        self._confirm_seats = value
        for table in self.tables.values():
            table.confirm_seats = value

    def seated(self, conn: Any) -> bool:
        table = self._route.get(conn)
        return table is not None and table.seated(conn)

    def confirm(self, conn: Any) -> list[Out]:
        table = self._route.get(conn)
        return table.confirm(conn) if table is not None else []

    def claim(self) -> None:
        """The calling thread owns every table behind the door (see `HostTable.claim`)."""
        for table in self.tables.values():
            table.claim()

    def release(self) -> None:
        for table in self.tables.values():
            table.release()

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
            return [(conn, refused_bytes(exc.phrase))]
        if not isinstance(message, p.Hello):
            return [(conn, refused_bytes(words.phrase("hello_first"), message))]
        if message.protocol != p.PROTOCOL:  # before the code: a newer hello may name tables otherwise
            name = message.name.strip()[: p.MAX_NAME]
            return [
                (conn, refused_bytes(p.version_refusal(name, message.version, message.protocol), message)),
                (conn, None),
            ]
        code = (message.code or "").strip().upper()
        table = self.tables.get(code)
        if table is None and not code and len(self.tables) == 1:
            only = next(iter(self.tables.values()))
            table = None if only.require_code else only  # a table that asks for its code is no exception
        if table is None:
            if self.on_wrong_code is not None:
                self.on_wrong_code(conn)
            return [(conn, refused_bytes(words.phrase("no_such_table", code=code[:12]), message))]
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

    @property
    def ticks(self) -> bool:
        """Whether any table here has a clock to look at (see `HostTable.tick`)."""
        return any(table.ticks for table in self.tables.values())

    def tick(self) -> list[Out]:
        """Each table's clock; a table it moved is looked at again for its computers."""
        out: list[Out] = []
        for code, table in list(self.tables.items()):
            if table.ticks:
                said = table.tick()
                if said or table.thinking:
                    self._awake[code] = table
                out += said
        return out

    def close(self) -> list[Out]:
        return [out for table in self.tables.values() for out in table.close()]
