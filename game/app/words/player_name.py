"""The player's name: what friends at a network table see, kept in the
settings (the first start asks it; Host a table, Join a table and Settings
change it).  An empty name leaves the host to call the seat by its number,
in each window's own language."""

from __future__ import annotations

import getpass
from typing import TYPE_CHECKING

from game.common.person_name import clean_name

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.persist.settings import Settings

__all__ = ["default_player_name", "keep_name", "my_name"]

#: Login names that are no person's name (a shared or system account).
_NOT_A_NAME = frozenset({"root", "user", "admin", "administrator", "guest", "player", "pi", "ubuntu"})


def default_player_name() -> str:
    """A first guess at the player's name: the account's full name, else its
    login name capitalised ("ana" -> "Ana"), else "" (the seat's number then)."""
    try:
        login = getpass.getuser()
    except Exception:  # no login name at all (some containers): no guess
        return ""
    full = ""
    try:
        import pwd

        full = pwd.getpwnam(login).pw_gecos.split(",")[0]
    except (ImportError, KeyError, OSError):
        pass
    name = clean_name(full) or ("" if login.lower() in _NOT_A_NAME else clean_name(login).capitalize())
    return "" if name.lower() in _NOT_A_NAME else name


def my_name(settings: Settings) -> str:
    """The name friends see for this player: the one set (Settings, the first
    start, Host or Join), else the first name typed at a local game's setup, else ""."""
    if settings.player_name:
        return settings.player_name
    from game.app.words.seat_names import typed

    first = typed(settings.names[0], 0) if settings.names else ""
    return clean_name(first)


def keep_name(app: AppSurface, text: str) -> str:
    """`text` cleaned as the host would, kept as the player's name (saved when it changed)."""
    name = clean_name(text)
    settings = app.settings
    if name != settings.player_name or not settings.name_asked:
        settings.player_name, settings.name_asked = name, True
        app.save_settings()
    return name
