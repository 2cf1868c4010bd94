"""Avalanche's guided first game (the optional ``lesson`` part): its script,
what the end says was learnt, and the guide's hooks for its steps.

The interface every lesson part offers is in `game.app.learn.guide`'s doc."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Set
from typing import Any

from game.app.learn.scripts import Script, Step, you
from game.games.avalanche import SPEC
from game.games.avalanche import words as avalanche_words
from game.games.avalanche.rules import parse_card
from game.i18n import N_, _, ngettext

SCRIPT = Script(
    game_id=SPEC.id,
    names=("Ana",),
    hands=(("5H", "QS", "4D", "4C"), ("8C", "3H", "9S", "9D", "KH", "6C")),
    pile=("2C",),
    teaches=("start", "grow", "stop", "fall you collect", "snowfall"),
    steps=(
        you(
            "play 5",
            N_(
                "No avalanche is on the table yet: start one with a card, or several "
                "cards of one rank. Start it with your {rank}."
            ),
        ),
        Step(1, "play 8"),
        you("play Q", N_("Ana's 8 is higher than your 5, so the avalanche grew. Make it grow again with your {rank}.")),
        Step(1, "play 3"),
        you(
            "snowfall",
            N_(
                "Ana played one lower card on one card: the avalanche fell on you, who "
                "played just before her. Collected cards are your points. Now the table "
                "is empty: take a Snowfall card from the draw pile."
            ),
        ),
        Step(1, "play 9 9"),
        you(
            "play 4 4",
            N_(
                "Ana started with two 9s. As many cards of a lower rank stop an "
                "avalanche: it drops into the crevasse and scores for nobody. Play "
                "your two {rank}s."
            ),
        ),
        Step(1, "play K"),
        you(
            "play 2",
            N_(
                "A single lower card on a single card makes the avalanche fall, this "
                "time onto Ana, who played just before you. Play your {rank} to end "
                "the game."
            ),
        ),
    ),
)

#: the end's line: the rules the guided game showed
LEARNT = N_(
    "You started an avalanche, made it grow, stopped it into the crevasse, "
    "collected a fall and took a Snowfall. A real game goes on until the cards "
    "run out."
)


def selects(wanted: Any, key: Hashable, selection: Set[Hashable]) -> bool:
    """A card of the wanted rank while fewer than the wanted count are selected."""
    if wanted.kind != "play" or not isinstance(key, tuple):
        return False
    rank = parse_card(key[1]).rank
    picked = [k for k in selection if isinstance(k, tuple) and parse_card(k[1]).rank == wanted.rank]
    return rank == wanted.rank and key not in selection and len(picked) < wanted.count


def wants_card(wanted: Any, key: Hashable, selection: Set[Hashable]) -> bool:
    """A hand card the step still wants selected."""
    return isinstance(key, tuple) and selects(wanted, key, selection)


def how(wanted: Any, name: Callable[[int], str], selection: Set[Hashable]) -> str:
    if wanted.kind == "snowfall":
        return _("Click the draw pile.")
    if len(selection) >= wanted.count:
        return _("Now press Play (or Enter).")
    return ngettext(
        "Click the card marked in your hand, then press Play.",
        "Click the cards marked in your hand, then press Play.",
        wanted.count,
    )


def facts(wanted: Any, state: Any) -> dict[str, Any]:
    return {"rank": avalanche_words.rank_name(wanted.rank)} if wanted.kind == "play" else {}
