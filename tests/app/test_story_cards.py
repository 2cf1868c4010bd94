"""Cards and captions that read (issue 15): the Grinch bonus badge keeps its
two numbers apart ("+51" was "+5 1"), a 40-card Avalanche hand keeps every
rank's index in view, and text fitted to a box stays inside it."""

from __future__ import annotations

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest
from table_driver import make_app

from game import i18n
from game.app.look import fonts
from game.app.look.art import badge_words
from game.app.ui import widgets
from game.games.avalanche.table import IN_STEP, OUT_STEP
from game.rules import avalanche, grinch


def test_badge_words_keep_points_and_count_apart():
    for points, _suit, need in grinch.BONUSES.values():
        lead, needs = badge_words(points, need)
        assert lead == f"+{points}"
        assert needs == f"{need}×", "the count reads as a count, not a second digit of the points"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_40_card_avalanche_hand_shows_every_rank(size):
    app, table = make_app("avalanche", [True, False, False], size=size)
    rng = random.Random(4)
    deck = list(avalanche.CARDS) * 2
    for trial in range(5):
        hand = sorted(rng.sample(deck, 40), key=lambda c: (c.rank, str(c)))
        fan = table.hand_fan(hand, size[0] / 2, table.hand_y, table.card_w, table.hand_width)
        xs = [pos[0] for pos, _angle in fan]
        assert xs == sorted(xs)
        assert xs[-1] - xs[0] + table.card_w <= table.hand_width + 1, "the hand fits its room"
        for i in range(1, len(hand)):
            step = xs[i] - xs[i - 1]
            if hand[i].rank != hand[i - 1].rank:  # a new rank: the one before shows its index
                assert step >= table.card_w * OUT_STEP - 0.5, (trial, i, step)
            else:
                assert step >= table.card_w * IN_STEP - 0.5, (trial, i, step)
        assert table.squeezed
        groups = table.rank_groups(hand)
        assert sum(n for _last, n in groups) == 40
        assert len(groups) == len({c.rank for c in hand})


def test_a_squeezed_hand_counts_its_ranks_on_screen():
    app, table = make_app("avalanche", [True, False, False], size=(1280, 720))
    app.step(0.1, events=[], flip=False)
    snap = table.live()._replace(hand=sorted(avalanche.CARDS, key=lambda c: (c.rank, str(c)))[:40])
    table.live = lambda: snap
    table.stage.sync(instant=True)
    assert table.hand_counts and all(n == 4 for _key, n in table.hand_counts)
    app.draw()


def test_a_short_hand_is_not_squeezed():
    app, table = make_app("avalanche", [True, False, False], size=(1280, 720))
    hand = sorted(list(avalanche.CARDS)[:10], key=lambda c: c.rank)
    table.hand_fan(hand, 640, table.hand_y, table.card_w, table.hand_width)
    assert not table.squeezed


@pytest.mark.parametrize("lang", ["en", "ca", "ko", "pa"])
def test_fit_wrapped_stays_inside_its_box(lang):
    pygame.init()
    i18n.set_language(lang)
    from game.i18n import _

    for text in (_("No avalanche"), _("any set starts one"), _("Score pad")):
        for box in ((60, 40), (70, 60), (120, 30), (200, 80)):
            lines, px = widgets.fit_wrapped(text, 16, box)
            line_h = widgets.line_height(lines, px, False)
            if px > 10:  # above the smallest size everything fits
                assert len(lines) * line_h <= box[1], (text, box, lines, px)
                assert all(fonts.size(line, px)[0] <= box[0] for line in lines), (text, box)
            surface = pygame.Surface((400, 300), pygame.SRCALPHA)
            rect = pygame.Rect((100, 100), box)
            used = widgets.draw_wrapped(surface, text, 16, (255, 255, 255), rect)
            assert rect.inflate(2, 2).contains(used) or px == 10, (text, box, used)
