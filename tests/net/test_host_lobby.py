"""The host's lobby, spectators, quick phrases, away seats handed to a computer
and back, computers thinking a slice at a time, and the host saying bye."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from matrix import fast_lane, sample
from netkit import GAMES, _strings, make_table, play_through_core

from game import ai
from game.common.person_name import said
from game.net import protocol as p
from game.net import words
from game.net.authority import WATCHING
from game.net.client import ClientSeat
from game.rules.core import scrub_events


def _deliver(outs, seats):
    for conn, data in outs:
        if data is not None and conn in seats:
            seats[conn].handle(data)


def _join(table, conn, name="Ana", token=None, watch=False):
    seat = ClientSeat(name, token)
    hello = p.Hello(version="1.0", protocol=p.PROTOCOL, name=name, token=token, watch=watch, code=table.code)
    for to, data in table.receive(conn, p.encode(hello)):
        if to == conn and data is not None:
            seat.handle(data)
    return seat


def _decoded(outs, conn):
    return [p.decode(d) for c, d in outs if c == conn and d is not None]


def test_a_lobby_lets_people_join_refuses_moves_until_the_host_starts_and_fills_open_seats():
    session, table, _ = make_table("sticheln", [True, True, True, True], seed=4, lobby=True)
    assert not table.started
    ana = _join(table, "a", "Ana")
    bo = _join(table, "b", "Bo")
    assert (ana.seat, bo.seat) == (0, 1) and table.names[:2] == ["Ana", "Bo"]
    assert table.open_seats == [2, 3]
    views = [m for m in _decoded(table.receive("a", ana.say("hi")), "a")]
    assert views  # the chat line reached its sender
    move = session.view(0).legal_moves()[0]
    refused = _decoded(table.receive("a", ana.move(move)), "a")[0]
    assert isinstance(refused, p.Refused) and refused.code == "not_started"
    assert words.say(refused.code, refused.text, refused.params)  # said in words
    assert len(session.match.moves) == 0
    outs = table.start("random")
    assert table.started and table.open_seats == [] and sorted(session.agents) == [2, 3]
    assert not session.match.seats[2].human  # kept so in the save
    last = [m for m in _decoded(outs, "a") if isinstance(m, p.ViewMsg)][-1]
    assert last.started and last.computers == [2, 3]
    # after the start the game goes: people play, computers answer
    seats = {"a": ana, "b": bo}
    _deliver(outs, seats)
    for _ in range(400):
        if session.over:
            break
        conn = next(c for c, s in seats.items() if s.seat == session.current)
        agent = ai.make_agent("random", conn)
        _deliver(table.receive(conn, seats[conn].move(agent.choose(seats[conn].view))), seats)
    assert len(session.match.moves) > 20


def test_a_spectator_is_welcomed_without_a_seat_sees_no_hidden_card_and_cannot_move():
    session, table, states = make_table("grinch", [True, True, True], seed=6)
    watcher = _join(table, "w", "Wu", watch=True)
    assert watcher.seat == WATCHING and table.watchers
    welcome_kinds = [type(m).__name__ for m in _decoded(table.receive("w2", b"{}"), "w2")]
    assert welcome_kinds == ["Refused"]
    bad = p.encode(p.MoveMsg(token=watcher.token, move="x", at=0))
    assert _decoded(table.receive("w", bad), "w")[0].code == "watching"


def _public_check(raw, states):
    """Cards in any hand that a spectator's message names more often than every seat's view does."""
    message = p.decode(raw)
    if not isinstance(message, p.ViewMsg):
        return 0
    assert message.seat == WATCHING
    full = states[message.moves]
    hands = Counter(str(c) for s in range(full.num_players) for c in full.hand(s))
    on_wire = Counter(s for s in _strings(json.loads(raw)) if s in hands)
    # what every seat may see of a card: the least any seat's own view names it
    views = [
        {"state": full.view(s).to_json(), "events": [e.to_json() for e in scrub_events(full.events, s)]}
        for s in range(full.num_players)
    ]
    per_view = [Counter(x for x in _strings(v) if x in hands) for v in views]
    found = sum(max(0, n - min(c[card] for c in per_view)) for card, n in on_wire.items())
    for event in message.events:
        if event.secret:
            assert all(c is None for c in event.cards), event
    return found


@pytest.mark.parametrize("game_id", fast_lane(GAMES, "sticheln"))
def test_a_spectator_is_sent_zero_hidden_cards_over_whole_games(game_id):
    found = views = 0
    for seed in range(4):
        humans = [True, True, False, True] if seed % 2 else [True, False, True]
        session, table, states = make_table(game_id, humans, seed=seed + 20)
        sent: list[bytes] = []
        original = table._push_all

        def push(original=original, sent=sent):
            out = original()
            sent.extend(d for c, d in out if c == "watch" and d is not None)
            return [(c, d) for c, d in out if c != "watch"]  # the bots' own lines only

        table._push_all = push
        watch = p.Hello(version="1.0", protocol=p.PROTOCOL, name="Wu", watch=True)
        sent.extend(d for c, d in table.receive("watch", p.encode(watch)) if c == "watch" and d is not None)
        play_through_core(table, states, seed)
        for raw in sent:
            found += _public_check(raw, states)
            views += 1
    assert views > 100 and found == 0


def test_the_public_view_hides_every_hand():
    from game import rules

    for game_id in GAMES:
        module = rules.get(game_id)
        state = module.new_game(3, 5)
        for _ in range(6):
            state = state.apply(state.legal_moves()[0])
        public = state.public_view().to_json()  # what the host sends a spectator
        assert "viewer" not in public and public["public"] is True and public["game"] == game_id
        in_hands = {str(c) for s in range(3) for c in state.hand(s)}
        everyone = set.intersection(*({x for x in _strings(state.view(s).to_json())} for s in range(3)))
        assert not ({x for x in _strings(public)} & in_hands) - everyone


def test_quick_phrases_are_relayed_with_the_seat_to_seats_and_spectators_and_unknown_ones_refused():
    _, table, _ = make_table("avalanche", [True, True], seed=3)
    ana, _bo = _join(table, "a"), _join(table, "b", "Bo")
    _join(table, "w", "Wu", watch=True)
    outs = table.receive("a", p.encode(p.Chat(text="", token=ana.token, phrase="good_game")))
    lines = {c: p.decode(d) for c, d in outs}
    assert set(lines) == {"a", "b", "w"}
    assert all(m.phrase == "good_game" and m.seat == ana.seat for m in lines.values())
    odd = table.receive("a", p.encode(p.Chat(text="", token=ana.token, phrase="rm -rf")))
    assert _decoded(odd, "a")[0].code == "no_such_phrase"


def test_an_away_seat_goes_to_a_computer_and_back_to_its_person_on_rejoin():
    session, table, _ = make_table("sticheln", [True, True, True], seed=9)
    seats = {c: _join(table, c, n) for c, n in (("a", "Ana"), ("b", "Bo"), ("c", "Cy"))}
    table.disconnect("b")
    assert table.away == [1]
    outs = table.hand_to_computer(1, "random")
    view = [m for m in _decoded(outs, "a") if isinstance(m, p.ViewMsg)][-1]
    assert 1 in view.computers and 1 not in view.away and table.handed == {1: "random"}
    # the others play on; the computer plays seat 1 on its turns
    for _ in range(60):
        conn = next((c for c, s in seats.items() if s.seat == session.current and c != "b"), None)
        if conn is None or session.over:
            break
        agent = ai.make_agent("random", conn)
        _deliver(table.receive(conn, seats[conn].move(agent.choose(seats[conn].view))), seats)
    assert any(seat == 1 for seat, _move in session.match.moves)
    back = _join(table, "b2", "Bo", token=seats["b"].token)
    assert back.seat == 1 and 1 not in session.agents and table.handed == {}
    assert 1 not in back.computers and back.view == session.view(1)


def test_computers_think_a_slice_at_a_time_when_sliced():
    session, table, _ = make_table("grinch", [True, False, False], seed=2)
    table.sliced = True
    ana = _join(table, "a")
    seats = {"a": ana}
    steps = 0
    for _ in range(3000):
        if session.over:
            break
        if table.thinking:
            _deliver(table.think_step(), seats)
            steps += 1
            continue
        agent = ai.make_agent("random", "a")
        _deliver(table.receive("a", ana.move(agent.choose(ana.view))), seats)
    assert steps > 10 and len(session.match.moves) > 10


def test_closing_the_table_tells_every_line_why():
    _, table, _ = make_table("grinch", [True, True], seed=3)
    _join(table, "a")
    _join(table, "w", watch=True)
    outs = table.close()
    byes = [p.decode(d) for _c, d in outs if d is not None]
    assert {c for c, _ in outs} == {"a", "w"} and all(b.reason == "host_closed" for b in byes)
    assert words.say_bye("host_closed") == "The host closed the table."


def test_hostile_lines_at_a_lobby_and_from_spectators_change_nothing_and_crash_nothing():
    import random

    rng = random.Random(7)
    session, table, _ = make_table("sticheln", [True, True, True, True], seed=12, lobby=True, max_watchers=4)
    ana = _join(table, "a", "Ana")
    watchers = {f"w{i}": _join(table, f"w{i}", "Wu", watch=True) for i in range(6)}
    assert len(table.watchers) == 4  # the rest were told enough people watch
    before = session.match.state
    sent = 0
    for _ in range(3000):
        conn = rng.choice(["a", *watchers, "x"])
        token = ana.token if conn == "a" else (watchers[conn].token if conn in watchers else "forged")
        kind = rng.randrange(6)
        if kind == 0:
            raw = p.encode(
                p.MoveMsg(token=token or "", move=rng.choice(["red 4", "x", ""]), at=len(session.match.moves))
            )
        elif kind == 1:
            raw = p.encode(p.Chat(text="", token=token, phrase=rng.choice([*p.QUICK_PHRASES, "nope", ""])))
        elif kind == 2:
            raw = p.encode(p.Hello(version="1", protocol=p.PROTOCOL, name="Eve", watch=rng.random() < 0.5))
        elif kind == 3:
            raw = p.encode(p.MoveMsg(token=rng.choice([w.token for w in watchers.values() if w.token]), move="x", at=0))
        elif kind == 4:
            raw = p.encode(p.Hello(version="1", protocol=p.PROTOCOL, name="Eve", token=token, watch=True))
        else:
            raw = bytes(rng.randrange(256) for _ in range(rng.randrange(40)))
        for _to, data in table.receive(conn, raw):
            if data is not None:
                p.decode(data)  # everything the host says is a message of the protocol
        sent += 1
    assert sent == 3000 and session.match.state is before and not session.match.moves
    assert len(table.watchers) <= 4 and not table.started


@pytest.mark.slow
def test_three_hundred_watched_games_send_a_spectator_no_hidden_card():
    found = views = 0
    watched = sample(range(300), 100, seed="watched")  # every game and table size, with and without a computer
    for i in watched:
        game_id = GAMES[i % 3]
        humans = [True] * (3 + i % 4) if i % 2 else [True, False, True]
        _session, table, states = make_table(game_id, humans, seed=1000 + i)
        sent: list[bytes] = []
        original = table._push_all

        def push(original=original, sent=sent):
            out = original()
            sent.extend(d for c, d in out if c == "watch" and d is not None)
            return [(c, d) for c, d in out if c != "watch"]

        table._push_all = push
        watch = p.Hello(version="1.0", protocol=p.PROTOCOL, name="Wu", watch=True)
        sent.extend(d for c, d in table.receive("watch", p.encode(watch)) if c == "watch" and d is not None)
        play_through_core(table, states, 1000 + i)
        found += sum(_public_check(raw, states) for raw in sent)
        views += len(sent)
    print(f"{len(watched)} watched games, {views} spectator views: {found} hidden cards")
    assert found == 0 and views > 10_000 * len(watched) // 300


def test_the_hosts_own_seat_stays_a_persons_when_the_open_seats_go_to_computers():
    """`fireside host --start now`: the "you" seat waits for its person (the
    first to join takes it); the open seats nobody took get computers' names."""
    from game.net.hosting import new_table

    table = new_table("grinch", ["you", "open", "open"], ["", "", ""], spare_names=["Harpreet", "Mina", "Pau"])
    assert table.kept == [0] and table.open_seats == [0, 1, 2]
    ana = _join(table, "a", "Mina")  # a person named as the computer would be
    assert ana.seat == 0  # the host's own seat first
    table.start("random")
    assert table.started and table.remote_seats == [0] and sorted(table.session.agents) == [1, 2]
    assert table.names == ["Mina", "Pau", "Harpreet"]  # no two alike: a person took Mina
    assert [seat.name for seat in table.session.match.seats[1:]] == ["Pau", "Harpreet"]
    full = new_table("grinch", ["you", "open"], ["", ""], spare_names=["Mina"])
    _join(full, "m", "Mina")
    full.give_open_seats("random")
    assert full.names == ["Mina", "Mina 2"]  # no spare name left: numbered
    headless = new_table("grinch", ["you", "open"], [])
    headless.give_open_seats("random")
    assert headless.open_seats == [0] and said(headless.names) == ["Player 1", "Computer 2"]  # defaults as codes


def test_seats_played_at_the_hosts_window_are_reserved_and_kept():
    from game.net.hosting import new_table, parse_seats

    kinds = parse_seats("you,here,open,hard", 4)
    table = new_table("sticheln", kinds, ["Joon", "Ana", "", ""])
    assert table.remote_seats == [0, 1, 2] and table.kept == [0, 1]
    for seat in (0, 1):
        table.reserve(seat)
    assert table.at_host == [0, 1] and table.open_seats == [2]
    table.start("random")
    assert table.remote_seats == [0, 1] and sorted(table.session.agents) == [2, 3]
    with pytest.raises(ValueError, match="beside 'you'"):
        parse_seats("open,here,open", 3)


def test_the_host_seats_its_computers_through_the_session_as_the_session_makes_them():
    from game.session import session as session_module

    made = []
    real = session_module.make_agent

    def recorded(match, seat, *args, **kwargs):
        made.append((seat, kwargs.get("level")))
        return real(match, seat, *args, **kwargs)

    table = new_table_for_computers()
    session = table.session
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(session_module, "make_agent", recorded)
        table.give_open_seats("hard")
        table.hand_to_computer(0, "easy")
    assert made == [(1, "hard"), (2, "hard"), (0, "easy")]
    assert type(session.agents[1]) is type(real(session.match, 1, level="hard"))
    table.hand_to_computer(0, None)
    assert 0 not in session.agents  # unseated: the person's again


def new_table_for_computers():
    from game.net.hosting import new_table

    return new_table("grinch", ["you", "open", "open"], ["Joon", "", ""], seed=3)
