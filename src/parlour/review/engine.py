"""The review engine: every decision of one seat, judged on that seat's View.

For each decision a seat made (a step at which it had more than one legal
action), the engine rebuilds the seat's :class:`~parlour.core.game.View` by
replaying the match's history, asks the hard bot's search which move it
prefers, and estimates the expected result of the deal for the move played and
for the best candidates by *determinized rollouts*: each sample imagines the
hidden cards with ``view.sample_state`` (never the true ones), plays the
candidate, and finishes the deal with the game's heuristic policy (the hard
bot's rollout policy). Every candidate is rolled out on the same samples with
the same generator (common random numbers), so the difference between two
moves is measured far more precisely than either value.

Everything the engine draws comes from a generator seeded by the seat's View
(:func:`~parlour.bots.base.view_digest`): two matches that differ only in cards
hidden from the seat get exactly the same review.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from parlour.bots import LEVELS
from parlour.bots.base import automatic_action, decision_rng, view_digest
from parlour.bots.heuristics import Policy, policy_for
from parlour.bots.ismcts import Searcher
from parlour.core.errors import ParlourError
from parlour.core.game import CHANCE, JSON, TERMINAL, State, View
from parlour.core.sampler import Rng

GOOD = "good"
INACCURACY = "inaccuracy"
MISTAKE = "mistake"
BLUNDER = "blunder"
FORCED = "forced"
GRADES = (GOOD, INACCURACY, MISTAKE, BLUNDER)
"""The grades of a decision, from best to worst (a forced move has none)."""

DEFAULT_THRESHOLDS = (2.0, 5.0, 10.0)
"""Expected losses (in the game's points per deal) from which a decision is an
inaccuracy, a mistake, a blunder, for a game that declares no
``review_thresholds``."""

REVIEW_SEED = 0x5EED_4E71E
"""Mixed into every generator of the review, so that it never repeats a bot's."""


@dataclass(frozen=True)
class ReviewSettings:
    """How hard the review works."""

    min_samples: int = 48
    """Rollouts per candidate move before the precision is first checked."""
    max_samples: int = 384
    """The most rollouts per candidate move."""
    candidates: int = 3
    """Moves evaluated besides the move played: the search's most visited ones."""
    search_iterations: int | None = None
    """The search's iterations per decision (None: the hard level's budget)."""
    par: bool = True
    """Also compute the par (the hard bot replaying the seat on the same deals)."""

    def __post_init__(self) -> None:
        if not 1 <= self.min_samples <= self.max_samples:
            raise ValueError(
                f"a review needs 1 <= min_samples <= max_samples, not {self.min_samples} "
                f"and {self.max_samples}"
            )
        if self.candidates < 1:
            raise ValueError(f"a review evaluates at least one candidate, not {self.candidates}")


FAST_SETTINGS = ReviewSettings(min_samples=16, max_samples=32, candidates=2, search_iterations=150)
"""A quick, rougher review (tests, previews)."""


@dataclass(frozen=True)
class Estimate:
    """The expected result of one move for the deal, from sampled rollouts."""

    action: int
    text: str
    lead: float
    """Mean of (the seat's points − the other seats' mean points) for the deal."""
    lead_error: float
    """Standard error of :attr:`lead`."""
    points: float
    """Mean of the seat's own points for the deal."""
    points_error: float
    """Standard error of :attr:`points`."""
    samples: int

    def to_json(self) -> dict[str, JSON]:
        """A JSON-friendly dict."""
        return {
            "action": self.action,
            "text": self.text,
            "lead": round(self.lead, 3),
            "lead_error": round(self.lead_error, 3),
            "points": round(self.points, 3),
            "points_error": round(self.points_error, 3),
            "samples": self.samples,
        }


@dataclass(frozen=True)
class Decision:
    """One decision of the seat, judged on its View at that moment."""

    step: int
    """Index of the decision in the match's history."""
    deal: int
    """The deal (1, 2, …) the decision belongs to."""
    move: int
    """The move's number among the players' moves of the match, from 1 (what
    ``parlour replay`` counts: its step ``move - 1`` shows the board before it)."""
    played: Estimate
    best: Estimate
    """The best move found (the played one when nothing better was found)."""
    bot_choice: int
    """The move the hard bot's search prefers."""
    loss: float
    """Expected lead lost against :attr:`best` (0 or more)."""
    loss_error: float
    """Standard error of :attr:`loss` (of the paired differences)."""
    grade: str
    legal_count: int
    observation: Mapping[str, JSON] = field(repr=False)
    """The seat's observation at the decision (the board it saw)."""
    explanation_played: str = ""
    explanation_best: str = ""

    @property
    def flagged(self) -> bool:
        """Whether the decision is an inaccuracy, a mistake or a blunder."""
        return self.grade in (INACCURACY, MISTAKE, BLUNDER)

    def to_json(self) -> dict[str, JSON]:
        """A JSON-friendly dict (the board included)."""
        return {
            "step": self.step,
            "deal": self.deal,
            "move": self.move,
            "played": self.played.to_json(),
            "best": self.best.to_json(),
            "bot_choice": self.bot_choice,
            "loss": round(self.loss, 3),
            "loss_error": round(self.loss_error, 3),
            "grade": self.grade,
            "legal_count": self.legal_count,
            "observation": dict(self.observation),
            "explanation_played": self.explanation_played,
            "explanation_best": self.explanation_best,
        }


Progress = Callable[[int, int], None]
"""Told ``(done, total)`` as the review goes."""


def thresholds_for(game: Any) -> tuple[float, float, float]:
    """The game's ``review_thresholds`` (inaccuracy, mistake, blunder), checked."""
    found = getattr(game, "review_thresholds", None) or DEFAULT_THRESHOLDS
    thresholds = tuple(float(value) for value in found)
    if len(thresholds) != 3 or not 0 < thresholds[0] <= thresholds[1] <= thresholds[2]:
        raise ParlourError(
            f"{type(game).__name__}.review_thresholds must be three rising positive numbers "
            f"(inaccuracy, mistake, blunder), not {found!r}"
        )
    return (thresholds[0], thresholds[1], thresholds[2])


def grade_of(loss: float, loss_error: float, thresholds: tuple[float, float, float]) -> str:
    """The grade of a decision that loses ``loss`` (± ``loss_error``) expected points.

    A loss within two standard errors of nothing is not told apart from noise:
    the decision is good.

    >>> grade_of(0.5, 0.1, (1.0, 3.0, 6.0)), grade_of(7.0, 0.5, (1.0, 3.0, 6.0))
    ('good', 'blunder')
    >>> grade_of(7.0, 4.0, (1.0, 3.0, 6.0))
    'good'
    """
    if loss <= 2.0 * loss_error:
        return GOOD
    inaccuracy, mistake, blunder = thresholds
    if loss >= blunder:
        return BLUNDER
    if loss >= mistake:
        return MISTAKE
    if loss >= inaccuracy:
        return INACCURACY
    return GOOD


def deal_result(state: State, base_lines: int, seat: int) -> tuple[float, float]:
    """(lead, points) of ``seat`` for the deal(s) scored since ``base_lines``
    lines (the match's returns if it ended without a new line)."""
    players = state.game.num_players
    lines = state.score_sheet()[base_lines:]
    if lines:
        scores = [sum(float(line.scores[other]) for line in lines) for other in range(players)]
    elif state.is_terminal():
        scores = [float(value) for value in state.returns()]
    else:
        scores = [0.0] * players
    mine = scores[seat]
    others = (sum(scores) - mine) / max(1, players - 1)
    return mine - others, mine


def roll_out(state: State, base_lines: int, rng: Rng, policy: Policy | None) -> None:
    """Play ``state`` on to the end of the deal: the heuristic (or random) policy
    for every seat, chance from ``rng``."""
    game_name = state.game.info.name
    while True:
        player = state.current_player()
        if player == CHANCE:
            state.apply_random_chance(rng)
            continue
        if player == TERMINAL or state.deals_scored() > base_lines:
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


@dataclass
class _Tally:
    count: int = 0
    lead_sum: float = 0.0
    lead_squares: float = 0.0
    points_sum: float = 0.0
    points_squares: float = 0.0

    def add(self, lead: float, points: float) -> None:
        self.count += 1
        self.lead_sum += lead
        self.lead_squares += lead * lead
        self.points_sum += points
        self.points_squares += points * points


def _mean_error(total: float, squares: float, count: int) -> tuple[float, float]:
    mean = total / count
    if count < 2:
        return mean, math.inf
    variance = max(0.0, (squares - count * mean * mean) / (count - 1))
    return mean, math.sqrt(variance / count)


class Evaluator:
    """Estimates moves from one View by paired determinized rollouts."""

    def __init__(self, view: View, settings: ReviewSettings, precision: float) -> None:
        self.view = view
        self.settings = settings
        self.precision = precision
        """The standard error of a loss at which sampling stops early."""
        self.policy: Policy | None = policy_for(view.game.info.name)
        self._rng = Rng(REVIEW_SEED ^ view_digest(view))

    def evaluate(self, actions: list[int], reference: int) -> tuple[list[Estimate], list[float]]:
        """An :class:`Estimate` per action, and per action the standard error of
        its difference from ``reference``'s value (paired samples)."""
        view = self.view
        seat = view.seat
        tallies = [_Tally() for _ in actions]
        reference_index = actions.index(reference)
        differences = [_Tally() for _ in actions]
        samples = 0
        while samples < self.settings.max_samples:
            sample = view.sample_state(self._rng)
            base_lines = sample.deals_scored()
            rollout_seed = self._rng.next64()
            leads: list[float] = []
            for index, action in enumerate(actions):
                state = sample.clone()
                state.apply_action(action)
                roll_out(state, base_lines, Rng(rollout_seed), self.policy)
                lead, points = deal_result(state, base_lines, seat)
                tallies[index].add(lead, points)
                leads.append(lead)
            for index, paired in enumerate(differences):
                paired.add(leads[index] - leads[reference_index], 0.0)
            samples += 1
            if samples >= self.settings.min_samples and samples % 16 == 0:
                worst = (
                    max(
                        _mean_error(tally.lead_sum, tally.lead_squares, tally.count)[1]
                        for index, tally in enumerate(differences)
                        if index != reference_index
                    )
                    if len(actions) > 1
                    else 0.0
                )
                if worst <= self.precision:
                    break
        estimates = []
        errors = []
        for action, tally, paired in zip(actions, tallies, differences, strict=True):
            lead, lead_error = _mean_error(tally.lead_sum, tally.lead_squares, tally.count)
            points, points_error = _mean_error(tally.points_sum, tally.points_squares, tally.count)
            estimates.append(
                Estimate(
                    action=action,
                    text=view.action_to_string(action),
                    lead=lead,
                    lead_error=lead_error,
                    points=points,
                    points_error=points_error,
                    samples=tally.count,
                )
            )
            errors.append(_mean_error(paired.lead_sum, paired.lead_squares, paired.count)[1])
        return estimates, errors


def candidates_of(view: View, played: int, settings: ReviewSettings) -> tuple[int, list[int]]:
    """The hard bot's preferred move, and the moves to evaluate: the move played
    and the search's most visited moves."""
    base = LEVELS["hard"]
    game_name = view.game.info.name
    iterations = (
        settings.search_iterations
        if settings.search_iterations is not None
        else base.iterations_for(game_name)
    )
    searcher = Searcher(
        type(base)(
            iterations=iterations,
            exploration=base.exploration,
            heuristic_rollouts=base.heuristic_rollouts,
        )
    )
    result = searcher.search(view, decision_rng(REVIEW_SEED, view))
    ranked = sorted(
        view.legal_actions,
        key=lambda action: (-result.visits.get(action, 0), action),
    )
    chosen = [played]
    for action in [result.action, *ranked]:
        if action not in chosen:
            chosen.append(action)
        if len(chosen) > settings.candidates:
            break
    return result.action, chosen


def judge(
    view: View,
    played: int,
    step: int,
    deal: int,
    move: int,
    settings: ReviewSettings,
    thresholds: tuple[float, float, float],
) -> Decision:
    """The review of one decision (``view`` has at least two legal actions)."""
    bot_choice, actions = candidates_of(view, played, settings)
    evaluator = Evaluator(view, settings, precision=thresholds[0] / 4.0)
    estimates, errors = evaluator.evaluate(actions, played)
    best_index = max(range(len(actions)), key=lambda index: (estimates[index].lead, -index))
    played_estimate = estimates[0]
    best_estimate = estimates[best_index]
    loss = max(0.0, best_estimate.lead - played_estimate.lead)
    loss_error = errors[best_index] if best_index else 0.0
    return Decision(
        step=step,
        deal=deal,
        move=move,
        played=played_estimate,
        best=best_estimate,
        bot_choice=bot_choice,
        loss=loss,
        loss_error=loss_error,
        grade=grade_of(loss, loss_error, thresholds),
        legal_count=len(view.legal_actions),
        observation=view.observation,
    )


def decision_points(final: State, seat: int) -> list[tuple[int, int, int, View, int]]:
    """Each step at which ``seat`` chose among several moves in the history of
    ``final``: (step, deal, move number, the seat's View then, the action
    played). Rebuilt by
    replaying the history from the start; a bot's automatic move (a Nain Jaune
    claim) is not a decision."""
    game = final.game
    state = game.new_initial_state()
    state.record_seen_history()
    points: list[tuple[int, int, int, View, int]] = []
    game_name = game.info.name
    moves = 0
    for step, action in enumerate(final.history):
        player = state.current_player()
        if player >= 0:
            moves += 1
        if player == seat:
            legal = state.legal_actions()
            if len(legal) > 1 and automatic_action(game_name, legal) is None:
                view = state.view(seat)
                points.append((step, state.deals_scored() + 1, moves, view, action))
        state.apply_action(action)
    return points
