"""The guided games at the real scene, headless: driven to their end by mouse
and by keyboard, a wrong click at every step changing nothing and saying what
to do instead, captions inside the window, off their target and off the
status line at every window and interface size (and off the scene's labels
at 1280x720 and 1024x600), the entries that lead to them, and the player's
autosave left byte for byte as it was."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from app_driver import press_button, press_key
from matrix import fast_lane, sample_grid
from table_driver import click

from game import i18n
from game.app.learn.done import LearnDoneScene
from game.app.learn.placement import arrow_strips, place_caption
from game.app.learn.screens import LearnOfferScene
from game.app.learn.scripts import lesson_games, script_for
from game.app.learn.table import ARROW
from game.app.scenes.rules import RulesScene
from game.app.scenes.setup import SetupScene
from game.app.scenes.summary import SummaryScene
from game.app.scenes.title import TitleScene
from game.app.shell.app import App
from game.app.ui import focus
from game.match.match import Match, Seat
from game.persist import library, paths
from game.persist.settings import Settings, save_settings

GAMES = list(lesson_games())
ROOT = Path(__file__).resolve().parents[2]
FRAME = 1 / 30


def lesson(game_id: str, size=(1280, 720), ui_scale: float = 1.0):
    app = App(size, Settings(speed="off", ui_scale=ui_scale))
    scene = app.routes.learn(game_id)
    return app, scene


def advance(app: App, scene) -> bool:
    """Run until the learner's step waits (True) or the lesson's end shows (False);
    round summaries are closed on the way, as a player would."""
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, LearnDoneScene):
            return False
        if isinstance(top, SummaryScene):
            press_key(app, pygame.K_RETURN, dt=FRAME)
            continue
        if top is scene and scene.waiting():
            return True
        app.step(FRAME, events=[], flip=False)
    raise AssertionError(f"the lesson stalled after {scene.mode.played()} moves")


def wrong_point(scene) -> tuple[int, int]:
    """Somewhere a click does not reach this step's target: another target
    if there is one, else the bare scene."""
    allowed = scene.lesson_targets()
    for target in scene.table.targets():
        if target not in allowed:
            point = scene.table.input.click_point(target)
            if not any(t.rect.collidepoint(point) for t in allowed):
                return point
    w, h = scene.table.size
    for x in range(w // 20, w, w // 10):
        for y in range(h // 6, h, h // 12):
            if scene.table.input.target_at((x, y)) is None and not any(
                b.rect.collidepoint((x, y)) for b in scene.buttons
            ):
                return (x, y)
    raise AssertionError("no wrong place to click")


def drive_by_mouse(app: App, scene, wrong_clicks: bool = False, check=None) -> int:
    steps = 0
    while advance(app, scene):
        if check is not None:
            check(app, scene)
        if wrong_clicks:
            played, selection = scene.mode.played(), set(scene.table.selection)
            click(app, wrong_point(scene))
            assert scene.mode.played() == played and scene.table.selection == selection
            assert (
                scene.table.message.text == scene.guide.instead(played, scene.table.name, selection)
                and scene.table.message.left > 0
            )
            assert scene.table.message.text.startswith("Not that one now.")
        target = scene.lesson_targets()[0]
        click(app, scene.table.input.click_point(target))
        steps += 1
    return steps


def finished(app: App, scene, game_id: str) -> None:
    assert isinstance(app.stack.top, LearnDoneScene) and app.stack.top.game_id == game_id
    assert scene.mode.played() == len(script_for(game_id).steps)


@pytest.mark.parametrize("game_id", fast_lane(GAMES, "sticheln"))
def test_each_lesson_by_mouse_to_its_end_a_wrong_click_at_every_step_changing_nothing(game_id):
    app, scene = lesson(game_id)
    steps = drive_by_mouse(app, scene, wrong_clicks=True)
    finished(app, scene, game_id)
    assert steps >= len(script_for(game_id).human_steps)


@pytest.mark.parametrize("game_id", fast_lane(GAMES, "grinch"))
def test_each_lesson_by_keyboard_the_ring_on_the_steps_target(game_id):
    app, scene = lesson(game_id)
    app.step(FRAME, events=[], flip=False)
    press_key(app, pygame.K_TAB, dt=FRAME)  # the ring shows, on the first card to play
    while advance(app, scene):
        item = focus.focused(scene)
        allowed = [scene.table.focus_item(t).key for t in scene.lesson_targets()]
        assert item is not None and item.key in allowed, (item, allowed)
        plays = [i for i in focus.items_of(scene) if i.group == "play"]
        assert {i.key for i in plays} <= set(allowed)  # the ring reaches nothing else
        press_key(app, pygame.K_RETURN, dt=FRAME)
    finished(app, scene, game_id)


def test_the_end_offers_a_real_game_with_the_same_game_chosen():
    app, scene = lesson("avalanche")
    drive_by_mouse(app, scene)
    done = app.stack.top
    click(app, next(b for b in done.buttons if b.label == "Play a real game").rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and setup.game_id == "avalanche"


def test_esc_leaves_at_any_time():
    app, scene = lesson("grinch")
    advance(app, scene)
    press_key(app, pygame.K_ESCAPE, dt=FRAME)
    assert isinstance(app.stack.top, TitleScene)


def test_no_hint_no_undo_and_leave_instead_of_menu():
    _app, scene = lesson("sticheln")
    labels = [b.label for b in scene.buttons]
    assert "Hint" not in labels and "Undo" not in labels and "Leave" in labels


def test_the_players_autosave_is_byte_identical_and_no_history_or_statistics():
    seats = [Seat("Ana", True), Seat("Mina", False, "random"), Seat("Pau", False, "random")]
    old = Match("grinch", seats, 12)
    old.apply(old.state.legal_moves()[0])
    library.write_autosave(old)
    before = paths.autosave_path().read_bytes()
    for game_id in GAMES:
        app, scene = lesson(game_id)
        drive_by_mouse(app, scene)
        finished(app, scene, game_id)
    assert paths.autosave_path().read_bytes() == before
    assert library.list_history() == []


def check_caption(app: App, scene) -> None:
    """Inside the window, off the status line, and off everything the step
    points at: its target, the cards chosen so far, the learner's hand (the
    cards a caption names, the card just drawn), the controls that lead
    to its move (the Play button a caption names, the pad's other rows) and
    the table's cards its words name (Avalanche's "Ana's 8 is higher than
    your 5", "Ana started with two 9s")."""
    box, target, _lines = scene.caption_layout()
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(box), (app.size, box)
    assert target is not None and not box.colliderect(target), (app.size, box, target)
    status, keeps, *_rest = scene.caption_avoids()
    assert not box.collidelistall(status), (app.size, box, "over the status line")
    assert keeps, "the learner's hand is always kept clear"
    covered = [keeps[i] for i in box.collidelistall(keeps)]
    assert not covered, (app.size, scene.mode.played(), len(scene.table.selection), box, covered)
    strips = arrow_strips(box, target, app.ui(ARROW))  # nor does its arrow cross them on the way
    assert not any(strip.collidelistall(keeps) for strip in strips), (app.size, scene.mode.played(), box, strips)
    named = scene.caption_names()
    assert not box.collidelistall(named), (app.size, scene.mode.played(), box, "over the cards it names", named)


def test_the_caption_keeps_off_the_hand_the_chosen_cards_and_the_play_button():
    """Avalanche's first step: the caption says "press Play" and must leave
    the Play button, the card just chosen and the rest of the hand to see."""
    app, scene = lesson("avalanche")
    advance(app, scene)
    check_caption(app, scene)
    play = scene.table.play_rect
    assert play in scene.caption_keeps()
    click(app, scene.table.input.click_point(scene.lesson_targets()[0]))  # the 5 is chosen: Play is the target
    assert scene.waiting() and scene.table.selection
    check_caption(app, scene)
    chosen = scene.chosen_rects()
    assert chosen and all(rect in scene.caption_keeps() for rect in chosen)


def check_caption_clear(app: App, scene) -> None:
    """Inside, off the target, off the status line and off the words the steps
    talk about (the record line, the piles' labels, the next-play chips) --
    and off the table's cards the caption names, which come first where both
    cannot be kept clear (Avalanche's "Ana's 8 is higher than your 5")."""
    check_caption(app, scene)
    box, _target, _lines = scene.caption_layout()
    _status, _keeps, named, words, *_rest = scene.caption_avoids()
    assert words, "the scene names the areas it labels"
    covered = [words[i] for i in box.collidelistall(words)]
    if named:
        assert not box.collidelistall(named), (app.size, scene.mode.played(), box, named)
        return
    assert not covered, (app.size, scene.mode.played(), box, covered)


def test_a_caption_keeps_off_the_table_cards_it_names():
    """Sticheln: "Ana led yellow ... its yellow 2 costs you 2": the trick's yellow 2 stays in view."""
    app, scene = lesson("sticheln")
    named_steps = 0
    while advance(app, scene):
        named = scene.caption_names()
        box, _target, _lines = scene.caption_layout()
        named_steps += bool(named)
        assert not box.collidelistall(named), (scene.mode.played(), box, named)
        click(app, scene.table.input.click_point(scene.lesson_targets()[0]))
    assert named_steps >= 1


@pytest.mark.parametrize("game_id", fast_lane(GAMES, "sticheln"))
@pytest.mark.parametrize("size", fast_lane([(1280, 720), (1024, 600)], (1024, 600), single=True))
def test_captions_leave_the_status_line_and_the_tables_labels_readable(game_id, size):
    app, scene = lesson(game_id, size=size)
    drive_by_mouse(app, scene, check=check_caption_clear)


@pytest.mark.parametrize("game_id", fast_lane(GAMES, "grinch"))
@pytest.mark.parametrize("size", fast_lane([(1280, 720), (1024, 600)], (1024, 600), single=True))
def test_captions_in_punjabi_keep_off_the_status_line_and_their_target(game_id, size):
    """Taller lines leave less room: the labels may be brushed, never the status line or the target."""
    i18n.set_language("pa")
    app, scene = lesson(game_id, size=size)
    drive_by_mouse(app, scene, check=check_caption)


SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
SCALES = [0.8, 1.0, 2.0]
LANGUAGES = ["en", "ko", "ca", "pa"]


@pytest.mark.parametrize("game_id", fast_lane(GAMES, "sticheln"))
def test_captions_inside_the_window_and_off_their_target_small_and_large(game_id):
    app, scene = lesson(game_id, size=(1024, 600), ui_scale=2.0)
    drive_by_mouse(app, scene, check=check_caption)


@pytest.mark.parametrize("lang", fast_lane(LANGUAGES, "pa"))
def test_captions_cover_nothing_they_point_at_in_every_language(lang):
    """The fast subset: every game, every language, at the largest interface
    on the window where the table is most crowded by it."""
    i18n.set_language(lang)
    for game_id in GAMES:
        app, scene = lesson(game_id, size=(1280, 720), ui_scale=2.0)
        drive_by_mouse(app, scene, check=check_caption)


@pytest.mark.parametrize("lang", fast_lane(LANGUAGES, "ko"))
def test_avalanche_captions_at_200_percent_keep_off_the_cards_they_name(lang):
    """The crowded case in every language and window size: at 200 % the
    caption beside Avalanche's hand has no room that is off both the hand
    and the pile its words name ("Ana's 8", "two 9s") unless it may sit
    past the target's middle, its arrow landing on the target's near part."""
    i18n.set_language(lang)
    for size in SIZES:
        app, scene = lesson("avalanche", size=size, ui_scale=2.0)
        drive_by_mouse(app, scene, check=check_caption)


@pytest.mark.slow  # .ci/run: 27 of the 108 (every language, game, size and scale); FIRESIDE_FULL_MATRIX=1: all
@pytest.mark.parametrize(
    "lang,game_id,size,ui_scale", sample_grid([LANGUAGES, GAMES, SIZES, SCALES], 27, seed="captions")
)
def test_captions_cover_nothing_they_point_at_every_step_size_scale_and_language(lang, game_id, size, ui_scale):
    """Every step x 3 window sizes x 3 interface sizes x 4 languages: 0 overlaps."""
    i18n.set_language(lang)
    app, scene = lesson(game_id, size=size, ui_scale=ui_scale)
    drive_by_mouse(app, scene, check=check_caption)


def test_caption_placement_keeps_inside_and_off_the_target():
    window = pygame.Rect(0, 0, 1024, 600)
    for target in (
        pygame.Rect(450, 480, 120, 110),
        pygame.Rect(0, 0, 100, 100),
        pygame.Rect(900, 250, 120, 100),
        pygame.Rect(400, 10, 200, 60),
    ):
        box = place_caption((460, 150), target, window, 20)
        assert window.contains(box) and not box.colliderect(target), (target, box)
    avoid = [[pygame.Rect(0, 0, 1024, 52)]]
    box = place_caption((460, 150), pygame.Rect(450, 200, 100, 100), window, 20, avoid)
    assert not box.colliderect(avoid[0][0])


# -- where to find it -------------------------------------------------------------------
def test_title_and_rules_screens_lead_to_the_lesson():
    app = App((1280, 720), Settings(speed="off"))
    app.routes.title()
    app.step(FRAME, events=[], flip=False)
    press_button(app, "Learn to play")
    pick = app.stack.top
    click(app, next(b for b in pick.buttons if b.label == "Avalanche").rect.center)
    assert app.stack.top.guide.game_id == "avalanche"
    app.routes.title()
    rules = app.routes.rules("grinch")
    app.step(FRAME, events=[], flip=False)
    assert isinstance(rules, RulesScene)
    click(app, rules.learn.rect.center)
    assert app.stack.top.guide.game_id == "grinch"


def test_setup_offers_the_lesson_once_for_a_game_never_played():
    app = App((1280, 720), Settings(speed="off"))
    app.routes.title()
    setup = app.routes.setup("avalanche")
    app.step(FRAME, events=[], flip=False)
    setup.start()
    offer = app.stack.top
    assert isinstance(offer, LearnOfferScene) and "Avalanche" in offer.title
    click(app, next(b for b in offer.buttons if b.label == "Play now").rect.center)
    assert app.stack.top.match.game_id == "avalanche"  # the real game, as chosen
    app.routes.title()
    setup = app.routes.setup("avalanche")
    setup.start()  # offered once: now straight to the scene
    assert app.stack.top.match.game_id == "avalanche"


def test_setup_offers_nothing_for_a_game_played_before():
    seats = [Seat("You", True), Seat("Mina", False, "random"), Seat("Pau", False, "random")]
    match = Match("sticheln", seats, 3, options={"rounds": 1})
    while not match.state.is_over:
        match.apply(match.state.legal_moves()[0])
    library.archive(match)
    app = App((1280, 720), Settings(speed="off"))
    setup = app.routes.setup("sticheln")
    setup.count = 3
    setup.start()
    assert not isinstance(app.stack.top, LearnOfferScene)


@pytest.mark.slow
def test_learn_command_autoplays_to_the_end_and_exits_zero():
    save_settings(Settings(speed="off"))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, "-m", "game", "learn", "--game", "avalanche", "--lang", "ca", "--autoplay", "--exit-at-end"],
        cwd=ROOT,
        env=env,
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("game_id", fast_lane(GAMES, "sticheln"))
def test_autoplay_walks_through_by_itself_and_exit_at_end_quits_zero(game_id):
    app = App((1280, 720), Settings(speed="off"))
    app.exit_at_end = True
    scene = app.routes.learn(game_id, autoplay=True)
    for _ in range(5000):
        if not app.running:
            break
        app.step(FRAME, events=[], flip=False)
    assert not app.running and app.exit_code == 0
    assert scene.mode.played() == len(script_for(game_id).steps)


def test_learn_command_line():
    from game.tools.cli import build_parser

    args = build_parser().parse_args(
        ["learn", "--game", "grinch", "--lang", "pa", "--autoplay", "--exit-at-end", "--size", "1024x600"]
    )
    assert (args.command, args.game, args.lang, args.autoplay, args.exit_at_end, args.size) == (
        "learn",
        "grinch",
        "pa",
        True,
        True,
        (1024, 600),
    )
    with pytest.raises(SystemExit):
        build_parser().parse_args(["learn", "--game", "chess"])


def test_only_the_steps_card_is_lit_the_rest_of_the_hand_dimmed():
    app, scene = lesson("sticheln")
    advance(app, scene)
    hand = [str(card) for card in scene.table.view.hand(0)]
    marks = {p.key: p.mark for p in scene.table.places() if p.key in hand}
    assert marks.pop("yellow 1") != "dim" and set(marks.values()) == {"dim"}


def test_learn_to_play_and_the_setup_offer_leave_out_a_game_without_a_lesson():
    from dataclasses import replace

    from game.app.learn.screens import LearnPickScene, offer_lesson
    from game.rules import registry
    from game.rules.spec import PARTS

    spec = registry.register(
        replace(registry.get("avalanche"), id="lessonless", code_prefix="LL", parts=frozenset(PARTS) - {"lesson"})
    )
    try:
        app = App((1280, 720), Settings(speed="off"))
        app.routes.title()
        pick = app.routes.learn_pick()
        assert isinstance(pick, LearnPickScene)
        assert [b.label for b in pick.buttons] == ["Sticheln", "Avalanche", "Grinch: Grow Your Heart", "Back"]
        assert not offer_lesson(app, spec.id, lambda: None)
        with pytest.raises(ValueError, match="lessonless has no guided game"):
            app.routes.learn(spec.id)
    finally:
        registry.unregister(spec.id)


def test_esc_on_the_offer_goes_back_to_setup_and_starts_nothing():
    app = App((1280, 720), Settings(speed="off"))
    app.routes.title()
    setup = app.routes.setup("grinch")
    app.step(FRAME, events=[], flip=False)
    setup.start()
    assert isinstance(app.stack.top, LearnOfferScene)
    press_key(app, pygame.K_ESCAPE, dt=FRAME)
    assert app.stack.top is setup  # back, no game started
    assert "Back" in [b.label for b in LearnOfferScene(app, "grinch", lambda: None).make_buttons()]


def test_the_offer_stops_once_the_lesson_was_played_to_its_end():
    app, scene = lesson("grinch")
    drive_by_mouse(app, scene)
    finished(app, scene, "grinch")
    assert "grinch" in app.settings.learn_offered
    app.routes.title()
    setup = app.routes.setup("grinch")
    app.step(FRAME, events=[], flip=False)
    setup.start()
    assert not isinstance(app.stack.top, LearnOfferScene)
    assert app.stack.top.match.game_id == "grinch"


@pytest.mark.parametrize(
    ("game_id", "head"),
    fast_lane(
        [
            ("sticheln", "You won with -1 points. Your pain colour cost you 3; your other cards scored +2."),
            ("avalanche", "You won with 4 points."),
            ("grinch", "You won with 28 points."),
        ],
        ("sticheln", "You won with -1 points. Your pain colour cost you 3; your other cards scored +2."),
    ),
)
def test_a_newcomer_who_follows_the_captions_finishes_first(game_id, head):
    """Issue 35: each lesson played through the window by clicking where its
    captions point ends with the learner first, and its end says so and
    where the points went (Sticheln: the pain colour's cost, the +1s)."""
    app, scene = lesson(game_id)
    drive_by_mouse(app, scene)
    done = app.stack.top
    assert isinstance(done, LearnDoneScene)
    assert done.title == "Well played!"
    assert done.result[0] == head, done.result
    scores = scene.table.match.state.scores()
    assert scores[0] > max(scores[1:]), scores
    assert scene.table.overlays_hidden()  # the end is the one panel: no score pad peeking out beneath it


def test_the_grinch_lesson_ends_on_its_last_step_nothing_of_round_two_dealt():
    """The end box opens over the scored round (the pad filled in), not over
    a second round dealt behind it, and no round summary comes first."""
    app, scene = lesson("grinch")
    shown = []
    while advance(app, scene):
        click(app, scene.table.input.click_point(scene.lesson_targets()[0]))
    for _ in range(30):  # the end box stays; the table behind it does not move on
        app.step(FRAME, events=[], flip=False)
        shown.append(scene.table.shown().round_number)
    assert isinstance(app.stack.top, LearnDoneScene)
    assert set(shown) == {1}
    assert not any(isinstance(s, SummaryScene) for s in app.stack.scenes)
    assert app.stack.top.result[0] == "You won with 28 points."


def test_the_grinch_lesson_says_its_own_length_not_the_games_rounds():
    app, scene = lesson("grinch")
    seen = []
    while advance(app, scene):
        seen.append(" ".join(scene.table.status_line.shown()[1]))
        click(app, scene.table.input.click_point(scene.lesson_targets()[0]))
    assert seen and not any("Round" in line or "of 6" in line for line in seen), seen


def test_a_caption_set_farther_out_still_points_all_the_way_to_its_target():
    from game.app.learn.placement import arrow

    target = pygame.Rect(500, 500, 100, 140)
    near = arrow(pygame.Rect(400, 340, 300, 150), target, 14)
    far = arrow(pygame.Rect(400, 100, 300, 150), target, 14)
    assert near[1] == (550, 504) and far[1] == (550, 500)  # the tip: 14 out, or as far as the target


def test_the_end_box_fits_its_words_and_says_round_for_a_one_round_lesson():
    app, scene = lesson("grinch")
    drive_by_mouse(app, scene)
    done = app.stack.top
    assert not done.whole and "first round of" in done.body_lines()[0][0]
    words_end = done.panel.y + app.ui(72) + sum(step for *_l, step in done.body_lines())
    top_button = min(b.rect.top for b in done.buttons)
    assert 0 <= top_button - words_end <= app.ui(40), (words_end, top_button)  # no empty band


def test_a_caption_may_sit_past_its_targets_middle_its_arrow_still_landing_on_it():
    """Above the hand there is no room centred on the target that is off the
    pile beside it: the box shifts past the target's middle, and its arrow
    still lands on the target, inside its edges."""
    from game.app.learn.placement import arrow, lands

    window = pygame.Rect(8, 52, 1264, 660)
    target = pygame.Rect(659, 556, 109, 147)
    pile = pygame.Rect(576, 273, 127, 140)
    beside = [pygame.Rect(788, 500, 220, 212), pygame.Rect(400, 500, 259, 212)]  # Play, the rest of the hand
    box = place_caption((325, 241), target, window, 22, [[pile, *beside]], 17)
    assert window.contains(box) and not box.colliderect(target) and not box.collidelistall([pile, *beside]), box
    assert box.bottom <= target.top and box.left > target.centerx - 325 // 2 + 6 * 325 // 13  # past the middle
    assert lands(box, target, 17)
    tip = arrow(box, target, 17)[1]
    assert target.left + 8 <= tip[0] <= target.right - 8 and tip[1] == target.top
    assert not lands(pygame.Rect(target.right - 10, 100, 325, 241), target, 17)  # its arrow would miss
