"""The frozen executable's entry script: the same `game.tools.cli:main` as `fireside` and `python -m game`."""

import multiprocessing
import sys

from game.tools.cli import main

if __name__ == "__main__":
    # Tournament workers (`--jobs N`) start a copy of the executable; this turns that copy into the worker.
    multiprocessing.freeze_support()
    sys.exit(main())
