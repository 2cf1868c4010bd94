"""The Rules screens' text in every language: complete, drawable cards, wrappable
lines, every translation the same shape and the same facts as the English, and
the rules scene laying out, scrolling and switching language in each."""

from __future__ import annotations

import os
import re
import unicodedata

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from app_driver import page_down_to_the_end
from matrix import fast_lane

from game import i18n
from game.app.words import rules_text
from game.app.words.rules_text import RULES, TAGLINES, TITLES, Cards, Section
from game.rules import GAME_IDS, get

LANGS = ("en", "ko", "ca", "pa")
TRANSLATIONS = ("ko", "ca", "pa")
MAX_WORD = 30  # longest unbreakable run of characters
MAX_PARAGRAPH = 700  # characters; a screenful at most
MAX_TAGLINE = 90
# Beyond printable ASCII, each language may use only its own letters and a few marks the fonts draw.
COMMON = set("•—")
EXTRA = {
    "en": lambda ch: False,
    "ko": lambda ch: "\uac00" <= ch <= "\ud7a3",  # Hangul syllables
    "ca": lambda ch: ch in "àèéíïòóúüçÀÈÉÍÏÒÓÚÜÇ·",
    "pa": lambda ch: "\u0a00" <= ch <= "\u0a7f" or ch == "।",  # Gurmukhi and the danda
}
# English number words, so "two ordinary decks" may become "52장 덱 2벌" and still match.
NUMBER_WORDS = {
    "zero": "0",
    "zeros": "0",
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "twelve": "12",
    "first": "1",
    "second": "2",
    "third": "3",
    "twice": "2",
    "single": "1",
    "singles": "1",
}


@pytest.fixture
def language():
    """Set the app's language for one test, and put English back afterwards."""
    before = i18n.language()
    yield i18n.set_language
    i18n.set_language(before)


def _texts(game_id: str, lang: str = "en") -> list[str]:
    out = []
    for section in rules_text.rules(game_id, lang):
        out.append(section.heading)
        for para in section.body:
            out.append(para.caption if isinstance(para, Cards) else para)
    return out


def _pairs(lang: str):
    """(English, translated) for every heading, paragraph and caption of every game."""
    for game_id in GAME_IDS:
        yield from zip(_texts(game_id, "en"), _texts(game_id, lang))


def _numbers(text: str) -> set[str]:
    return set(re.findall(r"\d+", text))


# -- the English text and the public names -----------------------------------------


def test_every_game_has_a_title_tagline_and_rules() -> None:
    for lang in LANGS:
        module = rules_text.texts(lang)
        assert set(module.RULES) == set(module.TITLES) == set(module.TAGLINES) == set(GAME_IDS), lang
        for game_id in GAME_IDS:
            line = rules_text.tagline(game_id, lang)
            assert line.strip() and "\n" not in line and len(line) <= MAX_TAGLINE, (lang, line)
            assert rules_text.title(game_id, lang).strip()
    assert rules_text.title("grinch", "en") == "Grinch: Grow Your Heart"


def test_the_public_tables_follow_the_current_language(language) -> None:
    language("en")
    assert TITLES["grinch"] == "Grinch: Grow Your Heart"
    assert RULES["sticheln"] is rules_text.rules("sticheln", "en")
    for lang in TRANSLATIONS:
        language(lang)
        assert RULES["avalanche"] is rules_text.rules("avalanche", lang)
        assert TAGLINES.get("grinch") == rules_text.tagline("grinch", lang) != rules_text.tagline("grinch", "en")
        assert rules_text.title("sticheln") == rules_text.title("sticheln", lang)
        assert set(RULES) == set(TITLES) == set(GAME_IDS)


def test_an_unknown_language_falls_back_to_english() -> None:
    assert rules_text.rules("grinch", "xx") is rules_text.rules("grinch", "en")


def test_a_game_a_language_has_no_text_for_gets_the_english(monkeypatch, language) -> None:
    """Translators work by language: a game may be registered before its
    rules are translated (or written at all)."""
    ko = rules_text.texts("ko")
    monkeypatch.setattr(ko, "RULES", {g: v for g, v in ko.RULES.items() if g != "grinch"})
    monkeypatch.setattr(ko, "TAGLINES", {g: v for g, v in ko.TAGLINES.items() if g != "grinch"})
    assert rules_text.rules("grinch", "ko") is rules_text.rules("grinch", "en")
    assert rules_text.tagline("grinch", "ko") == rules_text.tagline("grinch", "en")
    assert rules_text.title("grinch", "ko") != rules_text.title("grinch", "en")  # still translated
    language("ko")
    assert RULES["grinch"] is rules_text.rules("grinch", "en")
    with pytest.raises(KeyError):
        RULES["no such game"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_at_least_five_sections_with_text(game_id: str) -> None:
    sections = rules_text.rules(game_id, "en")
    assert len(sections) >= 5
    for section in sections:
        assert isinstance(section, Section)
        assert section.heading.strip() and len(section.heading) <= 40
        assert section.body, section.heading
        assert any(isinstance(p, str) and p.strip() for p in section.body), section.heading
        for para in section.body:
            assert isinstance(para, (str, Cards)), para
    assert sections[-1].heading == "How to play on this table"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_pictured_card_parses(game_id: str) -> None:
    parse_card = get(game_id).parse_card
    shown = 0
    for section in rules_text.rules(game_id, "en"):
        for para in section.body:
            if isinstance(para, Cards):
                assert isinstance(para.cards, tuple) and para.cards, para
                for card in para.cards:
                    assert str(parse_card(card)).lower() == card.lower(), card
                    shown += 1
    assert shown > 0


# -- every language ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_sections_paragraphs_and_cards_as_english(game_id: str, lang: str) -> None:
    english, translated = rules_text.rules(game_id, "en"), rules_text.rules(game_id, lang)
    assert len(translated) == len(english)
    for en_section, section in zip(english, translated):
        assert isinstance(section, Section)
        assert len(section.body) == len(en_section.body), (lang, section.heading)
        for en_para, para in zip(en_section.body, section.body):
            assert type(para) is type(en_para), (lang, section.heading, para)
            if isinstance(para, Cards):
                assert para.cards == en_para.cards, (lang, para)  # the same pictures
            else:
                assert para.startswith("• ") == en_para.startswith("• "), (lang, para[:40])
    headings = [s.heading for s in translated]
    assert len(set(headings)) == len(headings)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_text_is_clean_and_wraps(game_id: str, lang: str) -> None:
    texts = _texts(game_id, lang) + [rules_text.title(game_id, lang), rules_text.tagline(game_id, lang)]
    for text in texts:
        assert text.strip(), (lang, game_id)
        assert text == text.strip() and "\n" not in text and "  " not in text, text
        assert unicodedata.normalize("NFC", text) == text, text[:40]
        assert len(text) <= MAX_PARAGRAPH, text[:60]
        assert max(len(word) for word in text.split()) <= MAX_WORD, text[:60]
        odd = {
            ch for ch in text if not (ch.isascii() and ch.isprintable()) and ch not in COMMON and not EXTRA[lang](ch)
        }
        assert not odd, (lang, odd, text[:60])
    for section in rules_text.rules(game_id, lang):
        assert len(section.heading) <= 40, section.heading


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_translations_are_translated(lang: str) -> None:
    """No heading, paragraph, caption or tagline left in English."""
    for english, translated in _pairs(lang):
        assert translated != english, (lang, english[:60])
        assert len(re.findall(r"[A-Za-z]{4,}", translated)) <= 2 or lang == "ca", (lang, translated[:60])
    for game_id in GAME_IDS:
        assert rules_text.tagline(game_id, lang) != rules_text.tagline(game_id, "en")


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_translations_keep_every_number(lang: str) -> None:
    """Same facts: every number in an English paragraph is in its translation, and a
    translation adds only numbers the English spells out in words ("two decks")."""
    for english, translated in _pairs(lang):
        en_numbers, numbers = _numbers(english), _numbers(translated)
        assert en_numbers <= numbers, (lang, en_numbers - numbers, translated[:60])
        spelled = {NUMBER_WORDS[w] for w in re.findall(r"[a-z]+", english.lower()) if w in NUMBER_WORDS}
        assert numbers - en_numbers <= spelled, (lang, numbers - en_numbers, translated[:60])


@pytest.mark.parametrize("lang", LANGS)
def test_the_bundled_fonts_draw_every_character(lang: str) -> None:
    fonts = pytest.importorskip("game.app.look.fonts")
    if not hasattr(fonts, "missing"):
        pytest.skip("the per-language fonts have not landed")
    text = "".join("".join(_texts(g, lang)) + rules_text.title(g, lang) + rules_text.tagline(g, lang) for g in GAME_IDS)
    assert not fonts.missing(text), (lang, sorted(fonts.missing(text)))


# -- the rules scene ---------------------------------------------------------------------


def _rules_app():
    from table_driver import make_app

    app, _ = make_app("sticheln", [True, False, False], size=(1024, 600))
    return app


@pytest.mark.parametrize("lang", fast_lane(LANGS, "ko"))
def test_rules_scene_lays_out_and_scrolls_in_every_language(lang: str, language) -> None:
    from game.app.scenes.rules import RulesScene
    from game.app.ui import widgets

    language(lang)
    app = _rules_app()
    for game_id in GAME_IDS:
        scene = RulesScene(app, game_id)
        app.push(scene)
        app.step(1 / 30, events=[], flip=False)
        headings = [item for kind, item, _ in scene.lines if kind == "head"]
        assert headings == [s.heading for s in rules_text.rules(game_id, lang)]
        assert scene.max_scroll > 0  # more text than fits: it scrolls
        width = scene.view.w - app.ui(40)
        for kind, item, _ in scene.lines:
            if kind == "text":
                line, indent = item
                assert widgets.fonts.size(line, app.ui(18))[0] <= width - indent or " " not in line, line
        page_down_to_the_end(app, scene)
        assert scene.scroll == scene.max_scroll
        app.stack.pop()


def test_rules_scene_shows_a_new_language_on_the_next_draw(language) -> None:
    from game.app.scenes.rules import RulesScene

    language("en")
    app = _rules_app()
    scene = RulesScene(app, "grinch")
    app.push(scene)
    app.step(1 / 30, events=[], flip=False)
    assert scene.lines[0][1] == rules_text.rules("grinch", "en")[0].heading
    for lang in ("pa", "ko", "ca", "en"):
        language(lang)  # no resize, no new scene: only the next frame
        app.step(1 / 30, events=[], flip=False)
        assert scene.lines[0][1] == rules_text.rules("grinch", lang)[0].heading, lang
