"""`fireside host` between games and in its lobby (game/tools/host_lines.py): its
terminal prints the ready marks and the chat (escaped), it starts when everyone
seated is ready, and after a game it asks everyone to play again at this table,
deals again once every person still there said yes (a computer plays for one who
is away), and closes when everyone has left, when nobody answers in time, or at
once with --no-again."""

from __future__ import annotations

import time

import pytest
from netkit import Clock, finish, start_host
from test_lobby_seats import Windows

from game import ai
from game.net import lobby
from game.net.client import Client
from game.net.hosting import new_table
from game.tools import host_lines


class FakeHosting:
    """What `Between` asks of a `Hosting`, done on this thread (as the worker would)."""

    def __init__(self, table, windows):
        self.table, self.w = table, windows
        self.asked = 0

    def propose_again(self):
        self.asked += 1
        self.w.deliver(lobby.propose_again(self.table))

    def again_if_ready(self, level="normal"):
        self.w.deliver(lobby.again_if_all_said_yes(self.table, "random"))


def _headless(kinds=("you", "open", "open"), seed=3):
    table = new_table("avalanche", list(kinds), [""] * len(kinds), seed=seed, think=False)
    return table, Windows(table)


def test_the_terminal_prints_ready_marks_and_chat_escaped_and_everyone_ready_starts():
    table, w = _headless()
    ana, bo = w.join("a", "Ana"), w.join("b", "Bo")
    first = table.snapshot()
    assert not host_lines.should_start(first)  # a seat is open, nobody is ready
    w.send("a", ana.mark_ready())
    w.send("b", bo.say("hi\x1b[2J\nport: 9999\u202e"))  # a line that would clear the screen and forge the port
    w.send("a", ana.say("", phrase="good_game"))
    snap = table.snapshot()
    lines = host_lines.ready_lines(first, snap) + host_lines.chat_lines(first, snap)
    assert lines[:2] == ["Ana is ready", "Ready: 1 of 2 seated"]
    chat = lines[2:]
    assert chat[0] == "chat · Bo: hi\\x1b[2J port: 9999\\u202e"  # one line: escapes shown, the break a space
    assert all(line.isprintable() for line in lines)  # one line each, nothing that moves the cursor
    assert host_lines.chat_lines(snap, snap) == []  # each line once
    assert not host_lines.should_start(snap)
    w.send("b", bo.mark_ready())
    ready = table.snapshot()
    assert host_lines.should_start(ready)  # everyone seated is ready: the open seat goes to a computer
    w.send("a", ana.mark_ready(False))
    assert "Ana is not ready yet" in host_lines.ready_lines(ready, table.snapshot())
    assert host_lines.should_start(table.snapshot(), now=True)
    assert not host_lines.should_start(table.snapshot(), resume=True)  # a resumed lobby waits for its people


def test_chat_lines_are_said_in_the_hosts_words_and_skip_notices(monkeypatch):
    table, w = _headless()
    ana = w.join("a", "Ana")
    w.deliver(table.notice("not_saved"))  # said on the terminal by the save's own line already
    w.send("a", ana.say("Good game!", phrase="good_game"))
    lines = host_lines.chat_lines(None, table.snapshot())
    assert lines == ["chat · Ana: Good game!"]


def test_after_a_game_everyone_is_asked_and_the_new_deal_starts_when_all_still_there_said_yes():
    table, w = _headless(("you", "open", "open", "easy"))
    ana, bo, cy = w.join("a", "Ana"), w.join("b", "Bo"), w.join("c", "Cy")
    w.deliver(table.start())
    finish(table)
    w.deliver(table.take_outbox())
    said: list[str] = []
    hosting = FakeHosting(table, w)
    clock = Clock(100.0)
    between = host_lines.Between(hosting, "random", clock=clock, say=said.append)
    assert between.step(table.snapshot()) is None
    assert said[0].startswith("Game over: Ana ") and "again" in said[1] and hosting.asked == 1
    assert ana.again and table.again == {}  # no host's window: nobody said yes yet
    assert between.step(table.snapshot()) is None  # asked once
    assert hosting.asked == 1
    w.send("a", ana.answer_again(True))
    assert between.step(table.snapshot()) is None and "Ana will play again" in said
    w.send("b", bo.answer_again(True))
    assert table.deal == 0  # Cy has not answered and is still here
    w.deliver(table.disconnect("c"))  # Cy's line goes: the two who said yes do not wait for him
    assert between.step(table.snapshot()) is None
    assert table.deal == 1 and not table.session.over and ana.deal == 1
    assert table.handed == {2: "random"} and 2 in table.session.agents  # a computer plays for Cy until he is back
    assert 3 in table.session.agents  # the computer keeps its seat
    back = w.join("c2", "Cy", token=cy.token)
    assert back.seat == 2 and 2 not in table.session.agents


def test_the_table_closes_when_everyone_left_or_nobody_answered_in_time_or_with_no_again():
    for case in ("left", "late", "no_again"):
        table, w = _headless(("you", "open"))
        ana, bo = w.join("a", "Ana"), w.join("b", "Bo")
        w.deliver(table.start())
        finish(table)
        said: list[str] = []
        clock = Clock(100.0)
        between = host_lines.Between(
            FakeHosting(table, w), clock=clock, again=case != "no_again", wait=600, say=said.append
        )
        first = between.step(table.snapshot())
        if case == "no_again":
            assert first == "game_over" and said[0].startswith("Game over") and table.again is None
            continue
        assert first is None
        if case == "left":
            w.send("a", ana.answer_again(False))  # "No thanks, leave": said, then the line goes
            w.send("a", ana.bye())
            assert between.step(table.snapshot()) is None and "Ana will not play again" in said
            w.send("b", bo.bye())
            assert between.step(table.snapshot()) == "game_over" and "Everyone has left" in said[-1]
            assert table.deal == 0  # nobody was left to deal to
        else:
            clock.now += 599
            assert between.step(table.snapshot()) is None
            clock.now += 1
            assert between.step(table.snapshot()) == "game_over" and "in time" in said[-1]


def test_a_friend_alone_saying_yes_with_only_away_people_does_not_deal_to_nobody():
    table, w = _headless(("you", "open"))
    w.join("a", "Ana"), w.join("b", "Bo")
    w.deliver(table.start())
    finish(table)
    w.deliver(table.disconnect("a"))
    w.deliver(table.disconnect("b"))
    w.deliver(lobby.propose_again(table))
    assert table.deal == 0 and not lobby.all_said_yes(table)  # nobody there, nobody said yes: no deal


@pytest.mark.slow  # a whole game over the wire, then the first moves of the next
def test_fireside_host_starts_when_both_are_ready_and_plays_again_once_both_say_yes(tmp_path):
    args = ("--game", "grinch", "--players", "3", "--seats", "open,open,open", "--port", "0", "--level", "easy")
    proc, port, code = start_host(tmp_path, *args)
    url = f"ws://127.0.0.1:{port}"
    clients = [Client(url, name, code=code).start() for name in ("Ana", "Bo")]
    try:
        assert all(c.wait(lambda s: s.seat is not None, 15) for c in clients)
        clients[0].say("hi\x1b[31m all")  # escaped on the host's terminal
        assert all(c.wait(lambda s: len(s.chat) == 1, 10) for c in clients)
        assert not clients[0].seat.started  # a seat is still open: the lobby waits
        for c in clients:
            c.mark_ready()
        assert all(c.wait(lambda s: s.started, 15) for c in clients)  # everyone seated is ready: it starts
        assert 2 in clients[0].seat.computers  # the open seat went to a computer
        agents = [ai.make_agent("random", f"bot{i}") for i in range(2)]
        acted = [-1, -1]
        for _ in range(40_000):
            if all(c.seat.over for c in clients):
                break
            for i, c in enumerate(clients):
                seat = c.seat
                if c.online and seat.my_turn and seat.moves != acted[i] and not seat.over:
                    acted[i] = seat.moves
                    try:
                        c.send_move(agents[i].choose(seat.view), at=seat.moves)
                    except RuntimeError:
                        pass
            clients[0].wait(lambda _s: False, timeout=0.01)
        assert all(c.seat.over for c in clients)
        assert all(c.wait(lambda s: s.again, 10) for c in clients)  # the host asked by itself
        for c in clients:
            c.answer_again(True)
        assert all(c.wait(lambda s: s.deal == 1 and s.started and not s.over, 10) for c in clients)
        time.sleep(0.5)  # the terminal's loop looks five times a second
        proc.terminate()  # the new game is on: the host closes it as Ctrl-C does
        assert proc.wait(30) == 0
        out = proc.stdout.read() if proc.stdout else ""
        assert "chat · Ana: hi\\x1b[31m all" in out and "Ana is ready" in out and "Bo is ready" in out
        assert "Game over: " in out and "Asking everyone to play again" in out
        assert "A new deal at this table" in out  # (who said yes is said when the terminal looked in between)
    finally:
        for c in clients:
            c.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
