"""The fireside:// invite: made, read back, and plain words for a broken one."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.net.invite import Invite, InviteError, RelayAddress, looks_like_invite, parse_relay, table_id


def test_round_trip_and_shape() -> None:
    invite = Invite.new("ws://127.0.0.1:8765", secret=bytes(range(32)))
    link = invite.link()
    assert link.startswith("fireside://127.0.0.1:8765/")
    assert "?tls=0#" in link
    assert Invite.parse(link) == invite
    assert invite.relay.url() == "ws://127.0.0.1:8765/"
    assert Invite.parse("  " + link + "\n") == invite
    assert looks_like_invite(link)


def test_tls_is_the_default_and_ipv6_is_bracketed() -> None:
    invite = Invite.new("wss://[::1]:9443")
    assert invite.link().startswith("fireside://[::1]:9443/")
    assert "?tls" not in invite.link()
    back = Invite.parse(invite.link())
    assert back.relay == RelayAddress("::1", 9443, True)
    assert back.relay.url() == "wss://[::1]:9443/"


def test_table_id_is_derived_from_the_secret_and_keeps_it() -> None:
    secret = b"\x01" * 32
    table = table_id(secret)
    assert len(table) == 16 and table == table.lower()
    assert table != table_id(b"\x02" * 32)
    invite = Invite.new("ws://127.0.0.1:1", secret)
    assert invite.table == table
    assert "#" not in invite.relay.url() and invite.table not in repr(invite.secret)
    assert str(invite.secret) not in repr(invite)


@given(st.binary(min_size=32, max_size=32), st.integers(1, 65535), st.booleans())
def test_any_secret_round_trips(secret: bytes, port: int, tls: bool) -> None:
    invite = Invite(RelayAddress("relay.example.org", port, tls), secret)
    assert Invite.parse(invite.link()) == invite


GOOD = Invite.new("ws://127.0.0.1:8765", secret=b"\x07" * 32).link()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "No invite"),
        ("http://127.0.0.1:8765/abc#def", "not a Fireside invite"),
        (GOOD.split("#")[0], "no secret"),
        (GOOD + "A", "cut short or too long"),
        (GOOD[:-3], "cut short or too long"),
        (GOOD.replace("#", "#!"), "characters"),
        (GOOD.replace("8765/", "8765/x"), "table id"),
        ("fireside://127.0.0.1:8765#abc", "no table"),
        (GOOD.replace(":8765", ""), "no port"),
        (GOOD.replace(":8765", ":99999"), "port"),
        (GOOD.replace("tls=0", "tls=maybe"), "tls"),
        (
            Invite.new("ws://127.0.0.1:8765", b"\x08" * 32).link().split("#")[0] + "#" + GOOD.split("#")[1],
            "belong together",
        ),
    ],
)
def test_malformed_invites_say_why(text: str, words: str) -> None:
    with pytest.raises(InviteError, match=words):
        Invite.parse(text)


def test_relay_addresses() -> None:
    assert parse_relay("ws://127.0.0.1:8765") == RelayAddress("127.0.0.1", 8765, False)
    assert parse_relay("relay.example.org") == RelayAddress("relay.example.org", 443, True)
    assert parse_relay("wss://relay.example.org/") == RelayAddress("relay.example.org", 443, True)
    with pytest.raises(InviteError, match="No relay is set"):
        parse_relay("  ")
    with pytest.raises(InviteError, match="ws:// or wss://"):
        parse_relay("http://x:1")
