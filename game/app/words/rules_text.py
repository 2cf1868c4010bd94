"""Each game's Rules screen text, title and tagline in the current language.

The words live in one data module per language (game/app/words/rules_texts/en.py,
ko.py, ca.py, pa.py), kept apart from the drawing code so the wording can be
checked (tests parse every card shown and hold each translation against the
English) and edited without touching layout.  All faithful to the rules of
record in shared/rules/*.md.

Nothing here is resolved at import time: every call (and every lookup in
RULES, TITLES and TAGLINES) asks `game.i18n.language()` again, so switching
language while the app runs shows on the next draw.  An unknown language
falls back to English, and a registered game with no text in a language
gets the English one (or, with none in English either, its name: a new game
has a Rules tab before it has rules written for it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from types import ModuleType
from typing import TypeVar

from game import i18n
from game.app.words.rules_texts import Cards, Paragraph, Section, ca, en, ko, pa
from game.rules import registry

__all__ = [
    "RULES",
    "TAGLINES",
    "TEXTS",
    "TITLES",
    "Cards",
    "Paragraph",
    "Section",
    "rules",
    "tagline",
    "texts",
    "title",
]

TEXTS: dict[str, ModuleType] = {"en": en, "ko": ko, "ca": ca, "pa": pa}
"""Language code -> its data module (TITLES, TAGLINES, RULES)."""


def texts(lang: str | None = None) -> ModuleType:
    """The data module for `lang` (default: the current language), English if there is none."""
    return TEXTS.get(lang or i18n.language(), en)


def _said(table: str, game_id: str, lang: str | None) -> object:
    """`table[game_id]` of the language's module, else of English, else None:
    a registered game may have no text in a language (or none at all)."""
    for module in (texts(lang), en):
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
