"""settings.json: defaults when it is missing, empty, garbled or partly wrong; never an exception."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.persist.errors import SaveError
from game.persist.settings import SPEEDS, Settings, load_settings, save_settings


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FIRESIDE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def settings_file(home: Path) -> Path:
    return home / "config" / "settings.json"


def test_missing_file_gives_defaults(settings_file: Path) -> None:
    assert load_settings() == Settings()
    assert not settings_file.exists()  # reading does not write


@pytest.mark.parametrize(
    "raw",
    [b"", b"\n\n", b'{"speed": "fa', b"\xff\xfe\x00s", b"[1, 2]", b'"fast"', b"null", b'{"speed": NaN}', b"[" * 50_000],
)
def test_garbled_file_gives_defaults(raw: bytes, settings_file: Path, caplog: pytest.LogCaptureFixture) -> None:
    settings_file.parent.mkdir(parents=True, exist_ok=True)
    settings_file.write_bytes(raw)
    assert load_settings() == Settings()
    assert "settings" in caplog.text  # the fallback is logged


def test_bad_fields_fall_back_and_good_fields_are_kept(settings_file: Path, caplog: pytest.LogCaptureFixture) -> None:
    settings_file.parent.mkdir(parents=True, exist_ok=True)
    settings_file.write_text(
        json.dumps(
            {
                "speed": "warp",
                "volume": 0.25,
                "muted": "yes",
                "fullscreen": True,
                "names": ["Ana", 7],
                "level": "hard",
                "language": "xx",
                "ui_scale": 1.5,
                "unknown_future_field": 3,
            }
        )
    )
    loaded = load_settings()
    assert loaded == Settings(volume=0.25, fullscreen=True, level="hard", ui_scale=1.5)
    for name in ("speed", "muted", "names", "language"):
        assert f"setting {name}=" in caplog.text


@pytest.mark.parametrize(
    "field,value",
    [
        ("volume", 1.5),
        ("volume", -0.1),
        ("volume", True),
        ("volume", "0.5"),
        ("ui_scale", 0.5),
        ("ui_scale", 2.5),
        ("ui_scale", None),
        ("speed", None),
        ("speed", ["fast"]),
        ("level", "random"),
        ("level", 1),
        ("names", "Ana"),
        ("names", ["x"] * 7),
        ("names", ["x" * 41]),
        ("muted", 0),
        ("fullscreen", "false"),
        ("language", None),
    ],
)
def test_each_bad_value_gives_that_default(field: str, value: object, settings_file: Path) -> None:
    settings_file.parent.mkdir(parents=True, exist_ok=True)
    settings_file.write_text(json.dumps({field: value, "speed": "slow"} if field != "speed" else {field: value}))
    loaded = load_settings()
    assert getattr(loaded, field) == getattr(Settings(), field)
    if field != "speed":
        assert loaded.speed == "slow"


def test_round_trip(settings_file: Path) -> None:
    chosen = Settings(
        speed="fast",
        volume=0.3,
        muted=True,
        fullscreen=True,
        names=["Ana", "Bo"],
        level="easy",
        language="ca",
        ui_scale=1.25,
    )
    save_settings(chosen)
    assert load_settings() == chosen
    assert json.loads(settings_file.read_text())["names"] == ["Ana", "Bo"]
    assert [p.name for p in settings_file.parent.iterdir()] == ["settings.json"]  # no temp file left


def test_whole_numbers_are_fine_for_fractions(settings_file: Path) -> None:
    settings_file.parent.mkdir(parents=True, exist_ok=True)
    settings_file.write_text('{"volume": 1, "ui_scale": 2}')
    loaded = load_settings()
    assert loaded.volume == 1.0 and isinstance(loaded.volume, float) and loaded.ui_scale == 2.0


def test_loaded_names_are_a_copy(settings_file: Path) -> None:
    save_settings(Settings(names=["Ana"]))
    first = load_settings()
    first.names.append("Bo")
    assert load_settings().names == ["Ana"]


def test_speeds_drive_time_scale_and_ai_pause() -> None:
    assert [Settings(speed=s).time_scale for s in SPEEDS] == [1.7, 1.0, 0.45, 0.0]
    assert Settings(speed="off").ai_pause == 0.0 and Settings().ai_pause == 0.55


def test_saving_where_the_disk_refuses_is_one_line(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "config").write_text("a file where the folder should be")
    with pytest.raises(SaveError, match="^cannot create the folder .*config: File exists$"):
        save_settings(Settings())
    assert load_settings() == Settings()


def test_a_folder_in_the_way_of_the_file_gives_defaults(settings_file: Path) -> None:
    settings_file.mkdir(parents=True)
    assert load_settings() == Settings()
    with pytest.raises(SaveError, match="cannot save the settings"):
        save_settings(Settings())
