"""Play one seat in the terminal against uniform-random opponents.

What a position looks like in text is the game's optional ``text`` part
(`game/games/<id>/text.py`, offering ``describe(view) -> list[str]``: the
game's own lines for the seat `view.viewer`, using `seat_name` / `per_seat` /
`cards_text` from here); the lines every game shares (other hands, scores,
one's hand) are added here.  A game without a text part gets one line.

A plain front end over the same gate the table will use: it shows only
`state.view(seat)`, reads moves in the rules notation and passes them to
`apply()`, so anything that works here works everywhere.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, TextIO

from game import rules
from game.ai import RandomAgent
from game.common.plain_text import cards_text, per_seat, seat_name
from game.rules import registry
from game.rules.core import Event, scrub_events

_seat_name = seat_name


def _format_value(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join("-" if v is None else _format_value(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_format_value(v)}" for k, v in value.items())
    return str(value)


_cards = cards_text
_per_seat = per_seat


def generic_lines(view: Any, me: int) -> list[str]:
    """What any game's view says, for a game without a text part."""
    return [f"{registry.get(view.GAME).name}: {seat_name(view.current_player, me)} to play."]


def _game_lines(view: Any) -> list[str]:
    spec = registry.get(view.GAME)
    if spec.has("text"):
        return list(spec.module("text").describe(view))
    return generic_lines(view, view.viewer)


def describe(view: Any) -> str:
    """Everything this seat may see, one fact per line."""
    me = view.viewer
    lines = _game_lines(view)
    others = ", ".join(f"{_seat_name(s, me)} {view.hand_size(s)}" for s in range(view.num_players) if s != me)
    lines.append(f"Cards in other hands: {others}")
    lines.append(f"Scores: {_per_seat(view, me, lambda s: view.scores()[s])}")
    lines.append(f"Your hand ({view.hand_size(me)}): {_cards(view.hand(me))}")
    return "\n".join(lines)


_EVENT_TEXT = {
    "dealt": "{who} got {cards}",
    "drew": "{who} drew {cards}",
    "refilled": "{who} refilled: {cards}",
    "picked": "{who} picked a pain card {cards}",
    "revealed": "Revealed: {cards}",
    "played": "{who} played {cards}",
    "trick_won": "{who} won the trick: {cards}",
    "set_aside": "All zeros: the trick is set aside ({cards})",
    "snowfall": "{who}: snowfall",
    "fell": "The avalanche fell into {who}'s pile",
    "stopped": "{who} stopped the avalanche; it goes to the neutral pile",
    "out": "{who} is out",
    "took": "{who} took {cards}",
    "discarded": "{who} discarded {cards}",
    "chose": "{who} chose a row",
    "scored": "{who} scored",
    "heart": "The heart grows",
    "round": "A new round begins",
    "round_scored": "Round scored",
    "round_over": "Round over",
    "game_over": "Game over",
}


def describe_event(event: Event, me: int) -> str:
    """One line for the move log, in the words of the table."""
    cards = ", ".join("a hidden card" if c is None else str(c) for c in event.cards)
    template = _EVENT_TEXT.get(event.kind, "{who}: " + event.kind.replace("_", " ") + " {cards}")
    text = template.format(who=_seat_name(event.seat, me), cards=cards).rstrip(" ()")
    if event.info:
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
    if not 0 <= seat < players:
        raise ValueError(f"--seat must be from 0 to {players - 1}")
    state = module.new_game(players, seed)
    bots = {s: RandomAgent(f"{seed}/{s}") for s in range(players) if s != seat}

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    def log(events: tuple) -> None:
        for event in scrub_events(events, seat):
            say("  " + describe_event(event, seat))

    say(f"{module.NAME}, {players} players, seed {seed}. You are seat {seat}.")
    say("Type a move, 'help' for the legal moves, 'show' to see the table, 'quit' to stop.")
    show = True
    while not state.is_over:
        actor = state.current_player
        if actor != seat:
            state = state.apply(bots[actor].choose(state.view(actor)))
            log(state.events)
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
        log(state.events)
        show = True
    say()
    say("Game over. Final scores:")
    for s, points in enumerate(state.scores()):
        say(f"  {_seat_name(s, seat)}: {points}")
    winners = state.winners()
    say("Winner" + ("s" if len(winners) > 1 else "") + ": " + ", ".join(_seat_name(s, seat) for s in winners))
    return 0
