"""What a network table keeps on disk: the host's table, the last table a player joined, the network settings.

The host's table has its own slot (`network/table.json` beside the
autosave, never over it): the match as any save holds it, and what a table
needs to open again for the same people -- its code, each seat's token, the
names, the seats open to people, whether it started, the seats handed to a
computer meanwhile.  So Continue (or `fireside host --resume`) reopens the
same table, and every client that dials again with its token gets its seat.

The last table a player joined (`last_table.json` in the config folder)
lets the title offer "Rejoin table K3M9QP" after the window closed: the
address, the code and the seat's token.  Every file is written atomically,
never through a planted link; a damaged one reads as none (logged).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.i18n import _
from game.match.match import Match
from game.persist import paths
from game.persist.atomic import os_reason, read_json, sweep_temps, write_json
from game.persist.errors import SaveError
from game.persist.savefile import from_data, to_data

log = logging.getLogger(__name__)

__all__ = [
    "LastTable",
    "NetPrefs",
    "TableLocked",
    "TableSave",
    "clear_last",
    "clear_table",
    "load_prefs",
    "lock_table",
    "read_last",
    "read_table",
    "save_prefs",
    "write_last",
    "write_table",
]

MAX_FIELD = 200  # the longest address, code or token kept


@dataclass
class TableSave:
    """A hosted table as it opens again: the match and who holds which seat."""

    match: Match
    code: str
    tokens: dict[int, str]
    names: list[str]
    remote_seats: list[int]
    started: bool = True
    handed: dict[int, str] = field(default_factory=dict)
    kept: list[int] = field(default_factory=list)  # people's seats never given to computers
    at_host: list[int] = field(default_factory=list)  # the seats the host's own window plays
    bind: str = "127.0.0.1"
    port: int = 0
    discover: bool = False
    invite: str = ""  # through a relay: the invite (fireside://..., with its secret): a resumed table keeps it


@dataclass
class LastTable:
    """The table this player joined last: enough to dial it again with the seat's token."""

    url: str
    code: str
    token: str
    name: str = ""
    game: str = ""
    watching: bool = False


@dataclass
class NetPrefs:
    """The network settings: discovery is off unless the person turns it on."""

    discover: bool = False
    bind_all: bool = False  # who may join a table hosted here: False = only this computer
    port: int = 0  # 0: any free port
    turn_time: int = 0  # seconds each person has to act at a table hosted here (0: no turn clock)
    away_after: int = 60  # seconds a person's line may be down before a computer plays for them (0: never)
    relay: str = ""  # the relay a table "through a relay" dials out to (ws://HOST:PORT, wss://HOST); no default


def table_path() -> Path:
    return paths.data_dir() / "network" / "table.json"


def last_path() -> Path:
    return paths.config_dir() / "last_table.json"


def prefs_path() -> Path:
    return paths.config_dir() / "network.json"


def _read(path: Path) -> Any:
    """The file's JSON, or None when there is none (SaveError when damaged)."""
    sweep_temps(path.parent)
    if not (path.exists() or path.is_symlink()):
        return None
    return read_json(path)


def _write(path: Path, data: Any, message: str) -> None:
    """Write atomically; SaveError with `message` (a translated "...: {reason}") if the disk refuses."""
    try:
        write_json(path, data)
    except OSError as exc:
        raise SaveError(message.format(reason=os_reason(exc))) from None


def _remove(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        log.warning("cannot remove %s: %s", path.name, exc)


def _text(value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_FIELD:
        raise ValueError("not a short text")
    return value


# -- the host's table -------------------------------------------------------------------------
def write_table(save: TableSave) -> None:
    """Rewrite the hosted table's slot (after every move); SaveError if the disk refuses."""
    data = to_data(save.match)
    data["network"] = {
        "code": save.code,
        "tokens": {str(seat): token for seat, token in save.tokens.items()},
        "names": list(save.names),
        "remote_seats": list(save.remote_seats),
        "started": save.started,
        "handed": {str(seat): level for seat, level in save.handed.items()},
        "kept": list(save.kept),
        "at_host": list(save.at_host),
        "bind": save.bind,
        "port": save.port,
        "discover": save.discover,
        "invite": save.invite,
    }
    _write(table_path(), data, _("cannot save the network table: {reason}"))


def _port(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 65535:
        raise ValueError(f"port {str(value)[:12]} is not a port (0 to 65535)")
    return value


def read_table(why: list[str] | None = None) -> TableSave | None:
    """The hosted table to reopen, or None (none kept, finished, or damaged: logged,
    and the reason added to `why` so `fireside host --resume` can say it)."""
    try:
        data = _read(table_path())
        if data is None:
            return None
        match = from_data(data)
        net = data["network"]
        n = len(match.seats)
        tokens = {int(seat): _text(token) for seat, token in net["tokens"].items()}
        handed = {int(seat): _text(level) for seat, level in net.get("handed", {}).items()}
        remote = [int(seat) for seat in net["remote_seats"]]
        names = [_text(name) for name in net["names"]]
        kept = [int(seat) for seat in net.get("kept", [])]
        # (a table kept before `at_host` was: the host's window played its first person's seat)
        at_host = [int(seat) for seat in net.get("at_host", [s for s in remote if s in tokens][:1])]
        if len(names) != n or not all(0 <= s < n for s in [*tokens, *handed, *remote, *kept, *at_host]):
            raise ValueError("seats out of range")
        save = TableSave(
            match=match,
            code=_text(net["code"]),
            tokens=tokens,
            names=names,
            remote_seats=remote,
            started=bool(net.get("started", True)),
            handed=handed,
            kept=kept,
            at_host=[s for s in at_host if s in tokens],
            bind=_text(net.get("bind", "127.0.0.1")),
            port=_port(net.get("port", 0)),
            discover=bool(net.get("discover", False)),
            invite=_text(net.get("invite", "")),
        )
    except (SaveError, KeyError, TypeError, ValueError, AttributeError) as exc:
        log.warning("the network table's save is not usable (%s); it is not offered", exc)
        if why is not None:
            why.append(str(exc) if isinstance(exc, (SaveError, ValueError)) else f"{type(exc).__name__}: {exc}")
        return None
    if match.state.is_over:
        return None
    return save


class TableLocked(OSError):
    """Another host keeps the network table now (`pid`: which process, when known).
    An OSError, so a window that says why a table could not open says this too, in
    words (`str`: in the current language)."""

    def __init__(self, pid: int | None) -> None:
        super().__init__(f"process {pid}" if pid else "another process")
        self.pid = pid

    def __str__(self) -> str:
        return _("this table is open in another Fireside already (process {pid}); close that one first").format(
            pid=self.pid or "?"
        )


def lock_path() -> Path:
    return table_path().with_name("table.lock")


def lock_table() -> Callable[[], None]:
    """Take the hosted table's lock (a file beside its save holding this process's id), so
    a second host of the same table is refused while one runs; returns its release.  A lock
    whose process is gone (a host killed) is stale and taken over.  TableLocked otherwise."""
    path = lock_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for _attempt in range(3):  # bounded: a stale lock removed, then taken
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pid = _lock_owner(path)
            if pid is not None and pid != os.getpid() and _alive(pid):
                raise TableLocked(pid) from None
            log.info("the network table's lock of process %s is stale; taking it", pid)
            _remove(path)
            continue
        with os.fdopen(fd, "w") as out:
            out.write(str(os.getpid()))
        return _releaser(path, os.getpid())
    raise TableLocked(_lock_owner(path))


def _releaser(path: Path, mine: int) -> Callable[[], None]:
    def release() -> None:  # only our own lock (a stale one taken over since is another's)
        if _lock_owner(path) == mine:
            _remove(path)

    return release


def _lock_owner(path: Path) -> int | None:
    try:
        text = path.read_text(encoding="ascii", errors="replace").strip()[:20]
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def _alive(pid: int) -> bool:
    """Whether process `pid` still runs (a lock it holds is not stale)."""
    if os.name == "nt":  # signal 0 is Ctrl-C there: ask the process table instead
        import ctypes

        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        code = ctypes.c_ulong()
        ok = kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        kernel32.CloseHandle(handle)
        return bool(ok) and code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    except OSError:
        return False
    return True


def clear_table() -> None:
    """Forget the hosted table (it ended, or its host closed it on purpose)."""
    _remove(table_path())


# -- the last table joined --------------------------------------------------------------------
def write_last(last: LastTable) -> None:
    _write(last_path(), asdict(last), _("cannot keep the last table: {reason}"))


def read_last() -> LastTable | None:
    try:
        data = _read(last_path())
        if data is None:
            return None
        return LastTable(
            url=_text(data["url"]),
            code=_text(data["code"]),
            token=_text(data["token"]),
            name=_text(data.get("name", "")),
            game=_text(data.get("game", "")),
            watching=bool(data.get("watching", False)),
        )
    except (SaveError, KeyError, TypeError, ValueError) as exc:
        log.warning("the last table is not usable (%s)", exc)
        return None


def clear_last() -> None:
    _remove(last_path())


# -- the network settings -----------------------------------------------------------------------
def load_prefs() -> NetPrefs:
    """The network settings; the defaults (discovery off, this computer only) for anything missing or bad."""
    try:
        data = _read(prefs_path())
    except SaveError as exc:
        log.warning("network settings not read (%s); using the defaults", exc)
        return NetPrefs()
    prefs = NetPrefs()
    if isinstance(data, dict):
        if isinstance(data.get("discover"), bool):
            prefs.discover = data["discover"]
        if isinstance(data.get("bind_all"), bool):
            prefs.bind_all = data["bind_all"]
        port = data.get("port")
        if isinstance(port, int) and not isinstance(port, bool) and 0 <= port <= 65535:
            prefs.port = port
        relay = data.get("relay")
        if isinstance(relay, str) and len(relay) <= 200 and relay.isprintable():
            prefs.relay = relay.strip()
        for key in ("turn_time", "away_after"):  # the host's choices: whole seconds, at most an hour
            value = data.get(key)
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3600:
                setattr(prefs, key, value)
    return prefs


def save_prefs(prefs: NetPrefs) -> None:
    _write(prefs_path(), asdict(prefs), _("cannot save the network settings: {reason}"))


def remember_last(url: str, code: str | None, token: str | None, name: str, game: str, watching: bool) -> None:
    """Keep the table a seat sits at for Rejoin on the title (nothing without its code
    and the seat's token); a table that cannot be kept is logged, and play goes on."""
    if token is None or code is None:
        return
    try:
        write_last(LastTable(url, code, token, name, game, watching))
    except SaveError as exc:
        log.warning("%s", exc)
