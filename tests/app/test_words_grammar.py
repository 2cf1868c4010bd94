"""Issue 26: every translated message, filled in with representative values
(the default seat names, every card of every game, numbers 0-100) the way
the app fills it in (`grammar.fill`), keeps clear of each language's known
traps; a seat the table speaks to as "you" is never named in the third
person; and the glossary's words are the ones the catalogs, the Rules
screens and the lessons use.  Pure but for the replay's label (no window)."""

from __future__ import annotations

import csv
import random
import re
import string
from collections.abc import Callable, Iterator
from pathlib import Path

import polib
import pytest
from matrix import fast_lane

from game import grammar
from game.app.words import names
from game.app.words.seat_names import COMPUTER_NAMES
from game.i18n import _, set_language
from game.rules import registry

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "game" / "locale"
ROOT_GAMES = Path(__file__).resolve().parents[2] / "game" / "games"


def _rules_screens(code: str) -> str:
    """Every game's Rules screen module in this language, as source text."""
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(ROOT_GAMES.glob(f"*/rules_text/{code}.py")))


LANGS = ("ko", "ca", "pa")
FIELDS_NAMED = {"name", "seat", "owner", "faller", "names"}
FIELDS_CARDS = {"card", "cards", "played", "previous", "set"}
FIELDS_RANKS = {"rank", "low", "high"}


def catalog(code: str) -> polib.POFile:
    return polib.pofile(str(LOCALE / code / "LC_MESSAGES" / "fireside.po"))


def _translations(entry: polib.POEntry) -> list[tuple[str, list[int]]]:
    """Each form of an entry with the numbers it is shown for."""
    if not entry.msgstr_plural:
        return [(entry.msgstr, list(range(101)))]
    forms = sorted(entry.msgstr_plural.items())
    if len(forms) == 1:
        return [(forms[0][1], list(range(101)))]
    return [(forms[0][1], [1]), (forms[1][1], [n for n in range(101) if n != 1])]


def values(code: str) -> dict[str, list[str]]:
    """Representative values per kind of field, in language `code`."""
    set_language(code)
    try:
        seats = [*COMPUTER_NAMES, "Ana", *(_("Player {n}").format(n=n) for n in range(1, 7))]
        cards: list[str] = []
        for game_id in registry.ids():
            spec = registry.get(game_id)
            rules = spec.rules
            for card in getattr(rules, "CARDS", ()):
                cards.append(names.card_name(game_id, card))
        avalanche = registry.get("avalanche").module("words")
        ranks = [avalanche.rank_name(r) for r in registry.get("avalanche").rules.RANKS]
        sets = [avalanche.set_name(r, k) for r in registry.get("avalanche").rules.RANKS for k in (1, 2, 5)]
        sticheln = registry.get("sticheln").module("words")
        colours = [sticheln.colour_name(c) for c in sticheln.COLOURS]
        grinch = registry.get("grinch").module("words")
        rows = [grinch.row_name(r) for r in grinch.ROWS]
        games = [names.game_name(g) for g in registry.ids()]
    finally:
        set_language("en")
    return {
        "named": seats,
        "card": sorted(set(cards + ranks)),
        "set": sets + ranks,
        "rank": ranks,
        "colour": colours,
        "row": rows,
        "game": games,
    }


def _kind(field: str) -> str:
    if field in FIELDS_NAMED:
        return "named"
    if field in FIELDS_CARDS:
        return "set" if field in ("set", "played", "previous") else "card"
    if field in FIELDS_RANKS:
        return "rank"
    if field in ("colour", "row", "game"):
        return field
    return "number"


def renderings(code: str, fill: Callable[..., str]) -> Iterator[tuple[str, str, str, str]]:
    """(msgid, text, field, value): every message of `code`'s catalog filled
    in, one field at a time running through its values (the others fixed)."""
    pools = values(code)
    set_language(code)
    try:
        for entry in catalog(code):
            for template, numbers in _translations(entry):
                fields = [f for _l, f, _s, _c in string.Formatter().parse(template) if f]
                if not fields:
                    continue
                fixed: dict[str, object] = {
                    f: pools[_kind(f)][0] if _kind(f) != "number" else numbers[-1] for f in fields
                }
                for field in dict.fromkeys(fields):
                    kind = _kind(field)
                    pool: list[object] = list(numbers) if kind == "number" else list(pools[kind])
                    for value in pool:
                        yield entry.msgid, fill(template, **{**fixed, field: value}), field, str(value)
    finally:
        set_language("en")


# -- each language's traps --------------------------------------------------------------

_CA_MASCULINE = re.compile(r"^(\d|Soroll|Ornament|Regal|Comodí)")
_CA_FEMININE = re.compile(r"^([JQKA](\s|$)|Corona)")


def ca_trap(text: str, field: str, value: str) -> str | None:
    """What is wrong around `value` in a Catalan `text`, or None."""
    at = re.escape(value) + r"(?!\w)"
    vowel = grammar._ca_vowel_sound(value)
    if vowel and re.search(rf"(?<![\w'])(de|De|el|El|la|La|del|Del) {at}", text):
        return "no elision before a vowel"
    if value.startswith("Jugador") and re.search(rf"(?<![\w'])(de|De) {at}", text):
        return "de Jugador (del)"
    if _kind(field) in ("card", "set", "rank"):
        if _CA_MASCULINE.match(value) and re.search(rf"(?<![\w'])(la|La|teva|seva|una) {at}", text):
            return "feminine article before a masculine card"
        if _CA_FEMININE.match(value) and re.search(rf"(?<![\w'])(el|El|del|Del|al|teu|seu|un) {at}", text):
            return "masculine article before a feminine card"
    return None


def ko_trap(text: str, field: str, value: str) -> str | None:
    if "색 색" in text:
        return "색 색"
    final = grammar.ko_final(value)
    if final is None:
        return None
    found = re.search(re.escape(value) + r"(은\(는\)|이\(가\)|을\(를\)|\(으\)로|은|는|이|가|을|를|으로|로|과|와)", text)
    if not found:
        return None
    particle = found.group(1)
    rest = text[found.end() :]
    if "(" in particle:
        return "particle left for both forms"
    if particle in ("이", "가", "과", "와") and rest[:1] and "가" <= rest[0] <= "힣" and not rest.startswith("에요"):
        return None  # the start of a longer word
    wants = {
        "은": final != "",
        "는": final == "",
        "이": final != "",
        "가": final == "",
        "을": final != "",
        "를": final == "",
        "과": final != "",
        "와": final == "",
        "으로": final not in ("", "ㄹ"),
        "로": final in ("", "ㄹ"),
    }
    return None if wants[particle] else f"{particle} after {value}"


def pa_trap(text: str, field: str, value: str) -> str | None:
    if re.search(r", ਨੇ(?![\u0A00-\u0A7F])", text):
        return ", ਨੇ after an apposition"
    if re.search(r"ਤੁਸੀਂ ਨੇ(?![\u0A00-\u0A7F])", text):
        return "ਤੁਸੀਂ ਨੇ"
    return None


TRAPS = {"ca": ca_trap, "ko": ko_trap, "pa": pa_trap}


def broken(code: str, fill: Callable[..., str] = grammar.fill) -> dict[str, list[str]]:
    """msgid -> what goes wrong in it once filled in (a few examples)."""
    out: dict[str, list[str]] = {}
    for msgid, text, field, value in renderings(code, fill):
        wrong = TRAPS[code](text, field, value)
        if wrong and len(out.setdefault(msgid, [])) < 3:
            out[msgid].append(f"{wrong}: {text}")
    return out


@pytest.mark.parametrize("code", fast_lane(LANGS, "pa"))  # ca, ko: 2 s each
def test_filled_in_messages_keep_clear_of_the_known_traps(code: str) -> None:
    found = broken(code)
    assert not found, "\n".join(f"{k!r}: {v}" for k, v in list(found.items())[:15])


def test_the_traps_are_caught_without_the_grammar() -> None:
    """The checks bite: the same messages formatted plainly break (the count
    before issue 26's helpers, in the report)."""

    def plain(template: str, **values: str) -> str:
        return template.format(**values)

    assert broken("ca", plain)
    assert broken("ko", plain)


# -- the grammar helper itself ------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "template", "values", "expected"),
    [
        ("ca", "la pila de {name}", {"name": "Ana"}, "la pila d'Ana"),
        ("ca", "la pila de {name}", {"name": "Harpreet"}, "la pila d'Harpreet"),
        ("ca", "la pila de {name}", {"name": "Mina"}, "la pila de Mina"),
        ("ca", "la pila de {name}", {"name": "Jugador 1"}, "la pila del Jugador 1"),
        ("ca", "Juga la {card}", {"card": "Soroll 3"}, "Juga el Soroll 3"),
        ("ca", "Juga el {card}", {"card": "Corona 3"}, "Juga la Corona 3"),
        ("ca", "la teva {card}", {"card": "Regal 2"}, "el teu Regal 2"),
        ("ca", "El {card} guanya", {"card": "1 groc"}, "L'1 groc guanya"),
        ("ca", "per sota del {rank}", {"rank": "A"}, "per sota de l'A"),
        ("ca", "el teu {rank}", {"rank": "Q"}, "la teva Q"),
        ("ca", "Ronda {n} de {total}", {"n": 1, "total": 11}, "Ronda 1 d'11"),
        ("ca", "Ronda {n} de {total}", {"n": 1, "total": 10}, "Ronda 1 de 10"),
        ("ko", "{colour}은(는) 내 색깔", {"colour": "파랑"}, "파랑은 내 색깔"),
        ("ko", "{colour}은(는) 내 색깔", {"colour": "노랑"}, "노랑은 내 색깔"),
        ("ko", "{name}이(가) 이겼어요", {"name": "Joon"}, "Joon이 이겼어요"),
        ("ko", "{name}이(가) 이겼어요", {"name": "Mina"}, "Mina가 이겼어요"),
        ("ko", "{n}(으)로", {"n": 7}, "7로"),
        ("ko", "{n}(으)로", {"n": 3}, "3으로"),
        ("ko", "{n}을(를)", {"n": 10}, "10을"),
        ("ko", "{n}을(를)", {"n": 2}, "2를"),
        ("pa", "ਜਿਵੇਂ {name} ਨੇ ਦੇਖਿਆ", {"name": "ਤੁਸੀਂ"}, "ਜਿਵੇਂ ਤੁਸੀਂ ਦੇਖਿਆ"),
        ("pa", "{name} ਦਾ ਢੇਰ", {"name": "ਤੁਸੀਂ"}, "ਤੁਹਾਡਾ ਢੇਰ"),
        ("en", "{name}'s pile", {"name": "Ana"}, "Ana's pile"),
    ],
)
def test_fill_mends_the_words_next_to_a_value(code: str, template: str, values: dict, expected: str) -> None:
    set_language(code)
    try:
        assert grammar.fill(template, **values) == expected
    finally:
        set_language("en")


# -- "you" is never named in the third person -------------------------------------------

YOU = "«YOU»"


def _play(game_id: str, players: int, seed: int, moves: int) -> Iterator[tuple[object, object, object]]:
    """(state before, move, state after) along a random game."""
    rules = registry.get(game_id).rules
    state = rules.new_game(players, seed)
    rng = random.Random(seed)
    for _step in range(moves):
        if state.is_over:
            return
        move = rng.choice(state.legal_moves())
        after = state.apply(move)
        yield state, move, after
        state = after


@pytest.mark.parametrize("code", ("en", *LANGS))
@pytest.mark.parametrize("game_id", ("sticheln", "grinch", "avalanche"))
def test_the_seat_spoken_to_as_you_is_never_named(code: str, game_id: str) -> None:
    """Every sentence about a move, said with the mover (or a seat it names)
    as "you", has its own "you" message: the seat's name never shows."""
    words = names.words(game_id)
    assert words is not None
    set_language(code)
    try:
        for before, move, after in _play(game_id, 4, 7, 140):
            for me in range(4):

                def name(s: int, me: int = me) -> str:
                    return YOU if s == me else f"Seat{s}"

                def you(s: int, me: int = me) -> bool:
                    return s == me

                seat = before.current_player
                said = [
                    names.move_said(game_id, seat, move, name, you),
                    names.move_text(game_id, move, name, you),
                    names.move_named(game_id, move, name, you),
                    *words.sentences(seat, after.events, 4, name, you),
                ]
                if hasattr(words, "status_line"):
                    said.append(words.status_line(after.view(me), "T", False, name, you))
                for text in said:
                    assert YOU not in text, (code, game_id, text)
    finally:
        set_language("en")


def test_the_replay_says_as_you_saw_it_for_the_viewer() -> None:
    from types import SimpleNamespace

    from game.app.scenes.replay import ReplayScene
    from game.match.match import Seat

    seats = [Seat("You", True), Seat("Mina", False)]
    scene = SimpleNamespace(eyes=[None, 0, 1], eye=1, source=SimpleNamespace(seats=seats, humans=[0]))
    assert ReplayScene.eye_label(scene) == "As you saw it"  # type: ignore[arg-type]
    scene.eye = 2
    assert ReplayScene.eye_label(scene) == "As Mina saw it"  # type: ignore[arg-type]


# -- the glossary -----------------------------------------------------------------------


def _glossary(code: str) -> list[dict[str, str]]:
    with open(LOCALE / code / "glossary.tsv", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def _texts(code: str) -> str:
    out = []
    for entry in catalog(code):
        out.extend([entry.msgstr] if entry.msgstr else list(entry.msgstr_plural.values()))
    return "\n".join(out)


def _lessons(code: str) -> str:
    """The lessons' captions as this language shows them."""
    out = []
    po = {e.msgid: e.msgstr for e in catalog(code)}
    for path in sorted((ROOT / "game" / "games").glob("*/lesson.py")):
        for msgid in re.findall(r'N_\(\s*"((?:[^"\\]|\\.)*)"', path.read_text(encoding="utf-8")):
            out.append(po.get(msgid.encode().decode("unicode_escape"), ""))
    return "\n".join(out)


@pytest.mark.parametrize("code", LANGS)
def test_the_glossary_words_are_the_ones_used(code: str) -> None:
    catalog_text = _texts(code)
    rules_text = _rules_screens(code)
    rows = _glossary(code)
    assert rows
    for row in rows:
        used = [w.strip() for w in row["app"].split(" / ") if w.strip() and "{" not in w and w.strip() != "—"]
        where = row.get("where", "catalog rules").split()
        for word in used:
            if "catalog" in where:
                assert word in catalog_text, (row["term"], word, "catalog")
            if "rules" in where:
                assert word in rules_text, (row["term"], word, "Rules screen")
        seed = [w.strip() for w in row["seed"].split(" / ") if w.strip() not in ("", "—")]
        if row["why"].startswith("on purpose"):
            for word in seed:
                assert word in rules_text, (row["term"], word, "the Rules screen names the seed's word")


@pytest.mark.parametrize(("takes", "verb"), [(1, "ਲਿਆ"), (2, "ਲਏ")])
def test_punjabi_the_grinch_took_agrees_with_the_cards_taken(takes: int, verb: str) -> None:
    from game.games.grinch import rules as grinch
    from game.rules.core import Event

    words = names.words("grinch")
    events = tuple(Event("took", 0, (grinch.parse_card(c),), {"from": 1}) for c in ("W3a", "N2b")[:takes])
    set_language("pa")
    try:
        for me in (0, 2):
            said = words.sentences(0, events, 3, lambda s: f"Seat{s}", lambda s, me=me: s == me)
            assert said and said[0].endswith(verb), said
    finally:
        set_language("en")
