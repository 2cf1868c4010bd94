"""The headless host in a process of its own on 127.0.0.1: bot clients play,
the host is killed (-9), `fireside host --resume` opens the same table, the
same clients dial again with their tokens and finish the game; nothing lost."""

from __future__ import annotations

import signal
import time

import pytest
from netkit import start_host

from game import ai
from game.net import protocol as p
from game.net.client import Client


def _play(clients: list[Client], agents: list, acted: list[int], until, steps: int = 4000) -> None:
    """Each bot moves on its turn (once per view) until `until()` or the bound."""
    for _ in range(steps):
        if until():
            return
        for i, client in enumerate(clients):
            seat = client.seat
            if client.online and seat.my_turn and seat.moves != acted[i] and not seat.over:
                acted[i] = seat.moves
                try:
                    client.send_move(agents[i].choose(seat.view), at=seat.moves)
                except RuntimeError:
                    pass
        clients[0].wait(lambda _s: False, timeout=0.01)


def test_a_killed_host_resumes_the_same_table_and_the_same_clients_finish_the_game(tmp_path):
    proc, port, code = start_host(
        tmp_path, "--game", "grinch", "--players", "3", "--seats", "open,open,open", "--port", "0", "--seed", "5"
    )
    url = f"ws://127.0.0.1:{port}"
    try:
        clients = [Client(url, name, code=code).start() for name in ("Ana", "Bo", "Cy")]
        assert all(c.wait(lambda s: s.seat is not None and s.moves >= 0, 10) for c in clients)
        seats = [c.seat.seat for c in clients]
        tokens = [c.seat.token for c in clients]
        assert sorted(seats) == [0, 1, 2]
        agents = [ai.make_agent("random", f"bot{i}") for i in range(3)]
        acted = [-1, -1, -1]
        _play(clients, agents, acted, lambda: max(c.seat.moves for c in clients) >= 12)
        seen = max(c.seat.moves for c in clients)
        assert seen >= 12
        time.sleep(0.2)  # let any move in flight land (and be kept) before the kill
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        assert all(c.wait(lambda _s, c=c: not c.online, 10) for c in clients)
        kept = max(c.seat.moves for c in clients)

        proc, port2, code2 = start_host(tmp_path, "--resume", "--no-again")  # closes when the game ends
        assert (port2, code2) == (port, code)  # the same table, where the clients look for it
        began = time.perf_counter()
        for c in clients:
            c.reconnect()
        assert all(c.wait(lambda s: s.welcomes == 2 and s.moves >= kept, 10) for c in clients)
        print(f"seats back with the current view {time.perf_counter() - began:.3f} s after dialling again")
        assert [c.seat.seat for c in clients] == seats  # each its seat back with its key, which a rejoin rotates:
        assert all(c.seat.token != token for c, token in zip(clients, tokens, strict=True))
        assert all(c.wait(lambda s: s.moves >= kept, 5) for c in clients)
        assert min(c.seat.moves for c in clients) >= kept  # nothing lost
        acted = [-1, -1, -1]
        _play(clients, agents, acted, lambda: all(c.seat.over for c in clients), steps=20_000)
        assert all(c.seat.over for c in clients)
        assert all(c.wait(lambda s: s.closed is not None, 20) for c in clients)
        assert {c.seat.closed for c in clients} == {"game_over"}  # told why the table closed
        assert proc.wait(20) == 0
        out = proc.stdout.read() if proc.stdout else ""
        assert "Game over" in out
        for c in clients:
            c.close()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_or_term_closes_the_table_and_tells_the_clients(tmp_path, signum):
    proc, port, code = start_host(tmp_path, "--game", "sticheln", "--players", "3", "--port", "0")
    try:
        client = Client(f"ws://127.0.0.1:{port}", "Ana", code=code).start()
        assert client.wait(lambda s: s.seat is not None, 10)
        proc.send_signal(signum)
        assert client.wait(lambda s: s.closed is not None, 10)
        assert client.seat.closed == "host_closed"
        assert proc.wait(10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


@pytest.mark.parametrize(
    "args, says",
    [
        (["host", "--seats", "you,open,banana,open"], "not a seat"),
        (["host", "--players", "3", "--seats", "you,open"], "names 2 seats"),
        (["host", "--seats", "hard,hard,hard,hard"], "a seat for a person"),
        (["host", "--seats", "you,here,open,open"], "a host without one has none"),
        (["host", "--seats", "open,here,open,open"], "beside 'you'"),
        (["host", "--port", "99999"], "is not a port"),
        (["join", "127.0.0.1:abc", "K3M9QP"], "port must be a number"),
        (["join", "127.0.0.1", "nope"], "is not a table code"),
        (["net-bench", "--tables", "0"], "at least 1"),
        (["host", "--discover"], "add --bind 0.0.0.0"),
    ],
)
def test_bad_network_flags_get_one_clear_line(args, says, capsys):
    from game.tools import cli

    with pytest.raises(SystemExit) as exit_:
        cli.main(args)
    assert exit_.value.code == 2 and says in capsys.readouterr().err


def test_resume_with_nothing_to_resume_says_so(capsys):
    from game.tools import cli

    assert cli.main(["host", "--resume"]) == 2
    assert "no network table to resume" in capsys.readouterr().err


def test_no_message_names_an_address():
    """A relay could forward every message unchanged: no field is an address."""
    for struct in (p.Hello, p.Welcome, p.ViewMsg, p.MoveMsg, p.Refused, p.Chat, p.Bye):
        assert not {"address", "host", "port", "ip", "url"} & set(struct.__struct_fields__)


def test_two_tables_one_with_the_hosts_own_computers_both_play_to_the_end_over_loopback():
    """The computers think a slice at a time on the host's loop; the other table goes on meanwhile."""
    import asyncio

    from game.match.match import Match, Seat
    from game.net.authority import HostTable
    from game.net.carrier import HostServer
    from game.net.client import play_bot
    from game.net.door import TableSet
    from game.session.session import Session

    thinking = Session(
        Match("grinch", [Seat("Ana", True), Seat("C1", False, "normal"), Seat("C2", False, "hard")], 3), keeps=False
    )
    people = Session(Match("sticheln", [Seat(f"P{i}", True) for i in range(3)], 4), keeps=False)
    door = TableSet(
        [HostTable(thinking, code="AAAAAA", rate=1e4, burst=1e4), HostTable(people, code="BBBBBB", rate=1e4, burst=1e4)]
    )
    door.tables["AAAAAA"].session.agents[2].iterations = 40  # a quick Hard, still thinking in slices
    server = HostServer(door).start()
    try:

        async def main():
            bots = [play_bot(server.url, "Ana", seed="a", code="AAAAAA")]
            bots += [play_bot(server.url, f"B{i}", seed=f"b{i}", code="BBBBBB") for i in range(3)]
            return await asyncio.wait_for(asyncio.gather(*bots), 120)

        seats = asyncio.run(main())
    finally:
        server.stop()
    assert thinking.over and people.over and all(s.over for s in seats)
    assert {seat for seat, _m in thinking.match.moves} == {0, 1, 2}
