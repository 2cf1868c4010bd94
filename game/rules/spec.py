"""What a game declares about itself, once: `GameSpec`.

Shared code (the app, the AI's search, saves, deal codes, the tools) asks a
game's spec and never names a game (OpenSpiel and RLCard work the same way:
a game registers itself; algorithms ask the game object).  A spec is plain
data plus the names of the game's *parts*: modules inside the game's package
with an agreed set of functions, imported only when first asked for, so
looking a game up never imports pygame.

The parts (modules of `game/games/<id>/`; see `PARTS`):

- ``rules``: the rules core (the contract in shared/design/architecture.md);
- ``heuristics``: ``easy_move(view, rng)`` and ``normal_move(view, rng)``;
- ``rollout``: the search's fast paths (``rollout``, ``totals``, ``horizon``);
- ``words``: what the game calls its cards and moves, its record sentences
  and status lines, in the current language;
- ``table``: the game's table scene (``Table``), pygame;
- ``art`` (optional): its card faces and backs, pygame (without one, plain faces with the notation);
- ``text`` (optional): its position described in plain text for the terminal game;
- ``deal`` (optional): the options a deal code carries beyond players and seed;
- ``lesson`` (optional): its guided first game;
- ``coach`` (optional): why a review mark's better move was better, in its own terms (`game.ai.explain`);
- ``rules_text`` (optional): its Rules screen, a package of one plain-data module
  per language (``rules_text/<lang>.py``: ``TITLE``, ``TAGLINE``, ``RULES``);
  without one, the Rules tab shows the game's name.

A game may leave out an optional part (`OPTIONAL_PARTS`); `has()` says whether
it has one, and the app offers what it has.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType

PARTS = ("rules", "heuristics", "rollout", "words", "text", "table", "art", "deal", "lesson", "coach", "rules_text")
OPTIONAL_PARTS = frozenset({"rollout", "text", "art", "deal", "lesson", "coach", "rules_text"})


@dataclass(frozen=True)
class GameSpec:
    """One game, declared once (in its package's ``__init__``) and registered
    in `game.rules.registry`."""

    id: str  # the id in saves, deal codes and settings: never change it
    package: str  # where its parts live, e.g. "game.games.sticheln"
    name: str  # its English display name (a msgid: the words say it in the player's language)
    code_prefix: str  # the two letters that start its deal codes ("ST4-…")
    hard_iterations: int  # ISMCTS iterations per decision for Hard (and, scaled, for the coach)
    rollout_scale: float  # points that make a reward of 1 in a rollout (a round's typical spread)
    review_thresholds: tuple[float, float]  # points lost from which a decision is (an inaccuracy, a mistake)
    parts: frozenset[str] = field(default=frozenset(PARTS))
    #: The rules' event that ends a round, its ``info["totals"]`` the totals
    #: after it (the Results' round-by-round table); "" for a game of one round.
    round_event: str = ""

    def has(self, part: str) -> bool:
        """True if the game offers this part (an optional one may be missing)."""
        if part not in PARTS:
            raise ValueError(f"unknown game part {part!r}; parts are {', '.join(PARTS)}")
        return part in self.parts and find_spec(f"{self.package}.{part}") is not None

    def module(self, part: str) -> ModuleType:
        """The game's module for `part`, imported on first use."""
        if not self.has(part):
            raise LookupError(f"{self.name} has no {part} part")
        return import_module(f"{self.package}.{part}")

    @property
    def rules(self) -> ModuleType:
        """The game's rules module (`game.rules.<id>` is the same module)."""
        return self.module("rules")
