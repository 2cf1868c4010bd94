"""The terminal game and the benchmark command, driven as a person would."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from game.rules import GAME_IDS
from game.tools import textplay
from game.tools.cli import main


def _scripted(lines: list[str]):
    feed = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_play_text_to_the_end(game_id: str) -> None:
    out = io.StringIO()
    lines = ["help", "definitely not a move", "show"] + ["1"] * 2000
    code = textplay.play(game_id, 4, 1, 2, read=_scripted(lines), out=out)
    text = out.getvalue()
    assert code == 0
    assert "Legal moves: [1]" in text
    assert "Not allowed:" in text and "(" in text.split("Not allowed:")[1].splitlines()[0]
    assert "Game over. Final scores:" in text and "Winner" in text


def test_play_text_shows_only_what_the_seat_may_see() -> None:
    out = io.StringIO()
    textplay.play("sticheln", 4, 3, 0, read=_scripted(["quit"]), out=out)
    text = out.getvalue()
    assert "Your hand (15)" in text
    assert "Seat 1 15" in text  # other hands only as counts


def test_play_text_command_line() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "game", "play-text", "--game", "grinch", "--players", "3", "--seed", "4"],
        input="help\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert "Legal moves:" in run.stdout


@pytest.mark.parametrize(
    "args,message",
    [
        (["play-text", "--players", "9"], "sticheln is for 3 to 6 players"),
        (["play-text", "--game", "chess"], "invalid choice"),
        (["play-text", "--players", "4", "--seat", "4"], "--seat must be from 0 to 3"),
        (["bench", "--seconds", "-1"], "not a positive number"),
        (["bench", "--seconds", "nan"], "'nan' is not a positive number of seconds"),
        (["bench", "--seconds", "inf"], "'inf' is not a positive number of seconds"),
        (["--size", "0x0"], "argument --size: '0x0' is too small (at least 320x240)"),  # not "invalid choice"
        (["--size", "big"], "argument --size: 'big' is not a size like 1280x720"),
        (["--size", "1024x640", "bench"], "--size is for the window (play or demo), not bench"),
    ],
)
def test_bad_flags_get_a_clear_message(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    """In this process (`python -m game` is `sys.exit(main())`, tried whole above): a bad flag stops at parsing."""
    with pytest.raises(SystemExit) as stopped:
        main(args)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.slow  # long: the fast lane leaves it to CI
def test_bench_json_shape() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "game", "bench", "--json", "--seconds", "0.05"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    for game_id in ("sticheln", "avalanche", "grinch"):
        figures = data[game_id]
        for key in ("games_per_s", "apply_us", "view_us", "legal_moves_us", "json_roundtrip_us"):
            assert isinstance(figures[key], (int, float)) and figures[key] > 0


def test_size_before_the_command_opens_that_window() -> None:
    from game.tools.cli import build_parser

    args = build_parser().parse_args(["--size", "1024x640", "--fullscreen"])
    assert (args.command, args.size, args.fullscreen) == (None, (1024, 640), True)
    args = build_parser().parse_args(["--size", "1024x640", "demo"])
    assert args.size == (1024, 640)  # the demo's own default does not undo it
    assert "size" not in vars(build_parser().parse_args(["play"]))  # the window's default applies later


def test_a_window_larger_than_the_screen_is_fitted_with_a_word(monkeypatch, capsys) -> None:
    import os

    import pygame

    from game.tools import cli

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    assert cli._fit_screen((99999, 99999)) == cli.MAX_WINDOW  # no screen to ask: at most 8K
    assert "--size 99999x99999 is larger than the screen; opening 7680x4320 instead" in capsys.readouterr().err
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    assert cli._fit_screen((99999, 600)) == (1920, 600)
    assert cli._fit_screen((1280, 720)) == (1280, 720)
    assert capsys.readouterr().err.count("larger than the screen") == 1
    pygame.display.quit()


def test_bench_refuses_seconds_that_never_end() -> None:
    from game.tools import bench

    for bad in (float("nan"), float("inf"), 0.0):
        with pytest.raises(ValueError):
            bench.main(seconds=bad)
