"""Issue 23: "Save to…" with a folder name part over 255 bytes keeps the game
with a clear message; no file Fireside writes (desktop entry, icons, saves,
settings, history, logs) is written through a link planted at its temporary
or final path; the icons never stay when the .desktop step fails."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest
from table_driver import make_app

from game.app.scenes.save_elsewhere import SaveToFolderScene
from game.persist import SaveError, atomic, library, logs, paths, savefile, settings
from game.tools import desktop_entry

POSIX = os.name == "posix"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FIRESIDE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.mark.parametrize(
    "typed",
    [
        "/tmp/" + "a" * 300,
        "/tmp/" + "é" * 190 + "/x",
        "~" + "u" * 300,
        "~nosuchuser-fireside",
        "/tmp/a\x00b",
        "x" * 5000,
    ],
)
def test_save_to_a_folder_name_too_long_says_so_and_keeps_the_game(typed: str) -> None:
    app, table = make_app("sticheln", [True, False, False], 3)
    for _ in range(3):
        table.turns.play(table.match.state.legal_moves()[0])
    prompt = SaveToFolderScene(app, table.match, "My game")
    app.push(prompt)
    app.step(1 / 30, events=[], flip=False)
    prompt.field.all_selected = True
    prompt.field.insert(typed)  # as typed or pasted
    prompt.save()
    app.step(1 / 30, events=[], flip=False)
    assert app.stack.top is prompt and prompt.error and prompt.error.isprintable()
    assert len(prompt.error) <= 200 and table in app.stack.scenes and app.failures == 0


def test_save_to_folder_turns_an_os_error_into_one_line() -> None:
    match = make_app("grinch", [True, False], 1)[1].match
    with pytest.raises(SaveError, match="File name too long|cannot use the folder"):
        library.save_to_folder(Path("/tmp/" + "b" * 300), "x", match)


@pytest.mark.skipif(not POSIX, reason="symbolic links")
def test_a_save_refuses_a_link_at_its_path(tmp_path: Path) -> None:
    match = make_app("grinch", [True, False], 1)[1].match
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    target = tmp_path / "slot.json"
    target.symlink_to(victim)
    with pytest.raises(SaveError, match="link"):
        savefile.save(target, match)
    assert victim.read_text(encoding="utf-8") == "precious" and target.is_symlink()


@pytest.mark.skipif(not POSIX, reason="symbolic links")
def test_settings_and_history_refuse_links(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(victim)
    with pytest.raises((SaveError, OSError)):
        settings.save_settings(settings.Settings())
    assert victim.read_text(encoding="utf-8") == "precious"
    with pytest.raises(OSError, match="link"):
        atomic.write_json(path, {"a": 1})
    assert victim.read_text(encoding="utf-8") == "precious"


@pytest.mark.skipif(not POSIX, reason="symbolic links")
def test_the_log_refuses_a_link(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    path = paths.log_dir() / logs.LOG_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(victim)
    try:
        used = logs.setup_logging()
        logging.getLogger("fireside-test").warning("a line that must not reach the victim")
    finally:
        for handler in list(logging.getLogger().handlers):
            if getattr(handler, "_fireside", False):
                logging.getLogger().removeHandler(handler)
                handler.close()
    assert used != path and victim.read_text(encoding="utf-8") == "precious"
    assert "link" in capsys.readouterr().err


@pytest.mark.skipif(not POSIX, reason="symbolic links")
@pytest.mark.parametrize("where", ["desktop", "temp", "icon"])
def test_the_desktop_entry_never_follows_a_planted_link(tmp_path: Path, where: str) -> None:
    base = tmp_path / "share"
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    desktop, *icons = desktop_entry.paths(base)
    planted = {"desktop": desktop, "temp": desktop.with_suffix(".desktop.tmp"), "icon": icons[1]}[where]
    planted.parent.mkdir(parents=True, exist_ok=True)
    planted.symlink_to(victim)
    try:
        desktop_entry.install(base, ["fireside"])
    except OSError as exc:
        assert where != "temp" and "link" in str(exc)
        assert not any(p.exists() and not p.is_symlink() for p in icons)  # nothing half-installed
    else:
        assert where == "temp" and desktop.read_text(encoding="utf-8").startswith("[Desktop Entry]")
    assert victim.read_text(encoding="utf-8") == "precious"


def test_no_icon_stays_when_the_desktop_step_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    base = tmp_path / "share"
    desktop, *icons = desktop_entry.paths(base)
    real = atomic.write_bytes

    def failing(path: Path | str, data: bytes) -> None:
        if str(path).endswith(".desktop"):
            raise OSError(28, "No space left on device")
        real(path, data)

    monkeypatch.setattr(atomic, "write_bytes", failing)
    with pytest.raises(OSError):
        desktop_entry.install(base, ["fireside"])
    assert not any(p.exists() for p in [desktop, *icons])


def test_no_entry_stays_when_an_icon_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    base = tmp_path / "share"
    desktop, *icons = desktop_entry.paths(base)
    real = atomic.write_bytes

    def failing(path: Path | str, data: bytes) -> None:
        if str(path).endswith("128x128/apps/org.fireside.cardtable.png"):
            raise OSError(28, "No space left on device")
        real(path, data)

    monkeypatch.setattr(atomic, "write_bytes", failing)
    with pytest.raises(OSError):
        desktop_entry.install(base, ["fireside"])
    assert not any(p.exists() for p in [desktop, *icons])


def _drop_log_handlers() -> None:
    for handler in list(logging.getLogger().handlers):
        if getattr(handler, "_fireside", False):
            logging.getLogger().removeHandler(handler)
            handler.close()


@pytest.mark.skipif(not POSIX, reason="symbolic links")
@pytest.mark.parametrize("backup", [1, 2, logs.BACKUPS])
def test_the_log_never_rotates_onto_a_link_planted_at_a_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture, backup: int
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    monkeypatch.setattr(logs, "MAX_BYTES", 2_000)
    path = paths.log_dir() / logs.LOG_NAME
    try:
        assert logs.setup_logging() == path
        for i in range(1, backup):  # the older backups exist, as after earlier rotations
            path.with_name(f"{logs.LOG_NAME}.{i}").write_text(f"backup {i}\n", encoding="utf-8")
        planted = path.with_name(f"{logs.LOG_NAME}.{backup}")
        planted.symlink_to(victim)  # planted while the app runs
        for n in range(100):  # far more than one rotation's worth
            logging.getLogger("fireside-test").warning("line %d that must not reach the victim", n)
    finally:
        _drop_log_handlers()
    assert victim.read_text(encoding="utf-8") == "precious"
    assert planted.is_symlink() and planted.resolve() == victim.resolve()  # left alone, not renamed over
    err = capsys.readouterr().err
    assert f"{logs.LOG_NAME}.{backup} is a link" in err and err.count("\n") == 1


@pytest.mark.skipif(not POSIX, reason="symbolic links")
def test_the_log_refuses_a_link_at_a_backup_from_the_start(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    path = paths.log_dir() / logs.LOG_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.with_name(f"{logs.LOG_NAME}.1").symlink_to(victim)
    try:
        used = logs.setup_logging()
        logging.getLogger("fireside-test").warning("a line")
    finally:
        _drop_log_handlers()
    assert used != path and not path.exists() and victim.read_text(encoding="utf-8") == "precious"
    assert f"{logs.LOG_NAME}.1 is a link" in capsys.readouterr().err


@pytest.mark.skipif(not POSIX, reason="symbolic links")
def test_the_log_reopened_after_a_rotation_refuses_a_link_planted_at_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    monkeypatch.setattr(logs, "MAX_BYTES", 2_000)
    path = paths.log_dir() / logs.LOG_NAME
    real_rotate = logs._LogFile.rotate

    def rotate_then_plant(self: logs._LogFile, source: str, dest: str) -> None:
        real_rotate(self, source, dest)
        if not path.exists():
            path.symlink_to(victim)  # in the instant between the rename and the reopening

    monkeypatch.setattr(logs._LogFile, "rotate", rotate_then_plant)
    try:
        logs.setup_logging()
        for n in range(100):
            logging.getLogger("fireside-test").warning("line %d that must not reach the victim", n)
    finally:
        _drop_log_handlers()
    assert victim.read_text(encoding="utf-8") == "precious"
    assert f"{logs.LOG_NAME} is a link" in capsys.readouterr().err


@pytest.mark.skipif(not POSIX, reason="symbolic links")
def test_soak_json_refuses_a_link_before_the_run_and_at_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    from game.tools import soak

    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    out = tmp_path / "soak.json"
    out.symlink_to(victim)
    ran: list[float] = []
    monkeypatch.setattr(soak, "soak", lambda seconds, *a, **k: ran.append(seconds) or [{"rss_mib": 1.0}])
    with pytest.raises(SystemExit):
        soak.main(["--minutes", "1", "--json", str(out)])
    assert not ran and "soak.json is a link" in capsys.readouterr().err  # said at once, not after the run
    out.unlink()

    def plant_during_the_run(seconds: float, *a: object, **k: object) -> list[dict[str, float]]:
        out.symlink_to(victim)
        return [{"rss_mib": 1.0}]

    monkeypatch.setattr(soak, "soak", plant_during_the_run)
    assert soak.main(["--minutes", "1", "--json", str(out)]) == 2
    assert "is a link" in capsys.readouterr().err
    assert victim.read_text(encoding="utf-8") == "precious" and out.is_symlink()


@pytest.mark.skipif(not POSIX, reason="symbolic links")
def test_console_output_file_refuses_a_link_and_says_so_in_the_one_it_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.tools import console

    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    beside, temp = tmp_path / "app", tmp_path / "temp"
    beside.mkdir()
    temp.mkdir()
    monkeypatch.setattr(console.sys, "executable", str(beside / "Fireside"))
    monkeypatch.setattr(console.tempfile, "gettempdir", lambda: str(temp))
    (beside / console.OUTPUT_NAME).symlink_to(victim)
    used = console._output_file()
    assert used == temp / console.OUTPUT_NAME and victim.read_text(encoding="utf-8") == "precious"
    console._close_output()
    note = used.read_text(encoding="utf-8")
    assert f"{beside / console.OUTPUT_NAME} is a link" in note and note.count("\n") == 1
    (temp / console.OUTPUT_NAME).unlink()
    (temp / console.OUTPUT_NAME).symlink_to(victim)
    assert console._output_file() is None and victim.read_text(encoding="utf-8") == "precious"


@pytest.mark.skipif(not POSIX, reason="symbolic links")
def test_the_contact_sheet_refuses_a_link(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from game.app.look import art

    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    sheet = tmp_path / "sheet.png"
    sheet.symlink_to(victim)
    assert art.main(["--sheet", str(sheet), "--width", "20"]) == 1
    assert victim.read_text(encoding="utf-8") == "precious" and "sheet.png is a link" in capsys.readouterr().err
