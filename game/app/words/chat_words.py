"""The chat's words, said alike in the lobbies and at the network table: the quick
phrases by their protocol code (each window says them in its own language) and a
line's text as this window shows it."""

from __future__ import annotations

from game.i18n import N_, _
from game.net import protocol as p

__all__ = ["QUICK_PHRASES", "CHAT_LEN", "line_text"]

#: The quick phrases by their protocol code, said in each window's language.
QUICK_PHRASES = {
    "good_game": N_("Good game!"),
    "nice_trick": N_("Nice trick!"),
    "well_played": N_("Well played!"),
    "oops": N_("Oops!"),
    "thanks": N_("Thanks!"),
    "one_moment": N_("One moment, please."),
}
CHAT_LEN = min(p.MAX_CHAT, 160)  # characters a chat line may have here (the protocol allows MAX_CHAT)


def line_text(line: p.Chat) -> str:
    """What a person said, in this window's language (a quick phrase) or as typed,
    printable characters only ("": nothing to show)."""
    text = _(QUICK_PHRASES[line.phrase]) if line.phrase in QUICK_PHRASES else line.text
    return "".join(ch for ch in text if ch.isprintable()).strip()
