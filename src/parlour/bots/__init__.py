"""Bots: players that see only a :class:`~parlour.core.game.View` of their seat.

A bot never receives the State. It is made with a seed, and each decision draws
its randomness from a generator derived from that seed and the view
(:func:`~parlour.bots.base.decision_rng`): the same view and seed always give the
same choice, so a match between bots replays exactly from its seeds.

Kinds (``BOT_KINDS``, the choices of ``parlour play --opponent``):

- ``random``: uniformly random legal moves.
- ``heuristic``: the game's rule of thumb (``parlour.bots.heuristics``).
- ``ismcts``: information-set Monte Carlo tree search, 1,000 iterations a move.
- ``easy``, ``medium``, ``hard``: levels for people (see :data:`LEVELS`).

Every bot claims its Nain Jaune box when the game leaves the claim to players.
"""

from __future__ import annotations

from collections.abc import Callable

from parlour.bots.base import Bot, RandomBot, decision_rng
from parlour.bots.heuristics import HeuristicBot
from parlour.bots.ismcts import IsmctsBot, SearchSettings
from parlour.core.errors import InvalidOptionError, allowed_list

LEVELS: dict[str, SearchSettings] = {
    "easy": SearchSettings(iterations=40, exploration=1.0),
    "medium": SearchSettings(iterations=200),
    "hard": SearchSettings(
        iterations=600,
        heuristic_rollouts=True,
        game_iterations=(
            ("casino", 200),
            ("colour-blind", 800),
            ("dracula", 1200),
            ("dracula-partnership", 400),
            ("nain-jaune", 400),
            ("thracula", 600),
        ),
    ),
}
"""The ISMCTS settings of each level (documented in docs/bots.md)."""


def _level(name: str) -> Callable[[int], Bot]:
    def factory(seed: int) -> Bot:
        return IsmctsBot(seed, LEVELS[name], name=name)

    factory.__doc__ = f"An ISMCTS bot at the {name} level."
    return factory


BOT_KINDS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "ismcts": IsmctsBot,
    "easy": _level("easy"),
    "medium": _level("medium"),
    "hard": _level("hard"),
}
"""Bot kinds by name: each takes a seed."""


def make_bot(kind: str, seed: int) -> Bot:
    """A bot of the named kind (``random``, ``heuristic``, ``easy`` …) with its own seed."""
    try:
        factory = BOT_KINDS[kind]
    except KeyError:
        raise InvalidOptionError(
            f"unknown opponent {kind!r}; opponents: {allowed_list(sorted(BOT_KINDS))}"
        ) from None
    return factory(seed)


__all__ = [
    "BOT_KINDS",
    "LEVELS",
    "Bot",
    "HeuristicBot",
    "IsmctsBot",
    "RandomBot",
    "SearchSettings",
    "decision_rng",
    "make_bot",
]
