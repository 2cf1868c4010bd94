"""The results screen ranks the seats as a table would: equal scores share a place."""

from __future__ import annotations

import random

from table_driver import make_app

from game.app.scenes.results import ResultsScene
from game.rules import avalanche


def test_equal_scores_share_a_place():
    seed = 12  # a 4-player Avalanche whose random play ends 25, 40, 21, 21 (found by search)
    state = avalanche.new_game(4, seed)
    rng = random.Random(seed)
    app, table = make_app("avalanche", [True, False, False, False], seed)
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        table.match.apply(move)
        state = state.apply(move)
    assert table.match.state.scores() == [25, 40, 21, 21]
    results = ResultsScene(app, table)
    assert [row[0].split(".")[0] for row in results.rows] == ["1", "2", "3", "3"]
    assert [row[1] for row in results.rows] == ["40", "25", "21", "21"]
