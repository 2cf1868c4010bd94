"""Names at a network table (issue 33, 1): cleaned once at the host by one
function wherever a name comes in (a hello, a reserved seat at the host's
window, a table's setup and `fireside host --names`), written safely on the
host's terminal, and a seat nobody named travels as a code each window says in
its own language."""

from __future__ import annotations

import re

import pytest
from test_remote_table import make_app, net, settle  # noqa: F401  (net: the fixture)

from game import i18n
from game.common.person_name import (
    NAME_LENGTH,
    clean_name,
    computer_code,
    is_code,
    said,
    say_name,
    seat_code,
    terminal_text,
)
from game.net import protocol as p
from game.net.client import ClientSeat
from game.net.hosting import new_table

HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")
GURMUKHI = re.compile("[\u0a00-\u0a7f]")


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("  Ana  ", "Ana"),
        ("Ana\u202e\u2066evil", "Anaevil"),  # bidi overrides and isolates
        ("\ufeffBo\u200b", "Bo"),  # a BOM, a zero-width space
        ("Cy\x1b[31m\r\nroot# ", "Cy[31m root#"),  # an escape, a forged line
        ("D  \t  e", "D e"),
        ("\u200d", ""),  # a joiner alone: nothing
        ("\x00\x07\x1b", ""),
        ("   ", ""),
        ("\ue000\U000f0000Ed", "Ed"),  # private use
        ("x" + "\u0301" * 40, "x" + "\u0301" * 4),  # a letter under a heap of marks
        ("\u0301Fe", "Fe"),  # a mark with no letter
        ("ਗੁਰਪ੍ਰੀਤ", "ਗੁਰਪ੍ਰੀਤ"),  # Gurmukhi's marks kept
        ("👩\u200d👩\u200d👧", "👩\u200d👩\u200d👧"),  # joiners between two characters kept
        ("x" * 500, "x" * NAME_LENGTH),
        ("지민", "지민"),
    ],
)
def test_clean_name_keeps_what_a_font_draws_and_a_terminal_prints(typed: str, kept: str) -> None:
    assert clean_name(typed) == kept
    assert clean_name(kept) == kept  # cleaning twice changes nothing


def test_no_person_can_take_a_name_that_reads_as_a_default() -> None:
    assert is_code(seat_code(2)) and not is_code(clean_name(seat_code(2)))
    assert say_name(clean_name(seat_code(2))) == "seat:3"  # said as typed, not as "Player 3"


def _hello(table, conn, name, token=None, watch=False):
    hello = p.Hello(version="1.0", protocol=p.PROTOCOL, name=name, token=token, watch=watch, code=table.code)
    seat = ClientSeat(name, token)
    for to, data in table.receive(conn, p.encode(hello)):
        if to == conn and data is not None:
            seat.handle(data)
    return seat


def test_every_way_in_cleans_a_name_with_one_function() -> None:
    table = new_table("grinch", ["you", "here", "open", "easy"], [" Ana\u202e ", "Bo\x1b[2J", "", "\x07"])
    assert table.names[:2] == ["Ana", "Bo[2J"]  # the setup's (and `fireside host --names`) names
    assert is_code(table.names[2]) and table.names[3] == computer_code(3)  # nothing left: the default
    assert [s.name for s in table.session.match.seats] == ["Ana", "Bo[2J", "Player 3", "Computer 4"]
    table.reserve(0, "  Ana\u2067 Maria\t")
    table.reserve(1, "\u202e")
    assert table.names[:2] == ["Ana Maria", "Bo[2J"]  # the host's window's seats (nothing left: the name stays)
    guest = _hello(table, "c", "Cy\r\n\x1b[31mforged line")
    assert guest.seat == 2 and table.names[2] == "Cy [31mforged line"
    assert guest.names[2] == "Cy [31mforged line"


def test_a_name_cleaned_to_nothing_leaves_the_seats_default() -> None:
    table = new_table("grinch", ["you", "open", "open"], ["", "", ""])
    guest = _hello(table, "g", "\u202e\u200d \x1b")
    assert guest.seat == 0 and table.names[0] == seat_code(0)
    assert guest.names[0] == "Player 1"


def test_a_version_refusal_says_a_cleaned_name() -> None:
    phrase = p.version_refusal("Ana\x1b[2J\u202e", "0.1", 1)
    assert phrase.params["name"] == "Ana[2J"


def test_the_hosts_terminal_escapes_what_is_left() -> None:
    from game.tools.cli import _shown_name

    assert terminal_text("a\x1b[2J\nb\u202e") == "a\\x1b[2J\\nb\\u202e"
    line = _shown_name("Cy\x1b]0;pwned\x07\nfireside: table closed")
    assert "\x1b" not in line and "\n" not in line and "\x07" not in line
    assert _shown_name(seat_code(1)) == "Player 2"


def test_a_punjabi_window_at_a_korean_host_says_the_default_names_in_punjabi() -> None:
    i18n.set_language("ko")
    table = new_table("grinch", ["you", "open", "open", "easy"], ["", "", "", ""])
    assert HANGUL.search(table.session.match.seats[0].name)  # the host's own words, kept at the host
    wire: list[bytes] = []
    hello = p.Hello(version="1.0", protocol=p.PROTOCOL, name="ਸਿਮਰਨ", code=table.code)
    seat = ClientSeat("ਸਿਮਰਨ")
    outs = table.receive("pa", p.encode(hello))
    outs += table.start("random")
    i18n.set_language("pa")
    for conn, data in outs:
        if conn == "pa" and data is not None:
            wire.append(data)
            seat.handle(data)
    assert wire and not any(HANGUL.search(data.decode()) for data in wire)  # codes, not the host's words
    assert seat.names[0] == "ਸਿਮਰਨ"  # a person's own name, never translated
    assert sum(len(HANGUL.findall(name)) for name in seat.names) == 0
    assert all(GURMUKHI.search(name) for name in seat.names), seat.names
    assert said([seat_code(2)]) == [i18n._("Player {n}").format(n=3)]


def test_a_rejoin_renames_its_seat_cleaned_and_an_empty_name_keeps_it() -> None:
    table = new_table("grinch", ["you", "open"], ["", ""])
    ana = _hello(table, "a", "Ana")
    assert ana.seat == 0 and table.names[0] == "Ana"
    table.disconnect("a")
    again = _hello(table, "a2", "Ana\u202e Maria\x1b", token=ana.token)
    assert again.seat == 0 and table.names[0] == "Ana Maria" and again.names[0] == "Ana Maria"
    table.disconnect("a2")
    _hello(table, "a3", "\u200d", token=ana.token)
    assert table.names[0] == "Ana Maria"


def test_a_spectators_chat_line_carries_the_name_its_hello_brought_cleaned() -> None:
    from game.common.person_name import watcher_code

    table = new_table("grinch", ["you", "open"], ["", ""])
    ana = _hello(table, "a", "Ana")
    eve = _hello(table, "e", "Eve\u202e\x1b[2J", watch=True)
    nobody = _hello(table, "n", "\u200d", watch=True)
    assert eve.watching and nobody.watching
    for conn, seat, text in (("e", eve, "hi from Eve"), ("n", nobody, "hello")):
        lines = [p.decode(d) for c, d in table.receive(conn, seat.say(text)) if c == "a" and d is not None]
        assert len(lines) == 1 and isinstance(lines[0], p.Chat) and lines[0].seat == -1
        ana.handle(p.encode(lines[0]))
    assert [c.name for c in ana.chat] == ["Eve[2J", watcher_code()]
    assert say_name(watcher_code()) == "Someone watching"
    plain = [p.decode(d) for c, d in table.receive("a", ana.say("hi")) if c == "e" and d is not None]
    assert plain[0].name is None and plain[0].seat == 0  # a seat's line: its seat says who


def test_a_players_window_shows_a_spectators_line_by_the_spectators_name(net) -> None:  # noqa: F811
    table_net = net("sticheln", [True, True, False], seed=6)
    ana = table_net.client("Ana")
    eve = table_net.client("Eve", watch=True)
    assert eve.wait(lambda s: s.watching, 5)
    app = make_app()
    table = app.routes.remote_table(ana)
    mode = table.mode
    eve.say("go Ana")
    assert settle(app, lambda: len(mode.chat.lines) == 1)
    assert mode.chat.lines[0][1] == "Eve: go Ana"  # not "?: go Ana"


def test_two_friends_with_one_name_are_told_apart() -> None:
    table = new_table("grinch", ["you", "open", "open"], ["Ana", "", ""])
    table.reserve(0)
    bo = _hello(table, "b", "ana")
    cy = _hello(table, "c", "Ana")
    assert (bo.seat, cy.seat) == (1, 2) and table.names == ["Ana", "ana 2", "Ana 3"]
    here = new_table("grinch", ["you", "here", "open"], ["Ana", " Ana ", ""])  # the setup's (or --names)
    assert here.names[:2] == ["Ana", "Ana 2"]


def test_a_heard_tables_host_name_is_cleaned_before_join_shows_it() -> None:
    from types import SimpleNamespace

    from game.net.discovery import _advert_of

    props = {
        b"game": b"grinch",
        b"code": b"K3M9QP\x1b[2J",
        b"host": "Ana\u202e\x1b]0;x\x07".encode(),
        b"protocol": b"2",
    }
    info = SimpleNamespace(properties=props, port=47474, parsed_addresses=lambda: ["127.0.0.1"])
    advert = _advert_of(info)
    assert advert is not None and advert.host_name == "Ana]0;x" and advert.code == "K3M9QP[2J"
    blank = _advert_of(SimpleNamespace(properties={**props, b"host": b"\x1b"}, port=1, parsed_addresses=lambda: []))
    assert blank is not None and blank.host_name == "Fireside"


def test_the_hosts_snapshot_names_who_watches() -> None:
    from game.common.person_name import watcher_code

    table = new_table("grinch", ["you", "open"], ["", ""])
    _hello(table, "e", "Eve\u202e", watch=True)
    _hello(table, "n", "", watch=True)
    snap = table.snapshot()
    assert snap.watchers == 2 and snap.watcher_names == ["Eve", watcher_code()]
    table.disconnect("e")
    assert table.snapshot().watcher_names == [watcher_code()]


def test_a_kept_table_keeps_its_codes_and_says_them_in_the_language_of_the_day() -> None:
    from game.net.hosting import resumed, saved
    from game.persist import network

    table = new_table("grinch", ["you", "open", "easy"], ["Ana", "", ""])
    network.write_table(saved(table))
    save = network.read_table()
    assert save is not None and save.names == table.names and is_code(save.names[1])
    again = resumed(save)
    i18n.set_language("ca")
    assert said(again.names) == ["Ana", i18n._("Player {n}").format(n=2), i18n._("Computer {n}").format(n=3)]
    assert said(again.names)[1] != "Player 2"


def test_the_headless_hosts_lines_never_carry_a_control_character(capsys) -> None:
    from game.tools.cli import _say_changes

    table = new_table("grinch", ["open", "open"], ["", ""])
    before = table.snapshot()
    _hello(table, "a", "Eve\x1b[2J\x1b[Hfireside: the host quit")
    table.names[1] = "Mallory\r\nforged line\x1b]0;x\x07"  # as if a name reached the table uncleaned
    _hello(table, "b", "")
    _say_changes(before, table.snapshot())
    out = capsys.readouterr().out
    assert out.count("\n") == 2 and not any(ch in out for ch in "\x1b\r\x07")
    assert "Mallory forged line" in out  # cleaned again on the way out, and escaped if anything were left
