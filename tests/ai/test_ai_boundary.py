"""The AI stands on the rules' public face: no underscore name of a
`game.rules` module or state anywhere in `game/ai` (issue 13).  A change of
card encoding or phase constants in a rules module must not silently break
or weaken the AI, so the names it reads are the documented public ones."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from game import rules
from game.rules import GAME_IDS, core

GAME_DIR = Path(__file__).resolve().parents[2] / "game"
#: The AI: the search in game/ai, and each game's rules of thumb in its own package.
AI_FILES = sorted(
    [
        *(GAME_DIR / "ai").glob("*.py"),
        *(GAME_DIR / "games").glob("*/heuristics.py"),
        *(GAME_DIR / "games").glob("*/rows.py"),
    ]
)


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _rules_private_names() -> set[str]:
    """Every underscore name a rules module or its State defines."""
    names = {n for n in vars(core) if _private(n)} | {n for n in dir(core.BaseState) if _private(n)}
    for game_id in GAME_IDS:
        module = rules.get(game_id)
        names |= {n for n in vars(module) if _private(n)}
        names |= {n for n in dir(module.State) if _private(n)}
        names |= {n for n in module.State.__slots__ if _private(n)}
    return names


def _is_rules_module(name: str) -> bool:
    parts = name.split(".")
    return name.startswith("game.rules") or (parts[:2] == ["game", "games"] and parts[-1] == "rules")


def _offences(tree: ast.AST, private: set[str]) -> list[str]:
    rules_aliases = {"rules", "core", *GAME_IDS}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and _is_rules_module(node.module or ""):
            out += [f"line {node.lineno}: imports {a.name}" for a in node.names if _private(a.name)]
        elif isinstance(node, ast.Attribute) and _private(node.attr):
            on_module = isinstance(node.value, ast.Name) and node.value.id in rules_aliases
            if on_module or node.attr in private:
                out.append(f"line {node.lineno}: .{node.attr}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr", "hasattr")
            and len(node.args) > 1
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and _private(node.args[1].value)
        ):
            out.append(f"line {node.lineno}: {node.func.id}(…, {node.args[1].value!r})")
    return out


def test_game_ai_uses_no_underscore_name_of_game_rules() -> None:
    private = _rules_private_names()
    found = {}
    for path in AI_FILES:
        offences = _offences(ast.parse(path.read_text(encoding="utf-8")), private)
        if offences:
            found[str(path.relative_to(GAME_DIR))] = offences
    assert not found, f"game/ai reaches into private rules names: {found}"


def test_the_checker_sees_the_old_ways_in() -> None:
    private = _rules_private_names()
    src = (
        "from game.rules import sticheln\nfrom game.rules.grinch import _SUIT\n"
        "a = sticheln._COLOUR\nb = view._evolve(seed=1)\nc = state._legal()\n"
        "d = getattr(state, '_apply')\ne = ctx._how\n"
    )
    found = _offences(ast.parse(src), private)
    assert len(found) == 5, found  # ctx._how is the AI's own helper


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_successor_is_apply_for_legal_moves(game_id: str) -> None:
    module = rules.get(game_id)
    rng = random.Random(3)
    for n in module.PLAYERS:
        state = module.new_game(n, 40 + n)
        steps = 0
        while not state.is_over and steps < 300:
            move = rng.choice(state.legal_moves())
            after = state.successor(move)
            checked = state.apply(move)
            assert after == checked and after.events == checked.events
            assert after.position_key() == checked.position_key()
            state = checked
            steps += 1
