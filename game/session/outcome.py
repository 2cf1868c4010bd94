"""What came of a move a table offered its session: played here, sent to the
table kept elsewhere (its answer comes later, as a view or a refusal), or
refused at once with the rules' reason.  The table branches on the type."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.core import Phrase

__all__ = ["Outcome", "Played", "Refused", "Sent"]


@dataclass(frozen=True)
class Played:
    """The move was played here, for `seat`: the table tells it now."""

    seat: int


@dataclass(frozen=True)
class Sent:
    """The move went to the host, made on the view after `at` moves: told when the host's view comes back."""

    at: int


@dataclass(frozen=True)
class Refused:
    """Not taken: `reason` is the rules' (or the table's) coded refusal."""

    reason: Phrase


Outcome = Played | Sent | Refused
