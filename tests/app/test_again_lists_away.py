"""*Play again at this table* on the results lists every person at the table, one
whose seat a computer plays because they are away included ("Bo: away — a computer
plays"), and a friend of `fireside host` (no host's window) is told the new deal
starts when everyone still there said yes."""

from __future__ import annotations

import os
from types import SimpleNamespace

from game.app.table.again import PlayAgain
from game.match.match import Match, Seat
from game.net import lobby
from game.net.authority import HostTable
from game.net.client import ClientSeat
from game.session.session import Session

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


class Clock:
    def __init__(self):
        self.now = 50.0

    def __call__(self):
        return self.now


def make_table(game_id, humans, seed, **kwargs):
    seats = [Seat(f"P{i}", human, "random") for i, human in enumerate(humans)]
    session = Session(Match(game_id, seats, seed=seed), keeps=False)
    return session, HostTable(session, rate=10_000.0, burst=10_000.0, **kwargs), []


class Windows:
    """Friends' ClientSeats by line, each handed every byte the table sends it."""

    def __init__(self, table):
        self.table = table
        self.seats: dict[str, ClientSeat] = {}

    def deliver(self, outs):
        for conn, data in outs:
            if data is not None and conn in self.seats:
                self.seats[conn].handle(data)

    def join(self, conn, name, token=None):
        self.seats[conn] = ClientSeat(name, token, code=self.table.code)
        self.deliver(self.table.receive(conn, self.seats[conn].hello()))
        return self.seats[conn]

    def send(self, conn, data):
        self.deliver(self.table.receive(conn, data))


def _finish(table):
    session = table.session
    for _ in range(5000):
        if session.over:
            return
        seat = session.current
        session.offer(seat, session.view(seat).legal_moves()[0])
    raise AssertionError("the game did not end")


def _part(seat, host=None):
    mode = SimpleNamespace(primary=SimpleNamespace(seat=seat), host=host)
    return PlayAgain(mode)  # type: ignore[arg-type]


def test_a_friend_away_and_played_by_a_computer_is_listed_in_the_answers():
    clock = Clock()
    _, table, _ = make_table(
        "avalanche", [True, True, True, False], seed=3, lobby=True, think=False, clock=clock, away_after=30
    )
    token = table.reserve(0, "Hana")
    w = Windows(table)
    w.join("h", "Hana", token=token)  # the host's own window
    ana, bo = w.join("a", "Ana"), w.join("b", "Bo")
    w.deliver(table.start("random"))
    w.deliver(table.disconnect("b"))
    clock.now += 30
    w.deliver(table.tick())
    assert table.handed == {2: "normal"}
    _finish(table)
    w.deliver(table.take_outbox())
    w.deliver(lobby.propose_again(table))
    part = _part(ana)
    assert 2 in ana.computers and 2 in part.people() and 3 not in part.people()  # the computer's own seat is not asked
    assert part.answers() == "Hana: yes · Ana: not yet · Bo: away — a computer plays"
    w.send("a", ana.answer_again(True))  # Bo is away: he does not hold the others up
    assert table.deal == 1 and table.handed == {2: "normal"}
    assert bo.token in table.tokens.values()  # his seat waits for him, a computer playing it meanwhile


def test_a_friend_of_fireside_host_is_told_who_starts_the_new_deal():
    _, table, _ = make_table("avalanche", [True, True, True], seed=3, lobby=True, think=False)
    w = Windows(table)
    ana, _bo, _cy = w.join("a", "Ana"), w.join("b", "Bo"), w.join("c", "Cy")
    w.deliver(table.start())
    _finish(table)
    w.deliver(table.take_outbox())
    w.deliver(lobby.propose_again(table))  # `fireside host` asks by itself
    w.send("a", ana.answer_again(True))
    part = _part(ana)
    part.answered = True
    texts = [text for text, _colour in part.lines()]
    assert "You said yes. The new deal starts when everyone still at the table has." in texts
    assert part.answers() == "Ana: yes · Bo: not yet · Cy: not yet"
