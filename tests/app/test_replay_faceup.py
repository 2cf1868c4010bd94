"""Replays show what may be shown: a finished game every hand face up (and,
at the switch, as any one seat saw it), an unfinished one only its players'
own eyes; a review's marks on the timeline and its verdict on a marked move;
the Review screen's progress, Cancel, and the review kept for next time."""

from __future__ import annotations

import random

import pygame
import pytest
from app_driver import FRAME, frames, press_key
from matrix import fast_lane
from table_driver import click, make_app

from game.ai.review import MISTAKE, Decision
from game.app.scenes.history import HistoryScene
from game.app.scenes.replay import ReplayScene
from game.app.scenes.review import ReviewScene
from game.app.shell.app import App
from game.app.words import names as words
from game.app.words import reasons
from game.match.match import Match, Seat
from game.persist import library, reviews
from game.persist.atomic import read_json
from game.rules import Phrase
from game.session import coach


def random_game(game: str, players: int, seed: int, moves: int | None = None) -> Match:
    """Random legal moves (to the end, or `moves` of them); seat 0 human."""
    rng = random.Random(seed)
    seats = [Seat(n, i == 0, "random") for i, n in enumerate(("Ana", "Mina", "Pau", "Simran")[:players])]
    match = Match(game, seats, seed)
    while not match.state.is_over and (moves is None or len(match.moves) < moves):
        match.apply(rng.choice(match.state.legal_moves()))
    return match


def opponents_cards(replay: ReplayScene) -> dict[int, list]:
    """What each other seat's hand shows: card faces, or None for each back."""
    table = replay.table
    shown: dict[int, list] = {}
    for place in table.places():
        if isinstance(place.key, tuple) and place.key[0] == "back":
            shown.setdefault(place.key[1], []).append(place.card)
    return shown


def open_replay(
    game: str, match: Match, review: list[Decision] | None = None, size: tuple[int, int] = (1024, 600)
) -> tuple[App, ReplayScene]:
    app, _table = make_app(game, [True] + [False] * (len(match.seats) - 1), size=size)
    app.routes.replay(match, "test", review=review)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    frames(app, 2)
    return app, replay


@pytest.mark.parametrize("game,players", [("sticheln", 3), ("avalanche", 4), ("grinch", 3)])
def test_a_finished_game_replays_face_up_with_a_switch_to_each_seat(game: str, players: int) -> None:
    match = random_game(game, players, 3)
    app, replay = open_replay(game, match)
    replay.goto(5)
    frames(app, 2)
    table = replay.table
    assert table.viewer is None and table.face_up
    shown = opponents_cards(replay)
    assert shown and all(card is not None for cards in shown.values() for card in cards)
    state = table.match.state
    for seat, cards in shown.items():
        assert sorted(map(str, cards)) == sorted(map(str, state.hand(seat)))
    assert replay.eye_label() == "All hands"
    for seat in range(players):  # the switch: each seat's own eyes in turn
        click(app, replay.eye_button.rect.center)
        assert table.viewer == seat and not table.face_up
        mine = match.humans == [seat]  # the game's one human is "you" (issue 26)
        assert replay.eye_label() == ("As you saw it" if mine else f"As {match.seats[seat].name} saw it")
        assert table.view.viewer == seat
        assert all(card is None for cards in opponents_cards(replay).values() for card in cards)
    app.step(
        1 / 30, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v", scancode=0)], flip=False
    )
    assert table.viewer is None and table.face_up  # and back to every hand
    frames(app, 3)


@pytest.mark.parametrize("game,players", [("sticheln", 3), ("grinch", 3)])
def test_an_unfinished_game_replays_only_through_its_players_eyes(game: str, players: int) -> None:
    match = random_game(game, players, 4, moves=12)
    assert not match.state.is_over
    app, replay = open_replay(game, match)
    replay.goto(8)
    frames(app, 2)
    table = replay.table
    assert replay.eyes == [0] and table.viewer == 0 and not table.face_up
    assert table.view.viewer == 0
    assert all(card is None for cards in opponents_cards(replay).values() for card in cards)
    click(app, replay.eye_button.rect.center)  # nobody else's eyes to switch to
    assert table.viewer == 0 and not replay.eye_button.enabled


def test_marks_on_the_timeline_and_the_verdict_on_a_marked_move() -> None:
    match = random_game("sticheln", 3, 5)
    number = next(n for n, (seat, _m) in enumerate(match.moves, 1) if seat == 0 and n > 3)
    chosen = str(match.moves[number - 1][1])
    review = [
        Decision(
            number,
            0,
            chosen,
            "play red 0",
            -4.0,
            1.0,
            MISTAKE,
            {"code": "stay_out", "text": "Stay out of this trick with the red 0", "params": {"card": "red 0"}},
        ),
        Decision(number + 3, 0, "play red 1", "play red 1", 1.0, 1.0, ""),
    ]
    app, replay = open_replay("sticheln", match, review)
    assert replay.review_text() == ("", "")
    app.step(
        1 / 30,
        events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0)],
        flip=False,
    )
    assert replay.index == number - 1  # Page Down: the next marked decision, before its move
    mark, text = replay.review_text()
    assert mark == MISTAKE
    played = words.card_name("sticheln", match.moves[number - 1][1].card)
    # All hands up: nobody is "you"; the moves said as the table says cards, the better one
    # named once, and the hint's reason without its move.
    # What the move played cost, then the better move and why, in that order (issue 35).
    assert text == (
        f"Ana played {played}, which cost about 5 points. Better: orange 0, because it stays out of the trick."
    )
    assert "“" not in text and "Play" not in text
    click(app, replay.eye_button.rect.center)  # as Ana, the game's one human, saw it
    assert replay.review_text()[1].startswith(f"You played {played}, which cost about 5 points. Better: orange 0")
    click(app, replay.eye_button.rect.center)  # as Mina saw it: Ana again
    assert replay.review_text()[1].startswith(f"Ana played {played}, which cost")
    frames(app, 2)  # drawn, marks and all
    replay.goto(number + 3)
    assert replay.review_text() == ("", "")  # not marked: nothing to say


def test_a_reason_that_would_only_repeat_the_move_is_left_out() -> None:
    match = random_game("sticheln", 3, 5)
    number = next(n for n, (seat, _m) in enumerate(match.moves, 1) if seat == 0 and n > 3)
    chosen = str(match.moves[number - 1][1])
    review = [
        Decision(
            number,
            0,
            chosen,
            "play yellow 11",
            -21.0,
            0.0,
            MISTAKE,
            {
                "code": "risky_take",
                "text": "Play the yellow 11 (risky: the trick may cost you)",
                "params": {"card": "yellow 11"},
            },
        )
    ]
    app, replay = open_replay("sticheln", match, review)
    replay.goto(number)
    text = replay.review_text()[1]
    assert text.endswith(", which cost about 21 points. Better: yellow 11.")
    assert text.count("yellow 11") == 1
    # A kept reason whose English is empty still has its words (a Phrase is a str).
    assert (
        reasons.why("sticheln", Phrase("take_trick", "", {"card": "red 1", "n": 6}), str, lambda seat: False)
        == "it takes the trick, worth +6"
    )


def test_every_hint_code_has_a_verdict_clause_or_is_left_out_on_purpose() -> None:
    """A new hint code must be given words for the review too (or be named here)."""
    only_the_move = {"risky_take", "snowfall_wait", "searched"}
    assert set(reasons.HINTS) == set(reasons.WHY) | only_the_move
    assert not set(reasons.WHY) & only_the_move


SIZES = ((1024, 600), (1280, 720), (1920, 1080))


@pytest.mark.parametrize(
    "game,players,size",
    fast_lane(
        [(g, n, size) for g, n in (("avalanche", 4), ("sticheln", 3)) for size in SIZES],
        ("avalanche", 4, (1024, 600)),
        ("sticheln", 3, (1920, 1080)),
    ),
)
def test_the_bar_text_never_runs_into_the_track_or_its_marks(game: str, players: int, size: tuple[int, int]) -> None:
    match = random_game(game, players, 6)
    decisions = [
        Decision(n, 0, str(m), str(m), -3.0 - n % 5, 0.0, MISTAKE if n % 2 else "inaccuracy")
        for n, (seat, m) in enumerate(match.moves, 1)
        if seat == 0
    ][:12]
    app, replay = open_replay(game, match, decisions, size=size)
    for index in (0, decisions[0].number, decisions[-1].number, decisions[-1].number + 1):
        replay.goto(index)
        frames(app, 2)
        assert len(replay.text_rects) >= 3  # head, move line and the verdict (or its help line)
        area = replay.track_area()
        assert replay.bar.contains(area)
        for rect in replay.text_rects:
            assert not rect.colliderect(area), (index, rect, area)
            assert replay.bar.contains(rect)
        for button in replay.buttons:
            assert not button.rect.colliderect(area)
            assert not any(button.rect.colliderect(r) for r in replay.text_rects[:2])


@pytest.mark.parametrize("game,players", [("sticheln", 3), ("avalanche", 4), ("grinch", 3)])
def test_the_face_up_view_names_every_seat_and_the_bar_says_the_past(game: str, players: int) -> None:
    match = random_game(game, players, 7)
    app, replay = open_replay(game, match)
    table = replay.table
    for index in range(1, 40):
        replay.goto(index)
        assert not any(table.you(seat) for seat in range(players))
        status = table.status()
        assert "You" not in status and "your" not in status.lower(), status
        line = replay.move_text()[1]
        assert not line.startswith("You") and " plays " not in line and " draws " not in line, line
        seat = match.moves[index - 1][0]
        assert line.startswith(match.seats[seat].name)
    assert table.chronicle.line(None, table.name, table.you).count("You") == 0
    frames(app, 2)
    click(app, replay.eye_button.rect.center)  # as Ana, the one human, saw it: she is "you"
    assert table.you(0) and not table.you(1)
    assert replay.move_text()[1].startswith("You " if match.moves[38][0] == 0 else match.seats[match.moves[38][0]].name)
    click(app, replay.eye_button.rect.center)  # as Mina saw it: a computer is never "you"
    assert table.viewer == 1 and not any(table.you(seat) for seat in range(players))


def test_a_seat_of_a_game_with_two_humans_is_never_you_in_its_replay() -> None:
    rng = random.Random(2)
    match = Match(
        "grinch", [Seat("Ana", True, "random"), Seat("Joon", True, "random"), Seat("Mina", False, "random")], 2
    )
    while not match.state.is_over:
        match.apply(rng.choice(match.state.legal_moves()))
    app, replay = open_replay("grinch", match)
    table = replay.table
    for _ in range(3):  # all hands, Ana's eyes, Joon's eyes
        replay.goto(20)
        assert not any(table.you(seat) for seat in range(3))
        assert "You" not in replay.move_text()[1] and "You" not in table.status()
        click(app, replay.eye_button.rect.center)


def wait_for(app: App, done, limit: int = 2000) -> None:
    """Frames (and a moment for the worker) until `done()`; never by the clock."""
    for _ in range(limit):
        if done():
            return
        frames(app)
        scene = app.stack.top
        worker = getattr(scene, "worker", None)
        if worker is not None:
            worker.join(0.01)
    raise AssertionError("the review did not finish")


def test_review_from_history_runs_then_is_kept_and_not_run_again() -> None:
    match = random_game("grinch", 2, 8)
    path = library.archive(match)
    app, _table = make_app("grinch", [True, False], size=(1024, 600))
    history = HistoryScene(app)
    app.push(history)
    frames(app)
    shared = library.shared_match(path)
    app.routes.review(shared, path, "Grinch", rollouts=4)
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.worker is not None
    frames(app)
    wait_for(app, lambda: isinstance(app.stack.top, ReplayScene))
    replay = app.stack.top
    assert replay.marks and set(replay.marks) == {p.number for p in review.review.todo}
    kept = reviews.kept_review(read_json(path), shared)
    assert kept is not None and kept["seats"] == [0]
    app.stack.pop()
    assert app.stack.top is history
    again = ReviewScene(app, library.shared_match(path), path, "Grinch", rollouts=4)
    app.push(again)
    frames(app)
    assert again.worker is None  # read back, not run again
    assert isinstance(app.stack.top, ReplayScene)
    assert app.stack.top.marks == replay.marks


def test_the_history_row_has_a_review_button() -> None:
    match = random_game("grinch", 2, 9)
    library.archive(match)
    app, _table = make_app("grinch", [True, False], size=(1024, 600))
    app.push(HistoryScene(app))
    frames(app)
    button = next(b for b in app.stack.top.buttons if b.label == "Review")
    click(app, button.rect.center)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    frames(app, 3)  # the progress bar draws while the worker runs
    click(app, review.buttons[0].rect.center)  # Cancel
    assert isinstance(app.stack.top, HistoryScene) and review.cancelled.is_set()
    assert review.worker is not None
    review.worker.join(10)
    assert not review.worker.is_alive()
    assert not review.review.finished


def test_reviewed_seats_are_the_humans_or_everyone() -> None:
    match = random_game("grinch", 3, 1, moves=3)
    assert coach.reviewed_seats(match) == [0]
    assert coach.reviewed_seats(match, every_seat=True) == [0, 1, 2]


# -- issue 25: a mark opens at the decision, the review ends with a summary, hands are readable ----
def state_before(match: Match, number: int):
    """The state before move `number` (from 1), replayed afresh through the rules."""
    state = Match(match.game_id, list(match.seats), match.seed, match.start, dict(match.options)).state
    for _seat, move in match.moves[: number - 1]:
        state = state.apply(move)
    return state


def a_decision_with_cards(game: str, match: Match) -> Decision:
    """A decision of seat 0 (at the bottom of the face-up view) whose move and
    a different legal move both name cards the table shows."""
    app, replay = open_replay(game, match, size=(1280, 720))
    module = match.module
    for number, (seat, move) in enumerate(match.moves, 1):
        if seat != 0 or number < 4:
            continue
        replay.goto(number - 1)
        table = replay.table
        if not [k for k in table.move_keys(move) if k in table.stage.sprites]:
            continue
        for other in table.match.state.legal_moves():
            keys = [k for k in table.move_keys(other) if k in table.stage.sprites]
            if other != move and keys and set(keys) != set(table.move_keys(move)):
                assert module.parse_move(str(other)) == other
                return Decision(number, 0, str(move), str(other), -6.0, 1.0, MISTAKE)
    raise AssertionError("no decision with two card moves")


@pytest.mark.parametrize("game,players", [("sticheln", 3), ("avalanche", 4), ("grinch", 3)])
def test_a_mark_opens_at_its_decision_with_the_played_and_better_cards_ringed(game: str, players: int) -> None:
    match = random_game(game, players, 11)
    decision = a_decision_with_cards(game, match)
    number = decision.number
    app, replay = open_replay(game, match, [decision], size=(1280, 720))
    press_key(app, pygame.K_PAGEDOWN, dt=FRAME)
    frames(app, 2)
    table = replay.table
    # The table stands before the move: the state the decision was made in.
    assert replay.index == number - 1
    before = state_before(match, number)
    state = table.match.state
    assert state.current_player == before.current_player == 0
    assert all(sorted(map(str, state.hand(s))) == sorted(map(str, before.hand(s))) for s in range(players))
    assert match.moves[number - 1][1] in state.legal_moves()
    assert replay.review_text()[0] == MISTAKE and replay.at_decision() == decision
    assert replay.move_text()[0] == f"Move {number} of {replay.count}, before it is played"
    # The card played and the better card are ringed, each where its sprite is drawn.
    module = match.module
    rings = {kind: [r.center for k, r in replay.rings if k == kind] for kind in ("played", "better")}
    for kind, notation in (("played", decision.chosen), ("better", decision.best)):
        keys = table.move_keys(module.parse_move(notation))
        centres = [table.stage.drawn_rect(k).center for k in keys if k in table.stage.sprites]
        assert centres and sorted(rings[kind]) == sorted(centres), (kind, rings, centres)
    played_tag, better_tag = replay.tags  # "Played" and "Better", apart and on the table
    assert not played_tag.colliderect(better_tag)
    assert all(pygame.Rect(0, 0, 1280, replay.bar.y).contains(tag) for tag in replay.tags)
    # "What followed" plays the move on, as the game did; the verdict stays; and back again.
    assert replay.follow_shown() and replay.follow.label == "What followed"
    click(app, replay.follow.rect.center)
    assert replay.index == number and replay.followed() == decision
    assert str(table.match.moves[number - 1][1]) == decision.chosen
    assert replay.review_text()[0] == MISTAKE
    frames(app, 2)
    assert not replay.rings  # the rings belong to the decision, not to what followed
    assert replay.follow.label == "To the summary"  # the only mark: next, the review's end
    click(app, replay.follow.rect.center)
    assert replay.index == replay.count and replay.showing_summary()


def reviewed_decisions(match: Match) -> list[Decision]:
    """Two mistakes and an inaccuracy of seat 0, and an unmarked decision."""
    numbers = [n for n, (seat, _m) in enumerate(match.moves, 1) if seat == 0][2:6]
    marks = [(MISTAKE, 6.0), ("inaccuracy", 2.5), (MISTAKE, 9.25), ("", 0.5)]
    return [
        Decision(n, 0, str(match.moves[n - 1][1]), str(match.moves[n - 1][1]), -loss, 0.0, mark)
        for n, (mark, loss) in zip(numbers, marks)
    ]


def test_the_summary_adds_the_marks_up() -> None:
    match = random_game("sticheln", 3, 12)
    decisions = reviewed_decisions(match)
    totals = coach.summary(decisions)
    assert (totals.weighed, totals.mistakes, totals.inaccuracies) == (4, 2, 1)
    assert totals.lost_in_mistakes == pytest.approx(15.25) and totals.lost_in_inaccuracies == pytest.approx(2.5)
    assert totals.lost == pytest.approx(17.75)
    assert totals.costliest == decisions[2]
    assert coach.summary(decisions, seat=1).weighed == 0 and coach.summary([]).costliest is None
    data = totals.to_json()
    assert data["mistakes"] == {"count": 2, "points_lost": 15.25}
    assert data["costliest"]["move"] == decisions[2].number and data["points_lost"] == 17.75


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_review_ends_with_its_summary_and_plays_the_deal_again(size: tuple[int, int]) -> None:
    match = random_game("sticheln", 3, 12)
    decisions = reviewed_decisions(match)
    app, replay = open_replay("sticheln", match, decisions, size=size)
    frames(app)
    assert replay.follow_shown() and replay.follow.label == "Next marked move"
    click(app, replay.follow.rect.center)  # the mouse's way to the first mark
    assert replay.index == decisions[0].number - 1
    frames(app)
    assert replay.follow.label == "What followed"
    press_key(app, pygame.K_SPACE, dt=FRAME)  # Space: the same button
    assert replay.index == decisions[0].number
    for _ in range(2):  # the next two marked decisions, each at its decision
        press_key(app, pygame.K_PAGEDOWN, dt=FRAME)
    assert replay.index == decisions[2].number - 1
    press_key(app, pygame.K_PAGEDOWN, dt=FRAME)  # past the last mark: the end, and the summary
    assert replay.index == replay.count and replay.showing_summary()
    frames(app, 2)
    panel = replay.summary_panel
    assert pygame.Rect(0, 0, size[0], replay.bar.y).contains(panel)
    labels = [b.label for b in replay.summary_buttons]
    assert labels == [f"Show move {decisions[2].number}", "Play this deal again", "Hide"]
    for button in replay.summary_buttons:
        assert panel.contains(button.rect)
    assert [value for _what, value in replay.summary_lines()] == ["2 · 15 points lost", "1 · 2 points lost", "4"]
    click(app, replay.summary_buttons[0].rect.center)  # to the costliest decision
    assert replay.index == decisions[2].number - 1 and not replay.showing_summary()
    replay.goto(replay.count)
    click(app, replay.summary_buttons[2].rect.center)  # Hide: the table beneath
    assert not replay.showing_summary()
    replay.step(-1)
    replay.step(1)
    assert replay.showing_summary()  # back at the end, the summary again
    click(app, replay.summary_buttons[1].rect.center)  # the same deal, a new game
    table = app.stack.top
    from game.app.table.base import TableScene

    assert isinstance(table, TableScene) and not table.spectator
    new = table.match
    assert (new.game_id, new.seed, new.start, new.options) == (match.game_id, match.seed, match.start, match.options)
    assert new.seats == match.seats and new.moves == [] and new.daily is None
    assert [str(c) for c in new.state.hand(0)] == [str(c) for c in state_before(match, 1).hand(0)]


def test_a_review_without_marks_says_so_at_its_end() -> None:
    match = random_game("grinch", 2, 13)
    app, replay = open_replay("grinch", match, [Decision(3, 0, str(match.moves[2][1]), "draw", 0.0, 0.0, "")])
    replay.goto(replay.count)
    frames(app, 2)
    assert replay.showing_summary() and replay.totals.costliest is None
    assert [b.label for b in replay.summary_buttons] == ["Play this deal again", "Hide"]


def index_height(face: pygame.Surface) -> int:
    """The height in pixels of a card face's corner index: the first run of
    inked rows in the band where every game's art draws it (top left)."""
    w, h = face.get_size()
    paper = face.get_at((w // 2, round(h * 0.03)))
    rows = []
    for y in range(round(w * 0.04), round(h * 0.3)):
        rows.append(
            any(
                sum(abs(a - b) for a, b in zip(face.get_at((x, y))[:3], paper[:3])) > 120
                for x in range(round(w * 0.05), round(w * 0.25))
            )
        )
    start = rows.index(True)
    end = start
    while end < len(rows) and rows[end]:
        end += 1
    return end - start


@pytest.mark.parametrize("game,players", [("sticheln", 4), ("avalanche", 4), ("grinch", 3)])
def test_every_hand_of_the_face_up_replay_reads_at_12_pixels(game: str, players: int) -> None:
    """Issue 25: the face-up hands had ~6 px indices at 1280x720; a hand too
    small to read is shown again, large, under the pointer."""
    match = random_game(game, players, 14)
    decisions = [Decision(n, 0, str(m), str(m), 0.0, 0.0, "") for n, (s, m) in enumerate(match.moves, 1) if s == 0]
    app, replay = open_replay(game, match, decisions, size=(1280, 720))  # with the verdict line: the least room
    replay.goto(4)
    frames(app, 2)
    hands = replay.hand_places()
    assert set(hands) == set(range(players))
    art = app.art
    for seat, places in hands.items():
        assert sorted(str(p.card) for p in places) == sorted(map(str, replay.table.match.state.hand(seat)))
        if min(index_height(art.face(game, p.card, p.width)) for p in places) >= 12:
            assert replay.hovered_hand() is None or replay.hovered_hand()[0] != seat
            continue
        middle = places[len(places) // 2]
        pos = (int(middle.pos[0]), int(middle.pos[1]))
        app.step(
            1 / 30, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], flip=False
        )
        frames(app)
        assert replay.lens_seat == seat, (seat, pos)
        assert [str(card) for card, _r in replay.lens] == [str(p.card) for p in places]
        area = pygame.Rect(0, 0, 1280, replay.bar.y)
        for card, rect in replay.lens:
            assert area.contains(rect)
            assert index_height(art.face(game, card, rect.w)) >= 12, (seat, card, rect.w)
        step = replay.lens[1][1].x - replay.lens[0][1].x if len(replay.lens) > 1 else rect.w
        assert step >= replay.lens[0][1].w * 0.3  # each index shows beside the next card
    far = (640, 5)  # the pointer away from every hand: no lens
    app.step(
        1 / 30, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=far, rel=(0, 0), buttons=(0, 0, 0))], flip=False
    )
    frames(app)
    assert replay.lens_seat is None


def test_a_grinch_replay_never_says_you_is_or_yous() -> None:
    """Issue 25: replays said 'You is the Grinch' and "You's discards"."""
    match = random_game("grinch", 3, 15)
    app, replay = open_replay("grinch", match, size=(1280, 720))
    table = replay.table
    seen = set()
    for _eyes in range(len(replay.eyes)):  # all hands, then each seat's own eyes
        for index in range(0, replay.count, 7):
            replay.goto(index)
            words_shown = [table.status(), *(text for text, *_rest in table.felt_labels())]
            for text in words_shown:
                assert "You is" not in text and "You's" not in text, text
            seen.update(w for w in words_shown if w.startswith(("You are the Grinch", "Your discards")))
            seen.update(w for w in words_shown if "is the Grinch" in w and "Ana" in w)
        click(app, replay.eye_button.rect.center)
    assert "Your discards" in seen  # as Ana (the one human) saw it: "you", said right


def test_a_click_on_a_mark_opens_its_decision() -> None:
    match = random_game("sticheln", 3, 12)
    decisions = reviewed_decisions(match)
    app, replay = open_replay("sticheln", match, decisions, size=(1280, 720))
    frames(app)
    target = decisions[1]
    click(app, (replay.tick_x(target.number) + 2, replay.track.centery))
    assert replay.index == target.number - 1 and replay.at_decision() == target
    click(app, (replay.track.x + replay.track.w // 2, replay.track.centery))  # between marks: that moment
    assert abs(replay.index - replay.count // 2) <= 1 or replay.at_decision() is not None


def test_a_grinch_decision_between_piles_rings_the_piles() -> None:
    """A move that is no card (draw, take a discard top) is ringed where it shows: its pile."""
    from game.games.grinch.rules import Move as GrinchMove

    match = random_game("grinch", 3, 16)
    number, chosen, best = next(
        (n, move, other)
        for n, (seat, move) in enumerate(match.moves, 1)
        if seat == 0 and move.kind in ("draw", "take")
        for other in state_before(match, n).legal_moves()
        if other.kind in ("draw", "take") and other != move
    )
    decision = Decision(number, 0, str(chosen), str(best), -5.0, 0.0, "inaccuracy")
    app, replay = open_replay("grinch", match, [decision], size=(1280, 720))
    replay.open_mark(number)
    frames(app, 2)
    table = replay.table
    spots = {"played": table.move_spots(chosen), "better": table.move_spots(best)}
    for kind, rects in spots.items():
        assert rects and [r.center for k, r in replay.rings if k == kind] == [r.center for r in rects]
    assert table.move_spots(GrinchMove("discard", table.match.state.hand(0)[0])) == []
