"""Fuzzing the loader: thousands of damaged copies of real saves.

Every mutated file must either load (and then replay and save again) or be
refused with a one-line SaveError -- never any other exception.  Seeded, so
a failure names the case that reproduces it.
"""

from __future__ import annotations

import copy
import json
import random
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import pytest
from persist_helpers import new_match, play

from game.persist import library, savefile
from game.persist.errors import SaveError

CASES_PER_KIND = 700  # three kinds: 2,100 files in all

# Values a hand edit or bit rot might leave in a field.
ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    7,
    2**70,
    -(2**70),
    0.5,
    1e308,
    "",
    "x",
    "normal",
    "sticheln",
    "grinch",
    "play red 4",
    "draw",
    "score rainbow",
    "snowfall",
    [],
    [1],
    [[0, "draw"]],
    {},
    {"name": "A", "human": True},
    {"rounds": 1},
    "1970-01-01T00:00:00+00:00",
]
WORDS = [
    "play",
    "pain",
    "draw",
    "take",
    "discard",
    "score",
    "snowfall",
    "red",
    "grey",
    "yellow",
    "rainbow",
    "run",
    "W1a",
    "P6b",
    "Q",
    "Joker",
    "0",
    "1",
    "4",
    "14",
    "99",
    "-1",
    "",
]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FIRESIDE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@lru_cache(maxsize=None)
def base_files() -> tuple[bytes, ...]:
    """Real saves: every game, mid-game and finished, with and without options."""
    made = []
    for number, (game_id, players, moves, options) in enumerate(
        [
            ("sticheln", 3, 25, {}),
            ("sticheln", 4, None, {"rounds": 1}),
            ("sticheln", 5, 60, {"zero_trick": "leader_takes"}),
            ("avalanche", 2, None, {}),
            ("avalanche", 5, 30, {}),
            ("grinch", 2, None, {}),
            ("grinch", 4, 40, {}),
            ("grinch", 6, 10, {}),
        ]
    ):
        match = play(new_match(game_id, players, number, **options), random.Random(number), moves)
        made.append(json.dumps(savefile.to_data(match), indent=1).encode())
    return tuple(made)


def check(raw: bytes, path: Path, case: str) -> str:
    """Load `raw`; returns "loaded" or "refused".  Anything else fails the test, naming the case."""
    path.write_bytes(raw)
    try:
        match = savefile.load(path)
    except SaveError as exc:
        text = str(exc)
        assert text and "\n" not in text and len(text) < 400, f"{case}: bad message {text!r}"
        return "refused"
    except Exception as exc:  # noqa: BLE001 - this is what the test is looking for
        pytest.fail(f"{case}: {type(exc).__name__}: {exc}")
    # It loaded: it must have replayed, and save and load again to the same game.
    again = savefile.from_data(savefile.to_data(match))
    assert again.state == match.state and len(again._states) == len(match.moves) + 1, case
    return "loaded"


# -- byte-level damage ------------------------------------------------------------------
def flip_bytes(raw: bytes, rng: random.Random) -> bytes:
    data = bytearray(raw)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(data))
        data[at] ^= 1 << rng.randrange(8)
    return bytes(data)


def truncate(raw: bytes, rng: random.Random) -> bytes:
    return raw[: rng.randrange(len(raw))]


def splice(raw: bytes, rng: random.Random) -> bytes:
    """Drop, repeat or insert a run of bytes (a torn or doubled write)."""
    at = rng.randrange(len(raw))
    size = rng.randint(1, 64)
    choice = rng.randrange(3)
    if choice == 0:
        return raw[:at] + raw[at + size :]
    if choice == 1:
        return raw[:at] + raw[at : at + size] + raw[at:]
    return raw[:at] + bytes(rng.randrange(256) for _ in range(size)) + raw[at:]


BYTE_DAMAGE: list[Callable[[bytes, random.Random], bytes]] = [flip_bytes, truncate, splice]


# -- JSON-level damage -------------------------------------------------------------------------
def _containers(node: Any, out: list) -> list:
    if isinstance(node, (dict, list)):
        out.append(node)
        for child in node.values() if isinstance(node, dict) else node:
            _containers(child, out)
    return out


def edit_json(data: dict, rng: random.Random) -> dict:
    """One or two hand edits: a field or move replaced, removed, repeated, swapped or reworded."""
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 2)):
        if rng.random() < 0.45 and isinstance(data.get("moves"), list) and data["moves"]:
            moves = data["moves"]
            i, j = rng.randrange(len(moves)), rng.randrange(len(moves))
            op = rng.randrange(5)
            if op == 0:
                moves[i], moves[j] = moves[j], moves[i]
            elif op == 1:
                del moves[i]
            elif op == 2:
                moves.insert(i, moves[j])
            elif op == 3 and isinstance(moves[i], str):
                words = moves[i].split(" ")
                words[rng.randrange(len(words))] = rng.choice(WORDS)
                moves[i] = " ".join(words)
            else:
                moves[i] = copy.deepcopy(rng.choice(ODD_VALUES))
            continue
        node = rng.choice(_containers(data, []))
        if isinstance(node, dict):
            key = rng.choice(list(node) + ["extra"])
            if rng.random() < 0.25 and key in node:
                del node[key]
            else:
                # an odd value, or another field's value pasted in the wrong place
                node[key] = copy.deepcopy(rng.choice(ODD_VALUES if rng.random() < 0.8 else list(data.values())))
        elif node:
            at = rng.randrange(len(node))
            if rng.random() < 0.3:
                del node[at]
            else:
                node[at] = copy.deepcopy(rng.choice(ODD_VALUES))
        else:
            node.append(copy.deepcopy(rng.choice(ODD_VALUES)))
    return data


def run_kind(kind: str, tmp_path: Path, cases: range = range(CASES_PER_KIND)) -> dict[str, int]:
    outcome = {"loaded": 0, "refused": 0}
    path = tmp_path / "fuzz.json"
    bases = base_files()
    for number in cases:
        case = f"{kind} #{number}"
        rng = random.Random(f"{kind}/{number}")
        raw = bases[number % len(bases)]
        if kind in ("json", "mixed"):  # hand edits; "mixed" then damages the bytes too
            raw = json.dumps(edit_json(json.loads(raw), rng), indent=1).encode()
        if kind in ("bytes", "mixed"):
            raw = BYTE_DAMAGE[number % len(BYTE_DAMAGE)](raw, rng)
        outcome[check(raw, path, case)] += 1
    return outcome


#: the fast lane's cases of each kind (every base file and every byte damage
#: among them); the slow lane runs the rest, the same cases as ever in all
FAST_CASES = 72
KINDS = ["bytes", "json", "mixed"]


@pytest.mark.parametrize(
    "kind,cases",
    [
        *(pytest.param(k, range(FAST_CASES), id=k) for k in KINDS),
        *(pytest.param(k, range(FAST_CASES, CASES_PER_KIND), id=f"{k}-rest", marks=pytest.mark.slow) for k in KINDS),
    ],
)
def test_mutated_saves_load_or_are_refused(kind: str, cases: range, tmp_path: Path) -> None:
    outcome = run_kind(kind, tmp_path, cases)
    assert sum(outcome.values()) == len(cases)
    assert outcome["refused"] > 0  # the damage is real
    if kind == "json":
        assert outcome["loaded"] > 0  # and some edits are harmless (an extra field, a name changed)


def test_originals_load() -> None:
    for raw in base_files():
        savefile.from_data(json.loads(raw))


def test_damaged_files_never_break_the_listing(home: Path) -> None:
    """Damaged slots show up with a reason beside the good ones."""
    saves = home / "data" / "saves"
    saves.mkdir(parents=True)
    bases = base_files()
    for number in range(60):
        rng = random.Random(f"list/{number}")
        raw = BYTE_DAMAGE[number % 3](bases[number % len(bases)], rng)
        (saves / f"slot-{number:02}.json").write_bytes(raw)
    (saves / "good.json").write_bytes(bases[0])
    infos = library.list_saves()
    assert len(infos) == 61
    assert {info.path.name for info in infos if info.error is None} >= {"good.json"}
    assert all(info.error is None or "\n" not in info.error for info in infos)
