"""The system clipboard through pygame.scrap, which some systems lack: every
call answers (a reason, or nothing) instead of raising."""

from __future__ import annotations

import warnings

import pygame

_FAILURES = (ImportError, AttributeError, NotImplementedError, pygame.error, UnicodeError)


def copy_text(text: str) -> str | None:
    """Put `text` on the clipboard; None when done, else why it could not be
    (no clipboard on this system, no window yet)."""
    try:
        from pygame import scrap

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            scrap.put_text(text)
    except _FAILURES as exc:
        return str(exc) or type(exc).__name__
    return None


def paste_text() -> str:
    """The clipboard's text ("" when it holds none or there is no clipboard)."""
    try:
        from pygame import scrap

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            text = scrap.get_text()
    except _FAILURES:
        return ""
    return text if isinstance(text, str) else ""
