"""Every game Fireside knows, looked up by id: the one place that lists them.

The three games of the box register themselves when first asked for; a test
may `register` another (a toy game under tests/) without editing any shared
module.  Shared code calls `get(game_id)` / `ids()` / `specs()` and never names
a game.
"""

from __future__ import annotations

from importlib import import_module
from typing import TypeGuard

from game.rules.spec import GameSpec

#: The games of the box, in the order the title and the setup offer them.
BUILT_IN = ("sticheln", "avalanche", "grinch")

_specs: dict[str, GameSpec] = {}


def _load_built_in() -> None:
    for game_id in BUILT_IN:
        if game_id not in _specs:
            spec = import_module(f"game.games.{game_id}").SPEC
            _specs[spec.id] = spec


def register(spec: GameSpec) -> GameSpec:
    """Add a game (or replace one with the same id); returns the spec."""
    _load_built_in()
    _specs[spec.id] = spec
    return spec


def unregister(game_id: str) -> None:
    """Forget a registered game (tests that registered a toy clean up with this)."""
    if game_id in BUILT_IN:
        raise ValueError(f"{game_id!r} is one of the box's games and stays registered")
    _specs.pop(game_id, None)


def ids() -> tuple[str, ...]:
    """Every registered game's id, the box's first, in their order."""
    _load_built_in()
    return tuple(_specs)


def specs() -> tuple[GameSpec, ...]:
    _load_built_in()
    return tuple(_specs.values())


def get(game_id: str) -> GameSpec:
    """The spec of a game; a ValueError that names the known games for any other id."""
    _load_built_in()
    try:
        return _specs[game_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game_id!r}; choose one of {', '.join(_specs)}") from None


def known(game_id: object) -> TypeGuard[str]:
    """True for the id of a registered game (a save's or a deal code's field, say)."""
    _load_built_in()
    return isinstance(game_id, str) and game_id in _specs
