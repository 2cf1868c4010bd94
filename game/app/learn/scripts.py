"""The guided games as data: a fixed deal and every move, in play order.

Each game's script lives in its own lesson part (`game/games/<id>/lesson.py`,
its ``SCRIPT``; see `game.app.learn.guide` for the whole interface); this
module holds the shapes they are written in and finds a game's script.

Each script is a short real game (or, for a game of rounds, its first round)
dealt so that every key rule comes up.  A step is one move for one seat; the
human's steps carry the caption shown while the table waits for that move,
and the computers' steps are what their scripted agents play.  Everything
still goes through the rules: `tests/app/test_learn_scripts.py` plays each
script from start to end and checks that the listed rules happen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from game.rules import registry

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


def you(move: str, caption: str) -> Step:
    """A step of the learner's, with its caption (a N_ message)."""
    return Step(HUMAN, move, caption)


def lesson_games() -> tuple[str, ...]:
    """The registered games that have a guided game, in the registry's order."""
    return tuple(spec.id for spec in registry.specs() if spec.has("lesson"))


def no_lesson(game_id: str) -> str | None:
    """Why `game_id` has no guided game, as one line; None if it has one."""
    if not registry.known(game_id):
        return f"unknown game {game_id!r}; choose one of {', '.join(registry.ids())}"
    if registry.get(game_id).has("lesson"):
        return None
    games = ", ".join(lesson_games()) or "none"
    return f"{game_id} has no guided game (there is one for: {games})"


def lesson(game_id: str) -> ModuleType:
    """The game's lesson part; a ValueError that says so for a game without one."""
    why = no_lesson(game_id)
    if why is not None:
        raise ValueError(why)
    return registry.get(game_id).module("lesson")


def script_for(game_id: str) -> Script:
    """The guided game of `game_id` (its lesson part's ``SCRIPT``)."""
    script: Script = lesson(game_id).SCRIPT
    return script
