"""Bots: fair by construction (Views only, sampled states consistent with them),
deterministic from their seed and the view, and stronger in the expected order."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour.arena import ArenaSettings, run_arena
from parlour.bots import BOT_KINDS, LEVELS, HeuristicBot, IsmctsBot, RandomBot, make_bot
from parlour.bots.heuristics import policy_for
from parlour.bots.ismcts import Searcher, SearchSettings, _rewards, hard_iterations
from parlour.core.errors import InvalidOptionError
from parlour.core.game import State, View
from parlour.core.registry import game_class, game_parts
from parlour.core.sampler import Rng

GAMES = parlour.game_names()


def option_sets(name: str) -> list[dict[str, object]]:
    """The game's conformance option sets (each flow-changing combination)."""
    return [dict(options) for options in game_class(name).conformance_options]


def positions(name: str, options: dict[str, object], seed: int, every: int = 7) -> list[State]:
    """Clones of the positions of a seeded random playout, every ``every`` steps."""
    game = parlour.load_game(name, **options)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    found = []
    steps = 0
    while not state.is_terminal() and steps < 1500:
        if steps % every == 0:
            found.append(state.clone())
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        steps += 1
    return found


def decision_views(name: str, options: dict[str, object], seed: int) -> list[tuple[State, View]]:
    """Positions where a seat has a real choice, with that seat's view."""
    found = []
    for state in positions(name, options, seed, every=5):
        player = state.current_player()
        if player >= 0 and len(state.legal_actions()) > 1:
            found.append((state, state.view(player)))
    return found


# ----- sample_state: the defining property ------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_sampled_state_gives_the_same_view_for_every_seat(name: str) -> None:
    for number, options in enumerate(option_sets(name)):
        for state in positions(name, options, seed=100 + number):
            for seat in range(state.game.num_players):
                view = state.view(seat)
                for draw in range(2):
                    sampled = view.sample_state(Rng(number * 1000 + draw))
                    assert sampled.view(seat) == view, (
                        f"{name} {options}: sampled state differs for seat {seat}: "
                        f"{state.serialize()}"
                    )


@pytest.mark.parametrize("name", GAMES)
def test_sampling_varies_the_hidden_cards(name: str) -> None:
    """Sampling is not a copy of the true state: some draws differ from it."""
    state = next(
        s for s in positions(name, {}, seed=5) if s.current_player() >= 0 and len(s.history) > 20
    )
    seat = state.current_player()
    view = state.view(seat)
    texts = {view.sample_state(Rng(draw)).serialize() for draw in range(12)}
    assert len(texts) > 1


@pytest.mark.parametrize("name", GAMES)
def test_states_differing_only_in_hidden_cards_give_equal_views_and_choices(name: str) -> None:
    """Another state drawn from a seat's view differs from the real one only in
    cards hidden from that seat: the seat's view and every bot's choice agree."""
    bots = [
        RandomBot(3),
        HeuristicBot(3),
        IsmctsBot(3, SearchSettings(iterations=12)),
    ]
    checked = 0
    for _state, view in decision_views(name, {}, seed=21)[:6]:
        seat = view.seat
        other = view.sample_state(Rng(99))
        assert other.view(seat) == view
        for bot in bots:
            assert bot.choose(other.view(seat)) == bot.choose(view)
        checked += 1
    assert checked > 0


# ----- every bot plays every game -------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("kind", ["random", "heuristic", "easy"])
def test_bot_plays_a_whole_match_with_legal_moves(name: str, kind: str) -> None:
    game = parlour.load_game(name, **game_class(name).short_options)
    state = game.new_initial_state(seed=8)
    bots = [make_bot(kind, seat) for seat in range(game.num_players)]
    while not state.is_terminal():
        seat = state.current_player()
        view = state.view(seat)
        action = bots[seat].choose(view)
        assert action in view.legal_actions
        state.apply_action(action)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_heuristic(name: str) -> None:
    # Optional for a game of another distribution (its bots then play at random).
    if game_parts(name).heuristic is None:
        assert not game_parts(name).package.startswith("parlour.games.")
        pytest.skip(f"{name} has no heuristic part (optional)")
    assert policy_for(name) is not None


@pytest.mark.parametrize("name", GAMES)
def test_rollout_observation_is_part_of_the_seats_view_and_the_heuristic_chooses_alike(
    name: str,
) -> None:
    game = parlour.load_game(name)
    policy = policy_for(name)
    if policy is None:
        pytest.skip(f"{name} has no heuristic part (optional)")
    rng = random.Random(3)
    checked = 0
    for seed in range(4):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            if len(legal) > 1:
                full = state.observation(player)
                rollout = state.rollout_observation(player)
                assert all(full[key] == value for key, value in rollout.items())
                assert policy(rollout, legal, Rng(seed)) == policy(full, legal, Rng(seed))
                checked += 1
            state.apply_action(legal[rng.randrange(len(legal))])
    assert checked > 20


def test_levels_are_bot_kinds() -> None:
    assert {"random", "heuristic", "ismcts", "easy", "medium", "hard"} <= set(BOT_KINDS)
    assert set(LEVELS) == {"easy", "medium", "hard"}
    assert make_bot("hard", 1).name == "hard"


def test_hard_level_spends_the_compiled_engines_speed_on_a_deeper_search() -> None:
    column = 0 if parlour.compiled() else 1
    hard = LEVELS["hard"]
    for name in parlour.game_names():
        budgets = game_parts(name).attribute("heuristic", "HARD_ITERATIONS")
        assert isinstance(budgets, tuple), name
        compiled_budget, pure_budget = budgets
        assert compiled_budget > pure_budget
        assert hard.iterations_for(name) == budgets[column] == hard_iterations(name)


def test_a_level_with_another_budget_searches_that_many_iterations() -> None:
    bot = make_bot("hard:1200", 5)
    assert isinstance(bot, IsmctsBot) and bot.name == "hard:1200"
    assert bot.settings.heuristic_rollouts
    assert {bot.settings.iterations_for(name) for name in parlour.game_names()} == {1200}
    assert make_bot("ismcts:7", 5).settings.iterations_for("casino") == 7


def test_unknown_bot_kind_names_the_kinds() -> None:
    with pytest.raises(InvalidOptionError, match="heuristic"):
        make_bot("grandmaster", 1)


# ----- determinism -------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["dracula", "colour-blind", "casino"])
def test_same_view_and_seed_give_the_same_choice(name: str) -> None:
    for _, view in decision_views(name, {}, seed=4)[:4]:
        for kind in ("random", "heuristic"):
            assert make_bot(kind, 7).choose(view) == make_bot(kind, 7).choose(view)
        first = IsmctsBot(7, SearchSettings(iterations=25))
        second = IsmctsBot(7, SearchSettings(iterations=25))
        # The same bot asked twice, and a fresh bot, agree: nothing carries over.
        assert first.choose(view) == first.choose(view) == second.choose(view)


def test_search_statistics_are_reproducible() -> None:
    _, view = decision_views("dracula", {}, seed=2)[0]
    searcher = Searcher(SearchSettings(iterations=60))
    first = searcher.search(view, Rng(5))
    second = searcher.search(view, Rng(5))
    assert first.visits == second.visits and first.action == second.action
    assert sum(first.visits.values()) == 60


def test_search_settings_check_their_budget() -> None:
    with pytest.raises(ValueError, match="iterations or seconds"):
        SearchSettings(iterations=None)
    with pytest.raises(ValueError, match="at least 1"):
        SearchSettings(iterations=0)
    assert (
        SearchSettings(iterations=5, game_iterations=(("casino", 9),)).iterations_for("casino") == 9
    )


def test_time_budget_search_returns_a_legal_action() -> None:
    _, view = decision_views("thracula", {}, seed=3)[0]
    bot = IsmctsBot(1, SearchSettings(iterations=None, seconds=0.05))
    assert bot.choose(view) in view.legal_actions


# ----- teams and special rules -------------------------------------------------------------------


def _finished_deal(name: str, **options: Any) -> tuple[State, int]:
    game = parlour.load_game(name, **options)
    state = game.new_initial_state(seed=6)
    rng = random.Random(6)
    while not state.score_sheet():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    return state, 0


@pytest.mark.parametrize(
    ("name", "options"),
    [("dracula-partnership", {}), ("casino", {"players": 4, "partnerships": True})],
)
def test_search_rewards_partners_alike(name: str, options: dict[str, object]) -> None:
    state, base = _finished_deal(name, **options)
    rewards = _rewards(state, base, state.game.num_players)
    assert rewards[0] == pytest.approx(rewards[2])
    assert rewards[1] == pytest.approx(rewards[3])
    assert rewards[0] == pytest.approx(-rewards[1])


def test_bots_always_claim_a_nain_jaune_box() -> None:
    from parlour.games.nain_jaune.rules import CLAIM

    game = parlour.load_game("nain-jaune", claim="manual", max_deals=2)
    claims = 0
    for seed in range(4):
        state = game.new_initial_state(seed=seed)
        bots = [
            RandomBot(seed),
            HeuristicBot(seed),
            IsmctsBot(seed, SearchSettings(iterations=5)),
            RandomBot(seed + 1),
        ]
        while not state.is_terminal():
            seat = state.current_player()
            view = state.view(seat)
            action = bots[seat].choose(view)
            if CLAIM in view.legal_actions:
                assert action == CLAIM
                claims += 1
            state.apply_action(action)
    assert claims > 0


# ----- strength (deterministic: fixed seeds) -------------------------------------------------


HEURISTIC_GAMES = {
    "dracula": {"deals": 2},
    "dracula-partnership": {},
    "thracula": {"deals": 2},
    "colour-blind": {"deals": 2},
    "casino": {"target": 11},
}


@pytest.mark.parametrize(("name", "options"), sorted(HEURISTIC_GAMES.items()))
def test_heuristic_beats_random(name: str, options: dict[str, object]) -> None:
    result = run_arena(
        ArenaSettings(name, ("heuristic", "random"), games=20, seed=3, options=options)
    )
    heuristic, random_bot = result.summary
    assert heuristic.mean_score > random_bot.mean_score
    assert heuristic.win_rate > 0.7


def test_nain_jaune_heuristic_scores_more_than_random() -> None:
    result = run_arena(
        ArenaSettings(
            "nain-jaune", ("heuristic", "random"), games=24, seed=3, options={"max_deals": 3}
        )
    )
    heuristic, random_bot = result.summary
    assert heuristic.mean_score > random_bot.mean_score


@pytest.mark.parametrize(
    ("name", "options"), [("dracula", {"deals": 2}), ("colour-blind", {"deals": 1})]
)
def test_small_search_beats_random(name: str, options: dict[str, object]) -> None:
    result = run_arena(ArenaSettings(name, ("easy", "random"), games=8, seed=5, options=options))
    search, random_bot = result.summary
    assert search.mean_score > random_bot.mean_score
    assert search.win_rate > 0.6
