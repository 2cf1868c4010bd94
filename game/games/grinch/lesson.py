"""Grinch's guided first game (the optional ``lesson`` part): its script,
what the end says was learnt, and the guide's hooks for its steps.

The interface every lesson part offers is in `game.app.learn.guide`'s doc."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Set
from typing import Any

from game.app.learn.scripts import HUMAN, Script, Step, you
from game.app.words import names
from game.games.grinch import SPEC
from game.games.grinch import words as grinch_words
from game.games.grinch.rules import hand_score
from game.i18n import N_, _

SCRIPT = Script(
    game_id=SPEC.id,
    names=("Ana",),
    hands=(("W1a", "P2b"), ("N2b", "O3a")),
    pile=("W4b", "N6a", "O6a", "O1a", "W6b", "N3a", "P3a", "O4b", "P5b", "N4b", "W3b", "N5b", "O5a", "P4a"),
    teaches=("a Who turn", "the Grinch takes a discard", "the heart grows", "a row with a bonus"),
    steps=(
        Step(1, "discard N6a"),
        you(
            "take 1",
            N_(
                "You are the Grinch this round. Ana, a Who, drew two cards and "
                "discarded one. The Grinch takes two cards, one at a time: take {card} "
                "from the top of Ana's discard pile."
            ),
        ),
        you("draw", N_("Take your second card from the draw pile.")),
        you(
            "discard P2b",
            N_(
                "Now discard one card onto your own pile: when the first turn "
                "ends, every hand holds 3 cards. Discard {card}."
            ),
        ),
        Step(1, "discard W6b"),
        you(
            "take 1",
            N_("The heart grew to 4: this turn ends with 4 cards in every hand. Ana threw away {card}: take it."),
        ),
        you("draw", N_("Take your second card from the draw pile.")),
        you(
            "discard N3a", N_("Discard {card}. Keep Wreath 1: its bonus of 5 needs a Noise card, and you hold Noise 6.")
        ),
        Step(1, "discard P3a"),
        you("draw", N_("The heart shows 5: the last turn of the round. Take a card from the draw pile.")),
        you("draw", N_("Take one more card from the draw pile.")),
        you("discard N4b", N_("Discard {card}: your other five cards are the hand you score.")),
        Step(1, "score ornaments"),
        you(
            "score rainbow",
            N_(
                "Choose a row on the score pad. Rainbow adds the highest card of "
                "each suit, and Wreath 1 adds its bonus: {points} points."
            ),
        ),
    ),
)

#: the end's line: the rules the guided game showed
LEARNT = N_(
    "You took a Who's discard as the Grinch, saw the heart grow and scored a row "
    "with a bonus. In a real game the Grinch passes on every round, and each row is "
    "used once."
)


def selects(wanted: Any, key: Hashable, selection: Set[Hashable]) -> bool:
    """A step is one click: nothing is selected on the way to it."""
    return False


def wants_card(wanted: Any, key: Hashable, selection: Set[Hashable]) -> bool:
    """The hand card the step discards."""
    return wanted.kind == "discard" and key == str(wanted.arg)


def how(wanted: Any, name: Callable[[int], str], selection: Set[Hashable]) -> str:
    if wanted.kind == "draw":
        return _("Click the draw pile.")
    if wanted.kind == "take":
        return _("Click the top card of {name}'s discard pile.").format(name=name(wanted.arg))
    if wanted.kind == "score":
        return _("Click the {row} row on the score pad.").format(row=grinch_words.row_name(wanted.arg))
    return _("Click {card} in your hand.").format(card=names.card_name(SPEC.id, wanted.arg))


def facts(wanted: Any, state: Any) -> dict[str, Any]:
    if wanted.kind == "discard":
        return {"card": names.card_name(SPEC.id, wanted.arg)}
    if wanted.kind == "take":
        pile = state.discard_pile(wanted.arg)
        return {"card": names.card_name(SPEC.id, pile[0]) if pile else ""}
    if wanted.kind == "score":
        return {"row": grinch_words.row_name(wanted.arg), "points": hand_score(state.hand(HUMAN), wanted.arg)}
    return {}


def status(text: str, state: Any) -> str:
    """The table's words on rounds as the lesson says them: the status line
    without "Round 1 of 6 · " (its steps say its length), and the score
    pad's heading "Round 1 of 6" as the guided game's own length."""
    head = _("Round {n} of {total}").format(n=state.round_number, total=state.rounds)
    if text == head:  # the score pad's heading
        return _("Guided game: one round")
    return text.removeprefix(head + " · ")
