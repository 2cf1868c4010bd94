"""Filling a translated message in so that it stays grammatical whatever
name, card, colour or number goes into it.

A catalog's translator writes one sentence for every value, but some
languages change the words next to a value with the value itself:

- Catalan elides `de`, `el` and `la` before a vowel sound ("d'Ana",
  "l'As", "d'11"), contracts `de`/`a`/`per` + `el` ("del Jugador 1"), and
  an article or possessive before a card agrees with the card's gender ("el
  Soroll 3", "la Corona 3", "el teu 7 groc", "la Q");
- Korean particles after a value depend on its last sound (이/가, 은/는,
  을/를, 와/과, 으로/로, 이에요/예요, (이)라): "Mina가", "Joon이", "3은", "2는",
  also past the value's own quotes ("“민준”으로", "'Q'는"); a dual form
  such as 은(는) never reaches the screen;
- Punjabi's "you" takes no ergative ਨੇ and has its own genitive
  ("ਤੁਸੀਂ ਦਾ" is "ਤੁਹਾਡਾ"), and a colour, card, row, place or game's name
  before a postposition takes the oblique case ("ਨੀਲੇ 1 ਨੇ", "ਪੀਲੇ ਦੇ",
  "ਬਰਫ਼ ਦੇ ਤੋਦੇ ਦਾ"); a person's name stays as it is.

`fill(template, **values)` formats like `str.format` and then mends the
words right next to each value for the current language; for English it is
exactly `str.format`.  Catalan uses no personal article before a name
("d'Ana", "de Mina"): a typed-in name's gender is unknown (the glossary
says so).  Pure (no pygame).
"""

from __future__ import annotations

import re
import string
from functools import lru_cache
from typing import Any

from game.common.language import language

#: fields whose value is a card, a rank or a set of cards (Catalan articles agree with them)
CARD_FIELDS = frozenset({"card", "rank", "low", "high", "played", "previous", "set"})

_FORMATTER = string.Formatter()


@lru_cache(maxsize=2048)
def _parsed(template: str) -> tuple[tuple[str, str | None, str | None, str | None], ...]:
    return tuple(_FORMATTER.parse(template))


def fill(template: str, **values: Any) -> str:
    """`template.format(**values)` with the words next to each value mended
    for the current language (see the module's docstring)."""
    code = language()
    parsed = _parsed(template)
    if code not in _MENDERS or any(f is not None and (not f or f[0].isdigit()) for _l, f, _s, _c in parsed):
        return str.format(template, **values)  # (positional fields: as str.format, which refuses them)
    mend = _MENDERS[code]
    parts: list[str] = []  # the text so far
    fields: list[tuple[int, str, str]] = []  # (index in parts, field name, value)
    for literal, field, spec, conv in parsed:
        if literal:
            parts.append(literal)
        if field is None:
            continue
        value, _key = _FORMATTER.get_field(field, (), values)
        value = _FORMATTER.convert_field(value, conv)
        text = _FORMATTER.format_field(value, _FORMATTER.vformat(spec or "", (), values))
        fields.append((len(parts), field, text))
        parts.append(text)
    return mend(parts, fields)


# -- Catalan --------------------------------------------------------------------------

_VOWELS = "aeiouàáèéíïòóúüAEIOUÀÁÈÉÍÏÒÓÚÜ"
#: card words and their gender ("f" or "m"); a lone letter (J, Q, K, A) is feminine, a number masculine
_CA_GENDER = {"corona": "f", "soroll": "m", "ornament": "m", "regal": "m", "comodí": "m", "grup": "m"}
#: an article (or possessive) at the end of the text before a card: its (masculine, feminine) forms
_CA_ARTICLES: list[tuple[str, str, str]] = [
    # (pattern, masculine, feminine); "@" is where the elided form goes
    (r"de l'|del |de la ", "del ", "de la "),
    (r"a l'|al |a la ", "al ", "a la "),
    (r"per l'|pel |per la ", "pel ", "per la "),
    (r"el teu |la teva ", "el teu ", "la teva "),
    (r"el seu |la seva ", "el seu ", "la seva "),
    (r"el meu |la meva ", "el meu ", "la meva "),
    (r"l'|el |la ", "el ", "la "),
    (r"un |una ", "un ", "una "),
]
_CA_ARTICLE_AT_END = [
    (re.compile(rf"(?:^|(?<=[\s(«“\"—:·,]))(?:{p})$", re.IGNORECASE), m, f) for p, m, f in _CA_ARTICLES
]
_CA_ELIDED = {"el ": "l'", "la ": "l'", "del ": "de l'", "de la ": "de l'", "al ": "a l'", "a la ": "a l'"}
_CA_ELIDED.update({"pel ": "per l'", "per la ": "per l'"})


def _ca_vowel_sound(value: str) -> bool:
    """Does `value` begin with a vowel sound (so that de, el, la elide)?"""
    if re.match(r"1(?:1)?(?!\d)", value):  # u, onze (but not 10, 12, 100)
        return True
    word = value[1:] if value[:1] in "hH" else value
    if not word[:1] or word[0] not in _VOWELS:
        return False
    # i, u before a vowel are consonants ("de Iolanda", "de Uarda"); a lone letter is not
    return not (word[0] in "iuIU" and word[1:2] and word[1] in _VOWELS)


def _ca_gender(value: str) -> str | None:
    """A card's gender from its first word, or None for anything else."""
    first = value.split(" ")[0]
    if re.fullmatch(r"\d+", first):
        return "m"
    if re.fullmatch(r"[JQKA]", first):
        return "f"
    return _CA_GENDER.get(first.casefold())


def _capital(like: str, text: str) -> str:
    return text[:1].upper() + text[1:] if like[:1].isupper() else text


def _ca_mend(parts: list[str], fields: list[tuple[int, str, str]]) -> str:
    for index, field, value in fields:
        if index == 0 or not value:
            continue
        before = parts[index - 1]
        vowel = _ca_vowel_sound(value)
        gender = _ca_gender(value) if field in CARD_FIELDS else None
        for pattern, masculine, feminine in _CA_ARTICLE_AT_END if gender is not None else ():
            found = pattern.search(before)
            if found:
                article = masculine if gender == "m" else feminine
                if vowel and article in _CA_ELIDED and not (gender == "f" and value[:1] in "iuIU"):
                    article = _CA_ELIDED[article]
                parts[index - 1] = before[: found.start()] + _capital(found.group(0), article)
                break
        else:
            parts[index - 1] = _ca_elide(before, value, vowel)
    return "".join(parts)


def _ca_elide(before: str, value: str, vowel: bool) -> str:
    """`before` with its last word elided or contracted for `value` ("d'Ana", "l'11%", "del Jugador 1")."""
    found = re.search(r"(?:^|(?<=[\s(«“—:·,]))(de|el|la|del|al|pel|a|per) $", before, re.IGNORECASE)
    if not found:
        return before
    word = found.group(1)
    low = word.lower()
    if vowel and low != "a" and low != "per":
        return before[: found.start()] + _capital(word, "d'" if low == "de" else _CA_ELIDED[low + " "])
    if value.startswith("Jugador ") and low in ("de", "a", "per"):  # "Player {n}": a common noun
        return before[: found.start()] + _capital(word, {"de": "del ", "a": "al ", "per": "pel "}[low])
    return before


# -- Korean ---------------------------------------------------------------------------

#: a number's last sound: its last digit as read (영 일 이 삼 사 오 육 칠 팔 구), or 십 백 천 만
_KO_DIGIT_FINAL = {"0": "ㅇ", "1": "ㄹ", "2": "", "3": "ㅁ", "4": "", "5": "", "6": "ㄱ", "7": "ㄹ", "8": "ㄹ", "9": ""}
#: a lone Latin letter as read (엘, 엠, 엔, 알 end in a consonant; 에이, 제이, 큐, 케이 do not)
_KO_LETTER_FINAL = {"L": "ㄹ", "M": "ㅁ", "N": "ㄴ", "R": "ㄹ"}
#: particle pairs: (after a consonant, after a vowel); "으로"/"로" also takes 로 after ㄹ
_KO_PAIRS = [
    ("은(는)", "은", "는"),
    ("는(은)", "은", "는"),
    ("이(가)", "이", "가"),
    ("가(이)", "이", "가"),
    ("을(를)", "을", "를"),
    ("를(을)", "을", "를"),
    ("과(와)", "과", "와"),
    ("와(과)", "과", "와"),
    ("(으)로", "으로", "로"),
    ("(이)", "이", ""),
    ("이에요", "이에요", "예요"),
    ("예요", "이에요", "예요"),
    ("으로", "으로", "로"),
    ("로", "으로", "로"),
    ("은", "은", "는"),
    ("는", "은", "는"),
    ("을", "을", "를"),
    ("를", "을", "를"),
    ("가", "이", "가"),
    ("과", "과", "와"),
    ("와", "과", "와"),
]


def ko_final(value: str) -> str | None:
    """The consonant `value` ends in when read ("" for a vowel), e.g. "ㄴ"
    for 준 or Joon, "ㄹ" for 7 (칠), "" for 2 (이) or Mina; None when unknown."""
    text = value.rstrip(" )]'\"’”%+")
    if value.rstrip().endswith("%"):
        return ""  # 퍼센트
    if not text:
        return None
    last = text[-1]
    if "가" <= last <= "힣":
        final = (ord(last) - 0xAC00) % 28
        return "" if final == 0 else ("ㄹ" if final == 8 else "ㄱ")  # only "ㄹ" or not matters
    digits = re.search(r"\d+$", text)
    if digits:
        number = digits.group(0).lstrip("0") or "0"
        if number == "0" or number[-1] != "0":
            return _KO_DIGIT_FINAL[number[-1]]
        return "ㅂ"  # 십, 백, 천, 만: all end in a consonant, none in ㄹ
    word = re.search(r"[A-Za-z]+$", text)
    if word:
        letters = word.group(0)
        if len(letters) == 1:
            return _KO_LETTER_FINAL.get(letters.upper(), "")
        low = letters.lower()
        if low.endswith(("l", "ll")):
            return "ㄹ"
        if low.endswith(("m", "n", "ng")):
            return "ㄴ"
        return ""  # Mina, Pau, Harpreet (하르프리트), Mark (마크)
    return None


#: a closing quote or bracket and the opening one it answers: a particle after
#: a quoted value ("“민준”으로", "'Q'는") goes by the value's sound, not the quote's
_KO_CLOSERS = {"”": "“", "’": "‘", "'": "'", '"': '"', "」": "「", "』": "『", ")": "(", "]": "["}


def _ko_quoted(before: str, after: str) -> int:
    """How many closing quotes/brackets start `after` that close ones ending `before`
    (the value's own quotes), so the particle is looked for past them."""
    count = 0
    while count < len(after) and after[count] in _KO_CLOSERS:
        opener = _KO_CLOSERS[after[count]]
        if not before.endswith(opener):
            break
        before = before[: -len(opener)]
        count += 1
    return count


def _ko_mend(parts: list[str], fields: list[tuple[int, str, str]]) -> str:
    fielded = {i for i, _f, _v in fields}
    for index, _field, value in fields:
        if index + 1 >= len(parts) or (index + 1) in fielded:
            continue
        final = ko_final(value)
        if final is None:
            final = "ㄱ"  # a sound we cannot read (a symbol, another script): one form, never both
        after = parts[index + 1]
        quoted = _ko_quoted(parts[index - 1] if index > 0 and (index - 1) not in fielded else "", after)
        head, after = after[:quoted], after[quoted:]
        for written, consonant, vowel in _KO_PAIRS:
            if not after.startswith(written):
                continue
            rest = after[len(written) :]
            if len(written) == 1 and rest[:1] and "가" <= rest[0] <= "힣" and written in "가과와":
                break  # 가/과/와/로 starting a longer word, not a particle
            if written in ("로", "으로", "(으)로"):
                chosen = vowel if final in ("", "ㄹ") else consonant
            else:
                chosen = vowel if final == "" else consonant
            parts[index + 1] = head + chosen + rest
            break
    return "".join(parts)


# -- Punjabi --------------------------------------------------------------------------

_PA_YOU = "ਤੁਸੀਂ"
_PA_YOUR = {" ਦਾ": "ਤੁਹਾਡਾ", " ਦੀ": "ਤੁਹਾਡੀ", " ਦੇ": "ਤੁਹਾਡੇ", " ਦੀਆਂ": "ਤੁਹਾਡੀਆਂ"}
_PA_LETTER = r"[\u0A00-\u0A7F]"
#: the postpositions that want the word before them in the oblique case
_PA_POSTPOSITIONS = "ਦਾ ਦੇ ਦੀ ਦੀਆਂ ਨੂੰ ਨਾਲ ਨੇ ਤੋਂ 'ਤੇ ਉੱਤੇ ਵਿੱਚ ਵਿੱਚੋਂ ਲਈ ਕੋਲ ਵੱਲ ਵਾਂਗ ਤੱਕ ਬਾਰੇ ਵਾਲਾ ਵਾਲੇ ਵਾਲੀ ਜਿੰਨਾ ਜਿੰਨੀ ਜਿੰਨੇ ਨਾਲੋਂ".split()
#: a value right before a postposition (or before a noun that goes with it: "ਪੀਲੇ ਰੰਗ ਦੇ",
#: "ਦੂਜੇ ਨੰਬਰ 'ਤੇ", "ਨੀਲੇ ਕਾਰਡਾਂ ਨੂੰ", whose oblique plural -ਾਂ says a postposition follows)
_PA_BEFORE_POSTPOSITION = re.compile(
    rf"^ (?:(?:ਰੰਗ|ਨੰਬਰ|ਕਾਰਡ) )?(?:{'|'.join(map(re.escape, _PA_POSTPOSITIONS))})(?!{_PA_LETTER})"
    rf"|^ {_PA_LETTER}+ਾਂ(?!{_PA_LETTER})"
)
#: the words of our values that change in the oblique case: masculine -ਾ nouns and adjectives
#: (colours, cards, the avalanche's name, places) take -ੇ, masculine plurals in -ੇ (rows) take -ਿਆਂ;
#: ਮਾਲਾ is feminine and ਸੰਤਰੀ, ਗੁਲਾਬੀ, ਸਲੇਟੀ, ਸ਼ੋਰ and a seat's name do not change
PA_OBLIQUE = {
    "ਪੀਲਾ": "ਪੀਲੇ",
    "ਹਰਾ": "ਹਰੇ",
    "ਨੀਲਾ": "ਨੀਲੇ",
    "ਗਹਿਣਾ": "ਗਹਿਣੇ",
    "ਤੋਹਫ਼ਾ": "ਤੋਹਫ਼ੇ",
    "ਗਹਿਣੇ": "ਗਹਿਣਿਆਂ",
    "ਤੋਹਫ਼ੇ": "ਤੋਹਫ਼ਿਆਂ",
    "ਤੋਦਾ": "ਤੋਦੇ",
    "ਦਾ": "ਦੇ",
    "ਪਹਿਲਾ": "ਪਹਿਲੇ",
    "ਦੂਜਾ": "ਦੂਜੇ",
    "ਤੀਜਾ": "ਤੀਜੇ",
    "ਚੌਥਾ": "ਚੌਥੇ",
}
#: fields that hold a person's name, which is never inflected (it is theirs, as typed)
_PA_NAME_FIELDS = frozenset({"name", "seat", "owner", "faller", "names", "start"})


def pa_oblique(value: str) -> str:
    """`value` (a colour, a card, a row, a game's name, a place) in the oblique
    case, as before a postposition: "ਪੀਲਾ" -> "ਪੀਲੇ", "ਹਰਾ 0" -> "ਹਰੇ 0",
    "ਬਰਫ਼ ਦਾ ਤੋਦਾ" -> "ਬਰਫ਼ ਦੇ ਤੋਦੇ", "ਗਹਿਣੇ" -> "ਗਹਿਣਿਆਂ"."""
    return " ".join(PA_OBLIQUE.get(word, word) for word in value.split(" "))


def _pa_mend(parts: list[str], fields: list[tuple[int, str, str]]) -> str:
    fielded = {i for i, _f, _v in fields}
    for index, field, value in fields:
        if index + 1 >= len(parts) or index + 1 in fielded:
            continue
        after = parts[index + 1]
        if value == _PA_YOU:
            if re.match(r" ਨੇ(?![\u0A00-\u0A7F])", after):
                parts[index + 1] = after[len(" ਨੇ") :]
                continue
            for case, your in sorted(_PA_YOUR.items(), key=lambda kv: -len(kv[0])):
                if re.match(re.escape(case) + r"(?![\u0A00-\u0A7F])", after):
                    parts[index] = your
                    parts[index + 1] = after[len(case) :]
                    break
        elif field not in _PA_NAME_FIELDS and _PA_BEFORE_POSTPOSITION.match(after):
            parts[index] = pa_oblique(value)
    return "".join(parts)


_MENDERS = {"ca": _ca_mend, "ko": _ko_mend, "pa": _pa_mend}
