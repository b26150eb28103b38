"""A PettingZoo AEC loop: masked random agents play one round of three-player Casino.

Run: python examples/pettingzoo_random.py
"""

from __future__ import annotations

import numpy as np

from parlour.adapters.pettingzoo import env


def main() -> None:
    """Play one round; print each agent's final reward (its Casino points)."""
    table = env("casino", players=3, target=1)
    table.reset(seed=42)
    generator = np.random.default_rng(0)
    rewards = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _info = table.last()
        rewards[agent] += reward
        if terminated or truncated:
            action = None
        else:
            legal = np.flatnonzero(observation["action_mask"])
            action = int(generator.choice(legal))
        table.step(action)
    print("tensor size:", table.encoder.size, "action slots:", table.slots.size)
    print("rewards:", rewards)


if __name__ == "__main__":
    main()
