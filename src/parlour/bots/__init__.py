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
- ``expert``: the hard search's favourite moves weighed by the judge
  (:mod:`parlour.judge.expert`, a layer above the bots: loaded when asked for).

Every bot makes the moves its game's heuristic part calls automatic
(``automatic_action``) without thinking.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from parlour.bots.base import Bot, RandomBot, decision_rng
from parlour.bots.heuristics import HeuristicBot
from parlour.bots.ismcts import IsmctsBot, SearchSettings
from parlour.core.errors import InvalidOptionError, allowed_list

LEVELS: dict[str, SearchSettings] = {
    "easy": SearchSettings(iterations=40, exploration=1.0, sense_floor=True),
    "medium": SearchSettings(iterations=200, sense_floor=True),
    "hard": SearchSettings(
        iterations=600,
        heuristic_rollouts=True,
        hard_budgets=True,
        sense_floor=True,
    ),
}
"""The ISMCTS settings of each level (documented in docs/bots.md). ``hard`` takes
each game's budget for the engine running from its heuristic part's
``HARD_ITERATIONS`` (:func:`parlour.bots.ismcts.hard_iterations`), 600 where a game
declares none."""


def _level(name: str) -> Callable[[int], Bot]:
    def factory(seed: int) -> Bot:
        return IsmctsBot(seed, LEVELS[name], name=name)

    factory.__doc__ = f"An ISMCTS bot at the {name} level."
    return factory


def _expert(seed: int) -> Bot:
    """The expert: the hard search's favourites weighed by the judge."""
    from parlour.judge.expert import ExpertBot  # the judge stands above the bots

    return ExpertBot(seed)


BOT_KINDS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "ismcts": IsmctsBot,
    "easy": _level("easy"),
    "medium": _level("medium"),
    "hard": _level("hard"),
    "expert": _expert,
}
"""Bot kinds by name: each takes a seed."""


MAX_ITERATIONS = 1_000_000
"""The largest budget ``LEVEL:N`` accepts."""


def _search_settings(kind: str) -> SearchSettings | None:
    """The settings of ``LEVEL:N`` (``hard:1200``: a level, or ``ismcts``, with N
    iterations per decision in every game); None for a plain kind. Raises
    :class:`InvalidOptionError` naming what is wrong."""
    name, colon, budget = kind.partition(":")
    if not colon:
        return None
    searchers = ["ismcts", *LEVELS]
    if name not in searchers:
        raise InvalidOptionError(
            f"{kind!r}: only a search bot takes an iteration budget (LEVEL:N with LEVEL "
            f"one of {allowed_list(searchers)}), not {name!r}"
        )
    if not (budget.isascii() and budget.isdigit() and 1 <= int(budget) <= MAX_ITERATIONS):
        raise InvalidOptionError(
            f"{kind!r}: the iterations after ':' must be a whole number from 1 to "
            f"{MAX_ITERATIONS:,}, e.g. {name}:1200"
        )
    base = LEVELS.get(name, SearchSettings())
    return replace(base, iterations=int(budget), game_iterations=(), hard_budgets=False)


def check_bot_kind(kind: str) -> None:
    """Raise :class:`InvalidOptionError` unless ``kind`` names a bot: a key of
    :data:`BOT_KINDS`, or ``LEVEL:N`` (a search level with N iterations a decision)."""
    if kind not in BOT_KINDS and _search_settings(kind) is None:
        raise InvalidOptionError(
            f"unknown bot {kind!r}; bots: {allowed_list(sorted(BOT_KINDS))}, or a search "
            "level with its iterations per decision such as hard:1200"
        )


def make_bot(kind: str, seed: int) -> Bot:
    """A bot of the named kind (``random``, ``heuristic``, ``easy`` …, or ``hard:1200``
    for a level with another iteration budget) with its own seed."""
    check_bot_kind(kind)
    settings = _search_settings(kind)
    if settings is not None:
        return IsmctsBot(seed, settings, name=kind)
    return BOT_KINDS[kind](seed)


__all__ = [
    "BOT_KINDS",
    "LEVELS",
    "MAX_ITERATIONS",
    "Bot",
    "HeuristicBot",
    "IsmctsBot",
    "RandomBot",
    "SearchSettings",
    "check_bot_kind",
    "decision_rng",
    "make_bot",
]
