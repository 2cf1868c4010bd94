"""`fireside relay`: its options (with how to run it behind a reverse proxy) and its run."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import ssl
import sys
from collections.abc import Callable, Coroutine
from typing import Any

from game.net.relay.limits import MAX_PAYLOAD, Limits

HELP = (
    """\
Run a relay: hosts dial out to it and register their table, friends reach the
table through it with the invite. The relay only forwards sealed messages by
table and line; it never sees a secret or a card.

Behind a reverse proxy with TLS (recommended for a public relay):
  run `fireside relay --bind 127.0.0.1 --port 8765 --behind-proxy` and let the
  proxy (Caddy, nginx) hold the certificate for your name and pass WebSocket
  upgrades to 127.0.0.1:8765. With --behind-proxy the relay counts its
  per-address limits by the X-Forwarded-For address the proxy adds, but only on
  connections that come from the proxy's own address (--proxy, default
  127.0.0.1 and ::1); anyone else's X-Forwarded-For is ignored.
  Caddy:  relay.example.org { reverse_proxy 127.0.0.1:8765 }
Without a proxy, give the relay the certificate itself: --tls-cert F --tls-key F.
Several relay machines behind one name share their tables through Redis: give
each the same --redis URL. Invites then read fireside://relay.example.org:443/...
Give them also one peer secret (FIRESIDE_RELAY_PEER_SECRET in the environment,
or --peer-secret; at least 16 characters) and the messages of a line that
crosses between instances go over a link between the two (--peer-port), Redis
keeping only the registry; without it they go through Redis pub/sub (slower).
The link proves the secret both ways before it carries anything: keep its port
on the relays' private network all the same.

Limits are per address. Instances sharing one --redis count the open lines and
tables of an address across all of them; the messages and bytes per second are
per instance (Redis is never asked on the way of a message). A host sends one
message per friend per move, so an
address whose host line holds a table may send (1 + the friend lines open at
that table) times --messages-per-second and --bytes-per-second (counting at
most %d friend lines a table); a friend's address gets the plain limits.
"""
    % Limits().host_friend_lines
)


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    relay = commands.add_parser(
        "relay",
        help="run a relay that hosts dial out to and friends reach with an invite",
        description=HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    relay.add_argument("--bind", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    relay.add_argument("--port", type=int, default=8765, help="the port to listen on (default 8765)")
    relay.add_argument(
        "--redis",
        default=None,
        metavar="URL",
        help="share tables with other relay instances through this Redis, e.g. redis://127.0.0.1:6379/0",
    )
    peer = relay.add_argument_group("links between relay instances (with --redis)")
    peer.add_argument(
        "--peer-secret",
        default=None,
        metavar="SECRET",
        help="the secret every instance shares for its links (at least 16 characters); better in the"
        " environment: FIRESIDE_RELAY_PEER_SECRET (a command line is visible to the machine's other users)",
    )
    peer.add_argument(
        "--peer-port", type=int, default=0, metavar="N", help="the port the link listens on (default: any free port)"
    )
    peer.add_argument(
        "--peer-bind", default=None, metavar="ADDRESS", help="the address the link listens on (default: --bind)"
    )
    peer.add_argument(
        "--peer-address",
        default=None,
        metavar="HOST[:PORT]",
        help="the address the other instances dial for this one's link (default: the --peer-bind address,"
        " or this machine's own address when bound to every interface)",
    )
    relay.add_argument("--tls-cert", default=None, metavar="FILE", help="TLS certificate chain (PEM), for wss://")
    relay.add_argument("--tls-key", default=None, metavar="FILE", help="the certificate's private key (PEM)")
    relay.add_argument(
        "--behind-proxy",
        action="store_true",
        help="a reverse proxy terminates TLS in front: trust its X-Forwarded-For for the per-address limits"
        " (only on connections from --proxy)",
    )
    relay.add_argument(
        "--proxy",
        action="append",
        default=None,
        metavar="ADDRESS",
        help="the reverse proxy's address, repeatable (default 127.0.0.1 and ::1); needs --behind-proxy",
    )
    relay.add_argument(
        "--hash-addresses", action="store_true", help="write addresses to the log hashed (with a salt kept in memory)"
    )
    relay.add_argument("--quiet", action="store_true", help="log only warnings")
    limits = relay.add_argument_group("limits per address (a relay behind a proxy counts the proxy's X-Forwarded-For)")
    defaults = Limits()
    limits.add_argument(
        "--lines-per-address",
        type=int,
        default=defaults.lines_per_address,
        metavar="N",
        help=f"open lines, hosts and friends (default {defaults.lines_per_address})",
    )
    limits.add_argument(
        "--tables-per-address",
        type=int,
        default=defaults.tables_per_address,
        metavar="N",
        help=f"tables registered (default {defaults.tables_per_address})",
    )
    limits.add_argument(
        "--messages-per-second",
        type=float,
        default=defaults.messages_per_second,
        metavar="N",
        help=f"messages sent, on average; twice as many at once; a host's address: x (1 + its friend lines)"
        f" (default {defaults.messages_per_second:g})",
    )
    limits.add_argument(
        "--bytes-per-second",
        type=float,
        default=defaults.bytes_per_second,
        metavar="N",
        help=f"bytes sent, on average; twice as many at once; a host's address: x (1 + its friend lines)"
        f" (default {int(defaults.bytes_per_second)})",
    )


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """One clear line for options that do not go together."""
    if bool(args.tls_cert) != bool(args.tls_key):
        parser.error("relay: --tls-cert and --tls-key go together")
    if args.tls_cert and args.behind_proxy:
        parser.error("relay: either --tls-cert/--tls-key (the relay holds TLS) or --behind-proxy (the proxy does)")
    if args.proxy and not args.behind_proxy:
        parser.error("relay: --proxy needs --behind-proxy")
    for name in ("lines_per_address", "tables_per_address", "messages_per_second", "bytes_per_second"):
        if not getattr(args, name) > 0:
            parser.error(f"relay: --{name.replace('_', '-')} must be more than 0")
    if not 0 <= args.port <= 65535:
        parser.error(f"relay: {args.port} is not a port (0 to 65535)")
    if not 0 <= args.peer_port <= 65535:
        parser.error(f"relay: {args.peer_port} is not a port (0 to 65535)")
    from game.net.relay.peers import MIN_SECRET, secret_from, split_address

    secret = secret_from(args.peer_secret)
    if secret is not None and len(secret) < MIN_SECRET:
        parser.error(f"relay: the peer secret needs at least {MIN_SECRET} characters")
    if (args.peer_secret or args.peer_address or args.peer_bind or args.peer_port) and not args.redis:
        parser.error("relay: the --peer-... options link instances that share a --redis")
    if args.peer_address:
        try:
            split_address(args.peer_address)
        except ValueError as exc:
            parser.error(f"relay: --peer-address: {exc}")


def event_loop() -> tuple[Callable[[Coroutine[Any, Any, None]], None], str]:
    """(a runner for the relay's main coroutine, the event loop's name): uvloop when it is installed
    (the `relay` extra; it forwards a message with less CPU than asyncio's own loop), else asyncio's."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run, "asyncio (install uvloop, the `relay` extra, for less CPU per message)"

    def run_uvloop(main: Coroutine[Any, Any, None]) -> None:
        uvloop.run(main)

    return run_uvloop, f"uvloop {uvloop.__version__}"


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    check(parser, args)
    logging.basicConfig(
        level=logging.WARNING if args.quiet else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
        stream=sys.stderr,
    )
    tls: ssl.SSLContext | None = None
    if args.tls_cert:
        tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        try:
            tls.load_cert_chain(args.tls_cert, args.tls_key)
        except (OSError, ssl.SSLError) as exc:
            print(f"fireside relay: cannot load the certificate: {exc}", file=sys.stderr)
            return 2
    runner, loop_name = event_loop()
    if not args.quiet:
        print(f"Relay: event loop {loop_name}", file=sys.stderr, flush=True)
    try:
        runner(_serve(args, tls))
    except OSError as exc:
        print(f"fireside relay: cannot listen on {args.bind}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


async def _serve(args: argparse.Namespace, tls: ssl.SSLContext | None) -> None:
    stop = asyncio.Event()  # SIGTERM (systemd, a container's stop) and Ctrl-C: refuse every line "shutting_down"
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    from game.net.relay.server import Relay

    shared = None
    if args.redis:
        try:
            from game.net.relay.shared import Shared
        except ImportError:
            raise SystemExit("fireside relay: --redis needs the redis library: pip install 'fireside[relay]'") from None
        from game.net.relay.peers import secret_from

        shared = Shared(
            args.redis,
            peer_secret=secret_from(args.peer_secret),
            peer_bind=args.peer_bind or args.bind,
            peer_port=args.peer_port,
            peer_address=args.peer_address,
        )
    proxies = (args.proxy or ["127.0.0.1", "::1"]) if args.behind_proxy else []
    limits = Limits(
        lines_per_address=args.lines_per_address,
        unhelloed_per_address=min(args.lines_per_address, max(8, args.lines_per_address // 8)),
        tables_per_address=args.tables_per_address,
        messages_per_second=args.messages_per_second,
        messages_burst=2 * args.messages_per_second,
        bytes_per_second=args.bytes_per_second,
        bytes_burst=max(2 * args.bytes_per_second, 2 * (MAX_PAYLOAD + 4)),
        total_lines=max(Limits().total_lines, args.lines_per_address),
    )
    relay = Relay(limits, shared=shared, proxies=proxies, hash_addresses=args.hash_addresses)
    await relay.start(args.bind, args.port, tls)
    scheme = "wss" if tls else "ws"
    print(f"Relay: listening on {scheme}://{args.bind}:{relay.port}", flush=True)
    await stop.wait()
    await relay.close()


def add_bench_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    bench = commands.add_parser("relay-bench", help="T tables of opaque traffic through R relay processes")
    bench.add_argument("--tables", type=int, default=50)
    bench.add_argument("--clients", type=int, default=4, help="lines per table: a host and clients - 1 friends")
    bench.add_argument("--relays", type=int, default=2, help="relay processes (more than 1: sharing one Redis)")
    bench.add_argument("--pace", type=float, default=0.5, help="seconds between a friend's round trips")
    bench.add_argument(
        "--pacing",
        choices=("beat", "after-answer"),
        default="beat",
        help="a move every --pace seconds on each friend's own beat (default, as people at separate laptops)"
        " or a pause of --pace seconds after each answer (the friends then fall into step whenever a"
        " client process stalls)",
    )
    bench.add_argument("--seconds", type=float, default=10.0, help="how long the traffic runs")
    bench.add_argument("--workers", type=int, default=2, help="client processes (default 2)")
    bench.add_argument("--redis", default=None, metavar="URL", help="use this Redis (default: start one)")
    bench.add_argument("--memory", type=int, default=0, metavar="LINES", help="also trace the relay's memory")
    bench.add_argument(
        "--direct",
        choices=("host", "separate"),
        default="host",
        help="who answers the direct round trips: the hosts' own client process (default, the same load "
        "as the relayed ones) or a separate quiet echo process",
    )
    bench.add_argument(
        "--crossing",
        choices=("links", "redis"),
        default="links",
        help="how lines that cross between relays go: relay-to-relay links (default) or Redis pub/sub",
    )
    bench.add_argument(
        "--relay-nice",
        type=int,
        default=0,
        metavar="N",
        help="run the relay processes at this nice value (negative: before the clients; needs root), as if"
        " the relays had cores of their own; the verdict says so",
    )


def run_bench(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    import json

    if min(args.tables, args.relays, args.workers) < 1 or args.clients < 2 or args.pace < 0 or args.seconds <= 0:
        parser.error("relay-bench: --tables, --relays, --workers ≥ 1, --clients ≥ 2, --pace ≥ 0, --seconds > 0")
    from game.net.relay.bench import memory_per_line, run, verdict

    result = run(
        args.tables,
        args.clients,
        args.relays,
        args.pace,
        args.seconds,
        args.redis,
        workers=args.workers,
        direct=args.direct,
        crossing=args.crossing,
        relay_nice=args.relay_nice,
        pacing=args.pacing,
    )
    if args.memory:
        result["traced_memory"] = memory_per_line(args.memory)
    print(json.dumps(result, indent=2))
    print(verdict(result))
    return 0
