"""``parlour check GAME`` and ``parlour new-game NAME``: the contributor's kit.

``parlour check`` runs every requirement the interfaces place on a game
(:func:`parlour.testing.check_parts`) and prints a line per check, required or
optional, with the evidence under a failure; its exit status is 1 when a check
failed (an optional part left out is not a failure). ``parlour new-game`` writes
a working skeleton distribution (:mod:`parlour.kit.skeleton`) that passes the
check at once.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from parlour.i18n import language_from_environment


def command_check(arguments: argparse.Namespace) -> int:
    """Run the checks on one game; 1 when any failed."""
    from parlour.kit.check import check_parts, report_json
    from parlour.kit.golden import write_golden

    if arguments.write_golden:
        print(f"wrote {write_golden(arguments.game)}")
    report = check_parts(arguments.game, only=arguments.only or ())
    if arguments.json:
        print(report_json(report))
    else:
        print(report.text(arguments.lang or language_from_environment()))
    return 0 if report.ok else 1


def command_new_game(arguments: argparse.Namespace) -> int:
    """Write a new game's skeleton distribution."""
    from parlour.kit.skeleton import write_skeleton

    lang = arguments.lang or language_from_environment()
    folder = Path(arguments.folder) if arguments.folder else Path(arguments.name)
    written = write_skeleton(arguments.name, folder, title=arguments.title)
    print(written.summary(lang))
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``parlour check`` and ``parlour new-game``."""
    from parlour.kit.check import CHECK_KEYS

    check = commands.add_parser(
        "check",
        help="check a game against every requirement of parlour's interfaces",
        description="Run every requirement the interfaces place on an installed game: "
        "the required ones (rules, conformance, facts, option words) and the optional "
        "parts (sampler, refusals, events, text, heuristic, tensor, explain, pages, "
        "examples, lesson, board, golden file). Exit status 1 when a check failed; an "
        "optional part left out is listed as absent, with what it would give.",
    )
    check.add_argument("game")
    check.add_argument(
        "--only",
        action="append",
        choices=CHECK_KEYS,
        metavar="CHECK",
        help=f"run only this check (repeatable): {', '.join(CHECK_KEYS)}",
    )
    check.add_argument(
        "--write-golden",
        action="store_true",
        help="first write the game's golden file (golden.txt in its package folder)",
    )
    check.add_argument("--json", action="store_true", help="the report as JSON")
    check.add_argument(
        "--lang",
        default=None,
        choices=("en", "fr"),
        help="language (default: French when LC_ALL or LANG is fr_*, else English)",
    )
    check.set_defaults(run=command_check)

    new_game = commands.add_parser(
        "new-game",
        help="write a new game's skeleton distribution that passes parlour check",
        description="Write a folder holding a new game as its own distribution: "
        "pyproject.toml with the parlour.games entry point and package data, the game's "
        "package with every part (a small trick game to change into yours), pages in "
        "English and French, a golden file and tests. Install it with "
        "pip install -e FOLDER, then parlour check NAME.",
    )
    new_game.add_argument("name", help="the game's name: lower-case words joined by -")
    new_game.add_argument(
        "--folder", default=None, help="where to write it (default: a folder named NAME)"
    )
    new_game.add_argument("--title", default=None, help="the game's title (default: from NAME)")
    new_game.add_argument(
        "--lang",
        default=None,
        choices=("en", "fr"),
        help="language of what it prints",
    )
    new_game.set_defaults(run=command_new_game)
