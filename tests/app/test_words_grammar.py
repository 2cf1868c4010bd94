"""Issue 26: every translated message, filled in with representative values,
keeps clear of each language's known traps, and the glossary's words are the
ones the catalogs and the Rules screens use.  Pure (no pygame)."""

from __future__ import annotations

import csv
import string
from pathlib import Path

import polib
import pytest

from game.app.words.rules_texts import ca, ko, pa

LOCALE = Path(__file__).resolve().parents[2] / "game" / "locale"
RULES = {"ko": ko, "ca": ca, "pa": pa}
NAMES = ["Mina", "Pau", "Simran", "Joon", "Laia", "Harpreet", "Ana"]
COLOURS = {
    "ko": ["주황", "노랑", "초록", "파랑", "분홍", "회색"],
    "ca": ["taronja", "groc", "verd", "blau", "rosa", "gris"],
    "pa": ["ਸੰਤਰੀ", "ਪੀਲਾ", "ਹਰਾ", "ਨੀਲਾ", "ਗੁਲਾਬੀ", "ਸਲੇਟੀ"],
}
#: words the glossary replaced: none may come back
RETIRED = {"ko": ["크레바스", "Grow Your Heart"], "ca": ["escletxa", "Escletxa", 'ATURA"'], "pa": ["ਦਰਾੜ"]}


def _catalog(code: str) -> polib.POFile:
    return polib.pofile(str(LOCALE / code / "LC_MESSAGES" / "fireside.po"))


def _texts(code: str) -> list[str]:
    out = []
    for entry in _catalog(code):
        out.extend([entry.msgstr] if entry.msgstr else list(entry.msgstr_plural.values()))
    return out


def _rendered(template: str, value: str) -> str:
    out = []
    for literal, field, _spec, _conv in string.Formatter().parse(template):
        out.append(literal)
        if field is not None:
            out.append(value)
    return "".join(out)


@pytest.mark.parametrize("code", ["ko", "ca", "pa"])
def test_filled_in_messages_keep_clear_of_the_known_traps(code: str) -> None:
    values = NAMES + COLOURS[code] + [str(n) for n in range(101)]
    bad = []
    for template in _texts(code):
        for value in values:
            text = _rendered(template, value)
            if code == "ko" and "색 색" in text:
                bad.append(text)
            if code == "pa" and ", ਨੇ " in text:
                bad.append(text)
        if code == "ko" and ("}는" in template or "}로" in template):
            bad.append(template)  # a number or name needs the particle chosen for it
    assert not bad, bad[:10]


@pytest.mark.parametrize("code", ["ko", "ca", "pa"])
def test_the_glossary_words_are_the_ones_used(code: str) -> None:
    everything = "\n".join(_texts(code)) + "\n" + Path(RULES[code].__file__).read_text(encoding="utf-8")
    with open(LOCALE / code / "glossary.tsv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    assert rows
    for row in rows:
        word = row["app"].split(" / ")[0]
        if "{" not in word:
            assert word in everything, row
    raw = (LOCALE / code / "LC_MESSAGES" / "fireside.po").read_text(encoding="utf-8")
    for old in RETIRED[code]:
        assert old not in raw.split('msgid "Grinch: Grow Your Heart"')[0] + "\n".join(_texts(code)), old
