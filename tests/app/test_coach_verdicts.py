"""The coach's reasons as the review replay shows them (issue 25): every marked
decision of a reviewed seeded game reads in full on the verdict line -- never
cut off with an ellipsis -- at the smallest window, in every language; a long
one wraps at the body size rather than shrinking (issue 35)."""

from __future__ import annotations

import pytest
from matrix import fast_lane
from table_driver import NAMES, make_app

from game import i18n
from game.app.scenes.replay import BODY_SIZE, VERDICT_LINES, ReplayScene
from game.app.words import verdict
from game.match.match import Match, Seat

try:  # the module pytest collected, when it did: its reviewed games are then weighed once, not twice
    from test_coach_reasons import CASES, played, reviewed
except ImportError:  # this file on its own
    from tests.ai.test_coach_reasons import CASES, played, reviewed


@pytest.mark.parametrize("size", fast_lane([(1024, 600), (1280, 720)], (1024, 600), single=True))
@pytest.mark.parametrize("game_id,players,seed", fast_lane(CASES, ("grinch", 4, 3)))
def test_every_verdict_of_a_reviewed_game_reads_in_full(
    game_id: str, players: int, seed: int, size: tuple[int, int]
) -> None:
    decisions, _views = reviewed(game_id, players, seed)
    seats = [Seat(NAMES[i], i == 0) for i in range(players)]
    match = Match(game_id, seats, seed)
    for _seat, move in played(game_id, players, seed).moves:
        match.apply(move)
    app, _table = make_app(game_id, [True] + [False] * (players - 1), size=size)
    app.routes.replay(match, "test", review=decisions)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    ui = app.ui
    try:
        for language in ("en", "ko", "ca", "pa"):
            i18n.set_language(language)
            replay.resize(app.size)  # (a language switch lays the window out again)
            room = replay.verdict_room(app.size[0])
            for d in decisions:
                if not d.mark:
                    continue
                replay.goto(d.number - 1)  # at the decision
                _mark, text = replay.review_text()
                clause = verdict.why(game_id, d, replay.table.name, replay.table.you)
                assert clause and clause in text, (language, text)  # the verdict has its reason
                lines, px = replay.verdict_lines(text, room)
                assert px >= ui(BODY_SIZE) and len(lines) <= VERDICT_LINES, (language, size, lines)
                assert not lines[-1].endswith("…"), (language, size, text)
                line_h = widgets_line_height(lines, px)
                assert len(lines) * line_h <= replay.verdict_line().h, (language, size, lines)
    finally:
        i18n.set_language("en")


def widgets_line_height(lines: list[str], px: int) -> int:
    from game.app.ui import widgets

    return widgets.line_height(lines, px, False)
