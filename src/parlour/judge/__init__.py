"""The judge: the one place that values moves for a seat, from its View only.

Hints, the lessons' coach, the post-game review, its "find a better move" and
the expert bot all ask the judge; nothing else in parlour values a position.
One question (a View, a set of candidate moves, a :class:`Budget`) always gets
the same answer, whichever feature asks it.

How a move is valued (docs/review.md says it for players):

1. **Imagined deals.** Sample ``i`` imagines the hidden cards with
   ``view.sample_state`` drawn from a generator seeded by a digest of the View
   (:func:`~parlour.bots.base.view_digest`) and ``i``: never the true cards, and
   the same imagined deal for every move and every caller.
2. **Paired continuations.** On each sample every candidate is played, then
   the deal is finished by the continuation policy (:func:`continuation_for`:
   the game's heuristic for every seat, the rollout policy of the hard search)
   with one generator per sample shared by all candidates, so the *difference*
   between two moves is measured far more precisely than either value.
3. **The value** of a move is the expected **lead for the deal**: the seat's
   points for the deal (or round), end bonus included, less the other seats'
   average, in the game's own points. In a partnership the side's score.
4. **Budget where the choice is close.** After ``min_samples`` samples, every
   16 more, a move stops when its paired difference from the leader is told
   apart (more than three standard errors), or is surely under the game's
   inaccuracy threshold (the difference plus two standard errors: the move is
   good whichever is best), or is measured to the budget's precision (its
   standard error); the others, the close calls, go on to ``max_samples``.

The **best move** is the one of highest value, except that the search's
favourite (when the moves came from :func:`candidates`) stays the best unless
another is told apart from it by more than :data:`NOISE` standard errors: the
judge's continuations are rougher play than the search's, and an expert that
followed their mean against the search's choice lost to hard in Casino.
Inside a move made in steps (a Casino capture picking its groups), the step
that completes the move as its first step's explanation said stands instead
(:func:`parlour.core.explain.planned_step`), so that a hint followed step by
step makes the move it announced.

A move's **loss** is the best move's value less its own, on the samples both
saw, never below 0, with the standard error of the paired differences.

The candidates of a position (:func:`candidates`) are the hard search's most
visited moves, searched with a generator seeded from the View too.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from parlour.bots import LEVELS
from parlour.bots.base import automatic_action, decision_rng, view_digest
from parlour.bots.heuristics import Policy, policy_for
from parlour.bots.ismcts import Searcher, SearchSettings, play_out
from parlour.core.errors import ParlourError
from parlour.core.explain import planned_step
from parlour.core.game import CHANCE, JSON, TERMINAL, State, View
from parlour.core.registry import game_parts
from parlour.core.sampler import Rng

JUDGE_SEED = 0x5EED_4E71E
"""Mixed into every generator of the judge, so that it never repeats a bot's."""

BATCH = 16
"""Samples added between two checks of the precision."""

SEPARATED = 3.0
"""Standard errors beyond which a move is told apart from the leader (it stops)."""

NOISE = 2.0
"""Standard errors within which a loss is not told apart from noise: a decision
that loses no more is graded good, and the search's favourite stays the best
move unless another beats it by more (:func:`judge_moves`)."""

DEFAULT_THRESHOLDS = (2.0, 5.0, 10.0)
"""Losses from which a decision is an inaccuracy, a mistake, a blunder, for a
game that declares no ``review_thresholds``."""


class JudgeError(ParlourError):
    """A question the judge cannot answer (no move, an illegal one)."""


@dataclass(frozen=True)
class Budget:
    """How hard the judge works on one question."""

    min_samples: int = 32
    """Imagined deals per move before the precision is first checked."""
    max_samples: int = 192
    """The most imagined deals per move."""
    precision: float | None = None
    """The standard error of a loss at which sampling stops (None: a third of
    the game's inaccuracy threshold)."""
    candidates: int = 3
    """How many of the search's favourite moves :func:`candidates` gives."""
    search_iterations: int | None = None
    """The search's iterations for :func:`candidates` (None: the hard level's)."""
    continuation_search: int | None = None
    """Search iterations for the first decisions of a continuation (None: what
    the game declares, :func:`continuation_for`; 0: the heuristic alone)."""

    def __post_init__(self) -> None:
        if not 1 <= self.min_samples <= self.max_samples:
            raise ValueError(
                f"a judge's budget needs 1 <= min_samples <= max_samples, not "
                f"{self.min_samples} and {self.max_samples}"
            )
        if self.candidates < 1:
            raise ValueError(f"a judge compares at least one candidate, not {self.candidates}")
        if self.precision is not None and not self.precision > 0:
            raise ValueError(f"a judge's precision must be positive, not {self.precision}")
        if self.continuation_search is not None and self.continuation_search < 0:
            raise ValueError(
                f"continuation_search must be 0 or more, not {self.continuation_search}"
            )
        if self.search_iterations is not None and self.search_iterations < 1:
            raise ValueError(f"search_iterations must be at least 1, not {self.search_iterations}")

    def precision_for(self, game: object) -> float:
        """The precision asked, or a third of ``game``'s inaccuracy threshold."""
        if self.precision is not None:
            return self.precision
        return thresholds_for(game)[0] / 3.0


DEFAULT_BUDGET = Budget()
"""What hints, the coach and the review use unless told otherwise."""

QUICK_BUDGET = Budget(min_samples=16, max_samples=32, candidates=2, search_iterations=150)
"""A quick, rougher judge (tests, previews, ``parlour review --quick``)."""


def thresholds_for(game: object) -> tuple[float, float, float]:
    """The game's ``review_thresholds`` (inaccuracy, mistake, blunder), checked."""
    found = getattr(game, "review_thresholds", None) or DEFAULT_THRESHOLDS
    thresholds = tuple(float(value) for value in found)
    if len(thresholds) != 3 or not 0 < thresholds[0] <= thresholds[1] <= thresholds[2]:
        raise ParlourError(
            f"{type(game).__name__}.review_thresholds must be three rising positive numbers "
            f"(inaccuracy, mistake, blunder), not {found!r}"
        )
    return (thresholds[0], thresholds[1], thresholds[2])


# ----- what a deal is worth -------------------------------------------------------------


@dataclass(frozen=True)
class DealMark:
    """Where a deal's result is counted from: the score sheet's lines and end
    bonuses at its start."""

    lines: int
    bonuses: int

    @classmethod
    def of(cls, state: State) -> DealMark:
        """The mark of ``state`` now."""
        return cls(state.deals_scored(), len(state.full_sheet().bonuses))


def deal_scores(state: State, mark: DealMark) -> list[float]:
    """Each seat's points since ``mark``: the new score lines and any end bonus
    (a partner gets the side's); the match's returns if it ended without a new
    line. Nain Jaune counts chips won or lost."""
    players = state.game.num_players
    lines = state.score_sheet()[mark.lines :]
    if lines:
        scores = [sum(float(line.scores[seat]) for line in lines) for seat in range(players)]
    elif state.is_terminal():
        return [float(value) for value in state.returns()]
    else:
        return [0.0] * players
    sheet = state.full_sheet()
    for bonus in sheet.bonuses[mark.bonuses :]:
        for column, seats in enumerate(sheet.columns):
            for seat in seats:
                scores[seat] += float(bonus.scores[column])
    return scores


def lead_of(scores: Sequence[float], seat: int) -> float:
    """``seat``'s points less the other seats' average (a partner's included:
    partners get the same score, so a side's lead is its points less the
    average of all the other seats)."""
    mine = scores[seat]
    others = (sum(scores) - mine) / max(1, len(scores) - 1)
    return mine - others


@dataclass(frozen=True)
class Continuation:
    """How the judge finishes a deal after a judged move: the game's heuristic
    for every seat, after the first ``searched_plies`` decisions (every seat's),
    which take a short search (``search_iterations`` ISMCTS iterations with the
    heuristic's rollouts) where the game declares one: where its heuristic
    alone was measured to disagree with search play-outs (docs/review.md)."""

    policy: Policy | None
    search_iterations: int = 0
    searched_plies: int = 0

    def finish(self, state: State, mark: DealMark, rng: Rng) -> None:
        """Play ``state`` on to the end of the deal begun at ``mark``."""
        if self.search_iterations and self.searched_plies:
            game_name = state.game.info.name
            searcher = Searcher(
                SearchSettings(iterations=self.search_iterations, heuristic_rollouts=True)
            )
            searched = 0
            while searched < self.searched_plies:
                player = state.current_player()
                if player == CHANCE:
                    state.apply_random_chance(rng)
                    continue
                if player == TERMINAL or state.deals_scored() > mark.lines:
                    return
                actions = state.legal_actions()
                forced = actions[0] if len(actions) == 1 else automatic_action(game_name, actions)
                if forced is None:
                    forced = searcher.search(state.view(player), rng).action
                    searched += 1
                state.apply_action(forced)
        finish_deal(state, mark, rng, self.policy)


def continuation_for(game_name: str) -> Continuation:
    """The judge's continuation in ``game_name``: its heuristic, after the short
    search its heuristic part declares in ``JUDGE_SEARCH`` (``(iterations,
    decisions)``: the first decisions after the judged move, every seat's;
    none by default)."""
    declared = game_parts(game_name).hook("heuristic", "JUDGE_SEARCH")
    if declared is None:
        return Continuation(policy_for(game_name))
    if not (
        isinstance(declared, tuple)
        and len(declared) == 2
        and all(type(number) is int and number >= 0 for number in declared)
    ):
        raise ParlourError(
            f"the heuristic part of the game {game_name!r} gives JUDGE_SEARCH = "
            f"{declared!r}, not two whole numbers (search iterations, decisions searched)"
        )
    return Continuation(policy_for(game_name), declared[0], declared[1])


def finish_deal(state: State, mark: DealMark, rng: Rng, policy: Policy | None) -> None:
    """Play ``state`` on to the end of the deal begun at ``mark`` (or of the
    match): ``policy`` for every seat, chance from ``rng``."""
    play_out(state, mark.lines, policy, rng, state.game.info.name)


# ----- answers --------------------------------------------------------------------------


@dataclass(frozen=True)
class MoveValue:
    """What one move is worth for the deal, from the seat's side."""

    action: int
    text: str
    lead: float
    """Expected lead for the deal (the seat's points less the others' average):
    for a move other than the best, the best's less the paired :attr:`loss`."""
    lead_error: float
    """Standard error of :attr:`lead`."""
    points: float
    """Expected points of the seat for the deal."""
    points_error: float
    samples: int
    """Imagined deals this move was played on."""
    loss: float = 0.0
    """The best move's lead less this one's, on the samples both saw (0 or more)."""
    loss_error: float = 0.0
    """Standard error of :attr:`loss` (of the paired differences)."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MoveValue:
        """A value read back from :meth:`to_json`."""
        return cls(
            action=int(data["action"]),
            text=str(data["text"]),
            lead=float(data["lead"]),
            lead_error=float(data["lead_error"]),
            points=float(data["points"]),
            points_error=float(data["points_error"]),
            samples=int(data["samples"]),
            loss=float(data.get("loss", 0.0)),
            loss_error=float(data.get("loss_error", 0.0)),
        )

    def to_json(self) -> dict[str, JSON]:
        """A JSON-friendly dict (the keys of the review's estimates)."""
        return {
            "action": self.action,
            "text": self.text,
            "lead": round(self.lead, 3),
            "lead_error": round(self.lead_error, 3),
            "points": round(self.points, 3),
            "points_error": round(self.points_error, 3),
            "samples": self.samples,
            "loss": round(self.loss, 3),
            "loss_error": round(self.loss_error, 3),
        }


@dataclass(frozen=True)
class Judgment:
    """The judge's answer for one View and a set of moves."""

    seat: int
    values: tuple[MoveValue, ...]
    """Every move asked about, in order of action."""
    best: int
    """The move of highest expected lead; the search's favourite when no move
    beats it by more than :data:`NOISE` standard errors."""
    precision: float
    """The standard error sampling aimed for."""
    search_choice: int | None = None
    """The hard search's favourite, when the candidates came from it."""
    thresholds: tuple[float, float, float] = field(default=DEFAULT_THRESHOLDS)

    def value_of(self, action: int) -> MoveValue:
        """The value of ``action`` (one of the moves asked about)."""
        for value in self.values:
            if value.action == action:
                return value
        raise JudgeError(
            f"the judge was not asked about action {action}; it judged "
            f"{[value.text for value in self.values]}"
        )

    @property
    def best_value(self) -> MoveValue:
        """The value of the best move."""
        return self.value_of(self.best)

    def runner_up(self) -> MoveValue | None:
        """The second best move (None if only one was judged)."""
        others = [value for value in self.values if value.action != self.best]
        return min(others, key=lambda value: (value.loss, value.action)) if others else None

    def close(self) -> bool:
        """Whether the best move is not told apart from the runner-up (a loss
        under the inaccuracy threshold or within two standard errors)."""
        second = self.runner_up()
        if second is None:
            return False
        return second.loss < self.thresholds[0] or second.loss <= NOISE * second.loss_error


# ----- the judge ------------------------------------------------------------------------


def _split(seed: int, index: int, part: int) -> int:
    """The seed of sample ``index``'s ``part`` (0: the hidden cards, 1: the play)."""
    value = (seed ^ (index * 0x9E3779B97F4A7C15) ^ (part * 0xC2B2AE3D27D4EB4F)) & ((1 << 64) - 1)
    return Rng(value).next64()


@dataclass
class _Tally:
    leads: list[float] = field(default_factory=list)
    points: list[float] = field(default_factory=list)


def _mean_error(values: Sequence[float]) -> tuple[float, float]:
    count = len(values)
    if not count:
        return 0.0, math.inf
    mean = sum(values) / count
    if count < 2:
        return mean, math.inf
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    return mean, math.sqrt(variance / count)


def _paired(best: _Tally, other: _Tally) -> tuple[float, float]:
    count = min(len(best.leads), len(other.leads))
    return _mean_error([best.leads[index] - other.leads[index] for index in range(count)])


def _checked_actions(view: View, actions: Iterable[int]) -> list[int]:
    chosen = sorted(set(actions))
    if not chosen:
        raise JudgeError(f"the judge needs at least one move to value (seat {view.seat})")
    illegal = [action for action in chosen if action not in view.legal_actions]
    if illegal:
        raise JudgeError(
            f"actions {illegal} are not legal for seat {view.seat}; legal: "
            f"{list(view.action_texts)}"
        )
    return chosen


def judge_moves(
    view: View,
    actions: Iterable[int],
    budget: Budget = DEFAULT_BUDGET,
    *,
    search_choice: int | None = None,
) -> Judgment:
    """Value ``actions`` (legal moves of ``view``) for ``view.seat`` (see the
    module's description). The answer depends only on the View, the set of
    actions, the budget and ``search_choice``: the search's favourite, which
    stays the best move unless another is told apart from it (by more than
    :data:`NOISE` standard errors of their paired difference)."""
    chosen = _checked_actions(view, actions)
    game = view.game
    seat = view.seat
    precision = budget.precision_for(game)
    inaccuracy = thresholds_for(game)[0]
    continuation = continuation_for(game.info.name)
    if budget.continuation_search is not None:
        continuation = replace(continuation, search_iterations=budget.continuation_search)
    seed = JUDGE_SEED ^ view_digest(view)
    tallies = {action: _Tally() for action in chosen}
    active = list(chosen)
    done = 0
    while done < budget.max_samples:
        target = min(budget.max_samples, max(budget.min_samples, done + BATCH))
        for index in range(done, target):
            sample = view.sample_state(Rng(_split(seed, index, 0)))
            mark = DealMark.of(sample)
            play_seed = _split(seed, index, 1)
            for action in active:
                state = sample.clone()
                state.apply_action(action)
                continuation.finish(state, mark, Rng(play_seed))
                scores = deal_scores(state, mark)
                tallies[action].leads.append(lead_of(scores, seat))
                tallies[action].points.append(scores[seat])
        done = target
        if len(active) < 2:
            break
        leader = max(active, key=lambda action: (_mean_error(tallies[action].leads)[0], -action))
        unsettled = []
        for action in active:
            if action == leader:
                continue
            difference, error = _paired(tallies[leader], tallies[action])
            if (
                difference > SEPARATED * error  # told apart
                or error <= precision  # measured closely enough
                or difference + NOISE * error < inaccuracy  # good, whichever is best
            ):
                continue
            unsettled.append(action)
        if not unsettled:
            break
        active = sorted([leader, *unsettled])
    best = max(chosen, key=lambda action: (_mean_error(tallies[action].leads)[0], -action))
    if search_choice in tallies and search_choice != best:
        # The search's favourite stands unless the judge tells a move apart from
        # it: in Casino an expert that followed the judge's mean instead won 29%
        # of its matches against hard (docs/bots.md).
        difference, error = _paired(tallies[best], tallies[search_choice])
        if difference <= NOISE * error:
            best = search_choice
    best_lead = _mean_error(tallies[best].leads)[0]
    values = []
    for action in chosen:
        tally = tallies[action]
        lead, lead_error = _mean_error(tally.leads)
        points, points_error = _mean_error(tally.points)
        if action == best:
            loss, loss_error = 0.0, 0.0
        else:
            difference, loss_error = _paired(tallies[best], tally)
            loss = max(0.0, difference)
            # Its value, said on the best move's samples: the best's less the
            # paired loss (a move that stopped early saw fewer samples).
            lead = best_lead - loss
        values.append(
            MoveValue(
                action=action,
                text=view.action_to_string(action),
                lead=lead,
                lead_error=lead_error,
                points=points,
                points_error=points_error,
                samples=len(tally.leads),
                loss=loss,
                loss_error=loss_error,
            )
        )
    return Judgment(
        seat=seat,
        values=tuple(values),
        best=best,
        precision=precision,
        search_choice=search_choice,
        thresholds=thresholds_for(game),
    )


def compare(view: View, best: int, action: int, budget: Budget = DEFAULT_BUDGET) -> Judgment:
    """The judge on two moves only (the web's "find a better move": the review's
    better move against the one a person tries), on the same imagined deals."""
    return judge_moves(view, (best, action), budget)


def candidates(view: View, budget: Budget = DEFAULT_BUDGET) -> tuple[int, list[int]]:
    """The hard search's favourite move from ``view`` and its ``budget.candidates``
    most visited moves (the favourite first), searched with a generator seeded
    from the View."""
    legal = list(view.legal_actions)
    if len(legal) < 2:
        return legal[0], legal
    base = LEVELS["hard"]
    iterations = (
        budget.search_iterations
        if budget.search_iterations is not None
        else base.iterations_for(view.game.info.name)
    )
    searcher = Searcher(
        type(base)(
            iterations=iterations,
            exploration=base.exploration,
            heuristic_rollouts=base.heuristic_rollouts,
        )
    )
    result = searcher.search(view, decision_rng(JUDGE_SEED, view))
    ranked = sorted(legal, key=lambda action: (-result.visits.get(action, 0), action))
    chosen = [result.action]
    for action in ranked:
        if len(chosen) >= budget.candidates:
            break
        if action not in chosen:
            chosen.append(action)
    return result.action, chosen


def judge_position(
    view: View, budget: Budget = DEFAULT_BUDGET, also: Iterable[int] = ()
) -> Judgment:
    """The judge on the search's candidates from ``view`` (and the moves ``also``,
    a move played): the best of them is the move a hint proposes."""
    legal = list(view.legal_actions)
    if not legal:
        raise JudgeError(f"seat {view.seat} has no move to judge (it is not its turn)")
    choice, chosen = candidates(view, budget)
    planned = planned_step(view)
    if planned is not None:
        # Inside a move made in steps, the move its first step's hint announced
        # stands unless another step is told apart from it: a hint followed step
        # by step makes the move it said (a Casino capture taking all it named).
        choice = planned
        if planned not in chosen:
            chosen = [planned, *chosen]
    extra = _checked_actions(view, also) if also else []
    return judge_moves(view, [*chosen, *extra], budget, search_choice=choice)


def best_move(view: View, budget: Budget = DEFAULT_BUDGET) -> int:
    """The move the judge prefers among the search's candidates (a hint's move)."""
    legal = list(view.legal_actions)
    if len(legal) == 1:
        return legal[0]
    forced = automatic_action(view.game.info.name, legal)
    if forced is not None:
        return forced
    return judge_position(view, budget).best


__all__ = [
    "DEFAULT_BUDGET",
    "JUDGE_SEED",
    "NOISE",
    "QUICK_BUDGET",
    "Budget",
    "Continuation",
    "DealMark",
    "JudgeError",
    "Judgment",
    "MoveValue",
    "best_move",
    "candidates",
    "compare",
    "continuation_for",
    "deal_scores",
    "finish_deal",
    "judge_moves",
    "judge_position",
    "lead_of",
    "thresholds_for",
]
