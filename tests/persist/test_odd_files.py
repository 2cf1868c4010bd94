"""Issue 18: odd files and unwritable folders, each reproduced by a file the
test builds.  Nothing freezes, nothing bounces a screen, nothing is lost or
hidden in silence; every reason is one short line a player can read.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import os
import random
import threading
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from persist_helpers import new_match, play
from table_driver import make_app

from game.app.scenes.history import HistoryScene
from game.app.scenes.save_elsewhere import AutosaveFailedScene, SaveToFolderScene
from game.app.scenes.saves import LoadScene, SaveNameScene
from game.app.scenes.settings import SettingsScene
from game.app.scenes.stats import StatsScene
from game.app.scenes.title import TitleScene
from game.app.shell.app import App
from game.common.printable import MAX_REASON, MAX_SHOWN
from game.match.match import Match
from game.persist import SaveError, library, logs, paths, savefile, settings, stats
from game.tools import cli

HAS_FIFO = hasattr(os, "mkfifo")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FIRESIDE_HOME", str(tmp_path / "home"))
    library._cache.clear()
    return tmp_path / "home"


def saves() -> Path:
    return paths.saves_dir()


def history() -> Path:
    return paths.history_dir()


def finished(seed: int = 1, game: str = "grinch", players: int = 3) -> Match:
    return play(new_match(game, players, seed), random.Random(seed))


def data_of(match: Match, **changes: object) -> dict:
    data = savefile.to_data(match)
    data.update(changes)
    return data


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=True), encoding="utf-8")
    return path


def check_save(path: Path) -> tuple[int, str, str]:
    """check-save in this process: (exit code, stdout, stderr), the file's path taken out of both."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(["check-save", str(path)])
    return code, out.getvalue().replace(str(path), "FILE"), err.getvalue().replace(str(path), "FILE")


def one_line(text: str) -> bool:
    return bool(text) and "\n" not in text and len(text) <= MAX_REASON and text.isprintable()


def screens(app: App) -> list:
    """Load, History and Statistics, each opened and drawn from the title: none may bounce."""
    shown = []
    for make in (LoadScene, HistoryScene, StatsScene):
        app.replace(TitleScene(app))
        scene = make(app)
        app.push(scene)
        app.step_safely(1 / 30, events=[])
        assert app.stack.top is scene, f"{make.__name__} bounced"
        assert app.failures == 0
        shown.append(scene)
    return shown


def app_for_screens() -> App:
    return make_app("sticheln", [True, False, False])[0]


# -- 1. numbers too big for a float ------------------------------------------------------------
@pytest.mark.parametrize("field", ["volume", "ui_scale"])
def test_a_whole_number_too_big_for_a_float_gives_the_default(field: str) -> None:
    path = paths.settings_path()
    path.write_text('{"%s": %s, "speed": "fast"}' % (field, "1" * 310), encoding="utf-8")
    loaded = settings.load_settings()
    assert getattr(loaded, field) == getattr(settings.Settings(), field) and loaded.speed == "fast"


def test_settings_of_odd_types_and_characters_never_raise() -> None:
    path = paths.settings_path()
    write(path, {"language": [], "speed": {}, "level": [1], "names": ["A\ud800", "B\x00", "ok"], "volume": -(10**400)})
    assert settings.load_settings() == settings.Settings()


# -- 2. a lone surrogate or a NUL --------------------------------------------------------------
ODD = ["\ud800", "\x00", "a\udfffb\x00c"]


@pytest.mark.parametrize("odd", ODD)
def test_odd_characters_in_names_and_moves_never_bounce_a_screen(odd: str) -> None:
    match = play(new_match("sticheln", 3, 4), random.Random(4), 12)
    good = library.save_slot("good", match)
    write(saves() / "slot-name.json", data_of(match, name=odd + "name"))
    seats = data_of(match)["seats"]
    seats[0]["name"] = "Ana" + odd
    write(saves() / "seat-name.json", data_of(match, seats=seats))
    moves = data_of(match)["moves"]
    moves[3] = "play " + odd
    write(saves() / "move.json", data_of(match, moves=moves))
    done = finished(5)
    library.archive(done)
    seats = data_of(done)["seats"]
    seats[0]["name"] = odd + "Mina"
    seats[0]["human"] = True
    write(history() / "odd-seat.json", data_of(done, seats=seats))
    infos = {info.path.name: info for info in library.list_saves()}
    assert set(infos) == {good.name, "slot-name.json", "seat-name.json", "move.json"}
    assert all(info.name.isprintable() for info in infos.values())
    assert infos["move.json"].error and one_line(infos["move.json"].error)
    app = app_for_screens()
    load, hist, stat = screens(app)
    assert len(load.slots) == 4 and len(hist.slots) == 2
    assert any("Mina" in name for name in stat.stats["grinch"])
    load.open(infos[good.name])  # the good save still opens beside the odd ones
    assert app.stack.top is not load and app.failures == 0
    for path in (saves() / "slot-name.json", saves() / "seat-name.json", saves() / "move.json"):
        _code, out, err = check_save(path)
        assert one_line((out + err).strip().removeprefix("fireside: FILE: "))


# -- 3. a megabyte of name or move -------------------------------------------------------------
def test_a_megabyte_of_name_is_cut_for_display_and_a_reason_stays_short() -> None:
    match = play(new_match("avalanche", 2, 3), random.Random(3), 10)
    write(saves() / "long-name.json", data_of(match, name="N" * 1_000_000))
    moves = data_of(match)["moves"]
    moves[2] = "play " + "Q" * 1_000_000
    long_move = write(saves() / "long-move.json", data_of(match, moves=moves))
    infos = {info.path.name: info for info in library.list_saves()}
    assert len(infos["long-name.json"].name) == MAX_SHOWN and infos["long-name.json"].name.endswith("…")
    assert one_line(infos["long-move.json"].error)
    code, _out, err = check_save(long_move)
    assert code == 2 and err.startswith("fireside: FILE: ") and one_line(err.strip()[16:])
    screens(app_for_screens())


# -- 4. named pipes ---------------------------------------------------------------------------
def run_within(seconds: float, job) -> object:
    """`job()`, failing (not hanging) if it does not finish in time."""
    result: list = []
    worker = threading.Thread(target=lambda: result.append(job()), daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():  # unblock it, so the test process can end
        pytest.fail(f"{job} hung")
    return result[0] if result else None


@pytest.mark.skipif(not HAS_FIFO, reason="no named pipes here")
def test_a_named_pipe_is_refused_at_once(home: Path) -> None:
    os.mkfifo(paths.autosave_path())
    os.mkfifo(paths.settings_path())
    os.mkfifo(saves() / "pipe.json")
    told: list[str] = []
    assert run_within(5, lambda: library.read_autosave(told.append)) is None
    assert told and told[0].startswith(library.DAMAGED_PREFIX)
    assert run_within(5, settings.load_settings) == settings.Settings()
    code, _out, err = run_within(5, lambda: check_save(saves() / "pipe.json"))
    assert code == 2 and "pipe" in err and one_line(err.strip())
    infos = run_within(5, library.list_saves)
    assert [info.path.name for info in infos] == ["pipe.json"] and "pipe" in infos[0].error


# -- 5. far-off dates ---------------------------------------------------------------------------
@pytest.mark.parametrize("when", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00"])
def test_a_far_off_date_is_refused_and_never_bounces(when: str) -> None:
    match = finished(2)
    write(saves() / "far.json", data_of(match, saved_at=when))
    write(history() / "far.json", data_of(match, saved_at=when))
    code, _out, err = check_save(saves() / "far.json")
    assert code == 2 and "date" in err
    screens(app_for_screens())


def test_a_far_but_valid_date_is_shown() -> None:
    write(history() / "old.json", data_of(finished(2), saved_at="0001-01-02T00:00:00+00:00"))
    assert library.list_history()[0].error is None
    _load, hist, stat = screens(app_for_screens())
    assert stat.stats and hist.slots


# -- 6. an unwritable home folder ---------------------------------------------------------------
def test_an_unwritable_home_is_said_once_and_the_game_can_be_saved_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the home folder should be")
    monkeypatch.setenv("FIRESIDE_HOME", str(blocked))
    app, table = make_app("sticheln", [True, False, False], seed=3)
    for _ in range(6):  # moves: each autosave fails, the notice comes once
        table.turns.play(table.match.state.legal_moves()[0])
    notices = [s for s in app.stack.scenes if isinstance(s, AutosaveFailedScene)]
    assert len(notices) == 1 and "cannot create the folder" in notices[0].reason
    app.step_safely(1 / 30, events=[])
    notices[0].close()
    # Menu -> Save game: the prompt stays, with the reason, and offers Save to…
    from game.app.scenes.menu import MenuScene

    menu = MenuScene(app, table)
    app.push(menu)
    menu.save_game()
    prompt = app.stack.top
    assert isinstance(prompt, SaveNameScene)
    app.step_safely(1 / 30, events=[])
    app.step_safely(
        1 / 30, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)]
    )
    assert app.stack.top is prompt and app.failures == 0
    assert "cannot create the folder" in prompt.error  # Enter shows the reason, as a click does
    labels = [b.label for b in prompt.buttons]
    assert "Save to…" in labels
    prompt.save_elsewhere()
    folder_prompt = app.stack.top
    assert isinstance(folder_prompt, SaveToFolderScene)
    app.step_safely(1 / 30, events=[])
    folder_prompt.field.text = str(tmp_path / "missing")
    folder_prompt.save()
    assert app.stack.top is folder_prompt and "there is no folder" in folder_prompt.error
    (tmp_path / "usb").mkdir()
    folder_prompt.field.text = str(tmp_path / "usb")
    folder_prompt.save()
    assert app.stack.top is menu and str(tmp_path / "usb") in menu.note
    [saved] = list((tmp_path / "usb").glob("*.json"))
    again = savefile.load(saved)
    assert [str(m) for _s, m in again.moves] == [str(m) for _s, m in table.match.moves]
    # From now on every move goes to that file too, without another notice.
    app.stack.remove(menu)
    for _ in range(3):
        table.turns.play(table.match.state.legal_moves()[0])
    assert not any(isinstance(s, AutosaveFailedScene) for s in app.stack.scenes)
    again = savefile.load(saved)
    assert [str(m) for _s, m in again.moves] == [str(m) for _s, m in table.match.moves]
    assert json.loads(saved.read_text())["name"] == prompt.field.text
    assert app.failures == 0


def test_settings_that_cannot_be_saved_are_said_on_the_settings_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("x")
    monkeypatch.setenv("FIRESIDE_HOME", str(blocked))
    app = app_for_screens()
    scene = SettingsScene(app)
    app.push(scene)
    scene.set_speed("fast")
    scene.set_speed("slow")
    app.step_safely(1 / 30, events=[])
    assert app.settings_unsaved.startswith("cannot create the folder")
    saving = [
        r for r in caplog.records if r.name == "game.app.shell.app"
    ]  # (the relay line reads the network file too)
    assert sum("cannot create the folder" in r.getMessage() for r in saving) == 1  # logged once, not per change


# -- 8. a kill between archiving and clearing the autosave ---------------------------------------
def test_a_kill_after_archiving_never_counts_the_game_twice() -> None:
    match = finished(7)
    before_end = Match(match.game_id, match.seats, match.seed, match.start, dict(match.options))
    for _seat, move in match.moves[:-1]:
        before_end.apply(move)
    library.write_autosave(before_end)  # what the autosave held when the last move was made
    first = library.archive(match)  # ... archived, then killed before clear_autosave
    assert library.read_autosave() is None and not paths.autosave_path().exists()
    assert library.archive(match) == first  # archiving the same game again finds it
    assert len(library.list_history()) == 1
    (history() / "copy.json").write_bytes(first.read_bytes())  # a copied file counts once too
    record = stats.load_stats()["grinch"]["Player 1"]
    assert record.games == 1


# -- 10. the smaller edges ------------------------------------------------------------------------
def test_a_full_disk_says_so_once_instead_of_a_traceback_per_line(capsys: pytest.CaptureFixture) -> None:
    logs.setup_logging()
    root = logging.getLogger()
    handler = next(h for h in root.handlers if getattr(h, "_fireside", False))
    try:
        assert isinstance(handler, logging.StreamHandler)
        handler.stream = open(os.devnull if not os.path.exists("/dev/full") else "/dev/full", "w")  # noqa: SIM115
        for n in range(20):
            logging.getLogger("game").warning("line %d", n)
    finally:
        root.removeHandler(handler)
        with contextlib.suppress(OSError):  # closing flushes into the full disk once more
            handler.close()
    err = capsys.readouterr().err
    if os.path.exists("/dev/full"):
        assert err.count("\n") == 1 and "cannot write the log" in err and "Traceback" not in err


def test_temp_files_left_in_the_config_folder_are_swept() -> None:
    folder = paths.config_dir()
    for n in range(15):
        temp = folder / f".settings.json.{n}.tmp"
        temp.write_text("{")
        os.utime(temp, (1, 1))
    settings.load_settings()
    assert list(folder.glob("*.tmp")) == []


def test_folders_and_dangling_links_named_json_are_listed_as_damaged() -> None:
    (saves() / "folder.json").mkdir()
    (history() / "folder.json").mkdir()
    try:
        (saves() / "dangling.json").symlink_to(saves() / "nowhere.json")
    except OSError:
        pytest.skip("no symbolic links here")
    library.save_slot("good", new_match("grinch", 2))
    infos = {info.path.name: info for info in library.list_saves()}
    assert set(infos) == {"folder.json", "dangling.json", "good.json"}
    assert "folder" in infos["folder.json"].error
    assert "link" in infos["dangling.json"].error
    assert [info.path.name for info in library.list_history()] == ["folder.json"]
    load, _hist, _stat = screens(app_for_screens())
    assert len(load.slots) == 3
    library.delete(saves() / "folder.json")
    library.delete(saves() / "dangling.json")
    assert [info.path.name for info in library.list_saves()] == ["good.json"]


PYTHON_WORDS = (
    "sys.",
    "int_max_str_digits",
    "utf-8-sig",
    "keyword argument",
    "NoneType",
    "Traceback",
    "Expecting",
    "literal",
    "object",
    "positional",
)


@pytest.mark.parametrize(
    "raw",
    [
        b"\xef\xbb\xbf\xef\xbb\xbf{}",  # two BOMs
        b"\xff\xfe{\x00}\x00",  # UTF-16
        b'{"format": "fireside-save", "version": ' + b"9" * 5000 + b"}",
        b'{"format": "fireside-save", "version": 1, "x": [1, 2',
    ],
    ids=["double-bom", "utf-16", "digits", "truncated"],
)
def test_byte_level_reasons_are_in_player_words(raw: bytes) -> None:
    path = saves() / "odd.json"
    path.write_bytes(raw)
    with pytest.raises(SaveError) as info:
        savefile.load(path)
    text = str(info.value)
    assert one_line(text) and not any(word in text for word in PYTHON_WORDS), text


@pytest.mark.parametrize("options", [{"start": 1}, {"players": 3}, {"seed": 4}, {"rounds": 0}, "seed"])
def test_options_named_like_arguments_are_refused_in_player_words(options: dict | str) -> None:
    data = data_of(new_match("sticheln", 4, 1), options=options)
    if options == "seed":  # a seed text no shuffle can take
        data.update(options={}, seed="a\udfffb")
    with pytest.raises(SaveError) as info:
        savefile.from_data(data)
    text = str(info.value)
    assert one_line(text) and not any(word in text for word in PYTHON_WORDS), text


def test_reasons_are_translated(monkeypatch: pytest.MonkeyPatch) -> None:
    from game import i18n

    path = saves() / "odd.json"
    path.write_bytes(b"\xff\xfe{\x00}\x00")
    for code in ("ko", "ca", "pa"):
        i18n.set_language(code)
        with pytest.raises(SaveError) as info:
            savefile.load(path)
        assert "UTF-16" in str(info.value) and "saved as UTF-16 text" not in str(info.value), code


@pytest.mark.skipif(not HAS_FIFO, reason="no named pipes here")
def test_a_named_pipe_as_the_log_file_never_blocks_the_start(home: Path) -> None:
    os.mkfifo(paths.log_dir() / logs.LOG_NAME)
    root = logging.getLogger()
    try:
        assert run_within(5, logs.setup_logging) == Path(logs.LOG_NAME)  # standard error instead
    finally:
        for handler in [h for h in root.handlers if getattr(h, "_fireside", False)]:
            root.removeHandler(handler)


def test_continue_with_odd_seat_names_opens_the_table() -> None:
    match = play(new_match("grinch", 3, 2), random.Random(2), 9)
    data = data_of(match)
    data["seats"][0]["name"] = "Ana\x00\ud800"
    data["seats"][1]["name"] = "\u202eMina"
    write(paths.autosave_path(), data)
    app = app_for_screens()
    title = TitleScene(app)
    app.replace(title)
    assert title.saved is not None and all(seat.name.isprintable() for seat in title.saved.seats)
    app.step_safely(1 / 30, events=[])
    title.continue_game()
    for _ in range(3):
        app.step_safely(1 / 30, events=[])
    assert app.failures == 0 and not isinstance(app.stack.top, TitleScene)


@pytest.mark.parametrize("data", [[1, 2], "save", 3, 2.5, True, None])
def test_a_file_that_holds_no_object_says_what_it_holds_in_words(data: object) -> None:
    with pytest.raises(SaveError) as info:
        savefile.from_data(data)
    text = str(info.value)
    assert not any(name in text for name in ("str", "int", "float", "bool", "NoneType")), text


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_data_folder_without_saves_keeps_the_game_on_the_table(home: Path) -> None:
    data = paths.data_dir()
    data.chmod(0o555)
    try:
        app, table = make_app("grinch", [True, False, False], seed=4)
        table.turns.play(table.match.state.legal_moves()[0])
        assert isinstance(app.stack.top, AutosaveFailedScene)
        app.stack.top.close()
        prompt = SaveNameScene(app, table.match)
        app.push(prompt)
        app.step_safely(1 / 30, events=[])
        prompt.save()
        app.step_safely(1 / 30, events=[])
        assert app.stack.top is prompt and prompt.error and app.failures == 0
    finally:
        data.chmod(0o755)
