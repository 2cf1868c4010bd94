"""Real sockets on 127.0.0.1: remote bot clients play whole games against a
host in its own thread; every byte each one receives is checked against the
seat's view; a different version is refused; a dropped seat comes back."""

from __future__ import annotations

import asyncio
import time

import pytest
from matrix import fast_lane, sample
from netkit import GAMES, Recorder, make_table

from game.net import protocol as p
from game.net.carrier import HostServer
from game.net.client import Client, play_bot

LOOPBACK = "127.0.0.1"


def _serve(game_id, humans, seed):
    session, table, states = make_table(game_id, humans, seed)
    server = HostServer(table, host=LOOPBACK).start()
    assert server.url.startswith(f"ws://{LOOPBACK}:")
    return session, table, states, server


def _play(server, states, seats, seed, recorder=None, timeout=60.0):
    async def main():
        bots = [
            play_bot(
                server.url,
                f"Bot{i}",
                seed=f"{seed}/{i}",
                on_message=None if recorder is None else (lambda c, raw: recorder.check(c.seat, raw, states)),
            )
            for i in range(seats)
        ]
        return await asyncio.wait_for(asyncio.gather(*bots), timeout)

    return asyncio.run(main())


@pytest.mark.parametrize("game_id", fast_lane(GAMES, "grinch"))
def test_remote_bots_play_a_whole_game_over_loopback(game_id):
    session, table, states, server = _serve(game_id, [True, False, True, True], seed=7)
    try:
        recorder = Recorder()
        clients = _play(server, states, 3, 7, recorder)
    finally:
        server.stop()
    assert session.over
    assert sorted(c.seat for c in clients) == [0, 2, 3]
    for client in clients:
        assert client.over and client.view == session.view(client.seat) and client.refusals == []
    assert recorder.views > 30 and recorder.mismatched == 0 and recorder.hidden_found == 0


@pytest.mark.slow
def test_three_hundred_recorded_games_over_loopback_send_no_hidden_card():
    recorder = Recorder()
    games = 0
    played = sample(range(300), 100, seed="loopback")  # every game, seat count and mix of humans
    for i in played:
        game_id = GAMES[i % 3]
        players = 3 + i % 4
        humans = [True] * players if i % 5 else [True] * (players - 1) + [False]
        session, _, states, server = _serve(game_id, humans, seed=1000 + i)
        try:
            _play(server, states, sum(humans), 1000 + i, recorder)
        finally:
            server.stop()
        assert session.over
        games += 1
    print(f"recorded {games} games over loopback: {recorder.messages} messages, {recorder.views} views,")
    print(f"{recorder.bytes} bytes; hidden cards found: {recorder.hidden_found}")
    assert games >= len(played) and recorder.hidden_found == 0 and recorder.mismatched == 0


def test_a_different_version_is_refused_over_the_wire_and_the_line_closed():
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    _, table, _, server = _serve("grinch", [True, True], seed=1)

    async def main():
        async with connect(server.url) as ws:
            await ws.send(p.encode(p.Hello(version="0.9", protocol=0, name="Joon")).decode())
            refused = p.decode(await asyncio.wait_for(ws.recv(), 5))
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 5)
            return refused

    try:
        refused = asyncio.run(main())
    finally:
        server.stop()
    assert isinstance(refused, p.Refused) and refused.code == "version"
    assert refused.text.startswith("Joon's Fireside is 0.9 — this table needs ")
    assert table.tokens == {}


def test_a_message_too_big_is_refused_and_a_huge_one_closes_the_line():
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    _, _, _, server = _serve("avalanche", [True, True], seed=1)

    async def main():
        async with connect(server.url, max_size=None) as ws:
            await ws.send("x" * (p.MAX_MESSAGE + 10))
            refused = p.decode(await asyncio.wait_for(ws.recv(), 5))
            await ws.send("x" * (4 * p.MAX_MESSAGE))
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 5)
            return refused

    try:
        refused = asyncio.run(main())
    finally:
        server.stop()
    assert isinstance(refused, p.Refused) and refused.code == "too_big"


@pytest.mark.parametrize("game_id", ["sticheln"])
def test_a_dropped_client_rejoins_its_seat_with_its_token_and_gets_the_current_view(game_id):
    session, table, states, server = _serve(game_id, [True, True, True], seed=5)
    rejoin: dict[str, float] = {}

    async def main():
        others = [asyncio.create_task(play_bot(server.url, f"Bot{i}", seed=i)) for i in range(2)]
        await asyncio.sleep(0.2)  # the others take seats 0 and 1
        dropped = await play_bot(server.url, "Bo", seed=2, drop_after=3)
        for _ in range(100):  # the host notices the line is gone
            if dropped.seat not in table.connected:
                break
            await asyncio.sleep(0.02)
        assert dropped.seat not in table.connected
        start = time.perf_counter()
        client = Client(server.url, "Bo", token=dropped.token).start()
        back = await asyncio.to_thread(client.wait, lambda s: s.view is not None, 5.0)
        rejoin["seconds"] = time.perf_counter() - start
        assert back and client.seat.seat == dropped.seat
        assert client.seat.moves >= dropped.moves
        assert client.wait(lambda s: s.my_turn, 5.0)  # the others wait for it: the view is the current one
        assert client.seat.view == session.view(dropped.seat) and client.seat.moves == len(session.match.moves)
        await asyncio.to_thread(client.close)
        assert client.seat.token != dropped.token  # the rejoin rotated the seat's key
        final = await play_bot(server.url, "Bo", seed=3, token=client.seat.token)
        await asyncio.wait_for(asyncio.gather(*others), 30)
        return final

    try:
        final = asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        server.stop()
    print(f"rejoin: seat back with its view in {rejoin['seconds'] * 1000:.0f} ms")
    assert rejoin["seconds"] <= 2.0
    assert session.over and final.over and final.seat == 2


def test_a_client_that_lost_its_line_dials_again_and_gets_its_seat_and_the_current_view():
    session, table, _, server = _serve("grinch", [True, True], seed=9)
    try:
        ana = Client(server.url, "Ana").start()
        assert ana.wait(lambda s: s.view is not None)
        seat, token = ana.seat.seat, ana.seat.token
        ana.close()
        assert not ana.online
        start = time.perf_counter()
        ana.reconnect()
        assert ana.wait(lambda s: s.welcomes == 2 and s.moves == len(session.match.moves) and s.connected == [0])
        took = time.perf_counter() - start
        assert ana.seat.seat == seat and ana.seat.view == session.view(seat)
        assert ana.seat.token != token  # a rejoin rotates the key
        assert took <= 2.0
        ana.close()
    finally:
        server.stop()


def test_a_line_that_never_says_hello_is_closed_and_the_strangers_are_bounded():
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    session, table, states = make_table("sticheln", [True, True, True], seed=1)
    server = HostServer(table, host=LOOPBACK, hello_timeout=0.3, max_lines=3).start()

    async def main():
        async with connect(server.url) as silent:
            start = time.perf_counter()
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(silent.recv(), 5)
            closed_after = time.perf_counter() - start
        lines = [await connect(server.url) for _ in range(4)]
        with pytest.raises(ConnectionClosed) as caught:  # room for the newest: the oldest stranger goes
            await asyncio.wait_for(lines[0].recv(), 5)
        await asyncio.wait_for(await lines[-1].ping(), 5)  # the newest is let in
        for line in lines:
            await line.close()
        return closed_after, caught.value.rcvd.code if caught.value.rcvd else None

    try:
        closed_after, code = asyncio.run(main())
    finally:
        server.stop()
    assert 0.2 <= closed_after < 3.0
    assert code == 1013


def test_two_tables_behind_one_port_play_to_the_end():
    from game.net.door import TableSet

    s1, t1, st1 = make_table("sticheln", [True, True, True], seed=4)
    s2, t2, st2 = make_table("grinch", [True, True], seed=4)
    server = HostServer(TableSet([t1, t2]), host=LOOPBACK).start()

    async def main():
        bots = [play_bot(server.url, f"A{i}", seed=i, code=t1.code) for i in range(3)]
        bots += [play_bot(server.url, f"B{i}", seed=i, code=t2.code) for i in range(2)]
        return await asyncio.wait_for(asyncio.gather(*bots), 60)

    try:
        seats = asyncio.run(main())
    finally:
        server.stop()
    assert s1.over and s2.over
    assert [c.game for c in seats] == ["sticheln"] * 3 + ["grinch"] * 2


def test_the_host_sends_its_messages_as_text_frames_the_very_bytes_of_the_view_uncompressed():
    from websockets.asyncio.client import connect

    from game.net.client import ClientSeat

    session, table, _states, server = _serve("sticheln", [True, True, True], seed=5)
    seat = ClientSeat("Ann")

    async def main():
        async with connect(server.url) as ws:  # offers permessage-deflate, as every client does
            await ws.send(seat.hello().decode())
            welcome, view = await ws.recv(), await ws.recv()
            seat.handle(welcome)
            expected = server.ask(lambda: table.view_bytes(seat.seat))  # while the line is still up
            return ws.protocol.extensions, welcome, view, expected

    try:
        extensions, welcome, view, expected = asyncio.run(main())
    finally:
        server.stop()
    assert isinstance(welcome, str) and isinstance(view, str)  # a client reads text, as ever
    assert extensions == []  # nothing negotiated: the frames carry the message's bytes as they are
    assert view.encode() == expected


def test_a_reader_slower_than_the_host_writes_gets_every_message_in_order():
    from websockets.asyncio.client import connect

    from game.net.door import TableSet

    server = HostServer(TableSet(), host=LOOPBACK).start()
    blob = "x" * 100_000  # a few dozen of these fill the socket, so the line's queue takes the rest
    messages = [f'{{"n":{i},"pad":"{blob}"}}'.encode() for i in range(120)]

    async def main():
        async with connect(server.url, max_size=2 * p.MAX_MESSAGE) as ws:
            for burst in range(3):  # the host writes at once, then queues, then writes at once again
                server.call(lambda b=burst: [(0, m) for m in messages[b * 40 : (b + 1) * 40]])
                await asyncio.sleep(0.05)
            return [int(raw.split(",")[0][5:]) for raw in [await ws.recv() for _ in messages]]

    try:
        got = asyncio.run(asyncio.wait_for(main(), 20))
    finally:
        server.stop()
    assert got == list(range(120))
