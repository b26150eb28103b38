"""``parlour replay FILE``: step through a finished or saved match."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from parlour.cli.resume import FINISHED_SHOWN, table_line
from parlour.core.errors import ParlourError
from parlour.core.registry import game_class, game_names
from parlour.i18n import language_from_environment, tr
from parlour.tui.palette import PALETTES, make_style
from parlour.tui.replay import ReplayBook
from parlour.tui.session import finished_tables

LINE_KEYS = "Enter: next · b: back · d: next deal's end · a number: that step · q: quit"


def replay_lines(book: ReplayBook, arguments: argparse.Namespace) -> int:
    """Line mode: step on Enter at a terminal; print the whole match otherwise."""
    style = make_style(
        palette=arguments.palette,
        lang=book.lang,
        colour=not arguments.no_colour and sys.stdout.isatty(),
    )
    last = len(book.steps) - 1
    if not sys.stdin.isatty():
        for number, item in enumerate(book.steps):
            for sentence in item.sentences:
                print(f"{number:>4}. {sentence}")
            if item.deal_end is not None and number < last:
                print(f"      ({tr(book.lang, 'replay_deal_end')})")
                print(book.table(number, style))
            elif arguments.tables:
                print(book.table(number, style))
        print()
        print(book.table(last, style))
        for line in book.result_lines():
            print(line)
        return 0
    step = 0
    while True:
        print()
        print(book.table(step, style))
        if book.steps[step].deal_end is not None:
            print(f"  ({tr(book.lang, 'replay_deal_end')})")
        for sentence in book.steps[step].sentences:
            print(f"  {sentence}")
        if step == last:
            for line in book.result_lines():
                print(line)
        answer = input(f"{tr(book.lang, 'replay_step', step=step, steps=last)} ({LINE_KEYS}) ")
        answer = answer.strip().lower()
        if answer in ("q", "quit"):
            return 0
        if answer in ("b", "back"):
            step = max(0, step - 1)
        elif answer == "d":
            step = next((number for number in book.deal_ends() if number > step), last)
        elif answer.isdigit():
            step = min(int(answer), last)
        elif step < last:
            step += 1


def chosen_source(source: str, lang: str, interactive: bool) -> str:
    """What to replay: ``source`` itself, unless it names a game (and no file or
    saved table): then that game's latest finished table, or, at a terminal with
    several kept, the one chosen from a list of them."""
    if source not in game_names() or Path(source).is_file():
        return source
    title = game_class(source).info.title_text(lang)
    found = finished_tables(source)
    if not found:
        raise ParlourError(tr(lang, "no_finished_game", title=title, game=source))
    if not interactive or len(found) == 1:
        return str(found[0]["id"])
    shown = found[:FINISHED_SHOWN]
    print(tr(lang, "finished_games", shown=len(shown), count=len(found)))
    for number, item in enumerate(shown, start=1):
        print(f"  {number:>2}) {table_line(item)}")
    while True:
        try:
            answer = input(tr(lang, "replay_which", count=len(shown))).strip()
        except EOFError:
            answer = ""
        if not answer:
            return str(shown[0]["id"])
        if answer.isdigit() and 1 <= int(answer) <= len(shown):
            return str(shown[int(answer) - 1]["id"])
        print(tr(lang, "replay_which_again", count=len(shown)))


def command_replay(arguments: argparse.Namespace) -> int:
    """Run ``parlour replay``."""
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    lang = arguments.lang or language_from_environment()
    source = chosen_source(arguments.file, lang, interactive)
    book = ReplayBook(source, seat=arguments.seat, lang=arguments.lang)
    full_screen = not arguments.plain and sys.stdin.isatty() and sys.stdout.isatty()
    if full_screen:
        try:
            from parlour.tui.replay_app import ReplayApp
        except ImportError:
            print("(Textual is not installed: pip install 'parlour[tui]'. Using the line mode.)")
        else:
            ReplayApp(book, palette=arguments.palette, colour=not arguments.no_colour).run()
            return 0
    return replay_lines(book, arguments)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``parlour replay``."""
    parser = commands.add_parser(
        "replay",
        help="step through a finished or saved game",
        description="Step through a match (a saved game, or any match record) as one seat "
        "saw it: the table after each move and the game log. Full screen on a terminal "
        "(→ next, ← back); piped, the whole match is printed.",
    )
    parser.add_argument(
        "file",
        help="a saved game or match record (a path, or a saved name), or a game's name "
        "(its latest finished game; at a terminal, a list to choose from)",
    )
    parser.add_argument(
        "--seat",
        type=int,
        default=None,
        help="whose view (default: the seat that saved it; an unfinished game only from that seat)",
    )
    parser.add_argument("--lang", default=None, choices=("en", "fr"), help="language of the log")
    parser.add_argument("--plain", action="store_true", help="line mode")
    parser.add_argument("--tables", action="store_true", help="piped: print every table")
    parser.add_argument("--palette", default="default", choices=PALETTES, help="card colours")
    parser.add_argument(
        "--no-colour", "--no-color", action="store_true", help="no colour (also NO_COLOR)"
    )
    parser.set_defaults(run=command_replay)
