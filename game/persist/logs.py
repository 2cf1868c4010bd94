"""The log file: what went wrong on a player's machine, for a bug report."""

from __future__ import annotations

import errno
import logging
import logging.handlers
import os
import sys
from pathlib import Path

from game.persist import paths
from game.persist.errors import SaveError

LOG_NAME = "fireside.log"
MAX_BYTES = 1_000_000
BACKUPS = 3


class _LogFile(logging.handlers.RotatingFileHandler):
    """The rotating log file; when writing it fails (a full disk), one line on
    standard error says so, once, instead of a traceback for every record."""

    failed = False

    def backups(self) -> list[Path]:
        """The rotated copies' names (fireside.log.1 ... .N), the ones a rollover renames."""
        return [Path(f"{self.baseFilename}.{i}") for i in range(1, self.backupCount + 1)]

    def doRollover(self) -> None:  # noqa: N802 - logging's name
        """Rotate as logging does, but never through a link planted at one of the
        backups' names: then the log says so (once, on standard error) and stops,
        as when the disk is full, leaving the link and what it points at alone."""
        linked = next((p for p in [Path(self.baseFilename), *self.backups()] if p.is_symlink()), None)
        if linked is not None:
            if self.stream:
                self.stream.close()
                self.stream = None  # type: ignore[assignment]
            raise OSError(errno.ELOOP, f"{linked.name} is a link; Fireside does not write through links")
        super().doRollover()

    def emit(self, record: logging.LogRecord) -> None:
        if not self.failed:  # once refused (a full disk, a planted link), not tried again per line
            super().emit(record)

    def _open(self):  # type: ignore[no-untyped-def]  # logging's own hook, reopened on each rotation
        """The file for appending, never through a link planted at its name."""
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
        if os.path.islink(self.baseFilename):  # also where there is no O_NOFOLLOW; and says why
            raise OSError(
                errno.ELOOP, f"{Path(self.baseFilename).name} is a link; Fireside does not write through links"
            )
        fd = os.open(self.baseFilename, flags, 0o644)
        return os.fdopen(fd, "a", encoding=self.encoding, errors=self.errors)

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        if self.failed:
            return
        self.failed = True
        error = sys.exc_info()[1]
        reason = error.strerror if isinstance(error, OSError) and error.strerror else type(error).__name__
        try:
            sys.stderr.write(
                f"fireside: cannot write the log {self.baseFilename}: {reason}; further log lines are dropped\n"
            )
        except (OSError, ValueError):
            pass


def setup_logging(level: int = logging.INFO) -> Path:
    """Send the root logger to a rotating file (1 MB x 3) in `log_dir()`; returns its path.

    Calling it again (or after FIRESIDE_HOME changed) replaces the file handler
    instead of adding a second one.  If the folder cannot be written, logging
    goes to standard error and the app carries on.
    """
    root = logging.getLogger()
    for old in list(root.handlers):
        if getattr(old, "_fireside", False):
            root.removeHandler(old)
            old.close()
    handler: logging.Handler
    try:
        path = paths.log_dir() / LOG_NAME
        for name in [path, *(path.with_name(f"{LOG_NAME}.{i}") for i in range(1, BACKUPS + 1))]:
            if name.is_symlink():  # never written through (nor rotated onto): its target could be any file
                raise SaveError(f"{name} is a link; Fireside does not write through links")
        if (path.exists() or path.is_symlink()) and not path.is_file():  # a pipe would block the start
            raise SaveError(f"{path} is not a regular file")
        handler = _LogFile(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    except (OSError, SaveError) as exc:
        if isinstance(exc, SaveError):
            sys.stderr.write(f"fireside: not writing the log: {exc}\n")
        path = Path(LOG_NAME)
        handler = logging.StreamHandler()
    setattr(handler, "_fireside", True)  # noqa: B010 - marks our handler among others
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(level)
    return path
