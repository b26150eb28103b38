"""``parlour resume``: list saved games, or play one on."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from parlour.cli.play import add_table_arguments, run_match, statistics_store
from parlour.i18n import language_from_environment, plural, tr
from parlour.table import SqliteTableStore
from parlour.tui.session import Match, finished_tables, list_saves


def saves_text(lang: str = "en") -> str:
    """The saved games, newest first, with what to type to resume each. A damaged
    table or old save file is listed with what is wrong with it."""
    saves = list_saves()
    lines = [tr(lang, "saves_in", path=SqliteTableStore().path.parent)]
    if not saves:
        lines.append(tr(lang, "saves_none"))
        lines.extend(finished_text(lang))
        return "\n".join(lines)
    for save in saves:
        if save.damaged:
            lines.append(f"  {save.identifier:<34} {tr(lang, 'damaged', why=save.damaged)}")
            continue
        state = (
            tr(lang, "finished") if save.finished else plural(lang, "moves_played_n", save.steps)
        )
        lines.append(
            f"  {save.identifier:<34} {save.game:<20} {save.saved_at:<25} "
            f"{', '.join(save.names)} · {state}"
        )
    lines.append(tr(lang, "resume_one"))
    lines.extend(finished_text(lang))
    return "\n".join(lines)


FINISHED_SHOWN = 10
"""How many finished games ``parlour resume`` lists (the newest)."""


def finished_text(lang: str = "en") -> list[str]:
    """The newest finished games, with what to type to see each again (none: no line)."""
    finished = finished_tables()
    if not finished:
        return []
    shown = finished[:FINISHED_SHOWN]
    lines = ["", tr(lang, "finished_games", shown=len(shown), count=len(finished))]
    lines.extend(f"  {table_line(item)}" for item in shown)
    lines.append(tr(lang, "replay_one"))
    return lines


def table_line(item: dict[str, Any]) -> str:
    """A stored table in one line: its name (which starts with its game's),
    when it ended, who played."""
    seats = item.get("seats") or []
    names = ", ".join(str(seat.get("name", "?")) for seat in seats if isinstance(seat, dict))
    when = str(item.get("updated_at", ""))[:16].replace("T", " ")
    return f"{item['id']!s:<30}  {when}  {names}"


def command_resume(arguments: argparse.Namespace) -> int:
    """List the saves, or resume the one named."""
    if not arguments.save:
        print(saves_text(arguments.lang or language_from_environment()))
        return 0
    match, note = Match.resume(
        arguments.save, stats=statistics_store(arguments, sys.stdin.isatty())
    )
    if note:
        print(note)
    if arguments.lang:
        match.set_language(arguments.lang)
    return run_match(match, arguments)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``parlour resume``."""
    parser = commands.add_parser(
        "resume",
        help="list saved games, or play one on",
        description="Without a name: list the saved games. With a name (or a file): play "
        "that game on from where it was saved, with the same players and the same cards "
        "to come. Saved games of earlier versions (JSON files) are converted once into "
        "the table store when resumed.",
    )
    parser.add_argument("save", nargs="?", default=None, help="a saved game's name or path")
    parser.add_argument("--lang", default=None, choices=("en", "fr"), help="language of the table")
    add_table_arguments(parser)
    parser.set_defaults(run=command_resume)
