"""The coach (game/ai/review.py, game/session/coach.py): marks on positions whose best
move is known, a whole game reviewed, the review kept with the game and read
back without a second run, and `python -m game review`."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game import rules
from game.ai import make_agent
from game.ai.review import (
    FORMAT_VERSION,
    INACCURACY,
    MISTAKE,
    Decision,
    Review,
    budget,
    decisions_from_json,
    judge,
    mark_for,
)
from game.match.match import Match, Seat
from game.persist import reviews, savefile
from game.rules import grinch, sticheln
from game.session import coach
from game.tools import cli


def sticheln_last_two_tricks() -> sticheln.State:
    """Three players, two tricks left.  Seat 0 (pain colour green) is last to
    play on yellow 5, yellow 3 and holds red 7 and green 8; seats 1 and 2 hold
    blue 2 and purple 2.  Red 7 takes the trick for +3 and green 8 later goes
    to someone else; green 8 now takes it for +2 - 8.  Best: red 7, by 9."""
    card = sticheln.parse_card
    reserved = [["green 1", "green 8", "red 7"], ["blue 1", "yellow 5", "blue 2"], ["purple 1", "yellow 3", "purple 2"]]
    taken = {str(card(text)) for hand in reserved for text in hand}
    rest = [c for c in sticheln.deck(3) if str(c) not in taken]
    rng = random.Random(0)
    while True:  # deal the other 36 cards until twelve tricks of them leave seat 1 to lead
        rng.shuffle(rest)
        fill = [rest[i * 12 : (i + 1) * 12] for i in range(3)]
        state = sticheln.new_game(3, 5, start=1, hands=[fill[i] + [card(t) for t in reserved[i]] for i in range(3)])
        for pick in ("pain blue 1", "pain purple 1", "pain green 1"):
            state = state.apply(sticheln.parse_move(pick))
        queues = [list(f) for f in fill]
        while state.current_player is not None and queues[state.current_player]:
            seat = state.current_player
            state = state.apply(sticheln.Move("play", queues[seat].pop(0)))
        if not any(queues) and state.current_player == 1 and not state.trick:
            break
    return state.apply(sticheln.parse_move("play yellow 5")).apply(sticheln.parse_move("play yellow 3"))


def played(game_id: str, players: int, seed: int, humans: tuple[int, ...] = (0,)) -> Match:
    """A whole game between Normal players (seats in `humans` marked human)."""
    seats = [Seat(f"P{i}", i in humans) for i in range(players)]
    match = Match(game_id, seats, seed)
    agents = [make_agent("normal", i) for i in range(players)]
    while not match.state.is_over:
        seat = match.current
        match.apply(agents[seat].choose(match.state.view(seat)))
    return match


# -- one decision --------------------------------------------------------------------------
def test_a_known_mistake_is_marked_and_the_best_move_named() -> None:
    state = sticheln_last_two_tricks()
    view = state.view(0)
    good, bad = sticheln.parse_move("play red 7"), sticheln.parse_move("play green 8")
    assert set(view.legal_moves()) == {good, bad}
    wrong = judge(view, bad, 42, rollouts=120)
    assert wrong.best == "play red 7" and wrong.chosen == "play green 8"
    assert wrong.mark == MISTAKE and wrong.loss == pytest.approx(9.0, abs=1.0)
    assert wrong.reason is not None and wrong.reason["code"] == "st_took_own_pain"  # the coach part's words
    right = judge(view, good, 42, rollouts=120)
    assert (right.loss, right.mark, right.best) == (0.0, "", "play red 7")


def test_the_last_grinch_row_choice_is_the_highest_scoring_row() -> None:
    match = played("grinch", 3, 4)
    last = max((i for i, (_s, move) in enumerate(match.moves) if str(move).startswith("score")))
    state = Match(match.game_id, list(match.seats), match.seed).state
    for _seat, move in match.moves[:last]:
        state = state.apply(move)
    assert state.round == state.rounds - 1  # the last round: no later rows to weigh
    seat = state.current_player
    view = state.view(seat)
    rows = view.legal_moves()
    if len(rows) == 1:
        pytest.skip("only one row was left")
    worth = {move: grinch.hand_score(view.hand(seat), move.arg) for move in rows}
    worst = min(rows, key=lambda m: worth[m])
    decision = judge(view, worst, 1, rollouts=len(rows) * 4)
    assert worth[rules.get("grinch").parse_move(decision.best)] == max(worth.values())
    assert decision.loss == pytest.approx(max(worth.values()) - worth[worst])


def test_marks_follow_the_thresholds() -> None:
    assert mark_for("sticheln", 0.3) == ""
    assert mark_for("sticheln", 2.5) == INACCURACY
    assert mark_for("sticheln", 6.0) == MISTAKE
    assert mark_for("grinch", 2.5) == ""  # a Grinch row is worth more points than a trick
    assert budget("sticheln") >= 100  # continuations by Normal play a decision may spend


def test_a_decision_round_trips_and_bad_data_is_refused() -> None:
    decision = Decision(
        7,
        1,
        "play red 4",
        "play blue 0",
        -3.0,
        1.5,
        MISTAKE,
        {"code": "stay_out", "text": "Stay out", "params": {"card": "blue 0"}},
    )
    assert Decision.from_json(json.loads(json.dumps(decision.to_json()))) == decision
    for bad in (
        [],
        {**decision.to_json(), "seat": "one"},
        {**decision.to_json(), "mark": "blunder"},
        {**decision.to_json(), "reason": "words"},
    ):
        with pytest.raises(ValueError):
            Decision.from_json(bad)
    with pytest.raises(ValueError, match="move 7"):
        decisions_from_json({"version": FORMAT_VERSION, "decisions": [decision.to_json()]}, moves=6)


# -- a whole game ----------------------------------------------------------------------------
def test_a_small_whole_game_review_is_deterministic_and_runs_in_slices() -> None:
    match = played("grinch", 2, 3)
    review = coach.new_review(match, [0], rollouts=6)
    steps = list(review.run(slice_s=0.0))
    assert steps[-1] == 1.0 and len(steps) > review.total  # at least a slice per world
    assert [d.number for d in review.decisions] == [p.number for p in review.todo]
    assert all(d.seat == 0 for d in review.decisions)
    assert {d.chosen for d in review.decisions} <= {str(m) for _s, m in match.moves}
    again = coach.new_review(match, [0], rollouts=6).complete()
    assert again == review.decisions


def test_only_choices_are_reviewed() -> None:
    match = played("grinch", 2, 9)
    review = coach.new_review(match, [0, 1], rollouts=4)
    numbers = {p.number for p in review.todo}
    state = Match(match.game_id, list(match.seats), match.seed).state
    for number, (_seat, move) in enumerate(match.moves, 1):
        assert (number in numbers) == (len(state.legal_moves()) > 1)
        state = state.apply(move)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", rules.GAME_IDS)
def test_a_whole_four_player_game_at_full_budget(game_id: str) -> None:
    match = played(game_id, 4, 21)
    decisions = coach.new_review(match, [0]).complete()
    assert decisions and all(d.loss >= 0 for d in decisions)
    assert [d.chosen for d in decisions] == [str(match.moves[d.number - 1][1]) for d in decisions]
    # Normal plays well: few of its decisions are mistakes.  Except Avalanche's: its rule of
    # thumb draws (snowfall) early rather than open, and against Normal play that costs
    # about 7 points a time (confirmed on fresh worlds by game.tools.reweigh: 7.1 +- 1.2 at
    # move 1 of this game), so more than half of its decisions there are mistakes.
    share = 3 / 4 if game_id == "avalanche" else 1 / 4
    assert sum(1 for d in decisions if d.mark == MISTAKE) <= len(decisions) * share


# -- kept with the game ------------------------------------------------------------------------
def test_a_review_is_kept_in_the_save_and_read_back_without_a_second_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = played("grinch", 2, 5)
    path = tmp_path / "done.json"
    savefile.save(path, match)
    review = coach.new_review(match, [0], rollouts=8)
    review.complete()
    coach.keep(path, match, review)
    loaded = savefile.load(path)  # the reader of version 1 ignores the new field
    assert [str(m) for _s, m in loaded.moves] == [str(m) for _s, m in match.moves]
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == savefile.VERSION and data["review"]["unit"] == "points"
    monkeypatch.setattr(Review, "complete", lambda self: pytest.fail("reviewed a second time"))
    assert coach.read_kept(path, loaded, [0]) == review.decisions
    assert coach.read_kept(path, loaded, [0, 1]) is None  # seat 1 was not reviewed
    code = cli.main(["review", str(path), "--json"])
    assert code == 0


def test_a_kept_review_never_attaches_to_other_moves(tmp_path: Path) -> None:
    match = played("grinch", 2, 6)
    path = tmp_path / "done.json"
    savefile.save(path, match)
    review = coach.new_review(match, [0], rollouts=4)
    review.complete()
    coach.keep(path, match, review)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["review"]["moves"] = data["review"]["moves"][:-1]
    assert reviews.kept_review(data, match) is None
    other = played("grinch", 2, 7)
    with pytest.raises(savefile.SaveError):
        coach.keep(path, other, review)


# -- the command line ---------------------------------------------------------------------------
def test_cli_review_json_has_one_object_per_decision(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    match = played("grinch", 3, 2, humans=())
    path = tmp_path / "all-computers.json"
    savefile.save(path, match)
    assert cli.main(["review", str(path), "--json", "--seats", "all", "--rollouts", "6"]) == 0
    rows = json.loads(capsys.readouterr().out)["decisions"]  # {"decisions": [...], "summary": {...}}
    assert {row["seat"] for row in rows} == {0, 1, 2}
    for row in rows:
        assert {"seat", "move", "chosen", "best", "loss", "mark"} <= set(row)
        assert row["mark"] in ("", INACCURACY, MISTAKE) and row["loss"] >= 0
        assert str(match.moves[row["move"] - 1][1]) == row["chosen"]


def test_cli_review_text_and_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    match = played("sticheln", 3, 8)
    path = tmp_path / "game.json"
    savefile.save(path, match)
    assert cli.main(["review", str(path), "--rollouts", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "decisions weighed" in out[0] and all("points lost" in line for line in out[1:])
    assert all(line.split(",")[1].strip().startswith("P0:") for line in out[1:])
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert cli.main(["review", str(broken)]) == 2
    assert "broken.json" in capsys.readouterr().err
