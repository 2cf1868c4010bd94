"""The step model of a guided game (no pygame): which move the script wants
now, which of the table's clicks lead to it, and the words of each step.

The table asks `Guide` with the number of moves played so far: that number
is the index of the script step due next, so the guide keeps no state of
its own and an Esc, a resize or a replayed frame cannot put it out of step.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from game import rules
from game.app.learn.scripts import HUMAN, Script, Step
from game.app.words import names
from game.i18n import _, ngettext


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
    def allows(self, played: int, move: Any | None, select: Hashable | None,
               selection: set[Hashable]) -> bool:
        """May the learner click this now?  The wanted move itself, or (Avalanche)
        a card of the wanted rank while fewer than the wanted count are selected."""
        wanted = self.wanted(played)
        if wanted is None:
            return False
        if move is not None:
            return move == wanted
        if select is None or self.game_id != "avalanche" or wanted.kind != "play":
            return False
        rank = self.module.parse_card(select[1]).rank
        picked = [key for key in selection if self.module.parse_card(key[1]).rank == wanted.rank]
        return rank == wanted.rank and select not in selection and len(picked) < wanted.count

    def wants_card(self, played: int, key: Hashable, selection: set[Hashable]) -> bool:
        """Is the hand card drawn under `key` (the table's sprite key) part of this step?"""
        wanted = self.wanted(played)
        if wanted is None:
            return False
        if self.game_id == "avalanche":
            return isinstance(key, tuple) and self.allows(played, None, key, selection)
        card = wanted.card if self.game_id == "sticheln" else wanted.arg
        return wanted.kind in ("pain", "play", "discard") and key == str(card)

    # -- words ----------------------------------------------------------------------
    def caption(self, played: int, state: Any) -> str:
        """The step's caption in the current language, its {placeholders} filled."""
        step = self.step(played)
        if step is None or not step.caption:
            return ""
        return _(step.caption).format(**self.facts(played, state))

    def how(self, played: int, name: Callable[[int], str], selection: set[Hashable] = frozenset()) -> str:
        """One sentence: what to click for this step (also the wrong click's answer)."""
        wanted = self.wanted(played)
        if wanted is None:
            return ""
        kind = wanted.kind
        if self.game_id == "avalanche":
            if kind == "snowfall":
                return _("Click the draw pile.")
            if len(selection) >= wanted.count:
                return _("Now press Play (or Enter).")
            return ngettext("Click the card marked in your hand, then press Play.",
                            "Click the cards marked in your hand, then press Play.", wanted.count)
        if self.game_id == "grinch":
            if kind == "draw":
                return _("Click the draw pile.")
            if kind == "take":
                return _("Click the top card of {name}'s discard pile.").format(name=name(wanted.arg))
            if kind == "score":
                return _("Click the {row} row on the score pad.").format(row=names.row_name(wanted.arg))
            return _("Click {card} in your hand.").format(card=names.card_name(self.game_id, wanted.arg))
        return _("Click {card} in your hand.").format(card=names.card_name(self.game_id, wanted.card))

    def instead(self, played: int, name: Callable[[int], str], selection: set[Hashable] = frozenset()) -> str:
        """What a click on anything else says."""
        return _("Not that one now. {how}").format(how=self.how(played, name, selection))

    def facts(self, played: int, state: Any) -> dict[str, Any]:
        """The values a caption may name: {card}, {rank}, {row}, {points}."""
        wanted = self.wanted(played)
        out: dict[str, Any] = {"card": "", "rank": "", "row": "", "points": ""}
        if wanted is None:
            return out
        if self.game_id == "sticheln":
            out["card"] = names.card_name(self.game_id, wanted.card)
        elif self.game_id == "avalanche" and wanted.kind == "play":
            out["rank"] = names.rank_name(wanted.rank)
        elif self.game_id == "grinch":
            if wanted.kind == "discard":
                out["card"] = names.card_name(self.game_id, wanted.arg)
            elif wanted.kind == "take":
                pile = state.discard_pile(wanted.arg)
                out["card"] = names.card_name(self.game_id, pile[0]) if pile else ""
            elif wanted.kind == "score":
                hand = state.hand(HUMAN)
                out["row"] = names.row_name(wanted.arg)
                out["points"] = self.module.hand_score(hand, wanted.arg)
        return out
