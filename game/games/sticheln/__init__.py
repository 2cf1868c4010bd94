"""Sticheln: everything this game knows.

Its parts are the modules beside this file (see `game.rules.spec`); this file
only declares the game, so looking it up imports no pygame."""

from game.i18n import N_
from game.rules.spec import GameSpec

SPEC = GameSpec(
    id="sticheln",
    package=__name__,
    name=N_("Sticheln"),
    code_prefix="ST",
    hard_iterations=1000,
    rollout_scale=8.0,
    review_thresholds=(2.0, 5.0),
    round_event="round_scored",
)
