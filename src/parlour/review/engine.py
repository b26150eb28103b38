"""The review engine: every decision of one seat, judged on that seat's View.

For each decision a seat made (a step at which it had more than one legal
action), the engine rebuilds the seat's :class:`~parlour.core.game.View` by
replaying the match's history and asks the judge (:mod:`parlour.judge`) about
the hard search's favourite moves and the move played. The judge is the one
that gives hints, so a seat that played every hinted move is told that every
decision was good: the question (the View, the moves, the budget) is the same,
and so is the answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from parlour.bots.base import automatic_action
from parlour.core.game import JSON, State, View
from parlour.judge import (
    DEFAULT_THRESHOLDS,
    JUDGE_SEED,
    NOISE,
    Budget,
    DealMark,
    Judgment,
    MoveValue,
    deal_scores,
    judge_position,
    lead_of,
    thresholds_for,
)

GOOD = "good"
INACCURACY = "inaccuracy"
MISTAKE = "mistake"
BLUNDER = "blunder"
FORCED = "forced"
GRADES = (GOOD, INACCURACY, MISTAKE, BLUNDER)
"""The grades of a decision, from best to worst (a forced move has none)."""

REVIEW_SEED = JUDGE_SEED
"""The judge's seed: the review draws nothing of its own."""

Estimate = MoveValue
"""What one move is worth for the deal (the judge's :class:`~parlour.judge.MoveValue`)."""


@dataclass(frozen=True)
class ReviewSettings:
    """How hard the review works: the judge's budget, and the par."""

    min_samples: int = 32
    """Imagined deals per candidate move before the precision is first checked."""
    max_samples: int = 192
    """The most imagined deals per candidate move."""
    candidates: int = 3
    """The search's favourite moves judged besides the move played."""
    search_iterations: int | None = None
    """The search's iterations per decision (None: the hard level's budget)."""
    par: bool = True
    """Also compute the par (the hard bot replaying the seat on the same deals)."""
    par_replays: int = 3
    """How many times the hard bot replays each deal for the par (its mean and spread)."""
    continuation_search: int | None = None
    """The judge's search in its continuations (None: the game's; see
    :class:`parlour.judge.Budget`)."""

    def __post_init__(self) -> None:
        self.budget()  # checks the judge's part
        if self.par_replays < 1:
            raise ValueError(f"a par needs at least one replay, not {self.par_replays}")

    def budget(self) -> Budget:
        """The judge's budget these settings give."""
        return Budget(
            min_samples=self.min_samples,
            max_samples=self.max_samples,
            candidates=self.candidates,
            search_iterations=self.search_iterations,
            continuation_search=self.continuation_search,
        )


FAST_SETTINGS = ReviewSettings(
    min_samples=16, max_samples=32, candidates=2, search_iterations=150, par_replays=2
)
"""A quick, rougher review (tests, previews): the judge's ``QUICK_BUDGET``."""


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
    """Expected lead lost against :attr:`best` (0 or more), in the game's points."""
    loss_error: float
    """Standard error of :attr:`loss` (of the paired differences)."""
    grade: str
    legal_count: int
    observation: Mapping[str, JSON] = field(repr=False)
    """The seat's observation at the decision (the board it saw)."""
    explanation_played: str = ""
    explanation_best: str = ""
    judged: tuple[Estimate, ...] = ()
    """Every move the judge valued at this decision, in order of action."""
    words: str = ""
    """The verdict in words (what the move does and risks), in the review's language."""

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
            "judged": [value.to_json() for value in self.judged],
            "words": self.words,
        }


def grade_of(loss: float, loss_error: float, thresholds: tuple[float, float, float]) -> str:
    """The grade of a decision that loses ``loss`` (± ``loss_error``) expected points.

    A loss within two standard errors of nothing is not told apart from noise:
    the decision is good.

    >>> grade_of(0.5, 0.1, (1.0, 3.0, 6.0)), grade_of(7.0, 0.5, (1.0, 3.0, 6.0))
    ('good', 'blunder')
    >>> grade_of(7.0, 4.0, (1.0, 3.0, 6.0))
    'good'
    """
    if loss <= NOISE * loss_error:
        return GOOD
    inaccuracy, mistake, blunder = thresholds
    if loss >= blunder:
        return BLUNDER
    if loss >= mistake:
        return MISTAKE
    if loss >= inaccuracy:
        return INACCURACY
    return GOOD


def deal_result(state: State, mark: DealMark, seat: int) -> tuple[float, float]:
    """(lead, points) of ``seat`` for the deal(s) scored since ``mark``, end
    bonus included (the judge's measure)."""
    scores = deal_scores(state, mark)
    return lead_of(scores, seat), scores[seat]


def decision_of(
    judgment: Judgment,
    view: View,
    played: int,
    step: int,
    deal: int,
    move: int,
) -> Decision:
    """A :class:`Decision` from the judge's answer at ``view``."""
    played_value = judgment.value_of(played)
    best_value = judgment.best_value
    loss = played_value.loss
    loss_error = played_value.loss_error
    return Decision(
        step=step,
        deal=deal,
        move=move,
        played=played_value,
        best=best_value,
        bot_choice=judgment.search_choice if judgment.search_choice is not None else played,
        loss=loss,
        loss_error=loss_error,
        grade=grade_of(loss, loss_error, judgment.thresholds),
        legal_count=len(view.legal_actions),
        observation=view.observation,
        judged=judgment.values,
    )


def judge(
    view: View,
    played: int,
    step: int,
    deal: int,
    move: int,
    settings: ReviewSettings,
    thresholds: tuple[float, float, float] = DEFAULT_THRESHOLDS,
) -> Decision:
    """The review of one decision (``view`` has at least two legal actions): the
    judge on the search's candidates and the move played."""
    judgment = judge_position(view, settings.budget(), also=(played,))
    return decision_of(judgment, view, played, step, deal, move)


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


__all__ = [
    "BLUNDER",
    "FAST_SETTINGS",
    "FORCED",
    "GOOD",
    "GRADES",
    "INACCURACY",
    "MISTAKE",
    "Decision",
    "Estimate",
    "ReviewSettings",
    "deal_result",
    "decision_of",
    "decision_points",
    "grade_of",
    "judge",
    "thresholds_for",
]
