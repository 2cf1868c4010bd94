"""Issue 23, memory that levels off: the statistics read a long history
without holding every replayed game at once and without replaying a file
again while it is unchanged, however much longer the history is than the
cache of replayed games (the soak's resident size climbed ~25 KiB a game
while every statistics reading replayed and held the whole history)."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest
from test_hardening_fuzz import played

from game.match import match as match_module
from game.persist import library, savefile, stats


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FIRESIDE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _history(n: int) -> list[Path]:
    return [library.archive(played("grinch", 2, seed)) for seed in range(1, n + 1)]


def test_statistics_replay_a_long_history_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(library, "_replays", library.LRU("library.replays", 2))  # far shorter than the history
    _history(6)
    replayed: list[object] = []
    real = library.from_data
    monkeypatch.setattr(library, "from_data", lambda data: replayed.append(1) or real(data))
    first = stats.load_stats()
    assert first["grinch"]["P0"].games == 6 and len(replayed) <= 2 * 6  # listed, then read
    replayed.clear()
    assert stats.load_stats() == first and stats.load_daily() == stats.load_daily()
    assert replayed == []  # nothing replayed again


def test_statistics_never_hold_every_replayed_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(library, "_replays", library.LRU("library.replays", 2))
    monkeypatch.setattr(stats, "_remembered", stats.LRU("stats.played", 100))
    _history(6)
    alive: list[weakref.ref[match_module.Match]] = []
    most = [0]
    real = library.from_data

    def counted(data: object) -> match_module.Match:
        made = real(data)
        alive.append(weakref.ref(made))
        gc.collect()
        most[0] = max(most[0], sum(ref() is not None for ref in alive))
        return made

    monkeypatch.setattr(library, "from_data", counted)
    library._cache.clear()
    gc.freeze()  # what earlier tests left in this process is not looked through at each collect (0.1 s, not 4)
    try:
        assert stats.load_stats()["grinch"]["P0"].games == 6
    finally:
        gc.unfreeze()
    assert most[0] <= 3  # the two the cache keeps and the one being read


def test_a_changed_file_is_read_again_and_copies_count_once(home: Path) -> None:
    first, second = _history(2)
    assert stats.load_stats()["grinch"]["P0"].games == 2
    copy = first.with_name("copy-" + first.name)
    copy.write_bytes(first.read_bytes())
    assert stats.load_stats()["grinch"]["P0"].games == 2  # the same game twice counts once
    other = played("grinch", 2, 99)
    savefile.save(second, other)  # the file now holds another game
    record = stats.load_stats()["grinch"]["P0"]
    assert record.games == 2 and other.state.scores()[0] in [s for _d, s in record.history]


def test_compute_takes_matches_or_what_was_kept_of_them() -> None:
    games = [("2024-01-0%d" % seed, played("sticheln", 4, seed)) for seed in (1, 2)]
    kept = [(day, stats.Played.of(m)) for day, m in games]
    assert stats.compute(games) == stats.compute(kept)
