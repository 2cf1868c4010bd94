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


def _seat_name(seat: int | None, me: int) -> str:
    if seat is None:
        return "table"
    return "You" if seat == me else f"Seat {seat}"


def _format_value(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join("-" if v is None else _format_value(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_format_value(v)}" for k, v in value.items())
    return str(value)


def _cards(cards: Any) -> str:
    return ", ".join(map(str, cards)) or "-"


def _per_seat(view: Any, me: int, value: Callable[[int], Any]) -> str:
    return ", ".join(f"{_seat_name(s, me)} {value(s)}" for s in range(view.num_players))


def _sticheln(view: Any, me: int) -> list[str]:
    n = view.num_players
    if view.phase == "pick":
        doing = "everyone secretly picks a pain card"
        pain = _per_seat(view, me, lambda s: view.pain_card(s) or (
            "picked" if view.picks[s] != -1 else "choosing"))
    else:
        doing = "playing tricks (no need to follow colour; zeros never win)"
        pain = _per_seat(view, me, lambda s: view.pain_card(s) or "-")
    lines = [f"Round {view.round_number} of {view.rounds}: {doing}.", f"Pain cards: {pain}"]
    if view.trick:
        played = ", ".join(
            f"{_seat_name((view.leader + i) % n, me)} {card}"
            for i, card in enumerate(view.trick_cards())
        )
        lines.append(f"Trick (lead colour {view.lead_colour()}): {played}")
    elif view.phase == "play":
        lines.append(f"{_seat_name(view.leader, me)} lead{'s' if view.leader != me else ''} the next trick.")
    lines.append(f"Tricks taken: {_per_seat(view, me, view.tricks_taken)}")
    return lines


def _avalanche(view: Any, me: int) -> list[str]:
    from game.games.avalanche.rules import RANK_NAMES

    lines = [f"Draw pile: {view.pile_count} cards."]
    last = view.last_play
    if last is None:
        lines.append("The table is empty: snowfall (draw a card) or start an avalanche with a set.")
    else:
        plays = "  ->  ".join(
            f"{_seat_name(seat, me)} {' '.join(map(str, cards))}" for seat, cards in view.table_plays()
        )
        lines.append(f"Avalanche: {plays}")
        seat, cards = last
        k, rank = len(cards), RANK_NAMES[cards[0].rank]
        hint = f"To grow: more than {k} cards, or {k} of rank {rank} or higher."
        if k >= 2:
            hint += f" To stop: {k} cards below {rank}."
        hint += f" Anything else falls into {_seat_name(seat, me)}'s pile."
        lines.append(hint)
    lines.append(f"Collected: {_per_seat(view, me, lambda s: len(view.collected[s]))}; neutral {len(view.neutral)}")
    if view.out:
        lines.append("Out: " + ", ".join(_seat_name(s, me) for s in view.out))
    return lines


def _grinch(view: Any, me: int) -> list[str]:
    lines = [
        f"Round {view.round_number} of {view.rounds}. The Grinch is {_seat_name(view.grinch, me)}; "
        f"the heart shows {view.heart}.",
        f"Draw pile: {view.pile_size()} cards.",
    ]
    tops = _per_seat(view, me, lambda s: (
        f"{view.discard_pile(s)[0]} ({len(view.discard_pile(s))})" if view.discard_pile(s) else "empty"
    ) + (" + a hidden discard" if view.has_pending(s) and view.pending_discard(s) is None else ""))
    lines.append(f"Discard piles: {tops}")
    if view.phase_name == "grinch":
        lines.append(f"The Grinch takes {view.takes_left} more card(s), then discards one.")
    pad = view.pad()
    lines.append("Score pad: " + "; ".join(
        f"{_seat_name(s, me)} " + (", ".join(f"{row} {pts}" for row, pts in pad[s].items()) or "-")
        for s in range(view.num_players)
    ))
    if view.phase_name == "score":
        from game.games.grinch.rules import hand_score

        hand = view.hand(me)
        lines.append("Your open rows would score: " + ", ".join(
            f"{row} {hand_score(hand, row)}" for row in view.open_rows(me)
        ))
    return lines


_DESCRIBE = {"sticheln": _sticheln, "avalanche": _avalanche, "grinch": _grinch}


def describe(view: Any) -> str:
    """Everything this seat may see, one fact per line."""
    me = view.viewer
    lines = _DESCRIBE[view.GAME](view, me)
    others = ", ".join(
        f"{_seat_name(s, me)} {view.hand_size(s)}" for s in range(view.num_players) if s != me
    )
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
