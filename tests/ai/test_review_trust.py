"""Marks a player can trust (issue 25): the coach's marks re-weighed on fresh
worlds with Normal agents playing every seat to the horizon
(`game.tools.reweigh`), and the review's own rules: marks only beyond luck,
deterministic, sliceable, and old kept reviews made again."""

from __future__ import annotations

import pytest
from matrix import count, fast_lane

from game import rules
from game.ai import review
from game.ai.review import FORMAT_VERSION, MARKS, Review, decisions_from_json, new_evaluation, positions
from game.tools import reweigh

MAX_CONTRADICTED = 0.03
MAX_RATIO = 1.5


def _assert_trusted(report: reweigh.GameReport) -> None:
    row = report.to_json()
    assert report.contradicted_share <= MAX_CONTRADICTED, row
    if report.checked:
        assert report.independent_loss > 0, row
        assert 1 / MAX_RATIO <= report.loss_ratio <= MAX_RATIO, row


@pytest.mark.slow  # a whole review at its real budget (3-4 s); the fast lane keeps the review's own rules below
def test_the_marks_of_a_seeded_grinch_game_survive_a_reweighing() -> None:
    """The short variant: one game, fewer fresh worlds."""
    report = reweigh.measure("grinch", games=1, worlds=64)
    assert report.checked  # Easy slips: there are marks to check
    _assert_trusted(report)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "min_marks"), [("sticheln", count(60, 30)), ("grinch", 0), ("avalanche", 0)])
def test_the_marks_of_four_seeded_games_survive_a_reweighing(game_id: str, min_marks: int) -> None:
    """The issue's measurement: >= 60 Sticheln marks, every Grinch and
    Avalanche mark of 4 seeded games; contradicted <= 3 %, the coach's average
    loss within 1.5x of the independent one (.ci/run: 2 games, >= 30 Sticheln
    marks; FIRESIDE_FULL_MATRIX=1: the issue's 4 and 60)."""
    report = reweigh.measure(game_id, games=count(4, 2), min_marks=min_marks, worlds=160)
    assert len(report.checked) >= min_marks
    _assert_trusted(report)


def test_a_mark_needs_a_loss_beyond_luck() -> None:
    """With one world there is no standard error to speak of: nothing is marked."""
    first, moves = reweigh.play_game("sticheln", 2)
    decisions = Review(first, moves, [0], rollouts=1).complete()
    assert decisions and not any(d.mark in MARKS for d in decisions)


@pytest.mark.parametrize(
    ("game_id", "seed", "rollouts"), fast_lane([("grinch", 3, 1500), ("sticheln", 1, 800)], ("sticheln", 1, 800))
)
def test_tracking_the_move_played_changes_nothing_of_the_race(game_id: str, seed: int, rollouts: int) -> None:
    """The review follows the move played to the end, the hint does not; both
    must crown the same move on the same worlds, also when the budget ends the
    race (the tracked move's plies are not the race's)."""
    first, moves = reweigh.play_game(game_id, seed)
    budget_ended = 0
    for position in positions(first, moves, [0])[:6]:
        view = position.state.view(0)
        played = position.move
        alone = new_evaluation(view, rollouts)
        tracked = new_evaluation(view, rollouts, track=played)
        for evaluation in (alone, tracked):
            while not evaluation.finished:
                evaluation.step()
        assert alone.best()[0] == tracked.best()[0]
        assert alone.done <= tracked.done and alone.race_spent == tracked.race_spent
        budget_ended += alone.race_spent >= rollouts
    if game_id == "sticheln":
        assert budget_ended  # the case that once differed


def test_a_review_runs_in_small_steps_and_is_deterministic() -> None:
    first, moves = reweigh.play_game("avalanche", 1)
    sliced = Review(first, moves, [0], rollouts=400)
    sliced.todo = sliced.todo[:8]
    steps = list(sliced.run(slice_s=0.0))
    assert steps == sorted(steps) and steps[-1] == 1.0
    assert len(steps) > 2 * len(sliced.todo)  # a slice is one continuation, not a decision
    again = Review(first, moves, [0], rollouts=400)
    again.todo = again.todo[:8]
    assert again.complete() == sliced.decisions


def test_a_review_kept_by_the_cheap_rollouts_is_made_again() -> None:
    """Version 1 values came from the search's rollouts: not read, so re-made."""
    first, moves = reweigh.play_game("grinch", 2)
    data = Review(first, moves, [0], rollouts=4)
    data.complete()
    kept = data.to_json()
    assert kept["version"] == FORMAT_VERSION == 2
    assert decisions_from_json(kept, len(moves)) == data.decisions
    with pytest.raises(ValueError, match="version"):
        decisions_from_json({**kept, "version": 1}, len(moves))


def test_values_are_points_after_normal_play_at_the_horizon() -> None:
    """The last Grinch row choice: Normal's continuation ends the round, so the
    value of each row is its points (plus nothing later in the last round)."""
    first, moves = reweigh.play_game("grinch", 4)
    state = first
    last = None
    for move in moves:
        if str(move).startswith("score") and state.round == state.rounds - 1 and len(state.legal_moves()) > 1:
            last = state
        state = state.apply(move)
    if last is None:
        pytest.skip("no choice of row in the last round")
    view = last.view(last.current_player)
    evaluation = new_evaluation(view, 2000)
    while not evaluation.finished:
        evaluation.step()
    module = rules.get("grinch")
    worth = {m: module.hand_score(view.hand(view.viewer), m.arg) for m in view.legal_moves()}
    assert worth[evaluation.best()[0]] == max(worth.values())
    assert review.budget("grinch") == review.BUDGET
