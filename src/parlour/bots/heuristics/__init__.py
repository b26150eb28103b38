"""Hand-written strategies, one per game, and the bot that plays them.

Each game's ``heuristic`` part (``parlour.games.<game>.heuristic``, declared in
its :class:`~parlour.core.parts.GameParts`) defines ``choose(observation,
legal_actions, rng) -> int``: a short, documented rule of thumb a good casual
player would follow. It reads only what the seat sees (the observation dict of
its View) and its legal actions, decoding actions with the game's public action
encoding (its rules module). The ``rng`` breaks ties.

The same function is the optional rollout policy of the ISMCTS bot, which calls
it with ``state.rollout_observation(player)`` of a sampled state: what that
player would see there (in Casino only the part of it the heuristic reads), so
the rollout player cheats no more than the heuristic bot does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from parlour.bots.base import automatic_action, decision_rng, require_choice
from parlour.core.game import View
from parlour.core.registry import game_parts
from parlour.core.sampler import Rng

Policy = Callable[[Mapping[str, Any], Sequence[int], Rng], int]
"""``choose(observation, legal_actions, rng)``: one of the legal actions."""

_POLICIES: dict[str, Policy | None] = {}

Floor = Callable[[Mapping[str, Any], Sequence[int]], list[int]]
"""``sensible(observation, legal_actions)``: the legal actions that keep the
game's floor of sense (its heuristic part's ``SENSE_FLOOR``, in words)."""


def sensible_actions(view: View) -> list[int]:
    """The legal actions of ``view`` that keep its game's floor of sense (the
    ``sensible`` of its heuristic part): moves a beginner would call silly, such
    as a Casino trail that leaves a free capture of the same rank, are left out.
    All the legal actions when the game declares no floor, or none keeps it."""
    legal = list(view.legal_actions)
    floor = cast(Floor | None, game_parts(view.game.info.name).hook("heuristic", "sensible"))
    if floor is None:
        return legal
    kept = [action for action in floor(view.observation, legal) if action in legal]
    return kept or legal


def policy_for(game_name: str) -> Policy | None:
    """The heuristic of a game (the ``choose`` of its heuristic part), or None if
    the game declares none."""
    if game_name not in _POLICIES:
        choose = game_parts(game_name).attribute("heuristic", "choose")
        _POLICIES[game_name] = cast(Policy, choose) if choose is not None else None
    return _POLICIES[game_name]


class HeuristicBot:
    """Plays its game's heuristic (uniformly random in a game without one)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: View) -> int:
        """The heuristic's choice for this view."""
        require_choice(view)
        legal = view.legal_actions
        game_name = view.game.info.name
        forced = automatic_action(game_name, legal)
        if forced is not None:
            return forced
        rng = decision_rng(self.seed, view)
        if len(legal) == 1:
            return legal[0]
        policy = policy_for(game_name)
        if policy is None:
            return rng.choice(legal)
        return policy(view.observation, legal, rng)


def best_of(legal_actions: Sequence[int], score: Callable[[int], float], rng: Rng) -> int:
    """The legal action with the highest ``score``; ties broken by ``rng``."""
    best_score = float("-inf")
    best: list[int] = []
    for action in legal_actions:
        value = score(action)
        if value > best_score:
            best_score = value
            best = [action]
        elif value == best_score:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)
