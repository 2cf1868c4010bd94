"""*Play again at this table*: the host asks, each seated person answers, a new deal."""

from __future__ import annotations

import pytest
from netkit import finish, make_table
from test_lobby_seats import Windows

from game.net import lobby
from game.net import protocol as p


def _over_table(seed=3):
    _, table, _ = make_table("avalanche", [True, True, True], seed=seed, lobby=True, think=False)
    table.reserve(0, "Host")
    table.kept = [0]
    w = Windows(table)
    w.join("a", "Ana")
    w.join("b", "Bo")
    w.join("w", "Wu", watch=True)
    w.deliver(table.start())
    finish(table)
    w.deliver(table.take_outbox())
    return table, w


def test_everyone_saying_yes_deals_again_with_the_same_seats_and_the_next_dealer():
    table, w = _over_table()
    old = table.session.match
    ana = w.seats["a"]
    early = p.decode(w.send("a", ana.answer_again(True))[0][1])
    assert early.code == "no_again"  # nobody asked yet
    w.deliver(lobby.propose_again(table))
    assert ana.again and ana.accepted == [0] and w.last("w").again  # the host's own seat said yes
    w.send("a", ana.answer_again(True))
    assert ana.accepted == [0, 1] and table.deal == 0
    watcher = p.decode(w.send("w", p.encode(p.Again(token=w.seats["w"].token)))[0][1])
    assert watcher.code == "watching"
    forged = p.decode(w.send("b", p.encode(p.Again(token=ana.token)))[0][1])
    assert forged.code == "bad_token"
    w.send("b", w.seats["b"].answer_again(True))  # the last yes: the new deal starts
    new = table.session.match
    assert table.deal == 1 and new is not old and not table.session.over and new.moves == []
    assert new.start == (old.start + 1) % 3 and [s.name for s in new.seats] == [s.name for s in old.seats]
    assert table.handed == {} and not table.session.agents
    view = w.last("a")
    assert view.deal == 1 and view.started and view.moves == 0 and not view.again and ana.deal == 1
    assert view.state.get("viewer") == 1
    # the new game is played through the same lines
    seat = table.session.current
    conn = {1: "a", 2: "b"}.get(seat)
    if conn is not None:
        move = w.seats[conn].view.legal_moves()[0]
        w.send(conn, w.seats[conn].move(move))
        assert len(table.session.match.moves) == 1


def test_a_friend_who_says_no_is_played_by_a_computer_when_the_host_deals_anyway():
    table, w = _over_table(seed=8)
    w.deliver(lobby.propose_again(table))
    w.send("a", w.seats["a"].answer_again(True))
    w.send("b", w.seats["b"].answer_again(False))
    assert w.seats["a"].declined == [2] and table.deal == 0 and table.snapshot().declined == [2]
    w.deliver(lobby.again_now(table, "random"))
    assert table.deal == 1 and table.handed == {2: "random"} and sorted(table.session.agents) == [2]
    assert w.last("b").computers == [2]


def test_the_host_alone_with_computers_deals_again_at_once():
    _, table, _ = make_table("grinch", [True, False, False], seed=4, lobby=True, think=False)
    table.reserve(0, "Host")
    table.start()
    finish(table)
    lobby.propose_again(table)
    assert table.deal == 1 and sorted(table.session.agents) == [1, 2]


@pytest.mark.slow
def test_a_window_says_yes_at_the_results_and_the_new_deal_opens_at_the_same_table():
    """A whole Grinch game by clicks against a computer, *Play again at this table*
    from the host, Yes at the window's results: the window opens the new deal."""
    import random

    from test_remote_table import make_app, play_to_the_end, settle

    from game.app.scenes.results import ResultsScene
    from game.app.table.base import TableScene
    from game.net.carrier import HostServer
    from game.net.client import Client

    _, table, _ = make_table("grinch", [True, False], seed=2)
    server = HostServer(table, host="127.0.0.1").start()
    try:
        client = Client(server.url, "Ana").start()
        assert client.wait(lambda s: s.view is not None, 10.0)
        app = make_app()
        scene = app.routes.remote_table(client)
        play_to_the_end(app, scene, random.Random(4))
        results = app.stack.top
        assert isinstance(results, ResultsScene) and results.addon is not None
        assert not any(b.label == "Yes, deal me in" for b in results.buttons)
        server.call(lambda: lobby.propose_again(table))
        assert settle(app, lambda: any(b.label == "Yes, deal me in" for b in results.buttons))
        results.addon.accept()
        assert settle(app, lambda: isinstance(app.stack.top, TableScene) and app.stack.top is not scene)
        fresh = app.stack.top
        assert fresh.match.position == 0 and not fresh.match.state.is_over and client.seat.deal == 1
        assert client.online  # the same line goes on
        from game.persist import network

        last = network.read_last()
        assert last is not None and last.code == table.code  # the new game is one to rejoin from the title
        client.close()
    finally:
        server.stop()
