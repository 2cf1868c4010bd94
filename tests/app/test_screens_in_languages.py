"""The second reader's screens (issue 36, 6) in each language at 1024x600 and
1280x720, read back from what the frame drew (tests/screen_set.py): every text
inside the window and its box, no letters over another text's letters, none half under a box drawn later, no
English left on a Korean or Punjabi screen but names and keys, no message the
catalog lacks.  The fast lane reads three; .ci/run a sample with every screen,
language and size in it (FIRESIDE_FULL_MATRIX=1: all of them).
`build/screens_in_languages.py` draws the same set into a folder for a person."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pygame
import pytest
import screen_set
from matrix import sample_grid

FAST = [("remote-chat", "pa", (1024, 600)), ("lesson-end", "ca", (1024, 600)), ("host", "ko", (1280, 720))]


def _cases() -> list[object]:
    fast = [pytest.param(*case, id="-".join([case[0], case[1], "x".join(map(str, case[2]))])) for case in FAST]
    grid = sample_grid([list(screen_set.SCREENS), list(screen_set.LANGS), list(screen_set.SIZES)], 24, "screens")
    slow = [pytest.param(*p.values, id=p.id, marks=pytest.mark.slow) for p in grid if tuple(p.values) not in FAST]
    return fast + slow


@pytest.mark.parametrize(("screen", "lang", "size"), _cases())
def test_the_screen_reads_in_the_language(screen: str, lang: str, size: tuple[int, int]) -> None:
    reading = screen_set.read(screen, lang, size)
    assert not reading.error, reading.error
    assert len(reading.drawn) >= 5, "the screen drew (almost) no text: the driver lost its way"
    assert not reading.outside(), [(d.text, tuple(d.rect)) for d in reading.outside()]
    assert not reading.overlapping(), [(a.text, b.text) for a, b in reading.overlapping()]
    assert not reading.covered, [(d.text, tuple(d.rect)) for d in reading.covered]
    assert not reading.english(), reading.english()
    assert not reading.untranslated, reading.untranslated


def test_the_reader_sees_text_outside_the_window_and_letters_over_letters() -> None:
    """The checks themselves: a text put half outside, and two texts on one place, are found."""
    from game.app.ui.widgets import blit_text

    with screen_set.recording() as (texts, _missing):
        pygame.display.set_mode((200, 100))
        canvas = screen_set.Canvas((200, 100))
        screen_set.SHEET.__init__(texts)
        blit_text(canvas, "Hello there", 20, midleft=(150, 50))
        blit_text(canvas, "one", 20, topleft=(10, 10))
        blit_text(canvas, "two", 20, topleft=(14, 12))
        blit_text(canvas, "hidden", 20, topleft=(10, 60))
        canvas.fill((0, 0, 0), pygame.Rect(0, 55, 120, 40))  # a panel drawn over "hidden": gone
    reading = screen_set.Reading("test", "ko", (200, 100), drawn=screen_set.SHEET.drawn)
    assert [d.text for d in reading.outside()] == ["Hello there"]
    assert [(a.text, b.text) for a, b in reading.overlapping()] == [("one", "two")]
    assert "hidden" not in [d.text for d in reading.drawn]
    assert reading.english() == {"Hello there", "one", "two"}


def test_the_script_draws_a_screen_into_its_folder(tmp_path: Path, capsys) -> None:
    path = Path(__file__).resolve().parents[2] / "build" / "screens_in_languages.py"
    spec = importlib.util.spec_from_file_location("screens_in_languages", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("screens_in_languages", script)
    spec.loader.exec_module(script)
    status = script.main(["--out", str(tmp_path), "--screen", "join", "--lang", "pa", "--size", "1024x600"])
    assert (tmp_path / "join-pa-1024x600.png").is_file()
    assert status == 0, capsys.readouterr().out


def test_a_long_label_takes_room_from_its_neighbours_not_its_size() -> None:
    """Catalan's lesson end: "Juga una partida de veritat" beside two short labels
    keeps the row's size; the row's width stays what it was."""
    from game.app.look import fonts
    from game.app.ui.widgets import Button, layout_row

    pygame.display.set_mode((400, 300))
    buttons = [Button("Juga una partida de veritat", print, primary=True), Button("Un altre cop", print)]
    buttons.append(Button("Pantalla inicial", print))
    layout_row(buttons, (512, 400), 184, 35, 10, label_px=15)
    assert sum(b.rect.w for b in buttons) == 3 * 184 and buttons[0].rect.w > 184 > buttons[1].rect.w
    assert all(b.label_px(15) == 15 for b in buttons), [fonts.size(b.label, 15, b.primary) for b in buttons]
    layout_row(buttons[1:], (512, 400), 184, 35, 10, label_px=15)  # labels that fit: equal widths, as before
    assert [b.rect.w for b in buttons[1:]] == [184, 184]


def test_a_text_fields_hint_starts_after_the_caret() -> None:
    from game.app.ui.text_input import TextField

    with screen_set.recording() as (texts, _missing):
        pygame.display.set_mode((400, 100))
        canvas = screen_set.Canvas((400, 100))
        screen_set.SHEET.__init__(texts)
        field = TextField(hint="Type a line, Enter sends")
        field.rect = pygame.Rect(10, 10, 300, 36)
        field.focused = True
        field.draw(canvas, 16)
    (hint,) = screen_set.SHEET.drawn
    assert hint.text == "Type a line, Enter sends" and hint.rect.x >= field.rect.x + 10 + 4  # the caret is 2 px at +2
    assert field.rect.contains(hint.rect)
