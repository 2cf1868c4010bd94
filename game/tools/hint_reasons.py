"""Does Hint say why?  Hints over many decisions of seeded games, counted.

    python -m game.tools.hint_reasons                     # 200 decisions of each game at each level
    python -m game.tools.hint_reasons --decisions 20 --games sticheln --levels easy

Every seat of a seeded game plays at one computer level; at each decision of
seat 0 with more than one legal move the coach is asked (`game.ai.advice`)
and its hint said as the table says it (`game.app.words.advice`).  A hint
counts as a reason when it says more than its move: the game's coach gives
a clause for it (not a sentence that only names the move, not nothing).
Also counted: the distinct reasons (codes, and sentences as said in English),
and hints whose reason is not the game's coach's.  The issue's number is
100 % with a reason; `tests/ai/test_hint_reasons.py` checks a sample and,
marked slow, the whole count.  No pygame.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from game import i18n, rules
from game.ai import LEVELS, make_agent
from game.ai.advice import advise
from game.app.words import advice as words
from game.rules import registry

GAMES = tuple(registry.ids())
#: The coach's budget for the count (moves of Normal play a decision's race
#: may spend): a quarter of the table's, so the whole count fits a coffee break;
#: the reasons are the same kind at any budget.
ROLLOUTS = 2500


@dataclass
class Survey:
    """The hints of one game at one level."""

    game_id: str
    level: str
    decisions: int = 0
    with_reason: int = 0
    codes: Counter[str] = field(default_factory=Counter)
    texts: set[str] = field(default_factory=set)
    equal: int = 0  # hints with no move clearly worse than the coach's (all about as good)
    without: list[str] = field(default_factory=list)  # the hints that only name the move (for the report)
    seconds: float = 0.0

    @property
    def share(self) -> float:
        return self.with_reason / max(1, self.decisions)

    def line(self) -> str:
        return (
            f"{self.game_id:<10} {self.level:<7} {self.decisions:4d} decisions · with a reason "
            f"{100 * self.share:5.1f} % · {len(self.codes):2d} reason codes · {len(self.texts):4d} distinct "
            f"sentences · {100 * self.equal / max(1, self.decisions):3.0f} % with no move clearly worse · "
            f"{self.seconds:.0f} s"
        )


def positions(game_id: str, level: str, wanted: int, first_seed: int = 1) -> Any:
    """Seat 0's decisions (views with more than one legal move) in seeded games
    where every seat plays at `level`, until `wanted` of them."""
    module = rules.get(game_id)
    seed, found = first_seed, 0
    while found < wanted:
        players = min(max(3 + seed % 2, min(module.PLAYERS)), max(module.PLAYERS))
        state = module.new_game(players, seed)
        agents = [make_agent(level, f"hints/{game_id}/{seed}/{s}") for s in range(players)]
        while not state.is_over and found < wanted:
            seat = state.current_player
            view = state.view(seat)
            if seat == 0 and len(view.legal_moves()) > 1:
                found += 1
                yield view
            state = state.apply(agents[seat].choose(view))
        seed += 1


def survey(game_id: str, level: str, decisions: int, rollouts: int = ROLLOUTS) -> Survey:
    """Hint asked at `decisions` of seat 0's decisions, said in English and counted."""
    out = Survey(game_id, level)
    coach_codes = set(getattr(registry.get(game_id).module("coach"), "CODES", ()))
    started = time.monotonic()
    before = i18n.language()
    i18n.set_language("en")
    try:
        for view in positions(game_id, level, decisions):
            said = advise(view, rollouts)
            out.decisions += 1
            out.equal += said.equal
            code = str(getattr(said.reason, "code", "") or "")
            if words.beyond_the_move(game_id, said) and code in coach_codes:
                out.with_reason += 1
                out.codes[code] += 1
                out.texts.add(words.why(game_id, said, lambda s: f"P{s}", lambda s: s == 0))
            else:
                out.without.append(words.line(game_id, said, lambda s: f"P{s}", lambda s: s == 0))
    finally:
        i18n.set_language(before)
    out.seconds = time.monotonic() - started
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.hint_reasons", description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=200, help="seat 0's decisions per game and level")
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    parser.add_argument("--levels", nargs="+", choices=LEVELS, default=list(LEVELS))
    parser.add_argument("--rollouts", type=int, default=ROLLOUTS, help="the coach's budget per decision")
    args = parser.parse_args(argv)
    every: Counter[str] = Counter()
    total = with_reason = 0
    for game_id in args.games:
        for level in args.levels:
            s = survey(game_id, level, args.decisions, args.rollouts)
            print(s.line(), flush=True)
            for line in s.without[:5]:
                print(f"    only the move: {line}")
            every.update({f"{game_id}/{c}": n for c, n in s.codes.items()})
            total += s.decisions
            with_reason += s.with_reason
    print(
        f"all: {total} decisions · with a reason {100 * with_reason / max(1, total):.1f} % · {len(every)} reason codes"
    )
    return 0 if with_reason == total else 1


if __name__ == "__main__":
    sys.exit(main())
