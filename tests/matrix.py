"""How much of a long test matrix a run covers.

`.ci/run` (README's test line, every test, slow ones too) has a budget of
15 minutes on two cores, so the long matrices of the slow lane -- the property
games, the fuzzers, the recorded network games, the review's trust games --
run a seeded sample: the same cases on every run, so a failure repeats, and
never fewer than one whole case of each kind.  With FIRESIDE_FULL_MATRIX=1
(the nightly workflow sets it) every case runs, at the counts the issues
measured.
"""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

import pytest

T = TypeVar("T")

#: every case of every matrix, not the seeded sample (FIRESIDE_FULL_MATRIX=1)
FULL = os.environ.get("FIRESIDE_FULL_MATRIX", "").strip() not in ("", "0")


def count(full: int, sampled: int) -> int:
    """How many games, positions or inputs: `full` on a full run, else `sampled`."""
    return full if FULL else sampled


def sample(cases: Iterable[T], keep: int, seed: int | str = 0) -> list[T]:
    """Every case on a full run, else `keep` of them picked by `seed`, in their order."""
    cases = list(cases)
    if FULL or keep >= len(cases):
        return cases
    picked = sorted(random.Random(seed).sample(range(len(cases)), keep))
    return [cases[i] for i in picked]


def fast_lane(cases: Iterable[object], *keep: object, single: bool = False) -> list[object]:
    """`cases` for `pytest.mark.parametrize`, each marked slow but those in `keep`:
    the fast lane (-m "not slow") runs one case of the kind, .ci/run every one.
    A tuple case fills several argument names, unless `single` (a window size)."""
    params = []
    for case in cases:
        values = case if isinstance(case, tuple) and not single else (case,)
        params.append(pytest.param(*values, marks=() if case in keep else (pytest.mark.slow,)))
    return params


def sample_grid(axes: Sequence[Sequence[object]], keep: int, seed: int | str = 0) -> list[object]:
    """Every combination of `axes` (as pytest params) on a full run, else `keep`
    of them picked by `seed`, among which every value of every axis (each
    language, game, window and interface size) appears at least once."""
    grid = list(itertools.product(*axes))
    chosen = grid
    if not FULL and keep < len(grid):
        assert keep >= max(len(axis) for axis in axes), "too few to show every value"
        rng = random.Random(seed)
        while True:
            chosen = [grid[i] for i in sorted(rng.sample(range(len(grid)), keep))]
            if all({case[k] for case in chosen} == set(axis) for k, axis in enumerate(axes)):
                break
    return [pytest.param(*case, id="-".join(_id(value) for value in case)) for case in chosen]


def _id(value: object) -> str:
    """A window size as 1024x600, anything else as itself."""
    return "x".join(map(str, value)) if isinstance(value, tuple) else str(value)
