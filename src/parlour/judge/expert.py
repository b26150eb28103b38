"""The ``expert`` level: the hard search's favourite moves, weighed by the judge.

The expert plays what a hint proposes: the hard search (the ``hard`` level's
budget for the game) names its favourite moves, the judge values them on
paired imagined deals finished by the game's continuation, and the expert
plays the best. Its choice depends only on the View (the judge is seeded from
it), so it replays exactly; its seed is kept for the bots' common shape.
"""

from __future__ import annotations

import dataclasses

from parlour.bots.base import automatic_action, require_choice
from parlour.bots.heuristics import sensible_actions
from parlour.core.errors import ParlourError
from parlour.core.game import View
from parlour.core.registry import game_parts
from parlour.judge import Budget, candidates, judge_moves

EXPERT_BUDGET = Budget(min_samples=16, max_samples=48, candidates=3)
"""The expert's judge: the hard search's three favourites, 16 to 48 imagined
deals each (more only for a close call). A game whose continuations cost more
declares fewer in its heuristic part (:func:`expert_budget`)."""


def expert_budget(game_name: str, budget: Budget = EXPERT_BUDGET) -> Budget:
    """``budget`` with the changes ``game_name``'s heuristic part declares in
    ``EXPERT_JUDGE`` (a dict of :class:`parlour.judge.Budget` fields: fewer
    imagined deals, a shorter search for the favourites), if it does: the
    expert keeps its moves under its time (docs/bots.md)."""
    declared = game_parts(game_name).hook("heuristic", "EXPERT_JUDGE")
    if declared is None:
        return budget
    fields = {field.name for field in dataclasses.fields(Budget)}
    if not (isinstance(declared, dict) and set(declared) <= fields):
        raise ParlourError(
            f"the heuristic part of the game {game_name!r} gives EXPERT_JUDGE = "
            f"{declared!r}, not a dict of the judge's budget fields ({', '.join(sorted(fields))})"
        )
    try:
        return dataclasses.replace(budget, **declared)
    except (TypeError, ValueError) as error:
        raise ParlourError(
            f"the heuristic part of the game {game_name!r} gives EXPERT_JUDGE = "
            f"{declared!r}: {error}"
        ) from None


class ExpertBot:
    """The hard search's favourites, weighed by the judge (see the module)."""

    def __init__(self, seed: int = 0, budget: Budget = EXPERT_BUDGET, name: str = "expert") -> None:
        self.seed = seed
        self.budget = budget
        self.name = name
        self._budgets: dict[str, Budget] = {}

    def choose(self, view: View) -> int:
        """The judge's best of the search's favourite moves (within the game's
        floor of sense)."""
        require_choice(view)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        forced = automatic_action(view.game.info.name, legal)
        if forced is not None:
            return forced
        allowed = sensible_actions(view)
        if len(allowed) == 1:
            return allowed[0]
        game_name = view.game.info.name
        budget = self._budgets.get(game_name)
        if budget is None:
            budget = self._budgets[game_name] = expert_budget(game_name, self.budget)
        _, favourites = candidates(view, budget)
        kept = [action for action in favourites if action in allowed] or favourites
        return judge_moves(view, kept, budget, search_choice=kept[0]).best


__all__ = ["EXPERT_BUDGET", "ExpertBot", "expert_budget"]
