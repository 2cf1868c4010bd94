"""Issue 25's smaller items, each reproduced first."""

from __future__ import annotations

import random

import pygame
import pytest
from app_driver import press_key
from matrix import fast_lane

from tests.table_driver import click, make_app


def _to_a_hold_on_my_lead(seed: int):
    """A Sticheln table at normal speed, stepped until a decided trick is held
    on the table while the human (seat 0) is already the one to lead."""
    app, table = make_app("sticheln", [True, False, False], seed=seed, speed="normal")
    rng = random.Random(seed)
    for _ in range(40_000):
        if table.stage.holding and table.viewer_acts() and table.targets():
            return app, table
        if app.stack.top is not table:
            return None
        if table.viewer_acts() and not table.stage.busy:
            legal = table.match.state.legal_moves()
            useful = [t for t in table.targets() if t.move in legal]
            if useful:
                click(app, table.input.click_point(rng.choice(useful)))
                continue
        app.step(1 / 30, events=[], flip=False)
    return None


def test_a_click_during_the_trick_banner_does_not_lead_the_next_trick():
    """A double-click led the pain colour: the second click landed while the
    decided trick was still held on the table."""
    found = None
    for seed in range(1, 12):
        found = _to_a_hold_on_my_lead(seed)
        if found:
            break
    assert found, "no seed reached a held trick on the human's lead"
    app, table = found
    played = len(table.match.moves)
    target = table.targets()[0]
    click(app, table.input.click_point(target))
    assert len(table.match.moves) == played, "a card the player did not see was led"
    for _ in range(2000):  # once the trick is gone and the cards lie still, the click counts
        if not table.stage.busy:
            break
        app.step(1 / 30, events=[], flip=False)
    legal = table.match.state.legal_moves()
    target = next(t for t in table.targets() if t.move in legal)
    click(app, table.input.click_point(target))
    assert len(table.match.moves) == played + 1


def test_a_two_line_catalan_status_stays_inside_its_pill_at_1024x600():
    """Item 2: the Catalan status line took two lines with its words touching
    the pill's edge and its rounded corners."""
    from game import i18n
    from game.app.ui.widgets import text_rect

    before = i18n.language()
    i18n.set_language("ca")
    try:
        app, table = make_app("grinch", [True, False, False], seed=2, size=(1024, 600))
        long = "Ronda 1 de 6 · Ets el Grinch: agafa'n 2 més de la pila de robar o de qualsevol pila de descart"
        table.message.say(long)
        box, lines, px, _look = table.status_line.shown()
        assert len(lines) == 2
        ui = app.ui
        step = round(px * 1.22)
        radius = table.status_line.radius(lines)
        for i, line in enumerate(lines):
            y = box.centery + round((i - 0.5) * step)
            rect = text_rect(line, px, center=(box.centerx, y))
            assert rect.top >= box.top + ui(3) and rect.bottom <= box.bottom - ui(3), (rect, box)
            assert rect.left >= box.left + radius and rect.right <= box.right - radius, (rect, box, radius)
    finally:
        i18n.set_language(before)


def _hand_span(game: str, size: tuple[int, int], interface: float) -> tuple[float, int]:
    """(the viewer's hand's width on screen, or the room it may fan in while
    it is empty, one hand card's width)."""
    app, table = make_app(game, [True, False, False], seed=1, size=size)
    app.settings.ui_scale = interface
    table.resize(app.size)
    table.stage.sync(instant=True)
    keys = {str(card) for card in table.view.hand(table.viewer)}
    rects = [table.stage.sprites[k].rect() for k in keys if k in table.stage.sprites]
    if not rects:
        return table.hand_width, table.card_w
    return rects[0].unionall(rects[1:]).w, rects[0].w


@pytest.mark.parametrize("game", fast_lane(["sticheln", "avalanche", "grinch"], "sticheln"))
def test_a_smaller_interface_never_makes_the_hand_bigger(game):
    """Item 3: at 80 % the panels shrank, the room between them grew, and the
    hand fanned out wider than at 100 %."""
    for size in ((1280, 720), (1920, 1080), (1024, 600)):
        small, card_small = _hand_span(game, size, 0.8)
        full, card_full = _hand_span(game, size, 1.0)
        assert card_small <= card_full and small <= full, (game, size, small, full)


def test_a_bad_deal_code_is_said_as_a_sentence_and_start_waits_for_a_good_one():
    """Item 4: 'the check character does not match…' began lowercase, and
    Start game still started (an ordinary deal) over the red reason."""
    from game.app.scenes.setup import SetupScene
    from game.match.deal_code import encode

    app, _table = make_app("sticheln", [True, False, False])
    setup = SetupScene(app)
    app.push(setup)
    app.step(1 / 60, events=[], flip=False)
    click(app, setup.code.rect.center)
    code = encode("grinch", 3, 5)
    bad = code[:-1] + ("0" if code[-1] != "0" else "1")
    for ch in bad:
        app.step(1 / 60, events=[pygame.event.Event(pygame.TEXTINPUT, text=ch)], flip=False)
    error = setup.code.error
    assert error and error[0].isupper() and error.endswith("."), error
    start = next(b for b in setup.buttons if b.label == "Start game")
    assert not start.enabled
    click(app, start.rect.center)
    assert app.stack.top is setup, "Start game started over an invalid code"
    click(app, setup.code.rect.center)
    for _ in bad:  # cleared, the field holds no code: an ordinary deal may start
        app.step(
            1 / 60, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")], flip=False
        )
    start = next(b for b in setup.buttons if b.label == "Start game")
    assert setup.code.error == "" and start.enabled


def _log_with_many_lines(game: str, size=(1024, 600)):
    """A table whose log holds more rows than its panel shows."""
    app, table = make_app(game, [True, False, False], seed=3, size=size)
    rng = random.Random(3)
    for _ in range(20_000):
        table.log.open = True
        _rect, rows, room = table.log.panel_rows()
        table.log.open = False
        if len(rows) > room + 4:
            break
        if app.stack.top is not table:
            from tests.table_driver import click_top_button

            click_top_button(app)
            continue
        if table.viewer_acts() and not table.stage.busy:
            legal = table.match.state.legal_moves()
            useful = [t for t in table.targets() if (t.move is not None and t.move in legal) or t.select is not None]
            if useful:
                click(app, table.input.click_point(rng.choice(useful)))
                continue
        app.step(1 / 30, events=[], flip=False)
    else:
        raise AssertionError("the log never outgrew its panel")
    return app, table


def test_the_round_log_says_earlier_lines_exist_and_scrolls_to_them():
    """Item 5: the log showed the newest rows under a bare '…' and could not
    be scrolled back."""
    app, table = _log_with_many_lines("sticheln")
    log = table.log
    press_key(app, pygame.K_l)
    assert log.open
    _rect, rows, room = log.panel_rows()
    shown = log.shown_rows()
    assert len(shown) <= room
    assert shown[0][1] and "earlier" in shown[0][0], shown[0]
    assert shown[-1] == (rows[-1], False)  # it opens on the newest turn
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)], flip=False)
    back = log.shown_rows()
    assert back != shown and back[-1][1] and "later" in back[-1][0]
    press_key(app, pygame.K_HOME)
    first = log.shown_rows()
    assert first[0] == (rows[0], False) and len(first) <= room
    press_key(app, pygame.K_PAGEDOWN)
    press_key(app, pygame.K_END)
    assert log.shown_rows() == shown
    press_key(app, pygame.K_UP)
    assert log.back == 1 and log.open
    press_key(app, pygame.K_ESCAPE)
    assert not log.open
    press_key(app, pygame.K_l)
    assert log.back == 0  # it opens on the newest turns again


def test_a_game_of_one_long_round_titles_its_log_for_the_game():
    """Avalanche is played as one long round: its log is 'The game so far'."""
    _app, avalanche = make_app("avalanche", [True, False, False])
    _app, sticheln = make_app("sticheln", [True, False, False])
    assert avalanche.log.title() == "The game so far"
    assert sticheln.log.title() == "This round so far"


def test_the_punjabi_six_seat_score_pad_gives_every_name_room_in_its_column():
    """Item 6: in Punjabi at six seats 'Harpreet' was squeezed small against
    its column's rule and its seat mark."""
    from app_driver import window

    from game import i18n
    from game.app.look import fonts
    from game.app.table import table_for
    from game.match.match import Match, Seat

    before = i18n.language()
    i18n.set_language("pa")
    try:
        for size in ((1280, 720), (1024, 600), (1920, 1080)):
            app = window(size=size, language="pa")
            names = ["Harpreet", "Mina", "Pau", "Simran", "Joon", "Laia"]
            seats = [Seat(n, i == 1, "random") for i, n in enumerate(names)]
            table = table_for(app, Match("grinch", seats, 4, 0))
            app.replace(table)
            pad = table.pad
            pad.layout()
            ui = app.ui
            assert pad.rect.right <= size[0] and pad.rect.left >= 0
            for i, seat in enumerate(table.display_order()):
                name = table.name(seat)
                col, mark, rect, px = pad.header(i, name)
                assert px >= ui(14), (size, name, px)  # as large as the others, not squeezed
                assert rect.w == fonts.size(name, px, True)[0]
                assert rect.left >= mark[0] + ui(5) + ui(3), (size, name)  # clear of its seat mark
                assert mark[0] - ui(5) >= col.left + ui(3) and rect.right <= col.right - ui(5), (size, name, rect, col)
    finally:
        i18n.set_language(before)


def test_setup_seats_carry_their_table_mark_and_fill_the_screen_evenly():
    """Item 7: the seats hung under the player count with the screen's lower
    half empty, and nothing tied a seat to its colour at the table."""
    from game.app.scenes.setup import SetupScene

    for size in ((1280, 720), (1024, 600), (1920, 1080)):
        app, _table = make_app("sticheln", [True, False, False], size=size)
        setup = SetupScene(app)
        app.push(setup)
        ui = app.ui
        for count in (3, 4, 6):
            setup.count = count
            setup.rebuild()
            start = next(b for b in setup.buttons if b.label == "Start game")
            for seat, rect in enumerate(setup.name_rects):
                (mx, my), radius = setup.mark_at(seat)
                assert rect.left < mx - radius and mx + radius < setup.name_text_x(seat) and my == rect.centery
            above = setup.name_rects[0].top - (setup.count_center[1] + ui(20))
            below = start.rect.top - setup.content_bottom()
            assert below <= max(above, ui(30)) + ui(30), (size, count, above, below)


@pytest.mark.slow  # a whole game reviewed; the fast lane's review text: tests/tools/test_cli_review.py
def test_the_command_line_review_says_moves_in_the_games_words(tmp_path, capsys):
    """Item 8: 'played play red 2' -- the engine's notation and colour names."""
    from game.persist import savefile
    from game.tools import cli
    from tests.ai.test_review import played

    match = played("sticheln", 3, 8)
    path = tmp_path / "game.json"
    savefile.save(path, match)
    assert cli.main(["review", str(path), "--rollouts", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()[1:]
    assert lines
    for line in lines:
        assert "played play" not in line and "played pain" not in line and " red " not in line, line
        assert " purple" not in line and "best play" not in line, line


def test_the_review_panel_covers_the_results_panel_beneath_it():
    """Item 8: the Review's progress panel sat inside Results' larger panel,
    whose frame showed around it: two frames, one over the other."""
    from game.app.scenes.results import ResultsScene
    from tests.table_driver import play_by_clicks

    app, table = make_app("grinch", [True, False], seed=5)
    play_by_clicks(app, table, random.Random(5))
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    review = app.routes.review(table.match, None, "", 4)
    app.step(1 / 60, events=[], flip=False)
    if app.stack.top is review:
        assert review.panel.contains(results.panel), (review.panel, results.panel)
        assert all(review.panel.contains(b.rect) for b in review.buttons)
        review.cancel()
