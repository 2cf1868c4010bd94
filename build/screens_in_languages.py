"""Draw the screens a second reader reads (network, coach, review, lessons,
results) in every language at 1024x600 and 1280x720, into a folder of PNGs
(and beside each its texts as drawn, one a line, to read as words),
and list what the drawing itself shows wrong: text outside the window or its
box, text over text, English left on a Korean or Punjabi screen, catalog
messages without a translation.  Read the pictures too: the list finds
only what can be measured.

    PYTHONPATH=$PWD python build/screens_in_languages.py [--out DIR] [--lang ko] [--size 1024x600] [--screen lobby]

With a display (DISPLAY=:N SDL_VIDEODRIVER=x11) or without (the default,
SDL's dummy driver: the same pixels).  The screens are listed in
tests/screen_set.py (SCREENS); a screen that fails to show is reported and
the others are still drawn.  Exit status 1 when anything was found."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="screens-in-languages", help="folder for the PNGs (made if missing)")
    parser.add_argument("--lang", action="append", help="a language (repeat; default: all four)")
    parser.add_argument("--size", action="append", help="WxH (repeat; default: 1024x600 and 1280x720)")
    parser.add_argument("--screen", action="append", help="a screen's name (repeat; default: all)")
    args = parser.parse_args(argv)
    os.environ.setdefault("FIRESIDE_HOME", tempfile.mkdtemp(prefix="fireside-screens-"))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

    import screen_set

    langs = args.lang or list(screen_set.LANGS)
    sizes = [tuple(int(n) for n in s.lower().split("x")) for s in args.size] if args.size else list(screen_set.SIZES)
    names = args.screen or list(screen_set.SCREENS)
    unknown = [n for n in names if n not in screen_set.SCREENS]
    if unknown:
        parser.error(f"no screen {', '.join(unknown)}; the screens: {', '.join(screen_set.SCREENS)}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    found = 0
    for name in names:
        for lang in langs:
            for w, h in sizes:
                path = out / f"{name}-{lang}-{w}x{h}.png"
                reading = screen_set.read(name, lang, (w, h), save=str(path))
                lines = [f"{d.text}\t{tuple(d.rect)}" for d in reading.drawn]
                path.with_suffix(".txt").write_text("\n".join(lines) + "\n", encoding="utf-8")  # the words, to read
                problems = reading.problems()
                found += len(problems)
                print(f"{path.name}: {len(reading.drawn)} texts, {len(problems) or 'nothing'} found", flush=True)
                for problem in problems:
                    print("    " + problem.replace("\n", "\n    "))
    print(f"{len(names)} screens x {len(langs)} languages x {len(sizes)} sizes in {out}/: {found} found")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
