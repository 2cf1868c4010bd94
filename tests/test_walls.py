"""The walls between the games and the shared code (issue 22): no shared
module dispatches on a game's id or imports one game's modules.  Shared code
asks the game's registered spec (`game.rules.registry`).

Read from the source (ast).  A dispatch site is a game-id literal that is
compared, used as a dict key or an index, or matched; or an import of a
module inside one game's package.  Plain data (a benchmark's fixed game, say)
is not dispatch.  Outside the walls' rule: the game packages themselves, the
registry and the contract's alias modules (`game/rules/<id>.py`); each game's
Rules screen texts (per language, for translators) are in its own package."""

from __future__ import annotations

import ast
from pathlib import Path

import parsed_source

from game.rules import registry

GAME = Path(__file__).resolve().parents[1] / "game"
EXEMPT_DIRS = [GAME / "games" / game_id for game_id in registry.BUILT_IN]
EXEMPT_FILES = {GAME / "rules" / "registry.py", *(GAME / "rules" / f"{g}.py" for g in registry.BUILT_IN)}
IDS = set(registry.BUILT_IN)


def _is_id(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Constant) and node.value in IDS


def _ids_in(node: ast.AST) -> bool:
    return _is_id(node) or (isinstance(node, (ast.Tuple, ast.List, ast.Set)) and any(_is_id(e) for e in node.elts))


def _game_module(name: str) -> bool:
    parts = name.split(".")
    return len(parts) >= 3 and parts[:2] == ["game", "games"] and parts[2] in IDS


def dispatch_sites(tree: ast.AST) -> list[str]:
    """Each place in `tree` that branches on a game or reaches into one game's package."""
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(_ids_in(n) for n in [node.left, *node.comparators]):
            out.append(f"line {node.lineno}: compares a game id")
        elif isinstance(node, ast.Dict) and any(k is not None and _is_id(k) for k in node.keys):
            out.append(f"line {node.lineno}: a dict keyed by game id")
        elif isinstance(node, ast.Subscript) and _is_id(node.slice):
            out.append(f"line {node.lineno}: indexes by a game id")
        elif isinstance(node, ast.MatchValue) and _is_id(node.value):
            out.append(f"line {node.lineno}: matches a game id")
        elif isinstance(node, ast.Import) and any(_game_module(a.name) for a in node.names):
            out.append(f"line {node.lineno}: imports one game's module")
        elif (
            isinstance(node, ast.ImportFrom)
            and node.module
            and (_game_module(node.module) or (node.module == "game.games" and any(a.name in IDS for a in node.names)))
        ):
            out.append(f"line {node.lineno}: imports one game's module")
    return out


def shared_files() -> list[Path]:
    return [
        p
        for p in sorted(GAME.rglob("*.py"))
        if p not in EXEMPT_FILES and not any(p.is_relative_to(d) for d in EXEMPT_DIRS)
    ]


def test_no_shared_module_dispatches_on_a_game() -> None:
    found = {
        str(p.relative_to(GAME)): sites for p in shared_files() if (sites := dispatch_sites(parsed_source.tree(p)))
    }
    total = sum(len(s) for s in found.values())
    assert not found, f"{total} game-id dispatch sites in {len(found)} shared files: {found}"


def test_the_checker_sees_every_kind_of_dispatch() -> None:
    src = (
        'if game == "grinch": pass\nx = {"sticheln": 1}\ny = T["avalanche"]\n'
        'z = g in ("sticheln", "grinch")\nfrom game.games.grinch import rules\nimport game.games.avalanche.table\n'
        'from game.games import sticheln\nmatch g:\n    case "grinch": pass\nok = Match("avalanche", seats)\n'
    )
    assert len(dispatch_sites(ast.parse(src))) == 8
