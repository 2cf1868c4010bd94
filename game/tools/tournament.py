"""`python -m game tournament`: agents against each other on duplicate deals.

Every deal (one game seed) is played once per rotation of the agents over
the seats, so each agent holds every seat of every deal and luck of the deal
cancels out.  Per agent name we report:

- `win_share`: per seat, averaged over the seats it held (a win shared by k
  players counts 1/k), so par is 1/players;
- `ci95`: a normal-approximation 95% interval for that share, treating each
  deal (all its rotations together) as one independent observation, since
  games on the same deal are not independent;
- `mean_score`, and think time per decision (median and p95, in ms).
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TextIO

from game import rules
from game.ai import make_agent


@dataclass
class DealResult:
    """One deal played in every rotation: per rotation, seat -> agent name,
    final scores and winners; and every think time, per agent name."""

    deal: int
    seats: list[list[str]]
    scores: list[list[int]]
    winners: list[list[int]]
    think_ms: dict[str, list[float]] = field(default_factory=dict)


def game_seed(seed: int, deal: int) -> int:
    return seed * 1_000_003 + deal


def agent_seed(seed: int, deal: int, rotation: int, seat: int) -> int:
    return (seed * 1_000_003 + deal) * 64 + rotation * 8 + seat


def play_deal(game_id: str, players: int, agents: list[str], seed: int, deal: int) -> DealResult:
    """Play one deal once per rotation of `agents` over the seats."""
    module = rules.get(game_id)
    result = DealResult(deal, [], [], [])
    clock = time.perf_counter
    for rotation in range(players):
        names = [agents[(seat + rotation) % players] for seat in range(players)]
        seated = [make_agent(name, agent_seed(seed, deal, rotation, s)) for s, name in enumerate(names)]
        state = module.new_game(players, game_seed(seed, deal))
        while not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            begin = clock()
            move = seated[seat].choose(view)
            result.think_ms.setdefault(names[seat], []).append((clock() - begin) * 1000)
            state = state.apply(move)
        result.seats.append(names)
        result.scores.append(state.scores())
        result.winners.append(state.winners())
    return result


def _play_deal_args(args: tuple) -> DealResult:
    return play_deal(*args)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = (len(ordered) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summarize(game_id: str, players: int, agents: list[str], deals: list[DealResult]) -> dict:
    """The JSON result of a run (see the module docstring for each figure)."""
    names = list(dict.fromkeys(agents))
    out = []
    for name in names:
        per_deal = []
        scores = []
        think: list[float] = []
        for deal in deals:
            shares = []
            for seats, totals, winners in zip(deal.seats, deal.scores, deal.winners):
                for seat, held in enumerate(seats):
                    if held != name:
                        continue
                    shares.append(1 / len(winners) if seat in winners else 0.0)
                    scores.append(totals[seat])
            per_deal.append(sum(shares) / len(shares))
            think.extend(deal.think_ms.get(name, ()))
        share = sum(per_deal) / len(per_deal)
        if len(per_deal) > 1:
            half = 1.96 * statistics.stdev(per_deal) / math.sqrt(len(per_deal))
            ci = [max(0.0, share - half), min(1.0, share + half)]
        else:
            ci = [0.0, 1.0]
        out.append(
            {
                "name": name,
                "win_share": round(share, 4),
                "ci95": [round(ci[0], 4), round(ci[1], 4)],
                "mean_score": round(sum(scores) / len(scores), 2),
                "think_ms_median": round(_percentile(think, 0.5), 2),
                "think_ms_p95": round(_percentile(think, 0.95), 2),
            }
        )
    return {
        "game": game_id,
        "players": players,
        "games": sum(len(d.seats) for d in deals),
        "agents": out,
    }


def _progress(done: int, total: int, started: float, stream: TextIO) -> None:
    width = 30
    filled = width * done // total
    elapsed = time.perf_counter() - started
    eta = elapsed / done * (total - done) if done else 0.0
    stream.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} deals {elapsed:6.0f}s elapsed, ~{eta:.0f}s left"
    )
    if done == total:
        stream.write("\n")
    stream.flush()


def run(
    game_id: str,
    players: int,
    agents: list[str],
    games: int,
    seed: int,
    jobs: int = 1,
    progress: TextIO | None = None,
) -> dict:
    """Play ceil(games / players) deals, each in every seat rotation."""
    deal_count = max(1, -(-games // players))
    tasks = [(game_id, players, agents, seed, d) for d in range(deal_count)]
    started = time.perf_counter()
    deals: list[DealResult] = []

    def collect(results: Iterable[DealResult]) -> None:
        for result in results:
            deals.append(result)
            if progress is not None:
                _progress(len(deals), deal_count, started, progress)

    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            collect(pool.imap(_play_deal_args, tasks))
    else:
        collect(_play_deal_args(t) for t in tasks)
    deals.sort(key=lambda d: d.deal)
    return summarize(game_id, players, agents, deals)


def report(result: dict) -> str:
    rows = [
        (f"{result['game']}, {result['players']} players, {result['games']} games (par {1 / result['players']:.1%})"),
        (f"{'agent':<8} {'win share':>9} {'95% CI':>17} {'mean score':>11} {'think ms median':>16} {'p95':>8}"),
    ]
    for a in result["agents"]:
        rows.append(
            f"{a['name']:<8} {a['win_share']:>9.1%} "
            f"{'[' + format(a['ci95'][0], '.1%') + ', ' + format(a['ci95'][1], '.1%') + ']':>17} "
            f"{a['mean_score']:>11.1f} {a['think_ms_median']:>16.2f} {a['think_ms_p95']:>8.2f}"
        )
    return "\n".join(rows)


def main(
    game_id: str,
    players: int,
    agents: list[str],
    games: int,
    seed: int,
    jobs: int = 1,
    as_json: bool = False,
) -> int:
    result = run(game_id, players, agents, games, seed, jobs, progress=sys.stderr)
    print(json.dumps(result) if as_json else report(result))
    return 0
