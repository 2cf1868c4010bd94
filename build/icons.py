"""Write the application icon as .png, .ico (Windows) and .icns (macOS) from `game.app.look.icon`.

Made at build time from the game's SVG card backs, so no bitmap is committed
and the icon follows the art.  Both container formats simply hold PNG
images (Windows Vista and later, macOS 10.7 and later read them), so no
image library beyond pygame is needed.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script or from the spec: make `game` importable
    sys.path.insert(0, str(ROOT))

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types that hold PNG data, with their pixel size (the @2x ones are ic11..ic14 and ic10).
ICNS_TYPES = (
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic07", 128),
    (b"ic13", 256),
    (b"ic08", 256),
    (b"ic14", 512),
    (b"ic09", 512),
    (b"ic10", 1024),
)


def render_pngs(sizes: set[int]) -> dict[int, bytes]:
    """The icon drawn at each size, as PNG bytes (`game.app.look.icon.png_bytes`)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.app.look.icon import png_bytes

    return png_bytes(sizes)


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico: ICONDIR, one ICONDIRENTRY per size, then the PNG images."""
    sizes = sorted(pngs)
    head = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(head) + 16 * len(sizes)
    entries, blobs = [], []
    for size in sizes:
        data = pngs[size]
        side = 0 if size >= 256 else size  # 0 means 256
        entries.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset))
        blobs.append(data)
        offset += len(data)
    return head + b"".join(entries) + b"".join(blobs)


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns: the 'icns' header, then one (type, length, PNG) element per entry."""
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make(folder: Path) -> dict[str, Path]:
    """Write fireside.png (512 px), fireside.ico and fireside.icns into `folder`; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    pngs = render_pngs(set(ICO_SIZES) | {size for _kind, size in ICNS_TYPES})
    paths = {"png": folder / "fireside.png", "ico": folder / "fireside.ico", "icns": folder / "fireside.icns"}
    paths["png"].write_bytes(pngs[512])
    paths["ico"].write_bytes(ico_bytes({size: pngs[size] for size in ICO_SIZES}))
    paths["icns"].write_bytes(icns_bytes(pngs))
    return paths


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "work" / "fireside" / "icon"
    for kind, path in make(out).items():
        print(f"{kind}: {path} ({path.stat().st_size // 1024} KB)")
