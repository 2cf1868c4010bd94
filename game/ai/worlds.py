"""Determinizers for search: `sample_world(view, rng)` deals the cards a
seat cannot see into a full `State` that agrees with everything that seat
has seen.

ISMCTS searches many such worlds; each one must be a position the real game
could be in, or the search learns from impossible deals.  What is hidden is
the rules' knowledge, so the samplers live there (`<game>.sample_world`,
`<game>.unseen_cards`); this module only names them for the search.
"""

from __future__ import annotations

from game.games.avalanche import rules as avalanche
from game.games.grinch import rules as grinch
from game.games.sticheln import rules as sticheln
from game.rules import sample_world

sticheln_unknown = sticheln.unseen_cards
avalanche_unknown = avalanche.unseen_cards
grinch_unknown = grinch.unseen_cards
sample_sticheln = sticheln.sample_world
sample_avalanche = avalanche.sample_world
sample_grinch = grinch.sample_world

SAMPLERS = {
    "sticheln": sample_sticheln,
    "avalanche": sample_avalanche,
    "grinch": sample_grinch,
}

__all__ = ["SAMPLERS", "sample_world", "sticheln_unknown", "avalanche_unknown", "grinch_unknown"]
