"""The sound effects exist and are small, and the board never crashes the table."""

from __future__ import annotations

import os

os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["SDL_VIDEODRIVER"] = "dummy"

import logging
import struct
import wave
from pathlib import Path

import pygame
import pytest

from game.app.look import sound
from game.app.look.sound import SOUND_NAMES, SoundBoard

SOUNDS = Path(__file__).resolve().parents[2] / "sounds"
EXPECTED = {
    "slide",
    "flip",
    "shuffle",
    "deal",
    "gather",
    "rumble",
    "stop",
    "chime",
    "heart",
    "click",
    "error",
    "win",
}


@pytest.fixture
def board():
    pygame.mixer.quit()
    yield SoundBoard()
    pygame.mixer.quit()


def test_every_expected_name_is_known() -> None:
    assert set(SOUND_NAMES) == EXPECTED


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sound_file_is_a_short_quiet_wav(name: str) -> None:
    path = SOUNDS / f"{name}.wav"
    assert path.is_file(), f"{path} missing: run python build/make_sounds.py"
    with wave.open(str(path), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 22050)
        frames = wav.getnframes()
        assert 0.02 <= frames / 22050 <= 1.2
        samples = struct.unpack(f"<{frames}h", wav.readframes(frames))
    peak = max(abs(s) for s in samples) / 32768
    assert 0.35 <= peak <= 0.6, f"peak {peak:.2f} is not about -6 dBFS"
    # short fades: the very first and last samples are (near) silent
    assert abs(samples[0]) < 400 and abs(samples[-1]) < 400


def test_all_sounds_together_are_small() -> None:
    total = sum((SOUNDS / f"{name}.wav").stat().st_size for name in EXPECTED)
    assert total < 600 * 1024


def test_board_plays_every_name(board: SoundBoard) -> None:
    assert board.available
    board.preload()
    for name in SOUND_NAMES:
        board.play(name)
        assert board._cache[name] is not None, name


def test_volume_clamps_and_mute_silences(board: SoundBoard) -> None:
    board.volume = 1.7
    assert board.volume == 1.0
    board.volume = -3
    assert board.volume == 0.0
    board.volume = float("nan")
    assert board.volume == 0.0
    board.volume = 0.25
    board.play("click")
    assert board._cache["click"].get_volume() == pytest.approx(0.25, abs=0.01)
    board.muted = True
    assert board.muted is True
    board.play("chime")
    assert "chime" not in board._cache  # muted: nothing is even loaded
    board.muted = False
    board.play("chime")
    assert "chime" in board._cache
    assert SoundBoard(volume=5, muted=True).volume == 1.0


def test_no_audio_device_means_silence(monkeypatch, caplog) -> None:
    pygame.mixer.quit()

    def no_device(*args, **kwargs):
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    with caplog.at_level(logging.WARNING, logger="game.app.look.sound"):
        silent = SoundBoard()
    assert silent.available is False
    assert len(caplog.records) == 1 and "audio" in caplog.text
    for name in SOUND_NAMES:
        silent.play(name)
    silent.volume = 0.5
    silent.muted = True
    silent.muted = False
    silent.preload()


def test_missing_file_warns_once(board: SoundBoard, monkeypatch, caplog, tmp_path) -> None:
    (tmp_path / "flip.wav").write_bytes(b"not a wav at all")
    monkeypatch.setattr(sound, "sound_dirs", lambda: [tmp_path])
    with caplog.at_level(logging.WARNING, logger="game.app.look.sound"):
        board.play("slide")  # missing
        board.play("slide")
        board.play("flip")  # unreadable
    assert len(caplog.records) == 2
    assert str(tmp_path / "slide.wav") in caplog.text


def test_unknown_name_warns_once(board: SoundBoard, caplog) -> None:
    with caplog.at_level(logging.WARNING, logger="game.app.look.sound"):
        board.play("kazoo")
        board.play("kazoo")
    assert len(caplog.records) == 1 and "kazoo" in caplog.text


def test_frozen_bundle_is_searched_first(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    dirs = sound.sound_dirs()
    assert dirs[0] == tmp_path / "sounds" and dirs[-1] == SOUNDS
