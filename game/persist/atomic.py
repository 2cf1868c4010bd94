"""Writing JSON so that a crash leaves the old file or the new one, never half.

The data goes to a temporary file in the same folder, is flushed and
fsynced, then `os.replace`d over the target (atomic on POSIX and Windows);
finally the folder itself is fsynced where the OS allows, so the rename
survives a power cut too.
"""

from __future__ import annotations

import json
import os
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


def write_json(path: Path | str, data: Any) -> None:
    """Write `data` as JSON to `path` atomically (see the module docstring).

    Raises OSError (disk full, no permission) with the target untouched.
    """
    path = Path(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, indent=1, allow_nan=False) + "\n"
    fd, temp = tempfile.mkstemp(prefix=_temp_prefix(path), suffix=TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    _fsync_folder(folder)


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


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def read_json(path: Path | str) -> Any:
    """The JSON data in `path`; SaveError with a one-line reason if it cannot be read."""
    path = Path(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise SaveError(_("there is no file {name}").format(name=path.name)) from None
    except IsADirectoryError:
        raise SaveError(_("{name} is a folder, not a save file").format(name=path.name)) from None
    except OSError as exc:
        raise SaveError(_("cannot read {name}: {reason}").format(name=path.name,
                                                                 reason=exc.strerror or exc)) from None
    if len(raw) > MAX_BYTES:
        raise SaveError(_("{name} is too large to be a Fireside file").format(name=path.name))
    if not raw.strip():
        raise SaveError(_("{name} is empty").format(name=path.name))
    try:
        text = raw.decode("utf-8-sig")  # a BOM from a Windows editor is harmless
    except UnicodeDecodeError as exc:
        raise SaveError(_("{name} is damaged: it is not UTF-8 text (byte {at})").format(
            name=path.name, at=exc.start)) from None
    try:
        return json.loads(text, parse_constant=_no_constants)
    except json.JSONDecodeError as exc:
        raise SaveError(_("{name} is damaged: not valid JSON ({reason}; line {line}, column {column})").format(
            name=path.name, reason=exc.msg, line=exc.lineno, column=exc.colno)) from None
    except (ValueError, RecursionError) as exc:  # NaN, 5000-digit numbers, absurd nesting
        reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
        raise SaveError(_("{name} is damaged: not valid JSON ({reason})").format(
            name=path.name, reason=reason)) from None
