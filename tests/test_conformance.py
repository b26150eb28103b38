"""The public conformance test (parlour.testing) over every registered game and
every option set the game declares as changing the flow."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.testing import check_clone, check_game, state_fields

CASES = [
    (name, options)
    for name in parlour.game_names()
    for options in parlour.game_class(name).conformance_options
]


def test_every_game_declares_conformance_cases() -> None:
    assert parlour.game_names(), "no game is registered"
    for name in parlour.game_names():
        assert parlour.game_class(name).conformance_options, name


@pytest.mark.parametrize(
    ("name", "options"), CASES, ids=[f"{name}-{options}" for name, options in CASES]
)
def test_conformance(name: str, options: dict[str, object]) -> None:
    check_game(name, playouts=2, **options)


def test_every_game_has_a_rules_page() -> None:
    from parlour.cli import rules_text

    for name in parlour.game_names():
        text = rules_text(name)
        assert parlour.game_class(name).info.title.split()[0] in text


def _shares_hands(state: parlour.State) -> parlour.State:
    """A copy of ``state`` whose clone() shares its ``hands`` list (the defect the
    clone check must catch); serialize() cannot see it."""

    class SharedHandsState(type(state)):  # type: ignore[misc]
        def clone(self) -> parlour.State:
            twin = super().clone()
            twin.hands = self.hands  # type: ignore[attr-defined]
            return twin

    broken = state.clone()
    broken.__class__ = SharedHandsState
    return broken


@pytest.mark.parametrize("name", ["dracula", "colour-blind", "nain-jaune"])
def test_clone_check_fails_a_clone_that_shares_a_list(name: str) -> None:
    state = parlour.load_game(name).new_initial_state(seed=3)
    check_clone(state, random.Random(0))  # the real clone passes
    broken = _shares_hands(state)
    with pytest.raises(AssertionError, match="moves on a clone changed the original's fields"):
        check_clone(broken, random.Random(0))


def test_clone_check_fails_a_clone_that_drops_a_field() -> None:
    state = parlour.load_game("dracula").new_initial_state(seed=3)

    class ForgetfulState(type(state)):  # type: ignore[misc]
        def clone(self) -> parlour.State:
            twin = super().clone()
            twin.coffin = list(twin.coffin)  # type: ignore[attr-defined]
            twin.coffin[0] = 99  # type: ignore[attr-defined]
            return twin

    state.__class__ = ForgetfulState
    with pytest.raises(AssertionError, match="clone\\(\\) differs from the original"):
        check_clone(state, random.Random(0))


def test_state_fields_compares_lists_by_value() -> None:
    state = parlour.load_game("dracula").new_initial_state(seed=3)
    twin = state.clone()
    assert twin.hands is not state.hands  # type: ignore[attr-defined]
    assert state_fields(twin) == state_fields(state)
    twin.hands[0] ^= 1  # type: ignore[attr-defined]
    assert state_fields(twin) != state_fields(state)
