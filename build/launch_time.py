"""Time from starting the built executable to the first frame of the title screen.

`python build/launch_time.py [--runs 5] [EXE]` starts `EXE play --first-frame-exit`
(default: the one build/build.py made) and times, from just before the process
is created to the moment its "first frame" line arrives, each run in turn;
it prints every run and the median.  It uses whatever display is set: for the
number the project reports, run it under Xvfb with SDL_VIDEODRIVER=x11.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build import executable_path  # noqa: E402 - build/build.py


def launch_seconds(exe: Path, timeout: float = 60.0) -> float:
    """One launch: seconds from process creation until it prints its first-frame line."""
    began = time.perf_counter()
    proc = subprocess.Popen(
        [str(exe), "play", "--first-frame-exit"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    try:
        for line in proc.stdout:
            if line.startswith("first frame"):
                seconds = time.perf_counter() - began
                break
        else:
            raise RuntimeError(f"{exe} exited with {proc.wait()} before drawing a frame")
    finally:
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python build/launch_time.py", description=__doc__.splitlines()[0])
    parser.add_argument("exe", nargs="?", type=Path, default=executable_path())
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    runs = [launch_seconds(args.exe) for _ in range(max(1, args.runs))]
    print("runs: " + ", ".join(f"{s:.3f}" for s in runs) + " s")
    print(f"first frame median of {len(runs)}: {statistics.median(runs):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
