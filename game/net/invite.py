"""The invite to a table through a relay: a `fireside://` link holding the
relay's address, the table's id and the secret.

    fireside://HOST:PORT/TABLE#SECRET        (the relay speaks wss://)
    fireside://HOST:PORT/TABLE?tls=0#SECRET  (the relay speaks plain ws://)

SECRET is 32 random bytes, base64url without padding.  It rides in the part of
the link after `#`, so it never goes to the relay; TABLE is derived from it
(`table_id`) and is all the relay routes by: it cannot give the secret back.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
from dataclasses import dataclass
from urllib.parse import urlsplit

from game.net.discovery import bracketed

__all__ = ["SCHEME", "Invite", "InviteError", "RelayAddress", "new_secret", "parse_relay", "table_id"]

SCHEME = "fireside"
SECRET_BYTES = 32
TABLE_CHARS = 16
_B32 = set("abcdefghijklmnopqrstuvwxyz234567")
_B64URL = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class InviteError(ValueError):
    """An invite or relay address that can't be used; the message says why in plain words."""


def new_secret() -> bytes:
    return secrets.token_bytes(SECRET_BYTES)


def table_id(secret: bytes) -> str:
    """The table's id at the relay: the first 16 characters of
    base32(sha256(b"fireside-table:" + secret)), lower-case."""
    digest = hashlib.sha256(b"fireside-table:" + secret).digest()
    return base64.b32encode(digest).decode("ascii")[:TABLE_CHARS].lower()


def _secret_text(secret: bytes) -> str:
    return base64.urlsafe_b64encode(secret).decode("ascii").rstrip("=")


def _secret_from(text: str) -> bytes:
    if not text:
        raise InviteError("This invite has no secret (the part after '#' is missing): copy the whole invite.")
    if not set(text) <= _B64URL:
        raise InviteError("This invite's secret has characters an invite never has: copy the whole invite again.")
    try:
        secret = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        raise InviteError("This invite's secret can't be read: copy the whole invite again.") from None
    if len(secret) != SECRET_BYTES:
        raise InviteError("This invite's secret is cut short or too long: copy the whole invite again.")
    return secret


@dataclass(frozen=True)
class RelayAddress:
    """Where a relay listens: host, port and whether it speaks TLS (wss://)."""

    host: str
    port: int
    tls: bool = True

    def url(self) -> str:
        return f"{'wss' if self.tls else 'ws'}://{bracketed(self.host)}:{self.port}/"


def _host_port(netloc: str, default_port: int | None, what: str) -> tuple[str, int]:
    try:
        split = urlsplit(f"//{netloc}")
        host = split.hostname or ""
        port = split.port
    except ValueError:
        raise InviteError(f"{what} has an address or port that can't be read: {netloc!r}.") from None
    if not host:
        raise InviteError(f"{what} names no relay machine.")
    if port is None:
        if default_port is None:
            raise InviteError(f"{what} names no port for the relay (HOST:PORT).")
        port = default_port
    if not 0 < port < 65536:
        raise InviteError(f"{what} names a port that can't be: {port}.")
    return host, port


def parse_relay(text: str) -> RelayAddress:
    """A relay's address as a player types it in Settings or after --relay:
    `wss://relay.example.org`, `ws://127.0.0.1:8765` or `relay.example.org:443`
    (no scheme: TLS)."""
    text = text.strip()
    if not text:
        raise InviteError("No relay is set: give a relay's address (Fireside has no relay of its own, so no default).")
    if "://" in text:
        scheme, _, rest = text.partition("://")
        scheme = scheme.lower()
        if scheme not in ("ws", "wss"):
            raise InviteError(f"A relay's address starts with ws:// or wss://, not {scheme}://.")
        tls = scheme == "wss"
    else:
        rest, tls = text, True
    netloc = rest.split("/", 1)[0]
    host, port = _host_port(netloc, 443 if tls else 80, "The relay's address")
    return RelayAddress(host, port, tls)


@dataclass(frozen=True)
class Invite:
    """One table's invite: the relay, the table id and the secret."""

    relay: RelayAddress
    secret: bytes

    @property
    def table(self) -> str:
        return table_id(self.secret)

    @classmethod
    def new(cls, relay: RelayAddress | str, secret: bytes | None = None) -> Invite:
        address = parse_relay(relay) if isinstance(relay, str) else relay
        return cls(address, secret if secret is not None else new_secret())

    def link(self) -> str:
        host, query = bracketed(self.relay.host), "" if self.relay.tls else "?tls=0"
        return f"{SCHEME}://{host}:{self.relay.port}/{self.table}{query}#{_secret_text(self.secret)}"

    def __str__(self) -> str:
        return self.link()

    def __repr__(self) -> str:  # never the secret in a log line or a traceback
        return f"Invite(relay={self.relay.url()!r}, table={self.table!r})"

    @classmethod
    def parse(cls, text: str) -> Invite:
        """The invite in `text` (spaces around it are fine); `InviteError` says
        plainly what is wrong with a malformed one."""
        text = text.strip()
        if not text:
            raise InviteError("No invite was given: paste the invite your host sent you.")
        scheme, sep, rest = text.partition("://")
        if not sep or scheme.lower() != SCHEME:
            raise InviteError("This is not a Fireside invite: an invite starts with fireside://.")
        rest, hash_, fragment = rest.partition("#")
        if not hash_:
            raise InviteError("This invite has no secret (the part after '#' is missing): copy the whole invite.")
        rest, _, query = rest.partition("?")
        netloc, slash, path = rest.partition("/")
        if not slash or not path.strip("/"):
            raise InviteError("This invite names no table: copy the whole invite.")
        table = path.strip("/")
        tls = True
        for pair in filter(None, query.split("&")):
            key, _, value = pair.partition("=")
            if key == "tls":
                if value not in ("0", "1"):
                    raise InviteError("This invite's tls setting is neither 0 nor 1.")
                tls = value == "1"
        host, port = _host_port(netloc, None, "This invite")
        if len(table) != TABLE_CHARS or not set(table) <= _B32:
            raise InviteError("This invite's table id is not one Fireside makes: copy the whole invite again.")
        secret = _secret_from(fragment)
        if table_id(secret) != table:
            raise InviteError("This invite's table and secret don't belong together: copy the whole invite again.")
        return cls(RelayAddress(host, port, tls), secret)


def looks_like_invite(text: str) -> bool:
    """Whether `text` is meant as an invite (it starts with fireside://), valid or not."""
    return text.strip().lower().startswith(f"{SCHEME}://")
