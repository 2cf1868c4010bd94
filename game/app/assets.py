"""Find bundled files (sprites, fonts, sounds) from a checkout or a frozen build."""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["ROOT", "AssetError", "find_asset"]

#: The repository root: the folder that holds ``game/``, ``sprites/``, ``sounds/``.
ROOT = Path(__file__).resolve().parents[2]


class AssetError(FileNotFoundError):
    """A bundled file is missing; the message lists every place that was searched."""


def _roots() -> list[Path]:
    roots = [ROOT]
    frozen = getattr(sys, "_MEIPASS", None)  # PyInstaller unpacks data files here
    if frozen:
        roots.insert(0, Path(frozen))
    return roots


def find_asset(*parts: str) -> Path:
    """Return the path of a bundled file, e.g. ``find_asset("sprites", "crown.svg")``.

    Looks next to ``game/`` in a checkout and in ``sys._MEIPASS`` when frozen,
    so the same call works in development and in the packaged app.
    """
    tried = [root.joinpath(*parts) for root in _roots()]
    for path in tried:
        if path.is_file():
            return path
    raise AssetError("asset not found; tried: " + ", ".join(str(p) for p in tried))
