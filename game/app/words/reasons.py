"""The rules' refusals and the hints' reasons, said in the current language.

`game/rules` and `game/ai` know nothing of languages: a refusal
(`IllegalMove.reason`) and a hint reason are `game.rules.Phrase`s -- an
English sentence for the terminal that also carries a stable `code` and
plain `params` (seats as numbers, cards in notation).  Here each code names
a catalog message, and the params fill it with seats named ("You", "Mina")
and cards in words.  Nothing reads the English.
`tests/app/test_reasons.py` raises every refusal code of all three games and
checks each has a message in every catalog; `tests/app/test_i18n.py` does the
same for the hints the AI gives.  A card is said by its game's words; the
game's other params (a colour, a row, a rank) by its words part's
`reason_words` (see `names`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from game.app.words import names
from game.i18n import N_, _


class Message(NamedTuple):
    """A catalog message for a code, and (when a `seat` param is the
    subject) the one said to that seat itself."""

    other: str
    you: str | None = None


#: Said for refusals no click at the table causes (typed notation, wrong
#: types, another seat's view) and for a reason without a code.
GENERAL = N_("The rules do not allow that move.")
INTERNAL = frozenset({"notation", "not_a_move", "wrong_view", "empty_set", "mixed_ranks"})

RULES: dict[str, Message] = {
    # every game
    "game_over": Message(N_("The game is over.")),
    "not_held": Message(N_("{seat} does not hold {card}."), N_("You do not hold {card}.")),
    # Sticheln
    "pick_first": Message(N_("First everyone picks a pain card.")),
    "pain_chosen": Message(N_("The pain cards are already chosen: play a card.")),
    "not_in_deck": Message(N_("{card} is not in the deck for {n} players.")),
    # Avalanche
    "must_play": Message(N_("An avalanche is on the table: you may not draw, you must play a set.")),
    "no_snowfall": Message(N_("The draw pile is empty, so no Snowfall: start an avalanche.")),
    "too_few": Message(N_("{seat} holds {held} × {rank}, so cannot play {count}."),
                       N_("You hold {held} × {rank}, so you cannot play {count}.")),
    # Grinch
    "rows_later": Message(N_("Rows are chosen only after the third turn of the round.")),
    "row_used": Message(N_("{seat} has already used the {row} row in this game."),
                        N_("You have already used the {row} row in this game.")),
    "choose_row": Message(N_("The round is over: {seat} chooses a row on the score pad."),
                          N_("The round is over: choose a row on the score pad.")),
    "who_only_discards": Message(
        N_("{seat} is a Who this round: Whos get their two cards from the draw pile and only discard."),
        N_("You are a Who this round: Whos get their two cards from the draw pile and only discard.")),
    "taken_two": Message(N_("The Grinch has taken two cards: now discard one.")),
    "pile_empty": Message(N_("The draw pile is empty.")),
    "discards_empty": Message(N_("{seat}'s discard pile is empty: nothing to take."),
                              N_("Your discard pile is empty: nothing to take.")),
    "take_first": Message(N_("The Grinch takes two cards first ({n} to go), then discards.")),
}

HINTS: dict[str, Message] = {
    # Sticheln
    "take_trick": Message(N_("Take the trick with {card}: it is worth +{n} to you")),
    "risky_take": Message(N_("Play {card} (risky: the trick may cost you)")),
    "shed_pain": Message(N_("Get rid of {card}: {colour} is your pain colour")),
    "dump_on_leader": Message(N_("Dump {card} on the leader: {colour} is their pain colour")),
    "dump_on_seat": Message(N_("Dump {card} on {seat}: {colour} is their pain colour")),
    "stay_out": Message(N_("Stay out of this trick with {card}")),
    "pick_long": Message(N_("Pick {card}: {colour} is your longest colour and a low pain card costs little")),
    "pick_pain": Message(N_("Pick {card}: {colour} becomes your pain colour")),
    # Avalanche
    "snowfall_wait": Message(N_("Snowfall: draw a card and wait")),
    "snowfall_rather": Message(N_("Snowfall: draw rather than open an avalanche others can top")),
    "start": Message(N_("Start with {set}: the next player can top it only {p}% of the time, "
                        "so they likely fall onto you")),
    "grow": Message(N_("Grow with {set}: the next player can top it only {p}% of the time, "
                       "so they likely fall onto you")),
    "stop": Message(N_("Stop the avalanche with {set}: {n} cards go to no one instead of to {seat}")),
    "fall": Message(N_("Fall with {set}: the least bad choice")),
    # Grinch
    "draw_pile": Message(N_("Draw from the pile: no discard helps more")),
    "take_own": Message(N_("Take {card} from your own pile: it builds your best open row")),
    "take_from": Message(N_("Take {card} from {seat}'s discards: it builds your best open row")),
    "score_row_later": Message(N_("Score {row} for {n} now; the rows you keep open are worth about {later} later")),
    "score_row": Message(N_("Score {row} for {n} now")),
    "discard_least": Message(N_("Discard {card}: it helps your open rows least")),
    "discard_keep": Message(N_("Discard {card}: keep the cards that build your open rows")),
    # Hard, when its search has nothing to add but how sure it is
    "searched": Message(""),
}

#: Start and grow argue from the odds that the next player cannot top the
#: set; Hard's search may choose such a move when the odds say otherwise,
#: and then the hint names the move without the argument.
WITHOUT_ODDS: dict[str, Message] = {
    "start": Message(N_("Start the avalanche with {set}")),
    "grow": Message(N_("Grow the avalanche with {set}")),
}
LIKELY = 50  # percent: from here on "can top it only {p}% of the time" is not true

#: A hint's reason as a review's verdict gives it, after "… was better by
#: about N points:" has named the move: the argument alone, never the move
#: again.  A code whose hint says nothing but the move has no clause here.
WHY: dict[str, Message] = {
    # Sticheln
    "take_trick": Message(N_("it takes the trick, worth +{n}")),
    "shed_pain": Message(N_("it gets rid of a {colour} card, the pain colour")),
    "dump_on_leader": Message(N_("it dumps {colour} on the leader, whose pain colour it is")),
    "dump_on_seat": Message(N_("it dumps {colour} on {seat}, whose pain colour it is")),
    "stay_out": Message(N_("it stays out of the trick")),
    "pick_long": Message(N_("{colour} is the longest colour and a low pain card costs little")),
    "pick_pain": Message(N_("{colour} becomes the pain colour")),
    # Avalanche
    "snowfall_rather": Message(N_("others could top any avalanche opened now")),
    "start": Message(N_("the next player can top it only {p}% of the time")),
    "grow": Message(N_("the next player can top it only {p}% of the time")),
    "stop": Message(N_("{n} cards go to no one instead of to {seat}")),
    "fall": Message(N_("it is the least bad choice")),
    # Grinch
    "draw_pile": Message(N_("no discard helps more")),
    "take_own": Message(N_("it builds the best open row")),
    "take_from": Message(N_("it builds the best open row")),
    "score_row_later": Message(N_("it scores {n} now, and the rows kept open are worth about {later} later")),
    "score_row": Message(N_("it scores {n} now")),
    "discard_least": Message(N_("it helps the open rows least")),
    "discard_keep": Message(N_("it keeps the cards that build the open rows")),
}


def _code(reason: Any) -> str | None:
    return getattr(reason, "code", None)


def _fill(message: Message, params: dict[str, Any], game_id: str, name: Callable[[int], str],
          you: Callable[[int], bool]) -> str:
    template = message.other
    values: dict[str, object] = dict(params)
    seat = params.get("seat")
    if isinstance(seat, int):
        if message.you is not None and you(seat):
            template = message.you
        values["seat"] = _("you") if you(seat) else name(seat)
    if params.get("card") is not None:
        try:
            values["card"] = names.card_name(game_id, params["card"])
        except ValueError:
            pass
    own = names.offered(game_id, "reason_words")  # the game's own params: a colour, a row, a rank...
    if own is not None:
        values.update(own(params))
    return _(template).format(**values)


def illegal(game_id: str, reason: Any, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """An IllegalMove's reason (`exc.reason`) for the table's message line."""
    message = RULES.get(_code(reason) or "")
    if message is None:
        return _(GENERAL)
    return _fill(message, reason.params, game_id, name, you)


def hint(game_id: str, reason: Any, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """A hint's reason in words (it names the move), or "" when there is none
    (or none we can say).  How often the search chose the move (`search_p`
    of `search_n` deals) is left out: it is the engine's business, not the
    player's."""
    code = _code(reason)
    message = HINTS.get(code or "") if reason else None
    if code in WITHOUT_ODDS and reason.params.get("p", 0) >= LIKELY:
        message = WITHOUT_ODDS[code]
    if message is None or not message.other:
        return ""
    return _fill(message, reason.params, game_id, name, you)


def why(game_id: str, reason: Any, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """A hint's reason without the move it names, for a review's verdict, or
    "" when the reason would only repeat the move (or says nothing)."""
    code = _code(reason)  # (a Phrase is a str: one whose English is empty still has its code)
    message = WHY.get(code or "")
    if message is None or (code in WITHOUT_ODDS and reason.params.get("p", 0) >= LIKELY):
        return ""
    return _fill(message, reason.params, game_id, name, you)


def covered(reason: Any, hint_text: bool = False) -> bool:
    """True if a reason's code has a message here (or, for refusals, is one no click causes)."""
    code = _code(reason)
    if hint_text:
        return code in HINTS
    return code in RULES or code in INTERNAL
