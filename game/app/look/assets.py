"""Find bundled files (sprites, fonts, sounds) in a checkout, an installed wheel or a frozen build."""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

__all__ = ["PACKAGE_DATA", "ROOT", "AssetError", "asset_roots", "find_asset"]

#: The repository root: the folder that holds ``game/``, ``sprites/``, ``sounds/``.
ROOT = Path(__file__).resolve().parents[3]
#: Where an installed copy keeps the art: setup.py copies ``sprites/`` and ``sounds/``
#: into the package under this name, since a wheel may only hold ``game/``.
PACKAGE_DATA = "_data"


class AssetError(FileNotFoundError):
    """A bundled file is missing; the message lists every place that was searched."""


def asset_roots() -> list[Path]:
    """Folders holding ``sprites/`` and ``sounds/``, in search order: PyInstaller's
    bundle when frozen, the installed package's data, then the source checkout
    (only when this really is one, so an install never looks in site-packages)."""
    roots = []
    frozen = getattr(sys, "_MEIPASS", None)  # PyInstaller unpacks data files here
    if frozen:
        roots.append(Path(frozen))
    roots.append(Path(str(resources.files("game").joinpath(PACKAGE_DATA))))
    if (ROOT / "pyproject.toml").is_file():
        roots.append(ROOT)
    return roots


def find_asset(*parts: str) -> Path:
    """Return the path of a bundled file, e.g. ``find_asset("sprites", "crown.svg")``.

    The same call works in development, in a wheel or pipx install, and in the packaged app.
    """
    tried = [root.joinpath(*parts) for root in asset_roots()]
    for path in tried:
        if path.is_file():
            return path
    raise AssetError("asset not found; tried: " + ", ".join(str(p) for p in tried))
