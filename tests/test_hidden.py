"""The general hidden-state sampler (parlour.core.hidden): a view's history
replayed with the hidden cards drawn, known cards pinned, and the evidence when
no state fits. (Voids through the lacks/hand hooks: tests/test_example_game.py,
on the example game, which uses them.)"""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.core.errors import ParlourError
from parlour.core.game import State
from parlour.core.hidden import HiddenStateError, sample_by_replay
from parlour.core.sampler import Rng
from parlour.games._coffin._dracula_actions import played_card


def dracula_views(count: int) -> list[tuple[State, int]]:
    """Seeded Dracula positions mid-match, with a seat to view each from."""
    game = parlour.load_game("dracula", deals=2)
    found = []
    for seed in range(count):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(3, 16)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        found.append((state, seed % 2))
    return found


def test_a_sampled_state_shows_the_seat_its_view_and_is_a_possible_match() -> None:
    for state, seat in dracula_views(12):
        view = state.view(seat)
        sampled = sample_by_replay(state.game, view, Rng(3), played_card=played_card)
        assert sampled.view(seat) == view
        replay = state.game.new_initial_state()
        for action in sampled.history:
            assert action in replay.legal_actions()
            replay.apply_action(action)


def test_the_other_seats_hidden_cards_differ_between_samples() -> None:
    varied = 0
    for state, seat in dracula_views(12):
        view = state.view(seat)
        hands = {
            sample_by_replay(state.game, view, Rng(n), played_card=played_card).hands[1 - seat]
            for n in range(10)
        }
        varied += len(hands) > 1
    assert varied >= 6  # the unseen cards are drawn, not copied from the state


def test_the_void_hooks_come_together() -> None:
    state, seat = dracula_views(1)[0]
    with pytest.raises(ParlourError, match="lacks and hand hooks together"):
        sample_by_replay(
            state.game, state.view(seat), Rng(1), played_card=played_card, lacks=lambda s, a, m: 0
        )


def test_a_view_no_state_fits_is_refused_with_the_seat_and_the_step() -> None:
    # Hooks that say every move shows its player holds nothing: the seat's own
    # cards (seen, not drawn) cannot be moved, and every replay fails.
    state, seat = dracula_views(3)[2]
    with pytest.raises(HiddenStateError) as refused:
        sample_by_replay(
            state.game,
            state.view(seat),
            Rng(1),
            played_card=played_card,
            lacks=lambda s, actor, action: -1,
            hand=lambda s, who: s.hands[who],
            attempts=5,
        )
    message = str(refused.value)
    assert f"no state of dracula fits the view of seat {seat}" in message
    assert "after 5 replays" in message and "at step" in message
