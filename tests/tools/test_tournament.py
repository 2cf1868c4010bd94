"""The tournament command: duplicate deals, seat rotation, ties split, the
confidence interval, and the JSON it prints."""

from __future__ import annotations

import io
import json
import math
import statistics
from contextlib import redirect_stdout

import pytest

from game import tournament
from game.tools import cli
from game.tournament import DealResult, summarize


def _strip_times(result: dict) -> dict:
    for agent in result["agents"]:
        agent.pop("think_ms_median")
        agent.pop("think_ms_p95")
    return result


def test_small_fixed_run_is_deterministic_and_rotates_seats() -> None:
    agents = ["normal", "random", "random"]
    first = tournament.run("sticheln", 3, agents, 6, seed=1)
    again = tournament.run("sticheln", 3, agents, 6, seed=1)
    assert _strip_times(first) == _strip_times(again)
    assert first["games"] == 6 and first["players"] == 3 and first["game"] == "sticheln"
    names = [a["name"] for a in first["agents"]]
    assert names == ["normal", "random"]
    shares = {a["name"]: a["win_share"] for a in first["agents"]}
    # per-seat shares: one normal seat and two random seats share each win
    assert shares["normal"] + 2 * shares["random"] == pytest.approx(1.0, abs=1e-3)
    deal = tournament.play_deal("sticheln", 3, agents, 1, 0)
    assert deal.seats == [
        ["normal", "random", "random"],
        ["random", "random", "normal"],
        ["random", "normal", "random"],
    ]
    assert len({json.dumps(s) for s in deal.scores}) > 1  # same deal, other seats, other result


def test_games_round_up_to_whole_rotations() -> None:
    result = tournament.run("grinch", 4, ["easy", "random", "random", "random"], 5, seed=2)
    assert result["games"] == 8


def _deal(deal: int, winners: list[list[int]]) -> DealResult:
    seats = [["a", "b"], ["b", "a"]]
    return DealResult(deal, seats, [[1, 1], [1, 1]], winners, {"a": [1.0, 3.0], "b": [2.0]})


def test_ties_are_split_and_the_interval_treats_deals_as_observations() -> None:
    deals = [
        _deal(0, [[0, 1], [0]]),  # tie, then seat 0 ("b") wins
        _deal(1, [[0], [1]]),  # "a" wins both rotations
        _deal(2, [[1], [0]]),  # "b" wins both
    ]
    result = summarize("grinch", 2, ["a", "b"], deals)
    a = next(x for x in result["agents"] if x["name"] == "a")
    per_deal = [(0.5 + 0.0) / 2, 1.0, 0.0]
    mean = sum(per_deal) / 3
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(3)
    assert a["win_share"] == pytest.approx(mean, abs=1e-4)
    assert a["ci95"] == pytest.approx([max(0, mean - half), min(1, mean + half)], abs=1e-4)
    assert a["think_ms_median"] == 2.0 and a["mean_score"] == 1.0
    b = next(x for x in result["agents"] if x["name"] == "b")
    assert a["win_share"] + b["win_share"] == pytest.approx(1.0, abs=1e-3)


def test_cli_prints_one_json_object_and_progress_on_stderr(capsys) -> None:
    code = cli.main(
        [
            "tournament",
            "--game",
            "avalanche",
            "--players",
            "3",
            "--agents",
            "easy,random,normal",
            "--games",
            "3",
            "--seed",
            "4",
            "--json",
        ]
    )
    out, err = capsys.readouterr()
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"game", "players", "games", "agents"}
    assert {a["name"] for a in data["agents"]} == {"easy", "random", "normal"}
    for agent in data["agents"]:
        assert set(agent) == {
            "name",
            "win_share",
            "ci95",
            "mean_score",
            "think_ms_median",
            "think_ms_p95",
        }
    assert "1/1 deals" in err


def test_cli_text_report_and_bad_arguments(capsys) -> None:
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        cli.main(["tournament", "--game", "grinch", "--players", "2", "--agents", "normal,easy", "--games", "2"])
    assert "win share" in buffer.getvalue() and "normal" in buffer.getvalue()
    for bad in (["--agents", "easy,easy"], ["--agents", "easy,wizard,easy"]):
        with pytest.raises(SystemExit):
            cli.main(["tournament", "--game", "grinch", "--players", "3", "--games", "3", *bad])
