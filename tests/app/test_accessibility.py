"""Colour-blind safety: nothing on the table is told by colour alone.

Every Sticheln colour and Grinch suit has a symbol of its own shape, every
seat a mark of its own shape, and every highlight differs from the others
in shape or position as well as in colour.  `simulate()` shows a surface as
a person with protanopia, deuteranopia or tritanopia sees it (Machado,
Oliveira & Fernandes 2009, full severity); run this file as a script to
write simulated screenshots of each table for a look:

    python tests/app/test_accessibility.py /tmp/cvd
"""

from __future__ import annotations

import os
import sys
from itertools import combinations

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np
import pygame
import pytest

from game.app.look import palette
from game.app.look.art import Art
from game.app.table.sprites import CardSprite, Place
from game.app.ui import widgets

MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def simulate(surface: pygame.Surface, kind: str) -> pygame.Surface:
    """A copy of `surface` as seen with colour vision deficiency `kind`
    (the matrix applied in linear RGB)."""
    rgb = pygame.surfarray.array3d(surface).astype(np.float64) / 255.0
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    seen = np.clip(linear @ np.array(MACHADO[kind]).T, 0.0, 1.0)
    srgb = np.where(seen <= 0.0031308, seen * 12.92, 1.055 * seen ** (1 / 2.4) - 0.055)
    out = pygame.Surface(surface.get_size())
    pygame.surfarray.blit_array(out, np.round(srgb * 255).astype(np.uint8))
    return out


def mask_of(surface: pygame.Surface) -> np.ndarray:
    """Where a surface is drawn (alpha), ignoring its colours."""
    return pygame.surfarray.array_alpha(surface) > 127


def shapes_differ(a: np.ndarray, b: np.ndarray) -> float:
    """The share of drawn pixels that only one of two same-sized masks covers."""
    union = np.logical_or(a, b).sum()
    return float(np.logical_xor(a, b).sum()) / max(1, union)


@pytest.fixture(scope="module")
def art():
    pygame.init()
    pygame.display.set_mode((64, 64))
    return Art()


@pytest.mark.parametrize(
    "game,keys",
    [
        ("sticheln", tuple(palette.STICHELN_COLOURS)),
        ("grinch", tuple(palette.GRINCH_SUIT_COLOURS)),
    ],
)
def test_every_colour_and_suit_has_a_symbol_of_its_own_shape(art, game, keys):
    masks = {k: mask_of(art.symbol(game, k, 48)) for k in keys}
    for a, b in combinations(keys, 2):
        assert shapes_differ(masks[a], masks[b]) > 0.25, (game, a, b)


def test_every_seat_mark_has_its_own_shape():
    masks = []
    for seat in range(len(palette.SEAT_COLOURS)):
        surf = pygame.Surface((40, 40), pygame.SRCALPHA)
        widgets.seat_mark(surf, seat, (20, 20), 12)
        masks.append(mask_of(surf))
    for a, b in combinations(range(len(masks)), 2):
        assert shapes_differ(masks[a], masks[b]) > 0.08, (widgets.SEAT_SHAPES[a], widgets.SEAT_SHAPES[b])


def test_highlights_differ_by_shape_or_lift_not_only_colour(art):
    """Each card highlight, seen without colour, is told apart from the others
    by its outline's shape or by how far the card rises."""
    looks = {}
    for mark in ("", "legal", "selected", "hint", "focus", "dim", "last"):
        sprite = CardSprite(Place(("k", mark), None, (100, 100), 80, mark=mark, game="sticheln"), (100, 100), 80, 0.0)
        sprite.snap()
        grey = pygame.transform.grayscale(sprite.image(art))
        looks[mark] = (
            sprite.offset()[1],
            grey.get_size(),
            mask_of(sprite.image(art)),
            pygame.surfarray.array3d(grey)[..., 0].mean(),
        )
    lifts = {m: v[0] for m, v in looks.items()}
    assert lifts["selected"] < lifts["focus"] < lifts["legal"] < 0 == lifts[""]
    assert lifts["hint"] == lifts["legal"]  # the same lift, so the outline must differ
    assert shapes_differ(looks["hint"][2], looks["legal"][2]) > 0.02  # dashed, not solid
    assert looks["dim"][3] < looks[""][3] - 10  # darker: brightness, not hue


@pytest.mark.parametrize("kind", sorted(MACHADO))
def test_simulation_keeps_greys_grey_and_moves_red_and_green_together(kind):
    surf = pygame.Surface((4, 1))
    for x, colour in enumerate([(128, 128, 128), (255, 255, 255), (213, 94, 0), (0, 158, 115)]):
        surf.set_at((x, 0), colour)
    seen = simulate(surf, kind)
    r, g, b, _ = seen.get_at((0, 0))
    assert max(abs(r - 128), abs(g - 128), abs(b - 128)) <= 3
    assert seen.get_at((1, 0))[:3] == (255, 255, 255)


def test_windows_dpi_awareness_is_declared_before_the_window_and_nowhere_else(monkeypatch):
    import ctypes
    import types

    from game.app.shell import app as app_module

    calls = []
    fake = types.SimpleNamespace(shcore=types.SimpleNamespace(SetProcessDpiAwareness=calls.append))
    monkeypatch.setattr(ctypes, "windll", fake, raising=False)
    monkeypatch.delenv("SDL_WINDOWS_DPI_AWARENESS", raising=False)
    monkeypatch.setattr(app_module.sys, "platform", "linux")
    app_module.enable_dpi_awareness()
    assert calls == [] and "SDL_WINDOWS_DPI_AWARENESS" not in os.environ
    monkeypatch.setattr(app_module.sys, "platform", "win32")
    app_module.enable_dpi_awareness()
    assert calls == [2]  # per-monitor aware
    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"
    # An older Windows without shcore: the system-wide call, and no error either way.
    monkeypatch.setattr(ctypes, "windll", types.SimpleNamespace(), raising=False)
    app_module.enable_dpi_awareness()


def write_simulated_tables(folder: str) -> list[str]:
    """Screenshots of each table as seen with each deficiency (for a person to look at)."""
    sys.path.insert(0, os.path.dirname(__file__))
    from table_driver import make_app

    os.makedirs(folder, exist_ok=True)
    written = []
    for game, humans in (
        ("sticheln", [True, False, False, False]),
        ("avalanche", [True, False, False]),
        ("grinch", [True, False, False, False]),
    ):
        app, table = make_app(game, humans, seed=4)
        for _ in range(2000):
            app.step(1 / 30, events=[], flip=False)
            if app.stack.top is not table:
                app.stack.pop()
            elif table.viewer_acts() and not table.stage.busy:
                if game != "sticheln" or table.view.phase != "pick" and table.view.trick_cards():
                    break
                table.input.try_move(table.view.legal_moves()[0])
        app.step(1 / 30, events=[], flip=False)
        for kind in ("protanopia", "deuteranopia"):
            path = os.path.join(folder, f"{game}_{kind}.png")
            pygame.image.save(simulate(app.screen, kind), path)
            written.append(path)
    return written


if __name__ == "__main__":
    print("\n".join(write_simulated_tables(sys.argv[1] if len(sys.argv) > 1 else "cvd")))
