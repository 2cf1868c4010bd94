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
    p.Hello(version="1.0", protocol=p.PROTOCOL, name="Ana", id=1),
    p.Welcome(seat=2, token="t0k", code="K7QX2M", game="grinch", names=["Ana", "Bo", "Cy"], to_id=1),
    p.ViewMsg(
        seat=1,
        state={"game": "grinch", "viewer": 1},
        events=[p.EventMsg(kind="dealt", cards=[None]), p.EventMsg(kind="played", seat=2, cards=["red 4"])],
        moves=4,
        connected=[0, 1],
    ),
    p.MoveMsg(token="t0k", move="play red 4", at=4, id=7),
    p.Refused(code="not_your_turn", text="It is not your turn.", params={"seat": 1}),
    p.Refused(code="stale", text="moved on", params={"at": 3, "moves": 4}, to_id=7, to_kind="move"),
    p.Chat(text="Good game!", token="t0k", id=8),
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
    raw = b'{"kind":"hello","version":"3.0","protocol":3,"name":"Joon","avatar":"fox"}'
    hello = p.decode(raw)
    assert isinstance(hello, p.Hello) and hello.protocol == 3
    # even a newer hello this schema cannot read (a field changed its type) is read as far as its version
    odd = p.decode(b'{"kind":"hello","version":"3.0","protocol":3,"name":"Joon","id":"first","token":7}')
    assert isinstance(odd, p.Hello) and (odd.protocol, odd.version, odd.name) == (3, "3.0", "Joon")


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
        "at": 3,
        "moves": 4,
    }
    for code in words.TEXTS:
        assert words.phrase(code, **params).code == code
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            assert words.say(code, "", params)
    i18n.set_language("en")


def test_messages_are_structs_with_a_schema_not_free_dicts():
    assert all(isinstance(m, msgspec.Struct) for m in EXAMPLES)


def _strings(kind: object, path: str) -> list[str]:
    """Every string in a schema type, each named by its path, that has no length limit."""
    from msgspec import inspect as mi

    if isinstance(kind, mi.StrType):
        return [] if kind.max_length is not None else [path]
    if isinstance(kind, mi.UnionType):
        return [s for t in kind.types for s in _strings(t, path)]
    if isinstance(kind, (mi.ListType, mi.TupleType)) and hasattr(kind, "item_type"):
        unbounded = [] if kind.max_length is not None else [f"{path}[] (a list without max_length)"]
        return unbounded + _strings(kind.item_type, f"{path}[]")
    if isinstance(kind, mi.DictType):
        unbounded = [] if kind.max_length is not None else [f"{path}{{}} (a dict without max_length)"]
        return unbounded + _strings(kind.key_type, f"{path}.key") + _strings(kind.value_type, f"{path}.value")
    if isinstance(kind, mi.StructType):
        return [s for f in kind.fields for s in _strings(f.type, f"{path}.{f.name}")]
    return []


def test_every_string_list_and_dict_in_the_schema_has_a_limit():
    from msgspec import inspect as mi

    schema = mi.type_info(p.Message)
    assert _strings(schema, "$") == []


def test_a_message_over_a_field_limit_is_refused_before_the_host_reads_it():
    too_long = [
        p.encode(p.Hello(version="1.0", protocol=p.PROTOCOL, name="Ana", token="t" * 65)),
        b'{"kind":"move","token":"t","move":"' + b"x" * 201 + b'","at":0}',
        b'{"kind":"hello","version":"' + b"9" * 41 + b'","protocol":2,"name":"Ana"}',
        b'{"kind":"view","seat":0,"state":{},"events":[],"moves":0,"connected":' + str(list(range(17))).encode() + b"}",
    ]
    for raw in too_long:
        with pytest.raises(p.ProtocolError) as caught:
            p.decode(raw)
        assert caught.value.phrase.code == "malformed", raw[:60]


#: A Fireside of protocol 1 says hello so (frozen: these bytes must never change).
PROTOCOL_1_HELLO = (
    b'{"kind":"hello","version":"0.9.0","protocol":1,"name":"Joon","token":null,"code":"K7QX2M","watch":false}'
)


def test_a_protocol_1_fireside_is_told_plainly_which_version_the_table_needs():
    from netkit import make_table

    from game.net.door import TableSet

    _, table, _ = make_table("grinch", [True, True, True], seed=1)
    for host in (table, TableSet([table])):
        outs = host.receive("old", PROTOCOL_1_HELLO)
        assert outs[-1] == ("old", None)  # the line is closed after the answer
        raw = outs[0][1]
        assert raw is not None
        refused = p.decode(raw)
        assert isinstance(refused, p.Refused) and refused.code == "version"
        assert refused.params["needs"] == p.PROTOCOL == 2 and refused.params["protocol"] == 1
        assert refused.text == f"Joon's Fireside is 0.9.0 — this table needs {p.__version__}."
        assert refused.to_kind == "hello"
        # a protocol-1 window reads it with its own schema: code, text, params (it ignores the rest)
        old = msgspec.json.decode(raw)
        assert {"kind", "code", "text", "params"} <= set(old) and old["kind"] == "refused"
        assert not table.tokens  # and no seat was given


def test_an_event_goes_as_the_rules_event_and_comes_back_the_same():
    from game.rules.core import Event

    event = Event("played", 2, ("red 4", None), {"trick": 3}, True)
    raw = p.encode(p.event_msg(event))
    assert msgspec.json.decode(raw) == event.to_json()  # the same JSON as the rules' own
    assert p.event_from_msg(msgspec.json.decode(raw, type=p.EventMsg)) == event
