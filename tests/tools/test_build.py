"""The double-click build: the self-test, the icon files, the console fallback, and (slow) a real
PyInstaller build of the Linux executable that must pass its own self-test."""

from __future__ import annotations

import importlib.util
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

import game
from game.tools import console

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parents[2]
HEADLESS = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
# The checks' English labels (the tests ask for --lang en, whatever the machine's language).
CHECK_LABELS = (
    "sprites",
    "fonts",
    "rules texts",
    "sounds",
    "catalogs",
    "window",
    "table sticheln",
    "table avalanche",
    "table grinch",
    "save",
)


def _load(name: str):
    """A script from build/ as a module (build/ is not a package)."""
    spec = importlib.util.spec_from_file_location(f"fireside_build_{name}", ROOT / "build" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _assert_self_test_passed(run: subprocess.CompletedProcess) -> None:
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    for label in CHECK_LABELS:
        assert any(line.startswith(f"ok   {label}: ") for line in lines), (label, run.stdout)
    assert lines[-1].startswith("self-test passed"), run.stdout


def test_self_test_from_source() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "game", "--lang", "en", "--self-test"],
        cwd=ROOT,
        env=HEADLESS,
        capture_output=True,
        text=True,
        timeout=120,
    )
    _assert_self_test_passed(run)
    assert "(from source;" in run.stdout.splitlines()[0]


@pytest.mark.slow  # the fast lane's failing self-tests: tests/app/test_damaged_assets.py
def test_self_test_names_the_missing_file_and_fails() -> None:
    # the same entry point, with the sounds folder pointed somewhere empty
    code = (
        "import sys; from pathlib import Path; import game.app.look.sound as s; "
        "s.sound_dirs = lambda: [Path('/nonexistent/sounds')]; "
        "from game.tools.cli import main; sys.exit(main(['--lang', 'en', '--self-test']))"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=HEADLESS, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert "FAIL sounds: slide.wav is missing; looked in /nonexistent/sounds" in run.stdout
    assert "ok   table grinch: " in run.stdout  # one failure does not hide the other checks
    assert run.stdout.splitlines()[-1].startswith("self-test FAILED (sounds)")


def test_icon_files_hold_every_size(tmp_path: Path) -> None:
    icons = _load("icons")
    paths = icons.make(tmp_path)
    ico = paths["ico"].read_bytes()
    assert struct.unpack("<HHH", ico[:6]) == (0, 1, len(icons.ICO_SIZES))
    for i, size in enumerate(icons.ICO_SIZES):
        width, height, _c, _r, planes, bits, length, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i : 22 + 16 * i])
        assert width == height == size % 256 and (planes, bits) == (1, 32)
        assert ico[offset : offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + length <= len(ico)
    icns = paths["icns"].read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    kinds, at = [], 8
    while at < len(icns):
        kinds.append(icns[at : at + 4])
        at += struct.unpack(">I", icns[at + 4 : at + 8])[0]
    assert at == len(icns) and kinds == [kind for kind, _size in icons.ICNS_TYPES]
    assert paths["png"].read_bytes()[:4] == b"\x89PNG"


def test_console_output_untouched_when_there_is_a_terminal() -> None:
    assert console.ensure_output(["--version"]) is None


def test_windowed_build_without_console_writes_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "Fireside.exe"))
    assert console.ensure_output(["play"]) is None and sys.stdout is None  # a double-click: no file
    path = console.ensure_output(["--self-test"])
    assert path == tmp_path / console.OUTPUT_NAME
    print("hello", file=sys.stdout, flush=True)
    sys.stdout.close()
    assert path.read_text() == "hello\n"


@pytest.mark.slow
def test_linux_executable_builds_and_passes_its_self_test(tmp_path: Path) -> None:
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.fail(
            "PyInstaller is not installed, so the executable cannot be built: "
            "pip install -e '.[test]' (it is in the test extra)"
        )
    dist, work = tmp_path / "dist", tmp_path / "work"
    run = subprocess.run(
        [sys.executable, str(ROOT / "build" / "build.py"), "--dist", str(dist), "--work", str(work)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    exe = _load("build").executable_path(dist)
    assert exe.is_file() and os.access(exe, os.X_OK), run.stdout
    assert exe.stat().st_size <= 40_000_000, f"{exe.stat().st_size / 1e6:.1f} MB is over the 40 MB budget"
    # the Windows version resource is written on every platform, so its version is checked here too
    spec_work = work / "fireside"  # PyInstaller's workpath: one folder per spec
    assert f"StringStruct('ProductVersion', '{game.__version__}')" in (spec_work / "version_info.txt").read_text()
    assert all((spec_work / "icon" / f"fireside.{kind}").is_file() for kind in ("png", "ico", "icns"))

    version = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=120)
    assert version.returncode == 0, version.stderr
    assert version.stdout.strip() == f"Fireside {game.__version__}"

    test = subprocess.run(
        [str(exe), "--lang", "en", "--self-test"],
        cwd=tmp_path,
        env=HEADLESS,
        capture_output=True,
        text=True,
        timeout=300,
    )
    _assert_self_test_passed(test)
    assert "(frozen build;" in test.stdout.splitlines()[0]
