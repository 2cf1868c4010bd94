"""After a drop: a rejoin's welcome tells the moves missed (each as that line may
see them: a spectator's the public side) and the table's last chat lines; the
players' views name who watches.  Recorded: no welcome carries a card its line
may not see.  The host's core without sockets, and one line over 127.0.0.1."""

from __future__ import annotations

import json
import random
import time

import msgspec
import pytest
from netkit import GAMES, _strings, make_table

from game.net import protocol as p
from game.net.carrier import HostServer
from game.net.client import Client, ClientSeat
from game.rules.core import PUBLIC, scrub_events


def _hello(table, conn, name="Ana", token=None, watch=False, seen=None):
    seat = ClientSeat(name, token, watch=watch)
    seat.moves = -1 if seen is None else seen
    raw = seat.hello()
    welcome = None
    for to, data in table.receive(conn, raw):
        if to == conn and data is not None:
            message = seat.handle(data)
            if isinstance(message, p.Welcome):
                welcome = data
    return seat, welcome


def _play(session, moves: int, rng: random.Random) -> None:
    """`moves` moves of whoever is to act, played on the host's session (as the table takes them)."""
    for _ in range(moves):
        if session.over:
            return
        seat = session.current
        session.offer(seat, rng.choice(session.view(seat).legal_moves()))


def _check_missed(session, seat: int, raw: bytes, since: int) -> int:
    """The welcome's missed moves are exactly the host's, each scrubbed for `seat`
    (`PUBLIC`: a spectator); a secret event of another seat carries no card.  Returns
    how many cards the check found that the line may not see (must be 0)."""
    welcome = p.decode(raw)
    assert isinstance(welcome, p.Welcome)
    match = session.match
    now = len(match.moves)
    assert [m.moves for m in welcome.missed] == list(range(max(since, now - p.MAX_MISSED) + 1, now + 1))
    leaked = 0
    for missed in welcome.missed:
        full = match.state_after(missed.moves).events
        expected = [e.to_json() for e in scrub_events(full, seat)]
        assert [msgspec.to_builtins(e) for e in missed.events] == expected
        assert missed.seat == match.moves[missed.moves - 1][0]
        for sent, event in zip(missed.events, full, strict=True):
            if event.secret and event.seat != seat:
                leaked += sum(c is not None for c in sent.cards)
    # and no card another seat holds now is named more often than the scrubbed events name it
    state = match.state
    hidden = {str(c) for other in range(state.num_players) if other != seat for c in state.hand(other)}
    allowed = [s for m in welcome.missed for s in _strings(msgspec.to_builtins(m.events)) if s in hidden]
    on_wire = [s for s in _strings(json.loads(raw)) if s in hidden]
    leaked += max(0, len(on_wire) - len(allowed))
    return leaked


@pytest.mark.parametrize("game_id", GAMES)
def test_a_rejoin_is_told_the_moves_it_missed_as_its_seat_may_see_them(game_id):
    session, table, _ = make_table(game_id, [True, True, True], seed=21)
    ana, _ = _hello(table, "a", "Ana")
    _hello(table, "b", "Bo")
    _hello(table, "c", "Cy")
    rng = random.Random(4)
    _play(session, 3, rng)
    seen = len(session.match.moves)
    table.disconnect("a")
    _play(session, 9, rng)
    back, raw = _hello(table, "a2", "Ana", token=ana.token, seen=seen)
    assert back.seat == 0 and raw is not None
    assert [m.moves for m in back.missed] == list(range(seen + 1, len(session.match.moves) + 1))
    assert _check_missed(session, 0, raw, seen) == 0


def test_a_rejoin_without_a_count_is_told_the_moves_since_the_last_view_sent_to_it():
    session, table, _ = make_table("grinch", [True, True], seed=5)
    ana, _ = _hello(table, "a", "Ana")
    _hello(table, "b", "Bo")
    rng = random.Random(1)
    _play(session, 2, rng)
    sent = len(session.match.moves)
    table.disconnect("a")
    _play(session, 4, rng)
    back, raw = _hello(table, "a2", "Ana", token=ana.token)  # a window opened anew: it knows no count
    assert [m.moves for m in back.missed] == list(range(sent + 1, len(session.match.moves) + 1))
    assert _check_missed(session, 0, raw, sent) == 0


def test_only_the_latest_missed_moves_come_and_a_newcomer_gets_none():
    session, table, _ = make_table("sticheln", [True, True, True], seed=9)
    ana, _ = _hello(table, "a", "Ana")
    _hello(table, "b", "Bo")
    table.disconnect("a")
    _play(session, p.MAX_MISSED + 6, random.Random(2))
    back, raw = _hello(table, "a2", "Ana", token=ana.token, seen=0)
    assert len(back.missed) == p.MAX_MISSED and back.missed[-1].moves == len(session.match.moves)
    assert _check_missed(session, 0, raw, 0) == 0
    cy, _ = _hello(table, "c", "Cy", seen=0)  # a new seat, whatever it says it saw: nothing to catch up on
    assert cy.seat == 2 and cy.missed == []


@pytest.mark.parametrize("game_id", GAMES)
def test_a_spectator_back_after_a_drop_is_told_only_the_public_side_of_what_it_missed(game_id):
    session, table, _ = make_table(game_id, [True, True, True], seed=33)
    for conn, name in (("a", "Ana"), ("b", "Bo"), ("c", "Cy")):
        _hello(table, conn, name)
    rng = random.Random(8)
    _play(session, 2, rng)
    eve, _ = _hello(table, "e", "Eve", watch=True)
    seen = len(session.match.moves)
    table.disconnect("e")
    _play(session, 12, rng)
    again, raw = _hello(table, "e2", "Eve", watch=True, seen=seen)
    assert again.watching and len(again.missed) == len(session.match.moves) - seen
    assert _check_missed(session, PUBLIC, raw, seen) == 0
    # every secret event in it is face down (the public side), whoever made it
    full = [e for m in again.missed for e in session.match.state_after(m.moves).events]
    sent = [e for m in again.missed for e in m.events]
    assert any(e.secret for e in full) or game_id != "grinch"  # (Grinch draws in secret)
    assert all(all(c is None for c in s.cards) for s, e in zip(sent, full, strict=True) if e.secret)


def test_recorded_rejoins_over_many_games_carry_no_card_the_line_may_not_see():
    leaked = rejoins = 0
    for i in range(6):
        game_id = GAMES[i % 3]
        session, table, _ = make_table(game_id, [True] * (3 + i % 2), seed=200 + i)
        seats = {f"s{s}": _hello(table, f"s{s}", f"P{s}")[0] for s in range(3 + i % 2)}
        _hello(table, "w", "Eve", watch=True)
        rng = random.Random(i)
        while not session.over:
            gone = rng.choice(sorted(seats))
            seen = len(session.match.moves)
            table.disconnect(gone)
            table.disconnect("w")
            _play(session, rng.randrange(1, 15), rng)
            seat = seats[gone]
            back, raw = _hello(table, gone, f"P{seat.seat}", token=seat.token, seen=seen)
            seats[gone] = back
            leaked += _check_missed(session, back.seat, raw, seen)
            _, raw = _hello(table, "w", "Eve", watch=True, seen=seen)
            leaked += _check_missed(session, PUBLIC, raw, seen)
            rejoins += 2
    print(f"{rejoins} recorded rejoins: {leaked} hidden cards")
    assert rejoins > 100 and leaked == 0


def test_the_welcome_brings_the_tables_last_chat_lines_numbered_and_a_window_keeps_each_once():
    session, table, _ = make_table("grinch", [True, True], seed=3)
    ana, _ = _hello(table, "a", "Ana")
    bo, _ = _hello(table, "b", "Bo")
    for i in range(p.CHAT_KEPT + 5):
        for to, data in table.receive("b", bo.say(f"line {i}")):
            if to == "a" and data is not None:
                ana.handle(data)
    assert [c.id for c in ana.chat] == list(range(1, p.CHAT_KEPT + 6))
    table.disconnect("a")
    table.receive("b", bo.say("while Ana was away"))
    notice = table.notice("not_saved")
    assert notice and p.decode(notice[0][1]).id == p.CHAT_KEPT + 7
    # the same window back: only the lines it has not heard are added
    raw = next(d for c, d in table.receive("a2", ana.hello()) if c == "a2" and d is not None)
    ana.handle(raw)
    welcome = p.decode(raw)
    assert isinstance(welcome, p.Welcome) and len(welcome.chat) == p.CHAT_KEPT
    assert [c.text for c in ana.chat[-2:]] == ["while Ana was away", welcome.chat[-1].text]
    assert ana.chat[-1].phrase == "not_saved" and ana.chat[-1].seat is None
    assert len(ana.chat) == p.CHAT_KEPT + 7
    # a new window (a spectator) gets the last CHAT_KEPT lines, numbered, the notice with them
    eve, _ = _hello(table, "e", "Eve", watch=True)
    assert [c.id for c in eve.chat] == list(range(8, p.CHAT_KEPT + 8))


def test_a_welcome_too_big_drops_the_oldest_missed_moves_then_chat_lines_to_fit():
    session, table, _ = make_table("sticheln", [True, True, True], seed=9)
    ana, _ = _hello(table, "a", "Ana")
    bo, _ = _hello(table, "b", "Bo")
    for _ in range(p.CHAT_KEPT):
        table.receive("b", bo.say("x" * p.MAX_CHAT))
    table.disconnect("a")
    _play(session, p.MAX_MISSED, random.Random(3))
    welcome = p.Welcome(
        seat=0, token="t", code="c", game="sticheln", names=[], missed=table.missed(0, 0) * 40
    )  # far more than a message holds
    raw = table._welcome(welcome)
    assert len(raw) <= p.MAX_MESSAGE
    decoded = p.decode(raw)
    assert isinstance(decoded, p.Welcome) and decoded.missed[-1] == welcome.missed[-1]


def test_the_players_views_name_who_watches_and_forget_who_left():
    session, table, _ = make_table("grinch", [True, True], seed=3)
    ana, _ = _hello(table, "a", "Ana")
    _hello(table, "b", "Bo")

    def seen_by_ana(outs):
        views = [p.decode(d) for c, d in outs if c == "a" and d is not None]
        return [v.watchers for v in views if isinstance(v, p.ViewMsg)]

    outs = table.receive("e", ClientSeat("Eve\u202e", watch=True).hello())
    assert seen_by_ana(outs) == [["Eve"]]  # told at once, the name cleaned
    outs = table.receive("f", ClientSeat("", watch=True).hello())
    assert seen_by_ana(outs)[-1][0] == "Eve" and len(seen_by_ana(outs)[-1]) == 2
    assert seen_by_ana(table.disconnect("e"))[-1] == seen_by_ana(outs)[-1][1:]
    bye = ClientSeat("x", watch=True)
    bye.token = table.watchers["f"]
    assert seen_by_ana(table.receive("f", bye.bye())) == [[]]


def test_a_window_whose_line_dropped_is_told_the_moves_it_missed_over_the_wire():
    session, table, _ = make_table("grinch", [True, True], seed=12)
    server = HostServer(table, host="127.0.0.1").start()
    try:
        ana = Client(server.url, "Ana", retry=True).start()
        bo = Client(server.url, "Bo").start()
        assert ana.wait(lambda s: s.view is not None, 10) and bo.wait(lambda s: s.view is not None, 10)
        bo.say("hello Ana")
        assert ana.wait(lambda s: len(s.chat) == 1, 5)
        ana.retry_for = 30.0
        real, ana.url = ana.url, "ws://127.0.0.1:9"  # its line breaks, and dialling fails a while
        ana.drop()
        assert ana.wait(lambda s: not ana.online, 5)
        seen = ana.seat.moves
        rng = random.Random(1)
        for _ in range(6):  # the game goes on without Ana: her own moves too (a computer would play them)
            server.call(lambda: (_play(table.session, 1, rng), table.take_outbox())[1])
        bo.say("where did Ana go")
        time.sleep(0.05)
        ana.url = real
        assert ana.wait(lambda s: s.moves == len(table.session.match.moves) and s.welcomes == 2, 15)
        assert [m.moves for m in ana.seat.missed] == list(range(seen + 1, len(table.session.match.moves) + 1))
        assert [c.text for c in ana.seat.chat] == ["hello Ana", "where did Ana go"]
    finally:
        server.stop()
