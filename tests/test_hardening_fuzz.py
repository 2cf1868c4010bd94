"""Issue 23's second fuzz: damaged `review` fields through `python -m game review`
and through History -> Review -> replay to the last move, headless.  Zero
tracebacks, zero bounces to the title, zero lost games.  A fast subset runs
in the fast lane; the full 500+ variants are marked slow."""

from __future__ import annotations

import copy
import functools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from matrix import count

from game.ai import make_agent
from game.match.match import Match, Seat
from game.persist import savefile
from game.session import coach
from game.tools import cli

ODD = [
    "",
    "x",
    "\udcff",
    "\ud800x",
    "\x00",
    "\u202e",
    "9" * 5000,
    [],
    {},
    [[0]],
    [{"a": 1}],
    5,
    -1,
    10**400,
    1e308,
    True,
    None,
    "play red 4",
    "draw",
    "pain red 99",
    {"code": "take_trick"},
    "é" * 100,
]
FIELDS = ("number", "seat", "chosen", "best", "chosen_value", "best_value", "mark", "reason")
TOP = ("seats", "decisions", "version", "moves", "unit")


def played(game_id: str, players: int, seed: int, humans: tuple[int, ...] = (0,)) -> Match:
    """A whole game between Normal players (seats in `humans` marked human), as tests/ai/test_review.py plays it."""
    seats = [Seat(f"P{i}", i in humans) for i in range(players)]
    match = Match(game_id, seats, seed)
    agents = [make_agent("normal", i) for i in range(players)]
    while not match.state.is_over:
        seat = match.current
        match.apply(agents[seat].choose(match.state.view(seat)))
    return match


def replay_through_history(match: Match, data: dict[str, Any]) -> None:
    """History lists the file, Review opens the replay (the kept review or a
    fresh one), and the replay steps to the last move drawing each: no bounce."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.app.scenes.replay import ReplayScene
    from game.app.shell.app import App
    from game.persist import paths
    from game.persist.settings import Settings

    folder = paths.history_dir()
    path = folder / "20260101-000000-fuzz.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    app = App((1024, 640), Settings(speed="off", muted=True))
    history = app.routes.history()
    app.step(1 / 60, events=[], flip=False)
    info = next(i for i in history.slots if i.path == path)
    assert info.error is None, info.error
    import time

    from game.ai import review as reviewer

    budget = reviewer.budget
    reviewer.budget = lambda game_id: 1  # a fresh review, when the kept one is refused, in moments
    try:
        history.review(info)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            app.step(1 / 60, events=[], flip=False)
            if isinstance(app.stack.top, ReplayScene):
                break
            time.sleep(0.005)
    finally:
        reviewer.budget = budget
    replay = app.stack.top
    assert isinstance(replay, ReplayScene), f"no replay: {type(replay).__name__}"
    for _move in range(len(match.moves)):
        replay.step(1)
        app.step(1 / 60, events=[], flip=False)
        replay.review_text()
    assert replay.index == len(match.moves) and isinstance(app.stack.top, ReplayScene)
    assert path.exists(), "the game is lost"


def variants(data: dict[str, Any], others: list[dict[str, Any]], count: int, seed: int) -> list[dict[str, Any]]:
    """`count` damaged copies of `data`'s review: odd values in each field, in
    a decision's fields, in a reason's params, decisions of other games."""
    rng = random.Random(seed)
    out = []
    for n in range(count):
        review = copy.deepcopy(data["review"])
        kind = n % 5
        decisions = review["decisions"]
        if kind == 0:
            review[rng.choice(TOP[:3])] = copy.deepcopy(rng.choice(ODD))
        elif kind == 1 and decisions:
            rng.choice(decisions)[rng.choice(FIELDS)] = copy.deepcopy(rng.choice(ODD))
        elif kind == 2 and decisions:
            rng.choice(decisions)["reason"] = {
                "code": rng.choice(["take_trick", "dump_on_seat", "x", "\udcff"]),
                "text": rng.choice(["", "t", "\ud800"]),
                "params": {rng.choice(["card", "seat", "colour", "n", "row"]): copy.deepcopy(rng.choice(ODD))},
            }
        elif kind == 3:
            review["decisions"] = copy.deepcopy(rng.choice(others)["decisions"])
        else:
            review["seats"] = rng.choice([[0, 1, 2, 3, 4, 5], [7], [0, 0], [-1], list(range(40))])
            if decisions:
                rng.choice(decisions)["number"] = rng.choice([0, 1, 2, 10**6])
        out.append({**data, "review": review})
    return out


@functools.lru_cache(maxsize=None)
def _reviewed(game_id: str, players: int, seed: int) -> tuple[Match, dict[str, Any], dict[str, Any]]:
    match = played(game_id, players, seed)
    review = coach.new_review(match, [0], rollouts=2)
    review.complete()
    data = savefile.to_data(match)
    data["review"] = {**review.to_json(), "moves": [str(m) for _s, m in match.moves]}
    for d in data["review"]["decisions"]:
        d["mark"] = "mistake"
    return match, data, review.to_json()


def reviewed_game(game_id: str, players: int, seed: int) -> tuple[Match, dict[str, Any], dict[str, Any]]:
    """A whole game of Normal players, its save data with seat 0's review kept
    (decisions all marked, to reach the verdict line), and the review as
    weighed: reviewed once per test process (about 2 s a game), shared with
    tests/test_hardening_review.py, each caller getting its own copy of the data
    (the match is only read)."""
    match, data, review = _reviewed(game_id, players, seed)
    return match, copy.deepcopy(data), copy.deepcopy(review)


GAMES = (("sticheln", 3, 8), ("avalanche", 3, 2), ("grinch", 2, 5))


def reviewed_games(*game_ids: str) -> list[tuple[Match, dict[str, Any]]]:
    """A reviewed game of each of `game_ids` (decisions all marked, to reach the verdict line)."""
    out = []
    for game_id, players, seed in GAMES:
        if game_id in game_ids:
            match, data, _review = reviewed_game(game_id, players, seed)
            out.append((match, data))
    return out


def cli_review(path: Path, capsys: pytest.CaptureFixture) -> None:
    code = cli.main(["review", str(path)])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "decisions weighed" in captured.out
    captured.out.encode("utf-8")  # printable to a UTF-8 terminal
    assert len(captured.err.strip().splitlines()) <= 1 and "Traceback" not in captured.err


def run(
    games: list[tuple[Match, dict[str, Any]]],
    per_game: int,
    seed: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    app: bool = True,
) -> int:
    monkeypatch.setattr("game.ai.review.budget", lambda game_id: 1)
    # A refused review is weighed again; what is under test is that it is refused
    # and the game still plays, not the weighing: two decisions of it are enough.
    from game.ai import review as reviewer

    every = reviewer.positions
    monkeypatch.setattr(reviewer, "positions", lambda first, moves, seats: every(first, moves, seats)[:2])
    monkeypatch.setenv("FIRESIDE_HOME", str(tmp_path / "home"))
    reviews = [data["review"] for _m, data in games]
    cases = 0
    for number, (match, data) in enumerate(games):
        for variant in variants(data, reviews, per_game, seed + number):
            path = tmp_path / "game.json"
            path.write_text(json.dumps(variant), encoding="utf-8")
            cli_review(path, capsys)
            if app and cases % 10 == 0:  # the window's way, for a tenth of the cases (it draws every move)
                replay_through_history(match, variant)
            cases += 1
    return cases


def test_review_fuzz_fast(tmp_path, capsys, monkeypatch) -> None:
    """The games tests/test_hardening_review.py reviews too (Avalanche's review,
    the longest to weigh, is left to the full run)."""
    games = reviewed_games("sticheln", "grinch")
    assert run(games, 5, 1, tmp_path, capsys, monkeypatch) == 10  # each of the five kinds of damage per game


@pytest.mark.slow
def test_review_fuzz_full(tmp_path, capsys, monkeypatch) -> None:
    games = reviewed_games("sticheln", "avalanche", "grinch")
    per_game = count(170, 60)  # .ci/run's sample; FIRESIDE_FULL_MATRIX=1: all 510
    assert run(games, per_game, 2, tmp_path, capsys, monkeypatch) == 3 * per_game
