"""Eased, dt-driven motion.  Nothing here reads a clock: callers pass `dt`,
so tests can step animations exactly."""

from __future__ import annotations

import math
from collections.abc import Callable

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


class Tween:
    """Moves a value from `start` to `end` over `duration` seconds after `delay`.

    `value` is readable at any time; `done` turns true once the end is
    reached, and `on_done` (if given) runs exactly once at that moment.
    A zero duration finishes on the first `update`.
    """

    __slots__ = ("delay", "done", "duration", "easing", "elapsed", "end", "on_done", "start")

    def __init__(
        self,
        start: float,
        end: float,
        duration: float,
        *,
        delay: float = 0.0,
        easing: Easing = ease_out_cubic,
        on_done: Callable[[], None] | None = None,
    ):
        self.start = start
        self.end = end
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.easing = easing
        self.elapsed = 0.0
        self.on_done = on_done
        self.done = False

    @property
    def progress(self) -> float:
        """Eased progress in 0..1 (may overshoot for back easing)."""
        if self.done or self.duration == 0.0:
            return 1.0 if self.elapsed >= self.delay or self.done else 0.0
        t = (self.elapsed - self.delay) / self.duration
        return self.easing(min(1.0, max(0.0, t)))

    @property
    def value(self) -> float:
        return lerp(self.start, self.end, self.progress)

    def update(self, dt: float) -> bool:
        """Advance by dt seconds; returns True while still running."""
        if self.done:
            return False
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self.done = True
            if self.on_done is not None:
                self.on_done()
            return False
        return True


class Timer:
    """Calls `action` once after `seconds` of accumulated dt."""

    __slots__ = ("action", "done", "left")

    def __init__(self, seconds: float, action: Callable[[], None]):
        self.left = seconds
        self.action = action
        self.done = False

    def update(self, dt: float) -> bool:
        if self.done:
            return False
        self.left -= dt
        if self.left <= 0:
            self.done = True
            self.action()
            return False
        return True
