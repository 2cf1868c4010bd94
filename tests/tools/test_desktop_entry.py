"""The Linux menu entry (`--install-desktop-entry`): where it goes, what it starts, and that
removing takes away exactly what installing wrote.  tests/tools/test_wheel.py does the same
through an installed wheel's `fireside` command."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from game.tools import desktop_entry
from game.tools.cli import main

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

linux_only = pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="freedesktop.org menus")


def test_data_home_follows_xdg_data_home_when_absolute(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert desktop_entry.data_home() == tmp_path
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")  # the spec says: ignore it
    assert desktop_entry.data_home() == Path.home() / ".local" / "share"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert desktop_entry.data_home() == Path.home() / ".local" / "share"


def test_the_exec_line_quotes_what_the_spec_says() -> None:
    text = desktop_entry.entry_text(["/opt/my games/fireside", "-m", "100%"])
    assert '\nExec="/opt/my games/fireside" -m 100%% %u\n' in text  # %u: a clicked invite
    assert "\nMimeType=x-scheme-handler/fireside;\n" in text
    assert "\nTryExec=/opt/my games/fireside\n" in text  # TryExec is a plain path, unquoted
    assert desktop_entry.entry_text(['/a/"$x`\\']).count('Exec="/a/\\\\"\\\\$x\\\\`\\\\\\\\"') == 1


def test_the_launch_command_is_the_running_script_else_python_m_game(monkeypatch, tmp_path: Path) -> None:
    script = tmp_path / "bin" / "fireside"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n")
    monkeypatch.setattr(sys, "argv", [str(script), "--install-desktop-entry"])
    assert desktop_entry.launch_command() == [str(script)]
    monkeypatch.setattr(sys, "argv", [str(tmp_path / "game" / "__main__.py")])
    assert desktop_entry.launch_command() == [sys.executable, "-m", "game"]


@linux_only
def test_install_then_remove_through_the_command_line(monkeypatch, tmp_path: Path, capsys) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    other = tmp_path / "applications" / "someone-else.desktop"
    other.parent.mkdir(parents=True)
    other.write_text("[Desktop Entry]\n")
    assert main(["--install-desktop-entry"]) == 0
    written = desktop_entry.paths(tmp_path)
    assert all(p.is_file() for p in written)
    text = written[0].read_text(encoding="utf-8")
    assert text.startswith("[Desktop Entry]\nType=Application\n") and "\nCategories=Game;CardGame;\n" in text
    assert f"wrote {written[0]}" in capsys.readouterr().out
    assert main(["--install-desktop-entry"]) == 0  # again: overwrites, no error
    assert main(["--remove-desktop-entry"]) == 0
    assert not any(p.exists() for p in written)
    assert other.is_file()  # nothing but our own files
    capsys.readouterr()
    assert main(["--remove-desktop-entry"]) == 0
    assert "nothing to remove" in capsys.readouterr().out


def test_the_two_flags_exclude_each_other(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--install-desktop-entry", "--remove-desktop-entry"])
    assert "not allowed with" in capsys.readouterr().err


@linux_only
def test_an_unwritable_data_folder_is_one_line_and_status_1(monkeypatch, tmp_path: Path, capsys) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))  # a file where the folder should be
    assert main(["--install-desktop-entry"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("fireside: cannot write the desktop entry: ") and "\n" not in err


def test_window_class_matches_the_entrys_startup_wm_class(monkeypatch) -> None:
    """Docks group the window with the menu entry only when WM_CLASS equals StartupWMClass;
    `import pygame` names the class after the script, which the game replaces, but a class the
    player chose stays."""
    import pygame  # noqa: F401  (it sets SDL_VIDEO_X11_WMCLASS itself)

    from game.app.shell.app import name_window_class

    assert f"StartupWMClass={desktop_entry.APP_ID}\n" in desktop_entry.entry_text(["fireside"])
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", os.path.basename(sys.argv[0]))
    monkeypatch.delenv("SDL_VIDEO_WAYLAND_WMCLASS", raising=False)
    name_window_class()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == desktop_entry.APP_ID
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == desktop_entry.APP_ID
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "my-own-class")
    name_window_class()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "my-own-class"


def test_a_clicked_invite_opens_the_join_command() -> None:
    text = desktop_entry.entry_text(["/usr/bin/fireside"])
    assert "\nExec=/usr/bin/fireside %u\n" in text
    keys = desktop_entry.windows_url_keys([r"C:\Program Files\Fireside\Fireside.exe"])
    assert (r"Software\Classes\fireside", "URL Protocol", "") in keys
    assert keys[-1][2] == '"C:\\Program Files\\Fireside\\Fireside.exe" "%1"'
    spec = (Path(__file__).resolve().parents[2] / "build" / "fireside.spec").read_text()
    assert "CFBundleURLSchemes" in spec


def test_the_command_line_takes_an_invite_alone(capsys: pytest.CaptureFixture[str]) -> None:
    link = "fireside://127.0.0.1:1/" + "a" * 16 + "#x"
    with pytest.raises(SystemExit):  # read as `join INVITE` (this one's secret is cut short: one clear line)
        main([link, "--computer", "random"])
    assert "join: This invite's secret" in capsys.readouterr().err
