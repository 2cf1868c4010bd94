"""A friend reading a round summary when the host goes: the line's end is told at
once (the status line drops its last news for the host-gone words), the summary
steps aside so Try again and Back to the title are in reach, and it comes back
where it was once the window sits down again by itself.  Headless; every line
goes to 127.0.0.1; every loop is bounded."""

from __future__ import annotations

import socket
from functools import partial

import pytest
from app_driver import click_in_two_frames, frames_until, host_table, window
from test_host_closes_table import _friend_at, said

from game.app.scenes.summary import SummaryScene
from game.app.scenes.title import TitleScene
from game.app.table import voice
from game.app.table.remote import NetworkMode
from game.app.ui.score_table import ScoreSheet
from game.net import client as client_module
from game.net import hosting as net

pytestmark = pytest.mark.usefixtures("table_only_on_its_worker")  # as in tests/net

_click = partial(click_in_two_frames, dt=0.0)
NEWS = "Bo is away: a computer plays for them until they are back."


@pytest.fixture
def app():
    return window("Ana", muted=True)


def _reading_a_summary(app, table) -> SummaryScene:
    """The round's summary open over the friend's table, the last news still on its status line."""
    table.message.say(NEWS, voice.INFO, 600.0)  # (long: only the host's going may take its place)
    table.show_summary(ScoreSheet("Round 1 of 3 scored", ["Player", "Score"], [["Ana", "3"], ["Bo", "5"]]))
    app.step(0.0)
    summary = app.stack.top
    assert isinstance(summary, SummaryScene) and said(table) == NEWS
    return summary


def test_the_host_closing_the_table_is_told_over_a_summary_which_comes_back_when_it_reopens(app, monkeypatch):
    monkeypatch.setattr(client_module, "BACKOFF", (0.05, 0.3, 0.6))
    hosting = host_table("grinch", ["you", "open"], ["Ana", ""])
    port, reopened = hosting.port, None
    bo, table = _friend_at(app, hosting)
    mode = table.mode
    assert isinstance(mode, NetworkMode)
    try:
        summary = _reading_a_summary(app, table)
        save = net.saved(hosting.table)
        hosting.close()
        assert frames_until(app, lambda: mode.gone is not None and bo.next_try_in() is not None)
        app.step(0.0)
        assert said(table).startswith("Ana closed the table. Trying again")  # not the last news
        assert app.stack.top is table  # the summary stepped aside: the choices are in reach
        again, leave = mode.extra_widgets()
        assert (again.label, leave.label) == ("Try again", "Back to the title")
        reopened = net.Hosting(net.resumed(save), port=port, keep=False).start(any_port=False)
        _click(app, again.rect.center)
        assert frames_until(app, lambda: mode.gone is None and bo.seated and app.stack.top is summary)
        app.step(0.0)
        assert "closed" not in said(table) and mode.extra_widgets() == []
        assert [s for s in app.stack.scenes if isinstance(s, SummaryScene)] == [summary]  # once, where it was
        summary.buttons[0].action()  # Continue: the table is the friend's again
        assert app.stack.top is table
    finally:
        bo.close(timeout=1)
        (reopened or hosting).close()


def test_a_host_laptop_that_stops_answering_is_told_over_a_summary_and_leave_is_in_reach(app, monkeypatch):
    monkeypatch.setattr(client_module, "BACKOFF", (0.02, 0.05, 0.5))
    hosting = host_table("grinch", ["you", "open"], ["Ana", ""])
    bo, table = _friend_at(app, hosting)
    mode = table.mode
    assert isinstance(mode, NetworkMode)
    try:
        _reading_a_summary(app, table)
        with socket.socket() as sock:  # a port nobody answers on: the laptop is gone, no bye
            sock.bind(("127.0.0.1", 0))
            bo.url = f"ws://127.0.0.1:{sock.getsockname()[1]}"
        bo.drop()
        assert frames_until(app, lambda: mode.gone is not None)
        app.step(0.0)
        assert said(table).startswith("Ana's laptop stopped answering.") and "Trying again" in said(table)
        assert app.stack.top is table
        _again, leave = mode.extra_widgets()
        _click(app, leave.rect.center)
        assert isinstance(app.stack.top, TitleScene)
        assert not any(isinstance(s, SummaryScene) for s in app.stack.scenes)  # nothing comes back over the title
        assert frames_until(app, lambda: not bo.reconnecting)
    finally:
        bo.close(timeout=1)
        hosting.close()
