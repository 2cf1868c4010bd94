"""The turn clock and the away seats in the window: the seat panel of the person to act
shows the time they have left ("0:23" and a ring round its mark), counting down on this
laptop's clock from when the host's view arrived; when the host's clock plays a move for
a seat, the table says so; a seat whose person is away says for how long.  The host's
clock and the window's are injected: nothing sleeps to let time pass."""

from __future__ import annotations

import time
from functools import partial

import pytest
from app_driver import frames_until, step, window
from netkit import Clock, make_table

from game.app.table import seat_panel
from game.app.table.remote import NetworkMode
from game.app.table.seat_panel import clock_text
from game.net.carrier import HostServer
from game.net.client import Client
from game.net.remote_session import RemoteMatch

_settle = partial(frames_until, limit=3000, breath=0.002)


@pytest.fixture
def hosted(monkeypatch):
    from game.net import carrier

    monkeypatch.setattr(carrier, "TICK", 0.01)
    host_clock = Clock(100.0)
    session, table, _ = make_table(
        "sticheln", [True, True, False], seed=6, clock=host_clock, turn_time=30, away_after=60
    )
    server = HostServer(table, host="127.0.0.1").start()
    lines: list[Client] = []
    yield session, table, server, host_clock, lines
    for line in lines:
        line.close(timeout=1)
    server.stop()


def _confirmed(server, table, seats) -> bool:
    """Bounded: until each seat's window has acked its welcome (the seat is its person's for good)."""
    for _ in range(500):
        if server.ask(lambda: all(s in table.tokens and table.confirmed(s) for s in seats)):
            return True
        time.sleep(0.01)
    return False


def test_clock_text_reads_as_a_clock():
    assert [clock_text(s) for s in (0, 0.2, 9.5, 23, 59.01, 60, 80, 125)] == [
        "0:00",
        "0:01",
        "0:10",
        "0:23",
        "1:00",
        "1:00",
        "1:20",
        "2:05",
    ]


def test_the_panel_of_the_seat_to_act_shows_its_time_left_and_the_table_says_when_it_ran_out(hosted, monkeypatch):
    session, table, server, host_clock, lines = hosted
    here = Clock(5000.0)  # this window's own clock: nothing to do with the host's
    ana = Client(server.url, "Ana", code=table.code)
    ana.seat.clock = here
    ana.start()
    assert ana.wait(lambda s: s.view is not None)  # seat 0: Ana's window, before Bo dials
    bo = Client(server.url, "Bo", code=table.code)
    bo.seat.clock = here
    bo.start()
    lines += [ana, bo]
    assert ana.seat.seat == 0 and bo.wait(lambda s: s.view is not None)
    app = window(muted=True)
    screen = app.routes.remote_table(ana)
    mode = screen.mode
    assert isinstance(mode, NetworkMode)
    assert _settle(app, lambda: not ana.seat.inbox and not screen.stage.busy)
    current = screen.match.current
    assert current in (0, 1)
    drawn: list[str] = []
    real = seat_panel.blit_text

    def seen(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(seat_panel, "blit_text", seen)
    here.now += 7  # seven seconds pass at this window
    step(app)
    assert mode.seat_clock(current) == (pytest.approx(23.0, abs=0.2), 30.0)
    assert "0:23" in drawn
    other = 1 - current
    assert mode.seat_clock(other) is None and mode.seat_clock(2) is None  # only the seat to act has a clock
    assert 0 < mode.next_due() <= 1.0  # the window wakes for the next second, not every frame
    if current == 0:  # ours: ten seconds before the end, the table says so, once
        here.now += 14
        step(app)
        assert screen.message.text == "Only 10 seconds left for your move."
        screen.message.clear()
        step(app)
        assert screen.message.text == "" or not screen.message.showing
    # nobody moves: at the host the time runs out, its computer plays, and the table says so
    name = screen.name(current)
    host_clock.now += 30
    assert _settle(app, lambda: screen.match.position >= 1 and not ana.seat.inbox)
    assert session.match.moves[0][0] == current
    said = (
        "Your time ran out: the computer played for you."
        if current == 0
        else (f"Time ran out for {name}: the computer played for them.")
    )
    assert _settle(app, lambda: said in (screen.message.text,), limit=5)
    # the next person's clock starts afresh
    if screen.match.current in (0, 1):
        assert _settle(app, lambda: (c := mode.seat_clock(screen.match.current)) is not None and c[0] > 25)


def test_an_away_seat_says_for_how_long_and_is_played_by_a_computer(hosted, monkeypatch):
    session, table, server, host_clock, lines = hosted
    here = Clock(5000.0)
    ana = Client(server.url, "Ana", code=table.code)
    ana.seat.clock = here
    ana.start()
    assert ana.wait(lambda s: s.view is not None)  # seat 0: Ana's window, before Bo dials
    bo = Client(server.url, "Bo", code=table.code).start()
    lines += [ana, bo]
    assert ana.seat.seat == 0 and bo.wait(lambda s: s.view is not None)
    app = window(muted=True)
    screen = app.routes.remote_table(ana)
    mode = screen.mode
    assert isinstance(mode, NetworkMode)
    assert _confirmed(server, table, [0, 1])
    bo.close()  # Bo's line is down
    assert _settle(app, lambda: 1 in ana.seat.away_since)
    here.now += 80
    assert mode.seat_tag(1) == "away 1:20"
    host_clock.now += 61  # away long enough: a computer plays for Bo until he is back
    assert _settle(app, lambda: 1 in mode.session.computers)  # the view shown says so, not just the newest
    assert mode.seat_tag(1).startswith("away ")  # still away, played by the computer
    assert mode.waiting_for() is None  # nobody waits for him
    # on his turns the turn line says who plays for him
    monkeypatch.setattr(RemoteMatch, "current", property(lambda _match: 1))
    assert mode.status("Bo is thinking…") == "A computer plays for Bo while they are away…"
