"""The judge against good play, per game (issue 30): on a fixed late position,
its loss for a pair of moves agrees with the same loss measured by search bots
finishing the deal, within three combined standard errors.

Small numbers keep each game to seconds; scripts/judge-calibration.py runs the
same check longer, on earlier positions (docs/review.md gives its results).
"""

from __future__ import annotations

import pytest

from parlour.core.registry import game_names
from parlour.judge import Budget, candidates
from parlour.judge.calibration import calibrate
from parlour.judge.positions import late_position

JUDGE = Budget(min_samples=32, max_samples=32)
"""The judge's budget here: fixed, so its error is what 32 imagined deals give."""


@pytest.mark.parametrize("name", game_names())
def test_the_judges_loss_agrees_with_search_play_outs(name: str) -> None:
    view = late_position(name, 100, 6)
    _, moves = candidates(view, Budget(search_iterations=60, candidates=3))
    assert len(moves) >= 2
    found = calibrate(view, moves[0], moves[-1], JUDGE, samples=12, iterations=30)
    assert found.combined_error < float("inf")
    assert found.agrees(3.0), found
