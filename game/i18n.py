"""One message catalog for every string a person sees.

Placeholder until the catalogs land: `_()` returns the English text.
Wrap every user-visible string in `_()` (and module-level constants in
`N_()`, translated where they are shown) so the catalogs can find them.
"""

from __future__ import annotations


def _(text: str) -> str:
    """The text in the current language."""
    return text


def N_(text: str) -> str:
    """Mark `text` for the catalog without translating it yet."""
    return text


LANGUAGES = ("en", "ko", "ca", "pa")


def language() -> str:
    """The current language code, one of LANGUAGES."""
    return "en"
