"""Each game's Rules screen text, title and tagline in the current language.

The words live in each game's package, one plain-data module per language
(`game/games/<id>/rules_text/en.py`, ko.py, ca.py, pa.py: TITLE, TAGLINE,
RULES), found through the game's spec (its optional ``rules_text`` part), so a
new game brings its Rules screen without touching a shared file.  Kept apart
from the drawing code so the wording can be checked (tests parse every card
shown and hold each translation against the English) and edited without
touching layout.  All faithful to the rules of record in shared/rules/*.md.

Nothing here is resolved at import time: every call (and every lookup in
RULES, TITLES and TAGLINES) asks `game.i18n.language()` again, so switching
language while the app runs shows on the next draw.  An unknown language
falls back to English, and a registered game with no text in a language
gets the English one (or, with none in English either, its name: a new game
has a Rules tab before it has rules written for it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from importlib import import_module
from importlib.util import find_spec
from typing import TypeVar

from game import i18n
from game.common.sections import Cards, Paragraph, Section
from game.rules import registry

__all__ = [
    "RULES",
    "TAGLINES",
    "TEXTS",
    "TITLES",
    "Cards",
    "LanguageTexts",
    "Paragraph",
    "Section",
    "rules",
    "tagline",
    "texts",
    "title",
]


class LanguageTexts:
    """One language's Rules screens of every registered game, gathered from
    each game's ``rules_text/<lang>.py``: TITLES, TAGLINES and RULES, each
    game id -> its entry (a game without a module for the language is absent)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.TITLES: dict[str, str] = {}
        self.TAGLINES: dict[str, str] = {}
        self.RULES: dict[str, list[Section]] = {}
        for spec in registry.specs():
            if not spec.has("rules_text") or find_spec(f"{spec.package}.rules_text.{lang}") is None:
                continue
            module = import_module(f"{spec.package}.rules_text.{lang}")
            self.TITLES[spec.id] = module.TITLE
            self.TAGLINES[spec.id] = module.TAGLINE
            self.RULES[spec.id] = module.RULES

    def __repr__(self) -> str:
        return f"<Rules screens in {self.lang}>"


_gathered: dict[str, tuple[tuple[str, ...], LanguageTexts]] = {}


def _gather(lang: str) -> LanguageTexts:
    """The language's texts, gathered once per set of registered games (the
    same object while it stands, so a test may patch its tables)."""
    ids = registry.ids()
    found = _gathered.get(lang)
    if found is None or found[0] != ids:
        found = _gathered[lang] = (ids, LanguageTexts(lang))
    return found[1]


class _Languages(Mapping[str, LanguageTexts]):
    """Language code -> its `LanguageTexts`, for every language of the app."""

    def __getitem__(self, lang: str) -> LanguageTexts:
        if lang not in i18n.LANGUAGES:
            raise KeyError(lang)
        return _gather(lang)

    def __iter__(self) -> Iterator[str]:
        return iter(i18n.LANGUAGES)

    def __len__(self) -> int:
        return len(i18n.LANGUAGES)


TEXTS: Mapping[str, LanguageTexts] = _Languages()
"""Language code -> its texts (TITLES, TAGLINES, RULES)."""


def texts(lang: str | None = None) -> LanguageTexts:
    """The texts for `lang` (default: the current language), English if there are none."""
    code = lang or i18n.language()
    return TEXTS[code] if code in TEXTS else TEXTS["en"]


def _said(table: str, game_id: str, lang: str | None) -> object:
    """`table[game_id]` of the language's module, else of English, else None:
    a registered game may have no text in a language (or none at all)."""
    for module in (texts(lang), texts("en")):
        found = getattr(module, table).get(game_id)
        if found is not None:
            return found
    return None


def _spec_name(game_id: str) -> str:
    from game.app.words.names import game_name

    return game_name(game_id)


def rules(game_id: str, lang: str | None = None) -> list[Section]:
    """The Rules screen sections of `game_id`, in `lang` or the current language
    (English if that language has none; if English has none either, one section headed by the game's name)."""
    found = _said("RULES", game_id, lang)
    if isinstance(found, list):
        return found
    return [Section(_spec_name(game_id), [])]


def title(game_id: str, lang: str | None = None) -> str:
    """The game's display title, in `lang` or the current language (else English, else its spec's name)."""
    found = _said("TITLES", game_id, lang)
    return found if isinstance(found, str) else _spec_name(game_id)


def tagline(game_id: str, lang: str | None = None) -> str:
    """One line on what the game is about, in `lang` or the current language (else English, else its name)."""
    found = _said("TAGLINES", game_id, lang)
    return found if isinstance(found, str) else _spec_name(game_id)


T = TypeVar("T")


class _CurrentLanguage(Mapping[str, T]):
    """game id -> one table of the current language's module, looked up afresh on every access.

    Lets existing code keep `RULES[game_id]` / `TAGLINES.get(game_id)` and
    still follow a language switch.
    """

    def __init__(self, table: str, fallback: Callable[[str], T]):
        self._table = table
        self._fallback = fallback

    def _current(self) -> dict[str, T]:
        return getattr(texts(), self._table)

    def __getitem__(self, game_id: str) -> T:
        """The current language's entry; for a registered game it lacks, the fallback's."""
        current = self._current()
        if game_id in current:
            return current[game_id]
        if registry.known(game_id):
            return self._fallback(game_id)
        raise KeyError(game_id)

    def __iter__(self) -> Iterator[str]:
        return iter(self._current())

    def __len__(self) -> int:
        return len(self._current())

    def __repr__(self) -> str:
        return f"<{self._table} in the current language>"


RULES: Mapping[str, list[Section]] = _CurrentLanguage("RULES", rules)
TITLES: Mapping[str, str] = _CurrentLanguage("TITLES", title)
TAGLINES: Mapping[str, str] = _CurrentLanguage("TAGLINES", tagline)
