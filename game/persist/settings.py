"""Player preferences, kept in settings.json in the user config folder.

Loading never fails: a missing, empty or garbled file gives the defaults,
and one bad field gives the default for that field only (the others are
kept).  Every fallback is logged.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Callable

from game.common.printable import printable
from game.i18n import LANGUAGES, _
from game.persist import paths
from game.persist.atomic import os_reason, read_json, sweep_temps, write_json
from game.persist.errors import SaveError

log = logging.getLogger(__name__)

SPEEDS = ("slow", "normal", "fast", "off")
MAX_NAMES = 6
MAX_NAME = 40
UI_SCALE = (0.8, 2.0)
# How long motion takes relative to "normal", and the pause before a
# computer seat moves, per animation speed.
_TIME_SCALE = {"slow": 1.7, "normal": 1.0, "fast": 0.45, "off": 0.0}
_AI_PAUSE = {"slow": 1.1, "normal": 0.55, "fast": 0.2, "off": 0.0}


@dataclass
class Settings:
    """What the player chose; the table reads it every frame."""

    speed: str = "normal"  # one of SPEEDS
    volume: float = 0.7  # 0..1
    muted: bool = False
    fullscreen: bool = False
    names: list[str] = field(default_factory=list)  # names typed at setup, seat by seat ([] = setup's defaults)
    level: str = "normal"  # a new computer seat's level, one of game.ai.LEVELS
    language: str = ""  # "" follows the OS; else one of game.i18n.LANGUAGES
    ui_scale: float = 1.0  # UI_SCALE[0]..UI_SCALE[1]
    game: str = ""  # the game last set up ("" = setup's first), a registered game id (game.rules.registry)
    players: int = 0  # its player count last time (0 = setup's default; kept within the game's range)
    learn_offered: list[str] = field(default_factory=list)  # games whose guided game setup offered once
    player_name: str = ""  # what friends at a network table call this player ("" = the seat's default)
    name_asked: bool = False  # the name was asked for once, at the first start (typed or skipped)

    @property
    def time_scale(self) -> float:
        return _TIME_SCALE[self.speed]

    @property
    def ai_pause(self) -> float:
        return _AI_PAUSE[self.speed]


def _levels() -> tuple[str, ...]:
    """The computer levels a new seat may start as (the AI's own list, imported lazily)."""
    from game.ai import LEVELS

    return tuple(LEVELS)


def _game_ok(value: Any) -> bool:
    from game.rules import registry

    return value == "" or registry.known(value)


def _number(low: float, high: float) -> Callable[[Any], bool]:
    def ok(value: Any) -> bool:
        # Compared before any float(): a 310-digit whole number is simply out of
        # range, where math.isfinite would raise OverflowError.  NaN compares false.
        return not isinstance(value, bool) and isinstance(value, (int, float)) and low <= value <= high

    return ok


def _names_ok(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) <= MAX_NAMES
        and all(isinstance(name, str) and len(name) <= MAX_NAME and printable(name) == name for name in value)
    )


_VALID: dict[str, Callable[[Any], bool]] = {
    "speed": lambda v: isinstance(v, str) and v in SPEEDS,
    "volume": _number(0.0, 1.0),
    "muted": lambda v: isinstance(v, bool),
    "fullscreen": lambda v: isinstance(v, bool),
    "names": _names_ok,
    "level": lambda v: isinstance(v, str) and v in _levels(),
    "language": lambda v: isinstance(v, str) and (v == "" or v in LANGUAGES),
    "ui_scale": _number(*UI_SCALE),
    "game": _game_ok,
    "players": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_NAMES,
    "player_name": lambda v: isinstance(v, str) and len(v) <= MAX_NAME and printable(v) == v,
    "name_asked": lambda v: isinstance(v, bool),
    "learn_offered": lambda v: (
        isinstance(v, list) and len(v) <= 16 and all(isinstance(g, str) and len(g) <= 32 for g in v)
    ),
}


def from_data(data: Any) -> Settings:
    """Settings from parsed JSON: good fields kept, bad ones replaced by defaults (logged)."""
    settings = Settings()
    if not isinstance(data, dict):
        log.warning("settings file holds a %s, not an object; using the defaults", type(data).__name__)
        return settings
    for spec in fields(Settings):
        if spec.name not in data:
            continue
        value = data[spec.name]
        if _VALID[spec.name](value):
            if spec.name in ("volume", "ui_scale"):
                value = float(value)
            setattr(settings, spec.name, list(value) if isinstance(value, list) else value)
        else:
            log.warning(
                "setting %s=%s is not valid; using the default %r",
                spec.name,
                _short(value),
                getattr(settings, spec.name),
            )
    return settings


def _short(value: Any) -> str:
    """A bad value for the log: a megabyte of text or a 4,000-digit number kept short."""
    try:
        return printable(repr(value), 60)
    except (ValueError, RecursionError):
        return type(value).__name__


def load_settings() -> Settings:
    """The saved settings; defaults for whatever is missing or bad.  Never raises."""
    try:
        path = paths.settings_path()
        sweep_temps(path.parent)  # what a write killed mid-way left beside it
        if not (path.exists() or path.is_symlink()):
            return Settings()
        data = read_json(path)
    except SaveError as exc:
        log.warning("settings not read (%s); using the defaults", exc)
        return Settings()
    return from_data(data)


def save_settings(settings: Settings) -> None:
    """Write the settings atomically; SaveError (old file kept) if the disk refuses."""
    try:
        write_json(paths.settings_path(), asdict(settings))
    except OSError as exc:
        raise SaveError(_("cannot save the settings: {reason}").format(reason=os_reason(exc))) from None
