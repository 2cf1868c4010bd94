"""Build the double-click executable for this platform: `python build/build.py`.

Linux: build/dist/fireside (one file).  Windows: build/dist/Fireside.exe (one
file, no console).  macOS: build/dist/Fireside (one file) and
build/dist/Fireside.app.  Temporary files go to build/work/.  Both folders
are git-ignored.  Prints the size of what it made and how long it took.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

BUILD = Path(__file__).resolve().parent
ROOT = BUILD.parent
SPEC = BUILD / "fireside.spec"
DIST = BUILD / "dist"
WORK = BUILD / "work"


def executable_path(dist: Path = DIST) -> Path:
    """Where the one-file executable for this platform lands."""
    if sys.platform == "win32":
        return dist / "Fireside.exe"
    return dist / ("Fireside" if sys.platform == "darwin" else "fireside")


def build(dist: Path = DIST, work: Path = WORK, clean: bool = True) -> Path:
    """Run PyInstaller on build/fireside.spec; returns the executable's path."""
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        raise SystemExit("build: PyInstaller is not installed; run: python -m pip install pyinstaller") from None
    args = [str(SPEC), "--noconfirm", "--log-level", "WARN", "--distpath", str(dist), "--workpath", str(work)]
    if clean:
        args.append("--clean")
    pyinstaller.run(args)
    return executable_path(dist)


def _size_mb(path: Path) -> float:
    if path.is_dir():
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 1e6
    return path.stat().st_size / 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python build/build.py", description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=DIST, help="output folder (default build/dist)")
    parser.add_argument("--work", type=Path, default=WORK, help="temporary folder (default build/work)")
    parser.add_argument("--keep-cache", action="store_true", help="reuse PyInstaller's cache (faster rebuilds)")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    if not args.keep_cache:
        shutil.rmtree(args.work, ignore_errors=True)
    exe = build(args.dist.resolve(), args.work.resolve(), clean=not args.keep_cache)
    seconds = time.perf_counter() - began
    if not exe.is_file():
        print(f"build: PyInstaller finished but {exe} is missing", file=sys.stderr)
        return 1
    made = [exe] + ([exe.with_suffix(".app")] if sys.platform == "darwin" else [])
    for path in made:
        print(f"built {path} ({_size_mb(path):.1f} MB)")
    print(f"build time {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
