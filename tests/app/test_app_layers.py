"""The app's walls: screens never import each other, tables import no screen,
and the only module that knows which screen leads where is the router.
A screen is any module under game/app/scenes/ and any module a route names
(the learn screens too); a table is under game/app/table/ or is the guided
table of game/app/learn/.
Read from the source (ast), so a deferred import in a function body counts
as much as one at the top; imports only for type checkers do not (they
create no circle at run time)."""

from __future__ import annotations

import ast
from pathlib import Path

import parsed_source

APP = Path(__file__).resolve().parents[2] / "game" / "app"


def _module(path: Path) -> str:
    parts = path.relative_to(APP.parents[1]).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(tree: ast.AST) -> set[int]:
    """Line numbers of imports inside `if TYPE_CHECKING:` blocks."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                for sub in ast.walk(inner):
                    if isinstance(sub, (ast.Import, ast.ImportFrom)):
                        lines.add(sub.lineno)
    return lines


def imports(path: Path) -> set[str]:
    """The game.app modules `path` imports at run time (anywhere in the file)."""
    tree = parsed_source.tree(path)
    skip = _type_checking_only(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.startswith("game.app")}


def app_graph() -> dict[str, set[str]]:
    modules = {_module(p): p for p in APP.rglob("*.py")}
    return {name: {m for m in imports(path) if m in modules and m != name} for name, path in modules.items()}


def _routed() -> set[str]:
    from game.app.shell import router

    return {module for module, _cls, _how in router.ROUTES.values()}


def is_screen(name: str) -> bool:
    return name.startswith("game.app.scenes.") or name in _routed()


def is_table(name: str) -> bool:
    return (name.startswith("game.app.table.") and name != "game.app.table") or name == "game.app.learn.table"


def test_the_learn_screens_are_screens_and_the_guided_table_a_table():
    assert is_screen("game.app.learn.screens") and is_screen("game.app.learn.done")
    assert is_table("game.app.learn.table") and not is_screen("game.app.learn.table")


def test_no_screen_imports_another_screen_or_a_table():
    bad = [
        (a, b)
        for a, deps in app_graph().items()
        if is_screen(a)
        for b in deps
        if is_screen(b) or is_table(b) or b == "game.app.table"
    ]
    assert bad == []


def test_no_table_imports_a_screen():
    bad = [(a, b) for a, deps in app_graph().items() if is_table(a) for b in deps if is_screen(b)]
    assert bad == []


def test_no_import_circle_inside_the_app():
    graph = app_graph()
    state: dict[str, int] = {}
    cycle: list[str] = []

    def visit(node: str, path: list[str]) -> bool:
        state[node] = 1
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                cycle.extend(path[path.index(dep) :] + [node, dep] if dep in path else [node, dep])
                return True
            if dep not in state and visit(dep, [*path, node]):
                return True
        state[node] = 2
        return False

    for node in sorted(graph):
        if node not in state and visit(node, []):
            break
    assert cycle == []


def test_every_route_names_a_screen_that_exists():
    from game.app.shell import router

    for name in router.ROUTES:
        assert isinstance(router.scene_class(name), type), name
