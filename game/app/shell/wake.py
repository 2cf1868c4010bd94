"""The event another thread posts to wake a sleeping window (a network table's
client, the host's lobby): the window's loop then reads what arrived."""

from __future__ import annotations

import pygame

__all__ = ["post_wake", "wake_event"]

_wake: list[int] = []


def wake_event() -> int:
    """The event type that wakes the window (made once)."""
    if not _wake:
        _wake.append(pygame.event.custom_type())
    return _wake[0]


def post_wake() -> None:
    """Wake the window from any thread (nothing happens without a window)."""
    try:
        pygame.event.post(pygame.event.Event(wake_event()))
    except pygame.error:  # no window any more
        pass
