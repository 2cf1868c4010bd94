"""Property tests over thousands of seeded random games for every game and
player count.  After every move they check card conservation, legal-move
sanity, the move gate, JSON round-trips, determinism and hidden information;
every game must end.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter

import pytest
from matrix import sample

from game.rules import GAME_IDS, IllegalMove, get

GAMES_PER_GAME = 2000  # spread evenly over the allowed player counts
CHUNK = 50  # games per test case, so pytest-xdist can share them out
QUICK = 4  # games per player count kept out of the sampled chunks: ...
FAST = 2  # ... the first of them in the fast lane (-m "not slow"), the rest with the slow ones
SLOW_CHUNKS = 1  # slow chunks per player count that .ci/run plays, picked by seed (all with FIRESIDE_FULL_MATRIX=1)
MAX_MOVES = 5000  # far above the longest real game; a loop would trip it
HIDDEN_PREFIXES = ("hand ", "pile", "pick ", "pending ")


def _cases():
    for game_id in GAME_IDS:
        counts = list(get(game_id).PLAYERS)
        per_count = -(-GAMES_PER_GAME // len(counts))
        for n in counts:
            yield pytest.param(game_id, n, range(FAST), id=f"{game_id}-{n}p-quick")
            yield pytest.param(game_id, n, range(FAST, QUICK), id=f"{game_id}-{n}p-quick-rest", marks=pytest.mark.slow)
            for first in sample(range(QUICK, per_count, CHUNK), SLOW_CHUNKS, seed=f"{game_id}-{n}"):
                seeds = range(first, min(first + CHUNK, per_count))
                yield pytest.param(game_id, n, seeds, id=f"{game_id}-{n}p-{first}", marks=pytest.mark.slow)


def _check_views(state, seats) -> None:
    places = state.places()
    public = {str(c) for name, cs in places.items() if not name.startswith(HIDDEN_PREFIXES) for c in cs}
    for seat in seats:
        view = state.view(seat)
        own = (f"hand {seat}", f"pick {seat}", f"pending {seat}")
        mine = {str(c) for name in own for c in places.get(name, ())}
        secret = {
            str(c) for name, cs in places.items() if name.startswith(HIDDEN_PREFIXES) and name not in own for c in cs
        }
        text = json.dumps(view.to_json())
        # a card with a visible twin (Avalanche has two of each) cannot be told apart
        leaked = [card for card in secret - public - mine if f'"{card}"' in text]
        assert not leaked, f"seat {seat}'s view shows hidden cards {sorted(leaked)}"
        assert view.hand(seat) == state.hand(seat)
        for other in range(state.num_players):
            assert view.hand_size(other) == state.hand_size(other)
            if other != seat:
                assert view.hand(other) == []
        for event in view.events:
            if event.secret and event.seat != seat:
                assert all(card is None for card in event.cards), f"secret event leaked: {event}"
        assert view.current_player == state.current_player
        assert view.scores() == state.scores()


def _play_checked(module, n: int, seed: int, deck: Counter) -> tuple[list, list]:
    rng = random.Random(seed)
    state = module.new_game(n, seed, start=seed % n)
    moves_seen: dict[str, object] = {}
    history = [state]
    moves = []
    while not state.is_over:
        assert len(moves) < MAX_MOVES, "game did not end"
        legal = state.legal_moves()
        assert legal, "no legal move in a running game"
        assert state.current_player in range(n)
        legal_text = [str(m) for m in legal]
        assert len(set(legal_text)) == len(legal_text), "duplicate legal moves"
        for move in legal:
            moves_seen.setdefault(str(move), move)
        data = state.to_json()
        text = json.dumps(data)
        copy = module.from_json(json.loads(text))
        assert copy == state
        assert copy.to_json() == data
        assert [str(m) for m in copy.legal_moves()] == legal_text
        assert copy.scores() == state.scores()
        # the gate: moves that are not legal now raise and change nothing
        for key in rng.sample(sorted(moves_seen), min(2, len(moves_seen))):
            if key not in legal_text:
                with pytest.raises(IllegalMove):
                    state.apply(moves_seen[key])
        assert json.dumps(state.to_json()) == text
        # one seat's view per move, taking turns, so every seat is checked often
        _check_views(state, [len(moves) % n])
        move = rng.choice(legal)
        state = state.apply(move)
        moves.append(move)
        history.append(state)
        assert Counter(c for cs in state.places().values() for c in cs) == deck
    assert state.current_player is None and state.legal_moves() == []
    assert state.winners() and set(state.winners()) <= set(range(n))
    _check_views(state, range(n))
    return moves, history


@pytest.mark.parametrize("game_id,n,seeds", list(_cases()))
def test_random_games(game_id: str, n: int, seeds: range) -> None:
    module = get(game_id)
    deck = Counter(module.deck(n))
    for seed in seeds:
        moves, history = _play_checked(module, n, seed * 7 + n, deck)
        if seed % 10 == 0:  # determinism: same seed and moves, same states
            state = module.new_game(n, seed * 7 + n, start=(seed * 7 + n) % n)
            assert state == history[0]
            for move, expected in zip(moves, history[1:]):
                state = state.apply(str(move))
                assert state == expected
                assert [str(e) for e in state.events] == [str(e) for e in expected.events]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_playout_reaches_the_end_from_any_position(game_id: str) -> None:
    module = get(game_id)
    rng = random.Random(5)
    for n in module.PLAYERS:
        for seed in range(20):
            state = module.new_game(n, seed)
            for _ in range(rng.randrange(40)):
                if state.is_over:
                    break
                state = state.apply(rng.choice(state.legal_moves()))
            before = state.to_json()
            totals = module.playout(state, random.Random(seed))
            assert len(totals) == n and all(isinstance(t, int) for t in totals)
            assert state.to_json() == before


def test_rules_and_ai_never_import_pygame() -> None:
    code = (
        "import sys, game.rules, game.ai\n"
        "from game.rules import sticheln, avalanche, grinch\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
