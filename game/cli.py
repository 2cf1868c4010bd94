"""Command line: `python -m game [command]` and the `fireside` script.

Commands import what they need lazily, so `--version` and the headless
commands never load pygame.
"""

from __future__ import annotations

import argparse
import os
import sys

from game import __version__
from game import rules
from game.rules import GAME_IDS


def _players(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of players") from None


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of seconds")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fireside",
        description="Fireside Card Table: Sticheln, Avalanche and Grinch: Grow Your Heart.",
    )
    parser.add_argument("--version", action="version", version=f"Fireside {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    text = commands.add_parser(
        "play-text", help="play one seat in the terminal against random opponents"
    )
    text.add_argument("--game", choices=GAME_IDS, default="sticheln")
    text.add_argument("--players", type=_players, default=4)
    text.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    text.add_argument("--seat", type=int, default=0, help="the seat you play (default 0)")

    bench = commands.add_parser("bench", help="measure the speed of the rules core")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument(
        "--seconds", type=_seconds, default=1.0, help="time spent per game and measure (default 1)"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    command = args.command or "play-text"
    if command == "bench":
        from game import bench

        return bench.main(as_json=args.json, seconds=args.seconds)
    if command == "play-text":
        import random

        from game import textplay

        if args.command is None:  # no window yet: the terminal game is the default
            args = parser.parse_args(["play-text"])
        seed = args.seed if args.seed is not None else random.randrange(1_000_000)
        module_players = rules.get(args.game).PLAYERS
        if args.players not in module_players:
            parser.error(
                f"--players: {args.game} is for {module_players.start} to "
                f"{module_players.stop - 1} players"
            )
        if not 0 <= args.seat < args.players:
            parser.error(f"--seat must be from 0 to {args.players - 1}")
        try:
            return textplay.play(args.game, args.players, seed, args.seat)
        except KeyboardInterrupt:
            print("\nGoodbye.")
            return 130
        except BrokenPipeError:  # output piped into a program that stopped reading
            sys.stdout = open(os.devnull, "w")
            return 0
    parser.error(f"unknown command {command!r}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
