"""``parlour bench``: random playouts per second and actions per second."""

from __future__ import annotations

import argparse
import random
import statistics
import time

from parlour.cli import parse_option_pairs
from parlour.core.game import Game
from parlour.core.registry import game_names, load_game


def playout_rate(game: Game[object], seconds: float, seed: int) -> tuple[float, float, float]:
    """Random playouts for about ``seconds``: (playouts/s, actions/s, decisions/s).

    Actions count every applied action, chance outcomes included; decisions only
    the players' actions.
    """
    rng = random.Random(seed)
    playouts = actions = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    number = 0
    while True:
        state = game.new_initial_state(seed=seed * 100_003 + number)
        number += 1
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
        actions += len(state.history)
        playouts += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return playouts / elapsed, actions / elapsed, decisions / elapsed


def command_bench(arguments: argparse.Namespace) -> int:
    """Print one line per game: the median over ``--runs`` runs."""
    names = arguments.games or game_names()
    options = parse_option_pairs(arguments.option)
    print(f"random playouts, median of {arguments.runs} runs of {arguments.seconds:g} s, one core")
    print(f"{'game':<22}{'playouts/s':>12}{'actions/s':>12}{'decisions/s':>13}")
    for name in names:
        game_options: dict[str, object] = dict(options)
        if arguments.players is not None:
            game_options["players"] = arguments.players
        game = load_game(name, **game_options)
        runs = [playout_rate(game, arguments.seconds, seed) for seed in range(arguments.runs)]
        playouts = statistics.median(run[0] for run in runs)
        actions = statistics.median(run[1] for run in runs)
        decisions = statistics.median(run[2] for run in runs)
        label = f"{name} ({game.num_players}p)"
        print(f"{label:<22}{playouts:>12,.1f}{actions:>12,.0f}{decisions:>13,.0f}", flush=True)
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``parlour bench``."""
    parser = commands.add_parser(
        "bench", help="measure random playouts per second (median of several runs)"
    )
    parser.add_argument("games", nargs="*", metavar="GAME", help="games to measure (default: all)")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run (default 1)")
    parser.add_argument("--runs", type=int, default=5, help="runs per game; the median is shown")
    parser.add_argument("--players", type=int, default=None, help="number of players")
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option (repeatable)",
    )
    parser.set_defaults(run=command_bench)
