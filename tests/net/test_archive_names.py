"""A network table's record carries the names people joined under: its slot
(`network/table.json`) while it is played, and the history once it is over (the
archive the autosaver writes), not the seats' defaults ("Player 2")."""

from __future__ import annotations

from netkit import finish
from test_lobby_seats import Windows

from game.net import hosting as net
from game.persist import library, network


def test_the_saved_and_the_archived_game_carry_the_names_people_joined_under():
    table = net.new_table("grinch", ["you", "open", "open", "easy"], ["", "", "", "Robo"], seed=4, think=False)
    table.reserve(0, "Host Hana")
    w = Windows(table)
    w.join("a", "Ana")
    w.join("b", "Bo\u202e")  # cleaned at the host: the record holds what every panel shows
    w.deliver(table.start())
    kept = net.saved(table, frozen=True)
    assert [s.name for s in kept.match.seats] == ["Host Hana", "Ana", "Bo", "Robo"]
    assert [s.human for s in kept.match.seats] == [True, True, True, False]
    assert table.session.match.seats == kept.match.seats  # the match played is dealt from the same seats
    network.write_table(kept)
    again = network.read_table()
    assert again is not None and [s.name for s in again.match.seats][:3] == ["Host Hana", "Ana", "Bo"]
    finish(table)
    keep = net.autosaver()
    keep(table)  # the game is over: into the history, the slot cleared
    assert keep.flush(10)
    (entry,) = library.list_history()
    archived = library.load_slot(entry.path)
    assert [s.name for s in archived.seats] == ["Host Hana", "Ana", "Bo", "Robo"]
    assert archived.moves == table.session.match.moves and network.read_table() is None
    assert library.history_file(table.session.match) == entry.path  # the game played finds its record


def test_a_seat_nobody_named_keeps_its_default_words():
    table = net.new_table("grinch", ["open", "open"], ["", ""], seed=4, think=False)
    w = Windows(table)
    w.join("a", "Ana")
    w.join("b", "")  # no name: the seat's default travels as a code
    kept = net.saved(table)
    assert [s.name for s in kept.match.seats] == ["Ana", "Player 2"]
