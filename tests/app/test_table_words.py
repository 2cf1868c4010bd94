"""The pure helpers behind the tables and screens: each game's words, the
Grinch score pad's model, words about a save.  No window, no pygame."""

from __future__ import annotations

import subprocess
import sys

from game.app.words import save_words
from game.games.avalanche import words
from game.games.avalanche.snapshot import Snapshot
from game.games.grinch import pad_model as grinch_pad
from game.match.match import Match, Seat
from game.rules import avalanche, grinch

PURE = (
    "game.games.avalanche.words",
    "game.games.avalanche.snapshot",
    "game.games.sticheln.words",
    "game.games.grinch.words",
    "game.games.grinch.pad_model",
    "game.app.table.status_words",
    "game.app.words.save_words",
    "game.app.table.chronicle",
)


def names(seat: int) -> str:
    return ["Ana", "Mina", "Pau"][seat]


def mine(seat: int) -> bool:
    return seat == 0


def cards(text: str) -> list:
    return [avalanche.parse_card(t) for t in text.split()]


def test_the_pure_helpers_import_no_pygame():
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in PURE)
        + "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if 'pygame' in m)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_play_button_says_what_the_selected_set_does():
    assert words.play_button([], 5, 2, names, mine) == ("Play 5 5", "starts an avalanche")
    on_mina = [(1, cards("QS QH"))]
    assert words.play_button(on_mina, 12, 3, names, mine)[1] == "it grows"
    effects = {
        words.play_button(on_mina, r, k, names, mine)[1]
        for r in avalanche.RANKS
        for k in (1, 2)
        if k <= avalanche.COPIES[r]
    }
    assert "it falls on Mina" in effects and "it stops: to the crevasse" in effects
    on_me = [(0, cards("QS QH"))]
    assert any(words.play_button(on_me, r, 1, names, mine)[1] == "it falls on you" for r in avalanche.RANKS)


def test_the_chips_name_who_collects_a_fall():
    tags = words.chips([(1, cards("QS QH"))], names, mine)
    assert [how for _tag, _text, how in tags] == ["grow", "stop", "fall"]
    assert "Mina collects 3+" in tags[2][1]
    assert "you collect 3+" in words.chips([(0, cards("QS QH"))], names, mine)[2][1]


def test_the_banner_says_who_the_avalanche_falls_on():
    still = Snapshot(hand=[], sizes=[0, 0, 0], table=[], pile=0, coll=[0, 0, 0], neutral=0, out=set())
    fall = still._replace(kind="fall", table=[(1, cards("QS")), (2, cards("2C"))], cards=2, collector=1, faller=2)
    assert words.banner(fall, names, mine) == (
        "The avalanche falls on Mina!",
        "Pau played 2 on Q: 2 cards to Mina's pile",
    )
    assert words.banner(None, names, mine) == ("", "")
    assert words.banner(still, names, mine) == ("", "")
    assert words.banner(still._replace(kind="end"), names, mine)[0] == "Game over"


def test_the_status_line_follows_the_view():
    state = avalanche.new_game(2, 1)
    view = state.view(0)
    line = words.status_line(view, "Your turn", True, names, mine)
    assert line.startswith("Your turn — start an avalanche")
    assert words.status_line(view, "Mina to play", False, names, mine) == (
        "Mina to play — Snowfall or start an avalanche"
    )


def test_the_pad_model_pencils_in_the_viewers_hand_only():
    state = grinch.new_game(3, 1)
    model = grinch_pad.pad_model(state.view(0), {}, 0, True, 3)
    assert set(model["cells"]) == set(grinch.ROWS)
    assert model["totals"] == [0, 0, 0]
    hand = state.hand(0)
    for row in grinch.ROWS:
        assert model["cells"][row][0] == ("would", grinch.hand_score(hand, row))
        assert model["cells"][row][1] == ("", None) and model["cells"][row][2] == ("", None)
    assert model["best"] == max(grinch.hand_score(hand, r) for r in grinch.ROWS)
    spectator = grinch_pad.pad_model(state, {}, 0, False, 3)
    assert all(cell == ("", None) for line in spectator["cells"].values() for cell in line.values())


def test_a_new_entry_on_the_pad_counts_in_the_total():
    state = grinch.new_game(2, 1)
    scored = {1: {"row": "noise", "points": 7}}
    model = grinch_pad.pad_model(state, scored, 0, False, 2)
    assert model["cells"]["noise"][1] == ("new", 7)
    assert model["totals"] == [0, 7] and model["scored"]


def test_words_about_a_save():
    match = Match("sticheln", [Seat("Ana", True), Seat("Mina", False, "easy"), Seat("Pau", False, "easy")], 3)
    assert save_words.describe(match) == "Sticheln · Ana, Mina, Pau · round 1 of 3"
    assert save_words.when("2026-01-02T03:04:00") == "2026-01-02 03:04"
    assert save_words.when("not a time") == ""
    assert save_words.game_name("") == "Unknown game"


def test_status_lines_say_whose_turn_it_is():
    from game.app.table import status_words
    from game.games.grinch import words as grinch_words
    from game.games.sticheln import words as sticheln_words

    match = Match("sticheln", [Seat("Ana", True), Seat("Mina", True), Seat("Pau", False, "easy")], 3)
    assert status_words.turn_text(0, 0, match, names) == "Ana, your turn"  # two humans: named
    assert status_words.turn_text(2, 0, match, names) == "Pau to play"
    assert status_words.turn_text(None, 0, match, names) == "Game over"
    view = match.state.view(0)
    assert sticheln_words.status_line(view, "Your turn", True, names).endswith(
        "Your turn: choose your pain card (its colour will cost you)"
    )
    assert sticheln_words.seat_lines(view, 1)[1] == "Score 0"
    state = grinch.new_game(3, 1)
    line = grinch_words.status_line(state.view(0), "Your turn", False, names, mine)
    assert line.startswith("Round 1 of ") and " — " in line
    assert grinch_words.seat_lines(state.view(0), 0)[1] == "Score 0"


def test_the_shared_words_forward_nothing_of_a_games():
    """A game's words live in its words part only: the shared modules have
    no stand-ins for them (a table imports its own game's words)."""
    from game.app.table import status_words
    from game.app.words import names as shared

    for module, attr in ((status_words, "sticheln_status"), (shared, "colour_name"), (shared, "row_help")):
        assert not hasattr(module, attr)


def test_a_game_without_words_still_speaks():
    """A registered game whose package has no words part (nor rules texts):
    its cards and moves are said in notation, its chronicle says nothing, its
    Rules tab shows its name."""
    from game.app.table.chronicle import Chronicle
    from game.app.words import names as shared
    from game.app.words import reasons, rules_text
    from game.rules import Phrase, registry
    from game.rules.spec import GameSpec

    registry.register(
        GameSpec(
            id="wordless",
            package="game.games",
            name="Wordless",
            code_prefix="WL",
            hard_iterations=10,
            rollout_scale=1.0,
            review_thresholds=(1.0, 2.0),
        )
    )
    try:
        assert shared.game_name("wordless") == "Wordless" and shared.GAMES["wordless"] == "Wordless"
        assert shared.card_name("wordless", 7) == "7"
        assert shared.move_text("wordless", "pass", names, mine) == "pass"
        assert shared.move_said("wordless", 1, "pass", names, mine) == "Mina: pass"
        chronicle = Chronicle("wordless", 2)
        chronicle.add(0, (), 1)
        assert chronicle.line(None, names, mine) == "" and chronicle.log(0, names, mine) == []
        assert rules_text.title("wordless", "ko") == rules_text.tagline("wordless") == "Wordless"
        assert [s.heading for s in rules_text.rules("wordless", "ca")] == ["Wordless"]
        assert rules_text.RULES["wordless"][0].heading == "Wordless"
        refusal = Phrase("pick_first", "Not now.")  # another game's code: not this one's words
        assert reasons.illegal("wordless", refusal, names, mine) == reasons.GENERAL
        assert reasons.hint("wordless", Phrase("take_trick", "Take it"), names, mine) == ""
    finally:
        registry.unregister("wordless")
