"""Moved to `game.persist.settings` (settings are saved now); kept so old imports work."""

from game.persist.settings import SPEEDS, Settings, load_settings, save_settings

__all__ = ["SPEEDS", "Settings", "load_settings", "save_settings"]
