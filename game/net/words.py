"""What a network table says when it refuses a message, once per code.

The host sends a refusal as a `Phrase`: a stable code, plain params and the
English sentence (like the rules' refusals), never in the host's language --
each player reads it in their own: `say` translates it from the catalog on the
receiving side.  A code not listed here is the rules' own (the table's
`game.app.words.reasons` says those).
"""

from __future__ import annotations

import math
from typing import Any

from game.i18n import N_, _, ngettext
from game.rules.core import Phrase

TEXTS = {
    "too_big": N_("That message is too big ({size} bytes; at most {limit})."),
    "malformed": N_("That message could not be read."),
    "chat_too_long": N_("A chat line has at most {limit} characters."),
    "version": N_("{name}'s Fireside is {theirs} — this table needs {ours}."),
    "version_unnamed": N_("This Fireside is {theirs} — this table needs {ours}."),
    "too_fast": N_("Too many messages; slow down."),
    "hello_first": N_("Say hello to the table first."),
    "bad_token": N_("That is not this seat's key."),
    "already_joined": N_("You are at this table already."),
    "table_full": N_("Every seat at this table is taken."),
    "unexpected": N_("A table does not take that message."),
    "no_such_table": N_("There is no table with the code {code} here."),
    "no_such_table_uncoded": N_("This table opens only with its code; ask the host for it."),
    "not_started": N_("The game has not started yet: the host starts it."),
    "watching": N_("You are watching this table; a spectator does not play."),
    "too_many_watching": N_("Enough people are watching this table already."),
    "no_such_phrase": N_("That is not one of the quick phrases."),
    "stale": N_("The game has moved on since that move was made; look again."),
    "handed": N_("A computer is playing this seat; rejoin the table to play it again."),
    "started": N_("The game has started already."),
    "no_again": N_("Nobody has asked to play again at this table."),
}

#: Why a table closed (a `Bye`'s reason), each said in the reader's language.
BYE = {
    "host_closed": N_("The host closed the table."),
    "game_over": N_("The game is over; the host closed the table."),
    "replaced": N_("Your seat was taken up again from another window; this one left the table."),
    "seat_freed": N_("The host freed your seat, and this table has no room for one more watcher."),
}

#: What the host tells every line unasked (a `Chat` with no seat, its `phrase` one of these codes).
NOTICES = {
    "not_saved": N_("The host cannot save this table now: if the host stops, this game is lost."),
}

__all__ = [
    "BYE",
    "NOTICES",
    "TEXTS",
    "closed_by",
    "could_not_open",
    "not_answering",
    "phrase",
    "say",
    "say_bye",
    "say_notice",
    "trying_again",
]


def _key(code: str, params: dict[str, Any]) -> str:
    if code == "version" and not params.get("name"):
        return "version_unnamed"
    if code == "no_such_table" and not params.get("code"):
        return "no_such_table_uncoded"
    return code


def phrase(code: str, /, **params: Any) -> Phrase:
    """The refusal `code` in English, with its params (what the host sends)."""
    return Phrase(code, TEXTS[_key(code, params)].format(**params), params)


def say(code: str, text: str, params: dict[str, Any]) -> str:
    """A refusal in the reader's language; the sender's English for a code we do not know."""
    template = TEXTS.get(_key(code, params))
    if template is None:
        return text
    try:
        return _(template).format(**params)
    except (KeyError, IndexError, ValueError):  # a host that sent other params: its English
        return text


def say_bye(reason: str) -> str:
    """Why the table closed, in the reader's language (a reason we do not know: a plain line)."""
    template = BYE.get(reason)
    return _(template) if template is not None else _("The table closed.")


def could_not_open(exc: OSError) -> str:
    """Why a table to host could not open (its port taken, say), in this window's language."""
    return _("The table could not open: {reason}").format(reason=exc)


def say_notice(code: str | None) -> str | None:
    """A host's notice in the reader's language (None: no notice of ours)."""
    template = NOTICES.get(code or "")
    return _(template) if template is not None else None


def closed_by(host: str) -> str:
    """The host closed the table (which it keeps): who did, in the reader's language."""
    if host:
        return _("{name} closed the table.").format(name=host)
    return _("The host closed the table.")


def not_answering(host: str) -> str:
    """The line to the host died without a bye and dialling again finds nobody yet."""
    if host:
        return _("{name}'s laptop stopped answering.").format(name=host)
    return _("The host's laptop stopped answering.")


def trying_again(seconds: float | None) -> str:
    """When this window dials the table again (None: it is dialling now)."""
    if seconds is None or seconds <= 0.5:
        return _("Trying again…")
    n = max(1, math.ceil(seconds))
    return ngettext("Trying again in {n} s…", "Trying again in {n} s…", n).format(n=n)
