"""Bounds on each game's returns, for frameworks that ask for them (OpenSpiel's
``min_utility`` / ``max_utility``).

The bounds are safe, not tight: every return of a finished match lies inside
them. They follow from the scoring rules of each game (``docs/games/``).
"""

from __future__ import annotations

from typing import Any

from parlour.core.game import Game

LINE_BOUND = 150
"""No line of a coffin scores more: three cards of at most 10, times 5."""
ROUND_BOUND = 11 + 48
"""Casino: 11 points a round plus at most one sweep per capture (48 plays)."""
CASINO_ROUND_LIMIT = 100
"""Casino's engine ends a game after this many rounds (repeated ties)."""
COLOUR_BLIND_DEAL_BOUND = 14 * 13
"""Colour-blind: at most 14 row cards (with the last card) of at most 13 each."""
FALLBACK_BOUND = 1e9
"""Used for a game this module does not know."""


def utility_bounds(game: Game[Any]) -> tuple[float, float]:
    """``(lowest, highest)`` possible return of any seat of ``game``."""
    name = game.info.name
    options: Any = game.options
    if name == "dracula":
        if options.scoring == "cards":
            return 0.0, 54.0
        per_game = 2.0 * LINE_BOUND * options.deals
        target = options.session_target or 0
        return 0.0, target + per_game
    if name == "dracula-partnership":
        return 0.0, 2.0 * 6 * LINE_BOUND * options.deals
    if name == "thracula":
        return 0.0, 2.0 * LINE_BOUND * options.deals
    if name == "colour-blind":
        deal_limit = getattr(game, "deal_limit", None)
        deals = deal_limit() if callable(deal_limit) else 100
        return 0.0, float(COLOUR_BLIND_DEAL_BOUND * deals)
    if name == "nain-jaune":
        return 0.0, float(options.start_chips * options.players)
    if name == "casino":
        return 0.0, float(ROUND_BOUND * CASINO_ROUND_LIMIT)
    return -FALLBACK_BOUND, FALLBACK_BOUND
