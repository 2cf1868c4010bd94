"""The host's network slot (never the local autosave), the last table joined, and the network settings."""

from __future__ import annotations

from game.match.match import Match, Seat
from game.net import hosting as net
from game.persist import library, network, paths


def _table():
    table = net.new_table("sticheln", ["you", "open", "hard", "open"], ["Joon", "", "", ""], seed=4)
    table.reserve(0, "Joon")
    table.tokens[1] = "tok-ana"
    table.names[1] = "Ana"
    return table


def test_the_network_slot_keeps_code_tokens_names_and_seats_and_not_over_the_autosave():
    local = Match("grinch", [Seat("Me", True), Seat("C", False)], seed=1)
    library.write_autosave(local)
    table = _table()
    table.start("easy")
    table.hand_to_computer(1, "easy")
    network.write_table(net.saved(table, "0.0.0.0", 47474, True))
    back = network.read_table()
    assert back is not None
    assert back.code == table.code and back.tokens == table.tokens and back.names == table.names
    assert back.remote_seats == [0, 1] and back.started and back.handed == {1: "easy"}
    assert (back.bind, back.port, back.discover) == ("0.0.0.0", 47474, True)
    assert library.read_autosave().game_id == "grinch"  # the local game's slot untouched
    again = net.resumed(back)
    assert again.code == table.code and sorted(again.session.agents) == [1, 2, 3] and again.handed == {1: "easy"}
    assert again.session.match.seats[3].human is False  # the open seat given to a computer stays one
    assert back.kept == [0] and back.at_host == [0] and again.kept == [0] and again.at_host == [0]


def test_a_slot_kept_before_it_named_the_hosts_seats_gives_the_host_its_first_persons_seat():
    import json

    table = _table()
    network.write_table(net.saved(table))
    data = json.loads(network.table_path().read_text())
    del data["network"]["at_host"], data["network"]["kept"]
    network.table_path().write_text(json.dumps(data))
    back = network.read_table()
    assert back is not None and back.at_host == [0] and back.kept == []


def test_a_damaged_or_finished_slot_is_not_offered():
    paths.data_dir().joinpath("network").mkdir(parents=True, exist_ok=True)
    network.table_path().write_text("{not json")
    assert network.read_table() is None
    network.clear_table()
    assert network.read_table() is None


def test_the_autosaver_writes_after_a_move_and_clears_the_slot_when_the_game_ends():
    table = net.new_table("grinch", ["you", "open"], ["Joon", "Ana"], seed=4)
    table.keep = keep = net.autosaver()
    table.start("random")
    session = table.session
    for _ in range(2000):
        if session.over:
            break
        seat = session.current
        session.offer(seat, session.view(seat).legal_moves()[0])
        if not session.over and len(session.match.moves) == 3:
            assert keep.flush()  # written by the autosaver's own thread, off the table's
            assert network.read_table() is not None
        table.run_computers()
    assert keep.flush() and keep.writer == "fireside-host-save"
    assert session.over and network.read_table() is None
    assert library.list_history()  # the finished game went to the history like a local one


def test_the_last_table_and_the_settings_round_trip_and_default_safely():
    assert network.read_last() is None
    network.write_last(network.LastTable("ws://127.0.0.1:47474", "K3M9QP", "tok", "Ana", "grinch"))
    assert network.read_last() == network.LastTable("ws://127.0.0.1:47474", "K3M9QP", "tok", "Ana", "grinch")
    network.clear_last()
    assert network.read_last() is None
    assert network.load_prefs() == network.NetPrefs(discover=False, bind_all=False, port=0)
    network.save_prefs(network.NetPrefs(discover=True, bind_all=True, port=5000))
    assert network.load_prefs().discover is True
    network.prefs_path().write_text('{"discover": "yes", "port": -4}')
    assert network.load_prefs() == network.NetPrefs()


def test_the_hosts_turn_clock_and_away_wait_are_kept_and_nonsense_is_the_default():
    from game.persist import network as net_slot

    prefs = net_slot.load_prefs()
    assert (prefs.turn_time, prefs.away_after) == (0, 60)
    prefs.turn_time, prefs.away_after = 120, 30
    net_slot.save_prefs(prefs)
    assert (net_slot.load_prefs().turn_time, net_slot.load_prefs().away_after) == (120, 30)
    import json

    net_slot.prefs_path().write_text(json.dumps({"turn_time": -4, "away_after": True}))
    assert (net_slot.load_prefs().turn_time, net_slot.load_prefs().away_after) == (0, 60)
