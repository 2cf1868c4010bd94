"""Status lines and seat panels in the player's language: whose turn it is
and what they may do, for every table.  Pure (no pygame): each takes the
view the table shows and names seats through `name(seat)`, so it is
tested without a window.  (Avalanche's longer words: `avalanche_words`.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.app import names
from game.i18n import _, ngettext
from game.rules import sticheln

Name = Callable[[int], str]
Mine = Callable[[int], bool]


def turn_text(current: int | None, viewer: int | None, match: Any, name: Name) -> str:
    """'Your turn' (or '<name>, your turn' with several humans) for the human
    whose eyes the table shows, else '<name> to play'; 'Game over' at the end."""
    if current is None:
        return _("Game over")
    if current == viewer and match.seats[current].human:
        if len(match.humans) == 1:
            return _("Your turn")
        return _("{name}, your turn").format(name=name(current))
    return _("{name} to play").format(name=name(current))


def sticheln_seat_lines(view: Any, seat: int) -> list[str]:
    """A Sticheln seat panel's two lines: cards and tricks; score and this round so far."""
    tricks = view.tricks_taken(seat)
    line1 = names.cards(view.hand_size(seat)) + " · " + ngettext(
        "{n} trick", "{n} tricks", tricks).format(n=tricks)
    line2 = _("Score {n}").format(n=view.scores()[seat])
    pain = view.pain_card(seat)
    if pain is not None and view.phase == "play":
        now = sticheln.round_score(pain, view.won_cards(seat))
        line2 += " · " + _("round {score}").format(score=f"{now:+d}")
    return [line1, line2]


def sticheln_status(view: Any, turn: str, acting: bool, name: Name) -> str:
    """The Sticheln status line: the round, then whose turn and what to do."""
    cur = view.current_player
    head = _("Round {n} of {total}").format(n=view.round_number, total=view.options["rounds"]) + " · "
    if cur is None:
        return head + _("game over")
    who = turn
    if view.phase == "pick":
        if acting:
            return head + _("{turn}: choose your pain card (its colour will cost you)").format(turn=who)
        return head + _("{name} is choosing a pain card").format(name=name(cur))
    lead = view.lead_colour()
    if lead is None:
        return head + _("{turn} — lead any card").format(turn=who)
    return head + _("{turn} — play any card ({colour} was led)").format(
        turn=who, colour=names.colour_name(lead))


def grinch_seat_lines(v: Any, seat: int) -> list[str]:
    """A Grinch seat panel's two lines: cards and what the seat is doing; the score."""
    n = v.hand_size(seat)
    line1 = names.cards(n)
    if v.phase_name == "who" and seat != v.grinch:
        if v.has_pending(seat):
            line1 += " · " + _("discarded")
    elif v.phase_name == "score" and v.has_chosen(seat):
        line1 += " · " + _("row chosen")
    elif v.phase_name == "grinch" and seat == v.grinch:
        line1 += " · " + (_("{n} to take").format(n=v.takes_left) if v.takes_left else _("discarding"))
    return [line1, _("Score {n}").format(n=v.scores()[seat])]


def grinch_pad_filled(v: Any) -> str:
    """The status line while the filled-in score pad shows at round end."""
    return (_("Round {n} of {total}").format(n=v.round_number, total=v.rounds) + " · "
            + _("every row is chosen: the score pad is filled in"))


def grinch_status(v: Any, turn: str, acting: bool, name: Name, you: Mine) -> str:
    """The Grinch status line: the round, who is the Grinch, whose turn and what to do."""
    cur = v.current_player
    if cur is None:
        winners = v.winners()
        best = v.scores()[winners[0]]
        if len(winners) > 1:
            return _("Game over · {names} win with {n} points").format(
                names=", ".join(name(s) for s in winners), n=best)
        return _("Game over · {name} wins with {n} points").format(name=name(winners[0]), n=best)
    head = _("Round {n} of {total}").format(n=v.round_number, total=v.rounds) + " · "
    g = v.grinch
    phase = v.phase_name
    who_g = _("You are the Grinch") if you(g) else _("{name} is the Grinch").format(name=name(g))
    if phase == "grinch" and v.takes_left:
        who_g += " " + ngettext("({n} take left)", "({n} takes left)", v.takes_left).format(n=v.takes_left)
    name = name(cur)
    if phase == "who":
        if acting:
            what = _("{turn}: discard a card (hidden until all Whos have)").format(turn=turn)
        else:
            what = _("{name} draws 2 and discards 1").format(name=name)
    elif phase == "grinch":
        if acting:
            if v.takes_left:
                return head + _("You are the Grinch: take {n} more from the draw pile "
                                "or any discard pile").format(n=v.takes_left)
            return head + _("You are the Grinch: now discard a card")
        if v.takes_left:
            what = _("{name} is taking cards").format(name=name)
        else:
            what = _("{name} discards a card").format(name=name)
    elif acting:
        what = _("{turn}: choose a row on the score pad for your hand").format(turn=turn)
    else:
        what = _("{name} is choosing a row (the Grinch chooses last)").format(name=name)
    return head + who_g + " — " + what
