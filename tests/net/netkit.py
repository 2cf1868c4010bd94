"""Shared pieces of the network tests: a table of remote seats, and the check
that a message the host sent a seat holds nothing that seat may not see."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec
from public_checks import strings

from game.match.match import Match, Seat
from game.net import protocol as p
from game.net.authority import HostTable
from game.rules.core import scrub_events
from game.session.session import Session

GAMES = ("sticheln", "avalanche", "grinch")


class Clock:
    """A clock a test moves by hand (a table's `clock`, injected: no test sleeps)."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def join(table: HostTable, conn: Any, name: str, seats: dict[Any, Any], token: str | None = None) -> Any:
    """A `ClientSeat` called `name` says hello on line `conn`; what the table answers is delivered."""
    from game.net.client import ClientSeat

    seat = ClientSeat(name, token)
    seats[conn] = seat
    hello = p.Hello(version="1.0", protocol=p.PROTOCOL, name=name, token=token, code=table.code)
    deliver(table.receive(conn, p.encode(hello)), seats)
    return seat


def deliver(outs: list[Any], seats: dict[Any, Any], sent: list[Any] | None = None) -> None:
    """What the table sent, handed to each line's `ClientSeat` (and kept in `sent`)."""
    for conn, data in outs:
        if data is not None and conn in seats:
            seats[conn].handle(data)
            if sent is not None:
                sent.append((conn, data))


def make_table(game_id: str, humans: list[bool], seed: int, **kwargs: Any) -> tuple[Session, HostTable, list[Any]]:
    """A host table whose human seats are open to remote players (computers play
    "random"); also the list of states by move count, kept as the game goes."""
    seats = [Seat(f"P{i}", human, "random") for i, human in enumerate(humans)]
    match = Match(game_id, seats, seed=seed)
    session = Session(match, keeps=False)
    states = [match.state]
    session.listen(lambda _seat, _events: states.append(match.state))
    kwargs.setdefault("rate", 10_000.0)
    kwargs.setdefault("burst", 10_000.0)
    return session, HostTable(session, **kwargs), states


_strings = strings  # every string in a JSON value (tests/public_checks.py)


def finish(table: HostTable) -> None:
    """Play the table's game to its end on the host's session (the first legal move each time)."""
    session = table.session
    for _ in range(5000):
        if session.over:
            return
        seat = session.current
        session.offer(seat, session.view(seat).legal_moves()[0])
    raise AssertionError("the game did not end")


class Recorder:
    """Checks every view message a seat was sent against the state it was sent at."""

    def __init__(self) -> None:
        self.messages = 0
        self.views = 0
        self.bytes = 0
        self.hidden_found = 0  # cards of another seat's hand in a message beyond what the view holds
        self.mismatched = 0  # views that are not exactly state.view(seat)

    def check(self, seat: int, raw: bytes | str, states: list[Any]) -> None:
        self.messages += 1
        self.bytes += len(raw)
        message = p.decode(raw)
        if not isinstance(message, p.ViewMsg):
            return
        self.views += 1
        assert message.seat == seat, "a seat was sent another seat's view"
        full = states[message.moves]
        view = full.view(seat)
        expected = {"state": view.to_json(), "events": [e.to_json() for e in scrub_events(full.events, seat)]}
        sent = {"state": message.state, "events": [msgspec.to_builtins(e) for e in message.events]}
        if json.dumps(sent, sort_keys=True) != json.dumps(expected, sort_keys=True):
            self.mismatched += 1
        # every card another seat holds, counted; the message may name one only as often as the view does
        hidden = Counter(str(c) for other in range(full.num_players) if other != seat for c in full.hand(other))
        on_wire = Counter(s for s in _strings(json.loads(raw)) if s in hidden)
        allowed = Counter(s for s in _strings(expected) if s in hidden)
        self.hidden_found += sum(max(0, n - allowed[c]) for c, n in on_wire.items())
        for event in message.events:  # a secret event reaches another seat only face down
            if event.secret and event.seat != seat:
                assert all(c is None for c in event.cards), event


def play_through_core(
    table: HostTable, states: list[Any], seed: int, recorder: Recorder | None = None, max_steps: int = 20_000
) -> dict[int, Any]:
    """Remote bots (one ClientSeat per open seat) play the table to its end through
    `receive` alone; every byte sent goes through `recorder`.  Returns the seats' clients."""
    from game import ai
    from game.net.client import ClientSeat

    clients = {f"conn{s}": ClientSeat(f"Bot{s}") for s in table.remote_seats}
    agents = {conn: ai.make_agent("random", f"{seed}/{conn}") for conn in clients}
    pending = []

    def deliver(outs: list[Any]) -> None:
        for conn, data in outs:
            if data is None:
                continue
            client = clients[conn]
            if recorder is not None:
                recorder.check(client.seat, data, states)
            client.handle(data)

    deliver(table.run_computers())
    for conn, client in clients.items():
        deliver(table.receive(conn, client.hello()))
    for _ in range(max_steps):
        if table.session.over:
            break
        pending = [conn for conn, c in clients.items() if c.my_turn and c.moves == len(table.session.match.moves)]
        assert len(pending) == 1, "exactly one remote seat should be to act"
        conn = pending[0]
        deliver(table.receive(conn, clients[conn].move(agents[conn].choose(clients[conn].view))))
    assert table.session.over
    return {c.seat: c for c in clients.values()}


ROOT = Path(__file__).resolve().parents[2]


def start_host(home: Path, *args: str) -> tuple[subprocess.Popen[str], int, str]:
    """`fireside host *args` in a process of its own, `home` its FIRESIDE_HOME: the process,
    and the port and table code it says."""
    env = dict(os.environ, FIRESIDE_HOME=str(home), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "--lang", "en", "host", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=ROOT,
    )
    port = code = None
    assert proc.stdout is not None
    for _ in range(50):  # bounded: the host says its table, then its port
        line = proc.stdout.readline()
        if not line:
            break
        if line.startswith("Table "):
            code = line.split()[1].rstrip(":")
        if line.startswith("port: "):
            port = int(line.split()[1])
            break
    assert port and code, "the host did not say its port and code"
    return proc, port, code
