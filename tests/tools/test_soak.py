"""Issue 23: the soak reads memory the same way every time -- right after the
freed heap is handed back, once per game -- and reports each minute's median,
so that one reading at an unlucky instant (a table's surfaces alive, freed heap
not yet returned) cannot make a curve rise or fall; `--json` keeps the curve."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.tools import soak


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def fake_run(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """A soak whose games take 10 s of a fake clock each and whose memory readings are scripted."""
    clock = _Clock()
    seen: dict[str, Any] = {"trims": 0, "events": [], "readings": iter(())}

    def play(app: object, game_id: str, players: int, level: str, seed: int) -> object:
        clock.now += 10.0
        seen["events"].append("game")
        return object()

    def trim() -> bool:
        seen["trims"] += 1
        seen["events"].append("trim")
        return True

    def rss() -> float:
        seen["events"].append("read")
        return next(seen["readings"])

    monkeypatch.setattr(soak.time, "monotonic", clock)
    monkeypatch.setattr(soak, "_play_one", play)
    monkeypatch.setattr(soak, "trim_heap", trim)
    monkeypatch.setattr(soak, "rss_mib", rss)
    monkeypatch.setattr(soak, "_read_history", lambda with_stats: 0)
    monkeypatch.setattr("game.persist.library.archive", lambda match: None)
    return seen


def test_each_report_is_the_median_of_the_readings_after_each_games_trim(fake_run: dict[str, Any]) -> None:
    # the first report (before any game): its instant reading, then a settled one;
    # then per game one settled reading; each report also reads the instant
    fake_run["readings"] = iter(
        [40.0, 38.0]  # report at 0 s: now, settled
        + [100.0, 300.0, 110.0, 105.0, 90.0, 120.0]  # six games of the first minute (one wild reading)
        + [250.0]  # report at 60 s: now (mid-cleanup, high)
        + [108.0] * 6  # six games of the second minute
        + [260.0]  # report at 120 s: now
    )
    lines: list[str] = []
    reports = soak.soak(120, every=60, say=lines.append)
    assert [r["minute"] for r in reports] == [0.0, 1.0, 2.0]
    assert reports[0]["rss_mib"] == 38.0 and reports[0]["readings"] == 0
    first = reports[1]
    assert first["rss_mib"] == 107.5 and first["readings"] == 6  # the median: neither 300 nor 250
    assert (first["rss_low_mib"], first["rss_high_mib"], first["rss_now_mib"]) == (90.0, 300.0, 250.0)
    assert reports[2]["rss_mib"] == 108.0 and reports[2]["games"] == 12
    assert "median of 6" in lines[1] and len(lines) == 3
    events = fake_run["events"]
    game_at = [i for i, e in enumerate(events) if e == "game"]
    assert all(events[i + 1 : i + 3] == ["trim", "read"] for i in game_at)  # every reading right after a trim


def test_no_trim_reads_as_it_is(fake_run: dict[str, Any]) -> None:
    fake_run["readings"] = iter([50.0] * 20)
    reports = soak.soak(60, every=60, say=lambda line: None, trim=False)
    assert fake_run["trims"] == 0 and reports[-1]["rss_mib"] == 50.0


def test_json_keeps_the_curve(fake_run: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_run["readings"] = iter([70.0] * 40)
    out = tmp_path / "curve.json"
    assert soak.main(["--minutes", "2", "--json", str(out)]) == 0
    curve = json.loads(out.read_text(encoding="utf-8"))
    assert [r["rss_mib"] for r in curve] == [70.0, 70.0, 70.0] and curve[-1]["games"] == 12
    assert not list(tmp_path.glob(".*.tmp"))  # written atomically: no temporary left


def test_max_growth_compares_medians(fake_run: dict[str, Any]) -> None:
    fake_run["readings"] = iter([60.0] * 2 + ([100.0] * 6 + [400.0]) * 3 + [130.0] * 6 + [400.0])
    assert soak.main(["--minutes", "4", "--max-growth", "20"]) == 1  # 100 -> 130: grew 30
