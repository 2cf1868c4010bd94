"""Is a bundled font or picture whole?  Checked before SDL ever sees it.

A damaged font can crash the whole program inside SDL_ttf/HarfBuzz (a
Gurmukhi font with a few bytes changed aborts the process when shaped), so
a font's sfnt table directory is read and every table's checksum compared
before it is opened, and an SVG must be well-formed XML (a truncated one
otherwise draws half a card without a word).  A file that fails says
"game file damaged: NAME — reinstall", one line, in the player's language.
Reading and checking the six bundled fonts and every SVG takes a few
milliseconds, so the window does it once before it opens.
"""

from __future__ import annotations

import struct
import sys
import xml.etree.ElementTree as ElementTree
from array import array
from functools import lru_cache
from pathlib import Path

from game.app.look.assets import AssetError
from game.i18n import _

__all__ = ["DamagedAsset", "check_font", "check_svg", "font_problem", "svg_problem"]

#: every font needs these; outlines come from glyf+loca (TrueType) or CFF/CFF2 (OpenType)
REQUIRED_TABLES = (b"cmap", b"head", b"hhea", b"hmtx", b"maxp")
_OUTLINES = ((b"glyf", b"loca"), (b"CFF ",), (b"CFF2",))
_VERSIONS = (b"\x00\x01\x00\x00", b"OTTO", b"true")
_HEAD_MAGIC = 0x5F0F3CF5


class DamagedAsset(AssetError):
    """A bundled file is there but damaged; the message is the one line a player sees."""

    def __init__(self, name: str, why: str = "") -> None:
        super().__init__(_("game file damaged: {name} — reinstall").format(name=name))
        self.name = name
        self.why = why  # for the log: what exactly is wrong


def _checksum(data: bytes) -> int:
    """The sfnt checksum: the sum of big-endian uint32 words, zero-padded, mod 2**32."""
    words = array("I")
    if words.itemsize != 4:  # pragma: no cover - every platform we build for has 4-byte "I"
        return sum(struct.unpack(f">{len(data) // 4}I", data[: len(data) // 4 * 4])) & 0xFFFFFFFF
    words.frombytes(data + b"\0" * (-len(data) % 4))
    if sys.byteorder == "little":
        words.byteswap()
    return sum(words) & 0xFFFFFFFF


def font_problem(data: bytes) -> str | None:
    """Why `data` is not a whole TrueType/OpenType font (None when it is).

    Checks the table directory, that every table lies inside the file, that
    the tables every font needs are there, each table's checksum (head's
    without its checkSumAdjustment) and head's magic number."""
    if len(data) < 12 or data[:4] not in _VERSIONS:
        return "not a TrueType or OpenType font"
    num_tables = struct.unpack_from(">H", data, 4)[0]
    if not 0 < num_tables <= 256 or 12 + 16 * num_tables > len(data):
        return f"table directory of {num_tables} tables does not fit the file"
    tables: dict[bytes, tuple[int, int]] = {}
    for i in range(num_tables):
        tag, checksum, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if offset + length > len(data):
            return f"table {tag!r} lies past the end of the file (truncated?)"
        body = data[offset : offset + length]
        if tag == b"head":
            if length < 54:
                return "head table too short"
            if struct.unpack_from(">I", body, 12)[0] != _HEAD_MAGIC:
                return "head table has the wrong magic number"
            body = body[:8] + b"\0\0\0\0" + body[12:]
        if _checksum(body) != checksum:
            return f"table {tag.decode('latin-1')!r} fails its checksum"
        tables[tag] = (offset, length)
    missing = [t.decode("latin-1") for t in REQUIRED_TABLES if t not in tables]
    if not any(all(t in tables for t in outline) for outline in _OUTLINES):
        missing.append("glyf/CFF")
    if missing:
        return f"missing tables: {', '.join(missing)}"
    return None


def svg_problem(data: bytes) -> str | None:
    """Why `data` is not a whole SVG drawing (None when it is)."""
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as exc:
        return f"not well-formed XML ({exc})"
    if root.tag.rsplit("}", 1)[-1] != "svg":
        return f"the root element is <{root.tag}>, not <svg>"
    return None


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise DamagedAsset(path.name, exc.strerror or str(exc)) from None


@lru_cache(maxsize=64)
def _checked(path: Path, kind: str, stamp: tuple[int, int]) -> None:
    data = _read(path)
    why = font_problem(data) if kind == "font" else svg_problem(data)
    if why:
        raise DamagedAsset(path.name, why)


def _stamp(path: Path) -> tuple[int, int]:
    try:
        st = path.stat()
    except OSError as exc:
        raise DamagedAsset(path.name, exc.strerror or str(exc)) from None
    return st.st_mtime_ns, st.st_size


def check_font(path: Path) -> None:
    """Raise DamagedAsset unless `path` is a whole font (checked once while unchanged)."""
    _checked(Path(path), "font", _stamp(Path(path)))


def check_svg(path: Path) -> None:
    """Raise DamagedAsset unless `path` is a whole SVG (checked once while unchanged)."""
    _checked(Path(path), "svg", _stamp(Path(path)))
