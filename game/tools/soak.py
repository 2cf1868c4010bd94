"""`python -m game.tools.soak --minutes 30`: all-computer games, headless, for a long
while, printing the process's memory every minute, to prove that it levels off.

A player leaves the table open for an evening; every cache of rendered text,
card faces, highlights and replayed history must stop growing at its cap.
The soak plays game after game through the real table (every game, player
count and language in turn, in a few window sizes), archives each finished
game into a throwaway history and reads the history listing (and, every
tenth game, the statistics) the way those screens do.  One line a minute: resident memory (MiB), games
played and the fullest caches.  Exit status 0; with --max-growth, 1 when the
last report is that many MiB above the report at a quarter of the run.

How memory is read: a single reading at a random instant says more about where
in a game the clock struck (a table's surfaces alive or not, freed heap not yet
handed back) than about what is kept, and swung by 20 MiB.  So after every game
the freed heap is handed back (`trim_heap`, as the app does between games) and
the resident size read; each report gives the median of the minute's readings.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.app.shell.app import App
    from game.match.match import Match

__all__ = ["main", "rss_mib", "settled_rss", "soak"]

SIZES = ((1280, 720), (1600, 900), (1024, 640), (1920, 1080))
LANGUAGES = ("en", "ko", "ca", "pa")
LEVELS = ("easy", "normal")
STATS_EVERY = 10  # games between two readings of the statistics (which replay every history file)
MAX_FRAMES = 200_000  # one game never runs longer than this (a stuck table is a failure)


def rss_mib() -> float:
    """Resident memory of this process in MiB (Linux: now; elsewhere: the peak)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)


def trim_heap() -> bool:
    """`game.lru.trim_heap` (kept here for the callers that know it by this name)."""
    from game.lru import trim_heap as trim

    return trim()


def settled_rss(trim: bool = True) -> float:
    """Resident MiB right after handing freed heap back (`trim` False: as it is):
    what the process keeps, not what it happens to hold at this instant."""
    if trim:
        trim_heap()
    return rss_mib()


def _games() -> Iterator[tuple[str, int, str, tuple[int, int], str]]:
    """(game, players, language, window size, level), cycling through every combination in turn."""
    from game import rules

    combos = [(g, n) for g in rules.GAME_IDS for n in rules.get(g).PLAYERS]
    for i in itertools.count():
        game_id, players = combos[i % len(combos)]
        yield (
            game_id,
            players,
            LANGUAGES[i % len(LANGUAGES)],
            SIZES[(i // 3) % len(SIZES)],
            LEVELS[(i // 2) % len(LEVELS)],
        )


def _play_one(app: App, game_id: str, players: int, level: str, seed: int) -> Match:
    """One all-computer game through the table, to its results; returns the match.
    The table opens by the router, the one way the app opens a table."""
    from game.app.scenes.results import ResultsScene
    from game.match.match import Match, Seat

    seats = [Seat(f"Computer {i + 1}", False, level) for i in range(players)]
    match = Match(game_id, seats, seed)
    app.routes.table(match, demo=True)
    for _frame in range(MAX_FRAMES):
        app.step(1 / 60, events=[], flip=False)
        if isinstance(app.stack.top, ResultsScene):
            for _shown in range(3):  # the results panel is drawn too
                app.step(1 / 60, events=[], flip=False)
            return match
    raise RuntimeError(f"{game_id} with {players} players did not end in {MAX_FRAMES} frames")


def _read_history(with_stats: bool) -> int:
    """What the History screen (and, `with_stats`, the Statistics screen) reads;
    the number of history files."""
    from game.persist import library, stats

    infos = library.list_history()
    for info in infos[:12]:  # the rows the History screen shows
        if info.error is None:
            library.shared_match(info.path)
    if with_stats:
        stats.load_stats()
    return len(infos)


def _cache_summary(top: int = 4) -> str:
    from game import lru

    rows = sorted(lru.report(), key=lambda r: (r["bytes"], r["items"]), reverse=True)[:top]
    return ", ".join(
        f"{r['name']} {r['items']}/{r['max_items']}"
        + (f" {r['bytes'] / 2**20:.1f}/{r['max_bytes'] / 2**20:.0f}MiB" if r["max_bytes"] else "")
        for r in rows
    )


def soak(
    seconds: float, every: float = 60.0, say: Callable[[str], None] = print, speed: str = "off", trim: bool = True
) -> list[dict[str, Any]]:
    """Play for `seconds`; one report (a dict, also said as a line) every `every` seconds and at the end.
    Each report's `rss_mib` is the median of the readings taken after each game
    of its interval (`settled_rss`; with `trim` False, without handing the heap
    back first); `rss_now_mib` is the instant's reading, for comparison."""
    from game import i18n, lru
    from game.app.shell.app import App, headless
    from game.persist import library
    from game.persist.settings import Settings

    headless()
    app = App(SIZES[0], Settings(speed=speed, muted=True))
    reports: list[dict[str, Any]] = []
    began = time.monotonic()
    next_report = began
    games = 0
    history = 0
    readings: list[float] = []  # settled_rss after each game since the last report

    def report() -> None:
        now = rss_mib()
        taken = readings or [settled_rss(trim)]  # no game ended in this interval (the first report)
        row: dict[str, Any] = {
            "minute": round((time.monotonic() - began) / 60, 2),
            "rss_mib": round(statistics.median(taken), 1),
            "rss_low_mib": round(min(taken), 1),
            "rss_high_mib": round(max(taken), 1),
            "readings": len(readings),
            "rss_now_mib": round(now, 1),
            "games": games,
            "history_files": history,
            "python_blocks": sys.getallocatedblocks(),
            "caches": lru.report(),
        }
        readings.clear()
        reports.append(row)
        say(
            f"{row['minute']:6.2f} min  RSS {row['rss_mib']:7.1f} MiB (median of {row['readings']}, "
            f"{row['rss_low_mib']:.1f}-{row['rss_high_mib']:.1f}; now {row['rss_now_mib']:.1f})  {games:5d} games  "
            f"{history:5d} in history  {row['python_blocks'] / 1e6:.2f}M Python blocks  {_cache_summary()}"
        )

    for seed, (game_id, players, lang, size, level) in enumerate(_games(), start=1):
        if time.monotonic() >= next_report:
            report()
            next_report += every
        if time.monotonic() - began >= seconds:
            break
        i18n.set_language(lang)
        if app.size != size:
            app.resize(size)
        match = _play_one(app, game_id, players, level, seed)
        games += 1
        library.archive(match)
        history = _read_history(with_stats=games % STATS_EVERY == 0)
        readings.append(settled_rss(trim))
    if reports[-1]["games"] != games:
        report()
    return reports


def write_reports(path: str, reports: list[dict[str, Any]]) -> None:
    """The reports as JSON at `path`, written as Fireside writes its own files:
    atomically and never through a link planted there (OSError then)."""
    from game.persist import atomic

    atomic.write_json(path, reports)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.soak", description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="how long to play (default 30)")
    parser.add_argument("--every", type=float, default=60.0, help="seconds between reports (default 60)")
    parser.add_argument("--speed", default="off", help="animation speed (default off: most games per minute)")
    parser.add_argument("--json", metavar="FILE", help="also write the reports there as JSON")
    parser.add_argument(
        "--trim",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="hand freed heap back (glibc) before each reading, as the app does between games (default);"
        " --no-trim reads it as it is",
    )
    parser.add_argument(
        "--max-growth",
        type=float,
        default=None,
        metavar="MIB",
        help="fail when memory grew more than this after the first quarter of the run",
    )
    args = parser.parse_args(argv)
    if not (args.minutes > 0 and args.every > 0):  # also rejects nan
        parser.error("--minutes and --every must be positive numbers")
    if args.json and os.path.islink(args.json):  # said now, not after the whole run
        parser.error(f"--json {args.json} is a link; the soak does not write through links")
    with tempfile.TemporaryDirectory(prefix="fireside-soak-") as home:
        os.environ["FIRESIDE_HOME"] = home  # never the player's own history
        reports = soak(args.minutes * 60, args.every, lambda line: print(line, flush=True), args.speed, args.trim)
    if args.json:
        try:
            write_reports(args.json, reports)
        except OSError as exc:
            print(f"soak: cannot write {args.json}: {exc.strerror or exc}", file=sys.stderr, flush=True)
            return 2
    if args.max_growth is not None and len(reports) >= 4:
        settled = reports[len(reports) // 4]["rss_mib"]
        grown = reports[-1]["rss_mib"] - settled
        print(f"grew {grown:.1f} MiB after minute {reports[len(reports) // 4]['minute']}", flush=True)
        if grown > args.max_growth:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
