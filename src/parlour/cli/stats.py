"""``parlour stats``: games played, won and best scores, per game and opponent."""

from __future__ import annotations

import argparse

from parlour.core.registry import game_class
from parlour.stats import StatsStore, stats_path, summary_text


def command_stats(arguments: argparse.Namespace) -> int:
    """Print the statistics and where they are kept."""
    if arguments.game:
        game_class(arguments.game)  # an unknown name fails with the list of games
    path = stats_path()
    print(summary_text(StatsStore(path).summary(arguments.game), path))
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``parlour stats``."""
    parser = commands.add_parser(
        "stats",
        help="your statistics: games played, won, best scores",
        description="Games played, won, best and average score per game and opponent, "
        "from the games finished at this computer. The database's path is shown; set "
        "PARLOUR_DATA_DIR to keep parlour's files elsewhere.",
    )
    parser.add_argument("game", nargs="?", default=None, help="only this game")
    parser.set_defaults(run=command_stats)
