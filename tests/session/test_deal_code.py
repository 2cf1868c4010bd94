"""Deal codes: round trips, the check character, one-line reasons, the same
deal from the same code, and the command line that prints and plays them."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import rules
from game.games.sticheln import deal as sticheln_deal
from game.match import deal_code
from game.match.deal_code import ALPHABET, CHECK_SYMBOLS, DealCodeError, DealSetup, decode, encode
from game.match.match import Match, Seat

ROOT = Path(__file__).resolve().parents[2]
COUNTS = [(game, n) for game in rules.GAME_IDS for n in rules.get(game).PLAYERS]


@st.composite
def setups(draw) -> DealSetup:
    game, players = draw(st.sampled_from(COUNTS))
    options: dict = {}
    if game == "sticheln":
        if draw(st.booleans()):
            options["rounds"] = draw(st.integers(1, sticheln_deal.MAX_ROUNDS))
        if draw(st.booleans()):
            options["zero_trick"] = draw(st.sampled_from(sticheln_deal.ZERO_TRICK_RULES))
    return DealSetup(
        game, players, draw(st.integers(0, deal_code.SEED_LIMIT - 1)), draw(st.integers(0, players - 1)), options
    )


@given(setups())
@settings(max_examples=300, deadline=None)
def test_round_trip(setup):
    code = deal_code.encode_setup(setup)
    assert len(code.replace("-", "")) == deal_code.LENGTH
    back = decode(code)
    # The default zero-trick rule named or not is the same game: the code keeps it unnamed.
    same = {k: v for k, v in setup.options.items() if (k, v) != ("zero_trick", "set_aside")}
    assert back == DealSetup(setup.game, setup.players, setup.seed, setup.start, same)
    assert back.new_state().to_json() == setup.new_state().to_json()
    assert decode(code.lower().replace("-", " ")) == back  # case and separators do not matter


def test_typed_i_l_o_read_as_one_and_zero():
    code = next(c for c in (encode("grinch", 3, s) for s in range(200)) if "1" in c[4:-1] and "0" in c[4:-1])
    typed = code[:4] + code[4:-1].replace("1", "l").replace("0", "O") + code[-1]
    assert decode(typed) == decode(code)


def _mutations(code: str):
    """Every code one mistyped character or one swap of neighbours away."""
    text = code.replace("-", "")
    for i, ch in enumerate(text):
        symbols = CHECK_SYMBOLS if i == len(text) - 1 else ALPHABET
        for other in symbols:
            if other != ch:
                yield text[:i] + other + text[i + 1 :]
    for i in range(len(text) - 1):
        if text[i] != text[i + 1]:
            yield text[:i] + text[i + 1] + text[i] + text[i + 2 :]


@pytest.mark.parametrize("seed", [0, 1, 77, 2**31 - 1, 123456789])
def test_every_single_typo_and_neighbour_swap_is_caught(seed):
    for game, players in COUNTS:
        code = encode(game, players, seed, start=seed % players)
        for typo in _mutations(code):
            with pytest.raises(DealCodeError):
                decode(typo)


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("", "empty"),
        ("ST4-7KQ2-9F3X", "has 12 letters and digits, this one has 11"),
        ("ST4-7KQ2-9F3X-KK", "this one has 13"),
        ("XY4-7KQ2-9F3X-K", "starts with ST, AV or GR"),
        ("ST4-7KQ2-9F3U-K", "character 11, 'U'"),
        ("ST4-7KQ2-9F3X-#", "not a check character"),
        ("ST4-7KQ2-9F3X-K", "check character does not match"),
    ],
)
def test_bad_codes_give_a_one_line_reason(code, reason):
    with pytest.raises(DealCodeError) as caught:
        decode(code)
    assert reason in str(caught.value) and "\n" not in str(caught.value)


def _with_check(body: str) -> str:
    return deal_code.pretty(body + deal_code._check_symbol(body))


def test_a_well_checked_code_for_a_player_count_the_game_has_not():
    with pytest.raises(DealCodeError, match="Sticheln is for 3 to 6 players, not 2"):
        decode(_with_check("ST2" + "0" * 8))
    with pytest.raises(DealCodeError, match="options are not ones Avalanche knows"):
        decode(_with_check("AV4" + "Z" * 8))


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (("tarot", 4, 1), "not a game with deal codes"),
        (("avalanche", 7, 1), "2 to 6 players, not 7"),
        (("grinch", 4, -1), "seed -1 cannot"),
        (("grinch", 4, 2**31), "cannot be written"),
        (("grinch", 4, "text seed"), "cannot be written"),
        (("grinch", 4, 1, 4), "starting seat 4"),
    ],
)
def test_setups_without_a_code_say_why(args, reason):
    with pytest.raises(DealCodeError, match=reason):
        encode(*args)


def test_options_a_code_cannot_hold_say_why():
    with pytest.raises(DealCodeError, match="1 to 40 rounds"):
        encode("sticheln", 4, 1, 0, {"rounds": 41})
    with pytest.raises(DealCodeError, match="cannot be written"):
        encode("grinch", 4, 1, 0, {"jokers": True})


def _play_out(state, seed: int):
    """Random moves (from a fixed RNG) to the end: the whole game's deals are compared."""
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_the_same_code_deals_the_same_cards_to_the_same_seats(game, players):
    code = encode(game, players, 987654 + players, start=players - 1)
    first, again = decode(code).new_state(), decode(code).new_state()
    assert first.to_json() == again.to_json()
    assert [first.hand(s) for s in range(players)] == [again.hand(s) for s in range(players)]
    assert first.current_player is not None
    seats = [Seat(f"P{i}", i == 0) for i in range(players)]
    setup = decode(code)
    match = Match(game, seats, setup.seed, setup.start, setup.options)
    assert match.state.to_json() == first.to_json()
    assert deal_code.code_of(match) == code
    other = decode(encode(game, players, 987654 + players + 1, start=players - 1)).new_state()
    assert other.to_json() != first.to_json()


@pytest.mark.parametrize("game", rules.GAME_IDS)
def test_later_deals_follow_the_code_too(game):
    """Every round's deal comes from the seed: the same moves give the same game to the end."""
    code = encode(game, 3, 4242, start=1)
    one = _play_out(decode(code).new_state(), 5)
    two = _play_out(decode(code).new_state(), 5)
    assert [s.to_json() for s in one] == [s.to_json() for s in two]


def test_sticheln_options_reach_the_game():
    state = decode(encode("sticheln", 5, 3, 2, {"rounds": 2, "zero_trick": "leader_takes"})).new_state()
    assert (state.rounds, state.zero_trick, state.current_player) == (2, "leader_takes", 2)


def test_a_match_with_an_odd_seed_has_no_code():
    match = Match("grinch", [Seat("A", True), Seat("B", False)], "a text seed")
    assert deal_code.code_of(match) is None


# -- the command line --------------------------------------------------------------
def _run(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LANGUAGE": "en"}
    return subprocess.run(
        [sys.executable, "-m", "game", *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120
    )


def test_deal_code_command_prints_a_code_that_decodes():
    done = _run("deal-code", "--game", "avalanche", "--players", "5", "--seed", "99", "--start", "3")
    assert done.returncode == 0, done.stderr
    assert decode(done.stdout.strip()) == DealSetup("avalanche", 5, 99, 3)


def test_deal_code_command_without_a_seed_picks_one():
    done = _run("deal-code", "--game", "grinch", "--players", "2")
    assert done.returncode == 0, done.stderr
    assert decode(done.stdout.strip()).players == 2


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (("deal-code", "--game", "grinch", "--players", "9"), "2 to 6 players"),
        (("deal-code", "--game", "grinch", "--players", "4", "--seed", "-5"), "seed -5"),
        (("demo", "--code", "ST4-7KQ2-9F3X-K"), "check character does not match"),
        (("play", "--code", "nonsense"), "has 12 letters and digits"),
    ],
)
def test_bad_codes_and_setups_exit_2_with_the_reason(args, reason):
    done = _run(*args)
    assert done.returncode == 2
    assert reason in done.stderr and len(done.stderr.strip().splitlines()) <= 3


@pytest.mark.slow  # a whole demo game in a subprocess: ~8 s here
def test_demo_plays_the_coded_deal(tmp_path):
    code = encode("grinch", 2, 31337, start=1)
    save = tmp_path / "demo.json"
    done = _run("demo", "--code", code, "--speed", "off", "--exit-at-end", "--save", str(save))
    assert done.returncode == 0, done.stderr
    from game.persist.savefile import load

    match = load(save)
    assert (match.game_id, len(match.seats), match.seed, match.start) == ("grinch", 2, 31337, 1)
    assert match.state.is_over


# -- the screens -------------------------------------------------------------------
def _type(app, text: str) -> None:
    import pygame

    app.step(1 / 60, events=[pygame.event.Event(pygame.TEXTINPUT, text=text)], flip=False)


def _setup_screen():
    from table_driver import make_app

    from game.app.scenes.setup import SetupScene

    app, _table = make_app("sticheln", [True, False, False])
    app.replace(SetupScene(app, "sticheln"))
    app.step(1 / 60, events=[], flip=False)
    return app, app.stack.top


def test_a_typed_code_sets_up_the_screen_and_the_game_gets_its_deal():
    from table_driver import click

    from game.app.table.base import TableScene

    app, setup = _setup_screen()
    code = encode("avalanche", 5, 4711, start=3)
    click(app, setup.code.rect.center)
    assert setup.code.focused and setup.keeps_key(None)
    _type(app, code.lower())
    assert (setup.game_id, setup.count, setup.starter) == ("avalanche", 5, 3)
    assert setup.code.error == "" and setup.code.used("avalanche", 5, 3) is not None
    start = next(b for b in setup.buttons if b.label == "Start game")
    click(app, start.rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene)
    match = table.match
    assert (match.game_id, len(match.seats), match.seed, match.start) == ("avalanche", 5, 4711, 3)
    assert match.seek(0).to_json() == decode(code).new_state().to_json()  # as dealt (computers moved on)


def test_a_bad_code_says_why_and_the_game_is_an_ordinary_one():
    from table_driver import click

    app, setup = _setup_screen()
    click(app, setup.code.rect.center)
    code = encode("grinch", 3, 5)
    _type(app, code[:-1] + ("0" if code[-1] != "0" else "1"))
    assert "check character" in setup.code.error and setup.code.setup is None
    app.step(1 / 60, events=[], flip=True)  # the reason draws
    assert setup.game_id == "sticheln"


def test_changing_the_game_after_the_code_means_the_code_is_not_used():
    from table_driver import click

    app, setup = _setup_screen()
    click(app, setup.code.rect.center)
    _type(app, encode("sticheln", 4, 99, start=1))
    setup.choose_game("grinch")
    assert setup.code.used(setup.game_id, setup.count, setup.starter) is None
    app.step(1 / 60, events=[], flip=True)


def _finished_table(game="grinch", players=2, seed=8):
    from table_driver import make_app

    from game.match.match import Match

    app, table = make_app(game, [True] + [False] * (players - 1), seed)
    match = table.match
    rng = random.Random(seed)
    while not match.state.is_over:
        match.apply(rng.choice(match.state.legal_moves()))
    assert isinstance(match, Match)
    return app, table


def test_results_show_the_code_and_copy_it(monkeypatch):
    from table_driver import click

    from game.app.scenes.results import ResultsScene

    copied = []
    monkeypatch.setattr("pygame.scrap.put_text", copied.append)
    app, table = _finished_table()
    app.routes.results(table)
    results = app.stack.top
    assert isinstance(results, ResultsScene) and results.code_line.code == deal_code.code_of(table.match)
    app.step(1 / 60, events=[], flip=True)
    click(app, results.code_line.button.rect.center)
    assert copied == [results.code_line.code]
    assert "Copied" in results.code_line.notice and not results.code_line.notice_bad


def test_no_clipboard_is_a_message_not_a_crash(monkeypatch):
    import pygame
    from table_driver import click

    def refuse(text):
        raise pygame.error("no clipboard on this system")

    monkeypatch.setattr("pygame.scrap.put_text", refuse)
    app, table = _finished_table()
    results = app.routes.results(table)
    click(app, results.code_line.button.rect.center)
    line = results.code_line
    assert line.notice_bad and "no clipboard on this system" in line.notice and line.code in line.notice
    app.step(1 / 60, events=[], flip=True)


def test_history_rows_show_the_code_with_a_copy_button(monkeypatch):
    from table_driver import click

    from game.persist import library

    copied = []
    monkeypatch.setattr("pygame.scrap.put_text", copied.append)
    app, table = _finished_table("sticheln", 3, 2)
    library.archive(table.match)
    history = app.routes.history()
    app.step(1 / 60, events=[], flip=True)
    code = deal_code.code_of(table.match)
    info, _rect, buttons = history.rows[0]
    assert code in history.describe(info)[1]
    copy = next(b for b in buttons if b.label == "Copy code")
    click(app, copy.rect.center)
    assert copied == [code] and code in history.notice


def test_play_with_a_code_opens_the_window_on_that_deal():
    done = _run("play", "--code", encode("sticheln", 3, 5, start=2), "--first-frame-exit")
    assert done.returncode == 0, done.stderr


def test_a_coded_match_seats_you_against_normal_computers():
    from game.app.shell.main import coded_match

    setup = decode(encode("sticheln", 5, 12, 4, {"rounds": 2}))
    match = coded_match(setup, "Ana")
    assert [(s.name, s.human) for s in match.seats][:2] == [("Ana", True), ("Pau", False)]
    assert {s.level for s in match.seats[1:]} == {"normal"}
    assert (match.seed, match.start, match.options) == (12, 4, {"rounds": 2})
    assert not any(s.human for s in coded_match(setup, None).seats)
    assert coded_match(setup, "  ").seats[0].name == "You"
