"""The judge checked against good play: the same loss measured by search play-outs.

:func:`searched_loss` measures the loss of one move against another the long
way: on imagined deals drawn independently of the judge's (another seed), both
moves are played, then search bots (ISMCTS with the heuristic's rollouts) at
every seat finish the deal, paired. If the judge's continuations (the game's
heuristic) were play a search bot would not accept, the two would disagree by
more than their errors: the calibration test (tests/test_judge_calibration.py)
and the campaign script (scripts/judge-calibration.py) check that they do not.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.bots.ismcts import IsmctsBot, SearchSettings
from parlour.core.game import CHANCE, TERMINAL, State, View
from parlour.core.sampler import Rng
from parlour.judge import (
    JUDGE_SEED,
    Budget,
    DealMark,
    _mean_error,
    _split,
    deal_scores,
    judge_moves,
    lead_of,
)

CALIBRATION_SALT = 0xCA1B
"""Mixed into the seed of the search play-outs: samples independent of the judge's."""


@dataclass(frozen=True)
class Calibration:
    """One pair of moves measured both ways."""

    better: str
    worse: str
    judged: float
    """The judge's loss of ``worse`` against ``better`` (paired, may be negative)."""
    judged_error: float
    searched: float
    """The same loss measured by search play-outs."""
    searched_error: float

    @property
    def gap(self) -> float:
        """How far apart the two measures are."""
        return abs(self.judged - self.searched)

    @property
    def combined_error(self) -> float:
        """The standard error of the gap (independent samples)."""
        return float((self.judged_error**2 + self.searched_error**2) ** 0.5)

    def agrees(self, deviations: float = 3.0) -> bool:
        """Whether the gap is within ``deviations`` combined standard errors."""
        return self.gap <= deviations * self.combined_error


def finish_with_search(state: State, mark: DealMark, iterations: int, seed: int) -> None:
    """Play ``state`` to the end of the deal begun at ``mark`` with search bots
    (``iterations`` a decision, the heuristic's rollouts) at every seat."""
    settings = SearchSettings(iterations=iterations, heuristic_rollouts=True)
    bots = [IsmctsBot(seed + seat, settings) for seat in range(state.game.num_players)]
    rng = Rng(seed)
    while True:
        player = state.current_player()
        if player == CHANCE:
            state.apply_random_chance(rng)
            continue
        if player == TERMINAL or state.deals_scored() > mark.lines:
            return
        actions = state.legal_actions()
        action = actions[0] if len(actions) == 1 else bots[player].choose(state.view(player))
        state.apply_action(action)


def searched_loss(
    view: View, better: int, worse: int, samples: int, iterations: int
) -> tuple[float, float]:
    """The mean and standard error of (lead after ``better`` − lead after
    ``worse``) for the deal, with search bots finishing it, paired over
    ``samples`` imagined deals of their own."""
    from parlour.bots.base import view_digest

    seed = JUDGE_SEED ^ CALIBRATION_SALT ^ view_digest(view)
    differences = []
    for index in range(samples):
        sample = view.sample_state(Rng(_split(seed, index, 0)))
        mark = DealMark.of(sample)
        play_seed = _split(seed, index, 1)
        leads = []
        for action in (better, worse):
            state = sample.clone()
            state.apply_action(action)
            finish_with_search(state, mark, iterations, play_seed)
            leads.append(lead_of(deal_scores(state, mark), view.seat))
        differences.append(leads[0] - leads[1])
    return _mean_error(differences)


def calibrate(
    view: View, better: int, worse: int, budget: Budget, samples: int, iterations: int
) -> Calibration:
    """The judge's loss of ``worse`` against ``better`` beside the searched one."""
    judgment = judge_moves(view, (better, worse), budget)
    first, second = judgment.value_of(better), judgment.value_of(worse)
    if judgment.best == better:
        judged, judged_error = second.loss, second.loss_error
    else:
        judged, judged_error = -first.loss, first.loss_error
    searched, searched_error = searched_loss(view, better, worse, samples, iterations)
    return Calibration(
        better=view.action_to_string(better),
        worse=view.action_to_string(worse),
        judged=judged,
        judged_error=judged_error,
        searched=searched,
        searched_error=searched_error,
    )


__all__ = ["Calibration", "calibrate", "finish_with_search", "searched_loss"]
