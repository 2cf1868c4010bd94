"""Text output for the windowed (no-console) builds, where `print` would go nowhere.

A Windows executable built without a console starts with `sys.stdout` and
`sys.stderr` set to None.  Started from a Command Prompt or PowerShell, it
can borrow that console (`AttachConsole`, the usual recipe for GUI programs
with a command line); double-clicked, there is none, so the commands whose
whole point is text (`--version`, `--self-test`) write a file instead.
Everywhere else -- a terminal, `python -m game`, a pipe -- nothing changes.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import TextIO

__all__ = ["OUTPUT_NAME", "ensure_output"]

OUTPUT_NAME = "Fireside-output.txt"
_ATTACH_PARENT_PROCESS = -1


def _attach_parent_console() -> bool:
    """Windows: use the console of the program that started us, if it has one."""
    if sys.platform != "win32":
        return False
    import ctypes

    if not ctypes.windll.kernel32.AttachConsole(_ATTACH_PARENT_PROCESS):
        return False
    if sys.stdout is None:
        sys.stdout = open("CONOUT$", "w", encoding="utf-8", errors="replace")  # noqa: SIM115 - until exit
    if sys.stderr is None:
        sys.stderr = open("CONOUT$", "w", encoding="utf-8", errors="replace")  # noqa: SIM115 - until exit
    return True


_opened: list[TextIO] = []  # the output file, once made (closed by `_close_output`)


def _open_new(path: Path) -> TextIO:
    """`path` emptied for writing, never through a link planted at its name
    (OSError, "... is a link", then): its target could be any file of the player's."""
    if path.is_symlink():  # also where the OS has no O_NOFOLLOW
        raise OSError(f"{path} is a link; Fireside does not write through links")
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, 0o644)
    return os.fdopen(fd, "w", encoding="utf-8")


def _output_file() -> Path | None:
    """A file next to the executable (or in the temp folder if that is read-only
    or holds a link by that name), opened as stdout and stderr; its first line
    says why when the place next to the executable was refused for a link."""
    refused: list[str] = []
    for folder in (Path(sys.executable).resolve().parent, Path(tempfile.gettempdir())):
        path = folder / OUTPUT_NAME
        try:
            stream = _open_new(path)
        except OSError:
            if path.is_symlink():
                refused.append(f"{path} is a link; Fireside does not write through links, so it writes here")
            continue
        for line in refused:
            stream.write(line + "\n")
        _opened.append(stream)
        sys.stdout = sys.stdout or stream
        sys.stderr = sys.stderr or stream
        return path
    return None


def _close_output() -> None:
    """Close the output file made (tests; at exit the interpreter does it)."""
    while _opened:
        _opened.pop().close()


def ensure_output(argv: list[str]) -> Path | None:
    """Give a console-less build somewhere to print; returns the output file if one had to be made.

    Cheap and a no-op when stdout and stderr exist (every case but a windowed build).
    """
    if sys.stdout is not None and sys.stderr is not None:
        return None
    if _attach_parent_console():
        return None
    if {"--version", "--self-test", "-h", "--help"} & set(argv):
        return _output_file()
    return None
