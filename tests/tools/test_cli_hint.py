"""`fireside hint SAVE --move N [--json]` (issue 35): what Hint would say
before move N of a saved game -- the move, the reason, the margin -- and the
review's best move at the same decision; a bad argument is one line and
exit status 2, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai import review
from game.persist import savefile
from game.session.coach import same_deal
from game.tools import cli
from tests.ai.test_review import played


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    match = played("sticheln", 3, 8)
    path = tmp_path_factory.mktemp("hint") / "game.json"
    savefile.save(path, match)
    return path, match


def _state_before(match, number: int):
    state = same_deal(match).state
    for _seat, move in match.moves[: number - 1]:
        state = state.apply(move)
    return state


def test_json_names_the_reviews_best_move_with_its_reason_and_margin(saved, capsys) -> None:
    path, match = saved
    number = 5  # a play of the first trick (moves 1-3 pick the pain cards)
    assert cli.main(["hint", str(path), "--move", str(number), "--json", "--rollouts", "600"]) == 0
    data = json.loads(capsys.readouterr().out)
    state = _state_before(match, number)
    best = review.judge(state.view(state.current_player), state.legal_moves()[0], number, rollouts=600).best
    assert data["move"] == best and data["seat"] == state.current_player
    assert {"code", "params", "text"} <= set(data["reason"]) and data["reason"]["text"]
    assert data["margin"] >= 0 and isinstance(data["equal"], bool) and data["other"] != data["move"]
    assert data["alike"] is None or data["alike"] not in (data["move"], data["other"])


def test_text_is_the_hint_line(saved, capsys) -> None:
    path, _match = saved
    assert cli.main(["hint", str(path), "--move", "1", "--rollouts", "400"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("Before move 1, P0: Pick ") and " — " in out
    assert "better than" in out or "about as good as" in out


@pytest.mark.parametrize("number", ["0", "9999", "-3"])
def test_a_move_out_of_range_is_one_line_and_exit_2(saved, capsys, number: str) -> None:
    path, match = saved
    assert cli.main(["hint", str(path), "--move", number]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"fireside: --move {number}: the game has moves 1 to {len(match.moves)}"


def test_no_file_or_a_damaged_save_is_one_line_and_exit_2(tmp_path: Path, capsys) -> None:
    assert cli.main(["hint", str(tmp_path / "missing.json"), "--move", "1"]) == 2
    assert "missing.json" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text('{"version": 1, "game": "sticheln", "moves": [5]}', encoding="utf-8")
    assert cli.main(["hint", str(broken), "--move", "1"]) == 2
    err = capsys.readouterr().err
    assert "broken.json" in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    with pytest.raises(SystemExit) as stop:
        cli.main(["hint", str(broken), "--move", "x"])
    assert stop.value.code == 2
