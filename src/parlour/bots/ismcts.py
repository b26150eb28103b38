"""Information-set Monte Carlo tree search, one implementation for every game.

The bot sees only its :class:`~parlour.core.game.View`. Each iteration imagines
the hidden cards with ``view.sample_state(rng)`` (a full State consistent with
what the seat has seen, drawn fairly), then walks one shared tree of actions on
that sample (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012):

1. **Select** down the tree with UCB1 among the children whose actions are legal
   in this sample; each legal child's *availability* counts how often it could
   have been chosen, and replaces the parent's visit count in the formula.
2. **Expand** one untried legal action.
3. **Roll out** with random play (or the game's heuristic) to the *horizon*: the
   end of the current deal (the moment the score sheet gains a line) or of the
   match. Chance nodes met on the way, in the tree or in the rollout, are drawn
   with the bot's generator from ``state.chance_outcomes()``.
4. **Back up** each player's reward into the nodes where that player moved.

Evaluation: a seat's reward is its score for the deal(s) ended at the horizon
minus the mean score of the other seats for the same deal(s); if the match ends
without a new score line, the same difference over ``returns()``. Partners share
their side's score (the games give both partners the side's score), so a bot in
a partnership plays for its side. UCB compares these raw differences divided by
their running standard deviation in this search, which keeps one exploration
constant meaningful for games whose scores range from 11 points (Casino) to
hundreds (Dracula).

The move chosen is the most visited child of the root. With a budget in
iterations the choice depends only on the seed and the view; a budget in
seconds trades that determinism for a fixed thinking time.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

from parlour.bots.base import automatic_action, decision_rng, require_choice
from parlour.bots.heuristics import Policy, policy_for, sensible_actions
from parlour.core.game import CHANCE, TERMINAL, State, View
from parlour.core.parts import MissingPartError
from parlour.core.registry import game_parts
from parlour.core.sampler import Rng


@dataclass(frozen=True)
class SearchSettings:
    """How hard an ISMCTS bot thinks."""

    iterations: int | None = 1000
    """Iterations per move (None: no limit in iterations; then ``seconds`` is needed)."""
    seconds: float | None = None
    """Thinking time per move in seconds (None: no time limit)."""
    exploration: float = 0.7
    """The UCB1 exploration constant, on rewards scaled to unit standard deviation."""
    heuristic_rollouts: bool = False
    """Roll out with the game's heuristic instead of uniformly random play."""
    game_iterations: tuple[tuple[str, int], ...] = ()
    """Per-game iteration budgets that replace ``iterations`` (``(game name, n)``
    pairs), so that a level thinks about as long in every game."""
    sense_floor: bool = False
    """Keep the game's floor of sense (its heuristic's ``sensible``): the moves
    below it are never chosen (the levels meant for people, docs/bots.md)."""
    hard_budgets: bool = False
    """Take each game's budget from its heuristic part's ``HARD_ITERATIONS`` (the
    column of the engine running), where the game declares one (the ``hard`` level)."""

    def iterations_for(self, game_name: str) -> int | None:
        """The iteration budget in ``game_name``."""
        for name, iterations in self.game_iterations:
            if name == game_name:
                return iterations
        if self.hard_budgets:
            budget = hard_iterations(game_name)
            if budget is not None:
                return budget
        return self.iterations

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("an ISMCTS budget needs iterations or seconds (or both)")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"seconds must be positive, not {self.seconds}")


def hard_iterations(game_name: str) -> int | None:
    """The ``hard`` level's iterations per decision that ``game_name`` declares
    (``HARD_ITERATIONS`` in its heuristic part: compiled, pure) for the engine
    running; None when the game declares none."""
    from parlour import compiled

    budgets = game_parts(game_name).hook("heuristic", "HARD_ITERATIONS")
    if budgets is None:
        return None
    if not (
        isinstance(budgets, tuple)
        and len(budgets) == 2
        and all(isinstance(budget, int) and budget >= 1 for budget in budgets)
    ):
        raise MissingPartError(
            f"the heuristic part of the game {game_name!r} gives HARD_ITERATIONS = "
            f"{budgets!r}, not two whole numbers of at least 1 (compiled, pure Python)"
        )
    compiled_budget, pure_budget = budgets
    return int(compiled_budget if compiled() else pure_budget)


class _Node:
    """One node of the shared tree: the action of ``player`` that leads here."""

    __slots__ = ("available", "children", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 1


@dataclass
class SearchResult:
    """What one search found: the choice and the statistics of the root's children."""

    action: int
    iterations: int
    visits: dict[int, int]
    """Visits of each root action."""
    values: dict[int, float]
    """Mean raw reward (score difference) of each root action for the searching seat."""


def _rewards(state: State, base_lines: int, players: int) -> list[float]:
    lines = state.score_sheet()[base_lines:]
    if lines:
        scores = [0.0] * players
        for line in lines:
            for seat in range(players):
                scores[seat] += line.scores[seat]
    elif state.is_terminal():
        scores = list(state.returns())
    else:
        return [0.0] * players
    total = sum(scores)
    others = players - 1
    return [score - (total - score) / others for score in scores]


class Searcher:
    """The search itself, separate from the bot so that bench can time it."""

    def __init__(self, settings: SearchSettings) -> None:
        self.settings = settings

    def search(
        self, view: View, rng: Rng, root_actions: Sequence[int] | None = None
    ) -> SearchResult:
        """Search from ``view`` and return the chosen action with root statistics;
        ``root_actions``, when given, are the only moves considered at the root
        (a floor of sense), a subset of the legal ones."""
        settings = self.settings
        legal = list(root_actions) if root_actions else view.legal_actions
        allowed = frozenset(legal)
        game_name = view.game.info.name
        players = view.game.num_players
        policy: Policy | None = policy_for(game_name) if settings.heuristic_rollouts else None
        root = _Node(view.seat)
        budget = settings.iterations_for(game_name)
        limit = budget if budget is not None else 1 << 62
        deadline = time.perf_counter() + settings.seconds if settings.seconds is not None else None
        exploration = settings.exploration
        count = 0
        reward_sum = 0.0
        reward_squares = 0.0
        base_lines = -1
        iteration = 0
        while iteration < limit:
            if deadline is not None and iteration % 8 == 0 and time.perf_counter() >= deadline:
                break
            iteration += 1
            state = view.sample_state(rng)
            if base_lines < 0:
                base_lines = state.deals_scored()
            # Scale for UCB: the running standard deviation of rewards seen so far.
            if count > 1:
                variance = reward_squares / count - (reward_sum / count) ** 2
                scale = math.sqrt(variance) if variance > 1e-12 else 1.0
            else:
                scale = 1.0
            node = root
            path: list[_Node] = []
            # Selection and expansion.
            while True:
                player = state.current_player()
                if player == CHANCE:
                    state.apply_random_chance(rng)
                    continue
                if player == TERMINAL or state.deals_scored() > base_lines:
                    break
                actions = state.legal_actions()
                if len(actions) == 1:
                    state.apply_action(actions[0])
                    continue
                forced = automatic_action(game_name, actions)
                if forced is not None:
                    state.apply_action(forced)
                    continue
                if node is root:
                    actions = [action for action in actions if action in allowed] or actions
                children = node.children
                untried = [action for action in actions if action not in children]
                if untried:
                    action = untried[rng.below(len(untried))]
                    child = _Node(player)
                    children[action] = child
                    for other in actions:
                        if other != action and other in children:
                            children[other].available += 1
                    state.apply_action(action)
                    path.append(child)
                    break
                best_action = actions[0]
                best_value = -math.inf
                for action in actions:
                    child = children[action]
                    child.available += 1
                    value = child.total / (child.visits * scale) + exploration * math.sqrt(
                        math.log(child.available) / child.visits
                    )
                    if value > best_value:
                        best_value = value
                        best_action = action
                node = children[best_action]
                state.apply_action(best_action)
                path.append(node)
            # Rollout to the horizon.
            play_out(state, base_lines, policy, rng, game_name)
            rewards = _rewards(state, base_lines, players)
            for visited in path:
                visited.visits += 1
                visited.total += rewards[visited.player]
            mine = rewards[view.seat]
            count += 1
            reward_sum += mine
            reward_squares += mine * mine
        visits = {action: child.visits for action, child in root.children.items()}
        values = {
            action: child.total / child.visits
            for action, child in root.children.items()
            if child.visits
        }
        if visits:
            chosen = max(legal, key=lambda a: (visits.get(a, 0), values.get(a, -math.inf)))
        else:
            chosen = legal[rng.below(len(legal))]
        return SearchResult(chosen, iteration, visits, values)


class IsmctsBot:
    """Information-set MCTS over ``view.sample_state`` (see the module docstring)."""

    def __init__(
        self, seed: int = 0, settings: SearchSettings | None = None, name: str = "ismcts"
    ) -> None:
        self.seed = seed
        self.settings = settings if settings is not None else SearchSettings()
        self.name = name
        self.searcher = Searcher(self.settings)

    def choose(self, view: View) -> int:
        """The most visited root action of a search from this view."""
        require_choice(view)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        forced = automatic_action(view.game.info.name, legal)
        if forced is not None:
            return forced
        allowed = sensible_actions(view) if self.settings.sense_floor else legal
        if len(allowed) == 1:
            return allowed[0]
        return self.searcher.search(view, decision_rng(self.seed, view), allowed).action


def play_out(state: State, lines: int, policy: Policy | None, rng: Rng, game_name: str) -> None:
    """Play ``state`` on until the end of the game or of the deal after score-sheet
    line ``lines``: chance from ``rng``, an automatic move where the game has
    one, else ``policy`` for every seat (None: uniformly at random). The search's
    rollouts and the judge's continuations both play this way."""
    while True:
        player = state.current_player()
        if player == CHANCE:
            state.apply_random_chance(rng)
            continue
        if player == TERMINAL or state.deals_scored() > lines:
            return
        actions = state.legal_actions()
        if len(actions) == 1:
            action = actions[0]
        else:
            forced = automatic_action(game_name, actions)
            if forced is not None:
                action = forced
            elif policy is not None:
                action = policy(state.rollout_observation(player), actions, rng)
            else:
                action = actions[rng.below(len(actions))]
        state.apply_action(action)
