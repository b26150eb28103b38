"""Short option sets for each game, for tests, examples and benchmarks.

Every framework test in CI runs each game once or twice; these options keep a
match to one deal (or one round) so the whole suite stays quick.
"""

from __future__ import annotations

from typing import Any

from parlour.core.registry import game_class

QUICK_OPTIONS: dict[str, dict[str, Any]] = {
    "casino": {"target": 1},
    "colour-blind": {"deals": 1},
    "dracula": {"deals": 1},
    "dracula-partnership": {"deals": 1},
    "nain-jaune": {"max_deals": 1},
    "thracula": {"deals": 1},
}
"""One deal or one round of each game."""


def quick_options(game_name: str, players: int | None = None) -> dict[str, Any]:
    """Options for a short match of ``game_name`` (a game not listed here uses its
    first conformance option set), with ``players`` if given."""
    options = dict(QUICK_OPTIONS.get(game_name, game_class(game_name).conformance_options[0]))
    if players is not None:
        options["players"] = players
    return options


def player_counts(game_name: str) -> list[int]:
    """The smallest and the largest player count of a game."""
    info = game_class(game_name).info
    return sorted({info.min_players, info.max_players})
