"""Tables through a relay (issue 34): the host dials out, friends join with the
invite, every message sealed end to end; the relay reads nothing of the game
and a relay that meddles gets the line refused."""

from __future__ import annotations

import asyncio

import pytest
from e2e_relay import TestRelay
from netkit import GAMES, Recorder, make_table

from game.net import seal
from game.net.carrier import HostServer
from game.net.client import Client, play_bot
from game.net.invite import Invite
from game.net.relayed import RelayRefused, open_line

LOOPBACK = "127.0.0.1"


def _host(relay, game_id, humans, seed, *, direct=False, **kwargs):
    session, table, states = make_table(game_id, humans, seed, **kwargs)
    invite = Invite.new(relay.url)
    server = HostServer(table, host=LOOPBACK, relay=invite)
    server.direct = None if direct else []  # [] : offer no address, every friend goes through the relay
    server.start()
    return session, table, states, server, invite


def _wait_registered(server, timeout=10.0):
    async def main():
        for _ in range(int(timeout / 0.02)):
            if server.relay_host is not None and server.relay_host.registered:
                return True
            await asyncio.sleep(0.02)
        return False

    assert asyncio.run(main()), "the host never registered at the relay"


class _Kept(Recorder):
    """The recorder that also keeps every plaintext message the bots were sent."""

    def __init__(self) -> None:
        super().__init__()
        self.plain: list[bytes] = []

    def check(self, seat, raw, states) -> None:
        self.plain.append(raw.encode() if isinstance(raw, str) else raw)
        super().check(seat, raw, states)


def _shared_runs(received: list[bytes], plain: list[bytes], run: int = 12) -> int:
    """Bytes of plaintext found in what the relay received: every `run`-byte piece of every
    message the game sent, looked for among all the relay's `run`-byte pieces."""
    pieces = {frame[i : i + run] for frame in received for i in range(len(frame) - run + 1)}
    seen = 0
    for message in plain:
        seen += sum(run for i in range(0, len(message) - run + 1, run // 2) if message[i : i + run] in pieces)
    return seen


def _play(invite, seats, seed, states=None, recorder=None, names=None, timeout=120.0):
    async def main():
        bots = [
            play_bot(
                invite.link(),
                (names or [f"Bot{i}" for i in range(seats)])[i],
                seed=f"{seed}/{i}",
                on_message=None if recorder is None else (lambda c, raw: recorder.check(c.seat, raw, states)),
            )
            for i in range(seats)
        ]
        return await asyncio.wait_for(asyncio.gather(*bots), timeout)

    return asyncio.run(main())


def _plaintext_seen(received: list[bytes], words: set[str]) -> int:
    """Bytes of game words found anywhere in what the relay received (words of 5 bytes or more:
    a shorter one turns up in random ciphertext by chance; `_shared_runs` covers the rest)."""
    blob = b"".join(received)
    return sum(blob.count(w.encode()) * len(w.encode()) for w in words if len(w.encode()) >= 5)


@pytest.mark.parametrize("game_id", [pytest.param(g, marks=[] if g == "grinch" else [pytest.mark.slow]) for g in GAMES])
def test_a_whole_game_through_the_relay_shows_it_no_plaintext(game_id):
    with TestRelay() as relay:
        session, _table, states, server, invite = _host(relay, game_id, [True, False, True, True], seed=5)
        try:
            _wait_registered(server)
            recorder = _Kept()
            names = ["Annabel", "Bertrand", "Cosima"]
            clients = _play(invite, 3, 5, states, recorder, names)
        finally:
            server.stop()
    assert session.over
    assert sorted(c.seat for c in clients) == [0, 2, 3]
    for client in clients:
        assert client.over and client.view == session.view(client.seat) and client.refusals == []
    assert recorder.views > 30 and recorder.mismatched == 0 and recorder.hidden_found == 0
    # the secret never reached the relay; nor did one name, one card or one protocol word
    blob = b"".join(relay.received)
    assert invite.link().split("#")[1].encode() not in blob and invite.secret not in blob
    cards = {str(c) for s in range(4) for c in states[0].hand(s)}
    words = set(names) | cards | {'"kind":"view"', '"kind":"hello"', '"name":'}
    assert _plaintext_seen(relay.received, words) == 0
    assert _shared_runs(relay.received, recorder.plain) == 0  # not one 12-byte piece of any message
    assert len(blob) > 10_000 and len(recorder.plain) > 30  # the game did go through it


def test_a_window_client_through_the_relay_chats_and_the_relay_reads_none_of_it():
    with TestRelay() as relay:
        session, _table, _states, server, invite = _host(relay, "sticheln", [True, True, False], seed=3)
        try:
            _wait_registered(server)
            client = Client(invite.link(), "Philippa").start()
            try:
                assert client.wait(lambda seat: seat.seat is not None, 10)
                assert client.path == "relay"
                client.say("the zebra quartet sings")
                assert client.wait(lambda seat: any("zebra" in str(c) for c in seat.chat), 10)
            finally:
                client.close()
        finally:
            server.stop()
    blob = b"".join(relay.received)
    assert b"zebra" not in blob and b"Philippa" not in blob and b"hello" not in blob


def test_a_friend_with_another_secret_for_the_same_table_is_refused():
    with TestRelay() as relay:
        _session, _table, _states, server, invite = _host(relay, "sticheln", [True, False, True], seed=2)
        try:
            _wait_registered(server)
            forged = Invite(invite.relay, b"\x00" * 32)
            forged = type("Forged", (), {"relay": invite.relay, "table": invite.table, "secret": forged.secret})()

            async def main():
                async with open_line(forged):
                    pass

            with pytest.raises(RelayRefused, match="changed a message"):
                asyncio.run(main())
        finally:
            server.stop()


def test_no_table_is_a_plain_refusal():
    with TestRelay() as relay:
        invite = Invite.new(relay.url)

        async def main():
            async with open_line(invite):
                pass

        with pytest.raises(RelayRefused, match="(?i)no table") as caught:
            asyncio.run(main())
        assert caught.value.code == "no_table"


def _meddler(kind: str, direction: str, after: int = 6):
    """A relay gone bad: after `after` frames one way on line 1, it alters, drops, replays or swaps one."""
    seen: list[int] = [0]
    held: list[bytes] = []

    def meddle(way: str, line: int, payload: bytes) -> list[bytes]:
        if way != direction or line != 1:
            return [payload]
        seen[0] += 1
        if seen[0] != after and not held:
            return [payload]
        if kind == "alter":
            return [payload[:-1] + bytes([payload[-1] ^ 1])]
        if kind == "drop":
            return []
        if kind == "replay":
            return [payload, payload]
        if kind == "reorder":
            if not held:
                held.append(payload)
                return []
            return [payload, held.pop()]
        raise AssertionError(kind)

    return meddle


MEDDLING = [
    pytest.param(kind, way, marks=[] if (kind, way) == ("alter", "to_friend") else [pytest.mark.slow])
    for kind in ("alter", "drop", "replay", "reorder")
    for way in ("to_friend", "to_host")
]


@pytest.mark.parametrize(("kind", "direction"), MEDDLING)
def test_a_relay_that_meddles_gets_the_line_refused(kind, direction):
    with TestRelay(_meddler(kind, direction)) as relay:
        session, _table, _states, server, invite = _host(relay, "sticheln", [True, True, True], seed=4)
        try:
            _wait_registered(server)
            client = Client(invite.link(), "Ana").start()  # line 1: the one meddled with
            assert client.wait(lambda seat: seat.seat is not None, 10)
            friend2 = Client(invite.link(), "Ben").start()
            try:
                assert friend2.wait(lambda seat: seat.seat is not None, 10)
                for i in range(8):  # enough frames both ways to reach the meddled one
                    try:
                        client.say(f"line check {i}")
                    except RuntimeError:
                        break
                    client.wait(
                        lambda seat, i=i: not client.online or any(f"check {i}" in str(c) for c in seat.chat), 5
                    )
                assert client.wait(lambda seat: not client.online, 10)
                if direction == "to_friend":
                    assert client.refused == seal.REFUSED_TEXT
                else:  # the host refused it and asked the relay to close it
                    assert server.relay_host.refusals == 1
                # the other friend's line is untouched
                friend2.say("still here")
                assert friend2.wait(lambda seat: any("still here" in str(c) for c in seat.chat), 10)
            finally:
                client.close()
                friend2.close()
        finally:
            server.stop()


def test_a_friend_at_home_goes_direct_one_elsewhere_through_the_relay_and_the_host_knows_which():
    """Deliverable 4: the host offers its own addresses over the sealed line; a friend who can
    reach one dials it (no choice made by the player), one who can't stays on the relay."""
    from game.net import hosting as net

    with TestRelay() as relay:
        table = net.new_table("sticheln", ["open", "open", "open"], ["", "", ""], 3)
        invite = Invite.new(relay.url)
        hosting = net.Hosting(table, bind=LOOPBACK, port=0, keep=False, relay=invite).start()
        try:
            _wait_registered(hosting.server)
            hosting.server.direct = ["127.0.0.1"]  # the home network: reachable from the first friend
            near = Client(invite.link(), "Near").start()
            assert near.wait(lambda seat: seat.seat is not None, 10)
            hosting.server.direct = ["127.0.0.2"]  # another home: the host's address answers nobody there
            far = Client(invite.link(), "Far").start()
            assert far.wait(lambda seat: seat.seat is not None, 10)
            try:
                assert (near.path, far.path) == ("direct", "relay")
                assert hosting.path(near.seat.seat) == "direct"
                assert hosting.path(far.seat.seat) == "relay"
                far.say("over the relay")
                assert near.wait(lambda seat: any("over the relay" in str(c) for c in seat.chat), 10)
            finally:
                near.close()
                far.close()
        finally:
            hosting.close()


def test_a_friend_whose_line_drops_dials_the_relay_again_and_gets_the_seat_back_and_the_hosts_bye():
    with TestRelay() as relay:
        _session, _table, _states, server, invite = _host(relay, "sticheln", [True, True, False], seed=6)
        try:
            _wait_registered(server)
            client = Client(invite.link(), "Rosa", retry=True).start()
            try:
                assert client.wait(lambda seat: seat.seat is not None, 10)
                seat = client.seat.seat
                client.drop()  # the network fails under the line: a new relay line, a new nonce, the seat's key
                assert client.wait(lambda s: client.drops >= 1 and client.seated, 15)
                assert client.seat.seat == seat and client.path == "relay"
                server.stop()
                assert client.wait(lambda s: s.closed is not None, 10)
                assert client.seat.closed == "host_closed"
            finally:
                client.close()
        finally:
            server.stop()


def test_a_direct_line_is_sealed_and_one_to_another_table_at_that_address_goes_back_to_the_relay():
    """A friend's direct line is sealed too (it proves it reached the invite's host); an address
    where something else answers (another table, another home's machine) is left for the relay."""
    with TestRelay() as relay:
        _session, _table, _states, server, invite = _host(relay, "sticheln", [True, True, False], seed=8)
        _s2, _t2, _st2, other = _serve_plain("sticheln", [True, True, False], seed=9)
        try:
            _wait_registered(server)
            server.relay_host.direct = lambda: [server.url]  # our own port: sealed, direct

            async def near_line():
                async with open_line(invite) as line:
                    await line.send(b"")  # a sealed frame the table refuses as malformed: it came through
                    return line.path, line.channel is not None

            assert asyncio.run(near_line()) == ("direct", True)
            server.relay_host.direct = lambda: [other.url]  # a table that is not the invite's

            async def far_line():
                async with open_line(invite) as line:
                    return line.path

            assert asyncio.run(far_line()) == "relay"
        finally:
            server.stop()
            other.stop()


def _serve_plain(game_id, humans, seed):
    session, table, states = make_table(game_id, humans, seed)
    return session, table, states, HostServer(table, host=LOOPBACK).start()


def test_the_hosts_last_words_on_a_line_go_before_its_close_and_before_it_hangs_up():
    """No grace on the host's side: the relay sends a friend what the host sent it before the
    host's close of that line (a bye), and before the host's own hang-up."""
    from game.net.relayed import RelayHost

    words = [f"word {i} " + "." * 300 for i in range(60)]

    with TestRelay() as relay:
        invite = Invite.new(relay.url)

        async def main():
            hang_up = asyncio.Event()

            async def serve(line):
                async for message in line:
                    if message == "close":  # the host's last words, then its close of the line
                        for word in words:
                            await line.send(word)
                        await line.close()
                    elif message == "hang up":  # the host's last words, then it leaves the relay
                        for word in words:
                            await line.send(word)
                        hang_up.set()

            host = RelayHost(invite, serve)
            running = asyncio.create_task(host.run())
            for _ in range(500):
                if host.registered:
                    break
                await asyncio.sleep(0.02)
            heard = []
            for ask in ("close", "hang up"):
                async with open_line(invite, direct=False) as line:
                    await line.send(ask)
                    if ask == "hang up":
                        await asyncio.wait_for(hang_up.wait(), 10)
                        await host.flush()
                        await host.close()
                    got = []
                    try:
                        async for message in line:
                            got.append(message)
                    except ConnectionError:
                        pass
                    heard.append(got)  # (the test relay's proxy closes every line 1000 itself)
            running.cancel()
            return heard

        heard = asyncio.run(asyncio.wait_for(main(), 60))
    assert heard == [words, words]
