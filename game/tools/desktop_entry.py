"""`fireside --install-desktop-entry` / `--remove-desktop-entry`: the Linux application menu.

A wheel or `pipx install` puts a `fireside` command on the PATH but nothing in
the menu, where people look for a game.  This writes a freedesktop.org
`.desktop` file and the icon (drawn from the card backs, as for the
executables) under the user's data folder (`$XDG_DATA_HOME`, else
`~/.local/share`), which every freedesktop menu reads; no root, no system
files.  Removing deletes exactly those files again.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from game import APP_ID  # the desktop file's and the icon's name
from game.net.invite import SCHEME  # fireside:// (a clicked invite opens the game at its table)

__all__ = ["APP_ID", "ICON_SIZES", "data_home", "entry_text", "install", "launch_command", "main", "paths", "remove"]

ICON_SIZES = (48, 64, 128, 256)


def data_home() -> Path:
    """`$XDG_DATA_HOME`, or `~/.local/share` when it is unset or not absolute (as the spec says)."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if value and os.path.isabs(value) else Path.home() / ".local" / "share"


def paths(base: Path | None = None) -> list[Path]:
    """Every file this writes: the .desktop file, then one icon per size."""
    base = base or data_home()
    icons = [base / "icons" / "hicolor" / f"{n}x{n}" / "apps" / f"{APP_ID}.png" for n in ICON_SIZES]
    return [base / "applications" / f"{APP_ID}.desktop", *icons]


def launch_command() -> list[str]:
    """How the menu should start this same copy of the game: the frozen executable, the
    `fireside` script that is running (a venv's or pipx's), or `python -m game`."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    script = os.path.abspath(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    if Path(script).name.startswith("fireside") and os.path.isfile(script):
        return [script]  # not resolved: pipx's link in ~/.local/bin survives upgrades
    return [sys.executable, "-m", "game"]


def _quote(arg: str) -> str:
    """One argument of an Exec line (Desktop Entry Specification, "The Exec key")."""
    arg = arg.replace("%", "%%")
    if not any(c in arg for c in " \t\n\"'\\><~|&;$*?#()`"):
        return arg
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    return f'"{escaped}"'


def _escape(value: str) -> str:
    """A string value of a desktop file (no raw newlines or backslashes)."""
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def entry_text(command: list[str]) -> str:
    """The .desktop file that starts `command`."""
    # %u: an invite (fireside://...) clicked in a browser or a chat opens Fireside at its table
    exec_line = " ".join(_quote(arg) for arg in command) + " %u"
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",  # the spec version the file follows (desktop-file-validate knows up to 1.4)
        "Name=Fireside",
        "GenericName=Card Table",
        "Comment=" + _escape("Sticheln, Avalanche and Grinch: Grow Your Heart against the computer or pass-and-play"),
        "Exec=" + _escape(exec_line),
        "TryExec=" + _escape(command[0]),  # the menu hides the entry once that program is gone
        f"Icon={APP_ID}",
        "Terminal=false",
        f"StartupWMClass={APP_ID}",  # the window's class (game.app.shell.app.name_window_class)
        "Categories=Game;CardGame;",
        "Keywords=cards;card game;Sticheln;Avalanche;Grinch;",
        f"MimeType=x-scheme-handler/{SCHEME};",  # the invite's scheme (game.net.invite)
    ]
    return "\n".join(lines) + "\n"


def install(base: Path | None = None, command: list[str] | None = None) -> list[Path]:
    """Write the .desktop file and the icons; returns the files written."""
    import game.app  # noqa: F401 - before pygame: it hides pygame's banner
    from game.app.look.icon import png_bytes
    from game.persist.atomic import refuse_link, write_bytes

    desktop, *icons = paths(base)
    pngs = png_bytes(ICON_SIZES)
    for path in (desktop, *icons):  # a link planted at any of them: refuse before writing anything
        refuse_link(path)
    # The .desktop file first: when it cannot be written no icon is left behind,
    # and when an icon cannot, the entry and the icons written go again.
    # Each file goes to a fresh temporary name and is renamed over its own
    # (a menu watching the folder never reads half a file; a link is never followed).
    write_bytes(desktop, entry_text(command or launch_command()).encode("utf-8"))
    written = [desktop]
    try:
        for size, path in zip(ICON_SIZES, icons):
            write_bytes(path, pngs[size])
            written.append(path)
    except BaseException:
        for path in written:
            try:
                path.unlink()
            except OSError:
                pass
        raise
    return [desktop, *icons]


def remove(base: Path | None = None) -> list[Path]:
    """Delete what `install` wrote (and nothing else); returns the files that were there."""
    removed = []
    for path in paths(base):
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed


def windows_url_keys(command: list[str]) -> list[tuple[str, str, str]]:
    """The per-user registry values that make Windows open a fireside:// invite with
    `command` (key under HKEY_CURRENT_USER, value name, value): Windows declares a
    URL scheme in the registry, not in the executable, so the build can't."""
    base = rf"Software\Classes\{SCHEME}"
    quoted = " ".join(f'"{arg}"' if " " in arg else arg for arg in command)
    return [
        (base, "", "URL:Fireside invite"),
        (base, "URL Protocol", ""),
        (base + r"\shell\open\command", "", f'{quoted} "%1"'),
    ]


def _install_windows_url(uninstall: bool) -> int:
    import importlib

    winreg: Any = importlib.import_module("winreg")  # Windows only (mypy reads this module on Linux too)

    keys = windows_url_keys(launch_command())
    try:
        if uninstall:
            for key in reversed([k for k, _, _ in keys]):
                try:
                    winreg.DeleteKey(winreg.HKEY_CURRENT_USER, key)
                except FileNotFoundError:
                    pass
            print("removed the fireside:// invite link")
            return 0
        for key, name, value in keys:
            with winreg.CreateKey(winreg.HKEY_CURRENT_USER, key) as handle:
                winreg.SetValueEx(handle, name, 0, winreg.REG_SZ, value)
    except OSError as exc:
        print(f"fireside: cannot register the fireside:// invite link: {exc}", file=sys.stderr)
        return 1
    print("a click on a fireside:// invite now opens Fireside at the table")
    return 0


def main(uninstall: bool = False) -> int:
    """The command line's two flags: 0 when done, 1 with one line saying why not."""
    if sys.platform == "win32":  # no desktop entry; the invite's scheme, per user
        return _install_windows_url(uninstall)
    if sys.platform == "darwin":
        print(
            "fireside: the desktop entry is for Linux and other freedesktop.org desktops; "
            "on this system start the downloaded program instead",
            file=sys.stderr,
        )
        return 1
    if uninstall:
        try:
            gone = remove()
        except OSError as exc:
            print(f"fireside: cannot remove the desktop entry: {exc}", file=sys.stderr)
            return 1
        for path in gone:
            print(f"removed {path}")
        if not gone:
            print(f"no Fireside desktop entry in {data_home()}: nothing to remove")
        return 0
    import game.app  # noqa: F401, I001 - before pygame: it hides pygame's banner
    import pygame

    command = launch_command()
    try:
        written = install(command=command)
    except (OSError, pygame.error) as exc:
        print(f"fireside: cannot write the desktop entry: {exc}", file=sys.stderr)
        return 1
    for path in written:
        print(f"wrote {path}")
    print("Fireside is in the application menu (Games); it starts: " + " ".join(_quote(a) for a in command))
    return 0
