"""Make the bundled Korean and Gurmukhi fonts in sprites/fonts/ (developer tool).

    pip install fonttools          # build time only; the game never imports it
    apt-get install fonts-noto-cjk fonts-noto-core   # the sources (Debian)
    python build/make_fonts.py [--cjk-regular PATH --cjk-bold PATH --gurmukhi-dir DIR]

Korean: Noto Sans CJK KR, subset to what the game can show -- every character
of every message catalog and rules text, printable ASCII and Latin-1, common
punctuation, the 2,350 Hangul syllables of KS X 1001 (so most typed player
names work) and the Hangul compatibility jamo an input method shows while a
syllable is being typed.  Gurmukhi: Noto Sans Gurmukhi, copied whole (it is
small).  Re-run after adding Korean text with syllables outside KS X 1001:
tests/app/test_i18n.py fails on any character a bundled font lacks.
"""

from __future__ import annotations

import argparse
import ast
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "sprites" / "fonts"
CJK = Path("/usr/share/fonts/opentype/noto")
NOTO = Path("/usr/share/fonts/truetype/noto")
KR_INDEX = 1  # Noto Sans CJK .ttc faces: JP, KR, SC, TC, HK, ...


def ks_x_1001_hangul() -> str:
    """The 2,350 precomposed syllables of KS X 1001 (EUC-KR rows 0xB0-0xC8)."""
    out = []
    for lead in range(0xB0, 0xC9):
        for trail in range(0xA1, 0xFF):
            try:
                out.append(bytes((lead, trail)).decode("euc-kr"))
            except UnicodeDecodeError:
                pass
    return "".join(out)


def catalog_text() -> str:
    """Every msgstr of every catalog, and every string in the rules texts."""
    import polib

    chars: list[str] = []
    for po in sorted((ROOT / "game" / "locale").glob("*/LC_MESSAGES/*.po")):
        for entry in polib.pofile(str(po)):
            chars.append(entry.msgstr)
            chars.extend(entry.msgstr_plural.values())
    for path in [
        *sorted((ROOT / "game" / "app" / "words").rglob("*.py")),
        *sorted((ROOT / "game" / "games").rglob("*.py")),
    ]:
        if path.exists():
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    chars.append(node.value)
    return "".join(chars)


def korean_characters() -> str:
    ascii_ = "".join(chr(c) for c in range(0x20, 0x7F))
    latin1 = "".join(chr(c) for c in range(0xA0, 0x100))
    punctuation = "‐‑‒–—―‘’‚“”„•…‰′″‹›※−×÷·→←↑↓①②③④⑤⑥「」『』〈〉《》【】〔〕、。〃々"
    jamo = "".join(chr(c) for c in range(0x3131, 0x318F))
    wanted = set(ascii_ + latin1 + punctuation + jamo + ks_x_1001_hangul() + catalog_text())
    return "".join(sorted(ch for ch in wanted if ch.isprintable() or ch == " "))


def subset(source: Path, index: int, out: Path, text: str) -> None:
    from fontTools import subset as ftsubset
    from fontTools.ttLib import TTFont

    font = TTFont(str(source), fontNumber=index, lazy=False)
    options = ftsubset.Options()
    options.layout_features = ["kern", "liga", "ccmp", "locl", "mark", "mkmk", "palt", "halt"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.recalc_bounds = True
    subsetter = ftsubset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    font.save(str(out))
    print(f"{out.relative_to(ROOT)}: {len(font.getGlyphOrder())} glyphs, {out.stat().st_size:,} bytes")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cjk-regular", type=Path, default=CJK / "NotoSansCJK-Regular.ttc")
    parser.add_argument("--cjk-bold", type=Path, default=CJK / "NotoSansCJK-Bold.ttc")
    parser.add_argument("--gurmukhi-dir", type=Path, default=NOTO)
    args = parser.parse_args(argv)
    try:
        import fontTools  # noqa: F401
    except ImportError:
        print("make_fonts needs fontTools: pip install fonttools", file=sys.stderr)
        return 1
    missing = [p for p in (args.cjk_regular, args.cjk_bold) if not p.exists()]
    if missing:
        print(f"source font not found: {missing[0]} (apt-get install fonts-noto-cjk)", file=sys.stderr)
        return 1
    text = korean_characters()
    subset(args.cjk_regular, KR_INDEX, OUT / "NotoSansCJKkr-Regular-subset.otf", text)
    subset(args.cjk_bold, KR_INDEX, OUT / "NotoSansCJKkr-Bold-subset.otf", text)
    for name in ("NotoSansGurmukhi-Regular.ttf", "NotoSansGurmukhi-Bold.ttf"):
        source = args.gurmukhi_dir / name
        if not source.exists():
            print(f"source font not found: {source} (apt-get install fonts-noto-core)", file=sys.stderr)
            return 1
        shutil.copyfile(source, OUT / name)
        print(f"{(OUT / name).relative_to(ROOT)}: copied whole")
    return 0


if __name__ == "__main__":
    sys.exit(main())
