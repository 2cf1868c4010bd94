"""The log file: what went wrong on a player's machine, for a bug report."""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

from game.persist import paths
from game.persist.errors import SaveError

LOG_NAME = "fireside.log"
MAX_BYTES = 1_000_000
BACKUPS = 3


def setup_logging(level: int = logging.INFO) -> Path:
    """Send the root logger to a rotating file (1 MB x 3) in `log_dir()`; returns its path.

    Calling it again (or after FIRESIDE_HOME changed) replaces the file handler
    instead of adding a second one.  If the folder cannot be written, logging
    goes to standard error and the app carries on.
    """
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, "_fireside", False):
            root.removeHandler(handler)
            handler.close()
    try:
        path = paths.log_dir() / LOG_NAME
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    except (OSError, SaveError):
        path = Path(LOG_NAME)
        handler = logging.StreamHandler()
    handler._fireside = True  # type: ignore[attr-defined]
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(level)
    return path
