"""Issue 36: a message with a count has plural forms in the catalogs (the
English included: "only 1 are left unseen" was the source's own slip), a
tie of winners is said in the plural, and Catalan's last five read right
(un dels Corones, només en queden 1, Laia, Ana ha guanyat, lloc for a seat,
Oberta for a seat).  Pure (no window)."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

from game.app.learn.done import standing
from game.app.words import reasons
from game.i18n import set_language
from game.rules.core import Phrase

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "game" / "locale"
#: a count right before a verb or noun that agrees with it ("{left} are", "{n} more cards", "{points} points")
_AGREES = re.compile(r"\{left\} (?:more )?(?:is|are)\b|\{(?:n|m|left|points)\} (?:more )?(?:cards?|points?|moves?)\b")
#: messages with such a count that is never 1, so one form says it (and why)
NEVER_ONE = {
    # an avalanche that falls or stops holds at least two sets' cards; a start of one card has its own message
    "Stop the avalanche with {set}: {n} cards go to no one instead of to {seat}",
    "{n} cards go to no one instead of to {seat}",
    "{set} stops it: the {n} cards go to the crevasse instead of {m} to {seat}",
    "{set} stops it: the {n} cards go to the crevasse instead of {m} to you",
    "{set} grows it, where {played} falls and hands the {n} cards to {seat}",
    "{set} grows it, where {played} falls and hands the {n} cards to you",
    "both fall on {seat}, but {set} hands over {n} cards instead of {m}",
    "both fall on you, but {set} hands over {n} cards instead of {m}",
    "after {set} the next players usually have to fall onto {seat}: about {n} cards",
    "after {set} the next players usually have to fall onto you: about {n} cards",
    "after {played} the avalanche usually falls onto {seat}: about {n} cards",
    "after {played} the avalanche usually falls onto you: about {n} cards",
    "after {played} the avalanche is usually stopped: about {n} cards to the crevasse",
    "{set} starts an avalanche and gets {n} cards out of the hand, where Snowfall adds one",
    "{faller} played {played} on {previous}: {n} cards to your pile",
    "You played {played} on {previous}: {n} cards to {name}'s pile",
    "{faller} played {played} on {previous}: {n} cards to {name}'s pile",
    "{played} on {previous}: {n} cards into the crevasse",
    # the lesson's fixed deal scores more than one point; the Grinch's heart is 3, 4 or 5 cards
    "Choose a row on the score pad. Rainbow adds the highest card of each suit, and Wreath 1 adds its bonus: "
    "{points} points.",
    "ends with {n} cards",
    # a save with one move is refused long before this; the self-test replays many
    "the save has {n} moves, more than any game can have",
    "{n} moves saved, loaded and replayed",
}


def _why(code: str, params: dict, lang: str) -> str:
    set_language(lang)
    try:
        return reasons.why("grinch", Phrase(code, "", params), lambda s: f"Seat{s}", lambda s: False)
    finally:
        set_language("en")


BASE = {"card": "W1a", "p": 5, "need": 3, "suits": "P", "n": 1}


@pytest.mark.parametrize(
    ("code", "lang", "left", "says"),
    [
        ("gr_dead_bonus", "en", 1, "only 1 is left unseen"),
        ("gr_dead_bonus", "en", 2, "only 2 are left unseen"),
        ("gr_dead_bonus", "ca", 1, "només en queda 1 per veure"),
        ("gr_dead_bonus", "ca", 2, "només en queden 2 per veure"),
        ("gr_dead_bonus_late", "en", 1, "gets only 1 more card this round"),
        ("gr_dead_bonus_late", "ca", 1, "només rebrà 1 carta més"),
        ("gr_dead_bonus_late", "ca", 5, "només rebrà 5 cartes més"),
        ("gr_bonus_near", "en", 1, "and 1 more is unseen"),
        ("gr_bonus_near", "ca", 1, "i en queda 1 per veure"),
        ("gr_bonus_near", "pa", 1, "1 ਹੋਰ ਅਣਦੇਖਾ ਹੈ"),
        ("gr_bonus_near", "pa", 2, "2 ਹੋਰ ਅਣਦੇਖੇ ਹਨ"),
    ],
)
def test_a_count_left_takes_its_plural_form(code: str, lang: str, left: int, says: str) -> None:
    assert says in _why(code, {**BASE, "left": left}, lang)


def test_catalan_a_card_is_one_of_a_suits_cards() -> None:
    said = _why("gr_support", {"card": "P3a", "p": 5, "suits": "W", "other": "W1a"}, "ca")
    assert "una de les cartes de Corones" in said, said
    assert "un dels" not in said


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "Laia won with 9 points", "Laia, Ana shared the win with 9 points"),
        ("ca", "Laia ha guanyat amb 9 punts", "Laia, Ana han compartit la victòria amb 9 punts"),
    ],
)
def test_a_tie_of_winners_is_plural(lang: str, one: str, two: str) -> None:
    set_language(lang)
    try:
        assert one in standing([5, 9, 3], ["You", "Laia", "Ana"])[0]
        assert two in standing([5, 9, 9], ["You", "Laia", "Ana"])[0]
    finally:
        set_language("en")


def test_every_count_that_agrees_has_plural_forms_in_every_catalog() -> None:
    pot = polib.pofile(str(LOCALE / "fireside.pot"))
    single = [e.msgid for e in pot if not e.msgid_plural and _AGREES.search(e.msgid) and e.msgid not in NEVER_ONE]
    assert not single, single
    for code, forms in (("ko", 1), ("ca", 2), ("pa", 2)):
        for entry in polib.pofile(str(LOCALE / code / "LC_MESSAGES" / "fireside.po")):
            if entry.msgid_plural:
                assert len(entry.msgstr_plural) == forms and all(entry.msgstr_plural.values()), (code, entry.msgid)


def test_the_never_one_list_names_only_messages_that_exist() -> None:
    pot = {e.msgid for e in polib.pofile(str(LOCALE / "fireside.pot"))}
    assert NEVER_ONE <= pot, NEVER_ONE - pot


@pytest.mark.parametrize(
    ("lang", "n", "says"),
    [("en", 1, "you win with 1 point"), ("en", -3, "you win with -3 points"), ("ca", 1, "guanyes amb 1 punt")],
)
def test_a_game_won_with_one_point_says_point(lang: str, n: int, says: str) -> None:
    from types import SimpleNamespace

    from game.games.sticheln.words import game_over_line

    view = SimpleNamespace(scores=lambda: [n, n - 5], options={"rounds": 4})
    set_language(lang)
    try:
        assert says in game_over_line(view, str, lambda s: s == 0)
    finally:
        set_language("en")


def test_catalan_says_seient_for_a_seat() -> None:
    po = {e.msgid: e.msgstr for e in polib.pofile(str(LOCALE / "ca" / "LC_MESSAGES" / "fireside.po"))}
    assert "seient" in po["That is not this seat's key."]
    assert "seients" in po["Every seat at this table is taken."]
    assert po["Open for a friend"] == "Lliure per a un amic"
