"""Issue 18's fuzz: thousands of damaged save, history and settings files --
truncation, byte flips, wrong types, huge numbers and strings, deep nesting,
NaN, BOMs, UTF-16, lone surrogates, NUL, far dates, and pipes, folders and
dangling links where a file should be -- driven through `check-save`,
`load_settings` and the Load, History and Statistics screens (headless).

Whatever a file holds: no traceback, no hang (each case well under a few
seconds), no screen bounced to the title, no file left out of a listing,
every reason one short printable line.  Seeded: a failure names its case.
The whole run is slow; every twentieth case runs in the quick suite too.
"""

from __future__ import annotations

import copy
import io
import json
import os
import random
import threading
import time
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import fields
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from table_driver import make_app
from test_save_fuzz import BYTE_DAMAGE, base_files, edit_json

from game.app.scenes.history import HistoryScene
from game.app.scenes.saves import LoadScene
from game.app.scenes.stats import StatsScene
from game.app.scenes.title import TitleScene
from game.app.shell.app import App
from game.common.printable import MAX_REASON
from game.persist import library, paths, savefile, settings
from game.tools import cli

CASES = 2_100  # 700 each of saves, history files and settings files
BATCH = 35  # save and history files on screen at once
LIMIT = 4.0  # seconds any one case may take
FAR_DATES = [
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-14:00",
    "0001-01-01T00:00:00",
    "9999-12-31T23:59:59+00:00",
    "2024-02-30T10:00:00",
    "+002024-01-01",
    "2024-01-01T25:00",
]
ODD_TEXT = ["\ud800", "\udfff", "\x00", "a\x00b", "\ud83d", "\u202e", "\x1b[2J", "\r\n", "\ufeff"]
SPECIAL = ["fifo", "folder", "dangling"]


# -- making damaged files ----------------------------------------------------------------------
def _paths_in(node: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in the data, as a key path."""
    found = [prefix]
    if len(prefix) > 20:  # inside a deep nesting made by an earlier edit
        return found
    if isinstance(node, dict):
        for key, child in node.items():
            found += _paths_in(child, (*prefix, key))
    elif isinstance(node, list):
        for i, child in enumerate(node):
            found += _paths_in(child, (*prefix, i))
    return found


def _put(data: Any, where: tuple, value: Any) -> Any:
    if not where:
        return value
    node = data
    for step in where[:-1]:
        node = node[step]
    node[where[-1]] = value
    return data


def odd_value(rng: random.Random) -> Any:
    kind = rng.randrange(9)
    if kind == 0:
        return int("9" * rng.choice([20, 310, 1000, 4000]))  # bigger than any float (4000: near the limit)
    if kind == 1:
        return rng.choice([float("nan"), float("inf"), -float("inf"), 1e308, -0.0])
    if kind == 2:
        return rng.choice("NQx7") * rng.choice([300, 10_000, 200_000])
    if kind == 3:
        return rng.choice(ODD_TEXT) + rng.choice(["", "Ana", "play red 4", "draw"])
    if kind == 4:
        deep: Any = []
        for _ in range(rng.choice([50, 900, 5000])):
            deep = [deep]
        return deep
    if kind == 5:
        return rng.choice(FAR_DATES)
    if kind == 6:
        return rng.choice([None, True, [], {}, "", 0, -1])
    if kind == 7:
        return {"name": rng.choice(ODD_TEXT), "human": rng.choice([True, "yes"]), "level": "normal"}
    return [rng.choice(ODD_TEXT)] * rng.choice([1, 3, 30])


def odd_json(data: Any, rng: random.Random) -> bytes:
    """The data with one to three places replaced by odd values, as JSON text
    (NaN written as Python writes it; a 5000-level nesting by hand)."""
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        where = rng.choice(_paths_in(data))
        if rng.random() < 0.3 and isinstance(data, dict):  # the fields people edit by hand
            where = (
                rng.choice(
                    [
                        "name",
                        "saved_at",
                        "seats",
                        "moves",
                        "options",
                        "seed",
                        "start",
                        "game",
                        "volume",
                        "ui_scale",
                        "names",
                        "language",
                        "speed",
                    ]
                ),
            )
            if where[0] == "seats" and isinstance(data.get("seats"), list) and data["seats"]:
                where = ("seats", rng.randrange(len(data["seats"])), "name")
            elif where[0] == "moves" and isinstance(data.get("moves"), list) and data["moves"]:
                where = ("moves", rng.randrange(len(data["moves"])))
        try:
            data = _put(data, where, odd_value(rng))
        except (KeyError, IndexError, TypeError):
            continue
    try:
        text = json.dumps(data, ensure_ascii=rng.random() < 0.5)
    except (RecursionError, ValueError):
        text = "[" * 5000 + "]" * 5000
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate written raw, as a broken editor might
        return text.encode("utf-8", "surrogatepass")


def encoding_damage(raw: bytes, rng: random.Random) -> bytes:
    kind = rng.randrange(5)
    if kind == 0:
        return b"\xef\xbb\xbf" + raw  # a BOM (harmless)
    if kind == 1:
        return b"\xef\xbb\xbf\xef\xbb\xbf" + raw  # two
    if kind == 2:
        return raw.decode("utf-8", "surrogatepass").encode("utf-16", "surrogatepass")
    if kind == 3:
        return raw.decode("utf-8", "surrogatepass").encode("utf-16-le", "surrogatepass")
    return raw.replace(b",", b"\x00,", rng.randint(1, 3))


def damaged(base: bytes, number: int, rng: random.Random) -> bytes | str:
    """Case `number`'s bytes, or the name of a special file to put there instead."""
    kind = number % 7
    if kind == 0:
        return BYTE_DAMAGE[number // 7 % len(BYTE_DAMAGE)](base, rng)
    if kind == 1:
        return json.dumps(edit_json(json.loads(base), rng)).encode()
    if kind in (2, 3, 4):
        return odd_json(json.loads(base), rng)
    if kind == 5:
        return encoding_damage(odd_json(json.loads(base), rng) if rng.random() < 0.5 else base, rng)
    return SPECIAL[number // 7 % len(SPECIAL)] if hasattr(os, "mkfifo") else base[:10]


def place(path: Path, content: bytes | str) -> None:
    if content == "fifo":
        os.mkfifo(path)
    elif content == "folder":
        path.mkdir()
    elif content == "dangling":
        path.symlink_to(path.with_name("gone-" + path.name))
    else:
        assert isinstance(content, bytes)
        path.write_bytes(content)


SETTINGS = json.dumps(
    {
        "speed": "fast",
        "volume": 0.4,
        "muted": False,
        "fullscreen": False,
        "names": ["Ana", "Mina"],
        "level": "hard",
        "language": "ca",
        "ui_scale": 1.2,
    }
).encode()


# -- driving --------------------------------------------------------------------------------------
def within(case: str, job: Callable[[], Any]) -> Any:
    """`job()` in a worker thread: a hang fails the case instead of the whole run."""
    result: list = []
    error: list[BaseException] = []

    def run() -> None:
        try:
            result.append(job())
        except BaseException as exc:  # noqa: BLE001 - reported below, naming the case
            error.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(LIMIT)
    if worker.is_alive():
        pytest.fail(f"{case}: hung for more than {LIMIT} s")
    if error:
        pytest.fail(f"{case}: {type(error[0]).__name__}: {error[0]}")
    return result[0]


def check_save(path: Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(["check-save", str(path)])
    return code, (out.getvalue() + err.getvalue()).replace(str(path), "FILE")


def assert_check_save(path: Path, case: str) -> None:
    code, text = within(case, lambda: check_save(path))
    line = text.rstrip("\n")
    assert code in (0, 2) and line and "\n" not in line and line.isprintable(), f"{case}: {text!r}"
    assert "Traceback" not in line, case
    if code == 2:
        reason = line.removeprefix("fireside: FILE: ")
        assert len(reason) <= MAX_REASON, f"{case}: {len(reason)} characters"


def assert_settings(case: str) -> None:
    loaded = within(case, settings.load_settings)
    assert isinstance(loaded, settings.Settings), case
    for spec in fields(settings.Settings):  # whatever was read, only valid values come out
        assert settings._VALID[spec.name](getattr(loaded, spec.name)), f"{case}: {spec.name}"


def assert_screens(app: App, expected: dict[str, int], case: str) -> None:
    """Load, History and Statistics open and draw from the title with every file listed."""
    for make, folder in ((LoadScene, "saves"), (HistoryScene, "history"), (StatsScene, None)):
        app.replace(TitleScene(app))
        started = time.perf_counter()
        scene = make(app)
        app.push(scene)
        app.step_safely(1 / 30, events=[])
        if folder:  # scroll through the whole list, drawing every row
            while scene.scroll + scene.visible() < len(scene.slots):
                scene.scroll_by(scene.visible())
                app.step_safely(1 / 30, events=[])
        took = time.perf_counter() - started
        assert app.stack.top is scene and app.failures == 0, f"{case}: {make.__name__} bounced"
        assert took < LIMIT * 3, f"{case}: {make.__name__} took {took:.1f} s"
        if folder:
            assert len(scene.slots) == expected[folder], f"{case}: {make.__name__} hid files"
            for info in scene.slots:
                assert info.name.isprintable() and len(info.name) <= 80, case
                assert info.error is None or (len(info.error) <= MAX_REASON and info.error.isprintable()), case


def clear(folder: Path) -> None:
    for path in list(folder.iterdir()):
        if path.is_dir() and not path.is_symlink():
            path.rmdir()
        else:
            path.unlink()


def run(numbers: range | list[int]) -> dict[str, int]:
    bases = base_files()
    saves_bases = bases
    history_bases = [raw for raw in bases if savefile.from_data(json.loads(raw)).state.is_over]
    app = make_app("sticheln", [True, False, False])[0]
    saves, history, config = paths.saves_dir(), paths.history_dir(), paths.config_dir()
    counted = {"save": 0, "history": 0, "settings": 0}
    pending = {"saves": 0, "history": 0}
    numbers = list(numbers)
    for at, number in enumerate(numbers):
        rng = random.Random(f"odd/{number}")
        target = ("save", "history", "settings")[number % 3]
        case = f"{target} case {number}"
        if target == "settings":
            path = config / "settings.json"
            if path.is_dir() and not path.is_symlink():
                path.rmdir()
            elif path.exists() or path.is_symlink():
                path.unlink()
            place(path, damaged(SETTINGS, number // 3, rng))
            assert_settings(case)
        else:
            folder = saves if target == "save" else history
            pool = saves_bases if target == "save" else history_bases
            path = folder / f"case-{number}.json"
            place(path, damaged(pool[number // 3 % len(pool)], number // 3, rng))
            assert_check_save(path, case)
            pending["saves" if target == "save" else "history"] += 1
        counted[target] += 1
        if pending["saves"] + pending["history"] >= BATCH or at == len(numbers) - 1:
            assert_screens(app, pending, f"batch ending at {case}")
            clear(saves)
            clear(history)
            library._cache.clear()
            pending = {"saves": 0, "history": 0}
    return counted


@pytest.mark.slow
def test_thousands_of_odd_files_never_freeze_hide_or_bounce() -> None:
    counted = run(range(CASES))
    assert sum(counted.values()) == CASES and min(counted.values()) >= 600


def test_a_sample_of_odd_files_never_freeze_hide_or_bounce() -> None:
    counted = run(range(0, CASES, 20))
    assert min(counted.values()) >= 30
