"""Text output for the windowed (no-console) builds, where `print` would go nowhere.

A Windows executable built without a console starts with `sys.stdout` and
`sys.stderr` set to None.  Started from a Command Prompt or PowerShell, it
can borrow that console (`AttachConsole`, the usual recipe for GUI programs
with a command line); double-clicked, there is none, so the commands whose
whole point is text (`--version`, `--self-test`) write a file instead.
Everywhere else -- a terminal, `python -m game`, a pipe -- nothing changes.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

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


def _output_file() -> Path | None:
    """A file next to the executable (or in the temp folder if that is read-only), opened as stdout and stderr."""
    for folder in (Path(sys.executable).resolve().parent, Path(tempfile.gettempdir())):
        path = folder / OUTPUT_NAME
        try:
            stream = open(path, "w", encoding="utf-8")  # noqa: SIM115 - stays open until exit
        except OSError:
            continue
        sys.stdout = sys.stdout or stream
        sys.stderr = sys.stderr or stream
        return path
    return None


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
