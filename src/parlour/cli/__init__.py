"""The ``parlour`` command line: list, rules, options, play, bench."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from parlour.core.errors import ParlourError
from parlour.core.registry import game_class, game_names
from parlour.table.pages import options_text, rules_text

DESCRIPTION = """\
parlour: parlour card games at the terminal (parlour list names them), against
the computer or friends at one keyboard.

examples:
  parlour list                    the games
  parlour rules dracula           how to play (--reference: the full page)
  parlour options dracula         a game's options
  parlour learn dracula           a guided first deal, a coach beside you
  parlour play dracula            play against the computer
  parlour play dracula --option deals=2 --seed 7
  parlour play casino --players 3 --opponent hard --lang fr
  parlour arena dracula --bots hard,heuristic,random --games 20
  parlour resume                  saved games
  parlour replay NAME             step through a saved or finished game
  parlour review NAME             your decisions in a finished game judged
  parlour stats                   games played, won, best scores
  parlour bench                   random playouts per second, every game
  parlour check dracula           a game against every requirement of parlour
  parlour new-game pontoon        a new game's skeleton distribution, to change
"""


COMMAND_MODULES = (
    "play",
    "learn",
    "resume",
    "replay",
    "review",
    "stats",
    "arena",
    "bench",
    "bench_web",
    "serve",
    "kit",
)
"""Modules of ``parlour.cli`` that each add subcommands with ``register(subparsers)``."""


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``["deals=2", "scoring=cards"]`` → ``{"deals": "2", "scoring": "cards"}``."""
    options: dict[str, str] = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not equals or not name:
            raise ParlourError(f"--option takes name=value (e.g. deals=2), not {pair!r}")
        if name in options and options[name] != value.strip():
            raise ParlourError(
                f"--option {name} is given twice ({options[name]} and {value.strip()}); "
                "give it once"
            )
        options[name] = value.strip()
    return options


def add_game_option_arguments(parser: argparse.ArgumentParser) -> None:
    """``--players`` and ``--option NAME=VALUE``, as every game-running command takes them
    (read them back with :func:`game_options`)."""
    parser.add_argument("--players", type=int, default=None, help="number of players")
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, repeatable (see 'parlour options GAME')",
    )


def game_options(pairs: Sequence[str], players: int | None) -> dict[str, object]:
    """The options of ``--option`` pairs and ``--players``, which must agree."""
    options: dict[str, object] = dict(parse_option_pairs(pairs))
    if players is not None:
        given = options.get("players")
        if given is not None and str(given) != str(players):
            raise ParlourError(
                f"--players {players} and --option players={given} disagree; give one"
            )
        options["players"] = players
    return options


def command_list(arguments: argparse.Namespace) -> int:
    """``parlour list``: each game's name (as ``parlour play`` takes it), its
    numbers of players and its summary, in the reader's language."""
    from parlour.i18n import language_from_environment

    lang = arguments.lang or language_from_environment()
    players = "joueurs" if lang == "fr" else "players"
    for name in game_names():
        info = game_class(name).info
        count = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players}–{info.max_players}"
        )
        print(f"{name:<20} {count:>4} {players}  {info.summary_text(lang)}")
    return 0


def command_rules(arguments: argparse.Namespace) -> int:
    """``parlour rules GAME``: how to play, for players; ``--reference`` gives the
    technical page (the full rules, the encoding, the sources) and the options.
    Both pages are Markdown, printed as plain text (:mod:`parlour.cli.plain_page`)."""
    from parlour.cli.plain_page import fitted_lines, plain_page, screen_width
    from parlour.howto import how_to_play_drawn as how_to_play
    from parlour.i18n import language_from_environment

    if arguments.reference:
        print(plain_page(rules_text(arguments.game), width=screen_width()))
        options = options_text(arguments.game, chosen=_chosen_options(arguments))
        print(fitted_lines(options, screen_width()))
        return 0
    lang = arguments.lang or language_from_environment()
    print(plain_page(how_to_play(arguments.game, lang), width=screen_width(), lang=lang), end="")
    return 0


def command_options(arguments: argparse.Namespace) -> int:
    """``parlour options GAME [--lang fr]``: the options with their words in the
    language asked (as each game declares them)."""
    from parlour.cli.plain_page import fitted_lines, screen_width
    from parlour.i18n import language_from_environment

    lang = arguments.lang or language_from_environment()
    options = options_text(arguments.game, lang, chosen=_chosen_options(arguments))
    print(fitted_lines(options, screen_width()))
    return 0


def _chosen_options(arguments: argparse.Namespace) -> dict[str, object] | None:
    """The options given with ``--option``/``--players`` (None: none given, so
    every option is listed with the condition it needs)."""
    chosen = game_options(arguments.option, arguments.players)
    return chosen or None


def version_line() -> str:
    """``parlour 0.1.0 (compiled (mypyc) engine, Python 3.11.7)``: what ``--version``
    prints."""
    import platform

    import parlour

    return (
        f"parlour {parlour.__version__} ({parlour.engine_name()} engine, "
        f"Python {platform.python_version()})"
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``parlour`` command."""
    parser = argparse.ArgumentParser(
        prog="parlour",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=version_line(),
        help="show the version and which engine runs (compiled or pure Python)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    listing = commands.add_parser("list", help="list the games")
    listing.add_argument(
        "--lang",
        default=None,
        choices=("en", "fr"),
        help="language (default: French when LC_ALL or LANG is fr_*, else English)",
    )
    listing.set_defaults(run=command_list)

    rules = commands.add_parser(
        "rules",
        help="how to play a game (--reference: the full rules page and options)",
    )
    rules.add_argument("game")
    add_game_option_arguments(rules)  # --reference lists only the options that apply
    rules.add_argument(
        "--reference",
        action="store_true",
        help="the technical reference: full rules, encoding, sources, and the options",
    )
    rules.add_argument(
        "--lang",
        default=None,
        choices=("en", "fr"),
        help="language (default: French when LC_ALL or LANG is fr_*, else English)",
    )
    rules.set_defaults(run=command_rules)

    options = commands.add_parser("options", help="show a game's options")
    options.add_argument("game")
    add_game_option_arguments(options)  # only the options that apply beside these
    options.add_argument(
        "--lang",
        default=None,
        choices=("en", "fr"),
        help="language (default: French when LC_ALL or LANG is fr_*, else English)",
    )
    options.set_defaults(run=command_options)

    for module_name in COMMAND_MODULES:
        try:
            module = importlib.import_module(f"parlour.cli.{module_name}")
        except ModuleNotFoundError as error:
            if error.name != f"parlour.cli.{module_name}":
                raise
            continue
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    arguments = parser.parse_args(argv)
    if not getattr(arguments, "run", None):
        parser.print_help()
        return 0
    try:
        status: int = arguments.run(arguments)
    except ParlourError as error:
        print(f"parlour: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader (e.g. `head`) went away; say nothing more.
        sys.stderr.close()
        return 0
    return status
