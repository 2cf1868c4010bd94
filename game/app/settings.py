"""Player preferences that the table reads every frame.

Kept in memory for now; saving them under platformdirs belongs to the
persistence layer.
"""

from __future__ import annotations

from dataclasses import dataclass

SPEEDS = ("slow", "normal", "fast", "off")
# How long motion takes relative to "normal", and the pause before a
# computer seat moves, per animation speed.
_TIME_SCALE = {"slow": 1.7, "normal": 1.0, "fast": 0.45, "off": 0.0}
_AI_PAUSE = {"slow": 1.1, "normal": 0.55, "fast": 0.2, "off": 0.0}


@dataclass
class Settings:
    speed: str = "normal"
    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False

    @property
    def time_scale(self) -> float:
        return _TIME_SCALE[self.speed]

    @property
    def ai_pause(self) -> float:
        return _AI_PAUSE[self.speed]
