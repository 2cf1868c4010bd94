"""The table is made of parts, each an object that names what it needs of
the table in a Protocol: every `self.host.<name>` a part reads is declared
by its host Protocol, and every `self.<name>` it reads is its own (set in
the class or defined on it).  Counted by ast: 0 undeclared reads."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[2] / "game"

#: part module -> (the part's class, its host Protocol, the attribute that holds the host)
PARTS = {
    "app/table/stage.py": ("Stage", "StageHost", "host"),
    "app/table/log_panel.py": ("RoundLog", "LogHost", "host"),
    "app/table/input.py": ("TableInput", "InputHost", "host"),
    "app/table/turns.py": ("TurnFlow", "TurnHost", "host"),
    "app/table/status_line.py": ("StatusLine", "StatusHost", "host"),
    "app/table/seat_panel.py": ("SeatPanels", "PanelHost", "host"),
    "games/grinch/score_pad.py": ("ScorePad", "PadHost", "table"),
}


def classes(tree: ast.Module) -> dict[str, ast.ClassDef]:
    return {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}


def declared(cls: ast.ClassDef) -> set[str]:
    """Names a class declares: annotated attributes, methods, properties, assignments."""
    names = set()
    for node in cls.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def own(cls: ast.ClassDef) -> set[str]:
    """What the class defines or sets on `self` anywhere in its methods."""
    names = declared(cls)
    for node in ast.walk(cls):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        for target in targets:
            for t in ast.walk(target):
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                    names.add(t.attr)
    return names


def reads(cls: ast.ClassDef, via: str | None) -> set[str]:
    """`self.<name>` (via None) or `self.<via>.<name>` reads in the class's methods
    (a local of the same name, `host = self.host`, counts as the host too)."""
    found = set()
    for node in ast.walk(cls):
        if not isinstance(node, ast.Attribute):
            continue
        base = node.value
        if via is None and isinstance(base, ast.Name) and base.id == "self":
            found.add(node.attr)
        elif via is not None and isinstance(base, ast.Name) and base.id == via:  # `host = self.host`
            found.add(node.attr)
        elif (
            via is not None
            and isinstance(base, ast.Attribute)
            and base.attr == via
            and isinstance(base.value, ast.Name)
            and base.value.id == "self"
        ):
            found.add(node.attr)
    return found


@pytest.mark.parametrize("path", sorted(PARTS))
def test_a_part_reads_of_its_table_only_what_its_protocol_declares(path):
    part, host, via = PARTS[path]
    found = classes(ast.parse((GAME / path).read_text(encoding="utf-8")))
    undeclared = reads(found[part], via) - declared(found[host])
    assert undeclared == set(), f"{part} reads {sorted(undeclared)} of its table without {host} naming them"


@pytest.mark.parametrize("path", sorted(PARTS))
def test_a_part_reads_of_itself_only_what_it_sets(path):
    part, _host, _via = PARTS[path]
    cls = classes(ast.parse((GAME / path).read_text(encoding="utf-8")))[part]
    foreign = reads(cls, None) - own(cls)
    assert foreign == set(), f"{part} reads {sorted(foreign)} that another class sets"


def test_the_table_is_no_mixin_of_its_parts():
    from game.app.table.base import TableScene
    from game.app.table.input import TableInput
    from game.app.table.log_panel import RoundLog
    from game.app.table.seat_panel import SeatPanels
    from game.app.table.stage import Stage
    from game.app.table.status_line import StatusLine
    from game.app.table.turns import TurnFlow

    assert not {Stage, RoundLog, TableInput, TurnFlow, StatusLine, SeatPanels} & set(TableScene.__mro__)
