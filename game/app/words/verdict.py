"""A reviewed decision in words: the replay's verdict line, the review's
summary, and `python -m game review` say a decision the same way.

The coach (`game.ai.review`) keeps a decision as notation and a reason as
data (code, English text, params); here they become the table's words, in
the current language, seats said as the caller's table says them.  No
pygame: the command line says the same lines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import rules
from game.ai.review import Decision
from game.app.words import names, reasons
from game.i18n import _, ngettext
from game.rules import Phrase
from game.session.coach import ReviewSummary


def rules_phrase(reason: dict) -> Phrase:
    """A kept review's reason (code, English text, params) as the hint's Phrase again."""
    return Phrase(reason["code"], str(reason.get("text", "")), reason.get("params") or {})


def move_named(game_id: str, notation: str, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """A move of a review as the table names it ("orange 4"); a hand-edited
    kept review's notation as written."""
    try:
        return names.move_named(game_id, rules.get(game_id).parse_move(notation), name, you)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return notation


def move_said(game_id: str, decision: Decision, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """'Ana played orange 4' for the move the decision made."""
    try:
        move = rules.get(game_id).parse_move(decision.chosen)
        return names.move_said(game_id, decision.seat, move, name, you)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return decision.chosen


def why(game_id: str, decision: Decision, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """The reason the better move was better, as a clause ("it takes the
    trick, worth +6"), or "" when there is none we can say."""
    if not decision.reason:
        return ""
    try:
        return reasons.why(game_id, rules_phrase(decision.reason), name, you)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):  # a hand-edited reason: no words for it
        return ""


def points(decision: Decision) -> int:
    """The points a decision lost, as the verdict rounds them (at least 1)."""
    return max(1, round(decision.loss))


def better_named(game_id: str, decision: Decision, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """The better move as the verdict names it: the game's own words for it
    against the move played (its words part's optional ``better_named(best,
    chosen, name, you)``: Grinch says "discard Present 5 and keep Noise 2",
    since its reason speaks of the card kept), else the move's short name."""
    say = names.offered(game_id, "better_named")
    if say is not None:
        try:
            module = rules.get(game_id)
            said = say(module.parse_move(decision.best), module.parse_move(decision.chosen), name, you)
        except (ValueError, KeyError, IndexError, TypeError, AttributeError):
            said = None
        if said:
            return str(said)
    return move_named(game_id, decision.best, name, you)


def verdict(game_id: str, decision: Decision, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """What the move played cost, then why the better move was better, in that
    order: 'Ana played pink 3, which cost about 4 points. Better: yellow 11,
    because it takes the trick, worth +6.'"""
    said = move_said(game_id, decision, name, you)
    best = better_named(game_id, decision, name, you)
    n = points(decision)
    clause = why(game_id, decision, name, you)
    text = (
        ngettext(
            "{said}, which cost about {n} point. Better: {best}, because {reason}.",
            "{said}, which cost about {n} points. Better: {best}, because {reason}.",
            n,
        )
        if clause
        else ngettext(
            "{said}, which cost about {n} point. Better: {best}.",
            "{said}, which cost about {n} points. Better: {best}.",
            n,
        )
    )
    return text.format(said=said, best=best, n=n, reason=clause)


def reason_json(game_id: str, decision: Decision, name: Callable[[int], str], you: Callable[[int], bool]) -> Any:
    """The decision's reason as the command line's JSON carries it: its code
    and params as the coach kept them, and its text as the replay says it
    (the kept English when there are no words for it); None without one."""
    reason = decision.reason
    if not reason:
        return None
    text = why(game_id, decision, name, you) or str(reason.get("text", ""))
    return {"code": reason["code"], "params": dict(reason.get("params") or {}), "text": text}


def lost_line(count: int, lost: float) -> str:
    """'3 · 14 points lost' for one kind of mark in the summary."""
    n = round(lost)
    return ngettext("{count} · {n} point lost", "{count} · {n} points lost", n).format(count=count, n=n)


def totals_line(who: str, summary: ReviewSummary) -> str:
    """The command line's totals for one seat."""
    line = _(
        "totals, {name}: {lost} points lost · mistakes: {mistakes} ({in_mistakes} points) · "
        "inaccuracies: {inaccuracies} ({in_inaccuracies} points)"
    ).format(
        name=who,
        lost=f"{summary.lost:.1f}",
        mistakes=summary.mistakes,
        in_mistakes=f"{summary.lost_in_mistakes:.1f}",
        inaccuracies=summary.inaccuracies,
        in_inaccuracies=f"{summary.lost_in_inaccuracies:.1f}",
    )
    if summary.costliest is not None:
        line += " · " + _("costliest: move {n}").format(n=summary.costliest.number)
    return line
