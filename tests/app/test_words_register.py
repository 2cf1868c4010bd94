"""Issue 36: Korean speaks in one register, 해요체, on every screen (the
network, refusals and the command line included); the particles after a
quoted value go by the value's sound, and no dual form (은(는), (으)로)
reaches the screen.  Pure (no window)."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

from game import grammar
from game.i18n import set_language

ROOT = Path(__file__).resolve().parents[2]
KO = ROOT / "game" / "locale" / "ko" / "LC_MESSAGES" / "fireside.po"

#: 합쇼체 endings: -ㅂ니다/-습니다, -ㅂ니까/-습니까, -ㅂ시다, -(으)십시오, -시오
_FORMAL_AFTER_B = re.compile(r"([가-힣])(니다|니까|시다)")
_FORMAL_ORDER = re.compile(r"(?:십시오|시오)(?![가-힣])")
#: the calques the review listed: 가장 비싼 (costliest), 덮다/열다 for topping/starting an avalanche, 당신
CALQUES = ("비싼", "덮을", "덮는", "덮어요", "여는 눈사태", "여느니", "당신")


def _has_b_final(syllable: str) -> bool:
    return (ord(syllable) - 0xAC00) % 28 == 17  # ㅂ 받침 (합, 습 is 스+ㅂ)


def formal_endings(text: str) -> list[str]:
    """The 합쇼체 endings in `text` (-니까 after a vowel, "because", is 해요체's too)."""
    found = [m.group(0) for m in _FORMAL_AFTER_B.finditer(text) if _has_b_final(m.group(1))]
    return found + _FORMAL_ORDER.findall(text)


def _ko_texts() -> list[tuple[str, str]]:
    out = []
    for entry in polib.pofile(str(KO)):
        for text in [entry.msgstr] if entry.msgstr else list(entry.msgstr_plural.values()):
            out.append((entry.msgid, text))
    return out


def test_the_detector_finds_each_formal_ending() -> None:
    assert formal_endings("테이블을 열 수 없습니다") == ["습니다"]
    assert formal_endings("게임이 시작됩니다. 준비됐습니까?") == ["됩니다", "습니까"]
    assert formal_endings("다시 입력하십시오") == ["십시오"]
    assert formal_endings("다른 색깔이 이기니까 가져와요") == []
    assert formal_endings("테이블을 열 수 없어요") == []


def test_the_korean_catalog_speaks_haeyo_only() -> None:
    """Was 30 entries with 38 합쇼체 endings (the network, refusal and command-line strings)."""
    formal = [(msgid, text) for msgid, text in _ko_texts() if formal_endings(text)]
    assert not formal, "\n".join(f"{m!r}: {t}" for m, t in formal)


def test_the_listed_calques_are_gone() -> None:
    found = [(m, t) for m, t in _ko_texts() for word in CALQUES if word in t]
    assert not found, found


def test_no_dual_particle_is_left_where_no_value_can_pick_it() -> None:
    """A dual form must sit right after a field (or its quotes), where the grammar picks one."""
    dual = re.compile(r"(은\(는\)|는\(은\)|이\(가\)|가\(이\)|을\(를\)|를\(을\)|과\(와\)|와\(과\)|\(으\)로|\(이\))")
    for msgid, text in _ko_texts():
        for found in dual.finditer(text):
            before = text[: found.start()].rstrip("”’'\")]」』")
            assert before.endswith("}"), (msgid, text)


@pytest.mark.parametrize(
    ("template", "values", "expected"),
    [
        ("“{name}”(으)로 저장했어요.", {"name": "민준"}, "“민준”으로 저장했어요."),
        ("“{name}”(으)로 저장했어요.", {"name": "민지"}, "“민지”로 저장했어요."),
        ("“{name}”을(를) 삭제했어요.", {"name": "Oriol"}, "“Oriol”을 삭제했어요."),
        ("'{ch}'은(는) 아니에요", {"ch": "Q"}, "'Q'는 아니에요"),
        ("'{ch}'은(는) 아니에요", {"ch": "L"}, "'L'은 아니에요"),
        ("{value}(이)라서", {"value": "7"}, "7이라서"),
        ("{value}(이)라서", {"value": "2"}, "2라서"),
        ("제가 {name}이에요", {"name": "민지"}, "제가 민지예요"),
        ("{name}(으)로 참가해요.", {"name": "★"}, "★으로 참가해요."),
    ],
)
def test_korean_particles_look_past_the_values_quotes(template: str, values: dict, expected: str) -> None:
    set_language("ko")
    try:
        assert grammar.fill(template, **values) == expected
    finally:
        set_language("en")
