"""The messages a network table speaks: versioned JSON checked against a schema.

Every message is one JSON object whose `kind` names it; `msgspec` decodes it
into one of the structs below and refuses anything else (a wrong type, a
missing field, an unknown kind) before the host looks at it, so the host only
ever reasons about well-formed messages.  Fields a newer Fireside adds are
ignored, so a table can say "this table needs 1.0" instead of "garbage".

Nothing in a message names an address (a relay may forward them unchanged);
moves travel as the game's move text (`str(move)`, read back by the rules'
`parse_move`), views as the state's own JSON (`State.to_json`), which holds
only what `state.view(seat)` holds.  No pickle, no eval.
"""

from __future__ import annotations

from typing import Any

import msgspec

from game import __version__
from game.net import words
from game.rules.core import Event, Phrase

#: The protocol's version: two Firesides with the same number can share a table.
PROTOCOL = 1
#: The most bytes one message may have, either way (a view is about 1 KiB).
MAX_MESSAGE = 64 * 1024
#: The longest chat line, in characters.
MAX_CHAT = 200
#: The longest player name, in characters.
MAX_NAME = 40
#: The quick phrases a chat line may carry by code (each window says them in its own language).
QUICK_PHRASES = ("good_game", "nice_trick", "well_played", "oops", "thanks", "one_moment")

__all__ = [
    "MAX_CHAT",
    "MAX_MESSAGE",
    "MAX_NAME",
    "PROTOCOL",
    "QUICK_PHRASES",
    "Bye",
    "Chat",
    "Hello",
    "Message",
    "MoveMsg",
    "ProtocolError",
    "Refused",
    "ViewMsg",
    "Welcome",
    "decode",
    "encode",
    "event_from_json",
    "refusal",
    "version_refusal",
]


class Hello(msgspec.Struct, tag="hello", tag_field="kind"):
    """A client's first word: who it is, which Fireside, and its seat's token on a rejoin."""

    version: str
    protocol: int
    name: str
    token: str | None = None
    code: str | None = None  # which table, when a host keeps more than one
    watch: bool = False  # a spectator: public information only, no seat, no moves


class Welcome(msgspec.Struct, tag="welcome", tag_field="kind"):
    """The host's answer to a hello: the seat it got and the secret that proves it later."""

    seat: int
    token: str
    code: str
    game: str
    names: list[str]
    watching: bool = False  # a spectator's welcome: `seat` is -1 and `token` only lets it chat and leave


class ViewMsg(msgspec.Struct, tag="view", tag_field="kind"):
    """One seat's view after a move (or on joining): `state` is `view.to_json()`,
    `events` the last move's events as that seat may see them.  They belong to
    move number `moves`: a view with the same number again (someone joined or
    left) repeats them, and a client shows them once."""

    seat: int
    state: dict[str, Any]
    events: list[dict[str, Any]]
    moves: int  # how many moves the game has had: a client notices a gap
    connected: list[int]
    turn: int | None = None  # the seat to act (public at every table), None once over
    over: bool = False
    names: list[str] = []  # every seat's name as the host knows it now (people join and rename)
    computers: list[int] = []  # seats a computer plays now (its own, or an away seat handed to one)
    away: list[int] = []  # people's seats whose line is down (waiting for a rejoin)
    started: bool = True  # False while the table is a lobby: people join, nobody moves yet


class MoveMsg(msgspec.Struct, tag="move", tag_field="kind"):
    token: str
    move: str


class Refused(msgspec.Struct, tag="refused", tag_field="kind"):
    """Why the host did not take a message: a stable `code`, the English `text`
    (already in the host's language) and the plain `params` to say it again."""

    code: str
    text: str
    params: dict[str, Any] = {}


class Chat(msgspec.Struct, tag="chat", tag_field="kind"):
    """A chat line: from a client it carries its token; the host relays it with the seat."""

    text: str
    token: str | None = None
    seat: int | None = None
    phrase: str | None = None  # a quick phrase's code ("good_game"): each window says it in its own language


class Bye(msgspec.Struct, tag="bye", tag_field="kind"):
    """Leaving (a client) or closing the table (the host): `reason` is a code
    (`words.BYE`: "host_closed"), each window says it in its own language."""

    token: str | None = None
    reason: str = ""


Message = Hello | Welcome | ViewMsg | MoveMsg | Refused | Chat | Bye

_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(Message)  # type: ignore[arg-type]  # a union of tagged structs


class ProtocolError(ValueError):
    """Bytes that are not a message of this protocol; `phrase` says why, coded."""

    def __init__(self, phrase: Phrase) -> None:
        super().__init__(str(phrase))
        self.phrase = phrase


def encode(message: Message) -> bytes:
    return _encoder.encode(message)


def decode(raw: bytes | str) -> Message:
    """The message in `raw`, or ProtocolError (too big, not JSON, not a message)."""
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError(words.phrase("too_big", size=len(raw), limit=MAX_MESSAGE))
    try:
        message = _decoder.decode(raw)
    except (msgspec.ValidationError, msgspec.DecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise ProtocolError(words.phrase("malformed", why=str(exc)[:200])) from None
    if isinstance(message, Chat) and len(message.text) > MAX_CHAT:
        raise ProtocolError(words.phrase("chat_too_long", limit=MAX_CHAT))
    return message


def refusal(phrase: Phrase) -> Refused:
    return Refused(code=phrase.code, text=str(phrase), params=dict(phrase.params))


def version_refusal(name: str, theirs: str, protocol: int) -> Phrase:
    """A different protocol: say whose Fireside is which version."""
    return words.phrase("version", name=name, theirs=theirs, ours=__version__, protocol=protocol, needs=PROTOCOL)


def event_from_json(data: dict[str, Any]) -> Event:
    """An event as a view message carries it (cards stay their text; None is a hidden card)."""
    return Event(
        kind=data["kind"],
        seat=data.get("seat"),
        cards=tuple(data.get("cards", ())),
        info=data.get("info"),
        secret=bool(data.get("secret", False)),
    )
