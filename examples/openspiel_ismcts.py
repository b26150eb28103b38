"""OpenSpiel's Python ISMCTS bot against a random player at Colour-blind.

Run: python examples/openspiel_ismcts.py
"""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import parlour.adapters.openspiel  # noqa: F401  (registers python_parlour_<game>)


def main() -> None:
    """Play one deal of three-player Colour-blind: ISMCTS in seat 0, random elsewhere."""
    game = pyspiel.load_game("python_parlour_colour_blind", {"players": 3, "deals": 1})
    random_state = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=random_state)
    bot = ismcts.ISMCTSBot(
        game=game, evaluator=evaluator, uct_c=2.0, max_simulations=50, random_state=random_state
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            action = int(random_state.choice(outcomes, p=probabilities))
        elif state.current_player() == 0:
            action = bot.step(state)
        else:
            action = int(random_state.choice(state.legal_actions()))
        state.apply_action(action)
    print("returns (seat 0 is ISMCTS):", state.returns())


if __name__ == "__main__":
    main()
