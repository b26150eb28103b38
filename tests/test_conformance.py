"""The public conformance test (parlour.testing) over every registered game and
every option set the game declares as changing the flow."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.kit.check import CONFORMANCE_PLAYOUTS
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
    # The conformance check of parlour check (kit.check.check_conformance), case by case.
    check_game(name, playouts=CONFORMANCE_PLAYOUTS, **options)


def test_every_game_has_a_rules_page() -> None:
    from parlour.cli import rules_text

    for name in parlour.game_names():
        text = rules_text(name)
        assert parlour.game_class(name).info.title.split()[0] in text


def _clone_sharing_hands(state: parlour.State) -> parlour.State:
    """A clone of ``state`` that shares its ``hands`` list (the defect the clone
    check must catch); serialize() cannot see it. (A function, not a subclass of
    the state: a compiled state's class cannot be subclassed by interpreted code.)"""
    twin = state.clone()
    twin.hands = state.hands  # type: ignore[attr-defined]
    return twin


@pytest.mark.parametrize("name", ["dracula", "colour-blind", "nain-jaune"])
def test_clone_check_fails_a_clone_that_shares_a_list(name: str) -> None:
    state = parlour.load_game(name).new_initial_state(seed=3)
    check_clone(state, random.Random(0))  # the real clone passes
    with pytest.raises(AssertionError, match="moves on a clone changed the original's fields"):
        check_clone(state, random.Random(0), _clone_sharing_hands)


def test_clone_check_fails_a_clone_that_drops_a_field() -> None:
    state = parlour.load_game("dracula").new_initial_state(seed=3)

    def forgetful_clone(original: parlour.State) -> parlour.State:
        twin = original.clone()
        twin.coffin = list(twin.coffin)  # type: ignore[attr-defined]
        twin.coffin[0] = 99  # type: ignore[attr-defined]
        return twin

    with pytest.raises(AssertionError, match="clone\\(\\) differs from the original"):
        check_clone(state, random.Random(0), forgetful_clone)


def test_state_fields_compares_lists_by_value() -> None:
    state = parlour.load_game("dracula").new_initial_state(seed=3)
    twin = state.clone()
    assert twin.hands is not state.hands  # type: ignore[attr-defined]
    assert state_fields(twin) == state_fields(state)
    twin.hands[0] ^= 1  # type: ignore[attr-defined]
    assert state_fields(twin) != state_fields(state)
