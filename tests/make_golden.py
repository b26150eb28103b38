"""Regenerate the golden playthroughs of the shipped games: ``python tests/make_golden.py``.

A golden playthrough (:mod:`parlour.kit.golden`) is a seeded match between
random players, written as text into the game's own package
(``src/parlour/games/<game>/golden.txt``). A change that alters any game's
behaviour shows up as a diff there. A game of another distribution writes its
own with ``parlour check GAME --write-golden``.
"""

from __future__ import annotations

import sys

import parlour
from parlour.core.registry import game_parts
from parlour.kit.golden import golden_file, playthrough, write_golden

__all__ = ["golden_file", "playthrough"]


def main() -> int:
    """Write the golden file of every game shipped with parlour."""
    for name in parlour.game_names():
        if game_parts(name).package.startswith("parlour.games."):
            print(f"wrote {write_golden(name)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
