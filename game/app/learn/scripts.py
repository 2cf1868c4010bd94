"""The guided games as data: a fixed deal and every move, in play order.

Each script is a short real game (or, for Grinch, its first round) dealt so
that every key rule comes up.  A step is one move for one seat; the human's
steps carry the caption shown while the table waits for that move, and the
computers' steps are what their scripted agents play.  Everything still
goes through the rules: `tests/app/test_learn_scripts.py` plays each script
from start to end and checks that the listed rules happen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.i18n import N_

HUMAN = 0  # the learner always sits at seat 0


@dataclass(frozen=True)
class Step:
    """One move of the script: `seat` plays `move` (the rules' notation)."""

    seat: int
    move: str
    caption: str = ""  # a catalog message (N_) for the human's steps


@dataclass(frozen=True)
class Script:
    game_id: str
    names: tuple[str, ...]  # the computers' names (seat 0 is "You")
    hands: tuple[tuple[str, ...], ...]
    pile: tuple[str, ...] | None
    steps: tuple[Step, ...]
    start: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    #: the rules' events this script must show (checked by the tests)
    teaches: tuple[str, ...] = ()

    @property
    def human_steps(self) -> list[int]:
        return [i for i, step in enumerate(self.steps) if step.seat == HUMAN]


def _you(move: str, caption: str) -> Step:
    return Step(HUMAN, move, caption)


STICHELN = Script(
    game_id="sticheln",
    names=("Ana", "Pau"),
    hands=(("yellow 1", "red 7", "blue 0", "green 8", "purple 5"),
           ("green 3", "red 5", "yellow 6", "purple 2", "blue 6"),
           ("blue 4", "blue 1", "green 6", "red 3", "purple 0")),
    pile=None,
    options={"rounds": 1},
    teaches=("pain pick", "off-colour beats the lead", "a zero", "pain lands on you"),
    steps=(
        _you("pain yellow 1", N_("First everyone picks a pain card: its colour will cost you points "
                                 "this round. Pick {card}: a low card, so it costs only 1.")),
        Step(1, "pain green 3"),
        Step(2, "pain blue 4"),
        _you("play red 7", N_("You lead: your card sets the lead colour, and nobody has to "
                              "follow it. Play {card}.")),
        Step(1, "play red 5"),
        Step(2, "play blue 1"),
        Step(2, "play green 6"),
        _you("play blue 0", N_("Pau's blue 1 beat your orange 7: a card that is not the lead colour "
                               "beats the lead. Now play your {card}: a zero never wins a trick.")),
        Step(1, "play purple 2"),
        Step(1, "play yellow 6"),
        Step(2, "play purple 0"),
        _you("play green 8", N_("Ana led yellow, your pain colour. Play {card}: another colour "
                                "beats the lead, so you take the trick and its yellow 6 costs you 6.")),
        _you("play purple 5", N_("Each card you took scores +1, but each card of your pain colour "
                                 "costs its value. Lead {card} to finish the round.")),
        Step(1, "play blue 6"),
        Step(2, "play red 3"),
    ),
)

AVALANCHE = Script(
    game_id="avalanche",
    names=("Ana",),
    hands=(("5H", "QS", "4D", "4C"), ("8C", "3H", "9S", "9D", "KH", "6C")),
    pile=("2C",),
    teaches=("start", "grow", "stop", "fall you collect", "snowfall"),
    steps=(
        _you("play 5", N_("No avalanche is on the table yet: start one with a card, or several "
                          "cards of one rank. Start it with your {rank}.")),
        Step(1, "play 8"),
        _you("play Q", N_("Ana's 8 is higher than your 5, so the avalanche grew. Make it grow "
                          "again with your {rank}.")),
        Step(1, "play 3"),
        _you("snowfall", N_("Ana played one lower card on one card: the avalanche fell on you, who "
                            "played just before her. Collected cards are your points. Now the table "
                            "is empty: take a Snowfall card from the draw pile.")),
        Step(1, "play 9 9"),
        _you("play 4 4", N_("Ana started with two 9s. As many cards of a lower rank stop an "
                            "avalanche: it drops into the crevasse and scores for nobody. Play "
                            "your two {rank}s.")),
        Step(1, "play K"),
        _you("play 2", N_("A single lower card on a single card makes the avalanche fall, this "
                          "time onto Ana, who played just before you. Play your {rank} to end "
                          "the game.")),
    ),
)

GRINCH = Script(
    game_id="grinch",
    names=("Ana",),
    hands=(("W1a", "P2b"), ("N2b", "O3a")),
    pile=("W4b", "N6a", "O6a", "O1a", "W6b", "N3a", "P3a", "O4b", "P5b", "N4b",
          "W3b", "N5b", "O5a", "P4a"),
    teaches=("a Who turn", "the Grinch takes a discard", "the heart grows", "a row with a bonus"),
    steps=(
        Step(1, "discard N6a"),
        _you("take 1", N_("You are the Grinch this round. Ana, a Who, drew two cards and "
                          "discarded one. The Grinch takes two cards, one at a time: take {card} "
                          "from the top of Ana's discard pile.")),
        _you("draw", N_("Take your second card from the draw pile.")),
        _you("discard P2b", N_("Now discard one card onto your own pile: when the first turn "
                               "ends, every hand holds 3 cards. Discard {card}.")),
        Step(1, "discard W6b"),
        _you("take 1", N_("The heart grew to 4: this turn ends with 4 cards in every hand. Ana "
                          "threw away {card}: take it.")),
        _you("draw", N_("Take your second card from the draw pile.")),
        _you("discard N3a", N_("Discard {card}. Keep Wreath 1: its bonus of 5 needs a Noise card, "
                               "and you hold Noise 6.")),
        Step(1, "discard P3a"),
        _you("draw", N_("The heart shows 5: the last turn of the round. Take a card from the "
                        "draw pile.")),
        _you("draw", N_("Take one more card from the draw pile.")),
        _you("discard N4b", N_("Discard {card}: your other five cards are the hand you score.")),
        Step(1, "score ornaments"),
        _you("score rainbow", N_("Choose a row on the score pad. Rainbow adds the highest card of "
                                 "each suit, and Wreath 1 adds its bonus: {points} points.")),
    ),
)

SCRIPTS: dict[str, Script] = {s.game_id: s for s in (STICHELN, AVALANCHE, GRINCH)}
