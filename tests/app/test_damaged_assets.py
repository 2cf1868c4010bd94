"""Damaged game files (issue 18, item 7): a font or SVG with changed or missing
bytes gives one translated line naming it, never a crash inside SDL_ttf or
HarfBuzz; `--self-test` fails on it, and on a missing rules-text module.

The app runs in a subprocess from a copy of the game in a temporary folder
(its own asset root: `game/`, `sprites/`, `sounds/` side by side), so a crash
cannot take the test run with it."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from matrix import fast_lane

from game.app.look.integrity import DamagedAsset, check_font, check_svg, font_problem, svg_problem

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "sprites" / "fonts"
GURMUKHI = "NotoSansGurmukhi-Regular.ttf"
HEADLESS = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def flipped(data: bytes, seed: int = 36, count: int = 20) -> bytes:
    """`count` bytes of `data` set at random.  Seed 36 on the Gurmukhi font is the
    case that made pygame-ce 2.5.8 abort (SIGABRT, exit 134) when shaping "ਪੰਜਾਬੀ"."""
    rng = random.Random(seed)
    out = bytearray(data)
    for _ in range(count):
        out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


@pytest.fixture
def game_copy(tmp_path: Path) -> Path:
    """The game with its files in a temporary asset root, to damage at will."""
    root = tmp_path / "root"
    ignore = shutil.ignore_patterns("__pycache__")
    for part in ("game", "sprites", "sounds"):
        shutil.copytree(ROOT / part, root / part, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", root)  # what makes it a checkout (game.app.look.assets)
    return root


def run_game(root: Path, *args: str, home: Path | None = None) -> subprocess.CompletedProcess:
    env = {**HEADLESS, "FIRESIDE_HOME": str(home or root / "home"), "PYTHONPATH": str(root)}
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=root, env=env, capture_output=True, text=True, timeout=240
    )


# -- the checks themselves ---------------------------------------------------------------------


def test_every_bundled_font_and_svg_is_whole() -> None:
    fonts = sorted(FONTS.glob("*.[ot]tf"))
    assert len(fonts) == 6
    for path in fonts:
        assert font_problem(path.read_bytes()) is None, path.name
    for path in sorted((ROOT / "sprites").rglob("*.svg")):  # each game's in sprites/<id>/ too
        assert svg_problem(path.read_bytes()) is None, path.name
    from game.app.look.art import check_bundled

    assert check_bundled() == 6 + len(list((ROOT / "sprites").rglob("*.svg")))


@pytest.mark.parametrize(
    "damage,why",
    [
        (lambda d: d[:20000], "past the end of the file"),
        (lambda d: d[:11], "not a TrueType"),
        (lambda d: b"<html>" + d[6:], "not a TrueType"),
        (flipped, "checksum"),
        (lambda d: d[:20] + b"\xff" * 4 + d[24:], "past the end"),  # the first table's offset
        (lambda d: d.replace(b"cmap", b"cmaq", 1), "missing tables: cmap"),
        (lambda d: d[:4] + b"\x00\x00" + d[6:], "table directory"),
    ],
)
def test_damaged_fonts_are_told_apart(damage, why: str) -> None:
    problem = font_problem(damage((FONTS / GURMUKHI).read_bytes()))
    assert problem is not None and why in problem


def test_a_damaged_file_is_one_line_naming_it(tmp_path: Path) -> None:
    font = tmp_path / GURMUKHI
    font.write_bytes(flipped((FONTS / GURMUKHI).read_bytes()))
    with pytest.raises(DamagedAsset) as err:
        check_font(font)
    assert str(err.value) == f"game file damaged: {GURMUKHI} — reinstall"
    assert "checksum" in err.value.why
    svg = tmp_path / "card_face.svg"
    whole = (ROOT / "sprites" / "card_face.svg").read_bytes()
    svg.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(DamagedAsset, match="card_face.svg"):
        check_svg(svg)
    svg.write_bytes(whole)  # mended: the check follows the file, not an old verdict
    check_svg(svg)
    assert svg_problem(b"<html/>") is not None


def test_the_font_cache_never_opens_a_damaged_font(tmp_path: Path, monkeypatch) -> None:
    """fonts.font() falls back to pygame's own font rather than hand SDL_ttf a damaged file."""
    from game.app.look import fonts

    bad = tmp_path / GURMUKHI
    bad.write_bytes(flipped((FONTS / GURMUKHI).read_bytes()))
    opened: list[object] = []
    real = fonts.pygame.font.Font

    def spy(path, size):
        opened.append(path)
        return real(path, size)

    fonts.clear_caches()
    monkeypatch.setattr(fonts, "font_path", lambda family, bold=False: bad)
    monkeypatch.setattr(fonts.pygame.font, "Font", spy)
    try:
        assert fonts.font(20, family="gurmukhi").render("ਪੰਜਾਬੀ", True, (0, 0, 0)).get_width() > 0
        assert opened == [None]  # only pygame's default font was opened
    finally:
        monkeypatch.undo()
        fonts.clear_caches()


# -- the whole program, in a subprocess ----------------------------------------------------------


def test_damaged_gurmukhi_font_fails_the_self_test_without_a_crash(game_copy: Path) -> None:
    font = game_copy / "sprites" / "fonts" / GURMUKHI
    font.write_bytes(flipped(font.read_bytes()))
    run = run_game(game_copy, "--lang", "pa", "--self-test")
    assert run.returncode == 1, (run.returncode, run.stdout, run.stderr)  # not 134 (SIGABRT) or -11
    fail = [line for line in run.stdout.splitlines() if line.startswith("FAIL")]
    assert len(fail) == 1 and GURMUKHI in fail[0], run.stdout
    assert "ਦੁਬਾਰਾ ਇੰਸਟਾਲ ਕਰੋ" in fail[0]  # "reinstall", in Punjabi
    assert "Traceback" not in run.stderr and "Fatal" not in run.stderr, run.stderr
    assert sum(line.startswith("ok   ") for line in run.stdout.splitlines()) >= 9  # the others ran on


@pytest.mark.parametrize(
    "name", fast_lane([GURMUKHI, "NotoSans-Regular.ttf", "NotoSansCJKkr-Bold-subset.otf"], GURMUKHI)
)
def test_damaged_font_stops_the_window_with_one_line(game_copy: Path, name: str) -> None:
    font = game_copy / "sprites" / "fonts" / name
    font.write_bytes(font.read_bytes()[:30000])
    run = run_game(game_copy, "--lang", "pa", "play", "--first-frame-exit")
    assert run.returncode == 1, (run.returncode, run.stdout, run.stderr)
    assert run.stderr.splitlines() == [f"fireside: ਖੇਡ ਦੀ ਫ਼ਾਈਲ ਖ਼ਰਾਬ ਹੈ: {name} — ਦੁਬਾਰਾ ਇੰਸਟਾਲ ਕਰੋ"]
    assert "first frame" not in run.stdout


def test_truncated_card_svg_fails_the_self_test_and_the_window(game_copy: Path) -> None:
    svg = game_copy / "sprites" / "card_face.svg"
    svg.write_bytes(svg.read_bytes()[:200])
    test = run_game(game_copy, "--lang", "en", "--self-test")
    assert test.returncode == 1, test.stdout + test.stderr
    assert "FAIL sprites: game file damaged: card_face.svg — reinstall" in test.stdout
    window = run_game(game_copy, "--lang", "en", "play", "--first-frame-exit")
    assert window.returncode == 1
    assert window.stderr.splitlines() == ["fireside: game file damaged: card_face.svg — reinstall"]
    assert "display" not in window.stderr


def test_missing_rules_text_module_fails_the_self_test(game_copy: Path) -> None:
    (game_copy / "game" / "games" / "grinch" / "rules_text" / "ca.py").unlink()
    run = run_game(game_copy, "--lang", "en", "--self-test")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "FAIL rules texts: the rules text for ca is missing" in run.stdout
    assert run.stdout.splitlines()[-1].startswith("self-test FAILED (rules texts")
