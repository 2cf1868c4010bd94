"""Where Fireside's files live.

platformdirs picks the per-user folders of each OS; the environment variable
`FIRESIDE_HOME` replaces all of them with one folder (portable use, tests).
The variable is read on every call, so tests can set it per test.  Folders
are created on first use; one that cannot be created raises SaveError.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from game.i18n import _
from game.persist.atomic import os_reason
from game.persist.errors import SaveError

APP = "Fireside"
HOME_VAR = "FIRESIDE_HOME"


def _home() -> Path | None:
    home = os.environ.get(HOME_VAR, "").strip()
    return Path(home).expanduser() if home else None


def _made(path: Path) -> Path:
    """`path`, created if needed; SaveError (one line) if the OS will not let us."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(
            _("cannot create the folder {path}: {reason}").format(path=path, reason=os_reason(exc))
        ) from None
    return path


def data_dir() -> Path:
    """Saves, autosave, history (and so statistics): the user data folder."""
    home = _home()
    return _made(home / "data" if home else Path(platformdirs.user_data_dir(APP, appauthor=False)))


def config_dir() -> Path:
    """Settings: the user config folder."""
    home = _home()
    return _made(home / "config" if home else Path(platformdirs.user_config_dir(APP, appauthor=False)))


def log_dir() -> Path:
    """The rotating log: the user log folder."""
    home = _home()
    return _made(home / "logs" if home else Path(platformdirs.user_log_dir(APP, appauthor=False)))


def saves_dir() -> Path:
    """Named save slots."""
    return _made(data_dir() / "saves")


def history_dir() -> Path:
    """Finished games, one file each; statistics are computed from these."""
    return _made(data_dir() / "history")


def autosave_path() -> Path:
    """The game in progress, rewritten after every move."""
    return data_dir() / "autosave.json"


def settings_path() -> Path:
    return config_dir() / "settings.json"
