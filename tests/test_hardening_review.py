"""Issue 23: a damaged `review` field in a history file is ignored with a
one-line note (never a traceback, never a bounce), and the game still
replays; reviews read from disk are checked as strictly as a save."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from matrix import fast_lane
from test_hardening_fuzz import reviewed_game

from game.match.match import Match
from game.session import coach
from game.tools import cli

DAMAGES = {
    "seats an int": lambda r, other: r.__setitem__("seats", 5),
    "seats nested": lambda r, other: r.__setitem__("seats", [[0]]),
    "seats objects": lambda r, other: r.__setitem__("seats", [{"a": 1}]),
    "chosen empty": lambda r, other: r["decisions"][0].__setitem__("chosen", ""),
    "chosen x": lambda r, other: r["decisions"][0].__setitem__("chosen", "x"),
    "best x": lambda r, other: r["decisions"][0].__setitem__("best", "x"),
    "best empty": lambda r, other: r["decisions"][0].__setitem__("best", ""),
    "chosen surrogate": lambda r, other: r["decisions"][0].__setitem__("chosen", "play \udcff"),
    "reason surrogate": lambda r, other: r["decisions"][0].__setitem__(
        "reason", {"code": "take_trick", "text": "t", "params": {"card": "\ud800", "n": 3}}
    ),
    "huge value": lambda r, other: r["decisions"][0].__setitem__("best_value", 10**400),
    "other game's decisions": lambda r, other: r.__setitem__("decisions", other["decisions"]),
}


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Match, dict, dict]:
    """A reviewed Sticheln game (every decision marked, to reach the replay's
    verdict line) and a reviewed Grinch game's review to copy from."""
    match, data, _review = reviewed_game("sticheln", 3, 8)
    _other, _data, other_review = reviewed_game("grinch", 2, 5)
    return match, data, other_review


def damaged(data: dict, other: dict, name: str) -> dict:
    out = copy.deepcopy(data)
    DAMAGES[name](out["review"], other)
    return out


def write(path: Path, data: dict) -> Path:
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def test_an_intact_review_is_still_used(reviewed: tuple[Match, dict, dict]) -> None:
    match, data, _other = reviewed
    notes: list[str] = []
    decisions = coach.kept(data, match, [0], notes.append)
    assert decisions and not notes


@pytest.mark.parametrize("name", sorted(DAMAGES))
def test_a_damaged_review_is_ignored_with_a_note(reviewed: tuple[Match, dict, dict], name: str) -> None:
    match, data, other = reviewed
    notes: list[str] = []
    assert coach.kept(damaged(data, other, name), match, [0], notes.append) is None
    assert len(notes) == 1 and "\n" not in notes[0] and notes[0].isprintable()


@pytest.mark.parametrize(
    "name", fast_lane(["seats an int", "seats nested", "chosen surrogate", "reason surrogate"], "seats nested")
)
def test_cli_review_of_a_damaged_review_notes_and_reviews_again(
    reviewed: tuple[Match, dict, dict],
    name: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match, data, other = reviewed
    path = write(tmp_path / "game.json", damaged(data, other, name))
    monkeypatch.setattr("game.ai.review.budget", lambda game_id: 1)
    assert cli.main(["review", str(path)]) == 0
    captured = capsys.readouterr()
    assert "decisions weighed" in captured.out
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and "review" in err[0]


@pytest.mark.parametrize("name", fast_lane(sorted(DAMAGES), "chosen x"))
def test_history_review_of_a_damaged_review_replays_to_the_last_move(
    reviewed: tuple[Match, dict, dict], name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_hardening_fuzz import replay_through_history

    match, data, other = reviewed
    monkeypatch.setenv("FIRESIDE_HOME", str(tmp_path))
    replay_through_history(match, damaged(data, other, name))


def test_the_replay_survives_a_reason_it_cannot_say(
    reviewed: tuple[Match, dict, dict], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Even a review that passes the checks with a reason whose params do not
    fill its message (a hand edit) shows the verdict without the reason."""
    from test_hardening_fuzz import replay_through_history

    match, data, _other = reviewed
    edited = copy.deepcopy(data)
    for d in edited["review"]["decisions"]:
        d["reason"] = {"code": "dump_on_seat", "text": "", "params": {"seat": 99, "colour": "nope"}}
    monkeypatch.setenv("FIRESIDE_HOME", str(tmp_path))
    replay_through_history(match, edited)


@pytest.mark.parametrize("name", fast_lane(["seats nested", "chosen x", "reason surrogate"], "reason surrogate"))
def test_history_review_of_a_damaged_review_says_so_on_the_screen(
    reviewed: tuple[Match, dict, dict], name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not only in the log: the Review panel says in one line that the kept
    review was damaged and is being made again; then the replay plays."""
    from game.app.scenes import review as review_scene
    from game.app.scenes.replay import ReplayScene
    from game.app.shell.app import App
    from game.persist import paths
    from game.persist.settings import Settings

    match, data, other = reviewed
    monkeypatch.setenv("FIRESIDE_HOME", str(tmp_path))
    path = paths.history_dir() / "20260101-000000-note.json"
    write(path, damaged(data, other, name))
    drawn: list[str] = []
    real_blit = review_scene.blit_text
    monkeypatch.setattr(
        review_scene, "blit_text", lambda s, text, *a, **k: drawn.append(text) or real_blit(s, text, *a, **k)
    )
    monkeypatch.setattr("game.ai.review.budget", lambda game_id: 1)
    app = App((1024, 640), Settings(speed="off", muted=True))
    history = app.routes.history()
    app.step(1 / 60, events=[], flip=False)
    history.review(next(i for i in history.slots if i.path == path))
    scene = app.stack.top
    assert isinstance(scene, review_scene.ReviewScene)
    assert scene.note and scene.note.isprintable() and len(scene.note) <= 120
    app.step(1 / 60, events=[], flip=False)
    assert scene.note in drawn
    for _frame in range(3000):
        if isinstance(app.stack.top, ReplayScene):
            break
        app.step(1 / 60, events=[], flip=False)
        scene.worker and scene.worker.join(0.01)
    assert isinstance(app.stack.top, ReplayScene) and app.failures == 0
    assert coach.read_kept(path, match, [0]) is not None  # the damaged field was replaced by the new review


def test_an_intact_review_shows_no_note(reviewed: tuple[Match, dict, dict], tmp_path: Path) -> None:
    from game.app.scenes.review import ReviewScene
    from game.app.shell.app import App
    from game.persist.settings import Settings

    match, data, _other = reviewed
    path = write(tmp_path / "game.json", data)
    app = App((1024, 640), Settings(speed="off", muted=True))
    assert ReviewScene(app, match, path).note is None
