"""Every rule ID in the rules of record has a test named after it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
RULES = TESTS.parent.parent / "shared" / "rules"
RULE_ID = re.compile(r"\b((?:ST|AV|GR)-\d+(?:\.\d+)?)\b")


def _rule_ids() -> list[str]:
    ids: set[str] = set()
    for path in sorted(RULES.glob("*.md")):
        ids.update(RULE_ID.findall(path.read_text(encoding="utf-8")))
    return sorted(ids)


@pytest.mark.skipif(not RULES.is_dir(), reason="shared/rules is not beside this checkout")
def test_every_rule_id_has_a_named_test() -> None:
    ids = _rule_ids()
    assert ids, f"no rule IDs found in {RULES}"
    names = set()
    for path in TESTS.rglob("test_*.py"):
        names.update(re.findall(r"def (test_\w+)", path.read_text(encoding="utf-8")))
    missing = [
        rule
        for rule in ids
        if not any(name.startswith(f"test_{rule.replace('-', '_').replace('.', '_')}_") for name in names)
    ]
    assert not missing, f"rule IDs without a test named after them: {missing}"
