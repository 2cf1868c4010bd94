"""The layers of ARCHITECTURE.md, kept (issue 32): every import in game/ goes
from a layer to one its "may import" column names, or is one of the few
imports that run up, each named with its reason under "Imports that run up".

The table is read from ARCHITECTURE.md itself, so the document and this test
cannot drift apart: the first column's `paths` place a file in a layer (a
folder ending in "/", or a file pattern; the most specific wins; `<id>` is a
game's id and ties a game's parts to their own game), and the last column's
`paths` are the layers it may import ("anything" for the tools).  Imports are
read from the source (ast): run-time and type-only (`if TYPE_CHECKING:`) alike,
at the top of a module or inside a function.  A second test keeps the
run-time imports free of circles between files (a type-only import makes no
circle at run time)."""

from __future__ import annotations

import ast
import fnmatch
import functools
import re
from dataclasses import dataclass
from pathlib import Path

import parsed_source

from game.rules import registry

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
DOC = ROOT / "ARCHITECTURE.md"
MAX_UPWARD = 3


# -- the document ------------------------------------------------------------------------


@dataclass(frozen=True)
class Layer:
    index: int
    patterns: tuple[str, ...]
    may_import: tuple[str, ...]
    anything: bool
    pygame: bool  # its "may import" names pygame(-ce)


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def layers(text: str | None = None) -> list[Layer]:
    """The rows of the "may import" table, in the document's order."""
    lines = (DOC.read_text(encoding="utf-8") if text is None else text).splitlines()
    start = next(i for i, line in enumerate(lines) if _cells(line)[-1:] == ["may import"])
    out: list[Layer] = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = _cells(line)
        out.append(
            Layer(
                len(out),
                tuple(re.findall(r"`([^`]+)`", cells[0])),
                tuple(re.findall(r"`([^`]+)`", cells[-1])),
                "anything" in cells[-1],
                "anything" in cells[-1] or "pygame" in cells[-1],
            )
        )
    return out


def upward_allowed(text: str | None = None) -> set[tuple[str, str]]:
    """The imports that run up, as (importer, imported) paths, from the list
    under the "Imports that run up" heading."""
    body = (DOC.read_text(encoding="utf-8") if text is None else text).split("## Imports that run up", 1)[1]
    body = body.split("\n## ", 1)[0]
    return set(re.findall(r"^- `([^`]+)` → `([^`]+)`", body, re.MULTILINE))


# -- placing a file ----------------------------------------------------------------------


IDS = registry.BUILT_IN


def _expand(pattern: str) -> list[tuple[str, str | None]]:
    """(pattern, game id) for each game a `<id>` pattern stands for."""
    if "<id>" not in pattern:
        return [(pattern, None)]
    return [(pattern.replace("<id>", g), g) for g in IDS]


def _matches(pattern: str, rel: str) -> int:
    """How specifically `pattern` matches the path `rel` (0: not at all)."""
    if pattern.endswith("/"):
        return len(pattern) if rel.startswith(pattern) else 0
    return 10_000 + len(pattern) if fnmatch.fnmatchcase(rel, pattern) else 0


def place(rel: str, table: list[Layer]) -> tuple[Layer, str | None]:
    """The layer a file (a path from the repository's root) belongs to, and its game's id if any."""
    best: tuple[int, Layer, str | None] | None = None
    for layer in table:
        for raw in layer.patterns:
            for pattern, game_id in _expand(raw):
                score = _matches(pattern, rel)
                if score and (best is None or score > best[0]):
                    best = (score, layer, game_id)
    assert best is not None, f"{rel} is in no layer of ARCHITECTURE.md's table"
    return best[1], best[2]


def allowed(a: tuple[Layer, str | None], b: tuple[Layer, str | None], table: list[Layer]) -> bool:
    """May a file of layer `a` import one of layer `b`? A game's parts only their own game's."""
    (la, ga), (lb, gb) = a, b
    if ga is not None and gb is not None and ga != gb:
        return False
    if la.anything or la is lb:
        return True
    return any(p in lb.patterns for p in la.may_import)


# -- the imports -------------------------------------------------------------------------


def _modules() -> dict[str, Path]:
    out = {}
    for path in GAME.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


MODULES = _modules()


def _resolve(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _type_only_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                for sub in ast.walk(inner):
                    if isinstance(sub, (ast.Import, ast.ImportFrom)):
                        lines.add(sub.lineno)
    return lines


@dataclass(frozen=True)
class Import:
    importer: str  # module names
    imported: str
    line: int
    type_only: bool


def imports_of(module: str, path: Path) -> list[Import]:
    """Every import of a game module in `path`, wherever it is in the file."""
    tree = parsed_source.tree(path)
    type_only = _type_only_lines(tree)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: list[Import] = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, *([base] if base else [])])
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
        for name in names:
            target = _resolve(name) if name.split(".")[0] == "game" else None
            if target is not None and target != module:
                out.append(Import(module, target, node.lineno, node.lineno in type_only))
    return out


@functools.cache
def all_imports() -> tuple[Import, ...]:
    """Every import of every file of game/, read once per test process (two tests walk them)."""
    return tuple(imp for module, path in sorted(MODULES.items()) for imp in imports_of(module, path))


def _rel(module: str) -> str:
    return MODULES[module].relative_to(ROOT).as_posix()


def upward(table: list[Layer] | None = None) -> list[Import]:
    """Every import against the table: from a layer to one it may not import."""
    table = layers() if table is None else table
    return [
        imp
        for imp in all_imports()
        if not allowed(place(_rel(imp.importer), table), place(_rel(imp.imported), table), table)
    ]


# -- the tests ---------------------------------------------------------------------------


def test_the_table_is_read_and_every_may_import_names_a_layer() -> None:
    table = layers()
    assert len(table) >= 8
    every = {p for layer in table for p in layer.patterns}
    for layer in table:
        assert layer.patterns, layer
        unknown = [p for p in layer.may_import if p not in every]
        assert not unknown, f"row {layer.patterns}: 'may import' names no layer: {unknown}"


def test_the_table_is_a_true_layering() -> None:
    """No layer may import one that may import it back (directly or through others)."""
    table = layers()
    below = {
        layer.index: {other.index for other in table if any(p in other.patterns for p in layer.may_import)}
        for layer in table
        if not layer.anything
    }

    def reach(i: int, seen: set[int]) -> set[int]:
        for j in below.get(i, set()) - seen:
            seen.add(j)
            reach(j, seen)
        return seen

    for i in below:
        assert i not in reach(i, set()), f"layer {table[i].patterns} reaches itself"


def test_every_file_of_game_is_in_a_layer() -> None:
    table = layers()
    for module in MODULES:
        place(_rel(module), table)


def test_no_import_runs_up_but_the_ones_named_with_their_reason() -> None:
    named = upward_allowed()
    assert len(named) <= MAX_UPWARD, f"{len(named)} imports that run up are named; at most {MAX_UPWARD}"
    found = {(_rel(i.importer), _rel(i.imported)): i for i in upward()}
    against = {pair: i for pair, i in found.items() if pair not in named}
    assert not against, "imports against ARCHITECTURE.md's table:\n" + "\n".join(
        f"{a}:{i.line} imports {b}{' (type-only)' if i.type_only else ''}" for (a, b), i in sorted(against.items())
    )
    stale = named - set(found)
    assert not stale, f"named in ARCHITECTURE.md as running up, but no longer there: {sorted(stale)}"


def pygame_imports(path: Path) -> list[int]:
    """The lines of `path` that import pygame (anywhere in the file)."""
    tree = parsed_source.tree(path)
    return [
        node.lineno
        for node in ast.walk(tree)
        if (isinstance(node, ast.Import) and any(a.name.split(".")[0] == "pygame" for a in node.names))
        or (isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "pygame" and not node.level)
    ]


def test_pygame_only_in_the_layers_that_may_import_it() -> None:
    table = layers()
    bad = [
        f"{_rel(m)}:{line}"
        for m, path in sorted(MODULES.items())
        if not place(_rel(m), table)[0].pygame
        for line in pygame_imports(path)
    ]
    assert not bad, f"pygame imported outside the layers whose 'may import' names it: {bad}"


def test_no_run_time_import_circle_between_files() -> None:
    graph: dict[str, set[str]] = {}
    for imp in all_imports():
        if not imp.type_only:
            graph.setdefault(imp.importer, set()).add(imp.imported)
    circles: list[list[str]] = []
    state: dict[str, int] = {}  # 1 on the path, 2 done

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                circles.append(path[path.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
    assert not circles, "run-time import circles:\n" + "\n".join(" → ".join(c) for c in circles)


def test_the_checker_sees_every_kind_of_import(tmp_path: Path) -> None:
    """Function-level, type-only and relative imports all count; a wrong one is caught."""
    doc = (
        "| folder | holds | may import |\n|---|---|---|\n"
        "| `game/low/` | x | the standard library |\n"
        "| `game/games/<id>/` | x | `game/low/` |\n"
        "| `game/high/`, `game/games/<id>/table*.py` | x | `game/low/`, `game/games/<id>/` |\n"
        "\n## Imports that run up\n\n- `game/low/a.py` → `game/high/b.py`: a reason\n"
    )
    table = layers(doc)
    assert [t.patterns for t in table] == [
        ("game/low/",),
        ("game/games/<id>/",),
        ("game/high/", "game/games/<id>/table*.py"),
    ]
    assert upward_allowed(doc) == {("game/low/a.py", "game/high/b.py")}
    g = IDS[0]
    assert place(f"game/games/{g}/table_past.py", table)[0] is table[2]
    assert place(f"game/games/{g}/rules.py", table) == (table[1], g)
    assert allowed(place(f"game/games/{g}/table.py", table), place(f"game/games/{g}/rules.py", table), table)
    assert not allowed(place(f"game/games/{g}/rules.py", table), place(f"game/games/{g}/table.py", table), table)
    assert not allowed(place(f"game/games/{g}/table.py", table), place(f"game/games/{IDS[1]}/rules.py", table), table)
    assert not allowed(place("game/low/a.py", table), place("game/high/b.py", table), table)
    src = tmp_path / "m.py"
    src.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.app.shell.surface import AppSurface\n"
        "def f():\n    import game.tools.cli\n    from game.persist import settings\n"
        "from . import stats\n",
        encoding="utf-8",
    )
    found = {(i.imported, i.type_only) for i in imports_of("game.persist.m", src)}
    assert found == {
        ("game.app.shell.surface", True),
        ("game.tools.cli", False),
        ("game.persist.settings", False),
        ("game.persist.stats", False),
    }
