"""Bounded caches (issue 18, item 11): every cache of rendered text, fonts,
panels, card pictures, highlights and replayed history files stops at its
cap, so a long session's memory levels off (`python -m game.tools.soak` shows the
curve; these tests hold the caps)."""

from __future__ import annotations

import os
import random

import pygame
import pytest

from game import lru
from game.lru import LRU, memoize

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


class Blob:
    def __init__(self, size: int) -> None:
        self.size = size


def test_lru_forgets_the_least_recently_used_beyond_its_entries() -> None:
    cache: LRU[str, int] = LRU("test.items", 3)
    for key in "abc":
        cache.put(key, ord(key))
    assert cache.get("a") == ord("a")  # now the most recent
    cache.put("d", 4)
    assert cache.keys() == ["c", "a", "d"] and "b" not in cache
    assert len(cache) == 3 and cache.evictions == 1
    assert cache.get("b", "gone") == "gone"
    assert cache.pop("a") == ord("a") and len(cache) == 2


def test_lru_holds_its_bytes_and_never_keeps_one_too_big() -> None:
    cache: LRU[int, Blob] = LRU("test.bytes", 100, max_bytes=1000, weigh=lambda b: b.size)
    for i in range(20):
        cache.put(i, Blob(150))
        assert cache.bytes <= 1000
    assert len(cache) == 6 and cache.bytes == 900
    cache.put(99, Blob(5000))
    assert 99 not in cache and cache.bytes == 900  # handed back, not kept, nothing else lost
    cache.put(0, Blob(10))
    cache.put(0, Blob(20))  # the same key again: counted once
    assert cache.bytes == 6 * 150 + 20 and len(cache) == 7


def test_lru_cap_grows_with_the_window_but_never_below_its_base() -> None:
    room = [0]
    cache: LRU[int, Blob] = LRU("test.grow", 100, max_bytes=1000, weigh=lambda b: b.size, grow=lambda: room[0])
    for i in range(10):
        cache.put(i, Blob(300))
    assert cache.bytes <= 1000 and cache.max_bytes == 1000
    room[0] = 4000
    for i in range(10, 30):
        cache.put(i, Blob(300))
    assert 3000 < cache.bytes <= 4000 and cache.max_bytes == 4000
    room[0] = 0  # a smaller window: back to the base once the cache is full again
    cache.put(99, Blob(300))
    assert cache.max_bytes == 1000 and cache.bytes <= 1000


def test_memoize_is_bounded_and_clearable() -> None:
    calls = []

    @memoize("test.memo", 4)
    def square(n: int) -> int:
        calls.append(n)
        return n * n

    assert [square(n) for n in (1, 2, 1, 3, 4, 5, 1)] == [1, 4, 1, 9, 16, 25, 1]
    assert calls == [1, 2, 3, 4, 5]  # 1 stayed: it was used again before 2
    assert len(square.cache) == 4
    square.cache_clear()
    assert len(square.cache) == 0
    assert any(row["name"] == "test.memo" for row in lru.report())


@pytest.fixture
def window():
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 720))
    yield screen
    from game.app.look import fonts

    fonts.clear_caches()


def test_rendered_text_and_fonts_stay_within_their_caps(window) -> None:
    from game.app.look import fonts

    fonts.clear_caches()
    rng = random.Random(5)
    for i in range(600):  # every move makes a new status line: wide, and never drawn again
        line = f"Round {i} · Computer {i % 6} to play — " + "".join(rng.choice("abcdefgh ") for _ in range(60))
        fonts.text(line, 30 + i % 7, (255, 255, 255))
        fonts.size(line, 20)
    cache = fonts._text.cache
    assert cache.bytes <= max(fonts.MAX_TEXT_BYTES, 1280 * 720 * 4 * fonts.TEXT_SCREENS)
    assert cache.evictions > 0 and len(cache) <= fonts.MAX_TEXTS
    for px in range(6, 6 + 2 * fonts.MAX_FONTS):
        fonts.font(px, bold=px % 2 == 0)
    assert len(fonts._fonts) == fonts.MAX_FONTS
    assert fonts.text("Mina to play", 18, (1, 2, 3)) is fonts.text("Mina to play", 18, (1, 2, 3))


def test_panels_stay_within_their_cap(window) -> None:
    from game.app.ui import widgets

    first = widgets.panel((300, 200))
    assert widgets.panel((300, 200)) is first
    for w in range(400, 1280, 8):  # a window dragged wider: a new full-height panel every step
        widgets.panel((w, 700))
    cap = max(widgets.MAX_PANEL_BYTES, 1280 * 720 * 4 * widgets.PANEL_SCREENS)
    assert widgets._panels.bytes <= cap and widgets._panels.evictions > 0
    assert len(widgets._panels) <= widgets.MAX_PANELS


def test_card_pictures_and_highlights_stay_within_their_caps(window) -> None:
    from game.app.look import art as art_module
    from game.app.table import sprites
    from game.rules import avalanche, grinch, sticheln

    art = art_module.Art()
    decks = {"sticheln": sticheln.CARDS, "avalanche": avalanche.CARDS, "grinch": grinch.CARDS}
    for width in (90, 120, 150):  # the window resized, every card drawn at each size
        for game_id, cards in decks.items():
            for card in cards:
                face = art.face(game_id, card, width)
                sprites._marked(face, "dim", (game_id, card, width))
            art.back(game_id, width)
    cap = max(art_module.MAX_FACE_BYTES, 1280 * 720 * 4 * art_module.FACE_SCREENS)
    assert art._faces.bytes <= cap and art._faces.evictions > 0
    assert sprites._marks.bytes <= sprites._marks.max_bytes and sprites._marks.evictions > 0
    assert len(sprites._marks) <= sprites._marks.max_items


def test_replayed_history_files_stay_within_their_cap(monkeypatch) -> None:
    from game.match.match import Match, Seat
    from game.persist import library

    monkeypatch.setattr(library, "_replays", LRU("library.replays", 3))
    monkeypatch.setattr(library, "_cache", LRU("library.listing", 100))
    rng = random.Random(3)
    for seed in range(6):
        match = Match("avalanche", [Seat("A", False, "easy"), Seat("B", False, "easy")], seed=seed)
        while not match.state.is_over:
            match.apply(rng.choice(match.state.legal_moves()))
        library.archive(match)
    infos = library.list_history()
    assert len(infos) == 6 and all(info.error is None for info in infos)
    matches = [library.shared_match(info.path) for info in infos]
    assert len(library._replays) == 3 and len(library._cache) == 6
    again = library.shared_match(infos[0].path)  # forgotten, so replayed afresh, and the same game
    assert again is not matches[0] and again.state.to_json() == matches[0].state.to_json()
    assert library.shared_match(infos[0].path) is again  # and now remembered


def test_every_cache_is_within_its_caps() -> None:
    for row in lru.report():
        assert row["items"] <= row["max_items"], row
        if row["max_bytes"] is not None:
            assert row["bytes"] <= row["max_bytes"], row


def test_soak_refuses_a_run_that_never_ends(capsys) -> None:
    from game.tools import soak

    for bad in ("nan", "-1", "0"):
        with pytest.raises(SystemExit):
            soak.main(["--minutes", bad])
    assert "positive" in capsys.readouterr().err


@pytest.mark.slow
def test_a_short_soak_plays_and_reports() -> None:
    from game.tools import soak

    lines: list[str] = []
    reports = soak.soak(25, every=5, say=lines.append)
    assert reports[-1]["games"] >= 1 and reports[-1]["history_files"] == reports[-1]["games"]
    assert all(r["rss_mib"] > 0 for r in reports) and len(lines) == len(reports)
    test_every_cache_is_within_its_caps()
