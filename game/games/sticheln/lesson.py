"""Sticheln's guided first game (the optional ``lesson`` part): its script,
what the end says was learnt, and the guide's hooks for its steps.

The interface every lesson part offers is in `game.app.learn.guide`'s doc."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Set
from typing import Any

from game.app.learn.scripts import HUMAN, Script, Step, you
from game.app.words import names
from game.games.sticheln import SPEC
from game.i18n import N_, _

SCRIPT = Script(
    game_id=SPEC.id,
    names=("Ana", "Pau"),
    hands=(
        ("yellow 1", "red 7", "blue 0", "green 8", "purple 5"),
        ("green 3", "red 5", "yellow 2", "purple 2", "blue 6"),
        ("blue 4", "blue 1", "green 6", "red 3", "purple 0"),
    ),
    pile=None,
    options={"rounds": 1},
    teaches=("pain pick", "off-colour beats the lead", "a zero", "pain lands on you"),
    steps=(
        you(
            "pain yellow 1",
            N_(
                "First everyone picks a pain card: its colour will cost you points "
                "this round. Pick {card}: a low card, so it costs only 1."
            ),
        ),
        Step(1, "pain green 3"),
        Step(2, "pain blue 4"),
        you("play red 7", N_("You lead: your card sets the lead colour, and nobody has to follow it. Play {card}.")),
        Step(1, "play red 5"),
        Step(2, "play blue 1"),
        Step(2, "play green 6"),
        you(
            "play blue 0",
            N_(
                "Pau's blue 1 beat your orange 7: a card that is not the lead colour "
                "beats the lead. Now play your {card}: a zero never wins a trick."
            ),
        ),
        Step(1, "play purple 2"),
        Step(1, "play yellow 2"),
        Step(2, "play purple 0"),
        you(
            "play green 8",
            N_(
                "Ana led yellow, your pain colour. Play {card}: another colour "
                "beats the lead, so you take the trick and its yellow 2 costs you 2."
            ),
        ),
        you(
            "play purple 5",
            N_(
                "Each card you took scores +1, but each card of your pain colour "
                "costs its value. Lead {card} to finish the round."
            ),
        ),
        Step(1, "play blue 6"),
        Step(2, "play red 3"),
    ),
)

#: the end's line: the rules the guided game showed
LEARNT = N_(
    "You picked a pain card, saw another colour beat the lead, played a zero and "
    "took a pain card. That is all of Sticheln: a real game has more cards and rounds."
)


def selects(wanted: Any, key: Hashable, selection: Set[Hashable]) -> bool:
    """A step is one card: nothing is selected on the way to it."""
    return False


def wants_card(wanted: Any, key: Hashable, selection: Set[Hashable]) -> bool:
    """The hand card the step plays (or picks as its pain card)."""
    return wanted.kind in ("pain", "play") and key == str(wanted.card)


def how(wanted: Any, name: Callable[[int], str], selection: Set[Hashable]) -> str:
    return _("Click {card} in your hand.").format(card=names.card_name(SPEC.id, wanted.card))


def facts(wanted: Any, state: Any) -> dict[str, Any]:
    return {"card": names.card_name(SPEC.id, wanted.card)}


def outcome(state: Any) -> str:
    """Where the learner's points went: the pain colour's cost, the other cards' +1s."""
    pain = state.pain_card(HUMAN)
    if pain is None:
        return ""
    won = state.won_cards(HUMAN)
    cost = pain.value + sum(card.value for card in won if card.colour == pain.colour)
    plus = sum(1 for card in won if card.colour != pain.colour)
    return _("Your pain colour cost you {cost}; your other cards scored +{plus}.").format(cost=cost, plus=plus)
