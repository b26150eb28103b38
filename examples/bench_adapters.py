"""Steps per second of random play: the raw engine against each adapter.

Run: python examples/bench_adapters.py [--seconds 2] [--games dracula casino]

A step is one player move (chance outcomes are resolved in every loop but not
counted). Each loop builds its game or environment once, then plays whole
matches of the short options in ``parlour.adapters.quick`` with uniformly
random legal moves:

- engine: ``state.legal_actions()`` and ``state.apply_action``;
- OpenSpiel: the same through ``pyspiel`` (chance sampled from ``chance_outcomes``);
- PettingZoo: ``env.last()`` (observation tensor and mask) and ``env.step``;
- Gymnasium: ``env.step`` with random bots in the other seats (their moves count).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

import parlour
from parlour.adapters import openspiel
from parlour.adapters.gymnasium import ParlourEnv
from parlour.adapters.pettingzoo import env as aec_env
from parlour.adapters.quick import quick_options
from parlour.core.sampler import Rng

Match = Callable[[int], tuple[int, float]]
"""Plays one match from a seed; returns its player moves and the seconds it took."""


def engine_loop(name: str) -> Match:
    """Matches on the raw engine."""
    game = parlour.load_game(name, **quick_options(name))

    def match(seed: int) -> tuple[int, float]:
        start = time.perf_counter()
        state = game.new_initial_state(seed=seed)
        rng = Rng(seed)
        moves = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        return moves, time.perf_counter() - start

    return match


def openspiel_loop(name: str) -> Match:
    """Matches through pyspiel."""
    game = openspiel.load(name, **quick_options(name))

    def match(seed: int) -> tuple[int, float]:
        start = time.perf_counter()
        state = game.new_initial_state()
        rng = Rng(seed)
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
        return moves, time.perf_counter() - start

    return match


def pettingzoo_loop(name: str) -> Match:
    """Matches through the AEC environment (one environment, reset each match)."""
    table = aec_env(name, **quick_options(name))

    def match(seed: int) -> tuple[int, float]:
        start = time.perf_counter()
        table.reset(seed=seed)
        generator = np.random.default_rng(seed)
        moves = 0
        for _agent in table.agent_iter():
            observation, _reward, terminated, truncated, _info = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            table.step(int(generator.choice(np.flatnonzero(observation["action_mask"]))))
            moves += 1
        return moves, time.perf_counter() - start

    return match


def gymnasium_loop(name: str) -> Match:
    """Episodes through the single-seat environment (bot moves count too)."""
    environment = ParlourEnv(name, **quick_options(name))

    def match(seed: int) -> tuple[int, float]:
        start = time.perf_counter()
        observation, _ = environment.reset(seed=seed)
        generator = np.random.default_rng(seed)
        done = False
        while not done:
            legal = np.flatnonzero(observation["action_mask"])
            action = int(generator.choice(legal)) if len(legal) else 0
            observation, _reward, done, _truncated, _info = environment.step(action)
        seconds = time.perf_counter() - start
        assert environment.slotted is not None
        state = environment.slotted.state
        replay = state.game.new_initial_state()
        moves = 0
        for action in state.history:
            moves += not replay.is_chance_node()
            replay.apply_action(action)
        return moves, seconds

    return match


LOOPS: dict[str, Callable[[str], Match]] = {
    "engine": engine_loop,
    "OpenSpiel": openspiel_loop,
    "PettingZoo": pettingzoo_loop,
    "Gymnasium": gymnasium_loop,
}


def measure(match: Match, seconds: float) -> float:
    """Moves per second of ``match``, over whole matches for about ``seconds``."""
    moves = 0
    matches = 0
    counted = 0.0
    while True:
        played, spent = match(matches)
        moves += played
        counted += spent
        matches += 1
        if counted >= seconds:
            return moves / counted


def main(argv: list[str] | None = None) -> None:
    """Print a Markdown table of moves per second per game and loop."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per game and loop")
    parser.add_argument("--games", nargs="*", default=parlour.game_names(), help="games to time")
    arguments = parser.parse_args(argv)
    print("| game | " + " | ".join(LOOPS) + " |")
    print("|---|" + "---:|" * len(LOOPS))
    for name in arguments.games:
        cells = []
        for loop in LOOPS.values():
            cells.append(f"{measure(loop(name), arguments.seconds):,.0f}")
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
