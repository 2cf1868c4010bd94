"""Rounded corners of buttons and panels are anti-aliased (issue 15): the
arc has pixels of in-between coverage, the body keeps its exact colour and
the straight edges stay crisp."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from game.app.ui import widgets


@pytest.mark.parametrize("radius,edge", [(8, None), (15, (96, 120, 100)), (27, (232, 182, 76))])
def test_corners_have_partial_coverage_and_the_body_is_untouched(radius, edge):
    pygame.init()
    surf = widgets.panel((200, 90), (232, 182, 76, 255), radius=radius, edge=edge, width=2)
    corner = [surf.get_at((x, y)).a for x in range(radius) for y in range(radius)]
    partial = [a for a in corner if 0 < a < 255]
    assert len(partial) >= radius, "a jagged arc: every pixel is either in or out"
    assert surf.get_at((0, 0)).a == 0  # the very corner stays clear
    assert tuple(surf.get_at((100, 45))) == (232, 182, 76, 255)
    assert surf.get_at((100, 0)).a == 255 and surf.get_at((0, 45)).a == 255  # straight edges crisp
    if edge is not None:
        assert tuple(surf.get_at((100, 0)))[:3] == edge
    # no dark fringe: half-covered pixels keep the colour of what they border
    for x in range(radius):
        for y in range(radius):
            px = surf.get_at((x, y))
            if 0 < px.a < 255 and edge is None:
                assert sum(px[:3]) > 300, (x, y, px)


def test_a_square_panel_is_left_as_it_is():
    pygame.init()
    surf = widgets.panel((50, 40), (0, 0, 0, 140), radius=0, edge=None)
    assert surf.get_at((0, 0)) == pygame.Color(0, 0, 0, 140)
