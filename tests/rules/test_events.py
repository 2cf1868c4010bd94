"""One event vocabulary (issue 13): every kind the rules emit is declared in
`game/rules/events.py` with what it means for undo and which sound it makes;
undo safety and the sound table read it from there."""

from __future__ import annotations

import importlib
import pkgutil
import random

import pytest

from game import rules
from game.match import match
from game.rules import GAME_IDS, events


def emitted(game_id: str, games: int = 4):
    """Every event of seeded random games in every player count (both
    Sticheln zero-trick rules)."""
    module = rules.get(game_id)
    rng = random.Random(21)
    for n in module.PLAYERS:
        for game in range(games):
            options = {"zero_trick": ("set_aside", "leader_takes")[game % 2]} if game_id == "sticheln" else {}
            state = module.new_game(n, f"{n}/{game}", **options)
            yield from state.events
            while not state.is_over:
                state = state.apply(rng.choice(state.legal_moves()))
                yield from state.events


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_emitted_kind_is_declared_and_classified(game_id: str) -> None:
    seen = set()
    for event in emitted(game_id):
        kind = events.KINDS.get(event.kind)
        assert kind is not None, f"{game_id} emits {event.kind!r}, which game/rules/events.py does not declare"
        assert isinstance(kind.revealing, bool), event.kind
        keys = set(event.info) if isinstance(event.info, dict) else set()
        assert keys <= kind.info, f"{event.kind}: info keys {keys - kind.info} are not declared"
        seen.add(event.kind)
    assert seen


def all_zero_trick() -> set[str]:
    """ST-4.4, too rare for random games: a trick of zeros is set aside."""
    from game.rules import sticheln

    state = sticheln.new_game(
        3, 1, rounds=1, hands=[["red 0", "red 1"], ["yellow 0", "yellow 1"], ["green 0", "green 1"]]
    )
    kinds = set()
    for text in ("pain red 1", "pain yellow 1", "pain green 1", "play red 0", "play yellow 0", "play green 0"):
        state = state.apply(text)
        kinds |= {e.kind for e in state.events}
    return kinds


def test_every_declared_kind_is_emitted_by_some_game() -> None:
    seen = {event.kind for game_id in GAME_IDS for event in emitted(game_id, games=6)}
    seen |= all_zero_trick()
    assert seen == set(events.KINDS), set(events.KINDS) ^ seen


def test_undo_and_sound_read_the_vocabulary() -> None:
    pytest.importorskip("pygame")
    from game.app.look import sound

    assert match.REVEALING is events.REVEALING
    assert sound.EVENT_SOUNDS is events.SOUNDS
    assert set(events.SOUNDS.values()) <= set(sound.SOUND_NAMES)
    # a table that still keeps its own copy must agree with it
    import game.app.table as table_pkg

    for info in pkgutil.iter_modules(table_pkg.__path__):
        module = importlib.import_module(f"game.app.table.{info.name}")
        copy = vars(module).get("EVENT_SOUNDS")
        if copy is not None:
            assert dict(copy) == events.SOUNDS, f"game.app.table.{info.name}.EVENT_SOUNDS drifts"


def test_the_revealing_kinds_are_the_ones_that_show_cards_or_scores() -> None:
    assert events.REVEALING == {
        "dealt",
        "drew",
        "revealed",
        "snowfall",
        "refilled",
        "round",
        "round_scored",
        "scored",
        "round_over",
        "game_over",
    }
