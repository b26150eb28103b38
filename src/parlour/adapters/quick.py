"""Short option sets for each game, for tests, examples and benchmarks.

Every framework test in CI runs each game once or twice; a game's
``short_options`` (a class fact of its Game) keep a match to one deal (or one
round) so the whole suite stays quick.
"""

from __future__ import annotations

from typing import Any

from parlour.core.registry import game_class


def quick_options(game_name: str, players: int | None = None) -> dict[str, Any]:
    """Options for a short match of ``game_name`` (its Game's ``short_options``),
    with ``players`` if given."""
    options = dict(game_class(game_name).short_options)
    if players is not None:
        options["players"] = players
    return options


def player_counts(game_name: str) -> list[int]:
    """The smallest and the largest player count of a game."""
    info = game_class(game_name).info
    return sorted({info.min_players, info.max_players})
