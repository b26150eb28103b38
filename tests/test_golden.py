"""Golden playthroughs: each game's seeded match must replay exactly as recorded.

If a rule change is intended, regenerate with ``python tests/make_golden.py`` and
review the diff.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import parlour

sys.path.insert(0, str(Path(__file__).parent))
from make_golden import GOLDEN, playthrough


@pytest.mark.parametrize("name", parlour.game_names())
def test_golden_playthrough(name: str) -> None:
    path = GOLDEN / f"{name}.txt"
    assert path.exists(), f"{name} has no golden playthrough: run python tests/make_golden.py"
    assert playthrough(name) == path.read_text(encoding="utf-8")
