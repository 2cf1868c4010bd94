"""Saves, slots, autosave, history, statistics and paths (issue 5), without a window.

Every test runs with FIRESIDE_HOME in its own tmp_path: nothing here touches
the real user folders.
"""

from __future__ import annotations

import json
import logging
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from persist_helpers import cases, game_length, new_match, play

from game.match.match import Match
from game.persist import library, paths, savefile, stats
from game.persist.errors import SaveError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FIRESIDE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def same_match(loaded: Match, original: Match) -> None:
    """Equal state, seats, options, moves, and the same undo history."""
    assert loaded.state.to_json() == original.state.to_json()
    assert loaded.state == original.state
    assert (loaded.game_id, loaded.seed, loaded.start, loaded.options) == (
        original.game_id,
        original.seed,
        original.start,
        original.options,
    )
    assert loaded.seats == original.seats
    assert [(seat, str(move)) for seat, move in loaded.moves] == [(seat, str(move)) for seat, move in original.moves]
    assert len(loaded._states) == len(original.moves) + 1
    assert [s.to_json() for s in loaded._states] == [s.to_json() for s in original._states]
    assert loaded.undo_target() == original.undo_target()


# -- round trip -------------------------------------------------------------------
@pytest.mark.parametrize("game_id,players", cases())
@pytest.mark.parametrize("when", ["mid", "end"])
def test_round_trip(game_id: str, players: int, when: str, tmp_path: Path) -> None:
    seed = 100 + players
    length = game_length(game_id, players, seed)
    moves = None if when == "end" else length // 2 + 1
    original = play(new_match(game_id, players, seed), random.Random(seed), moves)
    assert original.state.is_over == (when == "end")
    path = tmp_path / "game.json"
    savefile.save(path, original)
    loaded = savefile.load(path)
    same_match(loaded, original)
    if when == "mid":  # the loaded game goes on exactly like the original
        for rng_seed in (1, 2):
            a = play(loaded, random.Random(rng_seed), 5)
            b = play(original, random.Random(rng_seed), 5)
            assert a.state == b.state
            a.undo()
            b.undo()


def test_round_trip_keeps_options_and_text_seeds(tmp_path: Path) -> None:
    original = play(new_match("sticheln", 4, "family night", rounds=2, zero_trick="leader_takes"), random.Random(3), 30)
    savefile.save(tmp_path / "s.json", original)
    same_match(savefile.load(tmp_path / "s.json"), original)


def test_file_shape() -> None:
    match = play(new_match("avalanche", 3, 5), random.Random(5), 6)
    data = savefile.to_data(match)
    assert list(data) == [
        "format",
        "version",
        "app_version",
        "game",
        "options",
        "seed",
        "start",
        "seats",
        "moves",
        "saved_at",
    ]
    assert data["format"] == "fireside-save" and data["version"] == savefile.VERSION == 1
    assert data["seats"][0] == {"name": "Player 1", "human": True, "level": "easy"}
    assert all(isinstance(m, str) for m in data["moves"]) and len(data["moves"]) == 6
    assert data["saved_at"].endswith("+00:00")
    json.dumps(data, allow_nan=False)  # plain JSON


# -- damaged files ------------------------------------------------------------------
def good_data() -> dict:
    return savefile.to_data(play(new_match("sticheln", 4, 9), random.Random(9), 40))


def edited(**changes: object) -> dict:
    data = good_data()
    for key, value in changes.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return data


def swap_moves() -> dict:
    data = good_data()
    data["moves"][36], data["moves"][37] = data["moves"][37], data["moves"][36]
    return data


def bad_move(index: int, text: object) -> dict:
    data = good_data()
    data["moves"][index] = text
    return data


def over_the_end() -> dict:
    data = savefile.to_data(play(new_match("grinch", 2, 4), random.Random(4)))
    data["moves"].append("draw")
    return data


DAMAGED_DATA = {
    "a list": ([1, 2], "not a Fireside save (it holds a list, not an object)"),
    "no format": (edited(format=KeyError), "not a Fireside save (format None)"),
    "other format": (edited(format="tuxemon-save"), "not a Fireside save (format 'tuxemon-save')"),
    "newer": (edited(version=2), "newer Fireside (save version 2; this one reads up to 1)"),
    "version text": (edited(version="1"), "no version number (found '1')"),
    "version bool": (edited(version=True), "no version number"),
    "version unknown": (edited(version=-3), "save version -3 is unknown"),
    "unknown game": (edited(game="poker"), "unknown game 'poker'"),
    "game missing": (edited(game=KeyError), "the save has no 'game' field"),
    "seats not list": (edited(seats="four"), "'seats' should be a list, not 'four'"),
    "too few": (
        edited(seats=[{"name": "A", "human": True, "level": "easy"}] * 2),
        "this save has 2 seats; Sticheln is for 3 to 6 players",
    ),
    "too many": (edited(seats=[{"name": "A", "human": True, "level": "easy"}] * 7), "7 seats"),
    "level": (
        edited(seats=[{"name": "A", "human": False, "level": "godlike"}] * 4),
        "seat 1: unknown computer level 'godlike'",
    ),
    "human": (
        edited(seats=[{"name": "A", "human": "yes", "level": "easy"}] * 4),
        "seat 1: 'human' should be true or false",
    ),
    "no name": (edited(seats=[{"name": "  ", "human": True}] * 4), "seat 1 has no usable name"),
    "seat not object": (edited(seats=["A", "B", "C", "D"]), "seat 1 in the save is not"),
    "seed float": (edited(seed=1.5), "'seed' should be a whole number or text, not 1.5"),
    "seed bool": (edited(seed=False), "'seed' should be"),
    "start": (edited(start=4), "the starting seat 4 is not one of the 4 seats"),
    "options": (edited(options={"rounds": "many"}), "the game cannot be set up from this save"),
    "option unknown": (edited(options={"jokers": 2}), "unknown option jokers"),
    "option value": (edited(options={"rounds": [1]}), "option 'rounds' has a value a game cannot use"),
    "moves not list": (edited(moves="play red 4"), "'moves' should be a list of moves"),
    "move not text": (bad_move(3, 17), "move 4 is 17, not a move in words"),
    "move garbled": (bad_move(0, "fly away"), "move 1 'fly away' does not replay: "),
    "moves swapped": (swap_moves(), "move 37 '"),
    "after the end": (over_the_end(), "comes after the end of the game"),
    "date": (edited(saved_at="yesterday"), "the save's date 'yesterday' is not a date"),
    "app version": (edited(app_version=1), "'app_version' should be text"),
    "too many moves": (edited(moves=["x"] * (savefile.MAX_MOVES + 1)), "more than any game can have"),
}


@pytest.mark.parametrize("case", DAMAGED_DATA)
def test_damaged_data_is_one_line(case: str) -> None:
    data, message = DAMAGED_DATA[case]
    with pytest.raises(SaveError) as info:
        savefile.from_data(data)
    text = str(info.value)
    assert message in text
    assert "\n" not in text and len(text) < 300


def test_a_move_that_breaks_the_rules_names_the_move_and_rule() -> None:
    data = good_data()
    data["moves"][36], data["moves"][37] = data["moves"][37], data["moves"][36]
    with pytest.raises(SaveError, match=r"^move 37 '(pain|play) [a-z]+ \d+' does not replay: .+\(ST-[\d.]+\)$"):
        savefile.from_data(data)


DAMAGED_BYTES = {
    "empty": (b"", "is empty"),
    "blank": (b"  \n", "is empty"),
    "truncated": (None, "not valid JSON"),
    "garbled": (b'{"format": "fireside-save", "version": 1,,}', "not valid JSON"),
    "not utf-8": (b'{"format": "\xff\xfe"}', "not UTF-8 text (byte 12)"),
    "nan": (b'{"format": NaN}', "it holds NaN, which is not a number"),
    "deep": (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    "huge number": (b"[" + b"9" * 5000 + b"]", "a number thousands of digits long"),
}


@pytest.mark.parametrize("case", DAMAGED_BYTES)
def test_damaged_files_are_one_line(case: str, tmp_path: Path) -> None:
    raw, message = DAMAGED_BYTES[case]
    path = tmp_path / "bad.json"
    if raw is None:
        savefile.save(path, play(new_match("grinch", 3, 2), random.Random(2), 20))
        raw = path.read_bytes()[:-40]
    path.write_bytes(raw)
    with pytest.raises(SaveError) as info:
        savefile.load(path)
    assert message in str(info.value) and "\n" not in str(info.value)
    assert str(info.value).startswith("bad.json ")


def test_unreadable_paths(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="there is no file nothing.json"):
        savefile.load(tmp_path / "nothing.json")
    with pytest.raises(SaveError, match="is a folder"):
        savefile.load(tmp_path)


def test_a_bom_from_a_windows_editor_is_fine(tmp_path: Path) -> None:
    match = play(new_match("avalanche", 2, 1), random.Random(1), 10)
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(savefile.to_data(match)).encode())
    same_match(savefile.load(path), match)


def test_writing_to_a_folder_that_refuses_is_a_save_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(SaveError, match="cannot write game.json"):
        savefile.save(blocker / "game.json", new_match("grinch", 2))


# -- upgrades -------------------------------------------------------------------------
def as_version_0(data: dict) -> dict:
    """What the first draft of the format looked like: [seat, move] pairs, Unix time, no app version."""
    match = savefile.from_data(data)
    old = {k: v for k, v in data.items() if k not in ("app_version", "saved_at")}
    old.update(version=0, saved=1_700_000_000, moves=[[seat, str(move)] for seat, move in match.moves])
    return old


def test_version_0_is_upgraded() -> None:
    match = play(new_match("grinch", 4, 8), random.Random(8), 50)
    old = as_version_0(savefile.to_data(match))
    upgraded = savefile.UPGRADES[0](old)
    assert upgraded["version"] == 1 and upgraded["saved_at"] == "2023-11-14T22:13:20+00:00"
    assert upgraded["moves"] == [str(move) for _seat, move in match.moves]
    same_match(savefile.from_data(old), match)


def test_every_old_version_has_an_upgrade() -> None:
    assert sorted(savefile.UPGRADES) == list(range(savefile.VERSION))


@pytest.mark.parametrize(
    "moves,message",
    [
        ("draw", "moves are not a list"),
        ([["draw"]], "move 1 is not a [seat, move] pair"),
        ([[0, 5]], "move 1 is not a [seat, move] pair"),
    ],
)
def test_damaged_version_0(moves: object, message: str) -> None:
    old = as_version_0(savefile.to_data(new_match("grinch", 2)))
    old["moves"] = moves
    with pytest.raises(SaveError, match=message.replace("[", r"\[").replace("]", r"\]")):
        savefile.from_data(old)


def test_version_0_time_must_be_a_number() -> None:
    old = as_version_0(savefile.to_data(new_match("grinch", 2)))
    old["saved"] = "noon"
    with pytest.raises(SaveError, match="'saved' is not a number"):
        savefile.from_data(old)


# -- slots ------------------------------------------------------------------------------
def test_slots_save_list_load_delete(home: Path) -> None:
    first = play(new_match("sticheln", 3, 1), random.Random(1), 20)
    second = play(new_match("grinch", 5, 2), random.Random(2))
    path1 = library.save_slot("Tuesday", first)
    path2 = library.save_slot("Finished one", second)
    assert path1.parent == home / "data" / "saves"
    infos = {info.name: info for info in library.list_saves()}
    assert set(infos) == {"Tuesday", "Finished one"}
    tuesday = infos["Tuesday"]
    assert (tuesday.game, tuesday.players, tuesday.round, tuesday.finished, tuesday.error) == (
        "sticheln",
        3,
        first.state.round_number,
        False,
        None,
    )
    assert infos["Finished one"].finished and infos["Finished one"].round == second.state.round_number
    same_match(library.load_slot(path1), first)
    library.delete(path2)
    assert [info.name for info in library.list_saves()] == ["Tuesday"]
    library.delete(path2)  # already gone: nothing to do


def test_same_name_overwrites() -> None:
    one = library.save_slot("Game", play(new_match("avalanche", 3, 1), random.Random(1), 5))
    two = library.save_slot(" game ", play(new_match("avalanche", 3, 1), random.Random(1), 9))
    assert one == two
    [info] = library.list_saves()
    assert info.name == "game" and len(library.load_slot(two).moves) == 9


@pytest.mark.parametrize(
    "name,file",
    [
        ("Tom's game!", "tom-s-game.json"),
        ("../../etc/passwd", "etc-passwd.json"),
        ("CON", "con-save.json"),
        ("...", "save.json"),
        ("Partie à Noël", "partie-à-noël.json"),
        ("x" * 200, "x" * 60 + ".json"),
    ],
)
def test_slot_file_names_are_safe(name: str, file: str, home: Path) -> None:
    assert library.slot_file_name(name) == file
    path = library.save_slot(name, new_match("grinch", 2))
    assert path.parent == home / "data" / "saves"


def test_a_slot_needs_a_name() -> None:
    with pytest.raises(SaveError, match="give the save a name"):
        library.save_slot("   ", new_match("grinch", 2))


def test_a_damaged_slot_is_listed_with_its_reason_and_can_be_deleted(home: Path) -> None:
    good = library.save_slot("good", play(new_match("sticheln", 4, 3), random.Random(3), 12))
    bad = library.save_slot("bad", play(new_match("sticheln", 4, 3), random.Random(3), 12))
    data = json.loads(bad.read_text())
    data["moves"][5] = "play grey 99"
    bad.write_text(json.dumps(data))
    (home / "data" / "saves" / "garbage.json").write_bytes(b"\x00\x01garbage")
    infos = {info.path.name: info for info in library.list_saves()}
    assert infos[good.name].error is None
    assert infos[bad.name].error.startswith("move 6 'play grey 99' does not replay")
    assert (infos[bad.name].name, infos[bad.name].game, infos[bad.name].players) == ("bad", "sticheln", 4)
    assert "not UTF-8" in infos["garbage.json"].error or "not valid JSON" in infos["garbage.json"].error
    with pytest.raises(SaveError):
        library.load_slot(bad)
    library.delete(bad)
    library.delete(home / "data" / "saves" / "garbage.json")
    assert [info.path for info in library.list_saves()] == [good]


def test_listing_notices_a_changed_file() -> None:
    path = library.save_slot("x", play(new_match("grinch", 3, 1), random.Random(1), 3))
    assert library.list_saves()[0].error is None
    path.write_text("{")
    os.utime(path, ns=(time.time_ns() + 10**9, time.time_ns() + 10**9))  # a new mtime even on coarse clocks
    assert "not valid JSON" in library.list_saves()[0].error


def test_leftover_temp_files_are_not_listed_and_old_ones_are_swept(home: Path) -> None:
    library.save_slot("kept", new_match("grinch", 2))
    saves = home / "data" / "saves"
    fresh = saves / ".kept.json.abc123.tmp"
    stale = saves / ".kept.json.def456.tmp"
    for temp in (fresh, stale):
        temp.write_text('{"half": ')
    os.utime(stale, (1, 1))
    assert [info.name for info in library.list_saves()] == ["kept"]
    assert fresh.exists() and not stale.exists()  # a write in progress elsewhere is left alone


# -- autosave ----------------------------------------------------------------------------
def test_autosave_round_trip(home: Path) -> None:
    stale = home / "data" / ".autosave.json.x1y2.tmp"
    stale.parent.mkdir(parents=True)
    stale.write_text("{")
    os.utime(stale, (1, 1))
    assert library.read_autosave() is None
    assert not stale.exists()
    match = play(new_match("avalanche", 4, 6), random.Random(6), 25)
    library.write_autosave(match)
    assert (home / "data" / "autosave.json").exists()
    same_match(library.read_autosave(), match)
    library.clear_autosave()
    assert library.read_autosave() is None
    library.clear_autosave()  # nothing there: fine


def test_a_damaged_autosave_is_moved_aside(home: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Each damaged autosave keeps its own name (a second never overwrites the
    first), and the caller is told the name, to say it to the player."""
    path = home / "data" / "autosave.json"
    told: list[str] = []
    for seed in (6, 7):
        library.write_autosave(play(new_match("avalanche", 4, seed), random.Random(seed), 25))
        path.write_bytes(path.read_bytes()[: 100 + seed])
        assert library.read_autosave(told.append) is None
        assert not path.exists()
    kept = sorted(p.name for p in (home / "data").glob(library.DAMAGED_PREFIX + "*.json"))
    assert len(kept) == 2 and sorted(told) == kept
    assert [len((home / "data" / name).read_bytes()) for name in told] == [106, 107]
    assert "autosave is damaged" in caplog.text
    assert library.read_autosave(told.append) is None and len(told) == 2


# -- history and statistics ----------------------------------------------------------------
def finished(game_id: str, players: int, seed: int) -> Match:
    return play(new_match(game_id, players, seed), random.Random(seed))


def test_archive_and_history(home: Path) -> None:
    with pytest.raises(ValueError):
        library.archive(new_match("grinch", 2))
    paths_ = [library.archive(finished("grinch", 2, seed)) for seed in (1, 2, 3)]
    assert len(set(paths_)) == 3 and all(p.parent == home / "data" / "history" for p in paths_)
    history = library.list_history()
    assert len(history) == 3 and all(info.finished and info.error is None for info in history)
    assert library.list_saves() == []


def test_compute_statistics() -> None:
    games = [("2024-01-0%d" % (i + 1), finished("sticheln", 4, seed)) for i, seed in enumerate((1, 2, 3))]
    games.append(("2024-01-09", play(new_match("sticheln", 4, 5), random.Random(5), 10)))  # unfinished
    records = stats.compute(reversed(games))
    assert set(records) == {"sticheln"}
    assert set(records["sticheln"]) == {"Player 1", "Player 3"}  # humans only
    ann = records["sticheln"]["Player 1"]
    scores = [m.state.scores()[0] for _date, m in games[:3]]
    assert ann.games == 3 and ann.history == list(zip(["2024-01-01", "2024-01-02", "2024-01-03"], scores))
    assert ann.best == max(scores) and ann.average == pytest.approx(sum(scores) / 3)
    assert ann.wins == sum(0 in m.state.winners() for _date, m in games[:3])


def test_load_stats_reads_the_history_and_follows_deletions(home: Path) -> None:
    assert stats.load_stats() == {}
    kept = library.archive(finished("avalanche", 3, 1))
    gone = library.archive(finished("avalanche", 3, 2))
    (home / "data" / "history" / "broken.json").write_text("[")
    assert stats.load_stats()["avalanche"]["Player 1"].games == 2
    library.delete(gone)
    record = stats.load_stats()["avalanche"]["Player 1"]
    assert record.games == 1 and record.history[0][1] == savefile.load(kept).state.scores()[0]


# -- where files live ------------------------------------------------------------------------
def test_fireside_home_holds_everything(home: Path) -> None:
    from game.persist import logs, settings

    log_file = logs.setup_logging()
    try:
        match = finished("grinch", 2, 1)
        library.write_autosave(match)
        library.save_slot("one", match)
        library.archive(match)
        settings.save_settings(settings.Settings(speed="fast"))
        logging.getLogger("game.persist").warning("hello from the test")
    finally:
        for handler in list(logging.getLogger().handlers):
            if getattr(handler, "_fireside", False):
                logging.getLogger().removeHandler(handler)
                handler.close()
    assert log_file == home / "logs" / "fireside.log"
    assert "hello from the test" in log_file.read_text()
    files = sorted(str(p.relative_to(home)) for p in home.rglob("*") if p.is_file())
    assert files[0] == "config/settings.json" and files[1] == "data/autosave.json"
    assert files[2].startswith("data/history/") and files[3:] == ["data/saves/one.json", "logs/fireside.log"]
    assert paths.saves_dir() == home / "data" / "saves"


@pytest.mark.skipif(sys.platform != "linux", reason="XDG folders are the Linux convention")
def test_without_fireside_home_platformdirs_decides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FIRESIDE_HOME")
    for var, sub in (("XDG_DATA_HOME", "share"), ("XDG_CONFIG_HOME", "config"), ("XDG_STATE_HOME", "state")):
        monkeypatch.setenv(var, str(tmp_path / sub))
    assert paths.data_dir() == tmp_path / "share" / "Fireside"
    assert paths.config_dir() == tmp_path / "config" / "Fireside"
    assert paths.log_dir() == tmp_path / "state" / "Fireside" / "log"
    assert paths.settings_path() == tmp_path / "config" / "Fireside" / "settings.json"


def test_persistence_never_imports_pygame() -> None:
    code = (
        "import sys; import game.persist.library, game.persist.settings, game.persist.stats, "
        "game.persist.logs; assert 'pygame' not in sys.modules, 'pygame was imported'"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=60)


# -- command line ------------------------------------------------------------------------------
def fireside(*args: str, home: Path, **env: str) -> subprocess.CompletedProcess:
    environ = {**os.environ, "FIRESIDE_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **env}
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, env=environ, capture_output=True, text=True, timeout=300
    )


def test_check_save_accepts_a_good_file(tmp_path: Path, home: Path) -> None:
    path = tmp_path / "good.json"
    savefile.save(path, play(new_match("sticheln", 5, 4), random.Random(4), 33))
    run = fireside("check-save", str(path), home=home)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == f"{path}: ok: Sticheln, 5 players, 33 moves, round 1, in progress"
    assert run.stderr == ""


@pytest.mark.parametrize(
    "damage,reason",
    [
        ("missing", "there is no file"),
        ("truncated", "not valid JSON"),
        ("illegal", "does not replay"),
    ],
)
def test_check_save_refuses_a_bad_file(damage: str, reason: str, tmp_path: Path, home: Path) -> None:
    path = tmp_path / "bad.json"
    if damage != "missing":
        savefile.save(path, play(new_match("grinch", 3, 4), random.Random(4), 33))
        data = path.read_text()
        if damage == "truncated":
            path.write_text(data[: len(data) // 2])
        else:
            loaded = json.loads(data)
            loaded["moves"][2] = "score rainbow"
            path.write_text(json.dumps(loaded))
    run = fireside("check-save", str(path), home=home)
    assert run.returncode == 2
    assert run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"fireside: {path}: ") and reason in lines[0]


@pytest.mark.slow  # a whole demo game in a subprocess, as test_deal_code's demo test
def test_demo_save_writes_a_file_check_save_accepts(tmp_path: Path, home: Path) -> None:
    path = tmp_path / "demo.json"
    run = fireside(
        "demo",
        "--game",
        "avalanche",
        "--players",
        "2",
        "--seed",
        "3",
        "--speed",
        "off",
        "--exit-at-end",
        "--save",
        str(path),
        home=home,
    )
    assert run.returncode == 0, run.stderr
    match = savefile.load(path)
    assert match.state.is_over and match.seed == 3 and not any(seat.human for seat in match.seats)
    check = fireside("check-save", str(path), home=home)
    assert check.returncode == 0 and "ok: Avalanche, 2 players" in check.stdout and "finished" in check.stdout


def test_a_home_that_cannot_be_created_degrades_quietly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a folder")
    monkeypatch.setenv("FIRESIDE_HOME", str(blocker / "home"))
    assert library.list_saves() == [] and library.list_history() == []
    assert library.read_autosave() is None and stats.load_stats() == {}
    library.clear_autosave()
    for write in (lambda m: library.save_slot("x", m), library.write_autosave, library.archive):
        with pytest.raises(SaveError, match="^cannot create the folder "):
            write(finished("grinch", 2, 1))
