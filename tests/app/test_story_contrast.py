"""Seat names in their seat colour read at WCAG's 4.5:1 (issue 15: teal on
green was 2.0:1): every seat colour against the dark pill drawn behind the
name, and the pill really is drawn, opaque, under each trick card's owner."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest
from table_driver import make_app

from game.app.look import palette
from game.app.ui import widgets


def test_contrast_formula_matches_wcag():
    assert palette.contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert palette.contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("seat", range(len(palette.SEAT_COLOURS)))
def test_every_seat_colour_name_reads_at_4_5_to_1(seat):
    ink = palette.seat_ink(seat)
    assert palette.contrast(ink, palette.NAME_PILL) >= 4.5
    # the felt itself was the old background: the pill must be darker than any felt
    assert palette.luminance(palette.NAME_PILL) < palette.luminance(palette.FELT_DARK)


def test_readable_on_lightens_only_as_far_as_needed():
    dark_on_dark = palette.readable_on((20, 60, 40), palette.FELT)
    assert palette.contrast(dark_on_dark, palette.FELT) >= 4.5
    assert palette.readable_on((255, 255, 255), palette.FELT) == (255, 255, 255)


def test_white_panel_text_reads_on_the_seat_panels():
    """Names on the seat panels are INK on the translucent panel over the felt."""
    a = widgets.PANEL[3] / 255
    over_felt = tuple(round(p * a + f * (1 - a)) for p, f in zip(widgets.PANEL[:3], palette.FELT))
    assert palette.contrast(widgets.INK, over_felt) >= 4.5


def test_trick_owners_are_named_on_an_opaque_pill():
    app, table = make_app("sticheln", [False] * 6, size=(1280, 720), speed="fast")
    for _ in range(4000):
        app.step(1 / 30, events=[], flip=False)
        if len(table.trick_seats()) >= 3 and not table.stage.busy:
            break
    seats = table.trick_seats()
    assert len(seats) >= 3
    table.draw(app.screen)
    for i, seat in enumerate(seats):
        x, ty = table.trick_pos(i)
        # just right of the name's last letter, inside the pill
        from game.app.look import fonts

        w, h = fonts.size(table.name(seat), app.ui(15), True)
        probe = (round(x + app.ui(7)) + w // 2 + app.ui(4), round(ty + table.card_w * 0.7 + app.ui(6)) + h // 2)
        assert tuple(app.screen.get_at(probe))[:3] == palette.NAME_PILL, (seat, probe)
