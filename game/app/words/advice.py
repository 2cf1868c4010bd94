"""The coach's advice (`game.ai.advice.Advice`) in words: the Hint line at
the table and `fireside hint` say it the same way.

One line: the move as an instruction, why in the game's terms (the
coach's reason against the closest move it clearly beats, `reasons.why`),
and how the move compares ("About 3 points better than pink 1.", "About as
good as pink 2, and about 4 points better than green 8.", or when no move
is clearly worse, "In the end about as good as pink 1.").  The reason argues for the move,
never against it.  No pygame.
"""

from __future__ import annotations

from collections.abc import Callable

from game.ai.advice import ONLY_MOVE, Advice
from game.app.words import names, reasons
from game.i18n import N_, _, ngettext

#: The reason for a forced move (`advice.ONLY_MOVE`).
ONLY = N_("it is the only move the rules allow")


def why(game_id: str, advice: Advice, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """The reason as a clause ("it keeps blue 2, a low card, …"), or "" when there is none we can say."""
    reason = advice.reason
    if reason is None:
        return ""
    if getattr(reason, "code", None) == ONLY_MOVE:
        return _(ONLY)
    try:
        return reasons.why(game_id, reason, name, you)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):  # words missing: the move alone
        return ""


def comparison(game_id: str, advice: Advice, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """How the move compares with the others, as a sentence; "" for a forced move."""
    if advice.other is None:
        return ""
    other = names.move_named(game_id, advice.other, name, you)
    if advice.equal:  # (the reason may speak of one trick; the race weighs to the round's end)
        return _("In the end about as good as {other}.").format(other=other)
    n = max(1, round(advice.margin))
    if advice.alike is not None:  # a move about as good, and the closest one it clearly beats
        alike = names.move_named(game_id, advice.alike, name, you)
        return ngettext(
            "About as good as {alike}, and about {n} point better than {other}.",
            "About as good as {alike}, and about {n} points better than {other}.",
            n,
        ).format(alike=alike, n=n, other=other)
    return ngettext("About {n} point better than {other}.", "About {n} points better than {other}.", n).format(
        n=n, other=other
    )


def line(game_id: str, advice: Advice, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """The whole advice: 'Play yellow 2 — it keeps blue 2, a low card, …. About 2 points better than blue 2.'"""
    move = names.move_text(game_id, advice.move, name, you)
    clause = why(game_id, advice, name, you)
    said = _("{move} — {reason}").format(move=move, reason=clause) if clause else move
    compared = comparison(game_id, advice, name, you)
    if not compared:
        return said
    return _("{advice}. {comparison}").format(advice=said, comparison=compared)


def beyond_the_move(game_id: str, advice: Advice) -> bool:
    """True if the advice gives a reason beyond restating its move: a clause
    the game's words can say (the coach's, or a hint's that argues the move)."""
    return bool(why(game_id, advice, lambda seat: f"P{seat}", lambda seat: False))
