"""A table reads of the game it shows only what `TableSession` and `TableMatch`
declare (game/session/session.py), so a network table's `RemoteSession`, which
implements the same two Protocols and subclasses nothing, cannot miss a name
a local table reads.  Counted by ast, as test_table_parts.py counts the parts:
0 undeclared reads."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.app.test_table_parts import declared

GAME = Path(__file__).resolve().parents[2] / "game"

#: the code that holds a table or is one: the table, its parts and modes, the games' tables, the screens over a table
TABLE_CODE = sorted(
    {
        *(GAME / "app" / "table").glob("*.py"),
        *(GAME / "games").glob("*/table*.py"),
        *(GAME / "games").glob("*/score_pad.py"),
        GAME / "app" / "learn" / "table.py",
        GAME / "app" / "scenes" / "replay.py",
        GAME / "app" / "scenes" / "results.py",
        GAME / "app" / "scenes" / "menu.py",
    }
)
#: classes whose own `self.<name>` is a concrete object, not the table's: the network mode and its chat
#: hold the `RemoteSession` itself, the replay its own `Match` (it seeks through it)
CONCRETE = {"NetworkMode": {"session"}, "ChatBar": {"session"}, "ReplayScene": {"match"}}
#: an annotation that says a parameter is the concrete class, not what the table was handed
CONCRETE_TYPES = {"Match", "Session", "RemoteSession", "RemoteMatch"}
KINDS = ("session", "match")


def protocols() -> dict[str, set[str]]:
    tree = ast.parse((GAME / "session" / "session.py").read_text(encoding="utf-8"))
    found = {node.name: declared(node) for node in tree.body if isinstance(node, ast.ClassDef)}
    return {"session": found["TableSession"], "match": found["TableMatch"]}


def _kind(node: ast.expr, aliases: dict[str, str], skip_self: set[str]) -> str | None:
    """'session' or 'match' if `node` is the table's session or match: `<x>.session`,
    `<x>.match` (not a concrete one on `self`), or a local bound to one of them."""
    if isinstance(node, ast.Attribute) and node.attr in KINDS:
        if isinstance(node.value, ast.Name) and node.value.id == "self" and node.attr in skip_self:
            return None
        return node.attr
    if isinstance(node, ast.Name):
        return aliases.get(node.id)
    return None


def _aliases(func: ast.FunctionDef | ast.AsyncFunctionDef, skip_self: set[str]) -> dict[str, str]:
    """Locals and parameters that are the table's session or match in `func`."""
    found: dict[str, str] = {}
    for arg in [*func.args.args, *func.args.kwonlyargs]:
        annotation = ast.unparse(arg.annotation) if arg.annotation is not None else ""
        if arg.arg in KINDS and annotation not in CONCRETE_TYPES:
            found[arg.arg] = arg.arg
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            kind = _kind(node.value, {}, skip_self)
            if kind is not None:
                found[node.targets[0].id] = kind
    return found


def reads(path: Path) -> dict[str, set[tuple[str, str]]]:
    """{'session': {(name, where)}, 'match': {...}}: every attribute read on the
    table's session or match in `path`."""
    out: dict[str, set[tuple[str, str]]] = {kind: set() for kind in KINDS}
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def visit(node: ast.AST, skip_self: set[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, CONCRETE.get(child.name, set()))
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                aliases = _aliases(child, skip_self)
                for sub in ast.walk(child):
                    if isinstance(sub, ast.Attribute):
                        kind = _kind(sub.value, aliases, skip_self)
                        if kind is not None:
                            out[kind].add((sub.attr, f"{path.relative_to(GAME.parent)}:{sub.lineno}"))
            else:
                visit(child, skip_self)

    visit(tree, set())
    return out


def every_read() -> dict[str, dict[str, list[str]]]:
    found: dict[str, dict[str, list[str]]] = {kind: {} for kind in KINDS}
    for path in TABLE_CODE:
        for kind, names in reads(path).items():
            for name, where in names:
                found[kind].setdefault(name, []).append(where)
    return found


def test_the_table_reads_of_its_session_and_match_only_what_the_protocols_declare():
    declared_names = protocols()
    found = every_read()
    undeclared = {
        kind: {name: sorted(where)[:3] for name, where in found[kind].items() if name not in declared_names[kind]}
        for kind in KINDS
    }
    assert undeclared == {"session": {}, "match": {}}, f"read but not declared: {undeclared}"


def test_the_count_finds_what_the_tables_read():
    """The ast walk is not vacuous: it sees the reads every table makes."""
    found = every_read()
    assert {"view", "events", "offer", "match", "local", "agents", "keeps"} <= set(found["session"])
    assert {"state", "seats", "humans", "current", "position", "daily", "module"} <= set(found["match"])


def _class(path: Path, name: str) -> ast.ClassDef:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == name)


def _has(cls: type, node: ast.ClassDef) -> set[str]:
    """What a class has: its attributes, its fields, and what its methods set on `self`."""
    names = set(dir(cls)) | set(getattr(cls, "__annotations__", {}))
    for sub in ast.walk(node):
        if isinstance(sub, (ast.Assign, ast.AnnAssign)):
            for target in sub.targets if isinstance(sub, ast.Assign) else [sub.target]:
                for t in ast.walk(target):
                    if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                        names.add(t.attr)
    return names


def test_local_and_remote_are_siblings_that_both_have_every_declared_name():
    from game.match.match import Match
    from game.net.remote_session import RemoteMatch, RemoteSession
    from game.session.session import Session

    assert not issubclass(RemoteSession, Session) and not issubclass(Session, RemoteSession)
    assert not issubclass(RemoteMatch, Match) and not issubclass(Match, RemoteMatch)
    wanted = protocols()
    net = GAME / "net" / "remote_session.py"
    for cls, path, kind in [
        (Session, GAME / "session" / "session.py", "session"),
        (RemoteSession, net, "session"),
        (Match, GAME / "match" / "match.py", "match"),
        (RemoteMatch, net, "match"),
    ]:
        missing = wanted[kind] - _has(cls, _class(path, cls.__name__))
        assert missing == set(), f"{cls.__name__} lacks {sorted(missing)}"


def test_the_remote_session_draws_nothing_and_sets_no_private_field_of_another():
    source = (GAME / "net" / "remote_session.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    imported = {
        alias.name if isinstance(node, ast.Import) else node.module or ""
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    }
    assert not any(name.startswith(("pygame", "game.app")) for name in imported), imported
    for node in ast.walk(tree):  # `x._name = ...` only on `self`
        if isinstance(node, ast.Assign):
            for target in node.targets:
                for t in ast.walk(target):
                    if isinstance(t, ast.Attribute) and t.attr.startswith("_"):
                        assert isinstance(t.value, ast.Name) and t.value.id == "self", ast.unparse(node)


def test_the_table_finds_no_keeper():
    """The table is handed its session (`table_for(app, session)`): it looks none up on the match."""
    for path in TABLE_CODE:
        assert "keeper" not in path.read_text(encoding="utf-8"), path
