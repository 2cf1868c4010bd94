"""The old name of `game.tools.tournament` (its seeding is used outside this
repo): this name is that very module."""

import sys

from game.tools import tournament as _tournament
from game.tools.tournament import *  # noqa: F403 - for readers and type checkers

sys.modules[__name__] = _tournament
