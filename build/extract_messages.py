"""Collect every `_()`, `N_()` and `ngettext()` message in game/ into the
catalog template, and bring each language's .po up to date with it.

    python build/extract_messages.py            # write game/locale/fireside.pot, merge into every .po
    python build/extract_messages.py --check    # exit 1 if the template is out of date (for CI)

Only literal strings are collected: `_(some_variable)` cannot be, so such a
call must translate a string that was marked with `N_()` where it was written.
New messages reach each .po with an empty msgstr (the tests then fail until a
translator fills it in); messages gone from the code are dropped (git keeps them).
Source references carry the file but not the line, so edits elsewhere in a
file do not churn the catalogs.  Needs polib (a runtime dependency anyway).
"""

from __future__ import annotations

import argparse
import ast
import sys
from dataclasses import dataclass, field
from pathlib import Path

import polib  # type: ignore[import-untyped]  # (no stubs for polib)

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "game"
LOCALE = SOURCE / "locale"
TEMPLATE = LOCALE / "fireside.pot"
LANGUAGES = ("ko", "ca", "pa")
FUNCTIONS = {"_": 1, "N_": 1, "ngettext": 2, "plural_message": 2}  # plural_message: game/common/phrases.py
PLURAL_FORMS = {
    "ko": "nplurals=1; plural=0;",
    "ca": "nplurals=2; plural=(n != 1);",
    "pa": "nplurals=2; plural=(n > 1);",
}
LANGUAGE_TEAMS = {"ko": "Korean", "ca": "Catalan", "pa": "Punjabi (Gurmukhi)"}


@dataclass
class Message:
    msgid: str
    plural: str | None = None
    files: list[str] = field(default_factory=list)


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _called(node: ast.Call) -> str | None:
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    return name if name in FUNCTIONS else None


def scan(path: Path, found: dict[str, Message], warnings: list[str]) -> None:
    """Add the messages marked in one source file."""
    rel = path.relative_to(ROOT).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _called(node)
        if name is None or len(node.args) < FUNCTIONS[name]:
            continue
        texts = [_literal(arg) for arg in node.args[: FUNCTIONS[name]]]
        if any(t is None for t in texts):
            if FUNCTIONS[name] == 2 or name == "N_":
                warnings.append(f"{rel}:{node.lineno}: {name}() of a non-literal cannot be collected")
            continue
        msgid = texts[0]
        assert msgid is not None  # (checked just above)
        plural = texts[1] if FUNCTIONS[name] == 2 else None
        message = found.setdefault(msgid, Message(msgid, plural))
        if plural and not message.plural:
            message.plural = plural
        if rel not in message.files:
            message.files.append(rel)


def extract(root: Path = SOURCE) -> tuple[dict[str, Message], list[str]]:
    """Every message marked under `root`, in the order first seen (files sorted)."""
    found: dict[str, Message] = {}
    warnings: list[str] = []
    for path in sorted(root.rglob("*.py")):
        if path.name == "i18n.py" and path.parent == SOURCE:  # the functions themselves
            continue
        scan(path, found, warnings)
    return found, warnings


def template(messages: dict[str, Message]) -> polib.POFile:
    pot = polib.POFile(wrapwidth=0)
    pot.header = "Fireside: every message a person sees. Made by build/extract_messages.py; see game/locale/README.md."
    pot.metadata = {
        "Project-Id-Version": "Fireside",
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    for message in messages.values():
        entry = polib.POEntry(msgid=message.msgid, msgstr="", occurrences=[(f, "") for f in message.files])
        if message.plural:
            entry.msgid_plural = message.plural
            entry.msgstr = ""
            entry.msgstr_plural = {0: "", 1: ""}
        if "{" in message.msgid:
            entry.flags.append("python-brace-format")
        pot.append(entry)
    return pot


def merge(code: str, pot: polib.POFile) -> polib.POFile:
    """The language's catalog with the template's messages: translations kept,
    new messages empty, vanished ones dropped."""
    path = LOCALE / code / "LC_MESSAGES" / "fireside.po"
    if path.exists():
        po = polib.pofile(str(path), wrapwidth=0)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        po = polib.POFile(wrapwidth=0)
    po.header = f"Fireside in {LANGUAGE_TEAMS[code]}. How to add or change a message: game/locale/README.md."
    po.metadata.update(
        {
            "Project-Id-Version": "Fireside",
            "Language": code,
            "Language-Team": LANGUAGE_TEAMS[code],
            "MIME-Version": "1.0",
            "Content-Type": "text/plain; charset=UTF-8",
            "Content-Transfer-Encoding": "8bit",
            "Plural-Forms": PLURAL_FORMS[code],
        }
    )
    po.merge(pot)
    for entry in po.obsolete_entries():
        po.remove(entry)
    nplurals = 1 if code == "ko" else 2
    for entry in po:
        if entry.msgid_plural:
            entry.msgstr_plural = {i: entry.msgstr_plural.get(i, "") for i in range(nplurals)}
    po.save(str(path))
    return po


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="only check that the template lists exactly the messages in the code"
    )
    args = parser.parse_args(argv)
    messages, warnings = extract()
    for line in warnings:
        print("warning:", line, file=sys.stderr)
    pot = template(messages)
    if args.check:
        have = {e.msgid for e in polib.pofile(str(TEMPLATE))} if TEMPLATE.exists() else set()
        want = set(messages)
        if have != want:
            print(
                f"{TEMPLATE.relative_to(ROOT)} is out of date: {len(want - have)} new, "
                f"{len(have - want)} gone; run python build/extract_messages.py",
                file=sys.stderr,
            )
            return 1
        return 0
    LOCALE.mkdir(parents=True, exist_ok=True)
    pot.save(str(TEMPLATE))
    for code in LANGUAGES:
        po = merge(code, pot)
        todo = len(po.untranslated_entries()) + len(po.fuzzy_entries())
        print(f"{code}: {len(po.translated_entries())} translated, {todo} to do")
    print(f"{len(messages)} messages in {TEMPLATE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
