"""Avalanche: everything this game knows.

Its parts are the modules beside this file (see `game.rules.spec`); this file
only declares the game, so looking it up imports no pygame."""

from game.i18n import N_
from game.rules.spec import GameSpec

SPEC = GameSpec(
    id="avalanche",
    package=__name__,
    name=N_("Avalanche"),
    code_prefix="AV",
    hard_iterations=1500,
    rollout_scale=6.0,
    review_thresholds=(2.0, 5.0),
)
