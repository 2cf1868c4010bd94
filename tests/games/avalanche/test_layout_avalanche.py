"""The Avalanche table's layout object on its own: at every player count and
window size each seat's panel and mat, the draw pile, the crevasse, the
avalanche's box, the viewer's panel and pile and the Play button lie inside
the window and off each other, the piles' words too; and the layout is
worked out from its host's size and seats alone."""

from __future__ import annotations

import itertools
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_table_avalanche import make, settle  # noqa: E402

from game.app.ui import widgets  # noqa: E402
from game.games.avalanche.layout import AvalancheLayout  # noqa: E402


def things(table) -> dict[str, pygame.Rect]:
    """What the layout places, by name."""
    lay = table.layout
    out = {"draw pile": lay.pile_rect(), "avalanche": lay.av_box, "play": lay.play_rect}
    out["crevasse"] = lay.crevasse.get_rect(center=(round(lay.crev_pos[0]), round(lay.crev_pos[1])))
    for seat in range(table.num_players):
        if table.spots[seat].bottom:
            out["own panel"] = table.spots[seat].panel
            w = lay.coll_w(seat)
            out["own pile"] = pygame.Rect(0, 0, w, round(w * 1.4))
            out["own pile"].center = tuple(round(v) for v in lay.coll_pos(seat))
        else:
            out[f"seat {seat}"] = lay.seat_area(seat)  # its panel and its mat
    return out


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_seat_and_pile_inside_the_window_and_apart(size, players):
    app, table = make(players, seed=3, size=size)
    settle(app, table)  # the Play button is placed by the viewer's fan
    screen = pygame.Rect((0, 0), size)
    placed = things(table)
    assert not [name for name, rect in placed.items() if not screen.contains(rect)]
    assert not [(a, b) for a, b in itertools.combinations(placed, 2) if placed[a].colliderect(placed[b])]
    hint = "any set starts one"  # the empty avalanche's words lie in its box, under its slot
    for text, px, _colour, bold, anchor in table.felt_labels():
        rect = widgets.text_rect(text, px, bold, **anchor)
        assert screen.contains(rect), text
        clear = [name for name in placed if not (text == hint and name == "avalanche")]
        assert not [name for name in clear if rect.colliderect(placed[name])], text


@pytest.mark.parametrize("players", [2, 6])
def test_the_layout_comes_from_its_hosts_size_and_seats(players):
    app, table = make(players, seed=5, size=(1280, 720))
    app.resize((1024, 600))
    fresh = AvalancheLayout(table)
    fresh.compute()
    lay = table.layout
    assert (fresh.av_box, fresh.pile_pos, fresh.crev_pos, fresh.own_coll, fresh.chip_y) == (
        lay.av_box,
        lay.pile_pos,
        lay.crev_pos,
        lay.own_coll,
        lay.chip_y,
    )
    assert [fresh.coll_pos(s) for s in range(players)] == [lay.coll_pos(s) for s in range(players)]
    assert table.turn_line_y() == fresh.turn_line_y()
