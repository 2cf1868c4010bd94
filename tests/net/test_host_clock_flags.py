"""`fireside host --turn-time SECONDS --away-after SECONDS`: checked with a clear message,
handed to the table, and what the clock does said on the host's terminal."""

from __future__ import annotations

import errno

import pytest

from game.common.person_name import seat_code
from game.net import hosting as net
from game.net.authority import Snapshot
from game.tools import cli
from game.tools.cli import main


@pytest.mark.parametrize("flag", ["--turn-time", "--away-after"])
@pytest.mark.parametrize("bad", ["abc", "-5", "2", "nan", "inf", "99999", ""])
def test_a_bad_number_of_seconds_is_refused_plainly_before_any_table_opens(flag, bad, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--lang", "en", "host", "--game", "grinch", "--players", "3", flag, bad])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    what = "a turn time" if flag == "--turn-time" else "an away time"
    assert f"is not {what}: 0 (off) or 5 to 3600 seconds" in err and "Traceback" not in err


def _opened(monkeypatch, args):
    """The table `fireside host ARGS` makes (its server never opens)."""
    made = []
    real = net.new_table

    def new_table(*a, **kw):
        made.append(real(*a, **kw))
        return made[-1]

    def refuse(self, any_port=True):
        raise OSError(errno.EACCES, "not here")

    monkeypatch.setattr(net, "new_table", new_table)
    monkeypatch.setattr(net.Hosting, "start", refuse)
    assert main(["--lang", "en", "host", "--game", "grinch", "--players", "3", "--port", "0", *args]) == 1
    return made[0]


def test_the_flags_reach_the_table_and_the_defaults_are_no_clock_and_a_minute_away(monkeypatch, capsys):
    table = _opened(monkeypatch, ["--turn-time", "45", "--away-after", "90"])
    assert table.turn_time == 45 and table.away_after == 90 and table.ticks
    table = _opened(monkeypatch, [])
    assert table.turn_time is None and table.away_after == 60
    table = _opened(monkeypatch, ["--turn-time", "0", "--away-after", "0"])
    assert table.turn_time is None and table.away_after is None and not table.ticks


def _snap(**kw):
    base = dict(
        code="K3M9QP",
        game="grinch",
        names=["Ana", "\x1b[2JBo", seat_code(2)],
        people=[0, 1, 2],
        connected=[0, 2],
        away=[],
        computers=[1],
        open=[],
        watchers=0,
        started=True,
        over=False,
        moves=4,
        current=2,
        scores=[],
    )
    base.update(kw)
    return Snapshot(**base)


def test_the_terminal_says_whose_time_ran_out_and_who_is_away_once_each(capsys):
    before = _snap()
    now = _snap(timed_out=(4, 2), stand_ins=[1], away_for={1: 61.0})
    cli._say_changes(before, now)
    out = capsys.readouterr().out
    assert "Time ran out for Player 3: the computer played for them." in out
    assert "away: a computer plays for them until they are back." in out and "\x1b" not in out
    cli._say_changes(now, _snap(timed_out=(4, 2), stand_ins=[1], moves=5))
    assert capsys.readouterr().out == ""  # said once
