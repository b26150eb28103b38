"""After the game: a fair review of each decision, and a par on the same cards.

:func:`review_match` judges every decision one seat made in a match, on that
seat's View at that moment only (see :mod:`parlour.review.engine`), and sets
the par: the hard bot's score replaying the seat on the same deals against the
same opponents (see :mod:`parlour.review.par`). The result is a
:class:`Review`, JSON-friendly for storage and the web, and written out in
English or French by :mod:`parlour.review.text`.

>>> from parlour import load_game
>>> state = load_game("casino").new_initial_state(seed=3)
>>> while not state.is_terminal() and state.deals_scored() == 0:
...     state.apply_action(state.legal_actions()[0])
>>> review = review_match(state, 0, settings=FAST_SETTINGS, par=None)
>>> review.decisions_reviewed > 0
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.core.explain import explain_move
from parlour.core.game import JSON, State, View
from parlour.i18n import said_move, shown_move
from parlour.judge import Judgment, MoveValue
from parlour.judge.words import line_of, unit_of, verdict
from parlour.render.narration import played_for
from parlour.review.engine import (
    BLUNDER,
    FAST_SETTINGS,
    GOOD,
    GRADES,
    INACCURACY,
    MISTAKE,
    Decision,
    Estimate,
    ReviewSettings,
    decision_points,
    grade_of,
    judge,
    thresholds_for,
)
from parlour.review.par import PAR_BOT, DealPar, SeatPlayer, par_of

REVIEW_FORMAT = 1
"""The version of :meth:`Review.to_json`'s shape (bumped when it changes)."""


@dataclass(frozen=True)
class Review:
    """The review of one seat's play in one match."""

    game: str
    seat: int
    thresholds: tuple[float, float, float]
    decisions: tuple[Decision, ...]
    """Every decision with a choice, in order (forced moves are not here)."""
    forced: int
    """How many of the seat's moves were forced (one legal move, or a card the
    game played for the seat as its only legal one): never judged."""
    deals: int
    """Deals the decisions span."""
    pars: tuple[DealPar, ...] = ()

    @property
    def decisions_reviewed(self) -> int:
        """How many decisions were judged."""
        return len(self.decisions)

    @property
    def flagged(self) -> list[Decision]:
        """The inaccuracies, mistakes and blunders, in order."""
        return [decision for decision in self.decisions if decision.flagged]

    def costliest(self, count: int = 3) -> list[Decision]:
        """The ``count`` flagged decisions that cost most, costliest first."""
        return sorted(self.flagged, key=lambda decision: (-decision.loss, decision.step))[:count]

    deal_bound: float = 0.0
    """The most one seat can win in one deal (:meth:`Game.deal_bound`): no
    deal's total loss is more (0: no ceiling known)."""
    line: str = "deal"
    """What the game's "deal" here is, one line of its score sheet (``deal``,
    ``round`` or ``coffin``: :func:`parlour.judge.words.line_of`): the review
    says "Round 2" of a Casino round."""

    def loss_by_deal(self) -> dict[int, float]:
        """Expected points lost in each deal: the flagged decisions' losses
        added up, never more than what a deal can swing (:attr:`deal_bound`)."""
        totals: dict[int, float] = {}
        for decision in self.decisions:
            if decision.flagged:
                totals[decision.deal] = totals.get(decision.deal, 0.0) + decision.loss
        if self.deal_bound > 0:
            totals = {deal: min(total, self.deal_bound) for deal, total in totals.items()}
        return totals

    @property
    def total_loss(self) -> float:
        """Expected points lost over all decisions (each deal's total bounded)."""
        return sum(self.loss_by_deal().values())

    @property
    def loss_per_deal(self) -> float:
        """Expected points lost per deal (flagged decisions only: a loss told
        apart from noise)."""
        return self.total_loss / max(1, self.deals)

    @property
    def par_spread(self) -> float:
        """The spread of the par over the match: the deals' spreads combined
        (independent replays: the root of the sum of squares)."""
        return math.sqrt(sum(item.spread**2 for item in self.pars))

    @property
    def accuracy(self) -> float:
        """The share of judged decisions rated good, in percent (100 with none)."""
        if not self.decisions:
            return 100.0
        good = sum(1 for decision in self.decisions if decision.grade == GOOD)
        return 100.0 * good / len(self.decisions)

    def counts(self) -> dict[str, int]:
        """How many decisions of each grade."""
        return {
            grade: sum(1 for decision in self.decisions if decision.grade == grade)
            for grade in GRADES
        }

    @property
    def par_total(self) -> float:
        """The par bot's total over the deals with a par."""
        return sum(item.par for item in self.pars)

    @property
    def score_total(self) -> float:
        """The seat's total over the same deals."""
        return sum(item.score for item in self.pars)

    def to_json(self) -> dict[str, JSON]:
        """A JSON-friendly dict (what the web serves and stores)."""
        return {
            "format": REVIEW_FORMAT,
            "game": self.game,
            "seat": self.seat,
            "thresholds": list(self.thresholds),
            "forced": self.forced,
            "deals": self.deals,
            "accuracy": round(self.accuracy, 1),
            "loss_per_deal": round(self.loss_per_deal, 3),
            "counts": dict(self.counts()),
            "costliest": [decision.step for decision in self.costliest()],
            "decisions": [decision.to_json() for decision in self.decisions],
            "pars": [item.to_json() for item in self.pars],
            "par_total": self.par_total,
            "score_total": self.score_total,
            "par_spread": round(self.par_spread, 3),
            "deal_bound": self.deal_bound,
            "loss_by_deal": {
                str(deal): round(total, 3) for deal, total in self.loss_by_deal().items()
            },
            "costly": len(self.costly()),
            "line": self.line,
        }

    def costly(self) -> list[Decision]:
        """The costly decisions: the mistakes and blunders."""
        return [decision for decision in self.decisions if decision.grade in (MISTAKE, BLUNDER)]


def explain(view: View, action: int, lang: str, names: Sequence[str] | None = None) -> str:
    """The game's teaching explanation of ``action`` from ``view`` (its explain
    part, :func:`parlour.core.explain.explain_move`), or the action's text when
    the game has none."""
    explained = explain_move(view, action, lang, names)
    if explained is not None and explained.headline.strip():
        return explained.headline.strip()
    return shown_move(view.action_to_string(action), lang)


def explain_decisions(
    review: dict[str, Any],
    history: Sequence[int],
    game: Any,
    seat: int,
    lang: str,
    names: Sequence[str] | None = None,
) -> dict[str, Any]:
    """A stored review (:meth:`Review.to_json`) with its decisions' explanations
    said again in ``lang``: each decision's View is rebuilt by replaying the
    match's ``history`` (from ``game.new_initial_state()``) up to its step."""
    decisions = review.get("decisions")
    if not isinstance(decisions, list):
        return review
    wanted = sorted(
        (int(item["step"]), index) for index, item in enumerate(decisions) if isinstance(item, dict)
    )
    state = game.new_initial_state()
    done = 0
    told = [dict(item) for item in decisions]
    for step, index in wanted:
        while done < step and done < len(history):
            state.apply_action(history[done])
            done += 1
        view = state.view(seat)
        item = told[index]
        for key, part in (("explanation_played", "played"), ("explanation_best", "best")):
            action = item.get(part, {}).get("action") if isinstance(item.get(part), dict) else None
            if isinstance(action, int) and action in view.legal_actions:
                item[key] = explain(view, action, lang, names)
        judged = item.get("judged")
        if isinstance(judged, list) and judged and isinstance(item.get("played"), dict):
            item["words"] = _words(
                view,
                [MoveValue.from_json(value) for value in judged],
                int(item["best"]["action"]),
                int(item["played"]["action"]),
                lang,
            )
    return {**review, "decisions": told}


def default_players(final: State, seat: int, seed: int = 0) -> list[SeatPlayer]:
    """Who plays each seat in a par replay when the table's bots are unknown
    (a bare record): the par bot everywhere, each with its own seed."""
    return [SeatPlayer(PAR_BOT, seed + index) for index in range(final.game.num_players)]


def review_match(
    final: State,
    seat: int,
    *,
    settings: ReviewSettings | None = None,
    par: Sequence[SeatPlayer] | None = (),
    lang: str = "en",
    progress: Callable[[int, int], None] | None = None,
    plan: Callable[[int, int], None] | None = None,
    names: Sequence[str] | None = None,
) -> Review:
    """The review of ``seat``'s decisions in the match ``final`` (finished or
    not: every decision so far), and its par.

    ``par`` says who played each seat (bot kind and seed) for the par replay;
    empty: the par bot at every seat (:func:`default_players`); None: no par.
    ``progress`` is told ``(done, total)`` steps of work: one step per decision
    judged, then one per deal of the par replay. ``plan`` is told once, before
    any work, how those steps split: ``(decisions, par_deals)``, so that a
    progress shown in words counts the decisions the review will list (a
    forced move is none) apart from the par's deals. ``names`` name the seats
    in the explanations ("Bot 2 finds …"; "player 2" when not given).
    """
    settings = settings if settings is not None else ReviewSettings()
    players = final.game.num_players
    if type(seat) is not int or not 0 <= seat < players:
        raise ValueError(
            f"seat must be 0 to {players - 1} for {final.game.info.title}, not {seat!r}"
        )
    thresholds = thresholds_for(final.game)
    points = decision_points(final, seat)
    moves = 0
    replay = final.game.new_initial_state()
    for action in final.history:
        if replay.current_player() == seat:
            moves += 1
        replay.apply_action(action)
    # The seat's only legal card played by the game itself, inside another
    # move (Nain Jaune's "Only move: played 4♣ for you"): forced too.
    moves += sum(1 for _, event in final.event_log(seat) if played_for(event) == seat)
    want_par = par is not None and settings.par
    deals_done = final.deals_scored()
    total = len(points) + (deals_done if want_par else 0)
    if plan is not None:
        plan(len(points), total - len(points))
    decisions: list[Decision] = []
    for index, (step, deal, move, view, action) in enumerate(points):
        decision = _explained(
            judge(view, action, step, deal, move, settings, thresholds), view, lang, names
        )
        decisions.append(decision)
        if progress is not None:
            progress(index + 1, total)
    pars: list[DealPar] = []
    if want_par:
        assert par is not None
        seat_players = list(par) if par else default_players(final, seat)
        done = len(points)

        def par_progress(count: int, _deals: int) -> None:
            if progress is not None:
                progress(done + count, total)

        pars = par_of(
            final, seat, seat_players, replays=settings.par_replays, progress=par_progress
        )
    deals = max([deals_done, *(decision.deal for decision in decisions)], default=1)
    return Review(
        game=final.game.info.name,
        seat=seat,
        thresholds=thresholds,
        decisions=tuple(decisions),
        forced=moves - len(points),
        deals=max(1, deals),
        pars=tuple(pars),
        deal_bound=float(final.game.deal_bound()),
        line=line_of(final.game),
    )


def _words(view: View, judged: list[MoveValue], best: int, played: int, lang: str) -> str:
    """The verdict on ``played`` in words, from the moves the judge valued."""
    judgment = Judgment(
        seat=view.seat,
        values=tuple(judged),
        best=best,
        precision=0.0,
        thresholds=thresholds_for(view.game),
    )
    shown = {value.action: said_move(value.text, lang) for value in judged}
    return verdict(judgment, played, lang, unit_of(view.game), shown, line_of(view.game))


def _explained(
    decision: Decision, view: View, lang: str, names: Sequence[str] | None = None
) -> Decision:
    """The decision with its verdict in words, and for a flagged one the
    explanations of both moves."""
    from dataclasses import replace

    words = _words(view, list(decision.judged), decision.best.action, decision.played.action, lang)
    if not decision.flagged:
        return replace(decision, words=words)
    return replace(
        decision,
        words=words,
        explanation_played=explain(view, decision.played.action, lang, names),
        explanation_best=explain(view, decision.best.action, lang, names),
    )


def review_from_json(data: dict[str, Any]) -> dict[str, Any]:
    """A stored review, checked for its format (the dict itself: the web serves it as is)."""
    if not isinstance(data, dict) or data.get("format") != REVIEW_FORMAT:
        raise ValueError("not a review of this version of parlour")
    return data


__all__ = [
    "BLUNDER",
    "FAST_SETTINGS",
    "GOOD",
    "INACCURACY",
    "MISTAKE",
    "PAR_BOT",
    "DealPar",
    "Decision",
    "Estimate",
    "Review",
    "ReviewSettings",
    "SeatPlayer",
    "default_players",
    "explain",
    "explain_decisions",
    "grade_of",
    "review_match",
    "thresholds_for",
]
