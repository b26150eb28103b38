"""A game's whole-move notation is a hook of the game (``State.whole_move_steps``),
read by the table: Casino writes a move of several steps in one line; the
other games have no such notation."""

from __future__ import annotations

import pytest

import parlour
from test_casino import start


@pytest.mark.parametrize("name", [name for name in parlour.game_names() if name != "casino"])
def test_games_whose_moves_are_one_action_have_no_whole_move(name: str) -> None:
    state = parlour.load_game(name).new_initial_state(seed=5)
    while state.current_player() < 0:
        state.apply_action(state.legal_actions()[0])
    for action in state.legal_actions()[:5]:
        assert state.whole_move_steps(state.action_to_string(action)) is None


def test_casino_whole_move_is_the_steps_of_its_one_line_notation() -> None:
    state = start({0: "AC AD 2C 2D", 1: "7H KS QS JS"}, "3S 4D 7C 9H")
    steps = state.whole_move_steps("7H take 3S+4D, 7C")
    assert steps is not None
    assert [state.action_to_string(step) for step in steps[:1]] == ["7H take"]
    assert len(steps) == 4  # the card and its kind, then the three table cards
    assert state.whole_move_steps("7H take") is None
    assert state.whole_move_steps("no move") is None
