"""The lead's follow-ups to issue 15, each pinned: while a finished trick lies on
the felt the status line tells that moment, not the next lead; the record line
and the round's log stay readable (>= 13 px) inside their boxes; History lists
scores best first; the rules' "scroll for more" never prints over the text."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

from table_driver import make_app

from game.app.scenes.history import result_line
from game.app.ui import widgets
from game.games.sticheln.table_past import PastView
from game.match.match import Match, Seat

DT = 1 / 60


def test_a_finished_trick_on_the_felt_says_its_moment_and_no_seat_glows_to_act():
    app, table = make_app("sticheln", [False] * 6, seed=7, speed="normal")
    seen_landing = seen_banner = False
    for _ in range(40_000):
        app.step(DT, events=[], flip=False)
        shown = table.shown()
        if (
            not isinstance(shown, PastView)
            or table.view.phase != "play"
            or table.view.round_number != shown.round_number
        ):
            continue
        status = table.status()
        assert shown.current_player is None  # nobody is drawn as about to act
        if table.banner_kind() is not None:
            assert "takes the trick" in status or "set aside" in status
            seen_banner = True
        else:  # the last card is landing: still its player's play, never the next lead
            assert "lead any card" not in status
            assert table.name(shown.seat) in status
            seen_landing = True
        if seen_landing and seen_banner:
            break
    assert seen_landing and seen_banner


def test_a_long_turn_on_the_record_line_stays_readable_and_inside_its_box():
    app, table = make_app("grinch", [True] + [False] * 5, seed=3, speed="off")
    ui = app.ui
    width = table.log.line_rect().w - ui(20)
    long_turn = " · ".join(
        [
            "Laia discarded a card face down",
            "The Whos' discards turn up: " + ", ".join(f"Seat{i}: Wreath {i}" for i in range(6)),
        ]
    )
    table.log.line = lambda: long_turn  # what a 6-seat Grinch reveal says
    lines, px = table.log.line_text(width)
    assert px >= ui(13) and 1 <= len(lines) <= 2
    assert all(widgets.fit_size(line, px, width) == px for line in lines)


def test_the_log_wraps_long_turns_instead_of_shrinking_them(monkeypatch):
    app, table = make_app("grinch", [True] + [False] * 5, seed=3, speed="off")
    long_turn = "The Whos' discards turn up: " + ", ".join(f"Seat{i}: Ornament {i}" for i in range(6)) * 2
    table.log.lines = lambda: [long_turn]
    sizes = []
    real = widgets.fit_size

    def spy(text, size, width, *args, **kwargs):
        px = real(text, size, width, *args, **kwargs)
        if "Ornament" in text:  # a row of the long turn
            sizes.append(px)
        return px

    monkeypatch.setattr(widgets, "fit_size", spy)
    table.log.open = True
    app.step(DT, events=[], flip=False)
    assert len(sizes) >= 2 and min(sizes) == app.ui(16)  # wrapped rows, each at the log's own size


def test_history_lists_the_scores_best_first():
    match = Match("avalanche", [Seat(n, False, "random") for n in ("Ana", "Mina", "Pau", "Joan")], 12)
    rng = random.Random(12)
    while not match.state.is_over:
        match.apply(rng.choice(match.state.legal_moves()))
    scores = [int(part.rsplit(" ", 1)[1]) for part in result_line(match).split(" · ")[1:]]
    assert scores == sorted(scores, reverse=True)


def test_scroll_for_more_has_its_own_strip_and_goes_at_the_end():
    from game.app.shell.app import App
    from game.persist.settings import Settings

    app = App((1024, 600), Settings(speed="off"))
    app.routes.title()
    rules = app.routes.rules("grinch")
    app.step(DT, events=[], flip=False)
    assert rules.max_scroll > 0
    drawn: list[str] = []
    real = widgets.blit_text

    def spy(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    import game.app.scenes.rules as rules_module

    rules_module.blit_text = spy
    try:
        app.draw()
        assert "scroll for more" in drawn
        rules.scroll = rules.max_scroll
        drawn.clear()
        app.draw()
        assert "scroll for more" not in drawn
        # The last line of text can be scrolled fully above the strip.
        last_y = max(y for _kind, _item, y in rules.lines)
        assert rules.view.y + last_y - rules.scroll + app.ui(25) <= rules.view.bottom - app.ui(26) + app.ui(4)
    finally:
        rules_module.blit_text = real
