"""`python -m game review`: readable lines, a totals line per seat, and a JSON
object carrying each decision's reason (code, params, text) and the summary
(issue 25).  The review is kept in the save, so the command reads it back
instead of weighing the game again: the marks and reasons below are the test's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai.review import INACCURACY, MISTAKE, decisions_from_json
from game.app.words import verdict
from game.match.match import Match
from game.persist import savefile
from game.session import coach
from game.tools import cli
from tests.ai.test_review import played


def kept_game(tmp_path: Path) -> tuple[Path, Match, list]:
    """A Sticheln game with a kept review of seat 0: two decisions marked, with reasons."""
    match = played("sticheln", 3, 21)
    review = coach.new_review(match, [0], rollouts=2)
    review.complete()
    data = savefile.to_data(match)
    data["review"] = {**review.to_json(), "moves": [str(m) for _s, m in match.moves]}
    rows = data["review"]["decisions"]
    for row in rows:
        row["mark"], row["best_value"], row["chosen_value"], row["loss"] = "", 1.0, 1.0, 0.0
        row["best"] = row["chosen"]
    first, second = rows[1], rows[3]
    first.update(mark=MISTAKE, chosen_value=-5.5, loss=6.5, reason=None)
    card = second["chosen"].split(" ", 1)[1]
    second.update(
        mark=INACCURACY,
        chosen_value=-1.5,
        loss=2.5,
        reason={"code": "take_trick", "text": f"Play the {card}: it takes the trick", "params": {"card": card, "n": 3}},
    )
    path = tmp_path / "kept.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path, match, decisions_from_json(data["review"], len(match.moves))


def test_the_text_says_each_decision_in_words_and_ends_with_the_totals(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    path, match, decisions = kept_game(tmp_path)
    assert cli.main(["review", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "decisions weighed" in lines[0]
    body, totals = lines[1:-1], lines[-1]
    assert len(body) == len(decisions)
    inaccurate = next(d for d in decisions if d.mark == INACCURACY)
    line = next(line for line in body if line.startswith(f"move {inaccurate.number},"))
    assert line.endswith("· inaccuracy: it takes the trick, worth +3"), line
    summary = coach.summary(decisions, 0)
    assert totals == (
        f"totals, P0: {summary.lost:.1f} points lost · mistakes: 1 (6.5 points) · "
        f"inaccuracies: 1 (2.5 points) · costliest: move {summary.costliest.number}"
    )
    assert summary.costliest.mark == MISTAKE


def test_the_json_is_the_decisions_with_their_reasons_and_the_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    path, match, decisions = kept_game(tmp_path)
    assert cli.main(["review", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"decisions", "summary"}
    rows = data["decisions"]
    assert [row["move"] for row in rows] == [d.number for d in decisions]
    for row, decision in zip(rows, decisions):
        assert {"seat", "name", "move", "chosen", "best", "loss", "mark", "reason", "verdict"} <= set(row)
        if decision.reason is None:
            assert row["reason"] is None
        else:  # the code and params as kept, the text as the replay says it (else the kept English)
            said = verdict.why("sticheln", decision, lambda s: f"P{s}", lambda s: False)
            assert row["reason"] == {
                "code": decision.reason["code"],
                "params": decision.reason["params"],
                "text": said or decision.reason["text"],
            }
            assert row["reason"]["text"]
        if decision.mark == INACCURACY:
            assert row["reason"]["text"] == "it takes the trick, worth +3"
        if decision.mark:  # the verdict line the replay shows, word for word
            assert row["verdict"] == verdict.verdict("sticheln", decision, lambda s: f"P{s}", lambda s: False)
    summary = data["summary"]
    expected = coach.summary(decisions).to_json()
    assert {k: summary[k] for k in expected} == expected
    assert summary["mistakes"] == {"count": 1, "points_lost": 6.5}
    assert summary["inaccuracies"] == {"count": 1, "points_lost": 2.5}
    assert summary["costliest"]["move"] == next(d.number for d in decisions if d.mark == MISTAKE)
    assert set(summary["seats"]) == {"0"}
