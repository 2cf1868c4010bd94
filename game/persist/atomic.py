"""Writing JSON so that a crash leaves the old file or the new one, never half.

The data goes to a temporary file in the same folder, is flushed and
fsynced, then `os.replace`d over the target (atomic on POSIX and Windows);
finally the folder itself is fsynced where the OS allows, so the rename
survives a power cut too.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from game.i18n import _
from game.persist.errors import SaveError

MAX_BYTES = 16 * 1024 * 1024  # no save comes near this; refuse to read bigger files
TEMP_SUFFIX = ".tmp"


def _temp_prefix(path: Path) -> str:
    # Starts with a dot and ends in .tmp: never matches a "*.json" listing.
    return f".{path.name}."


def refuse_link(path: Path) -> None:
    """OSError (ELOOP, "... is a link") when `path` is a symbolic link: Fireside
    never writes through a link planted where one of its files goes."""
    if path.is_symlink():
        raise OSError(errno.ELOOP, f"{path.name} is a link; Fireside does not write through links", str(path))


def write_bytes(path: Path | str, data: bytes) -> None:
    """Write `data` to `path` atomically (see the module docstring), never
    following a link: the temporary file is created anew (O_EXCL, so a link at
    its name fails instead of being followed) and a link at `path` itself is
    refused (`refuse_link`).  Raises OSError with the target untouched."""
    path = Path(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    refuse_link(path)
    fd, temp = tempfile.mkstemp(prefix=_temp_prefix(path), suffix=TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        refuse_link(path)  # planted while the data was being written
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    _fsync_folder(folder)


def write_json(path: Path | str, data: Any) -> None:
    """Write `data` as JSON to `path` atomically (see the module docstring and `write_bytes`).

    Raises OSError (disk full, no permission, a link at `path`) with the target untouched.
    """
    text = json.dumps(data, ensure_ascii=False, indent=1, allow_nan=False) + "\n"
    write_bytes(path, text.encode("utf-8"))


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable; Windows cannot open folders, so skip it there."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def sweep_temps(folder: Path, older_than: float = 600.0) -> int:
    """Delete temporary files a killed writer left behind; returns how many.

    Only files older than `older_than` seconds go, so a write in progress in
    another process is never disturbed.
    """
    removed = 0
    cutoff = time.time() - older_than
    try:
        candidates = list(folder.glob(f".*{TEMP_SUFFIX}"))
    except OSError:
        return 0
    for temp in candidates:
        try:
            if temp.stat().st_mtime < cutoff:
                temp.unlink()
                removed += 1
        except OSError:
            pass
    return removed


class _NotANumber(ValueError):
    """NaN or Infinity in a file: JSON has no such numbers, Python's parser would take them."""


def _no_constants(name: str) -> Any:
    raise _NotANumber(name)


def _read_bytes(path: Path) -> bytes:
    """Up to MAX_BYTES + 1 bytes of a regular file.  Opened without blocking and
    checked before reading, so a named pipe, a device or a folder given the
    name of a save is refused at once instead of hanging the app."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        if path.is_symlink():
            raise SaveError(_("{name} is a link to a file that is not there").format(name=path.name)) from None
        raise SaveError(_("there is no file {name}").format(name=path.name)) from None
    except IsADirectoryError:
        raise SaveError(_("{name} is a folder, not a save file").format(name=path.name)) from None
    except OSError as exc:
        raise SaveError(_("cannot read {name}: {reason}").format(name=path.name, reason=os_reason(exc))) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise SaveError(_("{name} is a folder, not a save file").format(name=path.name))
        raise SaveError(_("{name} is not a file Fireside can read (a pipe or a device)").format(name=path.name))
    with os.fdopen(fd, "rb") as handle:
        try:
            return handle.read(MAX_BYTES + 1)
        except OSError as exc:
            raise SaveError(_("cannot read {name}: {reason}").format(name=path.name, reason=os_reason(exc))) from None


def os_reason(exc: OSError) -> str:
    """The OS's own words for a failure ("Permission denied"), without the errno and path."""
    return exc.strerror or type(exc).__name__


def read_json(path: Path | str) -> Any:
    """The JSON data in `path`; SaveError with a one-line reason if it cannot be read."""
    path = Path(path)
    raw = _read_bytes(path)
    if len(raw) > MAX_BYTES:
        raise SaveError(_("{name} is too large to be a Fireside file").format(name=path.name))
    if not raw.strip():
        raise SaveError(_("{name} is empty").format(name=path.name))
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise SaveError(_("{name} is damaged: it was saved as UTF-16 text, not UTF-8").format(name=path.name))
    try:
        text = raw.decode("utf-8-sig")  # a BOM from a Windows editor is harmless
    except UnicodeDecodeError as exc:
        raise SaveError(
            _("{name} is damaged: it is not UTF-8 text (byte {at})").format(name=path.name, at=exc.start)
        ) from None
    try:
        return json.loads(text, parse_constant=_no_constants)
    except json.JSONDecodeError as exc:
        raise SaveError(
            _("{name} is damaged: it is not valid JSON (line {line}, column {column})").format(
                name=path.name, line=exc.lineno, column=exc.colno
            )
        ) from None
    except RecursionError:
        raise SaveError(_("{name} is damaged: its data is nested too deeply").format(name=path.name)) from None
    except _NotANumber as exc:
        raise SaveError(
            _("{name} is damaged: it holds {value}, which is not a number").format(name=path.name, value=exc)
        ) from None
    except ValueError:  # beyond Python's limit of digits in a whole number
        raise SaveError(
            _("{name} is damaged: it holds a number thousands of digits long").format(name=path.name)
        ) from None
