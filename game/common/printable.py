"""Text from a file made safe to show: what a hand edit or bit rot can put in
a name or a move (a lone surrogate, a NUL, a million characters) must not
reach the font renderer, a terminal or a one-line reason as it is."""

from __future__ import annotations

import unicodedata

ELLIPSIS = "…"
REPLACEMENT = "\ufffd"
MAX_REASON = 200  # a SaveError's one line, at most
MAX_SHOWN = 80  # a name from a file, as listed
# Control characters, lone surrogates, and format characters such as a BOM or a
# right-to-left override; the joiners stay, as some scripts and emoji need them.
_ODD = frozenset({"Cc", "Cs", "Cf"})
_JOINERS = frozenset("\u200c\u200d")


def printable(text: str, limit: int | None = None) -> str:
    """`text` with control, format and lone surrogate characters replaced by
    U+FFFD, cut to `limit` characters with an ellipsis."""
    if limit is not None and len(text) > limit:
        text = text[: max(0, limit - 1)] + ELLIPSIS
    if text.isprintable():  # the common case, in C
        return text
    return "".join(REPLACEMENT if unicodedata.category(ch) in _ODD and ch not in _JOINERS else ch for ch in text)
