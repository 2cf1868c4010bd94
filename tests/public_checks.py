"""The check every game's `public_view()` must pass (tests/rules/test_contract.py
runs it over the box's games, tests/games/toy/ over the toy game): what a
spectator may see is exactly what every seat sees, and not one card more."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from game import ai
from game.rules import PUBLIC, IllegalMove, sample_world

#: Keys of a state's JSON that say whose it is (they differ by design).
WHOSE = ("viewer", "public")


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value (card notation among them)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def common(public: Any, views: list[Any], n: int, path: str = "") -> None:
    """`public` holds what every view holds alike; where the views differ it
    is a list with one entry a seat, and seat s's entry is what every other
    seat sees of it (never what s alone sees)."""
    first = views[0]
    if all(v == first for v in views[1:]):
        assert public == first, f"{path}: the public view says {public!r}, every seat sees {first!r}"
        return
    if all(isinstance(v, dict) for v in views):
        keys = set(first)
        assert all(set(v) == keys for v in views), f"{path}: views with different keys"
        assert isinstance(public, dict) and set(public) == keys, f"{path}: the public view's keys differ"
        for key in keys:
            common(public[key], [v[key] for v in views], n, f"{path}.{key}")
        return
    assert all(isinstance(v, list) and len(v) == n for v in views), f"{path}: views differ in what is no seat's"
    assert isinstance(public, list) and len(public) == n, f"{path}: one entry a seat"
    for seat in range(n):
        others = [v[seat] for s, v in enumerate(views) if s != seat]
        assert all(o == others[0] for o in others), f"{path}[{seat}]: the other seats see it differently"
        assert public[seat] == others[0], f"{path}[{seat}]: {public[seat]!r}, the other seats see {others[0]!r}"


def check_public(module: Any, state: Any) -> Any:
    """Every promise of `state.public_view()` at one position; the public view."""
    n = state.num_players
    public = state.public_view()
    data = public.to_json()
    assert public.viewer == PUBLIC and public.is_public and public.seed is None
    assert data["public"] is True and "viewer" not in data
    # the JSON round trip, through text as the network carries it
    again = module.State.from_json(json.loads(json.dumps(data)))
    assert again == public and again.is_public and again.to_json() == data
    # what every seat sees alike, and of each seat what the others see
    views = [state.view(s) for s in range(n)]
    seat_data = [{k: v for k, v in view.to_json().items() if k not in WHOSE} for view in views]
    common({k: v for k, v in data.items() if k not in WHOSE}, seat_data, n)
    for seat in range(n):
        other = views[(seat + 1) % n]
        assert list(public.hand(seat)) == list(other.hand(seat)) == [], f"seat {seat}'s hand shows"
        assert public.hand_size(seat) == state.hand_size(seat), f"seat {seat}'s count"
        assert views[seat].public_view() == public, "a seat's view knows everything the public knows"
    # not one card of any hand beyond what every seat's view names as often
    in_hands = Counter(str(c) for s in range(n) for c in state.hand(s))
    named = Counter(x for x in strings(data) if x in in_hands)
    least = [Counter(x for x in strings(view.to_json()) if x in in_hands) for view in views]
    extra = {card: k for card, k in named.items() if k > min(c[card] for c in least)}
    assert not extra, f"cards of a hand in the public view: {extra}"
    # what the full state says in public
    assert public.scores() == state.scores() and public.current_player == state.current_player
    assert public.is_over == state.is_over and public.winners() == state.winners()
    for event in public.events:
        if event.secret:
            assert all(c is None for c in event.cards), f"a secret event shows: {event}"
    assert public.public_view() == public
    return public


def check_public_refuses(state: Any) -> None:
    """A public view is for reading: no moves, no seat's view, no search on it."""
    public = state.public_view()
    assert public.legal_moves() == []
    data = public.to_json()
    for damaged in ({**data, "viewer": 0}, {**data, "public": "yes"}, {**data, "public": 1}):
        with pytest.raises(ValueError, match="public view"):
            type(public).from_json(damaged)
    for move in state.legal_moves()[:3]:
        with pytest.raises(IllegalMove):
            public.apply(move)
    with pytest.raises(ValueError):
        public.view(0)
    with pytest.raises(ValueError, match="public"):
        sample_world(public, random.Random(1))
    for level in ("random", "easy", "normal", "hard"):
        with pytest.raises(ValueError):
            ai.make_agent(level, 1).choose(public)


def random_positions(module: Any, n: int, seed: int, every: int) -> Iterator[Any]:
    """Every `every`-th position of a game played by random moves, and its end."""
    rng = random.Random(f"public/{seed}")
    state = module.new_game(n, seed)
    k = 0
    while not state.is_over:
        if k % every == 0:
            yield state
        state = state.apply(rng.choice(state.legal_moves()))
        k += 1
    yield state
