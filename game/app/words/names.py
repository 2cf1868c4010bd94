"""What the table calls things, in the current language: games, cards,
computer levels, animation speeds, moves.

The rules speak a notation (`red 4`, `QS`, `W1a`, `play Q Q`) that is also the
save and log format, so it stays English; people read these words instead.
Everything is looked up when called, never at import: the language can
change while the app runs.

What one game calls its cards and moves lives in that game's ``words`` part
(`game/games/<id>/words.py`, found through `registry.get(id).module("words")`);
this module keeps the words every game shares and says a game's through it.
A words part offers (``name(seat)`` names a seat, ``you(seat)`` is True for
the seat the table speaks to as "you"):

- ``card_name(card) -> str``: a card (object or notation) as people say it ("orange 4");
- ``move_text(move, name, you) -> str``: a move as an instruction, for the
  Hint line ("Play orange 4");
- ``move_named(move, name, you) -> str``: a move as a short noun, for a
  review's verdict ("orange 4", "the Run row");
- ``move_said(seat, move, name, you) -> str | None``: a move `seat` made, as
  a past-tense sentence for a replay ("Mina played orange 4");
- ``sentences(seat, events, n, name, you) -> list[str]``: one turn's events
  (`game/rules/events.py`) in words, for the chronicle (`n`: players);
- ``title_card() -> card``: the card the title's fan shows for the game;

and, optionally:

- ``reason_words(params) -> dict[str, str]``: words for the game's own
  params of a refusal or hint (a colour, a row, a rank...) (default: none);
- ``REFUSALS``, ``HINTS``, ``WHY``, ``WITHOUT_ODDS``: its refusal and hint
  codes -> `Message` (`game.common.phrases`; see `game.app.words.reasons`; default: none,
  so its refusals are said in the general words);
- ``ONE_TURN_RUNS: bool``: a seat's moves in a row are one turn in the
  chronicle (default False: every move is a turn).

A words part that lacks a function gets the notation instead (`str(card)`),
so a new game speaks, if plainly, before it has words of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from types import ModuleType
from typing import Any

from game.i18n import N_, _
from game.rules import registry

LEVELS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard"), "random": N_("Random")}
SPEEDS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "off": N_("Off")}
#: the little tag on a seat's panel
SEAT_TAGS = {
    "you": N_("you"),
    "human": N_("human"),
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
    "random": N_("random"),
}


class _GameNames(Mapping[str, str]):
    """game id -> its display name as a msgid (`GameSpec.name`), for every
    registered game in the registry's order: a button label is translated
    when drawn.  Say a name with `game_name`."""

    def __getitem__(self, game_id: str) -> str:
        if not registry.known(game_id):
            raise KeyError(game_id)
        return registry.get(game_id).name

    def __iter__(self) -> Iterator[str]:
        return iter(registry.ids())

    def __len__(self) -> int:
        return len(registry.ids())


GAMES: Mapping[str, str] = _GameNames()


def _said(table: dict[str, str], key: str, default: str) -> str:
    """`table[key]` in the current language, or `default` for a key the table lacks."""
    return _(table[key]) if key in table else default


def game_name(game_id: str) -> str:
    """A game's display name in the current language (its id for a game nobody registered)."""
    return _(registry.get(game_id).name) if registry.known(game_id) else game_id


def seat_tag(tag: str) -> str:
    return _said(SEAT_TAGS, tag, tag)


def names_said(seats: list[int], name: Callable[[int], str], you: Callable[[int], bool], sep: str = " & ") -> str:
    """The seats' names as a list in a sentence ("Won by {names}"), the seat
    spoken to as "you" said as the pronoun ("you & Mina"), never by a name
    that reads "You"."""
    return sep.join(_("you") if you(seat) else name(seat) for seat in seats)


def words(game_id: str) -> ModuleType | None:
    """The game's words part, or None for a game without one."""
    spec = registry.get(game_id)
    return spec.module("words") if spec.has("words") else None


def offered(game_id: str, what: str) -> Any:
    """The function (or flag) `what` of the game's words part, or None if it offers none."""
    part = words(game_id)
    return getattr(part, what, None) if part is not None else None


def card_name(game_id: str, card: Any) -> str:
    """A card (object or notation) as people say it: "orange 4", "Q", "Wreath 3"."""
    if isinstance(card, str):
        card = registry.get(game_id).rules.parse_card(card)
    say = offered(game_id, "card_name")
    return say(card) if say is not None else str(card)


def move_text(game_id: str, move: Any, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """A move as an instruction, for the Hint line: "Play orange 4", "Take from Mina's pile"."""
    say = offered(game_id, "move_text")
    return say(move, name, you) if say is not None else str(move)


def move_named(game_id: str, move: Any, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """A move as a short noun, as the table says cards, for a review's verdict
    ("orange 4", "Q Q", "Snowfall", "Mina's discard pile", "the Run row")."""
    say = offered(game_id, "move_named")
    return say(move, name, you) if say is not None else str(move)


def move_said(game_id: str, seat: int, move: Any, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """A move someone made, as a sentence about them in the past tense like
    the table's chronicle, for a replay's line: "Mina played orange 4", or "You
    played orange 4" when `seat` is the one the table speaks to as "you"."""
    say = offered(game_id, "move_said")
    said = say(seat, move, name, you) if say is not None else None
    return said if said is not None else f"{name(seat)}: {move}"


#: Words that moved into one game's words part, still found here by the
#: callers that ask this module for them (the tables, the guide): each is
#: looked up in the registered game whose words part offers it.
