"""The floor of sense of the bot levels meant for people (issue 23, "Play").

Each game's heuristic module declares its floor (``SENSE_FLOOR``, in words) and
``sensible(observation, legal_actions)``; the levels ``easy``, ``medium`` and
``hard`` never choose a move below it. Each test is named after its game's
floor and plays a fixed deal to a position where the easy level, without the
floor, chose the silly move for some of these seeds (checked when the floor was
written: every test failed before it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import parlour
from parlour.bots import LEVELS, make_bot
from parlour.bots.heuristics import sensible_actions
from parlour.core.game import State
from parlour.core.registry import game_parts
from test_casino import start

SEEDS = range(6)
"""The bots' seeds tried at each position."""


def played(game_name: str, seed: int, moves: int, **options: object) -> State:
    """The deal of ``seed`` after ``moves`` moves drawn by ``random.Random(seed)``."""
    state = parlour.load_game(game_name, **options).new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def assert_floor_kept(state: State, silly: Sequence[str], levels: Sequence[str]) -> None:
    """``silly`` moves are legal here, below the floor, and never chosen."""
    seat = state.current_player()
    view = state.view(seat)
    legal = {state.action_to_string(action) for action in view.legal_actions}
    kept = {state.action_to_string(action) for action in sensible_actions(view)}
    assert set(silly) <= legal, (silly, legal)
    assert not set(silly) & kept, kept
    assert kept, "a floor never leaves a bot without a move"
    for level in levels:
        assert LEVELS[level].sense_floor
        for seed in SEEDS if level == "easy" else SEEDS[:2]:
            chosen = state.action_to_string(make_bot(level, seed).choose(view))
            assert chosen not in silly, f"{level} (seed {seed}) played {chosen}"


def test_every_level_for_people_keeps_the_floor() -> None:
    assert sorted(LEVELS) == ["easy", "hard", "medium"]
    assert all(settings.sense_floor for settings in LEVELS.values())


def test_every_game_declares_its_floor_of_sense() -> None:
    for name in parlour.game_names():
        parts = game_parts(name)
        if parts.hook("heuristic", "sensible") is None and not parts.package.startswith("parlour."):
            continue  # optional for a game of another distribution (parlour check)
        words = parts.hook("heuristic", "SENSE_FLOOR")
        assert isinstance(words, str) and words.startswith(("never", "last")), name
        assert callable(parts.hook("heuristic", "sensible")), name


def test_casino_never_trail_a_card_that_could_capture_a_loose_card_of_its_rank() -> None:
    # The table: four players, the bot holds Q♢ with Q♡ on the table.
    state = start(
        {0: "2C 3D 4H 6S", 1: "QD 3C 5S 8H", 2: "AC 7D 9H KS", 3: "10H JS 2H 6D"},
        "QH 2D 9C 4S",
        players=4,
    )
    assert_floor_kept(state, ["QD trail"], ["easy", "medium"])


def test_dracula_never_complete_the_opponents_line_as_three_of_one_suit() -> None:
    state = played("dracula", 37, 7, deals=1)
    assert_floor_kept(state, ["JD a3"], ["easy", "medium"])


def test_dracula_partnership_never_complete_the_other_sides_line_as_three_of_one_suit() -> None:
    state = played("dracula-partnership", 7, 26, deals=1)
    assert_floor_kept(state, ["5C a1", "QC a1", "KC a1"], ["easy", "medium"])


def test_thracula_never_put_back_a_card_that_completes_a_rivals_line_of_one_suit() -> None:
    state = played("thracula", 19, 13, deals=1)
    assert_floor_kept(state, ["put KC"], ["easy", "medium"])


def test_colour_blind_last_to_play_never_takes_a_bad_row_card_nor_lets_a_good_one_pass() -> None:
    state = played("colour-blind", 0, 8, players=3)
    assert_floor_kept(state, ["3D"], ["easy", "medium"])


def test_nain_jaune_never_plays_another_card_of_a_rank_instead_of_its_board_card() -> None:
    state = played("nain-jaune", 0, 43, players=4)
    assert_floor_kept(state, ["10C"], ["easy", "medium"])
