"""``parlour review NAME|FILE``: a finished game's decisions judged, and the par."""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from parlour.core.errors import ParlourError
from parlour.core.game import State
from parlour.core.seat_names import seat_name_in
from parlour.i18n import language_from_environment, typeset
from parlour.render import Style
from parlour.review import FAST_SETTINGS, ReviewSettings, SeatPlayer, review_match
from parlour.review.text import review_lines
from parlour.table import SqliteTableStore, Table, TableNotFoundError
from parlour.table.saves import find_save, read_saved

NOT_FINISHED = {
    "en": "{name} is not finished: only a finished game is reviewed (the review shows "
    "every seat's cards)",
    "fr": "{name} n'est pas finie : seule une partie finie est analysée (l'analyse montre "
    "les cartes de chaque place)",
}


@dataclass(frozen=True)
class Reviewable:
    """A finished game ready to review: its final state, the names, the seat that
    a person played, who played each seat (for the par), and its language."""

    state: State
    names: list[str]
    seat: int
    players: list[SeatPlayer]
    lang: str


def load_reviewable(source: str) -> Reviewable:
    """A saved table's name, an old save file, or a match record (a file)."""
    path = Path(source)
    if not path.is_file():
        store = SqliteTableStore()
        if store.path.exists():
            try:
                table = Table.open(source, store)
            except TableNotFoundError:
                pass
            else:
                return reviewable_table(table)
        found = find_save(source)
        if found is None:
            raise TableNotFoundError(f"no saved game or file {source!r}")
        path = found
    saved = read_saved(path)
    state = saved.state
    humans = saved.humans
    seat = humans[0] if humans else 0
    if saved.envelope.get("format") == "parlour-record":
        # A bare record does not say who played: the par bot plays every seat.
        players = [SeatPlayer("hard", index) for index in range(state.game.num_players)]
    else:
        bot_seed = int(saved.envelope["bot_seed"])
        opponent = str(saved.envelope["opponent"])
        players = [
            SeatPlayer("hard", bot_seed * 1000 + index)
            if index in humans
            else SeatPlayer(opponent, bot_seed * 1000 + index)
            for index in range(state.game.num_players)
        ]
    return Reviewable(state, saved.names, seat, players, str(saved.envelope["lang"]))


def reviewable_table(table: Table) -> Reviewable:
    """A table as a :class:`Reviewable` (its bots with their seeds; people's seats
    played by the hard bot in the par)."""
    people = table.people()
    saved_by = table.meta.get("saved_by", people[0] if people else 0)
    players = [
        SeatPlayer(seat.bot, seat.bot_seed) if seat.bot else SeatPlayer("hard", seat.bot_seed)
        for seat in table.seats
    ]
    return Reviewable(
        table.snapshot(),
        table.names,
        int(saved_by) if type(saved_by) is int else 0,
        players,
        str(table.meta.get("lang") or "en"),
    )


class ProgressBar:
    """A one-line progress bar on a terminal's standard error (silent elsewhere)."""

    def __init__(self, stream: IO[str], label: str) -> None:
        self.stream = stream
        self.label = label
        self.shown = stream.isatty()
        self.started = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        """Show ``done`` of ``total``."""
        if not self.shown or total <= 0:
            return
        width = 30
        filled = round(width * done / total)
        seconds = time.monotonic() - self.started
        bar = "#" * filled + "." * (width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{total} {seconds:.0f} s")
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line."""
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


def command_review(arguments: argparse.Namespace) -> int:
    """Run ``parlour review``."""
    found = load_reviewable(arguments.game)
    lang = arguments.lang or found.lang or language_from_environment()
    state = found.state
    if not state.is_terminal():
        raise ParlourError(NOT_FINISHED.get(lang, NOT_FINISHED["en"]).format(name=arguments.game))
    seat = found.seat if arguments.seat is None else arguments.seat
    players = state.game.num_players
    if not 0 <= seat < players:
        raise ParlourError(f"--seat must be 0 to {players - 1} for {state.game.info.title}")
    settings = FAST_SETTINGS if arguments.quick else ReviewSettings()
    label = "analyse" if lang == "fr" else "review"
    bar = ProgressBar(sys.stderr, label)
    review = review_match(
        state,
        seat,
        settings=settings,
        par=None
        if arguments.no_par
        else [
            SeatPlayer("hard", item.seed) if index == seat else item
            for index, item in enumerate(found.players)
        ],
        lang=lang,
        progress=bar,
        # The table's names, said in the reader's language (Bot 2, Robot 2).
        names=[seat_name_in(name, index, lang) for index, name in enumerate(found.names)],
    )
    bar.close()
    if arguments.json:
        import json

        print(json.dumps(review.to_json(), ensure_ascii=False))
        return 0
    style = Style(lang=lang, colour=not arguments.no_colour and sys.stdout.isatty())
    for line in review_lines(
        review,
        state.game,
        found.names,
        lang,
        style=style,
        every=arguments.every,
        details=arguments.details,
    ):
        print(typeset(line, lang))  # French: no-break spaces before : ; « »
    return 0


BENCH_CASES: tuple[tuple[str, dict[str, object], int], ...] = (
    ("dracula", {"deals": 2}, 2),
    ("casino", {}, 1),
)
"""What ``parlour bench-review`` reviews: (game, options, deals played)."""


def bench_match(name: str, options: dict[str, object], deals: int, seed: int) -> State:
    """A seeded match of heuristic bots, stopped when ``deals`` deals are scored
    (or at its end)."""
    from parlour.bots import make_bot
    from parlour.core.registry import load_game

    state: State = load_game(name, **options).new_initial_state(seed=seed)
    bots = [make_bot("heuristic", seed + index) for index in range(state.game.num_players)]
    while not state.is_terminal() and state.deals_scored() < deals:
        seat = state.current_player()
        state.apply_action(bots[seat].choose(state.view(seat)))
    return state


LEVEL_ORDER = ("random", "easy", "medium", "hard")
"""The levels ``parlour bench-review --levels`` reviews, weakest first."""


def level_match(name: str, level: str, seed: int) -> State:
    """One short match (the game's ``short_options``) with the bot ``level`` at
    seat 0 and heuristic bots elsewhere, played to its end."""
    from parlour.bots import make_bot
    from parlour.core.registry import game_class, load_game

    state: State = load_game(name, **game_class(name).short_options).new_initial_state(seed=seed)
    bots = [make_bot(level, seed)] + [
        make_bot("heuristic", seed + index) for index in range(1, state.game.num_players)
    ]
    while not state.is_terminal():
        seat = state.current_player()
        state.apply_action(bots[seat].choose(state.view(seat)))
    return state


def command_bench_levels(arguments: argparse.Namespace) -> int:
    """Run ``parlour bench-review --levels``: the review's accuracy of each level."""
    import parlour
    from parlour.core.registry import game_names

    names = arguments.games or game_names()
    settings = FAST_SETTINGS if arguments.quick else ReviewSettings(par=False)
    print(
        f"parlour {parlour.__version__}, {parlour.engine_name()} engine; review accuracy "
        f"(% of decisions good) of a level at seat 0 against heuristic bots, "
        f"{arguments.matches} short match(es) per level, "
        f"{'quick' if arguments.quick else 'default'} review settings"
    )
    print(f"{'game':<22}" + "".join(f"{level:>16}" for level in LEVEL_ORDER) + "   ordered")
    for name in names:
        cells = []
        accuracies = []
        for level in LEVEL_ORDER:
            good = judged = 0
            lost = 0.0
            for match in range(arguments.matches):
                state = level_match(name, level, arguments.seed + 101 * match)
                review = review_match(state, 0, settings=settings, par=None)
                judged += review.decisions_reviewed
                good += round(review.accuracy * review.decisions_reviewed / 100)
                lost += review.loss_per_deal
            accuracy = 100.0 * good / max(1, judged)
            accuracies.append(accuracy)
            cells.append(f"{accuracy:5.0f}% ({lost / arguments.matches:5.1f})")
        ordered = all(low < high for low, high in itertools.pairwise(accuracies))
        print(
            f"{name:<22}" + "".join(f"{cell:>16}" for cell in cells) + f"   {ordered}", flush=True
        )
    print("(in brackets: expected points lost per deal)")
    return 0


def command_bench_review(arguments: argparse.Namespace) -> int:
    """Run ``parlour bench-review``: time the review of seat 0 in seeded matches."""
    import parlour
    from parlour.core.registry import game_names

    if arguments.levels:
        return command_bench_levels(arguments)

    cases = list(BENCH_CASES)
    if arguments.all or arguments.games:
        cases += [(name, {}, 1) for name in game_names() if name not in ("dracula", "casino")]
    if arguments.games:
        cases = [case for case in cases if case[0] in arguments.games]
    print(
        f"parlour {parlour.__version__}, {parlour.engine_name()} engine; review of the seat "
        "with the most decisions (heuristic bots at every seat) with the default settings, "
        "par included"
    )
    print(
        f"{'game':<30}{'decisions':>10}{'forced':>8}{'wall s':>9}{'cpu s':>8}{'cpu s/decision':>16}"
    )
    for name, options, deals in cases:
        from parlour.review.engine import decision_points

        state = bench_match(name, options, deals, arguments.seed)
        count = state.game.num_players
        seat = max(range(count), key=lambda index: len(decision_points(state, index)))
        players = [
            SeatPlayer("hard", 0)
            if index == seat
            else SeatPlayer("heuristic", arguments.seed + index)
            for index in range(count)
        ]
        wall = time.perf_counter()
        processor = time.process_time()
        review = review_match(state, seat, par=players)
        processor = time.process_time() - processor
        wall = time.perf_counter() - wall
        label = f"{name} ({state.deals_scored()} deal{'s' if state.deals_scored() > 1 else ''})"
        per = processor / max(1, review.decisions_reviewed)
        print(
            f"{label:<30}{review.decisions_reviewed:>10}{review.forced:>8}{wall:>9.1f}"
            f"{processor:>8.1f}{per:>16.2f}",
            flush=True,
        )
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``parlour review`` and ``parlour bench-review``."""
    bench = commands.add_parser(
        "bench-review",
        help="time reviews: a two-deal Dracula game and a Casino round (--all: every game)",
        description="Review seat 0 of seeded matches of heuristic bots with the default "
        "review settings, par included, and print the time taken (docs/bots.md).",
    )
    bench.add_argument("games", nargs="*", metavar="GAME", help="only these games")
    bench.add_argument("--all", action="store_true", help="also the first deal of every game")
    bench.add_argument("--seed", type=int, default=1, help="the matches' seed (default 1)")
    bench.add_argument(
        "--levels",
        action="store_true",
        help="review accuracy of each level (random, easy, medium, hard) per game",
    )
    bench.add_argument(
        "--matches", type=int, default=2, help="with --levels: short matches per level (2)"
    )
    bench.add_argument(
        "--quick", action="store_true", help="with --levels: the quick review settings"
    )
    bench.set_defaults(run=command_bench_review)
    parser = commands.add_parser(
        "review",
        help="a finished game's decisions judged, and the par on the same cards",
        description="Judge every decision one seat made in a finished game, only on what "
        "that seat could see then: the move played, the move the hard bot prefers, the "
        "expected points of each for the deal, and a grade (good, inaccuracy, mistake, "
        "blunder). Then the par: the hard bot's score in that seat on the same cards "
        "against the same opponents. See docs/review.md.",
    )
    parser.add_argument("game", help="a saved game's name, a save file or a match record")
    parser.add_argument(
        "--seat", type=int, default=None, help="whose play (default: the person who played)"
    )
    parser.add_argument("--lang", default=None, choices=("en", "fr"), help="language")
    parser.add_argument("--every", action="store_true", help="also list every decision")
    parser.add_argument(
        "--details",
        action="store_true",
        help="also the figures behind each verdict (expected points ± one standard error)",
    )
    parser.add_argument("--no-par", action="store_true", help="skip the par (faster)")
    parser.add_argument(
        "--quick", action="store_true", help="fewer samples: a rough review in seconds"
    )
    parser.add_argument("--json", action="store_true", help="print the review as JSON")
    parser.add_argument(
        "--no-colour", "--no-color", action="store_true", help="no colour (also NO_COLOR)"
    )
    parser.set_defaults(run=command_review)
