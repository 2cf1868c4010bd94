"""Build hook: carry the top-level art into the wheel (everything else is in pyproject.toml).

The repository keeps `sprites/` and `sounds/` at its top (the design card), but
a wheel may only hold the project's own package, so the build copies both
folders into the package as `game/_data/sprites/` and `game/_data/sounds/`,
where `game/app/look/assets.py` finds them in an installed copy.  An editable
install and a source checkout read them where they are, so nothing is copied
for those.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
ART = ("sprites", "sounds")  # top-level folders that ship inside the package
PACKAGE_DATA = Path("game", "_data")  # keep in step with game/app/look/assets.py


class BuildPyWithArt(build_py):
    """`build_py` that also copies the art folders into the built package."""

    def run(self) -> None:
        editable = getattr(self, "editable_mode", False)  # editable: assets.py reads the checkout
        if not editable:  # an in-tree build (pip install .) starts clean: no file deleted since may linger
            shutil.rmtree(Path(self.build_lib) / "game", ignore_errors=True)
        super().run()
        if editable:
            return
        for name in ART:
            self.copy_tree(str(HERE / name), str(Path(self.build_lib) / PACKAGE_DATA / name))

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = super().get_outputs(include_bytecode)
        if getattr(self, "editable_mode", False):
            return outputs
        for name in ART:
            outputs += [
                str(Path(self.build_lib) / PACKAGE_DATA / name / path.relative_to(HERE / name))
                for path in sorted((HERE / name).rglob("*"))
                if path.is_file()
            ]
        return outputs


setup(cmdclass={"build_py": BuildPyWithArt})
