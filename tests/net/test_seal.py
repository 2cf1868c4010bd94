"""Sealed relayed lines: round trips, and every kind of meddling refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.net import seal
from game.net.invite import table_id
from game.net.seal import Channel, Dropped, Reordered, Replayed, SealError, Tampered

SECRET = b"\x11" * 32
TABLE = table_id(SECRET)


def pair(secret: bytes = SECRET, nonce: bytes | None = None) -> tuple[Channel, Channel]:
    nonce = nonce if nonce is not None else seal.nonce_from_hello(seal.line_hello())
    return Channel(secret, TABLE, nonce, "host"), Channel(secret, TABLE, nonce, "friend")


def test_round_trip_both_ways() -> None:
    host, friend = pair()
    for i in range(5):
        assert friend.open(host.seal(b"to friend %d" % i)) == b"to friend %d" % i
        assert host.open(friend.seal(b"to host %d" % i)) == b"to host %d" % i
    assert host.open(friend.seal(b"")) == b""


def test_ciphertext_hides_the_message() -> None:
    host, _ = pair()
    frame = host.seal(b'{"t":"chat","text":"Ana plays the Queen"}')
    assert b"Ana" not in frame and b"Queen" not in frame and b"chat" not in frame


def test_tampered_byte_is_refused() -> None:
    for at in (0, 7, 8, 20, -1):
        host, friend = pair()
        frame = bytearray(host.seal(b"hello there"))
        frame[at] ^= 0x01
        with pytest.raises(SealError):  # a flipped counter byte fails too (it is authenticated)
            friend.open(bytes(frame))
        assert friend.broken
    host, friend = pair()
    frame = bytearray(host.seal(b"hello there"))
    frame[12] ^= 0x80
    with pytest.raises(Tampered, match="changed"):
        friend.open(bytes(frame))
    with pytest.raises(Tampered, match="cut short"):
        pair()[1].open(b"\0" * 10)


def test_replay_is_refused() -> None:
    host, friend = pair()
    frame = host.seal(b"one")
    assert friend.open(frame) == b"one"
    with pytest.raises(Replayed, match="second time"):
        friend.open(frame)
    with pytest.raises(Replayed):  # and the line stays refused
        friend.open(host.seal(b"two"))


def test_swap_is_refused() -> None:
    host, friend = pair()
    first, second = host.seal(b"one"), host.seal(b"two")
    with pytest.raises(SealError):
        friend.open(second)
    with pytest.raises(Reordered, match="reordered"):
        friend.open(first)


def test_drop_is_refused() -> None:
    host, friend = pair()
    assert friend.open(host.seal(b"one")) == b"one"
    host.seal(b"two (lost)")
    with pytest.raises(Dropped, match="never arrived"):
        friend.open(host.seal(b"three"))
    assert isinstance(Dropped("x"), SealError)


def test_own_frames_and_other_lines_do_not_open() -> None:
    host, friend = pair()
    with pytest.raises(Tampered):  # a frame reflected back at its sender: the other direction's key
        host.open(host.seal(b"echo"))
    _, other_friend = pair()  # another nonce: another line
    with pytest.raises(Tampered):
        other_friend.open(host.seal(b"x"))


def test_wrong_secret_fails() -> None:
    nonce = b"\x05" * 16
    host = Channel(SECRET, TABLE, nonce, "host")
    stranger = Channel(b"\x12" * 32, TABLE, nonce, "friend")
    with pytest.raises(Tampered):
        stranger.open(host.seal(b"secret words"))


def test_hello() -> None:
    hello = seal.line_hello()
    assert hello.startswith(b"FSL1") and len(hello) == 20
    assert hello != seal.line_hello()
    with pytest.raises(seal.BadHello):
        seal.nonce_from_hello(b"FSL2" + b"\0" * 16)
    with pytest.raises(seal.BadHello):
        seal.nonce_from_hello(b"FSL1")


@given(st.lists(st.binary(max_size=300), max_size=12))
def test_any_messages_round_trip(messages: list[bytes]) -> None:
    host, friend = pair(nonce=b"\x09" * 16)
    for message in messages:
        assert friend.open(host.seal(message)) == message
        assert host.open(friend.seal(message[::-1])) == message[::-1]
