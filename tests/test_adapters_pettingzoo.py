"""parlour through PettingZoo: its api_test, seed_test and render_test for every
game, and the shared observation tensors."""

from __future__ import annotations

import json
import runpy
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test

import parlour
from parlour.adapters.pettingzoo import ParlourAECEnv, env
from parlour.adapters.quick import player_counts, quick_options
from parlour.adapters.tensors import GenericEncoder, encoder_for
from parlour.core.sampler import Rng

CASES = [(name, players) for name in parlour.game_names() for players in player_counts(name)]
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def make(name: str, players: int, **extra: Any) -> ParlourAECEnv:
    return env(name, **quick_options(name, players), **extra)


# The observation is PettingZoo's documented {"observation", "action_mask"} dict;
# api_test warns about any dict observation (it does for PettingZoo's own card
# and board games too), so those two warnings are expected.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.parametrize(("name", "players"), CASES)
def test_api_test_passes(name: str, players: int) -> None:
    api_test(make(name, players), num_cycles=1000)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_seed_test_passes(name: str, players: int) -> None:
    seed_test(lambda **kwargs: make(name, players, **kwargs), num_cycles=100)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_render_test_passes(name: str, players: int, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: make(name, players, render_mode=render_mode))
    assert capsys.readouterr().out  # human mode printed the table


@pytest.mark.parametrize("name", parlour.game_names())
def test_a_full_match_pays_the_engine_returns(name: str) -> None:
    table = make(name, player_counts(name)[0])
    table.reset(seed=11)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    rng = Rng(3)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0
        table.step(int(rng.choice(list(legal))))
    assert table.slotted is not None
    returns = table.slotted.state.returns()
    assert [totals[agent] for agent in table.possible_agents] == returns


def test_only_the_agent_to_act_has_a_mask() -> None:
    table = make("colour-blind", 3)
    table.reset(seed=2)
    acting = table.agent_selection
    for agent in table.agents:
        mask = table.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == acting)


def test_an_illegal_action_names_the_legal_moves() -> None:
    table = make("dracula", 2)
    table.reset(seed=1)
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(parlour.IllegalActionError, match="legal"):
        table.step(illegal)


def test_ansi_render_is_the_terminal_table() -> None:
    table = make("dracula", 2, render_mode="ansi")
    table.reset(seed=5)
    text = table.render()
    assert isinstance(text, str) and "player_0" in text


def test_unknown_render_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="ansi"):
        make("dracula", 2, render_mode="rgb_array")


# ----- the shared tensors -------------------------------------------------------


@pytest.mark.parametrize("name", parlour.game_names())
def test_every_game_has_a_designed_encoder(name: str) -> None:
    from parlour.core.registry import game_parts

    if game_parts(name).tensor is None:
        pytest.skip(f"{name} has no tensor part (optional: the generic encoder serves)")
    encoder = encoder_for(parlour.load_game(name))
    assert not isinstance(encoder, GenericEncoder)
    assert encoder.size == sum(piece.size for piece in encoder.pieces)
    assert "total size" in encoder.describe()


@pytest.mark.parametrize(("name", "players"), CASES)
def test_tensors_are_in_bounds_and_depend_only_on_the_observation(name: str, players: int) -> None:
    game = parlour.load_game(name, **quick_options(name, players))
    encoder = encoder_for(game)
    state = game.new_initial_state(seed=9)
    rng = Rng(9)
    seen: dict[str, np.ndarray] = {}
    while True:
        for seat in range(game.num_players):
            observation = state.observation(seat)
            tensor = encoder.encode(observation, seat)
            assert tensor.shape == (encoder.size,) and tensor.dtype == np.float32
            assert float(tensor.min()) >= 0.0 and float(tensor.max()) <= 1.0
            key = json.dumps(observation, sort_keys=True) + str(seat)
            if key in seen:
                assert np.array_equal(seen[key], tensor)
            seen[key] = tensor
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", parlour.game_names())
def test_the_hand_plane_is_the_hand(name: str) -> None:
    game = parlour.load_game(name, **quick_options(name))
    state = game.new_initial_state(seed=4)
    seat = max(state.current_player(), 0)
    observation = state.observation(seat)
    planes = encoder_for(game).views(encoder_for(game).encode(observation, seat))
    hand = {index for index in np.flatnonzero(planes["hand"])}
    assert hand == {parlour.parse_card(text) for text in observation["hand"]}


def test_pettingzoo_observation_is_the_shared_tensor() -> None:
    table = make("nain-jaune", 3)
    table.reset(seed=6)
    assert table.slotted is not None
    for seat, agent in enumerate(table.possible_agents):
        expected = table.encoder.encode(table.slotted.state.observation(seat), seat)
        assert np.array_equal(table.observe(agent)["observation"], expected)


def test_colour_blind_voids_come_from_not_following_suit() -> None:
    game = parlour.load_game("colour-blind", deals=1)
    encoder = encoder_for(game)
    observation = {
        "current_player": 0,
        "trick_leader": 1,
        "trick": ["2S", "3H"],
        "tricks": [],
        "hand": [],
    }
    planes = encoder.views(encoder.encode(observation, 0))
    assert planes["void"][2, 0] == 1.0  # seat 2 (relative 2) played a heart on a spade lead
    assert planes["void"].sum() == 1.0
    assert planes["trick"][1, parlour.parse_card("2S")] == 1.0
    assert planes["lead_suit"][0] == 1.0


def test_example_runs() -> None:
    runpy.run_path(str(EXAMPLES / "pettingzoo_random.py"), run_name="__main__")


@pytest.mark.parametrize("name", parlour.game_names())
def test_every_piece_is_filled_in_some_match(name: str) -> None:
    # A piece that stays zero through every conformance option set most likely
    # reads an observation key the game no longer writes.
    used: dict[str, float] = {}
    for number, options in enumerate(parlour.game_class(name).conformance_options):
        game = parlour.load_game(name, **options)
        encoder = encoder_for(game)
        state = game.new_initial_state(seed=number)
        rng = Rng(number)
        while True:
            for seat in range(game.num_players):
                planes = encoder.views(encoder.encode(state.observation(seat), seat))
                for piece, values in planes.items():
                    used[piece] = max(used.get(piece, 0.0), float(values.max(initial=0.0)))
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
    assert [piece for piece, value in used.items() if value == 0.0] == []
