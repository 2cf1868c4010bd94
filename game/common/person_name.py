"""A person's name at a network table: cleaned once where it enters, said in
every window's own language when it is a default, written safely anywhere.

A remote player types whatever they like; the host keeps only what a font can
draw and a terminal can print (`clean_name`: no control, format or bidi
characters, whitespace collapsed, a length in characters).  A seat nobody
named travels as a code (`seat_code`, `computer_code`), never as the host's
words for it: a Punjabi window at a Korean host says "ਖਿਡਾਰੀ 3", not
"플레이어 3" (`say_name`).  A code starts with a control character that
`clean_name` removes, so no person can take a name that reads as one.  A
person's own name is never translated.
"""

from __future__ import annotations

import unicodedata

from game.i18n import _

__all__ = [
    "NAME_LENGTH",
    "clean_name",
    "computer_code",
    "is_code",
    "said",
    "say_name",
    "seat_code",
    "terminal_text",
    "watcher_code",
]

#: The longest name a table keeps, in characters (what a seat's panel and the lobby have room for).
NAME_LENGTH = 24
#: The most combining marks one letter keeps (Gurmukhi needs two or three; a "zalgo" name hundreds).
MAX_MARKS = 4
#: What a default name's code starts with: a control character, so no cleaned name is ever one.
CODE_MARK = "\x1e"

_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})  # controls, format (bidi overrides, BOM), surrogates, unassigned
_JOINERS = frozenset("\u200c\u200d")  # format characters some scripts and emoji need between two letters
_MARKS = frozenset({"Mn", "Mc", "Me"})


def clean_name(text: str, limit: int = NAME_LENGTH) -> str:
    """`text` as a table keeps a name: NFC, no control, format, bidi-override,
    private or unassigned characters (a joiner only between two letters), at
    most `MAX_MARKS` combining marks on a letter, whitespace collapsed to one
    space and trimmed, at most `limit` characters.  "" when nothing is left
    (the caller gives the seat its default then)."""
    text = unicodedata.normalize("NFC", text[: 8 * limit])  # a megabyte of name is not read to the end
    out: list[str] = []
    marks = 0
    for ch in text:
        if ch.isspace():
            if out and out[-1] != " ":
                out.append(" ")
            marks = 0
            continue
        kind = unicodedata.category(ch)
        if kind in _MARKS:
            if not out or out[-1] == " " or marks >= MAX_MARKS:
                continue  # a mark with no letter under it, or one too many
            marks += 1
        elif ch in _JOINERS:
            if not out or out[-1] in (" ", *_JOINERS):
                continue
        elif kind in _DROPPED:
            continue
        else:
            marks = 0
        out.append(ch)
    name = "".join(out).strip()[:limit]
    while name and (name[-1] in _JOINERS or name[-1] == " "):
        name = name[:-1]  # a joiner at the end joins nothing
    return name


def seat_code(seat: int) -> str:
    """The name of person's seat nobody named (seat 0-based; said "Player {seat + 1}")."""
    return f"{CODE_MARK}seat:{seat + 1}"


def computer_code(seat: int) -> str:
    """The name of a computer's seat nobody named (said "Computer {seat + 1}")."""
    return f"{CODE_MARK}computer:{seat + 1}"


def watcher_code() -> str:
    """The name of a spectator who gave none (said "Someone watching")."""
    return f"{CODE_MARK}watcher"


def is_code(name: str) -> bool:
    """`name` is a default's code, not a person's name."""
    return name.startswith(CODE_MARK)


def say_name(name: str) -> str:
    """`name` as this window shows it: a default's code in this window's language,
    a person's name as they typed it (cleaned again: a window trusts no host)."""
    if not is_code(name):
        return clean_name(name) or "?"
    kind, _sep, number = name[1:].partition(":")
    n = int(number) if number.isdigit() and len(number) <= 3 else 0
    if kind == "seat" and n:
        return _("Player {n}").format(n=n)
    if kind == "computer" and n:
        return _("Computer {n}").format(n=n)
    if kind == "watcher":
        return _("Someone watching")
    return "?"


def said(names: list[str]) -> list[str]:
    """Every seat's name as a host sent them, as this window shows them (`say_name`)."""
    return [say_name(name) for name in names]


def terminal_text(text: str) -> str:
    """`text` for a terminal line: anything not printable shown as an escape
    (`\\x1b`, `\\u202e`), so no name can move the cursor, colour the screen
    or start a line of its own."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
