"""Golden playthroughs: each game's seeded match must replay exactly as recorded
in the golden file of its own package (:mod:`parlour.kit.golden`).

If a rule change is intended, regenerate with ``python tests/make_golden.py`` (a
game of another distribution: ``parlour check GAME --write-golden``) and review
the diff. The golden file is an optional part for a game of another
distribution (``parlour check`` says it is absent); every game shipped with
parlour has one.
"""

from __future__ import annotations

import pytest

import parlour
from parlour.core.registry import game_parts
from parlour.kit.golden import golden_file, playthrough


@pytest.mark.parametrize("name", parlour.game_names())
def test_golden_playthrough(name: str) -> None:
    found = golden_file(name)
    if not found.is_file():
        assert not game_parts(name).package.startswith("parlour.games."), (
            f"{name} has no golden playthrough: run python tests/make_golden.py"
        )
        pytest.skip(f"{name} (of another distribution) ships no golden file")
    assert playthrough(name) == found.read_text(encoding="utf-8")
