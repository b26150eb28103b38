"""The judge (issue 30, src/parlour/judge): one place values moves for hints,
the coach and the review, from a seat's View only, and one question gets one
answer whoever asks.

The budgets here are tiny (a handful of imagined deals, a short search): the
properties tested hold at any budget, because they come from how the judge is
seeded and how the review asks it, not from how precise it is.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

import parlour
from parlour.bots import make_bot
from parlour.core.game import State, View
from parlour.core.registry import game_class, game_names
from parlour.core.sampler import Rng
from parlour.judge import (
    NOISE,
    Budget,
    JudgeError,
    compare,
    judge_moves,
    judge_position,
)
from parlour.judge.words import verdict
from parlour.review import GOOD, ReviewSettings, review_match
from parlour.table.hints import hint_for

TINY = Budget(
    min_samples=8, max_samples=16, candidates=2, search_iterations=30, continuation_search=0
)
"""A tiny budget: what the follow-the-hints test asks of the hints (the
heuristic alone finishes the deals: the property holds whatever finishes them)."""

TINY_REVIEW = ReviewSettings(
    min_samples=8,
    max_samples=16,
    candidates=2,
    search_iterations=30,
    par=False,
    continuation_search=0,
)
"""The review with the same budget as :data:`TINY`."""


def short_game(name: str) -> Any:
    return parlour.load_game(name, **game_class(name).short_options)


def first_choice(name: str, seed: int) -> tuple[State, View]:
    """A short match of ``name`` played on by heuristic bots to the first
    decision with at least three moves."""
    state = short_game(name).new_initial_state(seed=seed)
    bots = [make_bot("heuristic", seed + index) for index in range(state.game.num_players)]
    while True:
        seat = state.current_player()
        if len(state.legal_actions()) >= 3:
            return state, state.view(seat)
        state.apply_action(bots[seat].choose(state.view(seat)))


def test_the_review_settings_and_the_tiny_budget_ask_the_same_question() -> None:
    assert TINY_REVIEW.budget() == TINY


# ----- one question, one answer ------------------------------------------------------------


def test_a_move_is_worth_the_same_whichever_other_moves_are_asked() -> None:
    _, view = first_choice("casino", 4)
    first, second, third = view.legal_actions[:3]
    fixed = Budget(min_samples=12, max_samples=12)
    with_second = judge_moves(view, [first, second], fixed)
    with_third = judge_moves(view, [third, first], fixed)
    assert with_second.value_of(first).lead == pytest.approx(with_third.value_of(first).lead)
    assert with_second.value_of(first).samples == with_third.value_of(first).samples == 12
    # The order the moves are named in does not matter either.
    assert judge_moves(view, [second, first], fixed) == with_second


def test_the_judge_reads_the_view_only_and_is_seeded_from_it() -> None:
    state, view = first_choice("colour-blind", 2)
    imagined = view.sample_state(Rng(99))  # other hidden cards, the same view
    twin = imagined.view(view.seat)
    assert twin.observation == view.observation
    assert judge_position(twin, TINY) == judge_position(view, TINY)
    assert state.view(view.seat) == view  # the judge did not touch the state


def test_a_question_the_judge_cannot_answer_names_what_is_wrong() -> None:
    _, view = first_choice("casino", 4)
    illegal = next(action for action in range(1000) if action not in view.legal_actions)
    with pytest.raises(JudgeError, match=f"actions \\[{illegal}\\] are not legal for seat"):
        judge_moves(view, [view.legal_actions[0], illegal], TINY)
    with pytest.raises(JudgeError, match="at least one move"):
        judge_moves(view, [], TINY)
    with pytest.raises(ValueError, match="min_samples <= max_samples"):
        Budget(min_samples=10, max_samples=5)


def test_the_search_favourite_stays_the_best_move_unless_another_is_told_apart() -> None:
    """The judge's continuations are rougher play than the search's: its mean
    alone overturns the search's favourite only when the two are told apart
    (more than NOISE standard errors), and then the favourite is graded by
    its loss; otherwise the favourite is the best and the judge's top by mean
    loses nothing against it, so following a hint is always good."""
    _, view = first_choice("colour-blind", 2)
    moves = view.legal_actions[:6]
    fixed = Budget(min_samples=12, max_samples=12)
    plain = judge_moves(view, moves, fixed)
    kept = overturned = 0
    for favourite in moves:
        judged = judge_moves(view, moves, fixed, search_choice=favourite)
        value = plain.value_of(favourite)
        if value.loss <= NOISE * value.loss_error:
            assert judged.best == favourite and judged.value_of(favourite).loss == 0.0
            assert judged.value_of(plain.best).loss == 0.0
            kept += favourite != plain.best
        else:
            assert judged.best == plain.best
            assert judged.value_of(favourite).loss == pytest.approx(value.loss)
            overturned += 1
    assert kept and overturned  # this position shows both


def test_compare_judges_on_exactly_the_samples_asked_and_the_same_deals() -> None:
    """The web's "find a better move" asks ``compare`` for as many deals as the
    review gave its better move: exactly that many, and sample i the same
    whatever else is asked (so the better move's figure is the review's own)."""
    _, view = first_choice("dracula", 3)
    first, second, third = view.legal_actions[:3]
    exactly = Budget(min_samples=12, max_samples=12)
    judgment = compare(view, first, second, exactly)
    assert [judgment.value_of(move).samples for move in (first, second)] == [12, 12]
    again = compare(view, first, third, exactly)

    def mean_of(found: Any, move: int) -> float:
        top = found.best_value.lead
        return float(top if found.best == move else top - found.value_of(move).loss)

    assert mean_of(judgment, first) == pytest.approx(mean_of(again, first))


# ----- follow the hints ---------------------------------------------------------------------


@pytest.mark.parametrize("name", game_names())
def test_a_seat_that_plays_every_hinted_move_is_told_every_decision_was_good(name: str) -> None:
    state = short_game(name).new_initial_state(seed=7)
    seat = 0
    bots = [make_bot("heuristic", 20 + index) for index in range(state.game.num_players)]
    hinted = 0
    while not state.is_terminal() and hinted < 5:
        player = state.current_player()
        view = state.view(player)
        if player == seat and len(view.legal_actions) > 1:
            hint = hint_for(view, 0, "en", kind="hard", budget=TINY)
            state.apply_action(hint.action)
            hinted += 1
        else:
            state.apply_action(bots[player].choose(view))
    review = review_match(state, seat, settings=TINY_REVIEW, par=None)
    assert review.decisions_reviewed >= min(hinted, 1)
    assert [decision.grade for decision in review.decisions] == [GOOD] * len(review.decisions)
    for decision in review.decisions:
        assert decision.played.action == decision.best.action and decision.loss == 0.0
    assert review.accuracy == 100.0 and review.total_loss == 0.0


# ----- honest units -------------------------------------------------------------------------


@pytest.mark.parametrize("name", game_names())
def test_a_random_seats_losses_stay_within_what_a_deal_can_swing(name: str) -> None:
    state = short_game(name).new_initial_state(seed=5)
    bots = [make_bot("random", 30 + index) for index in range(state.game.num_players)]
    while not state.is_terminal() and state.deals_scored() == 0:
        player = state.current_player()
        state.apply_action(bots[player].choose(state.view(player)))
    review = review_match(state, 0, settings=TINY_REVIEW, par=None)
    bound = state.game.deal_bound()
    assert review.deal_bound == bound > 0
    low, high = state.game.utility_bounds()
    assert bound <= high - low
    added: dict[int, float] = {}
    for decision in review.decisions:
        # A lead for the deal lies within ± the deal's bound: so does a loss of it.
        assert 0.0 <= decision.loss <= 2 * bound
        if decision.flagged:
            added[decision.deal] = added.get(decision.deal, 0.0) + decision.loss
    # Even added up without the ceiling, a random seat's losses fit in a deal.
    assert all(total <= bound for total in added.values()), (added, bound)
    assert all(total <= bound for total in review.loss_by_deal().values())
    assert review.to_json()["loss_by_deal"] == {
        str(deal): round(total, 3) for deal, total in review.loss_by_deal().items()
    }


# ----- words --------------------------------------------------------------------------------


def test_the_verdict_speaks_words_in_both_languages() -> None:
    _, view = first_choice("casino", 4)
    judgment = judge_position(view, TINY)
    for action in (value.action for value in judgment.values):
        for lang in ("en", "fr"):
            said = verdict(judgment, action, lang)
            assert said and "±" not in said and "imagin" not in said
    english = verdict(judgment, judgment.best, "en")
    french = verdict(judgment, judgment.best, "fr")
    assert english != french


def test_a_hints_details_name_the_moves_as_its_verdict_does_in_the_readers_language() -> None:
    """A playtest read « Détails : QC a2 +42.9 ± 4.1 » on a French screen whose
    verdict said D♣: the details line named moves as the engine types them and
    wrote English decimals."""
    from functools import partial

    from parlour.i18n import said_move

    _, view = first_choice("dracula", 3)
    for lang in ("en", "fr"):
        hint = hint_for(view, 0, lang, budget=TINY, show=partial(said_move, lang=lang))
        assert hint.judgment is not None
        for value in hint.judgment.values:
            assert said_move(value.text, lang) in hint.details
            assert f"{value.text} " not in hint.details or value.text == said_move(value.text, lang)
        figures = hint.details.split(";")[0]
        if lang == "fr":
            assert "." not in figures and "," in figures, hint.details
        else:
            assert "," not in figures.replace(", ", " "), hint.details


# ----- the expert ---------------------------------------------------------------------------


def test_the_expert_plays_the_judges_best_of_the_hard_searchs_favourites() -> None:
    from parlour.bots.heuristics import sensible_actions
    from parlour.judge import candidates
    from parlour.judge.expert import EXPERT_BUDGET

    _, view = first_choice("casino", 4)
    expert = make_bot("expert", 1)
    assert expert.name == "expert"
    choice = expert.choose(view)
    _, favourites = candidates(view, EXPERT_BUDGET)
    allowed = sensible_actions(view)
    kept = [action for action in favourites if action in allowed] or favourites
    assert choice == judge_moves(view, kept, EXPERT_BUDGET, search_choice=kept[0]).best
    assert make_bot("expert", 2).choose(view) == choice  # seeded from the View


def test_a_stored_review_says_its_verdicts_again_in_the_readers_language() -> None:
    from parlour.review import explain_decisions
    from test_review import planted_casino  # tests/ is on the path

    state = planted_casino("10S trail")
    review = review_match(state, 0, settings=TINY_REVIEW, par=None, lang="en")
    stored = review.to_json()
    [decision] = stored["decisions"]
    assert decision["grade"] != GOOD and "this round" in decision["words"]  # a Casino round
    told = explain_decisions(stored, state.history, state.game, 0, "fr")
    [again] = told["decisions"]
    assert "cette manche" in again["words"] and "prend" in again["words"]
    assert again["judged"] == decision["judged"]


def test_a_game_declares_the_experts_imagined_deals_where_its_continuations_cost_more() -> None:
    """Colour-blind's searched continuations made the expert's moves take up to
    7 s (compiled): its heuristic part declares fewer imagined deals, read once
    per game; the other games keep the default; a malformed declaration is
    refused with the game's name and the value."""
    from parlour.core.errors import ParlourError
    from parlour.judge.expert import EXPERT_BUDGET, expert_budget

    colour_blind = expert_budget("colour-blind")
    assert (colour_blind.min_samples, colour_blind.max_samples) == (6, 16)
    assert colour_blind.search_iterations == 800
    assert colour_blind.candidates == EXPERT_BUDGET.candidates
    assert expert_budget("dracula") == EXPERT_BUDGET
    parts = parlour.load_game("colour-blind").state_class.__module__.rsplit(".", 1)[0]
    heuristic = importlib.import_module(f"{parts}.heuristic")
    kept = heuristic.EXPERT_JUDGE
    try:
        heuristic.EXPERT_JUDGE = {"min_samples": 16, "max_samples": 6}
        with pytest.raises(ParlourError, match=r"colour-blind.*EXPERT_JUDGE.*min_samples <= max"):
            expert_budget("colour-blind")
        heuristic.EXPERT_JUDGE = {"samples": 6}
        with pytest.raises(ParlourError, match=r"colour-blind.*not a dict of the judge's budget"):
            expert_budget("colour-blind")
    finally:
        heuristic.EXPERT_JUDGE = kept


def test_inside_a_casino_capture_the_announced_step_stands_unless_told_apart() -> None:
    """A playtester followed "9♡ takes 4♡ 6♡ 3♢ 5♢: 5 cards" and two steps
    later was hinted "done": the capture stopped at 4♡ 5♢ and left 6♡ 3♢, a
    sum of 9, to the other player. Inside a move made in steps, the step that
    completes the move as its first step's explanation said stands unless the
    judge tells another apart from it, even where the search prefers another
    (here the search's favourite is "done")."""
    from parlour.core.explain import planned_step
    from parlour.judge import candidates

    state = parlour.load_game("casino", target=1).new_initial_state(seed=0)
    bots = [make_bot("heuristic", index) for index in range(2)]
    while len(state.history) < 37:
        player = state.current_player()
        state.apply_action(bots[player].choose(state.view(player)))
    view = state.view(state.current_player())
    assert view.action_texts == ("7S", "done")  # taking 7♠ too, or stopping
    planned = planned_step(view)
    assert planned == view.string_to_action("7S")
    assert candidates(view, TINY)[0] == view.string_to_action("done")
    judgment = judge_position(view, TINY)
    stopping = judgment.value_of(view.string_to_action("done"))
    assert judgment.best == planned or stopping.lead > judgment.value_of(planned).lead
    assert judgment.best == planned, judgment
    # The step that ends the move is said in words (the hint read "A close
    # call: done is about as good").
    english, french = verdict(judgment, planned, "en"), verdict(judgment, planned, "fr")
    assert "stopping here" in english and "done" not in english, english
    assert "s'arrêter là" in french and "fini" not in french, french
    # A move's first step has no plan: the search's favourite stands there.
    state = parlour.load_game("casino", target=1).new_initial_state(seed=0)
    assert planned_step(state.view(state.current_player())) is None
    # The hint names the step to take now before the whole move (the playtest
    # read "2♠ makes a build of 5 …" at a step, never told which card to pick).
    from functools import partial

    from parlour.i18n import said_move

    english_hint = hint_for(view, 0, "en", budget=TINY, show=partial(said_move, lang="en"))
    assert english_hint.explanation.startswith("Now 7♠: "), english_hint.explanation
    french_hint = hint_for(view, 0, "fr", budget=TINY, show=partial(said_move, lang="fr"))
    assert french_hint.explanation.startswith("Maintenant 7♠ : "), french_hint.explanation
