"""Bounds on each game's returns, for frameworks that ask for them (OpenSpiel's
``min_utility`` / ``max_utility``).

Each game says its own bounds (``Game.utility_bounds``, in its rules module):
safe, not tight, every return of a finished match lies inside them.
"""

from __future__ import annotations

from typing import Any

from parlour.core.game import Game


def utility_bounds(game: Game[Any]) -> tuple[float, float]:
    """``(lowest, highest)`` possible return of any seat of ``game`` (the game's own)."""
    return game.utility_bounds()
