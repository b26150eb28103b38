"""parlour through Gymnasium: its check_env for every game, and the single-seat
environment's promises (bots, masks, seeds, rewards, illegal actions)."""

from __future__ import annotations

import runpy
import warnings
from pathlib import Path

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import parlour  # noqa: E402
from parlour.adapters.gymnasium import ParlourEnv, env_id  # noqa: E402
from parlour.adapters.quick import player_counts, quick_options  # noqa: E402

CASES = [(name, players) for name in parlour.game_names() for players in player_counts(name)]
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_check_env_passes(name: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # check_env reports problems as warnings
        environment = gymnasium.make(env_id(name), **quick_options(name, players))
        check_env(environment.unwrapped)
        environment.close()


@pytest.mark.parametrize(("name", "players"), CASES)
def test_check_env_passes_for_the_last_seat(name: str, players: int) -> None:
    environment = ParlourEnv(name, seat=players - 1, **quick_options(name, players))
    check_env(environment, skip_render_check=True)


def play_episode(environment: ParlourEnv, seed: int) -> tuple[list[int], float]:
    observation, info = environment.reset(seed=seed)
    generator = np.random.default_rng(seed)
    actions: list[int] = []
    total = 0.0
    done = False
    while not done:
        legal = np.flatnonzero(observation["action_mask"])
        action = int(generator.choice(legal)) if len(legal) else 0
        assert np.array_equal(info["action_mask"], observation["action_mask"])
        actions.append(action)
        observation, reward, done, truncated, info = environment.step(action)
        assert not truncated and "illegal_action" not in info
        total += reward
    return actions, total


@pytest.mark.parametrize("name", parlour.game_names())
def test_an_episode_pays_the_seat_return(name: str) -> None:
    environment = ParlourEnv(name, **quick_options(name))
    _, total = play_episode(environment, seed=5)
    assert environment.slotted is not None
    assert total == environment.slotted.state.returns()[0]


def test_a_seed_replays_the_episode() -> None:
    first = play_episode(ParlourEnv("thracula", deals=1), seed=8)
    second = play_episode(ParlourEnv("thracula", deals=1), seed=8)
    assert first == second


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    environment = ParlourEnv("colour-blind", deals=1)
    observation, _ = environment.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = environment.step(illegal)
    assert terminated and reward == -1.0
    assert "legal" in info["illegal_action"]


def test_an_illegal_action_may_raise_instead() -> None:
    environment = ParlourEnv("colour-blind", deals=1, illegal_action="raise")
    observation, _ = environment.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(parlour.IllegalActionError):
        environment.step(illegal)


def test_a_missing_bot_level_falls_back_to_random(monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour import bots

    monkeypatch.delitem(bots.BOT_KINDS, "hard", raising=False)
    with pytest.warns(UserWarning, match="random"):
        environment = ParlourEnv("dracula", deals=1, opponent="hard")
    assert environment.opponent == "random"


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_plays_when_available(level: str) -> None:
    from parlour.bots import BOT_KINDS

    if level not in BOT_KINDS:
        pytest.skip(f"the {level} level is not in this parlour yet")
    environment = ParlourEnv("dracula", deals=1, opponent=level)
    assert environment.opponent == level
    play_episode(environment, seed=2)


def test_an_unknown_opponent_is_refused() -> None:
    with pytest.raises(parlour.InvalidOptionError, match="unknown bot 'grandmaster'; bots: easy"):
        ParlourEnv("dracula", opponent="grandmaster")


def test_a_seat_that_does_not_exist_is_refused() -> None:
    with pytest.raises(parlour.InvalidOptionError, match="seats are 0 to 1"):
        ParlourEnv("dracula", seat=2)


def test_a_match_that_ends_before_the_agent_acts_still_pays() -> None:
    for seed in range(40):
        environment = ParlourEnv("nain-jaune", players=8, max_deals=1)
        observation, _ = environment.reset(seed=seed)
        if observation["action_mask"].sum() == 0:
            assert environment.slotted is not None
            _, reward, terminated, _, _ = environment.step(0)
            assert terminated
            assert reward == environment.slotted.state.returns()[0]
            with pytest.raises(RuntimeError, match="reset"):
                environment.step(0)
            return
    pytest.skip("no seed ended the match before seat 0 acted")


def test_action_masks_for_maskable_agents() -> None:
    environment = ParlourEnv("casino", target=1)
    observation, _ = environment.reset(seed=3)
    assert environment.action_masks().dtype == bool
    assert np.array_equal(environment.action_masks(), observation["action_mask"].astype(bool))


def test_example_runs() -> None:
    runpy.run_path(str(EXAMPLES / "gymnasium_random.py"), run_name="__main__")
