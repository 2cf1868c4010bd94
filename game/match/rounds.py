"""A finished (or going) game round by round: each seat's points in every
round played to its end, for the Results' round-by-round table.

The game's spec names the rules' event that ends a round
(`GameSpec.round_event`, its ``info["totals"]`` the totals after it); the
moves are played again from the deal, so a game loaded from a save (whose
undo history is gone) tells its rounds too.  No pygame, no game named."""

from __future__ import annotations

from game.match.match import Match
from game.rules import registry


def round_totals(match: Match) -> list[list[int]]:
    """The totals after each finished round, in order; [] for a game of one round."""
    event = registry.get(match.game_id).round_event
    if not event:
        return []
    fresh = Match(match.game_id, list(match.seats), match.seed, match.start, dict(match.options))
    out: list[list[int]] = []
    for _seat, move in match.moves:
        fresh.apply(move)
        for e in fresh.state.events:
            if e.kind == event and isinstance(e.info.get("totals"), list):
                out.append([int(t) for t in e.info["totals"]])
    return out


def round_points(match: Match) -> list[list[int]]:
    """Each finished round's points per seat (rows: rounds; columns: seats)."""
    totals = round_totals(match)
    out: list[list[int]] = []
    before = [0] * len(match.seats)
    for row in totals:
        out.append([t - b for t, b in zip(row, before)])
        before = row
    return out
