"""The contract's name for Grinch's rules (`game.rules.grinch`), kept for the
tests and tools that import it: the module itself lives in its game's package,
and this name is that very module (not a copy), so state classes and
monkeypatches agree whichever name was used."""

import sys

from game.games.grinch import rules as _rules
from game.games.grinch.rules import *  # noqa: F403 - for readers and type checkers

sys.modules[__name__] = _rules
