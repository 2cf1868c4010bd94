"""Installing like any Python app (slow): `python -m build` makes the sdist and, from it, the
wheel; the wheel goes into a fresh virtual environment outside the checkout, where `fireside`
must report its version, pass its self-test on the art it carries, and put itself in (and take
itself out of) the Linux application menu."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_build import _assert_self_test_passed

import game

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
ART = ("sprites", "sounds")


def _art_files() -> list[str]:
    """Every file under sprites/ and sounds/, relative to the checkout."""
    return sorted(p.relative_to(ROOT).as_posix() for name in ART for p in (ROOT / name).rglob("*") if p.is_file())


@pytest.fixture(scope="module")
def dist(tmp_path_factory, worker_id: str) -> Path:
    """The sdist and the wheel built from it (`python -m build`'s default), in a temporary folder.

    Built once per run: setuptools stages the sdist in a folder inside the checkout, so two
    xdist workers building at once took each other's files ("No such file or directory:
    'fireside-0.1.0/game/...'"); under -n the first worker here builds and the others wait for it."""
    if worker_id == "master":  # no xdist: this process alone
        return _build(tmp_path_factory.mktemp("dist"))
    shared = tmp_path_factory.getbasetemp().parent / "wheel-dist"  # this run's folder, every worker's
    with _one_at_a_time(shared.with_suffix(".lock")):
        if not (shared / "built").exists():
            shared.mkdir(exist_ok=True)
            _build(shared)
            (shared / "built").touch()
    return shared


def _build(out: Path) -> Path:
    run = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "Building wheel from sdist" in run.stdout + run.stderr
    return out


@contextlib.contextmanager
def _one_at_a_time(lock: Path, seconds: float = 900.0) -> Iterator[None]:
    """A lock between processes: the file exists while one holds it (bounded wait)."""
    end = time.monotonic() + seconds
    while True:
        try:
            os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            break
        except FileExistsError:
            assert time.monotonic() < end, f"{lock} was held for {seconds:.0f} s"
            time.sleep(0.2)
    try:
        yield
    finally:
        lock.unlink()


def _one(folder: Path, pattern: str) -> Path:
    found = sorted(folder.glob(pattern))
    assert len(found) == 1, found
    return found[0]


@pytest.fixture(scope="module")
def venv(dist: Path, tmp_path_factory) -> Path:
    """A fresh virtual environment (outside the checkout) with only the wheel and its dependencies."""
    where = tmp_path_factory.mktemp("venv") / "v"
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True, timeout=300)
    run = subprocess.run(
        [
            str(where / "bin" / "python"),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            str(_one(dist, "*.whl")),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    return where


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    return {
        **env,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "FIRESIDE_HOME": str(tmp_path / "home"),
        **extra,
    }


def _run(venv: Path, tmp_path: Path, *args: str, **extra: str) -> subprocess.CompletedProcess:
    """`fireside ARGS` from the venv, started in an empty folder far from the checkout."""
    cwd = tmp_path / "elsewhere"
    cwd.mkdir(exist_ok=True)
    return subprocess.run(
        [str(venv / "bin" / "fireside"), *args],
        cwd=cwd,
        env=_env(tmp_path, **extra),
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_wheel_holds_the_game_package_with_its_art_and_nothing_else(dist: Path) -> None:
    names = zipfile.ZipFile(_one(dist, "*.whl")).namelist()
    tops = {name.split("/")[0] for name in names}
    assert tops == {"game", f"fireside-{game.__version__}.dist-info"}, tops
    for rel in _art_files():
        assert f"game/_data/{rel}" in names, rel
    assert "game/_data/sprites/fonts/OFL.txt" in names  # the fonts' licence travels with them
    assert any(name.startswith("game/locale/ko/") and name.endswith(".po") for name in names)


def test_the_sdist_holds_what_rebuilds_the_wheel(dist: Path) -> None:
    sdist = _one(dist, "*.tar.gz")
    prefix = sdist.name.removesuffix(".tar.gz")
    with tarfile.open(sdist) as tar:
        names = {name.removeprefix(prefix + "/") for name in tar.getnames()}
    for rel in ["pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "game/tools/cli.py", *_art_files()]:
        assert rel in names, rel


def test_the_installed_command_reports_its_version_and_passes_its_self_test(venv: Path, tmp_path: Path) -> None:
    run = _run(venv, tmp_path, "--version")
    assert run.returncode == 0 and run.stdout.strip() == f"Fireside {game.__version__}", run.stdout + run.stderr
    _assert_self_test_passed(_run(venv, tmp_path, "--lang", "en", "--self-test"))


def test_the_installed_copy_reads_its_own_art_not_the_checkout(venv: Path, tmp_path: Path) -> None:
    code = (
        "import game; from game.app.look.assets import find_asset; from game.app.look.sound import sound_dirs; "
        "print(game.__file__); print(find_asset('sprites', 'card_face.svg')); "
        "print(find_asset('sprites', 'fonts', 'NotoSans-Regular.ttf')); "
        "print(find_asset('sprites', 'grinch', 'back.svg')); "  # a game's own pictures, in sprites/<id>/
        "print(next(d for d in sound_dirs() if (d / 'slide.wav').is_file()))"
    )
    run = subprocess.run(
        [str(venv / "bin" / "python"), "-c", code],
        cwd=tmp_path,
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    found = [Path(line) for line in run.stdout.splitlines()]
    assert len(found) == 5
    for path in found:
        assert path.is_relative_to(venv) and "site-packages" in path.parts, path


def test_the_desktop_entry_goes_in_and_out_of_the_menu(venv: Path, tmp_path: Path) -> None:
    data = tmp_path / "xdg-data"
    run = _run(venv, tmp_path, "--install-desktop-entry", XDG_DATA_HOME=str(data))
    assert run.returncode == 0, run.stdout + run.stderr
    desktop = data / "applications" / "org.fireside.cardtable.desktop"
    text = desktop.read_text(encoding="utf-8")
    # this install's command, by absolute path; %u: a clicked fireside:// invite arrives as its argument
    assert f"\nExec={venv / 'bin' / 'fireside'} %u\n" in text, text
    assert "\nIcon=org.fireside.cardtable\n" in text
    icons = sorted((data / "icons" / "hicolor").glob("*/apps/org.fireside.cardtable.png"))
    assert len(icons) == 4 and all(p.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") for p in icons), icons
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(["desktop-file-validate", str(desktop)], capture_output=True, text=True)
        assert check.returncode == 0 and not check.stdout.strip(), check.stdout + check.stderr

    run = _run(venv, tmp_path, "--remove-desktop-entry", XDG_DATA_HOME=str(data))
    assert run.returncode == 0, run.stdout + run.stderr
    assert not desktop.exists() and not any(p.exists() for p in icons)
    run = _run(venv, tmp_path, "--remove-desktop-entry", XDG_DATA_HOME=str(data))
    assert run.returncode == 0 and "nothing to remove" in run.stdout
