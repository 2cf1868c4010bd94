"""The Avalanche table, headless: whole games driven only by synthetic mouse
clicks on the real layout, the translator (selection, Play, Snowfall), the
next-play words and the layout at several window sizes."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from app_driver import press_key
from matrix import fast_lane
from table_driver import click

from game.app.scenes.results import ResultsScene  # noqa: E402
from game.app.scenes.summary import SummaryScene  # noqa: E402
from game.app.shell.app import App  # noqa: E402
from game.app.table import table_for  # noqa: E402
from game.games.avalanche.table import AvalancheTable  # noqa: E402
from game.games.avalanche.words import next_play  # noqa: E402
from game.match.match import Match, Seat  # noqa: E402
from game.persist.settings import Settings  # noqa: E402
from game.rules import avalanche  # noqa: E402

NAMES = ["Mina", "Pau", "Simran", "Joon", "Laia"]


def make(n: int, seed: int = 7, size=(1280, 720), speed: str = "off", start: int = 0):
    app = App(size, Settings(speed=speed))
    seats = [Seat("You", True)] + [Seat(NAMES[i], False, "random") for i in range(n - 1)]
    table = table_for(app, Match("avalanche", seats, seed, start=start))
    app.replace(table)
    return app, table


def settle(app, table, limit: int = 600) -> None:
    """Step until the human may act again (or the game is over)."""
    for _ in range(limit):
        if isinstance(app.stack.top, ResultsScene):
            return
        if app.stack.top is table and table.viewer_acts() and not table.stage.busy:
            return
        app.step(1 / 30, flip=False)


def usable(table) -> list:
    """Targets a person could sensibly click: a card to select, or a legal move."""
    return [
        t for t in table.targets() if t.select is not None or (t.move is not None and table.match.check(t.move) is None)
    ]


def play_by_clicks(app, table, rng: random.Random, limit: int = 100_000) -> int:
    """Random clicks on the real layout until the results screen shows."""
    clicks = 0
    frames = 0
    while not isinstance(app.stack.top, ResultsScene):
        frames += 1
        assert frames < limit, "the game did not end"
        if isinstance(app.stack.top, SummaryScene):  # the collected piles, just before the results
            click(app, app.stack.top.buttons[0].rect.center)
            continue
        if app.stack.top is table and table.viewer_acts() and not table.stage.busy:
            choices = usable(table)
            assert choices, "the human has nothing to click"
            target = rng.choice(choices)
            click(app, table.input.click_point(target))
            clicks += 1
        else:
            app.step(1 / 30, flip=False)
    return clicks


# whole games: the fast lane plays Sticheln's (tests/app/test_app.py)
@pytest.mark.parametrize("players,seed", fast_lane([(2, 11), (5, 23)]))
def test_full_game_by_mouse(players, seed, monkeypatch):
    app, table = make(players, seed)
    assert isinstance(table, AvalancheTable)
    applied = []
    real_apply = table.match.apply

    def counting_apply(move):
        applied.append(move)
        return real_apply(move)

    monkeypatch.setattr(table.match, "apply", counting_apply)
    clicks = play_by_clicks(app, table, random.Random(seed))
    state = table.match.state
    assert state.is_over
    assert clicks > 0
    human_moves = [m for s, m in table.match.moves if s == 0]
    assert human_moves, "the human played through clicks"
    assert len(applied) == len(table.match.moves)
    # AV-6: every card is somewhere once the game is over.
    total = sum(state.scores()) + len(state.neutral)
    assert total + state.pile_count == 110


def test_snowfall_by_clicking_the_pile():
    app, table = make(3, seed=5)
    settle(app, table)
    hand = len(table.view.hand(0))
    pile = [t for t in table.targets() if t.move == avalanche.SNOWFALL]
    assert len(pile) == 1
    click(app, table.input.click_point(pile[0]))
    assert table.match.moves[0] == (0, avalanche.SNOWFALL)
    assert len(table.match.state.hand(0)) == hand + 1


def test_select_same_rank_then_play():
    app, table = make(2, seed=3)
    settle(app, table)
    hand = table.view.hand(0)
    counts = {r: sum(1 for c in hand if c.rank == r) for r in {c.rank for c in hand}}
    pair_rank = max(counts, key=lambda r: counts[r])
    other = next(r for r in counts if r != pair_rank)

    def card_targets(rank):
        return [t for t in table.targets() if t.select is not None and avalanche.parse_card(t.select[1]).rank == rank]

    first = card_targets(pair_rank)
    click(app, table.input.click_point(first[0]))
    assert table.selection == {first[0].select}
    if counts[pair_rank] > 1:
        second = [t for t in card_targets(pair_rank) if t.select not in table.selection]
        click(app, table.input.click_point(second[0]))
        assert len(table.selection) == 2
    # A card of another rank starts a new selection.
    click(app, table.input.click_point(card_targets(other)[0]))
    assert len(table.selection) == 1
    assert avalanche.parse_card(next(iter(table.selection))[1]).rank == other
    # Clicking it again lets it go.
    click(app, table.input.click_point(card_targets(other)[0]))
    assert table.selection == set()
    # Select the group again and play it with the Play button.
    for t in card_targets(pair_rank):
        click(app, table.input.click_point(t))
    play = table.targets()[-1]
    assert play.move == avalanche.PLAYS[pair_rank][counts[pair_rank]]
    click(app, table.input.click_point(play))
    assert table.match.moves[0] == (0, play.move)
    assert table.selection == set()


def test_space_plays_the_selection():
    app, table = make(2, seed=9)
    settle(app, table)
    card = next(t for t in table.targets() if t.select is not None)
    click(app, table.input.click_point(card))
    press_key(app, pygame.K_SPACE)
    seat, move = table.match.moves[0]
    assert seat == 0 and move.kind == "play" and move.count == 1


def test_play_without_selection_explains_and_changes_nothing():
    app, table = make(2, seed=4)
    settle(app, table)
    before = table.match.state
    play = table.targets()[-1]
    assert play.move is None and play.label
    click(app, table.input.click_point(play))
    assert table.match.state is before
    assert table.message.left > 0 and "then press Play" in table.message.text
    press_key(app, pygame.K_RETURN)
    assert table.match.state is before


def test_illegal_snowfall_on_a_running_avalanche():
    rng = random.Random(2)
    app, table = make(2, seed=21)
    # Click our way to a turn with an avalanche on the table.
    for _ in range(400):
        settle(app, table)
        assert not isinstance(app.stack.top, ResultsScene)
        if table.view.table:
            break
        # Start an avalanche: select one card and press Play.
        card = rng.choice([t for t in table.targets() if t.select is not None])
        click(app, table.input.click_point(card))
        click(app, table.input.click_point(table.targets()[-1]))
    assert table.view.table and table.viewer_acts()
    before = table.match.state
    moves = len(table.match.moves)
    pile = next(t for t in table.targets() if t.move == avalanche.SNOWFALL)
    click(app, table.input.click_point(pile))
    assert table.match.state is before and len(table.match.moves) == moves
    assert "avalanche is on the table" in table.message.text
    # The chips say what the next play does, worked out from the rules.
    words = table.words()
    assert [c[0] for c in words["chips"]] == ["GROW", "STOP", "FALL"]


def test_dim_and_marks_follow_the_rules():
    app, table = make(2, seed=8)
    settle(app, table)
    legal_ranks = {m.rank for m in table.view.legal_moves() if m.kind == "play"}
    for place in table.places():
        if place.key[0] == "hand":
            assert (place.mark == "dim") == (place.card.rank not in legal_ranks)
    pile_top = [p for p in table.places() if p.key[0] == "pile"][-1]
    assert pile_top.mark == "legal"  # snowfall is allowed on an empty table


def test_fall_is_held_then_slides_to_the_collector():
    rng = random.Random(1)
    app, table = make(3, seed=31, speed="fast")
    seen = None
    frames = 0
    while seen is None and (frames := frames + 1) < 50000:
        if isinstance(app.stack.top, ResultsScene):
            break
        if table.banner_kind() == "fall":
            seen = table.stage.picture
            while table.stage.moving:  # the status says it once the played set has landed
                app.step(1 / 30, flip=False)
            status = table.status()
            collector = seen.collector
            # the whole avalanche is still on the table during the hold
            avs = [p for p in table.places() if p.key[0] == "av"]
            assert len(avs) == seen.cards
            assert "falls on" in status
            # at the end of the hold the cards leave toward the collector's pile
            while table.banner_kind() == "fall":
                app.step(1 / 30, flip=False)
            target = table.layout.coll_pos(collector)
            assert table.stage.leaving and all(s.exit_to == target for s in table.stage.leaving if s.key[0] == "av")
            break
        if app.stack.top is table and table.viewer_acts() and not table.stage.busy:
            click(app, table.input.click_point(rng.choice(usable(table))))
        else:
            app.step(1 / 30, flip=False)
    assert seen is not None, "no avalanche fell in this game"


@pytest.mark.parametrize(
    "rank,count", [(r, k) for r in avalanche.RANKS for k in (1, 2, 3, 6) if k <= avalanche.COPIES[r]]
)
def test_next_play_words_agree_with_classify(rank, count):
    words = next_play(rank, count)
    prev = [rank] * count
    outcomes = {avalanche.classify(prev, [r] * k) for r in avalanche.RANKS for k in range(1, avalanche.COPIES[r] + 1)}
    for how in ("grow", "stop", "fall"):
        assert bool(words[how]) == (how in outcomes), (how, words)
    if count == 1:
        assert words["stop"] == ""  # AV-4.1: a single is never stopped


def test_next_play_examples():
    assert next_play(12, 2) == {
        "grow": "3+ cards or 2 cards of Q or higher",
        "stop": "2 cards below Q",
        "fall": "1 card",
    }
    assert next_play(2, 1)["grow"] == "any set"
    assert next_play(15, 1)["grow"] == "2+ cards or a Joker"


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("players", [2, 6])
def test_layout_fits_the_window(size, players):
    app, table = make(players, seed=3, size=size)
    settle(app, table)
    screen = pygame.Rect((0, 0), size)
    panels = [s.panel for s in table.spots]
    for place in table.places():
        r = pygame.Rect(0, 0, place.width, round(place.width * 1.4))
        r.center = (round(place.pos[0]), round(place.pos[1]))
        assert screen.contains(r), (place.key, r)
        if place.key[0] in ("pile", "crev", "av", "hand"):
            for panel in panels:
                assert not panel.colliderect(r), (place.key, r, panel)
    assert screen.contains(table.play_rect)
    # the avalanche box is real room, between the pile and the crevasse
    lay = table.layout
    assert lay.av_box.w > table.card_w * 3 and lay.av_box.h > lay.av_w * 1.4
    assert lay.pile_pos[0] < lay.av_box.left < lay.av_box.right < lay.crev_pos[0]


def test_undo_puts_the_played_cards_back():
    app, table = make(2, seed=6, speed="fast")
    settle(app, table)
    hand = list(table.view.hand(0))
    card = next(t for t in table.targets() if t.select is not None)
    click(app, table.input.click_point(card))
    click(app, table.input.click_point(table.targets()[-1]))
    settle(app, table)
    undo = next(b for b in table.buttons if b.label == "Undo")
    assert len(table.match.moves) == 2  # ours and the computer's reply, no new cards seen
    click(app, undo.rect.center)
    assert table.match.moves == []
    assert table.view.hand(0) == hand
    for _ in range(30):
        app.step(1 / 30, flip=False)
    hand_places = [p for p in table.places() if p.key[0] == "hand"]
    assert [p.card for p in hand_places] == hand


@pytest.mark.slow  # long: the fast lane leaves it to CI
def test_pass_and_play_shows_only_the_acting_humans_hand():
    from game.app.scenes.pass_device import PassScene

    app = App((1280, 720), Settings(speed="off"))
    seats = [Seat("Ana", True), Seat("Ben", True), Seat("Cy", False, "random")]
    table = table_for(app, Match("avalanche", seats, 12, start=0))
    app.replace(table)
    rng = random.Random(12)
    passes = 0
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, PassScene):
            passes += 1
            click(app, top.button.rect.center)
            continue
        if top is table and table.viewer_acts() and not table.stage.busy:
            shown = [p.card for p in table.places() if p.key[0] == "hand"]
            assert shown == table.match.state.hand(table.viewer)
            click(app, table.input.click_point(rng.choice(usable(table))))
        else:
            app.step(1 / 30, flip=False)
    assert passes >= 2


@pytest.mark.slow  # 40 animated moves; the fast lane resizes mid-animation in tests/app/test_app.py
def test_resize_during_a_hold_keeps_going():
    rng = random.Random(4)
    app, table = make(3, seed=31, speed="normal")
    resized = False
    frames = 0
    while not isinstance(app.stack.top, ResultsScene) and (frames := frames + 1) < 50000:
        if table.stage.holding and not resized:
            app.resize((1024, 600))
            resized = True
            assert table.size == (1024, 600)
        if resized and not table.stage.busy and len(table.match.moves) > 40:
            break
        if app.stack.top is table and table.viewer_acts() and not table.stage.busy:
            click(app, table.input.click_point(rng.choice(usable(table))))
        else:
            app.step(1 / 20, flip=False)
    assert resized
    screen = pygame.Rect(0, 0, 1024, 600)
    for place in table.places():
        assert screen.collidepoint(place.pos)


def test_hint_lights_up_cards_or_pile():
    app, table = make(2, seed=15, speed="fast")
    settle(app, table)
    move = table.view.legal_moves()[-1]
    table.turns.hint = (move, None)
    table.stage.sync()
    marks = {p.key: p.mark for p in table.places()}
    keys = table.move_keys(move)
    assert keys and all(marks[k] == "hint" for k in keys)
    table.turns.hint = (avalanche.SNOWFALL, None)
    table.stage.sync()
    assert table.move_keys(avalanche.SNOWFALL)
    pile_top = [p for p in table.places() if p.key[0] == "pile"][-1]
    assert pile_top.mark == "hint"
