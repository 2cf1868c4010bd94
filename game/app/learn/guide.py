"""The step model of a guided game (no pygame): which move the script wants
now, which of the table's clicks lead to it, and the words of each step.

The table asks `Guide` with the number of moves played so far: that number
is the index of the script step due next, so the guide keeps no state of
its own and an Esc, a resize or a replayed frame cannot put it out of step.

What differs by game lives in the game's optional ``lesson`` part
(`game/games/<id>/lesson.py`); a game without one is not offered a guided
game.  A lesson part offers:

- ``SCRIPT``: its `Script` (the deal and every step; `game_id` its spec's id);
- ``LEARNT``: the end screen's line on what was learnt (a N_ message);
- ``selects(wanted, key, selection) -> bool``: may the learner select the
  card under `key` on the way to the `wanted` move (a set built from
  several clicks), `selection` holding what is selected so far;
- ``wants_card(wanted, key, selection) -> bool``: is the hand card drawn
  under `key` part of this step (it is lit; the rest of the hand is dimmed);
- ``how(wanted, name, selection) -> str``: one sentence, in the current
  language, on what to click (`name(seat)` names a seat);
- ``facts(wanted, state) -> dict``: the values its captions name, among
  {card}, {rank}, {row}, {points} (those left out are empty);
- optionally ``status(text, state) -> str``: the table's status line as
  the lesson shows it (a lesson says its own length, not the game's rounds);
- optionally ``outcome(state) -> str``: for the end screen, one sentence
  on where the learner's points came from (the state after the last move).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Set
from typing import Any

from game import rules
from game.app.learn.scripts import HUMAN, Script, Step, lesson
from game.i18n import _


class ScriptedAgent:
    """A computer seat that plays the script's move for it, and only a legal one."""

    def __init__(self, guide: Guide, position: Callable[[], int]):
        self.guide = guide
        self.position = position  # how many moves the match has played

    def choose(self, view: Any) -> Any:
        step = self.guide.step(self.position())
        if step is None:
            raise ValueError("the guided game's script has no move left for a computer")
        move = self.guide.module.parse_move(step.move)
        if move not in view.legal_moves():
            raise ValueError(f"the guided game's script plays {step.move!r}, which the rules forbid now")
        return move


class Guide:
    """What a script wants at each point of the game (see module doc)."""

    def __init__(self, script: Script):
        self.script = script
        self.module = rules.get(script.game_id)
        self.lesson = lesson(script.game_id)

    @property
    def game_id(self) -> str:
        return self.script.game_id

    def step(self, played: int) -> Step | None:
        """The step due after `played` moves, or None once the script is over."""
        steps = self.script.steps
        return steps[played] if 0 <= played < len(steps) else None

    def finished(self, played: int) -> bool:
        return played >= len(self.script.steps)

    def wanted(self, played: int) -> Any | None:
        """The move the learner should make now, or None (a computer's turn, or the end)."""
        step = self.step(played)
        if step is None or step.seat != HUMAN:
            return None
        return self.module.parse_move(step.move)

    def number(self, played: int) -> tuple[int, int]:
        """(this step's number among the learner's steps, how many there are), from 1."""
        human = self.script.human_steps
        done = sum(1 for i in human if i < played)
        return done + 1, len(human)

    # -- which clicks lead to the wanted move -----------------------------------------
    def allows(self, played: int, move: Any | None, select: Hashable | None, selection: Set[Hashable]) -> bool:
        """May the learner click this now?  The wanted move itself, or a card
        the lesson lets the learner select on the way to it (``selects``)."""
        wanted = self.wanted(played)
        if wanted is None:
            return False
        if move is not None:
            return move == wanted
        return select is not None and bool(self.lesson.selects(wanted, select, selection))

    def wants_card(self, played: int, key: Hashable, selection: Set[Hashable]) -> bool:
        """Is the hand card drawn under `key` (the table's sprite key) part of this step?"""
        wanted = self.wanted(played)
        return wanted is not None and bool(self.lesson.wants_card(wanted, key, selection))

    # -- words ----------------------------------------------------------------------
    def caption(self, played: int, state: Any) -> str:
        """The step's caption in the current language, its {placeholders} filled."""
        step = self.step(played)
        if step is None or not step.caption:
            return ""
        return _(step.caption).format(**self.facts(played, state))

    def how(self, played: int, name: Callable[[int], str], selection: Set[Hashable] = frozenset()) -> str:
        """One sentence: what to click for this step (also the wrong click's answer)."""
        wanted = self.wanted(played)
        if wanted is None:
            return ""
        how: str = self.lesson.how(wanted, name, selection)
        return how

    def instead(self, played: int, name: Callable[[int], str], selection: Set[Hashable] = frozenset()) -> str:
        """What a click on anything else says."""
        return _("Not that one now. {how}").format(how=self.how(played, name, selection))

    def status(self, text: str, state: Any) -> str:
        """The table's status line as the lesson shows it (the lesson part's
        optional ``status``: a game of rounds leaves out "Round 1 of 6")."""
        said = getattr(self.lesson, "status", None)
        return str(said(text, state)) if said is not None else text

    def outcome(self, state: Any) -> str:
        """The end's word on why the learner's score is what it is (the
        lesson part's optional ``outcome``), or ""."""
        said = getattr(self.lesson, "outcome", None)
        return str(said(state)) if said is not None else ""

    def facts(self, played: int, state: Any) -> dict[str, Any]:
        """The values a caption may name: {card}, {rank}, {row}, {points}."""
        wanted = self.wanted(played)
        out: dict[str, Any] = {"card": "", "rank": "", "row": "", "points": ""}
        if wanted is None:
            return out
        out.update(self.lesson.facts(wanted, state))
        return out
