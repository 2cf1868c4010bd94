"""Issue 36: every message of the Korean, Catalan and Punjabi catalogs,
filled in the way the app fills it (`grammar.fill`) with names ending in a
vowel and in a consonant (민지/민준, Laia/Oriol, ਗੀਤਾ/ਹਰਪ੍ਰੀਤ, Mina/Joon, the
default seat names, "you"), every card, colour, row, suit and game name, and
the numbers 0, 1, 2, 5 and 11, and read for the kinds of breakage the
review found:

- Korean: a dual particle left in the text (은(는), (으)로, (이)라), or the
  wrong one of a pair after a value, also past the value's quotes;
- Catalan: the elision and agreement traps of `test_words_grammar`, "un
  dels" before a feminine plural (Corones), "en queden 1", and a singular
  verb after a list of names;
- Punjabi: a word in the direct case before a postposition (ਪੀਲਾ ਦੇ,
  ਹਰਾ 0 ਨਾਲ, ਬਰਫ਼ ਦਾ ਤੋਦਾ ਦਾ), ਨੇ after ਤੁਸੀਂ or after a comma'd
  apposition, and a Latin full stop where the sentence ends with ।.

`broken_entries(code)` counts the entries (msgids) with at least one such
reading; the report gives it before and after issue 36 (ko 8, ca 5, pa 28
in the review).  Pure (no window)."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator

import pytest

from game import grammar
from game.app.learn.done import PLACES
from game.i18n import _, set_language
from game.rules import registry
from tests.app.test_words_grammar import FIELDS_NAMED, _kind, _translations, ca_trap, catalog, ko_trap, values

LANGS = ("ko", "ca", "pa")
NUMBERS = [0, 1, 2, 5, 11]
#: names a person types, ending in a vowel and in a consonant, in each script
TYPED = {"ko": ["민지", "민준"], "ca": ["Laia", "Oriol"], "pa": ["ਗੀਤਾ", "ਹਰਪ੍ਰੀਤ"]}
#: Punjabi words of our values that change in the oblique case (the check's own list, not the grammar's)
PA_OBLIQUE = {
    "ਪੀਲਾ": "ਪੀਲੇ",
    "ਹਰਾ": "ਹਰੇ",
    "ਨੀਲਾ": "ਨੀਲੇ",
    "ਗਹਿਣਾ": "ਗਹਿਣੇ",
    "ਤੋਹਫ਼ਾ": "ਤੋਹਫ਼ੇ",
    "ਗਹਿਣੇ": "ਗਹਿਣਿਆਂ",
    "ਤੋਹਫ਼ੇ": "ਤੋਹਫ਼ਿਆਂ",
    "ਤੋਦਾ": "ਤੋਦੇ",
    "ਦੂਜਾ": "ਦੂਜੇ",
    "ਤੀਜਾ": "ਤੀਜੇ",
}
PA_POSTPOSITIONS = "ਦਾ ਦੇ ਦੀ ਦੀਆਂ ਨੂੰ ਨਾਲ ਨੇ ਤੋਂ 'ਤੇ ਉੱਤੇ ਵਿੱਚ ਵਿੱਚੋਂ ਲਈ ਕੋਲ ਵੱਲ ਵਾਂਗ ਤੱਕ ਬਾਰੇ".split()
_GURMUKHI = r"[\u0A00-\u0A7F]"
_POSTPOSITION = rf"(?:(?:ਰੰਗ|ਨੰਬਰ|ਕਾਰਡ) )?(?:{'|'.join(map(re.escape, PA_POSTPOSITIONS))})(?!{_GURMUKHI})"
_KO_DUAL = re.compile(r"은\(는\)|는\(은\)|이\(가\)|가\(이\)|을\(를\)|를\(을\)|과\(와\)|와\(과\)|\(으\)로|\(이\)")


def pools(code: str) -> dict[str, list[object]]:
    """The values each kind of field runs through, in language `code`."""
    out: dict[str, list[object]] = dict(values(code))  # type: ignore[arg-type]
    set_language(code)
    try:
        out["named"] = [*TYPED[code], "Mina", "Joon", *out["named"][7:], _("you")]
        out["names"] = [TYPED[code][0], ", ".join(TYPED[code])]
        grinch = registry.get("grinch").module("words")
        out["suit"] = [grinch.suit_name(s) for s in grinch.SUITS]
        out["place"] = [_(p) for p in PLACES.values()]
        out["number"] = list(NUMBERS)
    finally:
        set_language("en")
    return out


def _field_kind(field: str) -> str:
    if field == "names":
        return "names"
    if field in ("suit", "suits"):
        return "suit" if field == "suit" else "row"
    if field == "place":
        return "place"
    return _kind(field)


def _pool_of(pool: dict[str, list[object]], field: str, counts: list[object], one: bool) -> list[object]:
    kind = _field_kind(field)
    if kind == "names" and one:
        return pool[kind][:1]
    return counts if kind == "number" else pool[kind]


def renderings(code: str) -> Iterator[tuple[str, str, str, str]]:
    """(msgid, text, field, value): every message filled in, one field at a time
    running through its pool (the others fixed at their pool's first value)."""
    pool = pools(code)
    set_language(code)
    try:
        for entry in catalog(code):
            for template, numbers in _translations(entry):
                fields = [f for _l, f, _s, _c in string.Formatter().parse(template) if f]
                if not fields:
                    continue
                counts: list[object] = [n for n in NUMBERS if n in numbers] or numbers[-1:]
                one = bool(entry.msgid_plural) and numbers == [1]  # (a tie's singular names one winner)
                of = {f: _pool_of(pool, f, counts, one) for f in fields}
                fixed = {f: of[f][0] for f in fields}
                for field in dict.fromkeys(fields):
                    for value in of[field]:
                        yield entry.msgid, grammar.fill(template, **{**fixed, field: value}), field, str(value)
    finally:
        set_language("en")


# -- what is broken, by kind ------------------------------------------------------------------


def ko_broken(text: str, field: str, value: str) -> str | None:
    if _KO_DUAL.search(text):
        return "dual particle"
    quoted = re.search(re.escape(value) + r"[”’'\"」』]+", text)
    if quoted:  # the particle after the value's closing quote goes by the value
        unquoted = text[: quoted.start()] + value + text[quoted.end() :]
        wrong = ko_trap(unquoted, field, value)
        if wrong:
            return "after quotes: " + wrong
    return ko_trap(text, field, value)


def ca_broken(text: str, field: str, value: str) -> str | None:
    if re.search(rf"\bdels {re.escape(value)}\b", text) and value.endswith("es"):
        return "un dels before a feminine plural"
    if re.search(r"\ben queden 1\b|\b1 cartes més\b", text):
        return "en queden 1"
    if ", " in value and re.search(re.escape(value) + r" ha\b", text):
        return "a singular verb after a list of names"
    return ca_trap(text, field, value)


def pa_broken(text: str, field: str, value: str) -> str | None:
    if re.search(rf"ਤੁਸੀਂ,? ਨੇ(?!{_GURMUKHI})|ਤੁਸੀਂ, [^,]+ ਨੇ,", text):
        return "ਨੇ after ਤੁਸੀਂ"
    if re.search(rf", ਨੇ(?!{_GURMUKHI})", text):
        return ", ਨੇ after an apposition"
    if re.search(rf"{_GURMUKHI}\.(?:\s|$)", text):
        return "a Latin full stop"
    if field not in FIELDS_NAMED and any(word in PA_OBLIQUE for word in value.split(" ")):
        if re.search(rf"(?<!{_GURMUKHI}){re.escape(value)} {_POSTPOSITION}", text):
            return "direct case before a postposition"
    return None


BROKEN = {"ko": ko_broken, "ca": ca_broken, "pa": pa_broken}


def broken_entries(code: str) -> dict[str, list[str]]:
    """msgid -> what is wrong once filled in (up to three examples)."""
    out: dict[str, list[str]] = {}
    for msgid, text, field, value in renderings(code):
        wrong = BROKEN[code](text, field, value)
        if wrong and len(out.setdefault(msgid, [])) < 3:
            out[msgid].append(f"{wrong}: {text}")
    return {k: v for k, v in out.items() if v}


@pytest.mark.parametrize("code", LANGS)
def test_no_entry_is_broken_once_filled_in(code: str) -> None:
    found = broken_entries(code)
    assert not found, f"{len(found)} entries:\n" + "\n".join(f"{k!r}: {v}" for k, v in list(found.items())[:20])


@pytest.mark.parametrize(
    ("code", "text", "field", "value"),
    [
        ("ko", "“민준”(으)로 저장했어요.", "name", "민준"),
        ("ko", "'Q'은 아니에요", "ch", "Q"),
        ("ca", "la mà en té 1 i només en queden 1 per veure", "left", "1"),
        ("ca", "és un dels Corones", "suits", "Corones"),
        ("ca", "Laia, Oriol ha guanyat", "names", "Laia, Oriol"),
        ("pa", "ਪੀਲਾ ਦੇ 11 ਹੋਰ ਕਾਰਡ", "colour", "ਪੀਲਾ"),
        ("pa", "ਤੁਸੀਂ ਹਰਾ 0 ਨਾਲ ਹੱਥ ਜਿੱਤਿਆ", "card", "ਹਰਾ 0"),
        ("pa", "ਬਰਫ਼ ਦਾ ਤੋਦਾ ਦਾ ਆਪਣਾ ਪਹਿਲਾ ਰਾਊਂਡ", "game", "ਬਰਫ਼ ਦਾ ਤੋਦਾ"),
        ("pa", "ਤੁਸੀਂ, ਗ੍ਰਿੰਚ ਨੇ, 1 ਕਾਰਡ ਚੁੱਕਿਆ", "n", "1"),
        ("pa", "ਗੀਤਾ 9 ਅੰਕਾਂ ਨਾਲ ਜਿੱਤੇ.", "names", "ਗੀਤਾ"),
    ],
)
def test_the_check_finds_each_kind_the_review_found(code: str, text: str, field: str, value: str) -> None:
    assert BROKEN[code](text, field, value), text


@pytest.mark.parametrize(
    ("code", "text", "field", "value"),
    [
        ("ko", "“민준”으로 저장했어요.", "name", "민준"),
        ("ca", "només en queda 1 per veure", "left", "1"),
        ("pa", "ਪੀਲੇ ਦੇ 11 ਹੋਰ ਕਾਰਡ", "colour", "ਪੀਲਾ"),
        ("pa", "ਨੀਲੇ 1 ਨੇ ਹੱਥ ਜਿੱਤਿਆ", "card", "ਨੀਲਾ 1"),
        ("pa", "ਗੀਤਾ ਨੇ ਖੇਡਿਆ।", "name", "ਗੀਤਾ"),
    ],
)
def test_the_check_passes_what_is_right(code: str, text: str, field: str, value: str) -> None:
    assert BROKEN[code](text, field, value) is None, text


def test_every_punjabi_word_that_inflects_is_known_to_the_check() -> None:
    """A value word in -ਾ (masculine) or a plural in -ੇ must be in PA_OBLIQUE or known not to change."""
    invariant = {"ਮਾਲਾ"}  # feminine
    pool = pools("pa")
    kinds = ("card", "colour", "row", "game", "suit", "place")
    words = {w for kind in kinds for v in pool[kind] for w in str(v).split()}
    inflecting = {w for w in words if re.search(r"[ਾੇ]$", w) and w not in invariant and w != "ਦਾ" and w != "ਦੇ"}
    assert inflecting <= set(PA_OBLIQUE) | set(PA_OBLIQUE.values()), inflecting - set(PA_OBLIQUE)
