"""``parlour bench``: random playouts, actions and ISMCTS iterations per second.

The ISMCTS columns time the search bot on positions met in a seeded match
between heuristic bots (every fifth decision), with random rollouts (the
``medium`` level) and with heuristic rollouts (the ``hard`` level): iterations
per second, so that a level's budget converts to thinking time per move.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from parlour.bots import HeuristicBot
from parlour.bots.base import decision_rng
from parlour.bots.ismcts import Searcher, SearchSettings
from parlour.cli import add_game_option_arguments, game_options
from parlour.core.game import Game, View
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


def search_positions(game: Game[object], seed: int, count: int = 8) -> list[View]:
    """Views of the player to move at every fifth decision of a seeded match
    between heuristic bots (at most ``count``)."""
    state = game.new_initial_state(seed=seed)
    bot = HeuristicBot(seed)
    views: list[View] = []
    decisions = 0
    while not state.is_terminal() and len(views) < count:
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        view = state.view(state.current_player())
        if decisions % 5 == 0:
            views.append(view)
        decisions += 1
        state.apply_action(bot.choose(view))
    return views


def search_rate(views: list[View], seconds: float, heuristic_rollouts: bool) -> float:
    """ISMCTS iterations per second over ``views``, about ``seconds`` in all."""
    if not views:
        return 0.0
    searcher = Searcher(
        SearchSettings(
            iterations=None,
            seconds=seconds / len(views),
            heuristic_rollouts=heuristic_rollouts,
        )
    )
    iterations = 0
    start = time.perf_counter()
    for view in views:
        iterations += searcher.search(view, decision_rng(0, view)).iterations
    return iterations / (time.perf_counter() - start)


def command_bench(arguments: argparse.Namespace) -> int:
    """Print one line per game: the median over ``--runs`` runs."""
    names = arguments.games or game_names()
    options = game_options(arguments.option, arguments.players)
    print(
        f"random playouts, median of {arguments.runs} runs of {arguments.seconds:g} s, one core; "
        "ISMCTS iterations/s with random and with heuristic rollouts"
    )
    print(
        f"{'game':<22}{'playouts/s':>12}{'actions/s':>12}{'decisions/s':>13}"
        f"{'ismcts it/s':>13}{'hard it/s':>11}"
    )
    for name in names:
        game = load_game(name, **options)
        runs = [playout_rate(game, arguments.seconds, seed) for seed in range(arguments.runs)]
        playouts = statistics.median(run[0] for run in runs)
        actions = statistics.median(run[1] for run in runs)
        decisions = statistics.median(run[2] for run in runs)
        label = f"{name} ({game.num_players}p)"
        line = f"{label:<22}{playouts:>12,.1f}{actions:>12,.0f}{decisions:>13,.0f}"
        if arguments.no_search:
            print(line, flush=True)
            continue
        views = search_positions(game, seed=1)
        plain = statistics.median(
            search_rate(views, arguments.seconds, False) for _ in range(arguments.runs)
        )
        guided = statistics.median(
            search_rate(views, arguments.seconds, True) for _ in range(arguments.runs)
        )
        print(f"{line}{plain:>13,.0f}{guided:>11,.0f}", flush=True)
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``parlour bench``."""
    parser = commands.add_parser(
        "bench",
        help="measure random playouts and ISMCTS iterations per second (median of several runs)",
    )
    parser.add_argument("games", nargs="*", metavar="GAME", help="games to measure (default: all)")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run (default 1)")
    parser.add_argument("--runs", type=int, default=5, help="runs per game; the median is shown")
    add_game_option_arguments(parser)
    parser.add_argument("--no-search", action="store_true", help="skip the ISMCTS columns (faster)")
    parser.set_defaults(run=command_bench)
