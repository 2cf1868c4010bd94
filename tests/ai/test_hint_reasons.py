"""Hint is the coach's sentence (issue 35): at every level of every game the
hint names the review's best move, says why in the game's own terms (the
coach's reason against the next best move, never a sentence that only
names the move) and how it compares; it never warns against the move it
recommends, and it reads in every language.  The sampled check runs here;
the issue's count (200 decisions of each game at each level) is the slow
test on a full run (FIRESIDE_FULL_MATRIX=1, as the nightly workflow runs it;
`.ci/run` surveys 100 of each, tests/matrix.py) and
`python -m game.tools.hint_reasons`."""

from __future__ import annotations

import re

import pytest
from matrix import count, fast_lane

from game import i18n
from game.ai import LEVELS, review
from game.ai.advice import ONLY_MOVE, Advice, advise
from game.app.words import advice as words
from game.rules import Phrase, registry
from game.tools import hint_reasons

GAMES = hint_reasons.GAMES
WARNINGS = re.compile(r"risky|may cost you|careful|but beware", re.IGNORECASE)


@pytest.mark.parametrize("game_id,level", fast_lane([(g, lv) for g in GAMES for lv in LEVELS], ("grinch", "normal")))
def test_sampled_hints_give_a_coach_reason_at_every_level(game_id: str, level: str) -> None:
    found = hint_reasons.survey(game_id, level, 3 if level == "hard" else 6, rollouts=600)
    assert found.decisions >= 3
    assert found.share == 1.0, found.without


@pytest.mark.parametrize("game_id", fast_lane(GAMES, "avalanche"))
def test_the_hint_names_the_reviews_best_move_and_argues_for_it(game_id: str) -> None:
    for view in hint_reasons.positions(game_id, "normal", 4, first_seed=3):
        said = advise(view, rollouts=800)
        evaluation = review.evaluate(view, rollouts=800)
        assert said.move == evaluation.best()[0]
        assert said.other in view.legal_moves() and said.other != said.move
        assert said.margin >= 0 and (said.equal or said.margin >= 0.5)
        assert said.alike is None or (said.alike in view.legal_moves() and said.alike not in (said.move, said.other))
        line = words.line(game_id, said, lambda s: f"P{s}", lambda s: s == 0)
        assert not WARNINGS.search(line), line
        assert line.count(".") >= 1 and ("better than" in line or "about as good as" in line), line


@pytest.mark.parametrize("game_id", fast_lane(GAMES, "sticheln"))
def test_the_hint_reads_in_every_language(game_id: str) -> None:
    views = list(hint_reasons.positions(game_id, "easy", 3, first_seed=5))
    advices = [advise(view, rollouts=500) for view in views]
    try:
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            for said in advices:
                line = words.line(game_id, said, lambda s: f"P{s}", lambda s: s == 0)
                clause = words.why(game_id, said, lambda s: f"P{s}", lambda s: s == 0)
                assert clause and "{" not in line and "}" not in line, (code, line)
    finally:
        i18n.set_language("en")


def test_a_forced_move_says_so_and_compares_with_nothing() -> None:
    module = registry.get("sticheln").rules
    move = module.parse_move("play red 7")
    forced = Advice(move, Phrase(ONLY_MOVE, "it is the only move the rules allow"))
    line = words.line("sticheln", forced, str, bool)
    assert line == "Play orange 7 — it is the only move the rules allow", line
    assert words.line("sticheln", Advice(move, None), str, bool) == "Play orange 7"  # nothing to say: the move alone


def test_equal_and_better_read_differently() -> None:
    module = registry.get("sticheln").rules
    a, b = module.parse_move("play red 7"), module.parse_move("play green 8")
    better = words.comparison("sticheln", Advice(a, None, b, 3.2, False), str, bool)
    equal = words.comparison("sticheln", Advice(a, None, b, 0.3, True), str, bool)
    alike = words.comparison("sticheln", Advice(a, None, b, 4.4, False, module.parse_move("play blue 2")), str, bool)
    assert better == "About 3 points better than green 8."
    assert equal == "In the end about as good as green 8."
    assert alike == "About as good as blue 2, and about 4 points better than green 8."


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game_id", GAMES)
def test_the_hints_of_each_game_at_each_level_give_a_reason(game_id: str, level: str) -> None:
    """The issue's number: 100 % of 200 hints on a full run (what `python -m game.tools.hint_reasons`
    reports); 100 in `.ci/run`, whose 15 minutes the hard level's 200 strained (90-136 s a game)."""
    decisions = count(200, 100)
    found = hint_reasons.survey(game_id, level, decisions)
    assert found.decisions == decisions
    assert found.share == 1.0, found.without[:5]
    assert len(found.codes) >= 4
