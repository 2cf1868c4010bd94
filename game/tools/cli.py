"""Command line: `python -m game [command]` and the `fireside` script.

Commands import what they need lazily, so `--version` and the headless
commands never load pygame.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from typing import TYPE_CHECKING, Any

from game import __version__, i18n, rules
from game.app.learn import scripts as learn_scripts
from game.i18n import _
from game.net.relay import cli as relay_cli
from game.persist.settings import SPEEDS
from game.rules import registry
from game.tools import hint_cmd

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.match.deal_code import DealSetup


def _shown(text: str) -> str:
    """What the player typed, as an error may quote it: printable, and short
    (a 100 KB code or a 5,000-digit seed is not echoed back in full)."""
    from game.common.printable import printable

    return printable(text, 40)


def _players(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{_shown(text)}' is not a number of players") from None


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:  # also a number beyond Python's limit of digits
        raise argparse.ArgumentTypeError(f"'{_shown(text)}' is not a whole number") from None


def _no_such_game(text: str) -> str:
    """The top-level `--game`: the games live under a command (`fireside demo --game grinch`)."""
    games = ", ".join(registry.ids())
    if not registry.known(text):
        raise argparse.ArgumentTypeError(f"'{_shown(text)}' is not a game here; the games are {games}")
    raise argparse.ArgumentTypeError(
        f"--game goes after a command, for example: fireside demo --game {text} "
        f"(or learn, play-text, tournament); the games are {games}"
    )


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not (math.isfinite(value) and value > 0):  # nan and inf would never end
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of seconds")
    return value


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x720") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError(f"{text!r} is too small (at least 320x240)")
    return w, h


#: the largest window --size opens (8K) where the screen's size is unknown: a 16384x16384 one takes gigabytes
MAX_WINDOW = (7680, 4320)
#: --size and --fullscreen, given before the command (`fireside --size 1600x900` plays) or after it
WINDOW_DEFAULTS = {"size": (1280, 720), "fullscreen": False}


def _window_options(parser: argparse.ArgumentParser) -> None:
    """--size and --fullscreen, with no default here: one given before the command must not be undone."""
    parser.add_argument(
        "--size", type=_size, default=argparse.SUPPRESS, help="window size, e.g. 1280x720 (at most the screen's)"
    )
    parser.add_argument(
        "--fullscreen", action="store_true", default=argparse.SUPPRESS, help="start in fullscreen (F11 toggles)"
    )


def _play_options(parser: argparse.ArgumentParser) -> None:
    _window_options(parser)
    _lang_option(parser, argparse.SUPPRESS)  # `fireside play --lang ko` as well as `fireside --lang ko`


def _fit_screen(size: tuple[int, int]) -> tuple[int, int]:
    """`--size` no larger than the screen (or MAX_WINDOW where there is none to ask), with a word when cut."""
    import pygame

    from game.app.shell.app import name_window_class

    limit = MAX_WINDOW
    name_window_class()  # before the first display init, which fixes the window's class
    pygame.display.init()
    if pygame.display.get_driver() not in ("dummy", "offscreen"):  # those have no screen to fit
        try:
            desktops = pygame.display.get_desktop_sizes()
        except pygame.error:
            desktops = []
        if desktops:
            limit = (min(limit[0], desktops[0][0]), min(limit[1], desktops[0][1]))
    fitted = (min(size[0], limit[0]), min(size[1], limit[1]))
    if fitted != size:
        print(
            _("fireside: --size {asked} is larger than the screen; opening {size} instead").format(
                asked="x".join(map(str, size)), size="x".join(map(str, fitted))
            ),
            file=sys.stderr,
        )
    return fitted


def _lang_option(parser: argparse.ArgumentParser, default: str | None) -> None:
    parser.add_argument(
        "--lang",
        choices=i18n.LANGUAGES,
        default=default,
        help="language of the table: en, ko, ca or pa (overrides the setting and the system's)",
    )


def _check_players(parser: argparse.ArgumentParser, game: str, players: int) -> None:
    allowed = rules.get(game).PLAYERS
    if players not in allowed:
        parser.error(f"--players: {game} is for {allowed.start} to {allowed.stop - 1} players")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fireside",
        description="Fireside Card Table: Sticheln, Avalanche and Grinch: Grow Your Heart.",
    )
    parser.add_argument("--version", action="version", version=f"Fireside {__version__}")
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="check that every game file loads and a window opens, then exit (0 = all fine)",
    )
    desktop = parser.add_mutually_exclusive_group()  # game/tools/desktop_entry.py
    desktop.add_argument(
        "--install-desktop-entry",
        action="store_true",
        help="Linux: put Fireside in the application menu (a .desktop file and icon in ~/.local/share; it opens"
        " fireside:// invites); Windows: open fireside:// invites with this program; then exit",
    )
    desktop.add_argument(
        "--remove-desktop-entry",
        action="store_true",
        help="Linux: take Fireside out of the application menu again (Windows: forget fireside:// invites), then exit",
    )
    _lang_option(parser, None)
    _window_options(parser)
    parser.add_argument("--game", dest="top_game", type=_no_such_game, default=None, help=argparse.SUPPRESS)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    text = commands.add_parser("play-text", help="play one seat in the terminal against random opponents")
    text.add_argument("--game", choices=registry.ids(), default=registry.ids()[0])
    text.add_argument("--players", type=_players, default=4)
    text.add_argument("--seed", type=_seed, default=None, help="deal seed (default: random)")
    text.add_argument("--seat", type=int, default=0, help="the seat you play (default 0)")

    window = commands.add_parser("play", help="open the card table window (the default)")
    _play_options(window)
    window.add_argument("--first-frame-exit", action="store_true", help=argparse.SUPPRESS)
    _code_option(window, "play that deal against Normal computers, e.g. ST4-7KQ2-9F3X-K")

    demo = commands.add_parser("demo", help="watch computers play a game in the window")
    demo.add_argument("--game", choices=registry.ids(), default=registry.ids()[0])
    demo.add_argument("--players", type=_players, default=4)
    demo.add_argument("--seed", type=_seed, default=None, help="deal seed (default: random)")
    _code_option(demo, "watch that deal (instead of --game, --players and --seed)")
    demo.add_argument("--speed", choices=SPEEDS, default="normal", help="animation speed")
    demo.add_argument("--exit-at-end", action="store_true", help="exit with status 0 when the game is over")
    demo.add_argument(
        "--save",
        metavar="FILE",
        default=None,
        help="when the window closes, write the game played as a save file there",
    )
    _play_options(demo)

    check = commands.add_parser("check-save", help="check that a save file loads and its moves replay")
    check.add_argument("file", metavar="FILE")

    bench = commands.add_parser("bench", help="measure the speed of the rules core")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument("--seconds", type=_seconds, default=1.0, help="time spent per game and measure (default 1)")
    _add_tournament(commands)
    _add_deal_code(commands)
    _add_learn(commands)
    _add_review(commands)
    hint_cmd.add_parser(commands)
    _add_network(commands)
    relay_cli.add_parser(commands)
    relay_cli.add_bench_parser(commands)
    return parser


# -- network tables (game/net/) ------------------------------------------------------------
def _port_number(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"'{_shown(text)}' is not a port (0 to 65535; 0: any free one)")
    return int(text)


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"'{_shown(text)}' is not a whole number of at least 1")
    return int(text)


#: The shortest and longest turn clock and away wait `fireside host` takes (0: off).
CLOCK_RANGE = (5, 3600)


def _clock_seconds(what: str) -> Callable[[str], float | None]:
    """A parser of a `host` flag's seconds: 0 is off (None), else 5 to 3600 seconds."""
    low, high = CLOCK_RANGE

    def parse(text: str) -> float | None:
        try:
            value = float(text)
        except ValueError:
            value = -1.0
        if value == 0:
            return None
        if not (math.isfinite(value) and low <= value <= high):
            raise argparse.ArgumentTypeError(
                f"'{_shown(text)}' is not {what}: 0 (off) or {low} to {high} seconds, e.g. 60"
            )
        return value

    return parse


def _add_network(commands: argparse._SubParsersAction) -> None:
    from game.net.discovery import DEFAULT_PORT

    host = commands.add_parser("host", help="host a network table without a window; friends join it")
    host.add_argument("--game", choices=registry.ids(), default=registry.ids()[0])
    host.add_argument("--players", type=_players, default=4)
    host.add_argument(
        "--seats",
        default=None,
        help="each seat, comma-separated: you (the first to join; never given to a computer), open (a friend),"
        " easy, normal or hard (default: you, then open)",
    )
    host.add_argument("--names", default="", help="the seats' names, comma-separated (a friend brings their own)")
    host.add_argument("--seed", type=_seed, default=None, help="deal seed (default: random)")
    host.add_argument(
        "--bind",
        default=None,
        help="who may join: 127.0.0.1 only this computer (default); 0.0.0.0 every computer on the network",
    )
    host.add_argument("--port", type=_port_number, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})")
    host.add_argument("--discover", action="store_true", help="let computers on the network find the table")
    host.add_argument("--resume", action="store_true", help="open the last hosted table again, for the same people")
    host.add_argument(
        "--start",
        choices=("full", "now"),
        default="full",
        help="full: start when every open seat is taken, or when everyone seated is ready (default);"
        " now: give the open seats to computers",
    )
    host.add_argument("--level", choices=("easy", "normal", "hard"), default="normal", help="for seats left open")
    host.add_argument(
        "--turn-time",
        type=_clock_seconds("a turn time"),
        default=None,
        metavar="SECONDS",
        help="each player's time to act; when it runs out a computer plays that one move (default 0: no clock)",
    )
    host.add_argument(
        "--away-after",
        type=_clock_seconds("an away time"),
        default=60.0,
        metavar="SECONDS",
        help="a computer plays for a player whose line has been down this long, until they are back"
        " (default 60; 0: never)",
    )
    host.add_argument(
        "--no-again",
        action="store_true",
        help="close the table when the game ends (default: everyone is asked to play again at this table,"
        " and the new deal starts once every player still there said yes)",
    )
    host.add_argument("--quiet", action="store_true", help="say only the table and the end")
    host.add_argument(
        "--relay",
        default=None,
        metavar="URL",
        help="let anyone with the invite join through this relay (ws://HOST:PORT or wss://HOST); the host dials out"
        " to it and prints 'Invite: fireside://...'; the relay reads no message (each is sealed). No default relay",
    )

    join = commands.add_parser("join", help="open the window straight onto a network table")
    join.add_argument(
        "address",
        metavar="ADDRESS|INVITE",
        help="the host's address, e.g. 192.168.1.20 or 192.168.1.20:47474; or the invite, fireside://...",
    )
    join.add_argument(
        "code", metavar="CODE", nargs="?", default=None, help="the table's code, e.g. K3M9QP (not with an invite)"
    )
    join.add_argument(
        "--computer",
        choices=("random", "easy", "normal", "hard"),
        default=None,
        metavar="LEVEL",
        help="play the seat with a computer (random, easy, normal, hard), without a window; exits 0 when the game ends",
    )
    join.add_argument("--name", default=None, help="your name at the table (default: the setting's)")
    join.add_argument("--watch", action="store_true", help="watch the table instead of taking a seat")
    _play_options(join)

    bench = commands.add_parser("net-bench", help="T tables of bot clients against one host on this computer")
    bench.add_argument("--tables", type=_count, default=10)
    bench.add_argument("--clients", type=_count, default=4)
    bench.add_argument("--seed", type=_seed, default=0)
    bench.add_argument("--pace", type=_seconds_or_zero, default=0.0, help="seconds a bot waits before each move")
    bench.add_argument("--moves", type=_count, default=None, help="stop each table after this many moves")


def _seconds_or_zero(text: str) -> float:
    return 0.0 if text.strip() in ("0", "0.0") else _seconds(text)


def _join_target(parser: argparse.ArgumentParser, args: argparse.Namespace) -> tuple[str, str | None]:
    """`join`'s url and code (an invite: the invite, no code), or one clear line before any window opens."""
    from game.net.authority import CODE_ALPHABET
    from game.net.discovery import to_url
    from game.net.invite import Invite, InviteError, looks_like_invite

    if looks_like_invite(args.address):
        try:
            invite = Invite.parse(args.address)
        except InviteError as exc:
            parser.error(f"join: {exc}")
        if args.code is not None:
            parser.error("join: an invite holds the table already; leave the code out")
        return invite.link(), None
    if args.code is None:
        parser.error("join: give the table's code after the address (or join with an invite, fireside://...)")

    try:
        url = to_url(args.address)
    except ValueError as exc:
        parser.error(f"join: {exc}")
    code = args.code.strip().upper()
    if len(code) != 6 or any(c not in CODE_ALPHABET for c in code):
        parser.error(f"join: '{_shown(args.code)}' is not a table code (six letters and digits, like K3M9QP)")
    return url, code


def _join_computer(args: argparse.Namespace) -> int:
    """`fireside join ... --computer LEVEL`: a computer plays the seat, no window; 0 once the game ended."""
    import asyncio

    from game.net.client import play_bot
    from game.net.relayed import RelayRefused

    url, code = args.target
    name = args.name or _("Computer")
    try:
        seat = asyncio.run(play_bot(url, name, level=args.computer, code=code))
    except KeyboardInterrupt:
        return 130
    except (RelayRefused, OSError) as exc:
        print(_("fireside: cannot join the table: {reason}").format(reason=exc), file=sys.stderr)
        return 1
    except Exception as exc:  # the line broke (a refused frame, the host gone): said in one line
        print(
            _("fireside: the table's line closed: {reason}").format(reason=exc or type(exc).__name__), file=sys.stderr
        )
        return 1
    if seat.over:
        print(_("Game over."), flush=True)
        return 0
    print(_("fireside: the table closed before the game ended"), file=sys.stderr)
    return 1


def _relay_invite(parser: argparse.ArgumentParser, args: argparse.Namespace, kept: str = "") -> Any:
    """`host --relay URL`'s invite (a new secret), a resumed table's own (its friends' invites
    still work; --relay may move it to another relay), or None."""
    from game.net.invite import Invite, InviteError

    old = None
    if kept:
        try:
            old = Invite.parse(kept)
        except InviteError as exc:
            print(_("fireside: the kept table's invite is not usable: {reason}").format(reason=exc), file=sys.stderr)
    if args.relay is None:
        return old
    try:
        return Invite.new(args.relay, old.secret if old is not None else None)
    except InviteError as exc:
        parser.error(f"--relay: {exc}")


def _host(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """`fireside host`: a table without a window, saying what a person needs."""
    from game.persist import network

    try:  # one host keeps the table's save at a time: a second --resume runs no second copy
        unlock = network.lock_table()
    except network.TableLocked as exc:
        print(
            _("fireside: this table is open in another fireside already (process {pid}); close that one first").format(
                pid=exc.pid or "?"
            ),
            file=sys.stderr,
        )
        return 2
    except OSError as exc:
        print(_("fireside: cannot open the table: {reason}").format(reason=exc), file=sys.stderr)
        return 2
    import atexit

    atexit.register(unlock)
    try:
        return _host_locked(parser, args)
    finally:
        unlock()
        atexit.unregister(unlock)


def _host_locked(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """`fireside host` once it holds the table's lock."""
    import errno
    import time

    from game.common.printable import printable
    from game.net import hosting as net
    from game.net.discovery import bracketed
    from game.persist import network

    kept = ""  # a resumed table's invite
    if args.resume:
        why: list[str] = []
        save = network.read_table(why)
        if save is None and why:
            print(
                _("fireside: the kept network table cannot be opened: {reason}").format(reason=printable(why[0])),
                file=sys.stderr,
            )
            return 2
        if save is None:
            print(_("fireside: there is no network table to resume"), file=sys.stderr)
            return 2
        table = net.resumed(save, turn_time=args.turn_time, away_after=args.away_after)
        kept = save.invite
        bind = args.bind or save.bind
        port = save.port if save.port else args.port
    else:
        _check_players(parser, args.game, args.players)
        seats = args.seats or ",".join(["you", *["open"] * (args.players - 1)])
        try:
            kinds = net.parse_seats(seats, args.players)
        except ValueError as exc:
            parser.error(f"--seats: {exc}")
        if "here" in kinds:
            parser.error("--seats: a 'here' seat is a person at the host's window; a host without one has none")
        from game.app.words.seat_names import computer_name, free_computer_name

        names = [n.strip() for n in args.names.split(",")] if args.names else []
        names += [""] * (args.players - len(names))
        for i, kind in enumerate(kinds):  # computers by their names, as in the window
            if kind not in net.PEOPLE and not names[i]:
                names[i] = free_computer_name(i, names)
        spare = [computer_name(i) for i in range(args.players)]  # an open seat given to a computer
        table = net.new_table(
            args.game,
            kinds,
            names,
            args.seed,
            spare_names=spare,
            turn_time=args.turn_time,
            away_after=args.away_after,
        )
        bind, port = args.bind or "127.0.0.1", args.port
    local = bind in ("127.0.0.1", "::1", "localhost")
    if args.discover and local:
        parser.error("--discover: a table only this computer can reach is not announced; add --bind 0.0.0.0")
    if not local:
        print(_("Anyone on this network may join this table (--bind {bind}).").format(bind=bind))
    discovery = None
    if args.discover:
        from game.net.discovery import ZeroconfDiscovery

        discovery = ZeroconfDiscovery()

    def save_trouble(reason: str) -> None:  # once, not a traceback every move
        print(
            _("fireside: cannot save the table ({reason}); the players are told it is not being saved").format(
                reason=printable(reason)
            ),
            file=sys.stderr,
            flush=True,
        )

    invite = _relay_invite(parser, args, kept)
    hosting = net.Hosting(
        table,
        bind=bind,
        port=port,
        discovery=discovery,
        host_name=_host_name(),
        on_save_trouble=save_trouble,
        relay=invite,
    )
    try:
        hosting.start(any_port=False)  # the port asked for, or a plain error: a script dials that one
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            print(
                _("fireside: port {port} is taken (another table?); choose another with --port, or 0 for any").format(
                    port=port
                ),
                file=sys.stderr,
            )
            return 2
        print(_("fireside: cannot open the table: {reason}").format(reason=exc), file=sys.stderr)
        return 1
    from game.tools import host_lines

    say = print
    last: Any = None
    reason = "host_closed"
    between = host_lines.Between(hosting, args.level, again=not args.no_again, say=lambda line: say(line, flush=True))
    _stop_on_term()  # before the port is said: a script that reads it may stop the table at once
    try:
        say(
            _("Table {code}: {game}, {n} seats").format(
                code=table.code, game=args.game if not args.resume else table.game_id, n=len(table.names)
            ),
            flush=True,
        )
        say(f"port: {hosting.port}", flush=True)  # as a script reads it, in every language
        for address in hosting.addresses():
            shown = bracketed(address)
            say(
                _("Join with: fireside join {address}:{port} {code}").format(
                    address=shown, port=hosting.port, code=table.code
                )
            )
        if invite is not None:
            say(f"Invite: {invite.link()}", flush=True)  # as a script reads it, in every language
            say(_("Anyone with the invite may join through the relay; the relay can read none of the game."))
            say(_("Join with: fireside join {invite}").format(invite=invite.link()), flush=True)
        say(_("Ctrl-C closes the table (the players are told)."), flush=True)
        while True:  # until the table closes after a game, or Ctrl-C
            snap = hosting.latest()
            if host_lines.should_start(snap, now=args.start == "now", resume=args.resume):
                hosting.start_game(args.level)
            if not args.quiet:
                _say_changes(last, snap, hosting.path if invite is not None else None)
            last = snap
            closing = between.step(snap)
            if closing is not None:
                time.sleep(0.5)  # the last views go out
                reason = closing
                break
            time.sleep(0.2)
    except KeyboardInterrupt:
        say(_("Closing the table; the players are told."), flush=True)
    finally:
        hosting.close(reason)
    return 0


def _stop_on_term() -> None:
    """SIGTERM (a service manager, `kill`) closes the table as Ctrl-C does, telling the players."""
    import signal

    def stop(_signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt

    try:
        signal.signal(signal.SIGTERM, stop)
        if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:  # started in the background: Ctrl-C still closes
            signal.signal(signal.SIGINT, stop)
    except ValueError:  # not the main thread (a test calling main): nothing to catch
        pass


def _host_name() -> str:
    import socket

    return socket.gethostname().split(".")[0][:40] or "Fireside"


def _shown_name(name: str) -> str:
    """A seat's name on the host's terminal: a default in the host's words, a
    person's name cleaned and escaped (no name moves the cursor or forges a line)."""
    from game.tools.host_lines import shown_name

    return shown_name(name)


def _say_changes(last: Any, snap: Any, path: Callable[[int], str | None] | None = None) -> None:
    """One line for each thing that changed since the last look; `path(seat)`, through a
    relay: the way each friend who takes a seat came ("direct" or "relay")."""
    from game.tools.host_lines import chat_lines, joined_line, ready_lines

    before_conn = set(last.connected) if last else set()
    for seat in snap.connected:
        if seat not in before_conn:
            print(joined_line(snap.names[seat], seat, path(seat) if path else None), flush=True)
    for seat in before_conn - set(snap.connected):
        print(_("{name} left seat {seat}").format(name=_shown_name(snap.names[seat]), seat=seat + 1), flush=True)
    for line in ready_lines(last, snap) + chat_lines(last, snap):
        print(line, flush=True)
    if snap.started and (last is None or not last.started):
        print(_("The game starts."), flush=True)
    elif snap.started and last is not None and snap.deal != last.deal:
        print(_("A new deal at this table: the game starts again."), flush=True)
    if snap.started and last is not None and snap.moves // 10 > last.moves // 10:
        print(_("{moves} moves played").format(moves=snap.moves), flush=True)
    if snap.timed_out is not None and (last is None or last.timed_out != snap.timed_out):
        name = _shown_name(snap.names[snap.timed_out[1]])
        print(_("Time ran out for {name}: the computer played for them.").format(name=name), flush=True)
    for seat in sorted(set(snap.stand_ins) - set(last.stand_ins if last else ())):
        name = _shown_name(snap.names[seat])
        print(_("{name} is away: a computer plays for them until they are back.").format(name=name), flush=True)


def _net_bench(args: argparse.Namespace) -> int:
    import json

    from game.net import bench

    print(json.dumps(bench.run(args.tables, args.clients, args.seed, pace=args.pace, moves=args.moves), indent=2))
    return 0


# -- deal codes (game/match/deal_code.py) ---------------------------------------------------------------
def _code_option(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--code", metavar="CODE", default=None, help=f"a deal code: {what}")


def _add_deal_code(commands: argparse._SubParsersAction) -> None:
    """`deal-code`: print the code of a deal, to share it or play it again with --code."""
    code = commands.add_parser("deal-code", help="print the deal code of a game, player count and seed")
    code.add_argument("--game", choices=registry.ids(), required=True)
    code.add_argument("--players", type=_players, required=True)
    code.add_argument("--seed", type=_seed, default=None, help="deal seed (default: random)")
    code.add_argument("--start", type=int, default=0, help="the seat that starts (default 0)")


def _print_deal_code(args: argparse.Namespace) -> int:
    """0 and the code, or 2 and the one-line reason there is none."""
    import random

    from game.match.deal_code import SEED_LIMIT, DealCodeError, encode

    seed = args.seed if args.seed is not None else random.randrange(SEED_LIMIT)
    try:
        print(encode(args.game, args.players, seed, args.start))
    except DealCodeError as exc:
        print(_("fireside: no deal code: {reason}").format(reason=exc), file=sys.stderr)
        return 2
    return 0


def _coded_setup(args: argparse.Namespace) -> DealSetup | None:
    """The deal `--code` holds (None without one); a bad code is SystemExit(2) with its reason."""
    code = getattr(args, "code", None)
    if code is None:
        return None
    from game.match.deal_code import DealCodeError, decode

    try:
        return decode(code)
    except DealCodeError as exc:
        print(_("fireside: --code {code}: {reason}").format(code=_shown(code), reason=exc), file=sys.stderr)
        raise SystemExit(2) from None


def _add_review(commands: argparse._SubParsersAction) -> None:
    """`review`: every decision of a saved game weighed again (game/ai/review.py)."""
    review = commands.add_parser(
        "review",
        help="weigh every decision of a saved or finished game: the move played, the best move, the points lost",
    )
    review.add_argument("file", metavar="SAVE.json")
    review.add_argument(
        "--json", action="store_true", help="print JSON: the decisions (each with its reason) and the summary"
    )
    review.add_argument(
        "--seats",
        choices=("humans", "all"),
        default="humans",
        help="whose decisions: the human seats (default) or all seats",
    )
    review.add_argument(
        "--rollouts",
        type=_players,
        default=None,
        help="moves of Normal play a decision's weighing may spend (default: 10,000)",
    )


def _review(args: argparse.Namespace) -> int:
    """`review SAVE.json`: 0 and a line per decision (or JSON), 2 and the reason if the file is bad."""
    from game.common.printable import printable
    from game.persist.atomic import read_json
    from game.persist.savefile import SaveError, from_data
    from game.session import coach

    try:
        data = read_json(args.file)
        match = from_data(data)
    except SaveError as exc:
        print(_("fireside: {file}: {reason}").format(file=printable(args.file), reason=exc), file=sys.stderr)
        return 2
    if args.rollouts is not None and args.rollouts < 1:
        print(_("fireside: --rollouts must be at least 1"), file=sys.stderr)
        return 2
    seats = coach.reviewed_seats(match, args.seats == "all")

    def note(line: str) -> None:  # a damaged kept review: weighed again instead
        print(_("fireside: {file}: {reason}").format(file=printable(args.file), reason=line), file=sys.stderr)

    decisions = None if args.rollouts else coach.kept(data, match, seats, note)
    if decisions is None:
        decisions = coach.new_review(match, seats, args.rollouts).complete()
    try:
        _print_review(args, match, decisions)
    except BrokenPipeError:  # piped into a program that stopped reading
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open until exit
    return 0


def _print_review(args: argparse.Namespace, match: Any, decisions: list) -> None:
    """One line per decision, as the replay says it, then a totals line per
    reviewed seat; or (`--json`) {"decisions": [...], "summary": {...}}, each
    decision with its reason's code, params and text."""
    import json

    from game.ai.review import budget
    from game.app.words import verdict
    from game.common.printable import printable
    from game.session import coach

    def seat_name(seat: int) -> str:
        return match.seats[seat].name

    def nobody(_seat: int) -> bool:  # the command line speaks to nobody as "you"
        return False

    game_id = match.game_id
    seats = sorted({d.seat for d in decisions}) or coach.reviewed_seats(match, args.seats == "all")
    if args.json:
        rows = []
        for d in decisions:
            rows.append(
                {
                    "seat": d.seat,
                    "name": seat_name(d.seat),
                    "move": d.number,
                    "chosen": d.chosen,
                    "best": d.best,
                    "loss": round(d.loss, 2),
                    "mark": d.mark,
                    "chosen_value": round(d.chosen_value, 2),
                    "best_value": round(d.best_value, 2),
                    "reason": verdict.reason_json(game_id, d, seat_name, nobody),
                    "verdict": verdict.verdict(game_id, d, seat_name, nobody) if d.mark else "",
                }
            )
        total = coach.summary(decisions).to_json()
        total["seats"] = {str(seat): coach.summary(decisions, seat).to_json() for seat in seats}
        print(json.dumps({"decisions": rows, "summary": total}, indent=1))
        return
    print(
        _(
            "{file}: {game}, {n} decisions weighed (each by up to {rollouts} moves of Normal play "
            "for every seat); values are points at the end of the round (Avalanche: of the game)"
        ).format(
            file=printable(args.file),
            game=match.module.NAME,
            n=len(decisions),
            rollouts=args.rollouts or budget(game_id),
        )
    )

    def said(notation: str) -> str:  # as the table and the replay say it ("orange 2", not "play red 2")
        return printable(verdict.move_named(game_id, notation, seat_name, nobody))

    for d in decisions:
        line = _("move {n}, {name}: played {chosen}, best {best}, {loss} points lost").format(
            n=d.number, name=seat_name(d.seat), chosen=said(d.chosen), best=said(d.best), loss=f"{d.loss:.1f}"
        )
        if d.mark:
            line = f"{line} · {_(coach.MARK_WORDS[d.mark])}"
            why = verdict.why(game_id, d, seat_name, nobody)
            if why:
                line += f": {why}"
        print(line)
    for seat in seats:
        print(verdict.totals_line(seat_name(seat), coach.summary(decisions, seat)))


def _add_tournament(commands: argparse._SubParsersAction) -> None:
    """`tournament`: computer players against each other on duplicate deals."""
    tour = commands.add_parser("tournament", help="play computer players against each other on duplicate deals")
    tour.add_argument("--game", choices=registry.ids(), required=True)
    tour.add_argument("--players", type=_players, required=True)
    tour.add_argument(
        "--agents",
        required=True,
        help="one agent per seat, comma-separated: random, easy, normal, hard",
    )
    tour.add_argument(
        "--games", type=_players, required=True, help="games to play (rounded up to whole seat rotations)"
    )
    tour.add_argument("--seed", type=_seed, default=1)
    tour.add_argument("--jobs", type=_players, default=1, help="worker processes (default 1)")
    tour.add_argument("--json", action="store_true", help="print one JSON object")


def _add_learn(commands: argparse._SubParsersAction) -> None:
    """`learn`: the guided first game of one game, in the window."""
    learn = commands.add_parser("learn", help="learn a game by playing a short guided game in the window")
    learn.add_argument("--game", choices=registry.ids(), required=True)
    learn.add_argument(
        "--autoplay", action="store_true", help="click each step's target by itself: a walkthrough to watch"
    )
    learn.add_argument("--exit-at-end", action="store_true", help="exit with status 0 when the guided game is over")
    _play_options(learn)


def _run_tournament(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from game.ai import AGENT_NAMES
    from game.tools import tournament

    agents = [name.strip() for name in args.agents.split(",")]
    unknown = [name for name in agents if name not in AGENT_NAMES]
    if unknown:
        parser.error(f"--agents: unknown agent {unknown[0]!r} (choose from {', '.join(AGENT_NAMES)})")
    _check_players(parser, args.game, args.players)
    if len(agents) != args.players:
        parser.error(f"--agents: give one agent per seat ({args.players}), not {len(agents)}")
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    return tournament.main(args.game, args.players, agents, args.games, args.seed, args.jobs, args.json)


def main(argv: list[str] | None = None) -> int:
    from game.tools import console

    console.ensure_output(sys.argv[1:] if argv is None else argv)  # windowed builds have no stdout
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0].lower().startswith("fireside://"):  # an invite clicked (the desktop entry's %u, the .app's URL)
        argv = ["join", *argv]
    args = parser.parse_args(argv)
    if args.lang:  # the window commands also weigh the saved setting (game.app.shell.main)
        i18n.set_language(args.lang)
    if args.self_test:
        from game.tools import selftest

        return selftest.main()
    if args.install_desktop_entry or args.remove_desktop_entry:
        from game.tools import desktop_entry

        return desktop_entry.main(uninstall=args.remove_desktop_entry)
    command = args.command or "play"
    if command in ("play", "demo"):
        args.setup = _coded_setup(args)  # a bad code is said before any window opens
    if command == "learn" and (why := learn_scripts.no_lesson(args.game)) is not None:
        parser.error(why)  # a game without a guided game: one clear line, before any window
    if command == "join":
        args.target = _join_target(parser, args)  # a bad address or code is said before any window opens
        if args.computer is not None:
            return _join_computer(args)
    if command in ("play", "demo", "learn", "join"):
        return _window(parser, args)
    given = [f"--{name}" for name in WINDOW_DEFAULTS if name in vars(args)]
    if given:
        parser.error(
            _("{option} is for the window (play or demo), not {command}").format(option=given[0], command=command)
        )
    return _headless(parser, args, command)


def _window(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """The window commands; a missing asset or no display is one clear line."""
    import game.app  # noqa: F401, I001 - before pygame: it hides pygame's banner
    import pygame

    from game.app.look.assets import AssetError
    from game.app.look.integrity import DamagedAsset

    try:
        return _open_window(parser, args)
    except DamagedAsset as exc:  # already the one line a player reads
        print(f"fireside: {exc}", file=sys.stderr)
    except AssetError as exc:
        print(
            _("fireside: a game file is missing, so the table cannot open: {reason}").format(reason=exc),
            file=sys.stderr,
        )
    except pygame.error as exc:
        print(_("fireside: cannot open the window ({reason}). Is there a display?").format(reason=exc), file=sys.stderr)
    return 1


def _open_window(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from game.app.look.art import check_bundled

    check_bundled()  # a damaged font or drawing is named now, never a crash inside SDL later
    for name, default in WINDOW_DEFAULTS.items():
        vars(args).setdefault(name, default)
    if not args.fullscreen:
        args.size = _fit_screen(args.size)
    if args.command == "demo":
        from game.app.shell.main import demo

        _check_players(parser, args.game, args.players)
        if args.save and not _folder_exists(args.save):  # never made on the way: a typo stays a typo
            parser.error(
                _("--save: there is no folder {folder}").format(
                    folder=_shown(os.path.dirname(os.path.abspath(args.save)))
                )
            )
        return demo(
            args.game,
            args.players,
            args.seed,
            args.speed,
            args.exit_at_end,
            args.size,
            args.fullscreen,
            save_to=args.save,
            lang=args.lang,
            setup=args.setup,
        )
    if args.command == "join":
        return _join_window(args)
    if args.command == "learn":
        from game.app.shell.main import learn

        return learn(args.game, args.autoplay, args.exit_at_end, args.size, args.fullscreen, lang=args.lang)
    from game.app.shell.main import play

    return play(args.size, args.fullscreen, getattr(args, "first_frame_exit", False), lang=args.lang, setup=args.setup)


def _join_window(args: argparse.Namespace) -> int:
    """`fireside join`: the window opens on the Join screen, already dialling the table."""
    from game.app.shell.app import App
    from game.persist.logs import setup_logging
    from game.persist.settings import load_settings

    setup_logging()
    settings = load_settings()
    i18n.set_language(i18n.choose_language(args.lang, settings.language))
    app = App(args.size, settings, fullscreen=args.fullscreen or settings.fullscreen)
    app.make_room()
    app.routes.title()
    url, code = args.target
    app.routes.join_table(url=url, code=code, name=args.name, watch=args.watch, dial=True)
    return app.run()


def _folder_exists(file: str) -> bool:
    try:
        return os.path.isdir(os.path.dirname(os.path.abspath(file)))
    except (OSError, ValueError):
        return False


def _check_save(file: str) -> int:
    """`check-save FILE`: 0 and a one-line summary if it loads and replays, else 2 and the reason."""
    from game.common.printable import printable
    from game.persist.savefile import SaveError, load

    try:
        match = load(file)
    except SaveError as exc:  # one line, short, nothing a terminal cannot print
        print(_("fireside: {file}: {reason}").format(file=printable(file), reason=exc), file=sys.stderr)
        return 2
    state = match.state
    status = _("finished") if state.is_over else _("round {n}, in progress").format(n=getattr(state, "round_number", 1))
    print(
        _("{file}: ok: {game}, {players} players, {moves} moves, {status}").format(
            file=printable(file),
            game=match.module.NAME,
            players=len(match.seats),
            moves=len(match.moves),
            status=status,
        )
    )
    return 0


def _headless(parser: argparse.ArgumentParser, args: argparse.Namespace, command: str) -> int:
    if command == "check-save":
        return _check_save(args.file)
    if command == "bench":
        from game.tools import bench

        return bench.main(as_json=args.json, seconds=args.seconds)
    if command == "tournament":
        return _run_tournament(parser, args)
    if command == "deal-code":
        return _print_deal_code(args)
    if command == "review":
        return _review(args)
    if command == "hint":
        return hint_cmd.run(args)
    if command == "host":
        return _host(parser, args)
    if command == "net-bench":
        return _net_bench(args)
    if command == "relay":
        return relay_cli.run(parser, args)
    if command == "relay-bench":
        return relay_cli.run_bench(parser, args)
    if command == "play-text":
        import random

        from game.tools import textplay

        seed = args.seed if args.seed is not None else random.randrange(1_000_000)
        _check_players(parser, args.game, args.players)
        if not 0 <= args.seat < args.players:
            parser.error(f"--seat must be from 0 to {args.players - 1}")
        try:
            return textplay.play(args.game, args.players, seed, args.seat)
        except KeyboardInterrupt:
            print("\nGoodbye.")
            return 130
        except BrokenPipeError:  # output piped into a program that stopped reading
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open until exit
            return 0
    parser.error(f"unknown command {command!r}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
