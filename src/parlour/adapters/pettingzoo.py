"""Every parlour game as a PettingZoo AEC environment.

>>> from parlour.adapters.pettingzoo import env
>>> table = env("casino", players=3, target=5)
>>> table.reset(seed=1)
>>> sorted(table.observation_space(table.agent_selection).spaces)
['action_mask', 'observation']

- Agents are ``player_0`` … ``player_<n-1>``, one per seat; they act in the
  game's own order (a game may give one seat several turns in a row).
- Each observation is ``{"observation": tensor, "action_mask": mask}``: the
  game's designed tensor (:mod:`parlour.adapters.tensors`, values in [0, 1]) and
  one int8 entry per action slot (:mod:`parlour.adapters.actions`), all zeros
  for an agent that is not to act.
- Chance (shuffles, deals) is resolved by the engine's seeded sampler:
  ``reset(seed=s)`` fixes the whole deal sequence.
- Rewards are zero until the end; then every agent receives its seat's return
  (``state.returns()``: the game's final score, e.g. Casino points, Nain Jaune
  chips held) and every agent terminates.
- Render modes: ``ansi`` returns the table as the terminal renderer draws it
  (:mod:`parlour.render`) from the acting seat's view; ``human`` prints it.
- An illegal action raises :class:`~parlour.core.errors.IllegalActionError`
  naming the legal moves.
"""

from __future__ import annotations

import functools
from typing import Any

import gymnasium
import numpy as np
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from parlour.adapters.actions import ActionSlots, SlottedState
from parlour.adapters.tensors import Encoder, FloatArray, encoder_for
from parlour.core.game import Game
from parlour.core.registry import load_game
from parlour.render import Style, renderer_for

RENDER_MODES = ["ansi", "human"]


def agent_name(seat: int) -> str:
    """The agent of a seat: ``player_0`` …"""
    return f"player_{seat}"


def observation_space(encoder: Encoder, slots: ActionSlots) -> gymnasium.spaces.Dict:
    """The space of one seat's observation: tensor and action mask."""
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(0.0, 1.0, (encoder.size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (slots.size,), np.int8),
        }
    )


def action_mask(slotted: SlottedState, seat: int) -> np.ndarray:
    """The int8 mask of ``seat``'s legal slots (all zeros when it is not to act)."""
    mask = np.zeros(slotted.slots.size, np.int8)
    if slotted.state.current_player() == seat:
        mask[slotted.legal_slots()] = 1
    return mask


def seat_observation(
    encoder: Encoder, slotted: SlottedState, seat: int
) -> dict[str, FloatArray | np.ndarray]:
    """One seat's observation dict: designed tensor and action mask."""
    tensor = encoder.encode(slotted.state.observation(seat), seat)
    return {"observation": tensor, "action_mask": action_mask(slotted, seat)}


def render_text(slotted: SlottedState) -> str:
    """The table as the terminal renderer draws it for the seat to act (seat 0 at the end)."""
    state = slotted.state
    game = state.game
    seat = state.current_player()
    if seat < 0:
        seat = 0
    names = [agent_name(number) for number in range(game.num_players)]
    text = renderer_for(game.info.name)(state.view(seat), Style(colour=False), names)
    if state.is_terminal():
        text += "\nreturns: " + " ".join(f"{value:g}" for value in state.returns())
    return text


class ParlourAECEnv(AECEnv):  # type: ignore[misc]
    """One parlour game as a PettingZoo AEC environment."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo reads it per instance)
        "render_modes": RENDER_MODES,
        "name": "parlour_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game: Game[Any], render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode {render_mode!r} is not supported; allowed: {', '.join(RENDER_MODES)}"
            )
        self.game = game
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": RENDER_MODES,
            "name": f"parlour_{game.info.name.replace('-', '_')}_v0",
            "is_parallelizable": False,
        }
        self.slots = ActionSlots(game)
        self.encoder = encoder_for(game)
        self.possible_agents = [agent_name(seat) for seat in range(game.num_players)]
        self.agents: list[str] = []
        self._observation_space = observation_space(self.encoder, self.slots)
        self._action_space = gymnasium.spaces.Discrete(self.slots.size)
        self.np_random, _ = seeding.np_random(None)
        self.slotted: SlottedState | None = None

    @functools.cache  # noqa: B019  (one space object per agent, as PettingZoo asks)
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of every agent (they are all alike)."""
        return self._observation_space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space: one Discrete slot per action (see the action mask)."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match; ``seed`` fixes every shuffle of it."""
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        game_seed = int(self.np_random.integers(0, 2**62))
        self.slotted = SlottedState(self.game.new_initial_state(seed=game_seed), self.slots)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select_agent()

    def _select_agent(self) -> None:
        assert self.slotted is not None
        seat = self.slotted.state.current_player()
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]
        elif self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, FloatArray | np.ndarray]:
        """The agent's observation: designed tensor and action mask."""
        if self.slotted is None:
            raise RuntimeError("call reset() before observe()")
        return seat_observation(self.encoder, self.slotted, self.possible_agents.index(agent))

    def step(self, action: Any) -> None:
        """Play a slot for the agent to act (``None`` for an agent that has finished)."""
        if self.slotted is None:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.slotted.apply_slot(int(action))
        state = self.slotted.state
        if state.is_terminal():
            returns = state.returns()
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = float(returns[seat])
                self.terminations[name] = True
            self._accumulate_rewards()
        else:
            self._clear_rewards()
        self._select_agent()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text (``ansi``), printed (``human``), or nothing without a mode."""
        if self.slotted is None or self.render_mode is None:
            return None
        text = render_text(self.slotted)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return str(self.metadata["name"])


def env(game_name: str, render_mode: str | None = None, **options: Any) -> ParlourAECEnv:
    """The AEC environment of a game: ``env("casino", players=3, target=5)``.

    ``options`` are the game's options (``players`` included) as parlour takes them.
    """
    return ParlourAECEnv(load_game(game_name, **options), render_mode=render_mode)
