"""Match.seek: replays step back and forth through states `apply` reached,
never writing a state of their own (issue 12)."""

from __future__ import annotations

import random

import pytest

from game.match.match import Match, Seat


def _played(moves: int = 12) -> Match:
    match = Match("sticheln", [Seat("Ana", True), Seat("Mina", False), Seat("Pau", False)], seed=4)
    rng = random.Random(1)
    for _ in range(moves):
        match.apply(rng.choice(match.state.legal_moves()))
    return match


def test_seek_shows_each_position_and_keeps_the_moves() -> None:
    match = _played()
    states = [match.seek(i) for i in range(len(match.moves) + 1)]
    assert match.position == len(match.moves) == 12
    for i, state in enumerate(states):
        assert match.seek(i) is state
        assert match.position == i
    fresh = Match("sticheln", list(match.seats), seed=4)
    for (_seat, move), expected in zip(match.moves, states[1:]):
        assert fresh.apply(move) == expected


def test_a_move_played_after_stepping_back_replaces_the_later_ones() -> None:
    match = _played()
    match.seek(5)
    move = match.state.legal_moves()[0]
    match.apply(move)
    assert match.position == len(match.moves) == 6
    assert match.moves[-1][1] == move


def test_seek_out_of_range_says_so() -> None:
    match = _played(3)
    with pytest.raises(IndexError):
        match.seek(4)
