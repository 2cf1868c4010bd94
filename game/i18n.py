"""One message catalog for every string a person sees.

The catalogs are gettext ``.po`` files in ``game/locale/<lang>/LC_MESSAGES/``
(English is the msgid itself).  They are read directly: polib parses the
``.po`` and the stdlib's ``GNUTranslations`` looks messages up and picks
plural forms, so a source checkout, the tests and a frozen build all read
the same files and there is no compiled ``.mo`` that could go stale.

Wrap every user-visible string in ``_()`` (``ngettext()`` for counts) and
module-level constants in ``N_()``, translated where they are shown: the
language can change while the app runs, so nothing may keep a translated
string from import time.  Placeholders are ``str.format`` names
(``_("{name} to play").format(name=...)``) so translators can move them.

The language: ``--lang`` on the command line, else the saved setting, else
the operating system's (``choose_language``); ``set_language`` switches it.
Nothing here imports pygame.
"""

from __future__ import annotations

import gettext
import io
import locale
import logging
import os
import sys
from collections.abc import Mapping
from pathlib import Path

from game.common.language import LANGUAGES, language
from game.common.language import set_language as set_language  # (the language is switched through here)
from game.grammar import fill

log = logging.getLogger(__name__)

#: Each language in its own words (never translated: a person looks for their own).
LANGUAGE_NAMES = {"en": "English", "ko": "한국어", "ca": "Català", "pa": "ਪੰਜਾਬੀ"}
DOMAIN = "fireside"

_catalogs: dict[str, gettext.NullTranslations] = {}


class Message(str):
    """A translated message: `format` fills it in as `str.format` does and
    then mends the words next to each value for the current language
    (Catalan "d'Ana", "el Soroll 3"; Korean "Joon이", "Mina가"; see
    `game.grammar`), so every sentence stays grammatical whatever
    name, card or number goes in, wherever it is filled in."""

    __slots__ = ()

    def format(self, *args: object, **values: object) -> str:  # type: ignore[override]
        if args or language() == "en":
            return str.format(self, *args, **values)
        return fill(str(self), **values)

    def format_map(self, values: Mapping[str, object]) -> str:  # type: ignore[override]
        return self.format(**values)


def _(text: str) -> str:
    """The text in the current language (a `Message`: its `format` keeps the grammar)."""
    if not text:  # gettext("") is the catalog's header, never a message
        return text
    return Message(_catalog().gettext(text))


def N_(text: str) -> str:
    """Mark `text` for the catalog without translating it yet."""
    return text


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count `n` in the current language
    (Korean has one form, Catalan and Punjabi two)."""
    return Message(_catalog().ngettext(singular, plural, n))


def choose_language(command_line: str | None = None, setting: str = "") -> str:
    """The language to start in: `--lang`, else the setting ("" = follow the OS), else the OS's."""
    for code in (command_line, setting):
        if code in LANGUAGES:
            return code
    return system_language()


def locale_dir() -> Path:
    """Where the catalogs are: next to this module (also inside a frozen build)."""
    here = Path(__file__).resolve().parent / "locale"
    frozen = getattr(sys, "_MEIPASS", None)
    if not here.is_dir() and frozen:
        return Path(frozen) / "game" / "locale"
    return here


def catalog_path(code: str) -> Path:
    return locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.po"


# -- the operating system's language ----------------------------------------------------


def match_language(name: str | None) -> str | None:
    """The one of LANGUAGES that a locale name means, e.g. "ko_KR.UTF-8" -> "ko",
    "ca_ES@valencia" -> "ca", "Punjabi_India" -> "pa"; None for anything else."""
    if not name:
        return None
    text = name.strip().replace("-", "_").lower()
    if text.startswith(("pa_pk", "pa_arab")):
        return None  # Punjabi in Shahmukhi script: our catalog is Gurmukhi
    code = text.split(".")[0].split("@")[0].split("_")[0]
    if code in LANGUAGES:
        return code
    return {"korean": "ko", "catalan": "ca", "punjabi": "pa", "english": "en"}.get(code)


def _windows_language() -> str | None:
    try:
        import ctypes

        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return None
    return locale.windows_locale.get(lcid)


def _mac_language() -> str | None:
    import subprocess

    try:
        out = subprocess.run(
            ["defaults", "read", "-g", "AppleLanguages"], capture_output=True, text=True, timeout=2, check=False
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    for part in out.replace("(", " ").replace(")", " ").replace(",", " ").split():
        found = match_language(part.strip('"'))
        if found:
            return found
    return None


def system_language() -> str:
    """The operating system's language if we have it, else English."""
    names: list[str | None] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            names.extend(value.split(":"))  # LANGUAGE is a priority list, e.g. "ca:es:en"
            break
    if sys.platform == "win32":
        names.append(_windows_language())
    elif sys.platform == "darwin":
        names.append(_mac_language())
    try:
        names.append(locale.getlocale(locale.LC_MESSAGES if hasattr(locale, "LC_MESSAGES") else locale.LC_CTYPE)[0])
    except (ValueError, TypeError):
        pass
    for name in names:
        found = match_language(name)
        if found:
            return found
    return "en"


# -- the catalogs -------------------------------------------------------------------------


def _catalog() -> gettext.NullTranslations:
    code = language()
    found = _catalogs.get(code)
    if found is None:
        found = _catalogs[code] = load_catalog(code)
    return found


def load_catalog(code: str) -> gettext.NullTranslations:
    """The catalog for `code`; English (the msgids) if its file is missing or broken,
    with one warning in the log, so the game still runs."""
    if code == "en":
        return gettext.NullTranslations()
    path = catalog_path(code)
    try:
        import polib  # type: ignore[import-untyped]  # polib ships no types and has no stubs in the venv

        binary = polib.pofile(str(path), encoding="utf-8").to_binary()
        return gettext.GNUTranslations(io.BytesIO(binary))
    except (OSError, ValueError, ImportError) as exc:
        log.warning(
            "the %s message catalog could not be read, so the game shows English: %s",
            LANGUAGE_NAMES.get(code, code),
            exc,
        )
        return gettext.NullTranslations()


__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "Message",
    "N_",
    "_",
    "catalog_path",
    "choose_language",
    "language",
    "locale_dir",
    "match_language",
    "ngettext",
    "set_language",
    "system_language",
]
