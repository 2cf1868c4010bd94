"""A fourth game plugs in with no edit to any shared module (issue 22).

High Card (tests/toygame/) is registered here, for these tests only, and
played through everything the box's games go through: the terminal game,
every computer level (Hard through the generic search: it has no fast
rollout), a tournament, a table played by mouse to the end, autosave and
load, a history replay and a deal code.  It leaves out every optional part
(rollout, text, deal options, lesson, art), and the app copes."""

from __future__ import annotations

import io
import random

import pytest
from public_checks import check_public, check_public_refuses, random_positions
from table_driver import make_app, play_by_clicks
from toygame import SPEC
from toygame import rules as toy

from game import ai
from game.match import deal_code
from game.match.match import Match, Seat
from game.persist import library
from game.rules import registry
from game.tools import textplay, tournament


@pytest.fixture(autouse=True)
def toy_registered():
    registry.register(SPEC)
    yield
    registry.unregister(SPEC.id)


def test_the_toy_is_registered_beside_the_box() -> None:
    assert registry.ids()[: len(registry.BUILT_IN)] == registry.BUILT_IN
    assert "highcard" in registry.ids()
    assert registry.get("highcard").rules is toy
    assert not any(registry.get("highcard").has(p) for p in ("rollout", "text", "deal", "lesson"))


def test_its_public_view_keeps_the_contract_at_every_player_count() -> None:
    """The same checks as the box's games (tests/rules/test_contract.py): the
    rules' `_hide` with nobody's seat gives the public view, and no card of a hand."""
    checked = 0
    for n in toy.PLAYERS:
        for seed in range(4):
            for state in random_positions(toy, n, seed, every=1):
                public = check_public(toy, state)
                assert public.sizes == state.sizes and public.played == state.played
                checked += 1
    assert checked > 20
    check_public_refuses(toy.new_game(2, 1))


def test_textplay_plays_it_to_the_end() -> None:
    out = io.StringIO()
    code = textplay.play("highcard", 2, 5, read=lambda prompt: "1", out=out)
    assert code == 0
    assert "over" in out.getvalue().lower()


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_every_level_plays_legal_moves_from_its_view(level: str) -> None:
    for seed in range(6):
        state = toy.new_game(3, seed)
        agents = {s: ai.make_agent(level, f"{seed}/{s}") for s in range(3)}
        while not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            move = agents[seat].choose(view)
            assert move in state.legal_moves()
            state = state.apply(move)
        assert sum(state.scores()) == toy.HAND


def test_a_tournament_of_hard_against_random() -> None:
    result = tournament.run("highcard", 2, ["hard", "random"], games=40, seed=3)
    assert result["game"] == "highcard" and result["games"] == 40
    shares = {a["name"]: a["win_share"] for a in result["agents"]}
    assert shares["hard"] >= shares["random"]  # High Card has little skill, but the search is no worse
    assert "hard" in tournament.report(result)


def test_a_table_played_by_mouse_reaches_the_results() -> None:
    app, table = make_app("highcard", [True, False], seed=4)
    play_by_clicks(app, table, random.Random(4), max_frames=20_000)
    assert table.match.state.is_over


def test_autosave_and_load_and_history_replay() -> None:
    match = Match("highcard", [Seat("Ana", True), Seat("Mina", False, "easy")], seed=8)
    rng = random.Random(8)
    match.apply(rng.choice(match.state.legal_moves()))
    library.write_autosave(match)
    loaded = library.read_autosave()
    assert loaded is not None and loaded.game_id == "highcard" and loaded.state == match.state
    while not match.state.is_over:
        match.apply(rng.choice(match.state.legal_moves()))
    path = library.archive(match)
    again = library.shared_match(path)
    assert again.state == match.state and again.moves == match.moves


def test_a_deal_code_round_trips_without_options() -> None:
    code = deal_code.encode("highcard", 3, 12345, start=1)
    assert code.startswith("HC")
    setup = deal_code.decode(code)
    assert (setup.game, setup.players, setup.seed, setup.start) == ("highcard", 3, 12345, 1)
