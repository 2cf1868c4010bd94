"""Text from a file made safe to show: what a hand edit or bit rot can put in
a name or a move (a lone surrogate, a NUL, a million characters) must not
reach the font renderer, a terminal or a one-line reason as it is."""

from __future__ import annotations

import unicodedata

ELLIPSIS = "…"
REPLACEMENT = "\ufffd"
MAX_REASON = 200  # a SaveError's one line, at most
MAX_SHOWN = 80  # a name from a file, as listed


def printable(text: str, limit: int | None = None) -> str:
    """`text` with control characters and lone surrogates replaced by U+FFFD,
    cut to `limit` characters with an ellipsis."""
    if limit is not None and len(text) > limit:
        text = text[:max(0, limit - 1)] + ELLIPSIS
    if text.isprintable():  # the common case, in C
        return text
    return "".join(ch if ch == " " or unicodedata.category(ch) not in ("Cc", "Cs") else REPLACEMENT
                   for ch in text)
