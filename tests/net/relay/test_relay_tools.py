"""`fireside relay` and `fireside relay-bench` from the command line, and the
relay's memory per line (tracemalloc, the clients in a process of their own)."""

from __future__ import annotations

import asyncio
import json
import shutil
import ssl
import subprocess
import sys
from pathlib import Path

import pytest
from relaykit import TABLE
from websockets.asyncio.client import connect

from game.net.relay import bench
from game.tools import cli


def test_relay_help_says_how_to_run_it_behind_a_reverse_proxy(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["relay", "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    for words in (
        "reverse proxy",
        "--behind-proxy",
        "X-Forwarded-For",
        "--tls-cert",
        "--redis",
        "reverse_proxy",
        "FIRESIDE_RELAY_PEER_SECRET",
        "--peer-port",
    ):
        assert words in out
    assert "(1 + the friend lines open at" in " ".join(out.split())  # a host's allowance


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--tls-cert", "c.pem"], "go together"),
        (["--tls-cert", "c.pem", "--tls-key", "k.pem", "--behind-proxy"], "either"),
        (["--proxy", "10.0.0.1"], "needs --behind-proxy"),
        (["--lines-per-address", "0"], "more than 0"),
        (["--port", "70000"], "not a port"),
        (["--redis", "redis://127.0.0.1:1/0", "--peer-secret", "too short"], "at least 16 characters"),
        (["--peer-secret", "sixteen or more characters"], "share a --redis"),
        (["--redis", "redis://127.0.0.1:1/0", "--peer-address", "[::1"], "--peer-address"),
    ],
)
def test_relay_options_that_do_not_go_together(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["relay", *argv])
    assert exit_.value.code == 2
    assert says in capsys.readouterr().err


def test_the_relay_process_starts_says_its_address_and_stops() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "relay", "--bind", "127.0.0.1", "--port", "0", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("Relay: listening on ws://127.0.0.1:"), line
    finally:
        proc.terminate()
        assert proc.wait(10) == 0


@pytest.mark.slow
def test_a_line_costs_the_relay_under_64_kib() -> None:
    result = bench.memory_per_line(1000)
    assert result["lines"] == 1000
    assert result["bytes_per_line"] <= 64 * 1024, result


@pytest.mark.slow
def test_the_relay_bench_runs_through_two_relays() -> None:
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (.ci/run installs it)")
    pytest.importorskip("redis", reason="the redis library is not installed (pip install -e '.[test]')")
    result = bench.run(tables=4, clients=4, relays=2, pace=0.05, seconds=1.0)
    assert result["lines"] == 16 and result["round_trips_relay"] > 0 and result["round_trips_direct"] > 0


def test_the_relay_holds_tls_itself(tmp_path: Path) -> None:
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl is not installed (it makes the test's certificate)")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        + ["-keyout", str(key), "-out", str(cert), "-days", "1", "-subj", "/CN=127.0.0.1"]
        + ["-addext", "subjectAltName=IP:127.0.0.1"],
        check=True,
        capture_output=True,
    )
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "game",
            "relay",
            "--port",
            "0",
            "--quiet",
            "--tls-cert",
            str(cert),
            "--tls-key",
            str(key),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("Relay: listening on wss://127.0.0.1:"), line
        port = int(line.rsplit(":", 1)[1])
        trust = ssl.create_default_context(cafile=str(cert))

        async def go() -> None:
            async with connect(f"wss://127.0.0.1:{port}", ssl=trust, open_timeout=5) as ws:
                await ws.send(json.dumps({"relay": 1, "role": "host", "table": TABLE}))
                assert json.loads(await asyncio.wait_for(ws.recv(), 5)) == {"ok": "host", "table": TABLE}

        asyncio.run(go())
    finally:
        proc.terminate()
        assert proc.wait(10) == 0


def test_a_certificate_that_cannot_be_read_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "nope.pem")
    assert cli.main(["relay", "--port", "0", "--tls-cert", missing, "--tls-key", missing]) == 2
    assert "cannot load the certificate" in capsys.readouterr().err


def test_the_bench_verdict_holds_the_issue_numbers() -> None:
    result = {
        "tables": 500,
        "clients": 4,
        "relays": 2,
        "pace_s": 0.5,
        "relay_p99_ms": 30.0,
        "direct_p99_ms": 21.0,
        "relay_rss_kib_per_line": 20.0,
        "direct_from": "host",
        "errors": 0,
    }
    line = bench.verdict(result)
    assert line.startswith("verdict: MET") and "+9.0 ms" in line and "not the issue's setting" not in line
    assert bench.verdict({**result, "relay_p99_ms": 31.5}).startswith("verdict: NOT MET")
    assert bench.verdict({**result, "relay_rss_kib_per_line": 65.0}).startswith("verdict: NOT MET")
    assert bench.verdict({**result, "errors": 1}).startswith("verdict: NOT MET")
    assert "not the issue's setting" in bench.verdict({**result, "tables": 50})
    assert "as if on cores of their own" in bench.verdict({**result, "relay_nice": -5})
    assert "via links" in bench.verdict({**result, "crossing": "links"})
    assert "pause after each answer" in bench.verdict({**result, "pacing": "after-answer"})
    assert "pause" not in bench.verdict({**result, "pacing": "beat"})


def test_the_bench_refuses_a_pacing_it_does_not_know() -> None:
    with pytest.raises(ValueError, match="pacing"):
        bench.run(tables=1, clients=2, relays=1, pacing="whenever")
