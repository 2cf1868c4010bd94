"""Everything Fireside keeps on disk: saves, autosave, history, settings,
statistics and the log, under platformdirs (or `FIRESIDE_HOME`).

Pure Python plus platformdirs -- never pygame -- so the command line, tests
and a crash-test child process can use it without opening a window.
"""

from game.persist.errors import SaveError

__all__ = ["SaveError"]
