"""Short sound effects for the table, and silence instead of a crash.

`pygame.mixer.init()` raises `pygame.error` on a machine without an audio
device (`pygame.init()` does not), so the board initialises the mixer itself
and degrades to a silent board.  Sounds load on first use from `sounds/`;
anything missing or unknown is logged once and then simply not played.
"""

from __future__ import annotations

import logging
import math
from pathlib import Path

import pygame

from game.app.look.assets import asset_roots
from game.rules.events import SOUNDS

log = logging.getLogger(__name__)

#: Which effect each event kind makes, read from the one event vocabulary
#: (game/rules/events.py), where every kind is declared.
EVENT_SOUNDS = SOUNDS

# Every effect in sounds/ (made by build/make_sounds.py).
SOUND_NAMES = (
    "slide",
    "flip",
    "shuffle",
    "deal",
    "gather",
    "rumble",
    "stop",
    "chime",
    "heart",
    "click",
    "error",
    "win",
)


def sound_dirs() -> list[Path]:
    """Folders to look in, in order: `sounds/` under each of `asset_roots()` (the
    frozen bundle, the installed package, the source checkout)."""
    return [root / "sounds" for root in asset_roots()]


def _clamp(value: float) -> float:
    value = float(value)
    return 0.0 if math.isnan(value) else max(0.0, min(1.0, value))


class SoundBoard:
    """Plays the named effects at one volume; silent when muted or deviceless."""

    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self._volume = _clamp(volume)
        self._muted = bool(muted)
        self._cache: dict[str, pygame.mixer.Sound | None] = {}
        self._warned: set[str] = set()
        self.available = False
        try:
            pygame.mixer.init()
            self.available = pygame.mixer.get_init() is not None
        except (pygame.error, NotImplementedError) as exc:
            log.warning("No audio device (%s): sound is off for this session.", exc)

    # -- settings -------------------------------------------------------------

    @property
    def volume(self) -> float:
        """Effect volume, 0..1 (out-of-range values are clamped)."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = _clamp(value)
        for sound in self._cache.values():
            if sound is not None:
                sound.set_volume(self._volume)

    @property
    def muted(self) -> bool:
        """When true, `play` does nothing and muting stops what is playing."""
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        if self._muted and self.available:
            try:
                pygame.mixer.stop()
            except pygame.error:
                pass

    # -- playing --------------------------------------------------------------

    def play(self, name: str) -> None:
        """Start the effect `name` (one of SOUND_NAMES); never raises."""
        if name not in SOUND_NAMES:
            self._warn_once(name, "Unknown sound %r (known: %s).", name, ", ".join(SOUND_NAMES))
            return
        if self._muted or not self.available or self._volume <= 0.0:
            return
        sound = self._load(name)
        if sound is None:
            return
        try:
            sound.set_volume(self._volume)
            sound.play()
        except pygame.error as exc:
            self._warn_once(name, "Could not play sound %r: %s", name, exc)

    def preload(self) -> None:
        """Load every effect now, so the first play of each has no disk delay."""
        if self.available:
            for name in SOUND_NAMES:
                self._load(name)

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._cache:
            return self._cache[name]
        sound = None
        tried = []
        for folder in sound_dirs():
            path = folder / f"{name}.wav"
            tried.append(str(path))
            if not path.is_file():
                continue
            try:
                sound = pygame.mixer.Sound(str(path))
                break
            except (pygame.error, OSError) as exc:
                tried[-1] += f" ({exc})"
        if sound is None:
            self._warn_once(name, "Sound %r not found or unreadable; tried: %s", name, "; ".join(tried))
        else:
            sound.set_volume(self._volume)
        self._cache[name] = sound
        return sound

    def _warn_once(self, key: str, message: str, *args: object) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log.warning(message, *args)
