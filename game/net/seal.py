"""Sealing a relayed line end to end, so the relay in the middle can neither
read nor forge a message.

Keys come by HKDF-SHA256 from the invite's secret, the table id and the
line's nonce (16 random bytes the friend sends first, in the clear, after
b"FSL1"); one key for each direction.  A sealed frame is an 8-byte big-endian
counter and the ChaCha20-Poly1305 ciphertext of the message (the counter is the
cipher's nonce, so it is authenticated too).  The receiver takes only the
counter it expects next: a replayed, reordered or dropped message shows as a
wrong counter, an altered one fails authentication.  Any failure is final for
the line: a `Channel` that refused one frame refuses every later one.

ChaCha20-Poly1305 and HKDF come from `cryptography` (a well-kept, audited
library); nothing here is home-made cryptography.
"""

from __future__ import annotations

import secrets
import struct
from typing import Literal, NoReturn

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

__all__ = [
    "HELLO_MAGIC",
    "NONCE_BYTES",
    "REFUSED_TEXT",
    "BadHello",
    "Channel",
    "Dropped",
    "Reordered",
    "Replayed",
    "Role",
    "SealError",
    "Tampered",
    "line_hello",
    "nonce_from_hello",
]

Role = Literal["host", "friend"]

HELLO_MAGIC = b"FSL1"
NONCE_BYTES = 16
_COUNTER = struct.Struct(">Q")
_TAG_BYTES = 16
_LIMIT = 2**64 - 1

#: What a player is told when a line is refused because a frame was not as sealed.
REFUSED_TEXT = "The relay changed a message: this line was closed to keep the game safe."


class SealError(Exception):
    """A sealed frame could not be taken; the line must be closed."""


class Tampered(SealError):
    """The frame was altered (or sealed with another secret): it fails authentication."""


class Replayed(SealError):
    """A frame that was taken already came again."""


class Reordered(SealError):
    """A frame came after a later one (found when the missing frame turns up late)."""


class Dropped(SealError):
    """A frame came before its turn: the one(s) before it never arrived."""


class BadHello(SealError):
    """A line's first frame is not b"FSL1" + 16 bytes."""


def line_hello() -> bytes:
    """A friend's first frame on a relayed line: b"FSL1" + 16 random bytes."""
    return HELLO_MAGIC + secrets.token_bytes(NONCE_BYTES)


def nonce_from_hello(frame: bytes) -> bytes:
    if len(frame) != len(HELLO_MAGIC) + NONCE_BYTES or not frame.startswith(HELLO_MAGIC):
        raise BadHello("The line did not start as a Fireside line through a relay does.")
    return frame[len(HELLO_MAGIC) :]


def _key(secret: bytes, table: str, nonce: bytes, direction: bytes) -> ChaCha20Poly1305:
    hkdf = HKDF(
        algorithm=hashes.SHA256(),
        length=32,
        salt=b"fireside-seal-v1:" + table.encode("ascii"),
        info=b"fireside line key:" + direction + b":" + nonce,
    )
    return ChaCha20Poly1305(hkdf.derive(secret))


def _nonce(counter: int) -> bytes:
    return b"\0\0\0\0" + _COUNTER.pack(counter)


class Channel:
    """One relayed line seen from one end (`role`): `seal` what this end sends,
    `open` what the other end sent."""

    def __init__(self, secret: bytes, table: str, nonce: bytes, role: Role) -> None:
        if len(nonce) != NONCE_BYTES:
            raise ValueError("a line's nonce is 16 bytes")
        if role not in ("host", "friend"):
            raise ValueError(f"role is 'host' or 'friend', not {role!r}")
        to_friend = _key(secret, table, nonce, b"host->friend")
        to_host = _key(secret, table, nonce, b"friend->host")
        self.role: Role = role
        self._out, self._in = (to_friend, to_host) if role == "host" else (to_host, to_friend)
        self._sent = 0
        self._expected = 0
        self._failed: SealError | None = None
        self._missing: int | None = None

    @property
    def broken(self) -> bool:
        return self._failed is not None

    def seal(self, plaintext: bytes) -> bytes:
        if self._sent >= _LIMIT:
            raise SealError("This line has sent as many messages as it can: it must be dialled again.")
        counter = self._sent
        self._sent += 1
        header = _COUNTER.pack(counter)
        return header + self._out.encrypt(_nonce(counter), plaintext, header)

    def open(self, frame: bytes) -> bytes:
        """The message in `frame`, or a `SealError` saying what went wrong."""
        if len(frame) < _COUNTER.size + _TAG_BYTES:
            self._fail(Tampered("A message came cut short: it was changed on the way."))
        header = frame[: _COUNTER.size]
        (counter,) = _COUNTER.unpack(header)
        try:
            plaintext = self._in.decrypt(_nonce(counter), frame[_COUNTER.size :], header)
        except InvalidTag:
            self._fail(Tampered("A message was changed on the way (it failed its seal)."))
        if self._failed is not None:
            if self._missing is not None and counter == self._missing:
                raise Reordered(f"Message {counter} came after a later one: messages were reordered.")
            raise self._failed
        if counter < self._expected:
            self._fail(Replayed(f"Message {counter} came a second time: it was replayed."))
        if counter > self._expected:
            self._missing = self._expected
            self._fail(Dropped(f"Message {self._expected} never arrived before message {counter}: it was dropped."))
        self._expected += 1
        return plaintext

    def _fail(self, error: SealError) -> NoReturn:
        if self._failed is None:
            self._failed = error
        raise error
