"""What the Grinch score pad shows, worked out from a view: per row and
seat a (kind, points) cell, totals, who has chosen, the best pencilled
score.  Pure (no pygame), so it is tested without a window; `score_pad`
draws it."""

from __future__ import annotations

from typing import Any

from game.games.grinch import rules as grinch


def pad_model(v: Any, scored: dict, bottom: int, has_viewer: bool, num_players: int) -> dict:
    """What the pad shows for view `v` (`scored`: a round-end hold's new
    entries by seat; `bottom`: the seat whose hand is pencilled in): per row and seat a (kind, points) cell, where kind
    is "used" (written in an earlier round), "new" (written just now),
    "would" (what the viewer's hand would score in this open row, bonuses
    included), "chosen" (the viewer's pick, not yet scored) or ""."""
    pad = v.pad()
    preview = has_viewer and not scored and v.phase_name != "over" and len(v.hand(bottom)) > 0
    hand = v.hand(bottom) if preview else []
    mine = v.chosen_row(bottom) if preview else None
    cells: dict[str, dict[int, tuple[str, int | None]]] = {}
    for row in grinch.ROWS:
        line: dict[int, tuple[str, int | None]] = {}
        for seat in range(num_players):
            if row in pad[seat]:
                line[seat] = ("used", pad[seat][row])
            elif seat in scored and scored[seat]["row"] == row:
                line[seat] = ("new", scored[seat]["points"])
            elif seat == bottom and preview and mine == row:
                line[seat] = ("chosen", grinch.hand_score(hand, row))
            elif seat == bottom and preview and mine is None:
                line[seat] = ("would", grinch.hand_score(hand, row))
            else:
                line[seat] = ("", None)
        cells[row] = line
    totals = [sum(pad[s].values()) + scored.get(s, {}).get("points", 0) for s in range(num_players)]
    status = []
    for seat in range(num_players):
        if seat in scored or v.phase_name != "score":
            status.append("")
        elif v.has_chosen(seat):
            status.append("chosen")
        elif v.current_player == seat:
            status.append("choosing")
        else:
            status.append("")
    would = [
        points for kind, points in (cells[r][bottom] for r in grinch.ROWS) if kind == "would" and points is not None
    ]
    best = max(would) if would else None
    return {
        "cells": cells,
        "totals": totals,
        "status": status,
        "best": best,
        "round": v.round_number,
        "rounds": v.rounds,
        "phase": v.phase_name,
        "scored": bool(scored),
        "grinch": v.grinch,
    }
