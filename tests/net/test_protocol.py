"""The messages: each kind survives the wire, anything else is refused with a
code, and a refusal reads in the reader's own language."""

from __future__ import annotations

import msgspec
import pytest

from game import i18n
from game.net import protocol as p
from game.net import words

EXAMPLES = [
    p.Hello(version="1.0", protocol=p.PROTOCOL, name="Ana"),
    p.Hello(version="1.0", protocol=p.PROTOCOL, name="Ana", token="abc"),
    p.Welcome(seat=2, token="t0k", code="K7QX2M", game="grinch", names=["Ana", "Bo", "Cy"]),
    p.ViewMsg(
        seat=1,
        state={"game": "grinch", "viewer": 1},
        events=[{"kind": "dealt", "cards": [None]}],
        moves=4,
        connected=[0, 1],
    ),
    p.MoveMsg(token="t0k", move="play red 4"),
    p.Refused(code="not_your_turn", text="It is not your turn.", params={"seat": 1}),
    p.Chat(text="Good game!", token="t0k"),
    p.Chat(text="Good game!", seat=3),
    p.Bye(),
    p.Bye(token="t0k", reason="host_closed"),
]


@pytest.mark.parametrize("message", EXAMPLES, ids=lambda m: type(m).__name__)
def test_every_kind_of_message_survives_the_wire(message):
    raw = p.encode(message)
    assert b'"kind"' in raw and len(raw) < p.MAX_MESSAGE
    assert p.decode(raw) == message
    assert p.decode(raw.decode()) == message


@pytest.mark.parametrize(
    "raw, code",
    [
        (b"", "malformed"),
        (b"{", "malformed"),
        (b"[]", "malformed"),
        (b'{"kind":"hello"}', "malformed"),
        (b'{"kind":"launch","seat":0}', "malformed"),
        (b'{"kind":"move","token":"t","move":7}', "malformed"),
        (b'{"kind":"chat","text":"' + b"x" * (p.MAX_CHAT + 1) + b'"}', "chat_too_long"),
        (b" " * (p.MAX_MESSAGE + 1), "too_big"),
        (b'{"kind":"bye","x":' + b"[" * 70_000 + b"]" * 10 + b"}", "too_big"),
        (b'{"kind":"bye","x":' + b"[" * 30_000 + b"]" * 30_000 + b"}", "malformed"),
    ],
)
def test_anything_else_is_refused_with_a_code(raw, code):
    with pytest.raises(p.ProtocolError) as caught:
        p.decode(raw)
    assert caught.value.phrase.code == code
    assert str(caught.value.phrase) == str(caught.value)


def test_a_newer_field_is_ignored_so_a_newer_fireside_is_told_its_version():
    raw = b'{"kind":"hello","version":"2.0","protocol":2,"name":"Joon","avatar":"fox"}'
    hello = p.decode(raw)
    assert isinstance(hello, p.Hello) and hello.protocol == 2


def test_the_version_refusal_names_whose_fireside_and_both_versions():
    phrase = p.version_refusal("Joon", "0.9", 0)
    assert phrase.code == "version"
    assert str(phrase) == f"Joon's Fireside is 0.9 — this table needs {p.__version__}."
    assert p.version_refusal("", "0.9", 0) == f"This Fireside is 0.9 — this table needs {p.__version__}."


def test_a_refusal_reads_in_the_readers_language_and_an_unknown_code_in_the_senders_english():
    refused = p.refusal(p.version_refusal("Joon", "0.9", 0))
    i18n.set_language("ko")
    said = words.say(refused.code, refused.text, refused.params)
    assert "Joon" in said and "0.9" in said and p.__version__ in said and said != refused.text
    assert words.say("pain_chosen", "You chose already.", {}) == "You chose already."
    assert words.say("too_big", "Too big.", {"size": 1}) == "Too big."  # params it cannot fill: the English
    i18n.set_language("en")
    assert words.say(refused.code, refused.text, refused.params) == refused.text


def test_every_refusal_code_has_its_words_and_fills_them():
    params = {
        "size": 1,
        "limit": 2,
        "name": "Ana",
        "theirs": "0.9",
        "ours": "1.0",
        "why": "x",
        "rate": 1.0,
        "code": "K7",
    }
    for code in words.TEXTS:
        assert words.phrase(code, **params).code == code
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            assert words.say(code, "", params)
    i18n.set_language("en")


def test_messages_are_structs_with_a_schema_not_free_dicts():
    assert all(isinstance(m, msgspec.Struct) for m in EXAMPLES)
