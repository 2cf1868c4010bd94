"""`fireside hint SAVE --move N [--json]`: what Hint would say before move N
of a saved or finished game -- the move, the reason, the margin
(`game.ai.advice.advise`, said as the table says it, `game.app.words.advice`).

For a player who wants to ask the coach about a position, and for the
tests.  A bad argument (no such file, N out of range, a damaged save) is
one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from game.i18n import _


def _number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text[:40]!s}' is not a move number") from None


def add_parser(commands: argparse._SubParsersAction) -> None:
    """The `hint` command's arguments (beside `review`)."""
    hint = commands.add_parser(
        "hint",
        help="what Hint would say before move N of a saved or finished game: the move, the reason, the margin",
    )
    hint.add_argument("file", metavar="SAVE.json")
    hint.add_argument("--move", type=_number, required=True, metavar="N", help="the move to ask about (from 1)")
    hint.add_argument("--json", action="store_true", help="print one JSON object: move, reason, margin")
    hint.add_argument(
        "--rollouts",
        type=_number,
        default=None,
        help="moves of Normal play the coach may spend (default: 10,000, as Hint at the table)",
    )


def _fail(line: str) -> int:
    print(line, file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    """0 and the hint (a line, or JSON); 2 and one line on stderr for a bad argument."""
    from game.common.printable import printable
    from game.persist.atomic import read_json
    from game.persist.savefile import SaveError, from_data
    from game.session.coach import same_deal

    try:
        match = from_data(read_json(args.file))
    except SaveError as exc:
        return _fail(_("fireside: {file}: {reason}").format(file=printable(args.file), reason=exc))
    if args.rollouts is not None and args.rollouts < 1:
        return _fail(_("fireside: --rollouts must be at least 1"))
    state = same_deal(match).state
    last = len(match.moves) + (0 if match.state.is_over else 1)  # an unfinished game: its next move too
    if not 1 <= args.move <= last:
        return _fail(_("fireside: --move {n}: the game has moves 1 to {last}").format(n=args.move, last=last))
    for _seat, move in match.moves[: args.move - 1]:
        state = state.apply(move)
    try:
        _say(args, match, state)
    except BrokenPipeError:  # piped into a program that stopped reading
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open until exit
    return 0


def _say(args: argparse.Namespace, match: Any, state: Any) -> None:
    from game.ai.advice import advise
    from game.app.words import advice as words

    seat = state.current_player
    said = advise(state.view(seat), args.rollouts)

    def name(s: int) -> str:
        return str(match.seats[s].name)

    def nobody(_s: int) -> bool:  # the command line speaks to nobody as "you"
        return False

    if args.json:
        data = said.to_json()
        if data["reason"] is not None:  # its text as the table says it, as `review --json` does
            data["reason"]["text"] = words.why(match.game_id, said, name, nobody) or data["reason"]["text"]
        print(json.dumps({"number": args.move, "seat": seat, "name": name(seat), **data}, indent=1))
        return
    print(
        _("Before move {n}, {name}: {advice}").format(
            n=args.move, name=name(seat), advice=words.line(match.game_id, said, name, nobody)
        )
    )
