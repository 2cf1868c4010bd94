"""The table tells its story in order (issue 15, item 1): the last card
lands, the winner is marked under the banner, the cards reach their pile,
counters change as they arrive, the round summary opens, and only then is
the next round dealt.  Driven headless with a stepped clock (no wall clock).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

import pytest
from table_driver import click, make_app

from game.app.scenes.pass_device import PassScene
from game.app.scenes.summary import SummaryScene
from game.app.table.stage import deal_seconds
from game.match.match import Match, Seat
from game.persist.settings import Settings

DT = 1 / 60
LONG_DT = 1 / 20  # a coarser clock for whole rounds: the story's order does not depend on it


def is_hand_key(key) -> bool:
    return isinstance(key, str) or (isinstance(key, tuple) and key[0] == "back")


def test_a_six_player_deal_lands_within_two_seconds_at_normal_speed():
    app, table = make_app("sticheln", [True] + [False] * 5, seed=2, speed="normal")
    count = len(table.stage.sprites)
    assert count == 90  # 15 cards for each of six seats
    assert deal_seconds(count, Settings(speed="normal").time_scale) <= 2.0
    frames = 0
    while table.stage.dealing:  # the stepped clock agrees with the stagger's sum
        app.step(DT, events=[], flip=False)
        frames += 1
    assert frames * DT <= 2.1
    assert "Dealing" not in table.status()


@pytest.mark.slow  # a whole six-player round at fast speed
def test_the_round_summary_opens_after_the_last_trick_and_before_the_next_deal():
    app, table = make_app("sticheln", [False] * 6, seed=7, speed="fast")
    opened: list[dict] = []
    banners_while_moving = []
    real = table.show_summary

    def spy(*args):
        trick = [k for k in table.stage.sprites if isinstance(k, tuple) and k[0] == "trick"]
        opened.append(
            {
                "leaving": len(table.stage.leaving),
                "moving": table.stage.moving,
                "trick": trick,
                "hand_cards": [k for k in table.stage.sprites if is_hand_key(k)],
                "status": table.status(),
                "lines": [table.seat_lines(s)[0] for s in range(6)],
            }
        )
        real(*args)

    table.show_summary = spy
    for _ in range(100_000):
        if opened:
            break
        if table.banner_kind() == "trick_won":
            trick = [s for k, s in table.stage.sprites.items() if isinstance(k, tuple) and k[0] == "trick"]
            if len(trick) == 6 and any(s.moving for s in trick):
                banners_while_moving.append(table.clock)
        app.step(LONG_DT, events=[], flip=False)
    assert opened, "no round ended"
    seen = opened[0]
    assert seen["trick"] == [] and seen["leaving"] == 0 and not seen["moving"]
    assert seen["hand_cards"] == [], "the next round's cards were on the table before its summary"
    assert "choosing" not in seen["status"]
    assert all(line.startswith("0 cards") for line in seen["lines"])
    assert not banners_while_moving, "the banner showed before the sixth card landed"
    # Only once the summary is closed does the next deal move, and the status waits for it.
    assert isinstance(app.stack.top, SummaryScene)
    for _ in range(30):
        app.step(DT, events=[], flip=False)
    assert not any(is_hand_key(k) for k in table.stage.sprites)
    app.stack.pop()
    app.step(DT, events=[], flip=False)
    assert table.stage.dealing and table.stage.moving  # the status line says "Dealing the cards…" meanwhile


def test_trick_counters_change_when_the_cards_arrive():
    app, table = make_app("sticheln", [False] * 4, seed=3, speed="normal")
    changes = []
    last = [table.seat_lines(s)[0] for s in range(4)]
    for _ in range(6000):
        app.step(DT, events=[], flip=False)
        now = [table.seat_lines(s)[0] for s in range(4)]
        if now != last and any("trick" in a and a.split("·")[1] != b.split("·")[1] for a, b in zip(now, last)):
            changes.append((table.stage.moving, bool(table.stage.leaving)))
        last = now
        if len(changes) >= 3:
            break
    assert changes, "no trick was counted"
    assert all(not moving and not leaving for moving, leaving in changes)


@pytest.mark.slow  # animated play until an avalanche stops; the trick counters keep the kind fast
def test_the_crevasse_count_changes_as_the_stopped_avalanche_arrives():
    app, table = make_app("avalanche", [False] * 3, seed=5, speed="fast")
    last = table.counted().neutral
    changes = waited = 0
    for _ in range(60_000):
        app.step(LONG_DT, events=[], flip=False)
        if not table.stage.holding and any(sp.key[0] == "av" for sp in table.stage.leaving):
            # the hold is over but the stopped avalanche is still on its way: the status waits
            if table.counted().kind == "stop":
                waited += 1
                assert "crevasse" in table.status()
        now = table.counted().neutral
        if now != last:
            changes += 1
            assert not table.stage.leaving and not table.stage.moving
        last = now
        if changes >= 2 or table.match.state.is_over:
            break
    assert changes, "no avalanche stopped in this game"
    assert waited, "the status was never seen waiting for a stopped avalanche"


def test_after_continue_a_revealed_pain_card_never_shows_face_down():
    seats = [Seat("Ana", True), Seat("Mina", False, "random"), Seat("Pau", False, "random")]
    match = Match("sticheln", seats, 4)
    rng = random.Random(1)
    while match.state.phase == "pick" or not match.state.trick_cards():
        match.apply(rng.choice(match.state.legal_moves()))
    app, table = make_app("sticheln", [True, False, False], seed=4, speed="normal")
    from game.app.shell import router

    table = router.open_table(app, match, continuing=True)
    app.step(DT, events=[], flip=False)
    for seat in (1, 2):
        sprite = table.stage.sprites[("pain", seat)]
        assert sprite.shown is not None, "an opponent's revealed pain card flew in face down"
    for key, sprite in table.stage.sprites.items():
        if isinstance(key, tuple) and key[0] == "trick":
            assert sprite.shown is not None


@pytest.mark.parametrize("game", ["sticheln", "grinch"])
def test_a_new_pass_and_play_game_starts_behind_the_pass_screen(game):
    app, _table = make_app(game, [True, True, False], seed=1, speed="fast")
    from game.app.shell import router

    seats = [Seat("Ana", True), Seat("Mina", True), Seat("Pau", False, "random")]
    router.open_table(app, Match(game, seats, 1))
    assert isinstance(app.stack.top, PassScene)
    click(app, app.stack.top.button.rect.center)
    assert not isinstance(app.stack.top, PassScene)
