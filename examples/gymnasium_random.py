"""A Gymnasium loop: a masked random agent in seat 0 of Dracula against parlour bots.

Run: python examples/gymnasium_random.py
"""

from __future__ import annotations

import gymnasium
import numpy as np

from parlour.adapters.gymnasium import ParlourEnv  # also registers parlour/<game>-v0


def main() -> None:
    """Play five one-deal games; print the agent's score in each."""
    environment = gymnasium.make("parlour/dracula-v0", deals=1, opponent="random")
    generator = np.random.default_rng(0)
    for episode in range(5):
        observation, _info = environment.reset(seed=episode)
        done = False
        score = 0.0
        while not done:
            legal = np.flatnonzero(observation["action_mask"])
            action = int(generator.choice(legal)) if len(legal) else 0
            observation, reward, terminated, truncated, _info = environment.step(action)
            score += float(reward)
            done = terminated or truncated
        table = environment.unwrapped
        assert isinstance(table, ParlourEnv) and table.slotted is not None
        returns = table.slotted.state.returns()
        print(f"episode {episode}: seat 0 scored {score:g}, the bot {returns[1]:g}")
    environment.close()


if __name__ == "__main__":
    main()
