"""One seat of a parlour game as a Gymnasium environment; parlour bots hold the others.

>>> import gymnasium
>>> from parlour.adapters.gymnasium import ParlourEnv
>>> environment = ParlourEnv("dracula", deals=1)
>>> observation, info = environment.reset(seed=3)
>>> sorted(observation), int(info["action_mask"].sum()) > 0
(['action_mask', 'observation'], True)

- The agent plays seat ``seat`` (default 0); every other seat is a parlour bot
  (``parlour.bots.make_bot(opponent, seed)``) seeing only its own View. A level
  named ``easy``, ``medium`` or ``hard`` that this parlour does not have yet
  falls back to ``random`` with a warning.
- Observations are ``{"observation": tensor, "action_mask": mask}`` as in the
  PettingZoo adapter (same tensor, same slots); ``info["action_mask"]`` repeats
  the mask for libraries that read it there.
- ``reset(seed=s)`` fixes the deals and the bots' seeds, so an episode replays.
- The reward is zero until the end, then the seat's return (its final score).
  If the bots finish the match before the agent's first turn (a seat of a big
  Nain Jaune table may never have a real choice), ``reset`` returns an all-zero
  action mask and the next ``step`` (any action) delivers the result.
- An illegal action ends the episode (``terminated``) with reward
  ``illegal_reward`` (default: one below the lowest possible return) and
  ``info["illegal_action"]`` naming it, so that unmasked samplers (Gymnasium's
  own ``check_env``) see a well-defined environment; pass
  ``illegal_action="raise"`` to raise instead.
"""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np

from parlour.adapters.actions import ActionSlots, SlottedState
from parlour.adapters.pettingzoo import (
    RENDER_MODES,
    action_mask,
    observation_space,
    render_text,
    seat_observation,
)
from parlour.adapters.tensors import encoder_for
from parlour.adapters.utility import utility_bounds
from parlour.bots import BOT_KINDS, Bot, make_bot
from parlour.core.errors import IllegalActionError, InvalidOptionError
from parlour.core.game import Game
from parlour.core.registry import load_game

LEVELS = ("easy", "medium", "hard")
"""Bot levels that fall back to ``random`` while they are missing."""
ILLEGAL_ACTIONS = ("end", "raise")


class ParlourEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a parlour game against parlour bots."""

    metadata: dict[str, Any] = {"render_modes": RENDER_MODES, "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game[Any],
        *,
        seat: int = 0,
        opponent: str = "random",
        render_mode: str | None = None,
        illegal_action: str = "end",
        illegal_reward: float | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game: Game[Any] = load_game(game, **options) if isinstance(game, str) else game
        if isinstance(game, Game) and options:
            raise InvalidOptionError("give options with a game name, not with a loaded game")
        if not 0 <= seat < self.game.num_players:
            raise InvalidOptionError(
                f"seat {seat} does not exist; seats are 0 to {self.game.num_players - 1}"
            )
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidOptionError(
                f"render_mode {render_mode!r} is not supported; allowed: {', '.join(RENDER_MODES)}"
            )
        if illegal_action not in ILLEGAL_ACTIONS:
            raise InvalidOptionError(
                f"illegal_action {illegal_action!r} is not allowed; allowed: "
                + ", ".join(ILLEGAL_ACTIONS)
            )
        if opponent not in BOT_KINDS and opponent in LEVELS:
            warnings.warn(
                f"bot level {opponent!r} is not available in this parlour; using 'random'",
                stacklevel=2,
            )
            opponent = "random"
        make_bot(opponent, 0)  # a clear error now for an unknown kind
        self.seat = seat
        self.opponent = opponent
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        low, _ = utility_bounds(self.game)
        self.illegal_reward = low - 1.0 if illegal_reward is None else float(illegal_reward)
        self.slots = ActionSlots(self.game)
        self.encoder = encoder_for(self.game)
        self.observation_space = observation_space(self.encoder, self.slots)
        self.action_space = gymnasium.spaces.Discrete(self.slots.size)
        self.slotted: SlottedState | None = None
        self.bots: dict[int, Bot] = {}
        self.result_pending = False
        """True when the match ended before the agent's first turn (see :meth:`step`)."""

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new match; the bots play until it is the agent's turn."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**62))
        self.bots = {
            other: make_bot(self.opponent, int(self.np_random.integers(0, 2**62)))
            for other in range(self.game.num_players)
            if other != self.seat
        }
        self.slotted = SlottedState(self.game.new_initial_state(seed=game_seed), self.slots)
        self._play_bots()
        self.result_pending = self.slotted.state.is_terminal()
        observation = self._observe()
        return observation, self._info(observation)

    def _play_bots(self) -> None:
        assert self.slotted is not None
        state = self.slotted.state
        while not state.is_terminal() and state.current_player() != self.seat:
            player = state.current_player()
            state.apply_action(self.bots[player].choose(state.view(player)))

    def _observe(self) -> dict[str, np.ndarray]:
        assert self.slotted is not None
        return seat_observation(self.encoder, self.slotted, self.seat)

    def _info(self, observation: dict[str, np.ndarray] | None = None) -> dict[str, Any]:
        assert self.slotted is not None
        mask = (
            action_mask(self.slotted, self.seat)
            if observation is None
            else observation["action_mask"].copy()
        )
        return {"action_mask": mask}

    def _result(
        self, reward: float, terminated: bool
    ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        observation = self._observe()
        return observation, reward, terminated, False, self._info(observation)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Play one slot, then let the bots move until the agent's turn or the end."""
        if self.slotted is None:
            raise RuntimeError("call reset() before step()")
        state = self.slotted.state
        if state.is_terminal():
            if not self.result_pending:
                raise RuntimeError("the episode is over; call reset()")
            # The bots finished the match before the agent's first turn (a seat
            # may never have a real choice): this step only delivers the result.
            self.result_pending = False
            return self._result(float(state.returns()[self.seat]), True)
        try:
            self.slotted.apply_slot(int(action))
        except IllegalActionError as error:
            if self.illegal_action == "raise":
                raise
            observation, reward, terminated, truncated, info = self._result(
                self.illegal_reward, True
            )
            info["illegal_action"] = str(error)
            return observation, reward, terminated, truncated, info
        self._play_bots()
        reward = float(state.returns()[self.seat]) if state.is_terminal() else 0.0
        if self.render_mode == "human":
            self.render()
        return self._result(reward, state.is_terminal())

    def action_masks(self) -> np.ndarray:
        """The current action mask (the name sb3-contrib's MaskablePPO looks for)."""
        return self._info()["action_mask"].astype(bool)  # type: ignore[no-any-return]

    def render(self) -> str | None:
        """The table as text (``ansi``), printed (``human``), or nothing without a mode."""
        if self.slotted is None or self.render_mode is None:
            return None
        text = render_text(self.slotted)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def env_id(game_name: str) -> str:
    """The Gymnasium id of a game: ``parlour/colour-blind-v0``."""
    return f"parlour/{game_name}-v0"


def register_all() -> list[str]:
    """Register ``parlour/<game>-v0`` for every game (``gymnasium.make`` takes options)."""
    from parlour.core.registry import game_names

    ids = []
    for name in game_names():
        identifier = env_id(name)
        if identifier not in gymnasium.registry:
            gymnasium.register(
                id=identifier,
                entry_point="parlour.adapters.gymnasium:ParlourEnv",
                kwargs={"game": name},
                disable_env_checker=False,
            )
        ids.append(identifier)
    return ids


REGISTERED = register_all()
"""The Gymnasium ids registered when this module was imported."""
