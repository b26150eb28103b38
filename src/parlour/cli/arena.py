"""``parlour arena``: bots against bots, with duplicate deals, ratings and plots.

parlour arena dracula --bots hard,heuristic,random --games 120 --seed 1
parlour arena casino --players 4 --option partnerships=true --bots medium,random
parlour arena dracula --bots hard,heuristic --backend ray --address auto
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import sys
import time
from pathlib import Path

from parlour.arena import ArenaResult, ArenaSettings, PairedDifference, run_arena
from parlour.bots import BOT_KINDS
from parlour.cli import add_game_option_arguments, game_options
from parlour.core.errors import ParlourError

SUMMARY_FIELDS = (
    "bot",
    "matches",
    "mean_score",
    "score_low",
    "score_high",
    "win_rate",
    "win_low",
    "win_high",
    "rating",
    "rating_low",
    "rating_high",
    "seconds_per_move",
    "seconds_p99",
    "seconds_max",
)


class ProgressBar:
    """A one-line progress bar on standard error (drawn only on a terminal)."""

    def __init__(self, label: str, enabled: bool) -> None:
        self.label = label
        self.enabled = enabled
        self.start = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        """Redraw the bar."""
        if not self.enabled:
            return
        width = 30
        filled = int(width * done / total)
        elapsed = time.perf_counter() - self.start
        remaining = elapsed / done * (total - done) if done else 0.0
        sys.stderr.write(
            f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}"
            f"  {elapsed:,.0f} s, about {remaining:,.0f} s left "
        )
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def format_table(result: ArenaResult) -> str:
    """The summary as a text table."""
    lines = [
        f"{'bot':<12}{'matches':>8}  {'mean score (95% CI)':<26}"
        f"{'win rate (95% CI)':<24}{'rating (95% CI)':<22}{'s/decision':>10}{'p99':>7}"
    ]
    for row in sorted(result.summary, key=lambda row: -row.rating):
        score = f"{row.mean_score:8.2f} [{row.score_low:.1f}, {row.score_high:.1f}]"
        wins = f"{row.win_rate:6.1%} [{row.win_low:.1%}, {row.win_high:.1%}]"
        if math.isnan(row.rating_low):
            rating = f"{row.rating:+6.0f}"
        else:
            rating = f"{row.rating:+6.0f} [{row.rating_low:+.0f}, {row.rating_high:+.0f}]"
        lines.append(
            f"{row.bot:<12}{row.matches:>8}  {score:<26}{wins:<24}{rating:<22}"
            f"{row.seconds_per_move:>10.3f}{row.seconds_p99:>7.2f}"
        )
    for pair in result.paired:
        lines.append(format_pair(pair))
    return "\n".join(lines)


def format_pair(pair: PairedDifference) -> str:
    """One pair of bots compared deal by deal, in a line that says who is ahead."""
    if pair.deals < 2:
        return f"{pair.first} − {pair.second}, deal by deal: {pair.mean:+.2f} ({pair.deals} deal)"
    if pair.low > 0:
        verdict = f"{pair.first} ahead"
    elif pair.high < 0:
        verdict = f"{pair.second} ahead"
    else:
        verdict = "not told apart"
    return (
        f"{pair.first} − {pair.second}, deal by deal: {pair.mean:+.2f} ± {pair.standard_error:.2f}"
        f" [{pair.low:+.2f}, {pair.high:+.2f}] over {pair.deals} deals: {verdict}"
    )


def save_results(result: ArenaResult, prefix: str) -> tuple[Path, Path]:
    """Write ``PREFIX.csv`` (one row per bot) and ``PREFIX.json`` (everything)."""
    csv_path = Path(prefix + ".csv")
    json_path = Path(prefix + ".json")
    if csv_path.parent and not csv_path.parent.exists():
        csv_path.parent.mkdir(parents=True)
    with csv_path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(SUMMARY_FIELDS)
        for row in result.summary:
            writer.writerow([getattr(row, name) for name in SUMMARY_FIELDS])
    json_path.write_text(json.dumps(result.to_json_dict(), indent=1) + "\n", encoding="utf-8")
    return csv_path, json_path


def plot_ratings(result: ArenaResult, path: str) -> None:
    """Draw each bot's rating with its 95% interval into a PNG file."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ParlourError("--plot needs matplotlib: pip install 'parlour[plot]'") from None
    rows = sorted(result.summary, key=lambda row: row.rating)
    figure, axes = plt.subplots(figsize=(6, 1 + 0.5 * len(rows)))
    positions = list(range(len(rows)))
    ratings = [row.rating for row in rows]
    lows = [0.0 if math.isnan(row.rating_low) else row.rating - row.rating_low for row in rows]
    highs = [0.0 if math.isnan(row.rating_high) else row.rating_high - row.rating for row in rows]
    axes.errorbar(ratings, positions, xerr=[lows, highs], fmt="o", capsize=4)
    axes.set_yticks(positions, [row.bot for row in rows])
    axes.axvline(0, color="grey", linewidth=0.5)
    axes.set_xlabel("rating (Bradley–Terry, Elo scale) with 95% interval")
    settings = result.settings
    axes.set_title(f"{settings.game}: {len(result.matches)} matches, seed {settings.seed}")
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def command_arena(arguments: argparse.Namespace) -> int:
    """Run ``parlour arena``."""
    options = game_options(arguments.option, arguments.players)
    bots = tuple(name.strip() for name in arguments.bots.split(",") if name.strip())
    jobs = arguments.jobs if arguments.jobs is not None else (os.cpu_count() or 1)
    settings = ArenaSettings(
        game=arguments.game,
        bots=bots,
        games=arguments.games,
        seed=arguments.seed,
        options=options,
        jobs=jobs,
        backend=arguments.backend,
        address=arguments.address,
    )
    progress = ProgressBar(f"{arguments.game}", enabled=sys.stderr.isatty())
    result = run_arena(settings, progress)
    where = "ray" if settings.backend == "ray" else f"{jobs} local process(es)"
    print(
        f"{arguments.game} ({result.players} players), {len(result.matches)} matches "
        f"({len(result.matches) // len(result.arrangements)} deals × "
        f"{len(result.arrangements)} seatings), seed {settings.seed}, {where}"
    )
    print(format_table(result))
    prefix = arguments.output or f"arena-{arguments.game}-seed{arguments.seed}"
    csv_path, json_path = save_results(result, prefix)
    print(f"saved {csv_path} and {json_path}")
    if arguments.plot:
        plot_ratings(result, arguments.plot)
        print(f"plotted {arguments.plot}")
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``parlour arena``."""
    parser = commands.add_parser(
        "arena",
        help="play bots against each other and rate them",
        description="Play bots against each other: every bot in every seat, the same deals "
        "replayed with the bots in other seats (duplicate). Prints mean scores, win rates "
        "and Bradley–Terry ratings with 95% intervals; saves CSV and JSON.",
    )
    parser.add_argument("game", help="the game (see 'parlour list')")
    parser.add_argument(
        "--bots",
        default="hard,heuristic,random",
        help=f"bots, comma-separated (default hard,heuristic,random); kinds: "
        f"{', '.join(sorted(BOT_KINDS))}; a search level with another budget: "
        "LEVEL:N, N iterations a decision (e.g. hard:1200)",
    )
    parser.add_argument(
        "--games",
        type=int,
        default=60,
        help="matches to play, rounded up to whole duplicate sets (default 60)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    add_game_option_arguments(parser)
    parser.add_argument(
        "--jobs", type=int, default=None, help="local worker processes (default: all cores)"
    )
    parser.add_argument(
        "--backend", choices=("local", "ray"), default="local", help="where matches run"
    )
    parser.add_argument("--address", default=None, help="Ray cluster address (with --backend ray)")
    parser.add_argument(
        "--output",
        default=None,
        metavar="PREFIX",
        help="write PREFIX.csv and PREFIX.json (default arena-GAME-seedS)",
    )
    parser.add_argument("--plot", default=None, metavar="FILE.png", help="plot the ratings")
    parser.set_defaults(run=command_arena)
