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

from typing import Annotated, Any

import msgspec
from msgspec import Meta

from game import __version__
from game.common.person_name import clean_name
from game.net import words
from game.rules.core import Event, Phrase

#: The protocol's version: two Firesides with the same number can share a table.
#: 2: a move names the move count of the view it was made on (`at`, refused
#: `stale` otherwise), messages carry an `id` a refusal names, events are typed.
PROTOCOL = 2
#: The most bytes one message may have, either way (a view is about 1 KiB).
MAX_MESSAGE = 64 * 1024
#: The longest chat line, in characters.
MAX_CHAT = 200
#: The longest player name, in characters.
MAX_NAME = 40
#: The quick phrases a chat line may carry by code (each window says them in its own language).
QUICK_PHRASES = ("good_game", "nice_trick", "well_played", "oops", "thanks", "one_moment")
#: The most seats (and names, and seat lists) a message may speak of.
MAX_SEATS = 16
#: The most events one view may carry (a deal of a whole round is under a hundred).
MAX_EVENTS = 512
#: The most chat lines a welcome brings back (the host keeps the last ones of each table).
CHAT_KEPT = 20
#: The most missed moves a rejoin's welcome tells (the latest ones).
MAX_MISSED = 40

#: Strings of the schema, each with its limit (a message over one is refused before the host reads it).
Code = Annotated[str, Meta(max_length=40)]  # a stable code: a refusal's, a bye's reason, a game's id, a kind
Token = Annotated[str, Meta(max_length=64)]  # a seat's secret (`secrets.token_urlsafe(24)`: 32 characters)
TableCode = Annotated[str, Meta(max_length=32)]  # a table's code as typed (6 letters, maybe spaced)
Version = Annotated[str, Meta(max_length=40)]  # a Fireside's version
Name = Annotated[str, Meta(max_length=MAX_NAME)]
ChatText = Annotated[str, Meta(max_length=MAX_CHAT)]
MoveText = Annotated[str, Meta(max_length=200)]  # `str(move)`: a handful of cards at most
Text = Annotated[str, Meta(max_length=1000)]  # a refusal's English sentence
CardText = Annotated[str, Meta(max_length=40)]
#: A message's number, as its sender counts them (0: not numbered).
MessageId = Annotated[int, Meta(ge=0, le=2**53)]
Seats = Annotated[list[int], Meta(max_length=MAX_SEATS)]
Names = Annotated[list[Name], Meta(max_length=MAX_SEATS)]
Params = Annotated[dict[Code, Any], Meta(max_length=16)]

__all__ = [
    "CHAT_KEPT",
    "MAX_CHAT",
    "MAX_EVENTS",
    "MAX_MESSAGE",
    "MAX_MISSED",
    "MAX_NAME",
    "MAX_SEATS",
    "PROTOCOL",
    "QUICK_PHRASES",
    "Again",
    "Bye",
    "Chat",
    "EventMsg",
    "Hello",
    "Message",
    "MissedMove",
    "MoveMsg",
    "ProtocolError",
    "Ready",
    "Refused",
    "ViewMsg",
    "Welcome",
    "decode",
    "encode",
    "event_from_msg",
    "event_msg",
    "kind_of",
    "refusal",
    "version_refusal",
]


class Hello(msgspec.Struct, tag="hello", tag_field="kind"):
    """A client's first word: who it is, which Fireside, and its seat's token on a rejoin.
    Its first four fields are what every protocol's hello has (see `decode`)."""

    version: Version
    protocol: int
    name: Name
    token: Token | None = None
    code: TableCode | None = None  # which table, when a host keeps more than one
    watch: bool = False  # a spectator: public information only, no seat, no moves
    id: MessageId = 0
    seen: MessageId | None = None  # a rejoin: the move count of its last view (the welcome tells the moves since)


class Welcome(msgspec.Struct, tag="welcome", tag_field="kind"):
    """The host's answer to a hello (`to_id`): the seat it got and the secret that proves it later."""

    seat: int
    token: Token
    code: TableCode
    game: Code
    names: Names
    watching: bool = False  # a spectator's welcome: `seat` is -1 and `token` only lets it chat and leave
    to_id: MessageId = 0
    host_name: Name = ""  # the person whose laptop keeps the table ("": nobody at it, `fireside host`)
    # a rejoin's catch-up: the moves since the hello's `seen`, as this line may see them (the latest ones) ...
    missed: Annotated[list[MissedMove], Meta(max_length=MAX_MISSED)] = []
    # ... and the table's last chat lines (numbered by the host: `Chat.id`), so the chat does not start empty
    chat: Annotated[list[Chat], Meta(max_length=CHAT_KEPT)] = []
    # unasked, in a lobby: "moved" (the host moved this person to `seat`), "freed" (the host freed
    # their seat: they watch now); "" for the answer to a hello
    moved: Code = ""


class EventMsg(msgspec.Struct, omit_defaults=True):
    """One event as a view carries it: the rules' `Event`, its cards as their
    text (None: a card this seat may not see), `info` plain JSON values."""

    kind: Code
    seat: int | None = None
    cards: Annotated[list[CardText | None], Meta(max_length=256)] = []
    info: Annotated[dict[Code, Any], Meta(max_length=32)] | None = None
    secret: bool = False


class MissedMove(msgspec.Struct, omit_defaults=True):
    """One move a rejoining line missed: who made it, the move count it closes, and its
    events as that line may see them (a spectator's: the public ones, every secret face down)."""

    seat: int
    moves: int
    events: Annotated[list[EventMsg], Meta(max_length=MAX_EVENTS)] = []


class ViewMsg(msgspec.Struct, tag="view", tag_field="kind"):
    """One seat's view after a move (or on joining): `state` is `view.to_json()`,
    `events` the last move's events as that seat may see them.  They belong to
    move number `moves`: a view with the same number again (someone joined or
    left) repeats them, and a client shows them once."""

    seat: int
    state: Annotated[dict[Code, Any], Meta(max_length=64)]
    events: Annotated[list[EventMsg], Meta(max_length=MAX_EVENTS)]
    moves: int  # how many moves the game has had: a client notices a gap, and a move names it (`MoveMsg.at`)
    connected: Seats
    turn: int | None = None  # the seat to act (public at every table), None once over
    over: bool = False
    names: Names = []  # every seat's name as the host knows it now (people join and rename)
    computers: Seats = []  # seats a computer plays now (its own, or an away seat handed to one)
    away: Seats = []  # people's seats whose line is down (waiting for a rejoin)
    started: bool = True  # False while the table is a lobby: people join, nobody moves yet (and no cards travel)
    ready: Seats = []  # in a lobby: the friends' seats marked ready
    hosts: Seats = []  # the seats played at the host's own window (the host starts the game)
    deal: int = 0  # which deal at this table (0 the first; *Play again at this table* counts on)
    again: bool = False  # the game is over and the host asked everyone to play again at this table
    accepted: Seats = []  # ... the seats that said yes (the host's own window's among them)
    declined: Seats = []  # ... the seats that said no
    watchers: Names = []  # who watches the table now, as their hellos named them (cleaned at the host)
    # the turn clock, as the view left the host (seconds, not a time of day: no two laptops' clocks agree):
    # what the seat to act has left, and the clock's full time (None: off, or nobody's clock runs)
    turn_left: Annotated[float, Meta(ge=0, le=86400)] | None = None
    turn_time: Annotated[float, Meta(gt=0, le=86400)] | None = None
    timed_out: int | None = None  # the seat whose time ran out: the table's computer played this view's move for it
    # each person's seat whose line is down and for how many seconds (a computer may play it meanwhile)
    away_for: Annotated[dict[int, Annotated[float, Meta(ge=0, le=10_000_000)]], Meta(max_length=MAX_SEATS)] = {}


class MoveMsg(msgspec.Struct, tag="move", tag_field="kind"):
    """A move (the rules' text of it) made on the view of move count `at`: the
    host takes it only while the game is still there (else refuses it `stale`)."""

    token: Token
    move: MoveText
    at: int
    id: MessageId = 0


class Refused(msgspec.Struct, tag="refused", tag_field="kind"):
    """Why the host did not take a message: a stable `code`, the English `text`
    (already in the host's language) and the plain `params` to say it again;
    `to_id`/`to_kind` name the message refused (None: one that could not be read)."""

    code: Code
    text: Text
    params: Params = {}
    to_id: MessageId | None = None
    to_kind: Code | None = None


class Chat(msgspec.Struct, tag="chat", tag_field="kind"):
    """A chat line: from a client it carries its token; the host relays it with the seat."""

    text: ChatText
    token: Token | None = None
    seat: int | None = None
    phrase: Code | None = None  # a quick phrase's code ("good_game"): each window says it in its own language
    id: MessageId = 0  # from a client: its own count; relayed by the host: the table's line number (1, 2, ...)
    name: Name | None = None  # a spectator's line, as the host relays it: who said it (the spectator has no seat)


class Bye(msgspec.Struct, tag="bye", tag_field="kind"):
    """Leaving (a client) or closing the table (the host): `reason` is a code
    (`words.BYE`: "host_closed", "replaced", "game_over"), each window says it in
    its own language (and after "host_closed" dials again: the host keeps the table)."""

    token: Token | None = None
    reason: Code = ""
    id: MessageId = 0


class Ack(msgspec.Struct, tag="ack", tag_field="kind"):
    """A client's word that its welcome arrived, with the key the welcome gave it: the
    seat is its person's for good and the key it came with retires.  (A WebSocket pong
    would not do: the client's library answers a ping before the window has read the
    welcome, and a line that dies then leaves the window holding only the old key.)"""

    token: Token
    id: MessageId = 0


class Ready(msgspec.Struct, tag="ready", tag_field="kind"):
    """A seated friend's mark in the lobby: ready for the host to start (or, `ready` False, not yet)."""

    token: Token
    ready: bool = True
    id: MessageId = 0


class Again(msgspec.Struct, tag="again", tag_field="kind"):
    """A seated person's answer to the host's *Play again at this table*: `yes` (deal me in) or no."""

    token: Token
    yes: bool = True
    id: MessageId = 0


Message = Hello | Welcome | ViewMsg | MoveMsg | Refused | Chat | Bye | Ack | Ready | Again


class _AnyHello(msgspec.Struct, tag="hello", tag_field="kind"):
    """What every protocol's hello holds (protocol 1 had no ids): enough to tell
    a Fireside of another protocol which version this table needs."""

    version: Version
    protocol: int
    name: Annotated[str, Meta(max_length=4 * MAX_NAME)]


_encoder = msgspec.json.Encoder()
_decoder: msgspec.json.Decoder[Message] = msgspec.json.Decoder(Message)  # a union of tagged structs
_any_hello = msgspec.json.Decoder(_AnyHello)


class _Kind(msgspec.Struct):
    kind: str


_kind_decoder = msgspec.json.Decoder(_Kind)


class ProtocolError(ValueError):
    """Bytes that are not a message of this protocol; `phrase` says why, coded."""

    def __init__(self, phrase: Phrase) -> None:
        super().__init__(str(phrase))
        self.phrase = phrase


def encode(message: Message) -> bytes:
    return _encoder.encode(message)


def decode(raw: bytes | str) -> Message:
    """The message in `raw`, or ProtocolError (too big, not JSON, not a message).
    A hello of another protocol that this one cannot read is still read as far
    as its version, so its Fireside is told which one the table needs."""
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError(words.phrase("too_big", size=len(raw), limit=MAX_MESSAGE))
    try:
        message: Message = _decoder.decode(raw)
    except (msgspec.ValidationError, msgspec.DecodeError, UnicodeDecodeError, RecursionError) as exc:
        why = str(exc)
        if why.endswith("`$.text`") and "length <=" in why and _is_chat(raw):
            raise ProtocolError(words.phrase("chat_too_long", limit=MAX_CHAT)) from None
        other = _other_hello(raw)
        if other is not None:
            return other
        raise ProtocolError(words.phrase("malformed", why=why[:200])) from None
    return message


def _is_chat(raw: bytes | str) -> bool:
    try:
        return bool(_kind_decoder.decode(raw).kind == "chat")
    except (msgspec.ValidationError, msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return False


def _other_hello(raw: bytes | str) -> Hello | None:
    """A hello of another protocol, as far as its version (None: not one)."""
    try:
        hello = _any_hello.decode(raw)
    except (msgspec.ValidationError, msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return None
    if hello.protocol == PROTOCOL:
        return None  # ours, and malformed: said so
    return Hello(version=hello.version, protocol=hello.protocol, name=hello.name[:MAX_NAME])


def kind_of(message: Message) -> str:
    """A message's `kind`, as the wire names it (a refusal's `to_kind`)."""
    return str(type(message).__struct_config__.tag)


def refusal(phrase: Phrase, to: Message | None = None) -> Refused:
    """`phrase` as the refusal of `to` (None: of bytes that were no message)."""
    if to is None:
        return Refused(code=phrase.code, text=str(phrase)[:1000], params=dict(phrase.params))
    to_id = getattr(to, "id", None)
    return Refused(
        code=phrase.code, text=str(phrase)[:1000], params=dict(phrase.params), to_id=to_id, to_kind=kind_of(to)
    )


def version_refusal(name: str, theirs: str, protocol: int) -> Phrase:
    """A different protocol: say whose Fireside is which version (the name cleaned: it is a stranger's)."""
    return words.phrase(
        "version", name=clean_name(name), theirs=theirs, ours=__version__, protocol=protocol, needs=PROTOCOL
    )


def event_msg(event: Event) -> EventMsg:
    """An event as a view carries it (cards as their text; None is a hidden card)."""
    cards = [None if c is None else str(c) for c in event.cards]
    return EventMsg(kind=event.kind, seat=event.seat, cards=cards, info=event.info, secret=bool(event.secret))


def event_from_msg(data: EventMsg) -> Event:
    """The event a view message carries (cards stay their text; None is a hidden card)."""
    return Event(kind=data.kind, seat=data.seat, cards=tuple(data.cards), info=data.info, secret=data.secret)
