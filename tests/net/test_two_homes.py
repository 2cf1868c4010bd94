"""Two homes and the internet (issue 34, part 6): three network namespaces the
test makes (`ip netns`) and removes. Each home has one link to the "internet"
namespace and a default route through it, as a home router has; the internet
forwards nothing between its links, so the homes cannot reach each other. Two
relay processes and one redis-server run in the internet and share their
tables through Redis. A host in home1 and two friends in home2, one through
each relay, play a whole game of each game, and the test proves there is no
direct path between the homes while each reaches the relays. In the Sticheln
game a third friend sits in home1, on the host's own network: with the same
command as the others it connects directly, and the host's terminal says so
("... (direct)") while it says the home2 friends came "(through the relay)".

Every address is inside the test's own namespaces (10.200.0.0/24 the
internet's, 10.201.0.0/24 home1's link, 10.202.0.0/24 home2's); every wait and
every process is bounded. Needs root and `ip` (iproute2); skips plainly where
namespaces cannot be made. .ci/run runs it (as root)."""

from __future__ import annotations

import contextlib
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
PEER = Path(__file__).resolve().parent / "homes_peer.py"
STEP = 20.0  # the most one step of the set-up waits (s); never an assert on time
GAME = 300.0  # the most one whole game waits (s), on a shared 2-core machine

GATE1, HOME1 = "10.201.0.1", "10.201.0.2"  # the internet's end of home1's link, and home1
GATE2, HOME2 = "10.202.0.1", "10.202.0.2"
RELAY1, RELAY2 = "10.200.0.1", "10.200.0.2"  # the two relay machines' addresses, in the internet
RELAY_PORT = 8765
REDIS_PORT = 6379  # on the internet namespace's own 127.0.0.1
PEER_PORT = 8766  # the relays' links to each other (crossing lines go relay to relay, Redis is the registry)
PEER_SECRET = "the two relay machines' shared secret"
HOST_PORT = 47474  # the host's own port in home1 (it offers it to friends: they cannot reach it)
PROBE_PORT = 7000
GAMES = ("sticheln", "avalanche", "grinch")

# A TCP connect from inside a namespace: "open", or why not ("timeout", "ENETUNREACH", "ECONNREFUSED", ...).
PROBE = """
import errno, socket, sys
s = socket.socket()
s.settimeout(float(sys.argv[3]))
try:
    s.connect((sys.argv[1], int(sys.argv[2])))
    print("open")
except socket.timeout:
    print("timeout")
except OSError as exc:
    print(errno.errorcode.get(exc.errno, str(exc.errno)))
"""
# A listener in a home, so that "not reached" can only mean there is no path (a path would connect).
LISTEN = """
import socket, sys, time
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("0.0.0.0", int(sys.argv[1])))
s.listen(16)
print("listening", flush=True)
time.sleep(float(sys.argv[2]))
"""


class Process:
    """A process in a namespace; a thread reads its output (stdout and stderr
    together) line by line so every wait for a line is bounded."""

    def __init__(self, name: str, argv: list[str], env: dict[str, str]) -> None:
        self.name = name
        self.popen = subprocess.Popen(
            argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True, env=env
        )
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            self.lines.append(line.rstrip("\n"))
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def expect(self, pattern: str, timeout: float = STEP) -> re.Match[str]:
        """The first line from now on that matches `pattern` (re.search)."""
        while True:
            try:
                line = self._queue.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"{self.name}: no line like {pattern!r} in {timeout} s:\n{self.output}") from None
            if line is None:
                raise AssertionError(f"{self.name} ended without a line like {pattern!r}:\n{self.output}")
            found = re.search(pattern, line)
            if found:
                return found

    def saw(self, pattern: str, timeout: float = STEP) -> None:
        """A line that matches `pattern`, said already or coming (stdout and stderr may interleave)."""
        if not any(re.search(pattern, line) for line in list(self.lines)):
            self.expect(pattern, timeout)

    def finish(self, timeout: float) -> int:
        try:
            code = self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.stop()
            raise AssertionError(f"{self.name} did not end in {timeout} s:\n{self.output}") from None
        self._reader.join(5)
        return code

    def stop(self) -> None:
        if self.popen.poll() is None:
            self.popen.terminate()
            try:
                self.popen.wait(5)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                self.popen.wait(5)
        self._reader.join(5)

    @property
    def output(self) -> str:
        return "\n".join(self.lines[-60:])


@dataclass
class Internet:
    """The three namespaces, and what runs in the internet one."""

    tag: str
    home: Path
    processes: list[Process] = field(default_factory=list)
    relays: list[Process] = field(default_factory=list)

    def ns(self, where: str) -> str:
        return f"fs-{self.tag}-{where}"

    @property
    def names(self) -> list[str]:
        return [self.ns(w) for w in ("home1", "home2", "net")]

    # -- the namespaces -------------------------------------------------------------------------

    def ip(self, *args: str) -> None:
        done = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=STEP)
        if done.returncode != 0:
            raise RuntimeError(f"ip {' '.join(args)}: {done.stderr.strip() or done.returncode}")

    def make(self) -> None:
        for name in self.names:
            self.ip("netns", "add", name)
        net = self.ns("net")
        for n, (home, gate, address) in enumerate(((self.ns("home1"), GATE1, HOME1), (self.ns("home2"), GATE2, HOME2))):
            peer = f"home{n + 1}"  # the link's end in the internet namespace
            self.ip("-n", home, "link", "add", "eth0", "type", "veth", "peer", "name", peer, "netns", net)
            self.ip("-n", home, "addr", "add", f"{address}/24", "dev", "eth0")
            self.ip("-n", net, "addr", "add", f"{gate}/24", "dev", peer)
            self.ip("-n", home, "link", "set", "eth0", "up")
            self.ip("-n", net, "link", "set", peer, "up")
            self.ip("-n", home, "link", "set", "lo", "up")
            self.ip("-n", home, "route", "add", "default", "via", gate)  # as behind a home router
        for relay in (RELAY1, RELAY2):  # the relay machines: addresses of the internet itself
            self.ip("-n", net, "addr", "add", f"{relay}/32", "dev", "lo")
        self.ip("-n", net, "link", "set", "lo", "up")
        # New namespaces take IPv4's forwarding from the machine's own: the internet forwards nothing here.
        for knob in ("/proc/sys/net/ipv4/ip_forward", "/proc/sys/net/ipv6/conf/all/forwarding"):
            self.run("net", "sh", "-c", f"echo 0 > {knob}")
            assert self.run("net", "cat", knob).strip() == "0", knob

    def remove(self) -> None:
        for name in self.names:
            subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=STEP)

    # -- running things in them -----------------------------------------------------------------

    def argv(self, where: str, *command: str) -> list[str]:
        return ["ip", "netns", "exec", self.ns(where), *command]

    def env(self, who: str) -> dict[str, str]:
        home = self.home / who
        home.mkdir(exist_ok=True)
        return dict(os.environ, FIRESIDE_HOME=str(home), PYTHONPATH=str(ROOT), LANGUAGE="en")

    def run(self, where: str, *command: str, timeout: float = STEP) -> str:
        done = subprocess.run(
            self.argv(where, *command), capture_output=True, text=True, timeout=timeout, env=self.env("run")
        )
        assert done.returncode == 0, f"{command} in {where}: {done.stderr}"
        return done.stdout

    def start(self, where: str, who: str, *command: str) -> Process:
        process = Process(f"{who} in {where}", self.argv(where, *command), self.env(who))
        self.processes.append(process)
        return process

    def fireside(self, where: str, who: str, *args: str) -> Process:
        return self.start(where, who, sys.executable, "-m", "game", "--lang", "en", *args)

    def probe(self, where: str, address: str, port: int, timeout: float = 1.0) -> str:
        """Whether a TCP connect from `where` reaches address:port: "open" or why not."""
        return self.run(where, sys.executable, "-c", PROBE, address, str(port), str(timeout)).strip()

    @contextlib.contextmanager
    def scope(self) -> Iterator[None]:
        """What the block starts ends with it, even when it fails (the next test's host takes the same port)."""
        before = len(self.processes)
        try:
            yield
        finally:
            for process in reversed(self.processes[before:]):
                process.stop()
            del self.processes[before:]

    def stop_all(self) -> None:
        for process in reversed(self.processes):
            process.stop()
        self.processes.clear()


def _remove_stale_namespaces() -> None:
    """Namespaces an earlier run left (its process killed before its clean-up) are removed."""
    listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True, timeout=STEP).stdout
    for match in re.finditer(r"^(fs-(\d+)-(?:home1|home2|net))\b", listed, re.M):
        pid = int(match.group(2))
        if pid != os.getpid() and not Path(f"/proc/{pid}").exists():
            inside = subprocess.run(
                ["ip", "netns", "pids", match.group(1)], capture_output=True, text=True, timeout=STEP
            )
            for left in inside.stdout.split():  # its relays and Redis, still running in it
                with contextlib.suppress(OSError, ValueError):
                    os.kill(int(left), signal.SIGKILL)
            subprocess.run(["ip", "netns", "del", match.group(1)], capture_output=True, timeout=STEP)


def _why_not() -> str | None:
    """Why this machine cannot make the homes (None: it can)."""
    if not sys.platform.startswith("linux"):
        return "network namespaces are Linux's"
    if os.geteuid() != 0:
        return "making network namespaces needs root (.ci/run runs as root)"
    if shutil.which("ip") is None:
        return "`ip` (iproute2) is not installed: apt-get install -y iproute2"
    if shutil.which("redis-server") is None:
        return "redis-server is not installed (.ci/run installs it: apt-get install -y redis-server)"
    try:
        import redis  # noqa: F401
    except ImportError:
        return "the redis library is not installed (pip install -e '.[test]')"
    return None


@pytest.fixture(scope="module")
def internet(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Internet]:
    why = _why_not()
    if why:
        pytest.skip(why)
    _remove_stale_namespaces()
    world = Internet(str(os.getpid()), tmp_path_factory.mktemp("two-homes"))
    try:
        try:
            world.make()
        except RuntimeError as exc:  # a container without the right to make namespaces, say
            pytest.skip(f"network namespaces cannot be made here: {exc}")
        redis = world.start(
            "net",
            "redis",
            shutil.which("redis-server") or "redis-server",
            "--bind",
            "127.0.0.1",
            "--port",
            str(REDIS_PORT),
            "--save",
            "",
            "--appendonly",
            "no",
        )
        redis.expect(r"[Rr]eady to accept connections")
        shared = f"redis://127.0.0.1:{REDIS_PORT}/0"
        for n, address in enumerate((RELAY1, RELAY2), 1):
            relay = world.fireside(
                "net",
                f"relay{n}",
                "relay",
                "--bind",
                address,
                "--port",
                str(RELAY_PORT),
                "--redis",
                shared,
                "--peer-secret",
                PEER_SECRET,
                "--peer-port",
                str(PEER_PORT),
            )
            world.relays.append(relay)
            relay.expect(rf"^Relay: listening on ws://{re.escape(address)}:{RELAY_PORT}$")
            relay.saw(rf"other instances dial {re.escape(address)}:{PEER_PORT}")
            relay.saw(r"shared: Redis reached")
        yield world
    finally:
        world.stop_all()
        world.remove()


@pytest.fixture(autouse=True)
def _each_test_ends_what_it_started(internet: Internet) -> Iterator[None]:
    with internet.scope():
        yield


@contextlib.contextmanager
def listening(world: Internet, where: str, port: int) -> Iterator[None]:
    """A plain TCP listener on every address of `where` for the block."""
    listener = world.start(where, f"listener {port}", sys.executable, "-c", LISTEN, str(port), str(STEP * 3))
    try:
        listener.expect("^listening$")
        yield
    finally:
        listener.stop()
        world.processes.remove(listener)


def test_each_home_reaches_the_relays_and_neither_reaches_the_other(internet: Internet) -> None:
    with listening(internet, "home1", PROBE_PORT), listening(internet, "home2", PROBE_PORT):
        # each listener is up, and its address is routed: its own home and the internet side reach it
        for home, address in (("home1", HOME1), ("home2", HOME2)):
            assert internet.probe(home, address, PROBE_PORT) == "open"
            assert internet.probe("net", address, PROBE_PORT) == "open"
        # the other home does not: no connection, and not even a refusal (a refusal would be a path)
        assert internet.probe("home2", HOME1, PROBE_PORT) in ("timeout", "EHOSTUNREACH", "ENETUNREACH")
        assert internet.probe("home1", HOME2, PROBE_PORT) in ("timeout", "EHOSTUNREACH", "ENETUNREACH")
    for home in ("home1", "home2"):
        for relay in (RELAY1, RELAY2):
            assert internet.probe(home, relay, RELAY_PORT) == "open", (home, relay)


def test_opaque_frames_cross_from_one_home_to_the_other_through_both_relays(internet: Internet) -> None:
    table = "twohomestable234"  # 16 base32 characters, as an invite's table id is
    host = internet.start(
        "home1", "peer host", sys.executable, str(PEER), "host", f"ws://{RELAY1}:{RELAY_PORT}", table, "2"
    )
    host.expect("^registered$")
    friends = []
    for relay in (RELAY1, RELAY2):  # relay2 holds no such table: Redis brings the line across to relay1
        friends.append(
            internet.start(
                "home2",
                f"peer friend via {relay}",
                sys.executable,
                str(PEER),
                "friend",
                f"ws://{relay}:{RELAY_PORT}",
                table,
                f"hello from home2 via {relay}",
            )
        )
    for friend, relay in zip(friends, (RELAY1, RELAY2)):
        assert friend.finish(60) == 0, friend.output
        assert friend.lines[-1] == f"echo from home1: hello from home2 via {relay}"
    host.expect("^echoed 2$")
    assert host.finish(60) == 0, host.output


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_from_one_home_to_the_other_through_the_relays(internet: Internet, game: str) -> None:
    """`fireside host --relay` in home1 (a computer at one seat, two open), and two
    `fireside join INVITE --computer normal` in home2: one with the invite as it is
    (relay1), one with it pointed at relay2 (the same table, through Redis). The
    host offers its own address; the friends cannot reach it and go on through the relays.
    In Sticheln a fourth seat is open for Cy in home1 (the host's network), with the
    same command and the same invite as Ana: Cy reaches the host's address and plays
    directly. Nobody chooses a way; the host's terminal says which way each came."""
    near = game == "sticheln"  # one whole game with a friend at home is enough
    seats = "open,open,open,normal" if near else "open,open,normal"
    relay1, relay2 = internet.relays
    before = [len(relay1.lines), len(relay2.lines)]
    host = internet.fireside(
        "home1",
        f"host of {game}",
        "host",
        "--game",
        game,
        "--players",
        str(seats.count(",") + 1),
        "--seats",
        seats,
        "--bind",
        "0.0.0.0",
        "--port",
        str(HOST_PORT),
        "--relay",
        f"ws://{RELAY1}:{RELAY_PORT}",
    )
    invite = host.expect(r"^Invite: (fireside://\S+)$").group(1)
    secret = invite.split("#", 1)[1]
    assert f"{RELAY1}:{RELAY_PORT}" in invite
    other = invite.replace(f"{RELAY1}:{RELAY_PORT}", f"{RELAY2}:{RELAY_PORT}", 1)
    assert other != invite
    assert any(f"fireside join {HOME1}:{HOST_PORT} " in line for line in host.lines), host.output  # its offer
    # the host's own port is there (home1 reaches it) but not from the other home
    assert internet.probe("home1", HOME1, HOST_PORT) == "open"
    assert internet.probe("home2", HOME1, HOST_PORT) in ("timeout", "EHOSTUNREACH", "ENETUNREACH")
    who = [("Ana", invite, "home2"), ("Bo", other, "home2")] + ([("Cy", invite, "home1")] if near else [])
    friends = [
        internet.fireside(home, f"friend {name} in {home}", "join", link, "--computer", "normal", "--name", name)
        for name, link, home in who
    ]
    for friend in friends:
        assert friend.finish(GAME) == 0, friend.output
        assert "Game over." in friend.lines, friend.output
    assert host.finish(STEP) == 0, host.output
    assert any(line.startswith("Game over:") for line in host.lines), host.output
    # which way each came, as the host says it: home2 through the relays, home1 directly
    for name, _link, home in who:
        way = r"\(direct\)" if home == "home1" else r"\(through the relay\)"
        assert any(re.fullmatch(f"{name} joined seat [1-3] {way}", line) for line in host.lines), host.output
        assert not any(re.match(f"{name} joined seat", line) and not re.search(way, line) for line in host.lines)
    # the host and Ana dialled relay1, Bo relay2 (and got the table held on relay1)
    opened = [sum("connection open" in line for line in r.lines[n:]) for r, n in zip((relay1, relay2), before)]
    assert opened[0] >= 2 and opened[1] >= 1, (relay1.output, relay2.output)
    # Bo's line crossed from relay2 to relay1 over their peer link (not through Redis)
    assert any("peer link from instance" in line for line in relay1.lines), relay1.output
    for relay in internet.relays:  # neither relay ever wrote the secret (nor the invite) to its log
        said = "\n".join(relay.lines)
        assert secret not in said and invite not in said and PEER_SECRET not in said
