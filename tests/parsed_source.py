"""The game's source files as syntax trees, each parsed once per test process.

Several checks walk every file of `game/` (the layers, the walls, the
translator's rules); parsing them all was most of their time, once per check.
The trees are shared: a check reads them and never changes them.  A file is
read again when it changes (a check's own temporary files)."""

from __future__ import annotations

import ast
import functools
from pathlib import Path


def tree(path: Path) -> ast.Module:
    """`path`'s syntax tree (shared: read it, never change it)."""
    stat = path.stat()
    return _parsed(path.resolve(), stat.st_mtime_ns, stat.st_size)


@functools.cache
def _parsed(path: Path, _mtime_ns: int, _size: int) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))
