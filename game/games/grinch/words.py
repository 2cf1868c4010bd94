"""What Grinch calls its cards, rows and moves, in the current language: the
`words` part of the game (its interface: `game.app.words.names`).

Also its record sentences (a Grinch turn may be several moves, said as one:
`ONE_TURN_RUNS`) and its status lines and seat panels.  Pure (no pygame);
everything is looked up when called, so a language switch shows on the next
draw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.common.phrases import Message, cards, plural_message
from game.games.grinch import rules as grinch
from game.i18n import N_, _, ngettext

Name = Callable[[int], str]
Mine = Callable[[int], bool]


#: The rules' refusals (`IllegalMove.reason`'s code -> its message; see `game.app.words.reasons`).
REFUSALS: dict[str, Message] = {
    "rows_later": Message(N_("Rows are chosen only after the third turn of the round.")),
    "row_used": Message(
        N_("{seat} has already used the {row} row in this game."),
        N_("You have already used the {row} row in this game."),
    ),
    "choose_row": Message(
        N_("The round is over: {seat} chooses a row on the score pad."),
        N_("The round is over: choose a row on the score pad."),
    ),
    "who_only_discards": Message(
        N_("{seat} is a Who this round: Whos get their two cards from the draw pile and only discard."),
        N_("You are a Who this round: Whos get their two cards from the draw pile and only discard."),
    ),
    "taken_two": Message(N_("The Grinch has taken two cards: now discard one.")),
    "pile_empty": Message(N_("The draw pile is empty.")),
    "discards_empty": Message(
        N_("{seat}'s discard pile is empty: nothing to take."), N_("Your discard pile is empty: nothing to take.")
    ),
    "take_first": Message(N_("The Grinch takes two cards first ({n} to go), then discards.")),
}
#: The hints' reasons, which name the move.
HINTS: dict[str, Message] = {
    "draw_pile": Message(N_("Draw from the pile: no discard helps more")),
    "take_own": Message(N_("Take {card} from your own pile: it builds your best open row")),
    "take_from": Message(N_("Take {card} from {seat}'s discards: it builds your best open row")),
    "score_row_later": Message(N_("Score {row} for {n} now; the rows you keep open are worth about {later} later")),
    "score_row": Message(N_("Score {row} for {n} now")),
    "discard_least": Message(N_("Discard {card}: it helps your open rows least")),
    "discard_keep": Message(N_("Discard {card}: keep the cards that build your open rows")),
}
#: A hint's reason as a review's verdict gives it, after the move is named: the argument alone.
WHY: dict[str, Message] = {
    "draw_pile": Message(N_("no discard helps more")),
    "take_own": Message(N_("it builds the best open row")),
    "take_from": Message(N_("it builds the best open row")),
    "score_row_later": Message(N_("it scores {n} now, and the rows kept open are worth about {later} later")),
    "score_row": Message(N_("it scores {n} now")),
    "discard_least": Message(N_("it helps the open rows least")),
    "discard_keep": Message(N_("it keeps the cards that build the open rows")),
}
#: The coach's reasons (`coach.py`), after "… was better by about N points:": what the
#: hand, its open rows and the unseen cards say.  `{suits}` is a suit said as its row ("Presents").
COACH: dict[str, Message] = {
    "gr_row_more": Message(N_("this hand scores {n} in the {row} row but only {m} in {other_row}")),
    "gr_keep_open": Message(
        N_("the {row} row takes {n} now and keeps {other_row} open for a better hand than this one ({m} there)")
    ),
    "gr_dead_bonus": plural_message(
        "the +{p} on {card} needs {suits} ({need} or more): the hand holds {n} and only {left} is left unseen",
        "the +{p} on {card} needs {suits} ({need} or more): the hand holds {n} and only {left} are left unseen",
        "left",
    ),
    "gr_dead_bonus_late": plural_message(
        "the +{p} on {card} needs {suits} ({need} or more): the hand holds {n} and gets only {left} more card "
        "this round",
        "the +{p} on {card} needs {suits} ({need} or more): the hand holds {n} and gets only {left} more cards "
        "this round",
        "left",
    ),
    "gr_dead_bonus_last": Message(
        N_("the +{p} on {card} needs {suits} ({need} or more): the hand holds {n} and gets no more cards this round")
    ),
    "gr_bonus_met": Message(N_("{card} carries +{p} when the hand holds {suits} ({need} or more), and it holds {n}")),
    "gr_bonus_near": plural_message(
        "{card} carries +{p} when the hand holds {suits} ({need} or more): it holds {n}, and {left} more is unseen",
        "{card} carries +{p} when the hand holds {suits} ({need} or more): it holds {n}, and {left} more are unseen",
        "left",
    ),
    "gr_support": Message(N_("{card} is one of the {suits} that the +{p} on {other} needs")),
    "gr_suit_row": plural_message(
        "{card} builds the {row} row: {n} point of it in the hand",
        "{card} builds the {row} row: {n} points of it in the hand",
    ),
    "gr_match": Message(N_("{card} makes {n} of a kind for the Match row")),
    "gr_run": Message(N_("{card} makes a run of {n} for the Run row")),
    "gr_rainbow": Message(N_("{card} is the top {suit} for the Rainbow row, worth {n} in all")),
    "gr_nothing": Message(N_("{card} does nothing for the {row} row, the best still open")),
    "gr_hand_worth": Message(N_("keeping {card}, the hand is worth {n} in the {row} row, against {m}")),
    "gr_fits": Message(N_("{card} fits the {row} row, the best still open, better than {other}")),
    "gr_pile_better": Message(
        N_("{card} does little for the {row} row, the best still open; a card from the draw pile does more")
    ),
}

#: A seat's moves in a row are one turn (the Grinch takes, draws and discards).
ONE_TURN_RUNS = True

SUITS = {"W": N_("Wreath"), "N": N_("Noise"), "O": N_("Ornament"), "P": N_("Present")}
ROWS = {
    "wreaths": N_("Wreaths"),
    "noise": N_("Noise"),
    "ornaments": N_("Ornaments"),
    "presents": N_("Presents"),
    "rainbow": N_("Rainbow"),
    "match": N_("Match"),
    "run": N_("Run"),
}
ROW_HELP = {
    "wreaths": N_("sum of Wreaths"),
    "noise": N_("sum of Noise"),
    "ornaments": N_("sum of Ornaments"),
    "presents": N_("sum of Presents"),
    "rainbow": N_("top card of each suit"),
    "match": N_("3 / 4 / 5 alike: 10 / 20 / 30"),
    "run": N_("run of 4 / 5: 15 / 25"),
}


def suit_name(suit: str) -> str:
    """A suit letter ("W") in words."""
    return _(SUITS[suit]) if suit in SUITS else suit


def row_name(row: str) -> str:
    """A score pad row in words."""
    return _(ROWS[row]) if row in ROWS else row


def row_help(row: str) -> str:
    """What a score pad row counts, or "" for a row it does not know."""
    return _(ROW_HELP[row]) if row in ROW_HELP else ""


def card_name(card: Any) -> str:
    """A card (or its notation) as people say it: "Wreath 3"."""
    if isinstance(card, str):  # notation
        card = grinch.parse_card(card)
    return _("{suit} {rank}").format(suit=suit_name(card.suit), rank=card.rank)


def title_card() -> Any:
    """The card the title's fan shows for this game."""
    return grinch.parse_card("P5a")


def reason_words(params: dict[str, Any]) -> dict[str, str]:
    """The words for this game's own params of a refusal, hint or coach's reason: rows
    (`row`, `other_row`), a suit (`suit`; `suits` said as its row, "Presents"), a second card (`other`)."""
    out: dict[str, str] = {}
    for key in ("row", "other_row"):
        if isinstance(params.get(key), str):
            out[key] = row_name(params[key])
    if isinstance(params.get("suit"), str):
        out["suit"] = suit_name(params["suit"])
    if params.get("suits") in grinch.SUITS:
        out["suits"] = row_name(grinch.ROWS[grinch.SUITS.index(params["suits"])])
    if isinstance(params.get("other"), str):
        out["other"] = card_name(params["other"])
    return out


def move_text(move: Any, name: Name, you: Mine) -> str:
    """A move as an instruction, for the Hint line: "Take the top card of Mina's discard pile"."""
    kind = move.kind
    if kind == "draw":
        return _("Draw from the draw pile")
    if kind == "take":
        if you(move.arg):
            return _("Take the top card of your own discard pile")
        return _("Take the top card of {name}'s discard pile").format(name=name(move.arg))
    if kind == "discard":
        return _("Discard {card}").format(card=card_name(move.arg))
    if kind == "score":
        return _("Score your hand in the {row} row").format(row=row_name(move.arg))
    return str(move)


def move_named(move: Any, name: Name, you: Mine) -> str:
    """A move as a short noun, for a review's verdict: "Mina's discard pile", "the Run row"."""
    kind = move.kind
    if kind == "draw":
        return _("the draw pile")
    if kind == "take":
        if you(move.arg):
            return _("your discard pile")
        return _("{name}'s discard pile").format(name=name(move.arg))
    if kind == "discard":
        return card_name(move.arg)
    if kind == "score":
        return _("the {row} row").format(row=row_name(move.arg))
    return str(move)


def better_named(best: Any, chosen: Any, name: Name, you: Mine) -> str | None:
    """The better move in a review's verdict, against the move played: a
    discard says the card it keeps, since the coach's reason speaks of that
    card ("discard Present 5 and keep Noise 2"), a pile what is done with it
    ("take from Mina's discard pile"); None: the move's short name (a row)."""
    if best.kind == "discard" and chosen.kind == "discard" and best.arg != chosen.arg:
        return _("discard {card} and keep {kept}").format(card=card_name(best.arg), kept=card_name(chosen.arg))
    if best.kind == "take":  # (the reason names the card on top)
        if you(best.arg):
            return _("take from your own discard pile")
        return _("take from {name}'s discard pile").format(name=name(best.arg))
    if best.kind == "draw":
        return _("draw from the draw pile")
    return None


def move_said(seat: int, move: Any, name: Name, you: Mine) -> str | None:
    """A move someone made, in the past tense ("Mina took the top card of
    your discard pile"); None for a move it has no sentence for."""
    values: dict[str, str] = {"name": name(seat)}
    said = _said(seat, move, you, values, name)
    return said.format(**values) if said is not None else None


def _said(seat: int, move: Any, you: Mine, values: dict[str, str], name: Name) -> str | None:
    """`move_said`'s sentence (fills `values` with what it names)."""
    kind, me = move.kind, you(seat)
    if kind == "draw":
        return _("You drew from the draw pile") if me else _("{name} drew from the draw pile")
    if kind == "take":
        owner = move.arg
        if me:
            if you(owner):
                return _("You took the top card of your own discard pile")
            values["owner"] = name(owner)
            return _("You took the top card of {owner}'s discard pile")
        if you(owner):
            return _("{name} took the top card of your discard pile")
        if owner == seat:
            return _("{name} took the top card of their own discard pile")
        values["owner"] = name(owner)
        return _("{name} took the top card of {owner}'s discard pile")
    if kind == "discard":
        values["card"] = card_name(move.arg)
        return _("You discarded {card}") if me else _("{name} discarded {card}")
    if kind == "score":
        values["row"] = row_name(move.arg)
        return _("You scored your hand in the {row} row") if me else _("{name} scored the {row} row")
    return None


def _take(e: Any, name: Name, you: Mine) -> str:
    card = card_name(e.cards[0])
    owner = e.info["from"]
    if owner == e.seat:
        return _("your own {card}").format(card=card) if you(owner) else card
    if you(owner):
        return _("your {card}").format(card=card)
    return _("{name}'s {card}").format(name=name(owner), card=card)


def sentences(seat: int, events: tuple, n: int, name: Name, you: Mine) -> list[str]:
    """A turn in words for the chronicle (a turn may be several moves: takes,
    draws and a discard), e.g. "Simran, the Grinch, took Joon's Wreath 3 and drew 1"."""
    takes = [_take(e, name, you) for e in events if e.kind == "took" and e.seat == seat]
    draws = sum(
        len(e.cards)
        for e in events
        if e.kind == "drew" and e.seat == seat and isinstance(e.info, dict) and e.info.get("from") == "pile"
    )
    out = []
    me = you(seat)
    if takes or draws:
        taken, k = ", ".join(takes), draws
        if takes and draws:
            out.append(
                ngettext(
                    "You, the Grinch, took {cards} and drew {n}", "You, the Grinch, took {cards} and drew {n}", k
                ).format(cards=taken, n=k)
                if me
                else ngettext(
                    "{name}, the Grinch, took {cards} and drew {n}", "{name}, the Grinch, took {cards} and drew {n}", k
                ).format(name=name(seat), cards=taken, n=k)
            )
        elif takes:
            t = len(takes)  # the verb agrees with the cards taken (Punjabi ਲਿਆ / ਲਏ)
            out.append(
                ngettext("You, the Grinch, took {cards}", "You, the Grinch, took {cards}", t).format(cards=taken)
                if me
                else ngettext("{name}, the Grinch, took {cards}", "{name}, the Grinch, took {cards}", t).format(
                    name=name(seat), cards=taken
                )
            )
        else:
            out.append(
                ngettext("You, the Grinch, drew {n} card", "You, the Grinch, drew {n} cards", k).format(n=k)
                if me
                else ngettext("{name}, the Grinch, drew {n} card", "{name}, the Grinch, drew {n} cards", k).format(
                    name=name(seat), n=k
                )
            )
    for e in events:
        if e.kind == "discarded" and e.seat == seat:
            card = e.cards[0] if e.cards else None
            if card is None:
                out.append(_("{name} discarded a card face down").format(name=name(seat)))
            elif me:
                out.append(_("You discarded {card}").format(card=card_name(card)))
            else:
                out.append(_("{name} discarded {card}").format(name=name(seat), card=card_name(card)))
        elif e.kind == "chose" and e.seat == seat:
            out.append(_("You chose your row") if me else _("{name} chose a row").format(name=name(seat)))
        elif e.kind == "revealed":
            shown = ", ".join(
                _("{name}: {card}").format(name=_("you") if you(s) else name(s), card=card_name(c))
                for s, c in zip(e.info["seats"], e.cards)
            )
            out.append(_("The Whos' discards turn up: {cards}").format(cards=shown))
        elif e.kind == "round_over":
            out.append(_("Round {n} is scored").format(n=e.info["round"]))
    return out


def seat_lines(v: Any, seat: int) -> list[str]:
    """A seat panel's two lines: cards and what the seat is doing; the score."""
    n = v.hand_size(seat)
    line1 = cards(n)
    if v.phase_name == "who" and seat != v.grinch:
        if v.has_pending(seat):
            line1 += " · " + _("discarded")
    elif v.phase_name == "score" and v.has_chosen(seat):
        line1 += " · " + _("row chosen")
    elif v.phase_name == "grinch" and seat == v.grinch:
        line1 += " · " + (_("{n} to take").format(n=v.takes_left) if v.takes_left else _("discarding"))
    return [line1, _("Score {n}").format(n=v.scores()[seat])]


def pad_filled(v: Any) -> str:
    """The status line while the filled-in score pad shows at round end."""
    return (
        _("Round {n} of {total}").format(n=v.round_number, total=v.rounds)
        + " · "
        + _("every row is chosen: the score pad is filled in")
    )


def status_line(v: Any, turn: str, acting: bool, name: Name, you: Mine) -> str:
    """The status line: the round, who is the Grinch, whose turn and what to do."""
    cur = v.current_player
    if cur is None:
        winners = v.winners()
        best = v.scores()[winners[0]]
        others = [s for s in winners if not you(s)]
        if len(others) < len(winners):  # you are among the winners
            if not others:
                return ngettext(
                    "Game over · you win with {n} point", "Game over · you win with {n} points", best
                ).format(n=best)
            return ngettext(
                "Game over · you and {names} share the win with {n} point",
                "Game over · you and {names} share the win with {n} points",
                best,
            ).format(names=", ".join(name(s) for s in others), n=best)
        if len(winners) > 1:
            return ngettext(
                "Game over · {names} win with {n} point", "Game over · {names} win with {n} points", best
            ).format(names=", ".join(name(s) for s in winners), n=best)
        return ngettext(
            "Game over · {name} wins with {n} point", "Game over · {name} wins with {n} points", best
        ).format(name=name(winners[0]), n=best)
    head = _("Round {n} of {total}").format(n=v.round_number, total=v.rounds) + " · "
    g = v.grinch
    phase = v.phase_name
    who_g = _("You are the Grinch") if you(g) else _("{name} is the Grinch").format(name=name(g))
    if phase == "grinch" and v.takes_left:
        who_g += " " + ngettext("({n} take left)", "({n} takes left)", v.takes_left).format(n=v.takes_left)
    if phase == "grinch" and acting:
        if v.takes_left:
            return head + _("You are the Grinch: take {n} more from the draw pile or any discard pile").format(
                n=v.takes_left
            )
        return head + _("You are the Grinch: now discard a card")
    if acting:
        what = (
            _("{turn}: discard a card (hidden until all Whos have)")
            if phase == "who"
            else _("{turn}: choose a row on the score pad for your hand")
        ).format(turn=turn)
    else:
        what = _doing(phase, v.takes_left, you(cur)).format(name=name(cur))
    return head + who_g + " — " + what


def _doing(phase: str, takes_left: int, mine: bool) -> str:
    """What the seat to act does in a phase, said about it (or to "you",
    when it is the person at the screen but not theirs to click: a replay)."""
    if phase == "who":
        return _("You draw 2 and discard 1") if mine else _("{name} draws 2 and discards 1")
    if phase == "grinch" and takes_left:
        return _("You are taking cards") if mine else _("{name} is taking cards")
    if phase == "grinch":
        return _("You discard a card") if mine else _("{name} discards a card")
    return (
        _("You are choosing a row (the Grinch chooses last)")
        if mine
        else _("{name} is choosing a row (the Grinch chooses last)")
    )


# The names the table calls these by (from `game.app.table.status_words`, which forwards them here).
grinch_seat_lines = seat_lines
grinch_pad_filled = pad_filled
grinch_status = status_line
