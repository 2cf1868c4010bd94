"""Deal codes: a short text that fixes one game's deal, to share and play again.

`ST4-7KQ2-9F3X-K` reads: Sticheln (`ST`), 4 players, then eight characters
holding the seed, the starting seat and the options, then one check
character.  Everything but the check is Crockford base 32 (no I, L, O or U,
so nothing reads as something else; typed I, L and O count as 1, 1 and 0,
case and hyphens do not matter), and the whole code before the check is one
base-32 number whose remainder by 37 is the check symbol, as Crockford
defines it.  37 is prime and larger than any character's value, so every
single wrong character and every swap of two neighbours is caught.

The prefix is the game's `spec.code_prefix`.  The options a game lets a code
carry are its optional ``deal`` part (`game/games/<id>/deal.py`), offering:

- ``option_count() -> int``: how many option numbers there are (0 = defaults);
- ``encode(options: dict) -> int``: the number of some options, below
  ``option_count()``; a ValueError with a one-line reason for options a code
  cannot hold;
- ``decode(index: int) -> dict``: the options of a number (defaults left out).

A game without a deal part carries no options: only its default deal has a code.

Pure Python (no pygame): the command line, the setup screen and tests share it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from game import rules
from game.i18n import _
from game.rules import registry

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford base 32
CHECK_SYMBOLS = ALPHABET + "*~$=U"  # Crockford's check symbols, values 0..36
CHECK_PRIME = 37
PAYLOAD_CHARS = 8  # 40 bits: seed, start seat and options
SEED_BITS = 31  # every seed `core.check_seed` picks fits
SEED_LIMIT = 2**SEED_BITS
LENGTH = 2 + 1 + PAYLOAD_CHARS + 1  # without hyphens
_SPACE = 32**PAYLOAD_CHARS
# The payload is multiplied by an odd number (a one-to-one mix of the 40 bits), so
# that neighbouring seeds get unlike codes and a made-up code rarely holds a deal.
_MIX = 0x9E3779B97F & (_SPACE - 1) | 1
_UNMIX = pow(_MIX, -1, _SPACE)
_VALUES = {ch: i for i, ch in enumerate(ALPHABET)}
_TYPED_AS = {"I": "1", "L": "1", "O": "0"}


class DealCodeError(ValueError):
    """A code that does not hold a deal; the message is one line a person can act on,
    short and with nothing a font or a terminal cannot show (a pasted code's
    control characters and lone surrogates are replaced, as a file's are)."""

    def __init__(self, message: str) -> None:
        from game.common.printable import MAX_REASON, printable

        super().__init__(printable(" ".join(str(message).split()), MAX_REASON))


@dataclass(frozen=True)
class DealSetup:
    """Everything that decides a game's cards: what `Match` and `new_game` take besides the seats."""

    game: str
    players: int
    seed: int
    start: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    def new_state(self) -> Any:
        """The dealt game, as `game.match.match.Match` would start it."""
        return rules.get(self.game).new_game(self.players, self.seed, start=self.start, **self.options)


# -- options <-> one small number (the game's deal part) --------------------------------
def _deal_part(game: str) -> ModuleType | None:
    spec = registry.get(game)
    return spec.module("deal") if spec.has("deal") else None


def _option_count(game: str) -> int:
    part = _deal_part(game)
    return 1 if part is None else int(part.option_count())


def _options_index(game: str, options: dict[str, Any]) -> int:
    if not options:
        return 0
    part = _deal_part(game)
    if part is None:
        raise DealCodeError(_("the options {options} cannot be written in a deal code").format(options=options))
    try:
        return int(part.encode(options))
    except DealCodeError:
        raise
    except ValueError as error:
        raise DealCodeError(str(error)) from None


def _options_from(game: str, index: int) -> dict[str, Any]:
    part = _deal_part(game)
    if part is None or index == 0:
        return {}
    return dict(part.decode(index))


def prefix_of(game: str) -> str:
    """The two letters that start a game's deal codes."""
    return registry.get(game).code_prefix


def game_of_prefix(prefix: str) -> str | None:
    """The game whose codes start with `prefix`, or None."""
    for spec in registry.specs():
        if spec.code_prefix == prefix:
            return spec.id
    return None


# -- base 32 and the check ----------------------------------------------------------------
def _check_symbol(body: str) -> str:
    value = 0
    for ch in body:
        value = (value * 32 + _VALUES[ch]) % CHECK_PRIME
    return CHECK_SYMBOLS[value]


def _base32(value: int, width: int) -> str:
    chars = []
    for _i in range(width):
        value, digit = divmod(value, 32)
        chars.append(ALPHABET[digit])
    return "".join(reversed(chars))


def pretty(compact: str) -> str:
    """`ST47KQ29F3XK` -> `ST4-7KQ2-9F3X-K`: groups a person can read out."""
    return "-".join((compact[:3], compact[3:7], compact[7:11], compact[11:]))


# -- the two directions ---------------------------------------------------------------------
def encode(game: str, players: int, seed: int, start: int = 0, options: dict[str, Any] | None = None) -> str:
    """The code of a deal; DealCodeError when the setup cannot be written as one
    (a seed that is not a whole number below 2**31, say, from an old or hand-made save).
    Sticheln's default zero-trick rule, named or not, is the same deal and the same code."""
    if not registry.known(game):
        raise DealCodeError(_("{game} is not a game with deal codes").format(game=game))
    allowed = rules.get(game).PLAYERS
    if players not in allowed:
        raise DealCodeError(
            _("{game} is for {low} to {high} players, not {n}").format(
                game=rules.get(game).NAME, low=allowed.start, high=allowed.stop - 1, n=players
            )
        )
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise DealCodeError(_("the seed {seed} cannot be written in a deal code").format(seed=seed))
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < players:
        raise DealCodeError(_("the starting seat {start} is not one of the {n} seats").format(start=start, n=players))
    index = _options_index(game, dict(options or {}))
    value = (index * players + start) * SEED_LIMIT + seed
    body = f"{prefix_of(game)}{players}{_base32(value * _MIX % _SPACE, PAYLOAD_CHARS)}"
    return pretty(body + _check_symbol(body))


def encode_setup(setup: DealSetup) -> str:
    return encode(setup.game, setup.players, setup.seed, setup.start, setup.options)


def code_of(match: Any) -> str | None:
    """The code of a `Match`'s deal, or None when its setup has none (see `encode`)."""
    try:
        return encode(match.game_id, len(match.seats), match.seed, match.start, match.options)
    except DealCodeError:
        return None


def normalize(code: str) -> str:
    """Upper case, without hyphens and spaces, typed I/L/O read as 1/1/0 (not in the check place)."""
    text = "".join(ch for ch in code.upper() if ch not in "- \t")
    if len(text) != LENGTH:
        return text
    return "".join(_TYPED_AS.get(ch, ch) for ch in text[:-1]) + text[-1]


def decode(code: str) -> DealSetup:
    """The deal a code holds; DealCodeError with a one-line reason for a code that holds none."""
    text = normalize(code)
    if not text:
        raise DealCodeError(_("the deal code is empty"))
    if len(text) != LENGTH:
        raise DealCodeError(
            _("a deal code has {n} letters and digits, this one has {found}").format(n=LENGTH, found=len(text))
        )
    game = game_of_prefix(text[:2])
    if game is None:
        raise DealCodeError(_("a deal code starts with ST, AV or GR (the game), not {found}").format(found=text[:2]))
    for position, ch in enumerate(text[:-1], 1):
        if ch not in _VALUES:
            raise DealCodeError(_("character {n}, '{ch}', is not used in deal codes").format(n=position, ch=ch))
    if text[-1] not in CHECK_SYMBOLS:
        raise DealCodeError(_("the last character, '{ch}', is not a check character").format(ch=text[-1]))
    if _check_symbol(text[:-1]) != text[-1]:
        raise DealCodeError(_("the check character does not match: a character is mistyped or two are swapped"))
    module = rules.get(game)
    players = int(text[2]) if text[2].isdigit() else -1
    if players not in module.PLAYERS:
        raise DealCodeError(
            _("{game} is for {low} to {high} players, not {n}").format(
                game=module.NAME, low=module.PLAYERS.start, high=module.PLAYERS.stop - 1, n=text[2]
            )
        )
    value = 0
    for ch in text[3:-1]:
        value = value * 32 + _VALUES[ch]
    rest, seed = divmod(value * _UNMIX % _SPACE, SEED_LIMIT)
    index, start = divmod(rest, players)
    if index >= _option_count(game):
        raise DealCodeError(_("this code's options are not ones {game} knows").format(game=module.NAME))
    return DealSetup(game, players, seed, start, _options_from(game, index))
