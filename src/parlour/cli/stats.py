"""``parlour stats``: games played, won and best scores, per game and opponent."""

from __future__ import annotations

import argparse
from pathlib import Path

from parlour.core.registry import game_class
from parlour.i18n import language_from_environment, tr, words
from parlour.stats import StatsLine, StatsStore, StatsUnreadableError, stats_path


def summary_text(lines: list[StatsLine], path: Path, lang: str = "en") -> str:
    """The statistics as a table (one row per game, opponent and number of
    players), with the database's path, in English or French."""
    out = [tr(lang, "stats_title", path=path)]
    if not lines:
        out.append(tr(lang, "stats_none"))
        return "\n".join(out)
    game, opponent, players, played, won, share, best, average = words(lang, "stats_header")
    out.append(
        f"{game:<20} {opponent:<10} {players:>7} {played:>7} {won:>7} {share:>7} {best:>8} "
        f"{average:>8}"
    )
    for line in lines:
        rate = 100.0 * line.won / line.played if line.played else 0.0
        out.append(
            f"{line.game:<20} {line.opponent:<10} {line.players:>7} {line.played:>7} "
            f"{line.won:>7} {rate:>6.0f}% {line.best:>8g} {line.average:>8.1f}"
        )
    return "\n".join(out)


def command_stats(arguments: argparse.Namespace) -> int:
    """Print the statistics and where they are kept."""
    if arguments.game:
        game_class(arguments.game)  # an unknown name fails with the list of games
    lang = arguments.lang or language_from_environment()
    path = stats_path()
    try:
        lines = StatsStore(path).summary(arguments.game)
    except StatsUnreadableError as error:
        raise StatsUnreadableError(tr(lang, "stats_unreadable", path=path, error=error)) from None
    print(summary_text(lines, path, lang))
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``parlour stats``."""
    parser = commands.add_parser(
        "stats",
        help="your statistics: games played, won, best scores",
        description="Games played, won, best and average score per game, opponent and number of "
        "players, "
        "from the games finished at this computer. The database's path is shown; set "
        "PARLOUR_DATA_DIR to keep parlour's files elsewhere.",
    )
    parser.add_argument("game", nargs="?", default=None, help="only this game")
    parser.add_argument(
        "--lang",
        default=None,
        choices=("en", "fr"),
        help="language (default: French when LC_ALL or LANG is fr_*, else English)",
    )
    parser.set_defaults(run=command_stats)
