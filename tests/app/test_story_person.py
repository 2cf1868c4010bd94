"""The person at the screen is "you", never a name (issue 15, item 4): the
second-person sentences exist in every catalog; no line a table draws uses
the local player's name in a sentence; replays say "you" for the human of
a solo game; pass-and-play seats start with distinct names and the pass
screen fits any of them."""

from __future__ import annotations

import random
import re
import string

import polib
import pytest
from app_driver import window
from table_driver import click

from game import i18n
from game.app.look import fonts
from game.app.table import table_for
from game.app.words import names, seat_names
from game.match.match import Match, Seat

LOCALE = "game/locale"
TRANSLATED = ("ko", "ca", "pa")
#: sentences that speak to the local player; each has a third-person twin
SECOND_PERSON = (
    "Your turn",
    "You take the trick",
    "You are choosing a pain card",
    "You draw 2 and discard 1",
    "You are taking cards",
    "You discard a card",
    "You are choosing a row (the Grinch chooses last)",
    "You are the Grinch",
    "Game over · you win with {n} point",
    "Game over · you and {names} share the win with {n} point",
    "The avalanche falls on you!",
    "You stop the avalanche!",
    "You chose {card} as your pain card",
    "You played {card}",
    "You played {cards}",
    "You: Snowfall",
    "You drew from the draw pile",
    "You discarded {card}",
    "You took the top card of your own discard pile",
    "You took the top card of {owner}'s discard pile",
    "{name} took the top card of your discard pile",
    "You scored your hand in the {row} row",
)
HUMAN = "Zed"  # a name no sentence of the catalogs contains


def you(seat: int) -> bool:
    """Seat 0 is the person at the screen."""
    return seat == 0


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_the_second_person_sentences_are_in_every_catalog():
    pot = {e.msgid for e in polib.pofile(f"{LOCALE}/fireside.pot")}
    missing = [m for m in SECOND_PERSON if m not in pot]
    assert not missing, f"not in the code's catalog: {missing}"
    for lang in TRANSLATED:
        po = {
            e.msgid: e.msgstr or e.msgstr_plural.get(0, "")
            for e in polib.pofile(f"{LOCALE}/{lang}/LC_MESSAGES/fireside.po")
        }
        for msgid in SECOND_PERSON:
            said = po.get(msgid, "")
            assert said and said != msgid, (lang, msgid)
            assert _fields(said) == _fields(msgid), (lang, msgid, said)


# -- what the tables draw ---------------------------------------------------------------


def _drawn_while_playing(monkeypatch, game: str, players: int, seed: int) -> list[str]:
    """Every string the table draws through a seeded game in which seat 0 is
    the one human (named HUMAN), moving at random, against computers."""
    drawn: list[str] = []
    original = fonts.text

    def record(s: str, size: int, colour, bold: bool = False):
        drawn.append(s)
        return original(s, size, colour, bold)

    monkeypatch.setattr(fonts, "text", record)
    app = window(speed="fast")
    seats = [Seat(HUMAN, True)] + [Seat(f"Bot{i}", False, "random") for i in range(1, players)]
    table = table_for(app, Match(game, seats, seed, 1))
    app.replace(table)
    rng = random.Random(seed)
    for _ in range(30_000):
        top = app.stack.top
        if table.match.state.is_over and top is not table:
            break
        if top is not table:
            click(app, top.buttons[0].rect.center)  # a round summary: Continue
        elif table.viewer_acts() and not table.stage.busy:
            moves = table.match.state.legal_moves()
            if rng.random() < 0.1:  # now and then a refused click, as people make
                table.refuse("refusal: " + str(moves[0]))
            table.input.try_move(rng.choice(moves))
        app.step(0.1, events=[], flip=False)
    assert table.match.state.is_over, "the game did not end"
    return drawn


@pytest.mark.slow
@pytest.mark.parametrize("game,players,seed", [("sticheln", 3, 4), ("avalanche", 3, 2), ("grinch", 3, 5)])
def test_no_table_names_the_local_player_in_a_sentence(monkeypatch, game, players, seed):
    drawn = _drawn_while_playing(monkeypatch, game, players, seed)
    label = re.compile(rf"^(\d+\. )?{HUMAN}(: .*)?$")  # a name tag, a "Zed: Q Q" label
    bad = sorted({s for s in drawn if HUMAN in s and not label.match(s)})
    assert not bad, f"the local player named in a sentence: {bad}"
    assert any(s.startswith(("Your turn", "Round")) and "Your turn" in s for s in drawn)


def test_the_status_words_speak_to_you():
    from game.games.grinch import words as grinch_words
    from game.games.sticheln import words as sticheln_words
    from game.rules import grinch, sticheln

    name = {0: HUMAN, 1: "Mina", 2: "Pau"}.get
    assert sticheln_words.trick_banner("trick_won", 0, name, you) == "You take the trick"
    assert sticheln_words.trick_banner("trick_won", 1, name, you) == "Mina takes the trick"
    state = sticheln.new_game(3, 1, start=0)
    assert sticheln_words.status_line(state, "Your turn", False, name, you).endswith("You are choosing a pain card")
    g = grinch.new_game(3, 2)
    for phase_state in _grinch_states(g):
        line = grinch_words.status_line(phase_state, "Your turn", False, name, you)
        assert HUMAN not in line, line


def _grinch_states(state, limit: int = 400):
    """Grinch states with seat 0 to act, through a whole random game."""
    rng = random.Random(3)
    for _ in range(limit):
        if state.is_over:
            yield state
            return
        if state.current_player == 0:
            yield state
        state = state.apply(rng.choice(state.legal_moves()))


def test_a_replay_line_is_a_sentence_that_says_you_for_the_human():
    from game.rules import avalanche, grinch, sticheln

    name = {0: HUMAN, 1: "Mina", 2: "Pau"}.get
    play = sticheln.Move("play", sticheln.parse_card("red 4"))
    # In the past tense, as the table's chronicle says it.
    assert names.move_said("sticheln", 0, play, name, you) == "You played orange 4"
    assert names.move_said("sticheln", 1, play, name, you) == "Mina played orange 4"
    assert names.move_said("avalanche", 0, avalanche.SNOWFALL, name, you) == "You: Snowfall"
    take = grinch.parse_move("take 0")
    assert names.move_said("grinch", 1, take, name, you) == "Mina took the top card of your discard pile"
    assert names.move_said("grinch", 0, take, name, you) == "You took the top card of your own discard pile"
    assert names.move_said("grinch", 2, grinch.parse_move("take 2"), name, you) == (
        "Pau took the top card of their own discard pile"
    )


def test_a_replay_of_a_solo_game_says_you_for_its_human():
    app = window()
    seats = [Seat("Ana", True), Seat("Mina", False, "random"), Seat("Pau", False, "random")]
    match = Match("sticheln", seats, 3, 0)
    rng = random.Random(1)
    for _ in range(6):
        match.apply(rng.choice(match.state.legal_moves()))
    replay = app.routes.replay(match)
    replay.goto(1)
    head, line = replay.move_text()
    assert line.startswith("You chose ") and "Ana" not in line
    replay.goto(2)
    assert replay.move_text()[1].startswith("Mina chose ")


# -- pass-and-play ------------------------------------------------------------------------


def test_pass_and_play_seats_start_with_distinct_names():
    assert seat_names.seat_names([""] * 3, [True, False, False]) == ["You", "Mina", "Pau"]
    assert seat_names.seat_names([""] * 4, [True, True, False, True]) == ["Player 1", "Player 2", "Pau", "Player 3"]
    assert seat_names.seat_names(["Ana", "ana", ""], [True, True, True]) == ["Ana", "ana 2", "Player 3"]
    assert seat_names.seat_names(["", "", ""], [False, True, False]) == ["Harpreet", "You", "Pau"]
    # a person called Joon: the computer at Joon's seat takes the next name nobody has
    assert seat_names.seat_names(["Joon", "", "", "", ""], [True, False, False, False, False]) == [
        "Joon",
        "Mina",
        "Pau",
        "Simran",
        "Laia",
    ]
    assert seat_names.seat_names(["", "", "Mina"], [False, False, True]) == ["Harpreet", "Pau", "Mina"]
    assert seat_names.typed("You", 0) == "" and seat_names.typed("Player 2", 1) == ""
    assert seat_names.typed("Mina", 1) == "" and seat_names.typed("Mina", 2) == "Mina"


def test_the_setup_gives_every_human_its_own_name(monkeypatch):
    from game.app.scenes.setup import SetupScene

    # a solo game's names
    app = window("You", "Mina")
    setup = SetupScene(app)
    app.replace(setup)
    app.step(0.016, events=[], flip=False)
    setup.toggle_human(1)
    shown = setup.shown_names()
    assert shown[:2] == ["Player 1", "Player 2"] and len(set(shown)) == len(shown)
    setup.start()
    table = next(scene for scene in app.stack.scenes if hasattr(scene, "match"))  # under the pass screen
    assert [s.name for s in table.match.seats][:2] == ["Player 1", "Player 2"]
    assert "You" not in app.settings.names  # a default is not remembered as typed


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_the_pass_screen_fits_any_name(lang):
    from game.app.scenes.pass_device import PassScene

    i18n.set_language(lang)
    app = window()
    for name in ("Player 2", "Harpreet Kaur", "Ana"):
        scene = PassScene(app, name, lambda: None)
        scene.resize(app.size)
        label = scene.button.label
        assert name in label
        assert fonts.size(label, app.ui(22), True)[0] <= scene.button.rect.w - 16, (lang, label)
