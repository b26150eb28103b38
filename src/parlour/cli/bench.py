"""``parlour bench``: random playouts, actions and ISMCTS iterations per second.

The ISMCTS columns time the search bot on positions met in a seeded match
between heuristic bots (every fifth decision), with random rollouts (the
``medium`` level) and with heuristic rollouts (the ``hard`` level): iterations
per second, so that a level's budget converts to thinking time per move.

``--compare`` adds, in the same run, OpenSpiel's C++ Hearts and Goofspiel and
some of its Python games driven by the same random-playout loop (when
``open_spiel`` is installed), and every rate as a ratio to C++ Hearts.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial

import parlour
from parlour.arena.stats import percentile
from parlour.bots import HeuristicBot, check_bot_kind, make_bot
from parlour.bots.base import decision_rng
from parlour.bots.ismcts import Searcher, SearchSettings
from parlour.cli import add_game_option_arguments, game_options
from parlour.core.game import Game, View
from parlour.core.registry import game_names, load_game
from parlour.core.sampler import Rng


def playout_rate(game: Game[object], seconds: float, seed: int) -> tuple[float, float, float]:
    """Random playouts for about ``seconds`` of processor time (so that other
    programs on the machine matter little): (playouts/s, actions/s, decisions/s).

    Actions count every applied action, chance outcomes included; decisions only
    the players' actions.
    """
    rng = Rng(seed)
    playouts = actions = decisions = 0
    start = time.process_time()
    deadline = start + seconds
    number = 0
    while True:
        state = game.new_initial_state(seed=seed * 100_003 + number)
        number += 1
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            decisions += 1
        actions += len(state.history)
        playouts += 1
        now = time.process_time()
        if now >= deadline:
            break
    elapsed = now - start
    return playouts / elapsed, actions / elapsed, decisions / elapsed


OPENSPIEL_GAMES = (
    "hearts",
    "goofspiel",
    "python_kuhn_poker",
    "python_liars_poker",
    "python_block_dominoes",
    "python_tic_tac_toe",
)
"""OpenSpiel games timed by ``--compare``: two C++ card games, then Python games."""


def openspiel_playout_rate(name: str, seconds: float, seed: int) -> tuple[float, float, float]:
    """The random-playout rates of :func:`playout_rate` for an OpenSpiel game (chance
    outcomes drawn by their probabilities; at a simultaneous node each player's
    action counts as one decision)."""
    import pyspiel  # type: ignore[import-not-found]

    if name.startswith("python_"):
        import open_spiel.python.games  # type: ignore[import-untyped]  # noqa: F401  (registers them)
    game = pyspiel.load_game(name)
    rng = Rng(seed)
    playouts = actions = decisions = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.weighted(state.chance_outcomes()))
                actions += 1
            elif state.is_simultaneous_node():
                joint = []
                for player in range(game.num_players()):
                    legal = state.legal_actions(player)
                    joint.append(legal[rng.below(len(legal))])
                state.apply_actions(joint)
                actions += len(joint)
                decisions += len(joint)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.below(len(legal))])
                actions += 1
                decisions += 1
        playouts += 1
        now = time.process_time()
        if now >= deadline:
            break
    elapsed = now - start
    return playouts / elapsed, actions / elapsed, decisions / elapsed


def openspiel_available() -> bool:
    """Whether ``--compare`` can time OpenSpiel (``pip install 'parlour[rl]'``)."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


LABEL_WIDTH = 32
"""Width of the first column (game names)."""
SEARCH_BATCH = 50
"""Iterations per search when timing ISMCTS."""


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
    """ISMCTS iterations per second of processor time over ``views``, about
    ``seconds`` in all (searches of 50 iterations, round the views)."""
    if not views:
        return 0.0
    searcher = Searcher(
        SearchSettings(iterations=SEARCH_BATCH, heuristic_rollouts=heuristic_rollouts)
    )
    iterations = 0
    start = time.process_time()
    while True:
        for view in views:
            iterations += searcher.search(view, decision_rng(iterations, view)).iterations
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return iterations / elapsed


def move_times(game: Game[object], level: str, seed: int) -> list[float]:
    """Processor seconds of each move of bot ``level`` in a seeded match against
    the heuristic (the bot in seat 0, the heuristic in every other seat). A move
    is one decision, or all the steps of a move made in steps (a Casino move,
    see :meth:`~parlour.core.game.State.move_in_progress`)."""
    bots = [make_bot(level, seed)] + [
        HeuristicBot(seed * 7 + seat) for seat in range(1, game.num_players)
    ]
    state = game.new_initial_state(seed=seed)
    times: list[float] = []
    while not state.is_terminal():
        player = state.current_player()
        continuing = state.move_in_progress()
        start = time.process_time()
        action = bots[player].choose(state.view(player))
        spent = time.process_time() - start
        if player == 0:
            if continuing:
                times[-1] += spent
            else:
                times.append(spent)
        state.apply_action(action)
    return times


def command_move_times(arguments: argparse.Namespace, level: str) -> int:
    """``parlour bench --move-times BOT``: a bot's seconds per move, every game."""
    names = arguments.games or game_names()
    options = game_options(arguments.option, arguments.players)
    print(
        f"parlour {parlour.__version__}, {parlour.engine_name()} engine; the {level} bot's "
        f"processor seconds per move against the heuristic, {arguments.runs} seeded "
        "match(es) per game"
    )
    print(f"{'game':<{LABEL_WIDTH}}{'moves':>7}{'median':>9}{'p90':>8}{'p99':>8}{'max':>8}")
    for name in names:
        game = load_game(name, **options)
        seeds = range(1, arguments.runs + 1)
        times = sorted(spent for seed in seeds for spent in move_times(game, level, seed))
        if not times:
            print(f"{name:<{LABEL_WIDTH}}{0:>7}")
            continue
        label = f"{name} ({game.num_players}p)"
        print(
            f"{label:<{LABEL_WIDTH}}{len(times):>7}{statistics.median(times):>9.3f}"
            f"{percentile(times, 0.9):>8.3f}{percentile(times, 0.99):>8.3f}{times[-1]:>8.3f}",
            flush=True,
        )
    return 0


def _median_rates(
    measure: Callable[[float, int], tuple[float, float, float]], seconds: float, runs: int
) -> tuple[float, float, float]:
    results = [measure(seconds, seed) for seed in range(runs)]
    return (
        statistics.median(run[0] for run in results),
        statistics.median(run[1] for run in results),
        statistics.median(run[2] for run in results),
    )


def command_bench(arguments: argparse.Namespace) -> int:
    """Print one line per game: the median over ``--runs`` runs."""
    if arguments.move_times is not None:
        check_bot_kind(arguments.move_times)
        return command_move_times(arguments, arguments.move_times)
    names = arguments.games or game_names()
    options = game_options(arguments.option, arguments.players)
    compare = arguments.compare and openspiel_available()
    if arguments.compare and not compare:
        print("--compare: open_spiel is not installed (pip install 'parlour[rl]'); parlour only")
    search = not arguments.no_search and not compare
    print(
        f"parlour {parlour.__version__}, {parlour.engine_name()} engine; "
        f"random playouts, median of {arguments.runs} runs of {arguments.seconds:g} s "
        "of processor time"
        + ("; ISMCTS iterations/s with random and with heuristic rollouts" if search else "")
    )
    header = f"{'game':<{LABEL_WIDTH}}{'playouts/s':>12}{'actions/s':>12}{'decisions/s':>13}"
    if compare:
        header += f"{'actions ×Hearts':>17}{'decisions ×Hearts':>19}"
    elif search:
        header += f"{'ismcts it/s':>13}{'hard it/s':>11}"
    print(header)
    rows: list[tuple[str, tuple[float, float, float]]] = []
    for name in names:
        game = load_game(name, **options)
        rates = _median_rates(
            partial(playout_rate, game),
            arguments.seconds,
            arguments.runs,
        )
        label = f"{name} ({game.num_players}p)"
        line = f"{label:<{LABEL_WIDTH}}{rates[0]:>12,.1f}{rates[1]:>12,.0f}{rates[2]:>13,.0f}"
        if compare:
            rows.append((label, rates))
            continue
        if not search:
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
    if not compare:
        return 0
    for name in OPENSPIEL_GAMES:
        rates = _median_rates(
            partial(openspiel_playout_rate, name),
            arguments.seconds,
            arguments.runs,
        )
        kind = "Python" if name.startswith("python_") else "C++"
        rows.append((f"OpenSpiel {kind} {name.removeprefix('python_')}", rates))
    hearts = next(rates for label, rates in rows if label == "OpenSpiel C++ hearts")
    for label, (playouts, actions, decisions) in rows:
        print(
            f"{label:<{LABEL_WIDTH}}{playouts:>12,.1f}{actions:>12,.0f}{decisions:>13,.0f}"
            f"{actions / hearts[1]:>17.2f}{decisions / hearts[2]:>19.2f}",
            flush=True,
        )
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
    parser.add_argument(
        "--compare",
        action="store_true",
        help="also time OpenSpiel's C++ Hearts and Goofspiel and some of its Python games, "
        "and show every rate as a ratio to Hearts (needs open_spiel; skips the ISMCTS columns)",
    )
    parser.add_argument(
        "--move-times",
        metavar="BOT",
        default=None,
        help="instead: a bot's processor seconds per move (median, p90, p99, max) in --runs "
        "seeded matches against the heuristic, e.g. --move-times hard",
    )
    parser.set_defaults(run=command_bench)
