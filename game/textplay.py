"""Play one seat in the terminal against uniform-random opponents.

A plain front end over the same gate the table will use: it shows only
`state.view(seat)`, reads moves in the rules notation and passes them to
`apply()`, so anything that works here works everywhere.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, TextIO

from game import rules
from game.ai import RandomAgent
from game.rules.core import Event, scrub_events

_SKIP_KEYS = {"game", "version", "players", "viewer", "seed", "hands", "options", "start"}


def _seat_name(seat: int | None, me: int) -> str:
    if seat is None:
        return "table"
    return "You" if seat == me else f"Seat {seat}"


def _format_value(value: Any) -> str:
    if isinstance(value, list):
        if value and all(isinstance(v, list) for v in value):
            return " | ".join(f"{i}: {_format_value(v) or '-'}" for i, v in enumerate(value))
        return ", ".join("-" if v is None else str(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_format_value(v)}" for k, v in value.items())
    return str(value)


def describe(view: Any) -> str:
    """Everything this seat may see, one fact per line."""
    me = view.viewer
    lines = [f"Your hand ({view.hand_size(me)}): " + (", ".join(map(str, view.hand(me))) or "-")]
    sizes = ", ".join(
        f"{_seat_name(s, me)} {view.hand_size(s)}" for s in range(view.num_players) if s != me
    )
    lines.append(f"Cards in other hands: {sizes}")
    for key, value in view.to_json().items():
        if key not in _SKIP_KEYS and key != "hand_sizes":
            lines.append(f"{key.replace('_', ' ').capitalize()}: {_format_value(value)}")
    lines.append(f"Scores: {', '.join(f'{_seat_name(s, me)} {p}' for s, p in enumerate(view.scores()))}")
    return "\n".join(lines)


def describe_event(event: Event, me: int) -> str:
    who = _seat_name(event.seat, me)
    text = f"{who}: {event.kind.replace('_', ' ')}"
    if event.cards:
        text += " " + ", ".join("a hidden card" if c is None else str(c) for c in event.cards)
    if event.info is not None:
        text += f" ({_format_value(event.info)})"
    return text


def play(
    game_id: str,
    players: int,
    seed: int,
    seat: int = 0,
    *,
    read: Callable[[str], str] = input,
    out: TextIO = sys.stdout,
) -> int:
    """Run one game; returns a process exit code."""
    module = rules.get(game_id)
    state = module.new_game(players, seed)
    if not 0 <= seat < players:
        raise ValueError(f"--seat must be from 0 to {players - 1}")
    bots = {s: RandomAgent(f"{seed}/{s}") for s in range(players) if s != seat}

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    say(f"{module.NAME}, {players} players, seed {seed}. You are seat {seat}.")
    say("Type a move, 'help' for the legal moves, 'show' to see the table, 'quit' to stop.")
    show = True
    while not state.is_over:
        actor = state.current_player
        if actor != seat:
            state = state.apply(bots[actor].choose(state.view(actor)))
            for event in scrub_events(state.events, seat):
                say("  " + describe_event(event, seat))
            continue
        view = state.view(seat)
        if show:
            say()
            say(describe(view))
            show = False
        try:
            line = read(f"{module.NAME} > ").strip()
        except EOFError:
            say("\nGoodbye.")
            return 0
        if not line:
            continue
        if line in ("quit", "exit"):
            say("Goodbye.")
            return 0
        legal = view.legal_moves()
        if line in ("help", "?"):
            say("Legal moves: " + "; ".join(f"[{i}] {m}" for i, m in enumerate(legal, 1)))
            continue
        if line == "show":
            show = True
            continue
        move: Any = line
        if line.isdigit() and 1 <= int(line) <= len(legal):
            move = legal[int(line) - 1]
        try:
            state = state.apply(move)
        except rules.IllegalMove as err:
            say(f"Not allowed: {err}")
            continue
        for event in scrub_events(state.events, seat):
            say("  " + describe_event(event, seat))
        show = True
    say()
    say("Game over. Final scores:")
    for s, points in enumerate(state.scores()):
        say(f"  {_seat_name(s, seat)}: {points}")
    winners = state.winners()
    say("Winner" + ("s" if len(winners) > 1 else "") + ": " + ", ".join(_seat_name(s, seat) for s in winners))
    return 0
