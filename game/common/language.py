"""Which language the app speaks now: the one piece of state that the
catalogs (`game.i18n`) and the grammar that fills their messages in
(`game.grammar`) both read, kept beneath both so neither imports the other
back (i18n uses grammar; grammar asks only this)."""

from __future__ import annotations

LANGUAGES = ("en", "ko", "ca", "pa")

_current = "en"


def language() -> str:
    """The current language code, one of LANGUAGES."""
    return _current


def set_language(code: str) -> None:
    """Switch every later `_()` to `code` (one of LANGUAGES); takes effect at once."""
    global _current
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose from {', '.join(LANGUAGES)}")
    _current = code
