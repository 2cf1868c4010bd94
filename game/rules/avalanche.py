"""The contract's name for Avalanche's rules (`game.rules.avalanche`), kept for the
tests and tools that import it: the module itself lives in its game's package,
and this name is that very module (not a copy), so state classes and
monkeypatches agree whichever name was used."""

import sys

from game.games.avalanche import rules as _rules
from game.games.avalanche.rules import *  # noqa: F403 - for readers and type checkers

sys.modules[__name__] = _rules
