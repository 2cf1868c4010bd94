"""The load bench runs to its end on loopback and says its numbers."""

from __future__ import annotations

from game.net import bench


def test_the_bench_plays_a_few_tables_and_reports_round_trips_cpu_and_memory():
    result = bench.run(3, clients=3, moves=15, timeout=60)
    assert result["tables"] == 3 and result["clients"] == 9
    assert result["moves"] >= 3 * 15
    assert 0 < result["rtt_p50_ms"] <= result["rtt_p99_ms"] < 5000
    assert result["host_cpu_ms_per_move"] > 0 and len(result["rtt_p99_ms_by_fifth"]) == 5
