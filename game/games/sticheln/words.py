"""What Sticheln calls its cards and moves, in the current language: the
`words` part of the game (its interface: `game.app.words.names`).

Also its record sentences and its status lines and seat panels.  Pure (no
pygame); everything is looked up when called, so a language switch shows on
the next draw.  The notation's "red" is drawn as an orange flame and "purple"
as a pink flower (design/art.md: Okabe-Ito vermillion and reddish purple),
so people read "orange" and "pink".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.common.phrases import Message, cards, plural_message
from game.games.sticheln import rules as sticheln
from game.i18n import N_, _, ngettext

Name = Callable[[int], str]
Mine = Callable[[int], bool]


#: The rules' refusals (`IllegalMove.reason`'s code -> its message; see `game.app.words.reasons`).
REFUSALS: dict[str, Message] = {
    "pick_first": Message(N_("First everyone picks a pain card.")),
    "pain_chosen": Message(N_("The pain cards are already chosen: play a card.")),
    "not_in_deck": Message(N_("{card} is not in the deck for {n} players.")),
}
#: The hints' reasons, which name the move.
HINTS: dict[str, Message] = {
    "take_trick": Message(N_("Take the trick with {card}: it is worth +{n} to you")),
    "risky_take": Message(N_("Play {card} (risky: the trick may cost you)")),
    "shed_pain": Message(N_("Get rid of {card}: {colour} is your pain colour")),
    "dump_on_leader": Message(N_("Dump {card} on the leader: {colour} is their pain colour")),
    "dump_on_seat": Message(N_("Dump {card} on {seat}: {colour} is their pain colour")),
    "stay_out": Message(N_("Stay out of this trick with {card}")),
    "pick_long": Message(N_("Pick {card}: {colour} is your longest colour and a low pain card costs little")),
    "pick_pain": Message(N_("Pick {card}: {colour} becomes your pain colour")),
}
#: A hint's reason as a review's verdict gives it, after the move is named: the argument alone.
WHY: dict[str, Message] = {
    "take_trick": Message(N_("it takes the trick, worth +{n}")),
    "shed_pain": Message(N_("it gets rid of a {colour} card, the pain colour")),
    "dump_on_leader": Message(N_("it dumps {colour} on the leader, whose pain colour it is")),
    "dump_on_seat": Message(N_("it dumps {colour} on {seat}, whose pain colour it is")),
    "stay_out": Message(N_("it stays out of the trick")),
    "pick_long": Message(N_("{colour} is the longest colour and a low pain card costs little")),
    "pick_pain": Message(N_("{colour} becomes the pain colour")),
}
#: The coach's reasons (`coach.py`), after "… was better by about N points:": what the
#: position says, impersonally ("the pain colour": a face-up replay speaks to nobody as "you").
COACH: dict[str, Message] = {
    "st_pick_zero": Message(
        N_("{played} is a zero: kept in hand it can never take a trick, a safe card to play later")
    ),
    "st_pick_cheaper": Message(N_("as the pain card {card} costs only {n} at the end; {played} would cost {m}")),
    "st_pick_at_stake": Message(
        N_("as the pain colour, the {other} cards in hand would put {m} at risk, the {colour} ones only {n}")
    ),
    "st_pick_longer": plural_message(
        "the hand holds {n} more {colour} card to shed and only {m} {other}: a long colour hurts least",
        "the hand holds {n} more {colour} cards to shed and only {m} {other}: a long colour hurts least",
    ),
    "st_pick_fewer_out": plural_message(
        "the other hands hold {n} point of {colour} that could come back, against {m} of {other}",
        "the other hands hold {n} points of {colour} that could come back, against {m} of {other}",
    ),
    "st_pick_free": Message(
        N_("with {colour} as the pain colour, {played} and the other {other} cards stay free to take tricks")
    ),
    "st_took_own_pain": Message(N_("{played} is of the pain colour and takes the trick itself: it costs about {n}")),
    "st_took_pain_seen": plural_message(
        "{played} takes a trick that already holds {cards}, the pain colour: about {n} point lost",
        "{played} takes a trick that already holds {cards}, the pain colour: about {n} points lost",
    ),
    "st_took_pain": plural_message(
        "{played} usually takes this trick, and the others dump {colour}, the pain colour, on it: about {n} point lost",
        "{played} usually takes this trick, and the others dump {colour}, "
        "the pain colour, on it: about {n} points lost",
    ),
    "st_take_cheaper": Message(N_("both take the trick, but with {card} it is worth about {n} instead of {m}")),
    "st_take_clean": Message(N_("{card} usually takes this trick for about +{n}, with none of the pain colour in it")),
    "st_take_worth": Message(N_("{card} usually takes this trick, worth about +{n} even with the pain colour in it")),
    "st_shed_pain": Message(
        N_("{card} sheds the pain colour into {seat}'s trick: it can no longer cost {n} later"),
        N_("{card} sheds the pain colour into your trick: it can no longer cost {n} later"),
    ),
    "st_take_lead": Message(N_("{card} takes this trick and leads the next one")),
    "st_keep_low": Message(
        N_("it keeps {played}, a low card, to stay out of a later trick that holds the pain colour")
    ),
    "st_keep_zero": Message(
        N_("it keeps {played} for later: a zero never takes a trick, the safe card when a trick holds the pain colour")
    ),
    "st_keep_high": Message(
        N_("{played} goes into {seat}'s trick for nothing; kept, it can take a clean trick later"),
        N_("{played} goes into your trick for nothing; kept, it can take a clean trick later"),
    ),
    "st_keep_pain": Message(N_("{played} is better shed later, into a trick that is surely someone else's")),
    "st_keep_card": Message(N_("it keeps {played} for a later trick, where it is worth more than {card}")),
}

COLOURS = {
    "red": N_("orange"),
    "yellow": N_("yellow"),
    "green": N_("green"),
    "blue": N_("blue"),
    "purple": N_("pink"),
    "grey": N_("grey"),
}


def _nobody(seat: int) -> bool:
    return False


def colour_name(colour: str) -> str:
    """A colour in words, as drawn: notation "red" is "orange"."""
    return _(COLOURS[colour]) if colour in COLOURS else colour


def card_name(card: Any) -> str:
    """A card (or its notation) as people say it: "orange 4"."""
    if isinstance(card, str):  # notation
        card = sticheln.parse_card(card)
    return _("{colour} {value}").format(colour=colour_name(card.colour), value=card.value)


def title_card() -> Any:
    """The card the title's fan shows for this game."""
    return sticheln.parse_card("red 13")


def reason_words(params: dict[str, Any]) -> dict[str, str]:
    """The words for this game's own params of a refusal, hint or coach's reason: a
    colour (`colour`, `other`), the card played (`played`), a list of cards (`cards`)."""
    out: dict[str, str] = {}
    for key in ("colour", "other"):
        if isinstance(params.get(key), str):
            out[key] = colour_name(params[key])
    if isinstance(params.get("played"), str):
        out["played"] = card_name(params["played"])
    if isinstance(params.get("cards"), list):
        out["cards"] = ", ".join(card_name(c) for c in params["cards"])
    return out


def move_text(move: Any, name: Name, you: Mine) -> str:
    """A move as an instruction, for the Hint line: "Play orange 4"."""
    card = card_name(move.card)
    if move.kind == "pain":
        return _("Pick {card} as your pain card").format(card=card)
    return _("Play {card}").format(card=card)


def move_named(move: Any, name: Name, you: Mine) -> str:
    """A move as a short noun, for a review's verdict: "orange 4"."""
    return card_name(move.card)


def move_said(seat: int, move: Any, name: Name, you: Mine) -> str:
    """A move someone made, in the past tense: "Mina played orange 4"."""
    me = you(seat)
    if move.kind == "pain":
        said = _("You chose {card} as your pain card") if me else _("{name} chose {card} as a pain card")
    else:
        said = _("You played {card}") if me else _("{name} played {card}")
    return said.format(name=name(seat), card=card_name(move.card))


def sentences(seat: int, events: tuple, n: int, name: Name, you: Mine) -> list[str]:
    """A move in words for the chronicle: a pain pick, a card played, a trick taken."""
    out = []
    for e in events:
        if e.kind == "picked":
            card = e.cards[0] if e.cards else None
            if you(e.seat) and card is not None:
                out.append(_("You chose {card} as your pain card").format(card=card_name(card)))
            elif you(e.seat):
                out.append(_("You chose your pain card"))
            else:
                out.append(_("{name} chose a pain card").format(name=name(e.seat)))
        elif e.kind == "revealed":
            out.append(_("The pain cards are turned up"))
        elif e.kind == "played":
            card = card_name(e.cards[0])
            out.append(
                _("You played {card}").format(card=card)
                if you(e.seat)
                else _("{name} played {card}").format(name=name(e.seat), card=card)
            )
        elif e.kind == "trick_won":
            leader = e.info["leader"]
            card = card_name(e.cards[(e.seat - leader) % n])
            out.append(
                _("You took the trick with {card}").format(card=card)
                if you(e.seat)
                else _("{name} took the trick with {card}").format(name=name(e.seat), card=card)
            )
        elif e.kind == "set_aside":
            out.append(_("All zeros: the trick is set aside"))
        elif e.kind == "round_scored":
            out.append(_("Round {n} is scored").format(n=e.info["round"]))
    return out


def seat_lines(view: Any, seat: int) -> list[str]:
    """A seat panel's two lines: cards and tricks; score and this round so far."""
    tricks = view.tricks_taken(seat)
    line1 = cards(view.hand_size(seat)) + " · " + ngettext("{n} trick", "{n} tricks", tricks).format(n=tricks)
    line2 = _("Score {n}").format(n=view.scores()[seat])
    pain = view.pain_card(seat)
    if pain is not None and view.phase == "play":
        now = sticheln.round_score(pain, view.won_cards(seat))
        line2 += " · " + _("round {score}").format(score=f"{now:+d}")
    return [line1, line2]


def trick_banner(kind: str, winner: int, name: Name, you: Mine = _nobody) -> str:
    """The banner over a finished trick (`kind`: "trick_won" or "set_aside")."""
    if kind != "trick_won":
        return _("All zeros: the trick is set aside")
    if you(winner):
        return _("You take the trick")
    return _("{name} takes the trick").format(name=name(winner))


def game_over_line(view: Any, name: Name, you: Mine = _nobody) -> str:
    """The status line once the game is over: how long it was and who won."""
    totals = view.scores()
    best = max(totals)
    winners = [s for s, t in enumerate(totals) if t == best]
    rounds = view.options["rounds"]
    if len(winners) == 1:
        if you(winners[0]):
            return ngettext(
                "Game over after {rounds} rounds · you win with {n} point",
                "Game over after {rounds} rounds · you win with {n} points",
                best,
            ).format(rounds=rounds, n=best)
        return ngettext(
            "Game over after {rounds} rounds · {name} wins with {n} point",
            "Game over after {rounds} rounds · {name} wins with {n} points",
            best,
        ).format(rounds=rounds, name=name(winners[0]), n=best)
    return ngettext(
        "Game over after {rounds} rounds · {names} share the win with {n} point",
        "Game over after {rounds} rounds · {names} share the win with {n} points",
        best,
    ).format(rounds=rounds, names=", ".join(name(s) for s in winners), n=best)


def status_line(view: Any, turn: str, acting: bool, name: Name, you: Mine = _nobody) -> str:
    """The status line: the round, then whose turn and what to do."""
    cur = view.current_player
    head = _("Round {n} of {total}").format(n=view.round_number, total=view.options["rounds"]) + " · "
    if cur is None:  # the game is over: say who won, not "Round 4 of 4 · game over"
        return game_over_line(view, name, you)
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
    return head + _("{turn} — play any card ({colour} was led)").format(turn=who, colour=colour_name(lead))


# The names the table calls these by (from `game.app.table.status_words`, which forwards them here).
sticheln_seat_lines = seat_lines
sticheln_status = status_line
