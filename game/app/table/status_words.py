"""Status lines, banners and seat panels in the player's language: whose
turn it is and what they may do, for every table.  Pure (no pygame): each
takes the view the table shows, names seats through `name(seat)` and asks
`you(seat)` which seat is the person at the screen -- said in the second
person ("You take the trick"), never by name -- so it is tested without a
window.  (Avalanche's longer words: `avalanche_words`.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.app.words import names
from game.games.sticheln import rules as sticheln
from game.i18n import _, ngettext

Name = Callable[[int], str]
Mine = Callable[[int], bool]


def nobody(seat: int) -> bool:
    """For a table nobody sits at (a demo): no seat is "you"."""
    return False


def turn_text(current: int | None, viewer: int | None, match: Any, name: Name,
              you: Mine | None = None) -> str:
    """'Your turn' (or '<name>, your turn' with several humans) for the seat
    that is "you" (by default the human whose eyes the table shows), else
    '<name> to play'; 'Game over' at the end."""
    if current is None:
        return _("Game over")
    mine = you(current) if you is not None else (current == viewer and match.seats[current].human)
    if mine:
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


def trick_banner(kind: str, winner: int, name: Name, you: Mine = nobody) -> str:
    """The banner over a finished trick (`kind`: "trick_won" or "set_aside")."""
    if kind != "trick_won":
        return _("All zeros: the trick is set aside")
    if you(winner):
        return _("You take the trick")
    return _("{name} takes the trick").format(name=name(winner))


def sticheln_status(view: Any, turn: str, acting: bool, name: Name, you: Mine = nobody) -> str:
    """The Sticheln status line: the round, then whose turn and what to do."""
    cur = view.current_player
    head = _("Round {n} of {total}").format(n=view.round_number, total=view.options["rounds"]) + " · "
    if cur is None:
        return head + _("game over")
    who = turn
    if view.phase == "pick":
        if acting:
            return head + _("{turn}: choose your pain card (its colour will cost you)").format(turn=who)
        if you(cur):
            return head + _("You are choosing a pain card")
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
        others = [s for s in winners if not you(s)]
        if len(others) < len(winners):  # you are among the winners
            if not others:
                return _("Game over · you win with {n} points").format(n=best)
            return _("Game over · you and {names} share the win with {n} points").format(
                names=", ".join(name(s) for s in others), n=best)
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
    if phase == "grinch" and acting:
        if v.takes_left:
            return head + _("You are the Grinch: take {n} more from the draw pile "
                            "or any discard pile").format(n=v.takes_left)
        return head + _("You are the Grinch: now discard a card")
    if acting:
        what = (_("{turn}: discard a card (hidden until all Whos have)") if phase == "who"
                else _("{turn}: choose a row on the score pad for your hand")).format(turn=turn)
    else:
        what = _grinch_doing(phase, v.takes_left, you(cur)).format(name=name(cur))
    return head + who_g + " — " + what


def _grinch_doing(phase: str, takes_left: int, mine: bool) -> str:
    """What the seat to act does in a Grinch phase, said about it (or to
    "you", when it is the person at the screen but not theirs to click:
    a replay)."""
    if phase == "who":
        return _("You draw 2 and discard 1") if mine else _("{name} draws 2 and discards 1")
    if phase == "grinch" and takes_left:
        return _("You are taking cards") if mine else _("{name} is taking cards")
    if phase == "grinch":
        return _("You discard a card") if mine else _("{name} discards a card")
    return (_("You are choosing a row (the Grinch chooses last)") if mine
            else _("{name} is choosing a row (the Grinch chooses last)"))
