"""The host's core without sockets: joining, tokens, turns, rates, and a seat's
view carrying nothing but what that seat may see."""

from __future__ import annotations

import pytest
from matrix import fast_lane
from netkit import GAMES, Recorder, make_table, play_through_core

from game.net import protocol as p
from game.net.client import ClientSeat


def _join(table, conn, name="Ana", token=None):
    seat = ClientSeat(name, token)
    for to, data in table.receive(conn, seat.hello()):
        if to == conn and data is not None:
            seat.handle(data)
    return seat


def _refusal(outs, conn):
    found = [p.decode(d) for c, d in outs if c == conn and d is not None]
    assert found and isinstance(found[0], p.Refused), found
    return found[0]


def test_a_seat_joins_and_gets_a_secret_token_and_its_view():
    session, table, _ = make_table("sticheln", [True, True, True, True], seed=3)
    ana = _join(table, "a")
    bo = _join(table, "b", "Bo")
    assert (ana.seat, bo.seat) == (0, 1)
    assert ana.token and bo.token and ana.token != bo.token and len(ana.token) >= 24
    assert ana.code == table.code and len(table.code) == 6
    assert ana.view == session.view(0) and bo.view == session.view(1)
    assert bo.names[:2] == ["Ana", "Bo"]  # the names as they were at the welcome


@pytest.mark.parametrize("game_id", fast_lane(GAMES, "avalanche"))
def test_a_whole_game_through_the_core_sends_each_seat_only_its_view(game_id):
    session, table, states = make_table(game_id, [True, True, False, True], seed=11)
    recorder = Recorder()
    clients = play_through_core(table, states, 11, recorder)
    assert recorder.views > 50 and recorder.mismatched == 0 and recorder.hidden_found == 0
    for seat, client in clients.items():
        assert client.over and client.view == session.view(seat)


@pytest.mark.slow  # the fast lane records one whole game of each kind above
def test_thirty_recorded_games_find_no_hidden_card():
    recorder = Recorder()
    games = 0
    for i in range(30):
        game_id = GAMES[i % 3]
        humans = [True] * (3 + i % 3) if i % 2 else [True, False, True]
        _, table, states = make_table(game_id, humans, seed=100 + i)
        play_through_core(table, states, 100 + i, recorder)
        games += 1
    print(
        f"recorded {games} games, {recorder.views} views, {recorder.bytes} bytes: {recorder.hidden_found} hidden cards"
    )
    assert games == 30 and recorder.hidden_found == 0 and recorder.mismatched == 0


def test_a_move_only_from_the_seat_to_act_and_only_with_its_token():
    session, table, _ = make_table("grinch", [True, True, True], seed=5)
    seats = {c: _join(table, c) for c in ("a", "b", "c")}
    to_act = session.current
    actor = next(c for c, s in seats.items() if s.seat == to_act)
    other = next(c for c, s in seats.items() if s.seat != to_act)
    move = session.view(to_act).legal_moves()[0]
    before = session.match.state
    # another seat, its own token: not its turn
    assert _refusal(table.receive(other, seats[other].move(move)), other).code == "not_your_turn"
    # another seat's line with the actor's token (a replayed / stolen token): refused
    stolen = p.encode(p.MoveMsg(token=seats[actor].token, move=str(move), at=len(session.match.moves)))
    assert _refusal(table.receive(other, stolen), other).code == "bad_token"
    # the actor's line with a made-up token
    forged = p.encode(p.MoveMsg(token="x" * 32, move=str(move), at=len(session.match.moves)))
    assert _refusal(table.receive(actor, forged), actor).code == "bad_token"
    # a line that never said hello
    assert _refusal(table.receive("z", seats[actor].move(move)), "z").code == "hello_first"
    assert session.match.state is before
    outs = table.receive(actor, seats[actor].move(move))
    assert session.match.state is not before
    assert {c for c, _ in outs} == {"a", "b", "c"}  # everyone hears the move


def test_an_illegal_move_comes_back_with_the_rules_code():
    session, table, _ = make_table("sticheln", [True, True, True], seed=2)
    seats = {c: _join(table, c) for c in ("a", "b", "c")}
    actor = next(c for c, s in seats.items() if s.seat == session.current)
    token = seats[actor].token
    garbage = _refusal(
        table.receive(actor, p.encode(p.MoveMsg(token=token, move="no such card", at=len(session.match.moves)))), actor
    )
    assert garbage.code == "notation"
    legal = {str(m) for m in session.view(session.current).legal_moves()}
    mine = {str(c) for c in session.match.state.hand(seats[actor].seat)}
    other = next(str(c) for s in range(3) if s != seats[actor].seat for c in session.match.state.hand(s))
    assert other not in mine
    verb = str(session.view(session.current).legal_moves()[0]).split()[0]  # "pain" or "play"
    refused = _refusal(
        table.receive(actor, p.encode(p.MoveMsg(token=token, move=f"{verb} {other}", at=len(session.match.moves)))),
        actor,
    )
    assert refused.code != "notation" and other not in legal


def test_the_table_is_full_and_a_second_hello_is_refused():
    _, table, _ = make_table("avalanche", [True, False, True], seed=1)
    _join(table, "a")
    _join(table, "b")
    again = ClientSeat("Ana")
    assert _refusal(table.receive("a", again.hello()), "a").code == "already_joined"
    assert _refusal(table.receive("c", ClientSeat("Cy").hello()), "c").code == "table_full"


def test_a_different_version_is_refused_in_words_that_say_whose(monkeypatch):
    _, table, _ = make_table("sticheln", [True, True, True], seed=1)
    hello = p.encode(p.Hello(version="0.9", protocol=p.PROTOCOL + 1, name="Joon"))
    outs = table.receive("j", hello)
    refused = _refusal(outs, "j")
    assert refused.code == "version"
    assert refused.text == f"Joon's Fireside is 0.9 — this table needs {p.__version__}."
    assert refused.params["needs"] == p.PROTOCOL
    assert ("j", None) in outs  # and the line is closed
    assert table.tokens == {}


def test_a_flood_is_refused_once_then_ignored_until_the_rate_refills():
    now = [0.0]
    _, table, _ = make_table("grinch", [True, True], seed=1, rate=10.0, burst=5.0, clock=lambda: now[0])
    seat = _join(table, "a")
    chat = seat.say("hi")
    answers = [table.receive("a", chat) for _ in range(20)]
    refusals = [p.decode(d) for outs in answers for _, d in outs if d and isinstance(p.decode(d), p.Refused)]
    assert [r.code for r in refusals] == ["too_fast"]
    assert sum(1 for outs in answers if not outs) >= 10  # the rest: silence, not an answer each
    now[0] += 1.0
    assert any(isinstance(p.decode(d), p.Chat) for _, d in table.receive("a", chat) if d)


def test_a_dropped_seat_rejoins_with_its_token_and_gets_the_current_view():
    session, table, states = make_table("sticheln", [True, True, True], seed=8)
    seats = {c: _join(table, c) for c in ("a", "b", "c")}
    for _ in range(10):  # a few moves
        actor = next(c for c, s in seats.items() if s.seat == session.current)
        for c, d in table.receive(actor, seats[actor].move(session.view(session.current).legal_moves()[0])):
            if d is not None:
                seats[c].handle(d)
    assert table.disconnect("b") and 1 not in table.connected
    back = _join(table, "b2", "Bo", token=seats["b"].token)
    assert back.seat == 1 and back.view == session.view(1) and back.moves == len(session.match.moves)
    assert 1 in table.connected
    # a stranger with a made-up token gets nothing
    assert _refusal(table.receive("x", ClientSeat("X", "nope").hello()), "x").code == "bad_token"


def test_rejoining_on_a_new_line_closes_the_stale_one():
    _, table, _ = make_table("grinch", [True, True], seed=3)
    ana = _join(table, "a")
    outs = table.receive("a2", ClientSeat("Ana", ana.token).hello())
    assert ("a", None) in outs and table.seat_conn[ana.seat] == "a2"


def test_chat_goes_to_every_seat_with_who_said_it_and_long_lines_are_refused():
    _, table, _ = make_table("avalanche", [True, True], seed=3)
    ana, bo = _join(table, "a"), _join(table, "b")
    outs = table.receive("a", ana.say("Good game!"))
    lines = [(c, p.decode(d)) for c, d in outs]
    assert {c for c, _ in lines} == {"a", "b"} and all(m.seat == ana.seat and m.text == "Good game!" for _, m in lines)
    long_line = p.encode(p.Chat(text="x" * (p.MAX_CHAT + 1), token=bo.token))
    assert _refusal(table.receive("b", long_line), "b").code == "chat_too_long"


def test_bye_frees_the_line_but_keeps_the_seat_for_its_token():
    _, table, _ = make_table("grinch", [True, True], seed=3)
    ana = _join(table, "a")
    outs = table.receive("a", ana.bye())
    assert ("a", None) in outs and table.connected == []
    assert _join(table, "a3", token=ana.token).seat == ana.seat


def test_one_door_for_several_tables_the_hello_names_the_table_by_code():
    from game.net.door import TableSet

    s1, t1, _ = make_table("grinch", [True, True], seed=1, code="AAAAAA")
    s2, t2, _ = make_table("avalanche", [True, True], seed=2, code="BBBBBB")
    door = TableSet([t1, t2])
    ana = ClientSeat("Ana", code="bbbbbb")  # a code typed in lower case still finds its table
    for _, data in door.receive("a", ana.hello()):
        ana.handle(data)
    assert ana.game == "avalanche" and ana.code == "BBBBBB" and ana.view == s2.view(ana.seat)
    nowhere = door.receive("x", ClientSeat("X", code="ZZZZZZ").hello())
    assert p.decode(nowhere[0][1]).code == "no_such_table"
    unnamed = door.receive("y", ClientSeat("Y").hello())  # two tables: the code is needed
    assert p.decode(unnamed[0][1]).code == "no_such_table"
    old = door.receive("j", p.encode(p.Hello(version="0.9", protocol=0, name="Joon", code="nope")))
    assert p.decode(old[0][1]).code == "version" and ("j", None) in old
    assert door.receive("z", ana.move("x"))[0][0] == "z"  # a line with no table yet: hello first
    door.disconnect("a")
    assert ana.seat not in t2.connected and t2.tokens  # the seat waits for its token
    with pytest.raises(ValueError):
        door.add(t1)


def test_a_table_that_asks_for_its_code_lets_in_only_who_knows_it_and_rejoins_by_token():
    _, table, _ = make_table("grinch", [True, True], seed=3, code="K7QX2M", require_code=True)
    stranger = table.receive("s", ClientSeat("S").hello())
    assert p.decode(stranger[0][1]).code == "no_such_table" and table.tokens == {}
    ana = _join(table, "a")
    assert ana.seat is None
    ana = ClientSeat("Ana", code="k7qx2m")
    for _, data in table.receive("a", ana.hello()):
        ana.handle(data)
    assert ana.seat == 0
    back = _join(table, "a2", token=ana.token)  # the token alone brings the seat back
    assert back.seat == 0


def test_only_a_window_keeps_the_views_in_order():
    """A bare seat (a bot, the bench's 400) keeps no backlog of views for the
    garbage collector to walk; a window's `Client` keeps them until shown."""
    from game.net.client import INBOX, Client

    _session, table, _ = make_table("sticheln", [True, True, True], seed=3)
    bot = _join(table, "a")
    assert bot.view is not None and len(bot.inbox) == 0
    assert Client("ws://127.0.0.1:9", "Bo").seat.inbox.maxlen == INBOX


def test_calls_waiting_for_the_host_worker_go_to_it_together_in_order_and_a_failing_one_tells_only_its_caller():
    import asyncio

    from game.net.carrier import HostServer
    from game.net.door import TableSet

    server = HostServer(TableSet()).start()
    hops = 0
    submit = server._worker.submit

    def counted(*args, **kwargs):
        nonlocal hops
        hops += 1
        return submit(*args, **kwargs)

    server._worker.submit = counted
    seen = []

    def call(i):
        if i == 7:
            raise ValueError("seven")
        seen.append(i)
        return []

    async def many():
        return await asyncio.gather(*(server._do(call, i) for i in range(40)), return_exceptions=True)

    try:
        assert server._loop is not None
        answers = asyncio.run_coroutine_threadsafe(many(), server._loop).result(5)
    finally:
        server.stop()
    assert seen == [i for i in range(40) if i != 7]
    assert isinstance(answers[7], ValueError) and answers[:7] + answers[8:] == [None] * 39
    assert hops <= 2  # one hop between the threads for all forty, not one each


def test_a_line_takes_a_message_at_once_only_with_nothing_queued_and_nothing_unsent():
    import asyncio

    from game.net.carrier import SEND_QUEUE, HostServer
    from game.net.door import TableSet

    class Transport:
        unsent = 0

        def get_write_buffer_size(self):
            return self.unsent

    class Line:
        transport = Transport()

    server = HostServer(TableSet())  # not started: `_send` alone
    written = []
    server._broadcast = lambda lines, data, text: written.append(data)
    queue = asyncio.Queue(SEND_QUEUE)
    server._queues[0], server._lines[0] = queue, Line()
    server._send([(0, b"a")])
    Line.transport.unsent = 100  # the socket did not take it all: the writer's queue, with its backpressure
    server._send([(0, b"b")])
    Line.transport.unsent = 0
    server._send([(0, b"c"), (0, None)])  # behind "b" still, and the close behind them
    assert written == [b"a"]
    assert [queue.get_nowait() for _ in range(queue.qsize())] == [b"b", b"c", None]
    server._send([(0, b"d"), (1, b"to a line that is gone")])
    assert written == [b"a", b"d"]


def test_a_move_made_on_an_old_view_is_refused_stale_even_when_legal_now():
    session, table, _ = make_table("sticheln", [True, True, True], seed=4)
    seats = {c: _join(table, c) for c in ("a", "b", "c")}
    actor = next(c for c, s in seats.items() if s.seat == session.current)
    move = session.view(session.current).legal_moves()[0]
    at = len(session.match.moves)
    before = session.match.state
    for old in (at - 1, at + 1):
        refused = _refusal(table.receive(actor, seats[actor].move(move, at=old)), actor)
        assert refused.code == "stale" and refused.params == {"at": old, "moves": at}
        assert refused.to_kind == "move" and refused.to_id == seats[actor].pending.id
    assert session.match.state is before
    table.receive(actor, seats[actor].move(move, at=at))
    assert len(session.match.moves) == at + 1


def test_a_refusal_names_the_message_it_answers_and_a_chats_too_fast_is_not_the_moves():
    clock = [0.0]
    session, table, _ = make_table("grinch", [True, True, True], seed=5, rate=1.0, burst=3.0, clock=lambda: clock[0])
    seats = {c: _join(table, c) for c in ("a", "b", "c")}
    actor = next(c for c, s in seats.items() if s.seat == session.current)
    me = seats[actor]
    table.receive(actor, me.say("hi"))
    table.receive(actor, me.say("hi"))
    chat_refused = _refusal(table.receive(actor, me.say("hi")), actor)
    assert chat_refused.code == "too_fast" and chat_refused.to_kind == "chat" and chat_refused.to_id == me.sent
    me.handle(p.encode(chat_refused))
    # a move sent while over the rate is refused too, by name (its window waits for that answer)
    move = session.view(session.current).legal_moves()[0]
    move_refused = _refusal(table.receive(actor, me.move(move)), actor)
    assert move_refused.code == "too_fast" and move_refused.to_kind == "move" and move_refused.to_id == me.sent
    assert me.move_in_flight
    me.handle(p.encode(chat_refused))  # the chat's refusal again: the move stays in flight
    assert me.move_in_flight
    me.handle(p.encode(move_refused))
    assert not me.move_in_flight
    welcome = p.decode(table.receive("z", ClientSeat("Zed").hello())[0][1])
    assert isinstance(welcome, p.Refused) and welcome.to_kind == "hello"  # the table is full: the hello's refusal


def _deliver(outs, seats):
    for conn, data in outs:
        if data is not None and conn in seats:
            seats[conn].handle(data)


def test_a_move_lost_with_its_line_is_sent_again_after_the_rejoin_and_the_seat_moves_on():
    session, table, _ = make_table("sticheln", [True, True, True], seed=8)
    seats = {c: _join(table, c) for c in ("a", "b", "c")}
    actor = next(c for c, s in seats.items() if s.seat == session.current)
    me = seats[actor]
    at = len(session.match.moves)
    me.move(me.view.legal_moves()[0], at=at)  # the bytes never reach the host: the line broke
    assert me.move_in_flight
    _deliver(table.disconnect(actor), seats)
    assert me.move_in_flight  # it waits for the rejoin, not for ever
    line = actor + "2"
    seats[line] = me
    _deliver(table.receive(line, me.hello()), seats)
    again = me.take_again()
    assert again is not None and me.take_again() is None  # once
    _deliver(table.receive(line, again), seats)
    assert len(session.match.moves) == at + 1 and not me.move_in_flight


def test_a_move_taken_before_its_line_broke_is_not_sent_again():
    session, table, _ = make_table("sticheln", [True, True, True], seed=8)
    seats = {c: _join(table, c) for c in ("a", "b", "c")}
    actor = next(c for c, s in seats.items() if s.seat == session.current)
    me = seats[actor]
    at = len(session.match.moves)
    table.receive(actor, me.move(me.view.legal_moves()[0], at=at))  # taken; its view lost with the line
    assert len(session.match.moves) == at + 1 and me.move_in_flight
    table.disconnect(actor)
    seats[actor + "2"] = me
    _deliver(table.receive(actor + "2", me.hello()), seats)
    assert me.take_again() is None and not me.move_in_flight  # the view is past it: answered
    assert len(session.match.moves) == at + 1
