"""Grinch: Grow Your Heart: everything this game knows.

Its parts are the modules beside this file (see `game.rules.spec`); this file
only declares the game, so looking it up imports no pygame."""

from game.i18n import N_
from game.rules.spec import GameSpec

SPEC = GameSpec(
    id="grinch",
    package=__name__,
    name=N_("Grinch: Grow Your Heart"),
    code_prefix="GR",
    hard_iterations=1000,
    rollout_scale=15.0,
    review_thresholds=(3.0, 8.0),
    round_event="round_over",
)
