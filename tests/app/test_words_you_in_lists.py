"""A list of names in a sentence ("Won by {names}") says the seat spoken to
as "you" as the pronoun, in every language, never as a name reading "You"."""

from __future__ import annotations

import pytest

from game import i18n
from game.app.scenes.history import result_line
from game.app.words.names import names_said
from game.match.match import Match, Seat


def finished(humans: list[bool], winner: int = 0) -> Match:
    """A one-round game played out whose first winner is `winner` (the first seed that gives one)."""
    seats = [Seat(name, human, "random") for name, human in zip(("You", "Mina", "Pau"), humans)]
    for seed in range(100):
        match = Match("sticheln", seats, seed, options={"rounds": 1})
        while not match.state.is_over:
            match.apply(match.state.legal_moves()[0])
        if match.state.winners()[0] == winner:
            return match
    raise AssertionError("no seed gives that winner")


def test_names_said_puts_the_pronoun_for_you():
    names = ["Ana", "Mina", "Pau"].__getitem__
    assert names_said([0, 2], names, lambda s: s == 0) == "you & Pau"
    assert names_said([1], names, lambda s: s == 0) == "Mina"


@pytest.mark.parametrize("lang", ["en", "ko", "ca", "pa"])
def test_history_says_you_won_with_the_pronoun(lang):
    i18n.set_language(lang)
    try:
        head = result_line(finished([True, False, False])).split(" · ")[0]
        assert "You" not in head and i18n._("you") in head
    finally:
        i18n.set_language("en")


def test_pass_and_play_names_every_winner():
    match = finished([True, True, False])
    head = result_line(match).split(" · ")[0]
    assert "you" not in head
