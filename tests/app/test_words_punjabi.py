"""Issue 36: Punjabi's cases.  A colour, card, row, place or game's name
before a postposition is in the oblique case, as the lesson writes it
("ਨੀਲੇ 1 ਨੇ"); "you" (ਤੁਸੀਂ) never takes ਨੇ; a sentence ends with ।,
never a full stop added in code; and in Sticheln the trick (ਟ੍ਰਿਕ) and the
hand (ਹੱਥ) are two words.  Pure (no window)."""

from __future__ import annotations

import re

import pytest

from game import grammar
from game.app.learn.done import standing
from game.app.words import names
from game.i18n import set_language
from tests.app.test_words_grammar import catalog

LANGS = ("ko", "ca", "pa")


@pytest.mark.parametrize(
    ("template", "values", "expected"),
    [
        ("{colour} ਦੇ 11 ਹੋਰ ਕਾਰਡ", {"colour": "ਪੀਲਾ"}, "ਪੀਲੇ ਦੇ 11 ਹੋਰ ਕਾਰਡ"),
        ("ਤੁਸੀਂ {card} ਨਾਲ ਟ੍ਰਿਕ ਜਿੱਤਿਆ", {"card": "ਹਰਾ 0"}, "ਤੁਸੀਂ ਹਰੇ 0 ਨਾਲ ਟ੍ਰਿਕ ਜਿੱਤਿਆ"),
        ("{game} ਦਾ ਪਹਿਲਾ ਰਾਊਂਡ", {"game": "ਬਰਫ਼ ਦਾ ਤੋਦਾ"}, "ਬਰਫ਼ ਦੇ ਤੋਦੇ ਦਾ ਪਹਿਲਾ ਰਾਊਂਡ"),
        ("{row} ਦੀ ਕਤਾਰ", {"row": "ਗਹਿਣੇ"}, "ਗਹਿਣਿਆਂ ਦੀ ਕਤਾਰ"),
        ("{card} 'ਤੇ +5", {"card": "ਤੋਹਫ਼ਾ 3"}, "ਤੋਹਫ਼ੇ 3 'ਤੇ +5"),
        ("{colour} ਕਾਰਡਾਂ ਨੂੰ", {"colour": "ਨੀਲਾ"}, "ਨੀਲੇ ਕਾਰਡਾਂ ਨੂੰ"),
        ("{colour} ਦਰਦ ਦਾ ਰੰਗ ਹੈ", {"colour": "ਨੀਲਾ"}, "ਨੀਲਾ ਦਰਦ ਦਾ ਰੰਗ ਹੈ"),
        ("{card} ਨਾਲ", {"card": "ਮਾਲਾ 2"}, "ਮਾਲਾ 2 ਨਾਲ"),
        ("{name} ਨੇ ਖੇਡਿਆ", {"name": "ਤੁਸੀਂ"}, "ਤੁਸੀਂ ਖੇਡਿਆ"),
        ("{name} ਨੇ ਖੇਡਿਆ", {"name": "ਰਾਜਾ"}, "ਰਾਜਾ ਨੇ ਖੇਡਿਆ"),
    ],
)
def test_punjabi_values_take_the_oblique_before_a_postposition(template: str, values: dict, expected: str) -> None:
    set_language("pa")
    try:
        assert grammar.fill(template, **values) == expected
    finally:
        set_language("en")


@pytest.mark.parametrize("code", ("en", *LANGS))
def test_a_lesson_ends_its_sentences_in_the_language_s_own_stop(code: str) -> None:
    """The lesson's end said who won and glued a Latin "." on in code (ਜਿੱਤੇ.)."""
    set_language(code)
    try:
        for scores in ([9, 5, 3], [5, 9, 3], [5, 9, 9], [9, 9, 3]):
            for why in ("", names.game_name("sticheln")):
                head = standing(scores, ["You", "Laia", "Ana"], why)[0]
                if code == "pa":
                    assert "." not in head and "।" in head, head
                else:
                    assert "।" not in head, head
    finally:
        set_language("en")


def test_punjabi_says_the_trick_and_the_hand_in_two_words() -> None:
    """ਹੱਥ said both (34 catalog entries and the Sticheln Rules screen); the trick is ਟ੍ਰਿਕ now."""
    from game.games.sticheln.rules_text import pa

    for entry in catalog("pa"):
        english = f"{entry.msgid} {entry.msgid_plural or ''}".lower()
        texts = [entry.msgstr] if entry.msgstr else list(entry.msgstr_plural.values())
        if "trick" in english:
            assert all("ਟ੍ਰਿਕ" in t for t in texts), entry.msgid
            if not re.search(r"\bhands?\b", english):
                assert not any("ਹੱਥ" in t for t in texts), entry.msgid
    rules = "\n".join(str(section) for section in pa.RULES) + pa.TAGLINE
    assert "ਟ੍ਰਿਕ" in rules and "ਹੱਥ" not in rules
