"""The Rules screens' text: complete, drawable cards, and wrappable lines."""

from __future__ import annotations

import pytest

from game.app.rules_text import RULES, TAGLINES, TITLES, Cards, Section
from game.rules import GAME_IDS, get

MAX_WORD = 30  # longest unbreakable run of characters
MAX_PARAGRAPH = 700  # characters; a screenful at most
ALLOWED_NON_ASCII = set("•—")  # the bundled fonts draw these; keep the rest ASCII


def _texts(game_id: str) -> list[str]:
    out = []
    for section in RULES[game_id]:
        out.append(section.heading)
        for para in section.body:
            out.append(para.caption if isinstance(para, Cards) else para)
    return out


def test_every_game_has_a_title_tagline_and_rules() -> None:
    assert set(RULES) == set(TITLES) == set(TAGLINES) == set(GAME_IDS)
    assert TITLES["grinch"] == "Grinch: Grow Your Heart"
    for game_id in GAME_IDS:
        assert TAGLINES[game_id].strip() and "\n" not in TAGLINES[game_id]
        assert len(TAGLINES[game_id]) <= 90


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_at_least_five_sections_with_text(game_id: str) -> None:
    sections = RULES[game_id]
    assert len(sections) >= 5
    for section in sections:
        assert isinstance(section, Section)
        assert section.heading.strip() and len(section.heading) <= 40
        assert section.body, section.heading
        assert any(isinstance(p, str) and p.strip() for p in section.body), section.heading
        for para in section.body:
            assert isinstance(para, (str, Cards)), para
    headings = [s.heading for s in sections]
    assert len(set(headings)) == len(headings)
    assert headings[-1] == "How to play on this table"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_pictured_card_parses(game_id: str) -> None:
    parse_card = get(game_id).parse_card
    shown = 0
    for section in RULES[game_id]:
        for para in section.body:
            if isinstance(para, Cards):
                assert isinstance(para.cards, tuple) and para.cards, para
                assert para.caption.strip()
                for card in para.cards:
                    assert str(parse_card(card)).lower() == card.lower(), card
                    shown += 1
    assert shown > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_text_wraps(game_id: str) -> None:
    for text in _texts(game_id):
        assert text == text.strip() and "\n" not in text and "  " not in text, text
        assert len(text) <= MAX_PARAGRAPH, text[:60]
        assert max(len(word) for word in text.split()) <= MAX_WORD, text[:60]
        odd = {ch for ch in text if not (ch.isascii() and ch.isprintable())} - ALLOWED_NON_ASCII
        assert not odd, (odd, text[:60])
