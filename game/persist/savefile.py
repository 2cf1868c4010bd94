"""The save-file format: one game as JSON, checked by replaying it.

A save holds what is needed to play the game again from the start -- game
id, options, seed, starting seat, seats, and the moves in the rules
notation -- not the state itself.  Loading replays every move through
`Match.apply`, so a file whose moves break the rules is refused, and the
loaded match has the same undo history as before it was saved.

Version 1 is the current format.  An optional `daily` key (the ISO date of
a "Today's deal") was added without a new version: older readers ignore it,
and it is believed only when the setup is that day's deal.  `UPGRADES[n]` turns version n data into
version n + 1, so an old file is brought up to date step by step before it
is checked.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from game import __version__, rules
from game.common.printable import printable
from game.i18n import _
from game.match.daily_deal import is_daily
from game.match.match import Match, Seat
from game.persist.atomic import os_reason, read_json, write_json
from game.persist.errors import SaveError
from game.rules import registry

FORMAT = "fireside-save"
VERSION = 1
MAX_NAME = 64  # longer seat names are a hand edit gone wrong
MAX_MOVES = 20_000  # far beyond any real game; keeps a hostile file from taking minutes
# What the rules raise for arguments or moves they refuse (IllegalMove is a ValueError).
_REPLAY_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError)

__all__ = ["FORMAT", "VERSION", "UPGRADES", "SaveError", "to_data", "from_data", "save", "load", "levels", "now_iso"]


def now_iso() -> str:
    """The current time as ISO-8601 UTC, the form `saved_at` uses."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def levels() -> tuple[str, ...]:
    """The computer levels a seat may have (the AI's own list, imported lazily)."""
    from game.ai import AGENT_NAMES

    return tuple(AGENT_NAMES)


def to_data(match: Match) -> dict:
    """`match` as plain JSON data in the current format."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "app_version": __version__,
        "game": match.game_id,
        "options": dict(match.options),
        "seed": match.seed,
        "start": match.start,
        "seats": [{"name": s.name, "human": s.human, "level": s.level} for s in match.seats],
        "moves": [str(move) for _seat, move in match.moves],
        "saved_at": now_iso(),
        **({"daily": match.daily} if match.daily else {}),
    }


# -- upgrades from older versions ----------------------------------------------
def _v0_to_v1(data: dict) -> dict:
    """Version 0 (the first draft) stored moves as [seat, text] pairs and the
    time as Unix seconds in `saved`, and had no `app_version`."""
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise SaveError(_("the save's moves are not a list"))
    texts = []
    for number, pair in enumerate(moves, 1):
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[1], str)):
            raise SaveError(_("move {n} is not a [seat, move] pair as version 0 stored them").format(n=number))
        texts.append(pair[1])
    saved = data.get("saved", 0)
    if isinstance(saved, bool) or not isinstance(saved, (int, float)) or not 0 <= saved < 2**40:
        raise SaveError(_("the save time 'saved' is not a number of seconds"))
    new = {key: value for key, value in data.items() if key != "saved"}
    new.update(
        version=1,
        moves=texts,
        app_version=str(data.get("app_version", "0")),
        saved_at=datetime.fromtimestamp(saved, timezone.utc).isoformat(timespec="seconds"),
    )
    return new


UPGRADES: dict[int, Callable[[dict], dict]] = {0: _v0_to_v1}


def _upgraded(data: dict) -> dict:
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveError(_("the save has no version number (found {value})").format(value=_short(version)))
    if version > VERSION:
        raise SaveError(
            _(
                "this save is from a newer Fireside (save version {found}; this one reads up to "
                "{known}): update Fireside to open it"
            ).format(found=version, known=VERSION)
        )
    while version < VERSION:
        upgrade = UPGRADES.get(version)
        if upgrade is None:
            raise SaveError(_("save version {found} is unknown; it cannot be read").format(found=version))
        data = upgrade(data)
        version += 1
    return data


# -- checking --------------------------------------------------------------------
def _short(value: Any) -> str:
    """A value from the file, quoted for a reason: short, and safe to show."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an int past Python's digit limit, absurd nesting
        text = type(value).__name__
    return printable(text, 40)


def _kind(value: Any) -> str:
    """What a JSON value is, in words (not Python's type names)."""
    if isinstance(value, bool) or value is None:
        return _("true, false or null")
    if isinstance(value, (int, float)):
        return _("a number")
    if isinstance(value, str):
        return _("text")
    return _("a list")


def _field(data: dict, key: str, kinds: type | tuple[type, ...], what: str) -> Any:
    if key not in data:
        raise SaveError(_("the save has no '{key}' field").format(key=key))
    value = data[key]
    if isinstance(value, bool) and bool not in (kinds if isinstance(kinds, tuple) else (kinds,)):
        value_ok = False
    else:
        value_ok = isinstance(value, kinds)
    if not value_ok:
        raise SaveError(
            _("the save's '{key}' should be {what}, not {value}").format(key=key, what=what, value=_short(value))
        )
    return value


def _seats(raw: list, module: Any) -> list[Seat]:
    allowed = module.PLAYERS
    if len(raw) not in allowed:
        raise SaveError(
            _("this save has {n} seats; {game} is for {low} to {high} players").format(
                n=len(raw), game=module.NAME, low=allowed.start, high=allowed.stop - 1
            )
        )
    known = levels()
    seats = []
    for number, seat in enumerate(raw, 1):
        if not isinstance(seat, dict):
            raise SaveError(_("seat {n} in the save is not a name, human and level").format(n=number))
        name, human, level = seat.get("name"), seat.get("human"), seat.get("level", "normal")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise SaveError(_("seat {n} has no usable name ({value})").format(n=number, value=_short(name)))
        if not isinstance(human, bool):
            raise SaveError(
                _("seat {n}: 'human' should be true or false, not {value}").format(n=number, value=_short(human))
            )
        if not isinstance(level, str) or (not human and level not in known):
            raise SaveError(
                _("seat {n}: unknown computer level {value} (known: {known})").format(
                    n=number, value=_short(level), known=", ".join(known)
                )
            )
        seats.append(Seat(printable(name), human, level))  # a NUL or lone surrogate shown as �
    return seats


def _options(raw: dict) -> dict:
    for key, value in raw.items():
        if not isinstance(value, (str, int, float, bool)) and value is not None:
            raise SaveError(
                _("option '{key}' has a value a game cannot use: {value}").format(key=key, value=_short(value))
            )
    return dict(raw)


def from_data(data: Any) -> Match:
    """The match a save describes, replayed move by move; SaveError if anything is off."""
    if not isinstance(data, dict):
        raise SaveError(_("this is not a Fireside save (it holds {kind}, not an object)").format(kind=_kind(data)))
    if data.get("format") != FORMAT:
        raise SaveError(_("this is not a Fireside save (format {value})").format(value=_short(data.get("format"))))
    data = _upgraded(data)
    game_id = _field(data, "game", str, _("a game id"))
    if not registry.known(game_id):
        raise SaveError(
            _("unknown game {value} (known: {known})").format(value=_short(game_id), known=", ".join(registry.ids()))
        )
    module = rules.get(game_id)
    options = _options(_field(data, "options", dict, _("an object")))
    seed = _field(data, "seed", (int, str), _("a whole number or text"))
    start = _field(data, "start", int, _("a seat number"))
    seats = _seats(_field(data, "seats", list, _("a list")), module)
    moves = _field(data, "moves", list, _("a list of moves"))
    _field(data, "app_version", str, _("text"))
    saved_at = _field(data, "saved_at", str, _("a date"))
    try:
        datetime.fromisoformat(saved_at).astimezone(timezone.utc)  # year 1 at +14:00 is out of range
    except (ValueError, OverflowError, OSError):
        raise SaveError(_("the save's date {value} is not a date").format(value=_short(saved_at))) from None
    if not 0 <= start < len(seats):
        raise SaveError(_("the starting seat {start} is not one of the {n} seats").format(start=start, n=len(seats)))
    if len(moves) > MAX_MOVES:
        raise SaveError(_("the save has {n} moves, more than any game can have").format(n=len(moves)))
    try:
        match = Match(game_id, seats, seed, start, options)
    except UnicodeError:  # a seed text with a lone surrogate cannot be hashed into a shuffle
        raise SaveError(
            _("the game cannot be set up from this save: its seed {value} is not usable").format(value=_short(seed))
        ) from None
    except ValueError as exc:  # the rules' own words ("unknown option jokers")
        raise SaveError(_("the game cannot be set up from this save: {reason}").format(reason=exc)) from None
    except _REPLAY_ERRORS:  # an option named like an argument ("start"), a seed no shuffle takes
        raise SaveError(
            _("the game cannot be set up from this save: {game} does not take the options {value}").format(
                game=module.NAME, value=_short(options)
            )
        ) from None
    if is_daily(match, data.get("daily")):
        match.daily = data["daily"]
    for number, text in enumerate(moves, 1):
        if not isinstance(text, str):
            raise SaveError(_("move {n} is {value}, not a move in words").format(n=number, value=_short(text)))
        if match.state.is_over:
            raise SaveError(
                _("move {n} '{move}' comes after the end of the game").format(n=number, move=printable(text, 40))
            )
        try:
            move = module.parse_move(text)
            match.apply(move)
        except ValueError as exc:  # IllegalMove or a parse error: the rules' words, with the rule ID
            raise SaveError(
                _("move {n} '{move}' does not replay: {reason}").format(n=number, move=printable(text, 40), reason=exc)
            ) from None
        except _REPLAY_ERRORS:
            raise SaveError(
                _("move {n} '{move}' does not replay: it is not a move of {game}").format(
                    n=number, move=printable(text, 40), game=module.NAME
                )
            ) from None
    return match


# -- files ------------------------------------------------------------------------
def save(path: Path | str, match: Match, extra: dict | None = None) -> None:
    """Write `match` to `path` atomically; SaveError (file untouched) if the disk refuses.

    `extra` adds keys that loading ignores (a slot's display name).
    """
    data = to_data(match)
    if extra:
        data.update(extra)
    try:
        write_json(path, data)
    except OSError as exc:
        raise SaveError(
            _("cannot write {name}: {reason}").format(name=Path(path).name, reason=os_reason(exc))
        ) from None


def load(path: Path | str) -> Match:
    """The match saved in `path`; SaveError with a one-line reason if it is damaged."""
    return from_data(read_json(path))
