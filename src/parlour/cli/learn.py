"""``parlour learn GAME``: a guided first deal at the terminal.

The game's lesson (its forced deal and script, in the game's package) is played
in the line mode with a coach: before each of the learner's decisions it says
what to look at, proposes a move and says why; any legal move is allowed, and a
different one is answered; the first time something happens (a trick won, a
coffin scored) it says what that means. Bots move slowly enough to follow.
"""

from __future__ import annotations

import argparse
import secrets
import sys
import textwrap
from typing import Any

from parlour.cli.play import (
    UNBROKEN,
    InputEndedError,
    TerminalTable,
    chosen_language,
    default_names,
)
from parlour.core.game import View
from parlour.core.registry import game_names, load_game
from parlour.i18n import LANGUAGES, shown_move, tr, typeset
from parlour.table import SeatSpec, Table
from parlour.table.coach import Advice, Coach, learner_choices, lesson_for
from parlour.tui.palette import make_style
from parlour.tui.session import Match

LESSON_SPEED = 1.2
"""Seconds between two bot moves in a lesson at a terminal: slow enough to follow."""


def lesson_match(game_name: str, lang: str) -> tuple[Match, Coach]:
    """A new table dealt as ``game_name``'s lesson says, and its coach."""
    lesson = lesson_for(game_name)
    table_options: dict[str, Any] = dict(lesson.options)
    players = load_game(game_name, **table_options).num_players
    names = default_names(players, [lesson.seat], lang)
    seats = [
        SeatSpec("person", name)
        if index == lesson.seat
        else SeatSpec("bot", name, bot=lesson.opponent)
        for index, name in enumerate(names)
    ]
    table = Table.create(
        game_name,
        seats,
        options=table_options,
        seed=lesson.seed,
        deck=lesson.deck,
        table_id=f"lesson-{game_name}-{secrets.token_hex(3)}",
        meta={"lang": lang, "opponent": lesson.opponent, "lesson": True},
    )
    coach = Coach(
        lesson,
        lang,
        hint_seed=lesson.seed,
        show_move=lambda text: shown_move(text, lang),
        names=names,
    )
    return Match(table, lang=lang), coach


class LessonTable(TerminalTable):
    """The line mode with a coach beside the learner."""

    def __init__(self, match: Match, coach: Coach, **arguments: Any) -> None:
        super().__init__(match, **arguments)
        self.coach = coach
        self.advice: Advice | None = None
        self.advised_at = -1
        """The table's history length when the advice was given."""
        self.seen_length = 0
        """The history's length when the moves were last listed (less now: an undo)."""
        self.seen_events = 0
        self.choosing: View | None = None
        """The View of the learner's decision being made (None within a move
        made in steps: the decision was its first step)."""
        self.to_judge: tuple[View, int, Advice] | None = None
        """The learner's decision (its View, the action, the advice given), judged
        once the move is complete (a Casino capture once what it takes is
        chosen; a move taken back before then is never judged)."""

    def play_one(self) -> int:
        """The welcome (at a terminal, it stays until the learner presses Enter,
        so that the table drawn under it does not push it out of sight), then the
        deal with the coach."""
        self.say()
        for line in self.coach.welcome():
            self.say(self.coach_line(line))
        if self.interactive:
            try:
                self.ask(tr(self.lang, "lesson_start"))
            except InputEndedError:
                return 0
        return super().play_one()

    def coach_line(self, text: str) -> str:
        """A line the coach says, marked so it stands out from the game's log,
        wrapped between words to fit 80 columns (after the French typography, so
        that a colon never starts a line)."""
        said = typeset(f"{tr(self.lang, 'coach')} {text}", self.lang)
        for name in self.names:  # a name is never cut across two lines ("Robot / 2")
            said = said.replace(name, name.replace(" ", UNBROKEN))
        wrapped = textwrap.fill(said, width=79, subsequent_indent="  ", break_on_hyphens=False)
        return wrapped.replace(UNBROKEN, " ")

    def list_moves(self, view: Any, groups: Any) -> None:
        """The moves, then the coach's advice for this decision. Within a move
        made in steps the advice given at its start still stands: it is not said
        again (a stale repeat under the list)."""
        super().list_moves(view, groups)
        within = self.match.move_in_steps() == view.seat
        self.choosing = None if within else view
        if within:
            return
        self.to_judge = None  # a decision to make (again, after an undo)
        length = self.match.history_length()
        if length < self.seen_length:  # moves taken back: the coach remembers as far
            self.coach.catch_up(learner_choices(self.match.table, view.seat))
        self.seen_length = length
        if self.advice is None or self.advised_at != self.match.history_length():
            self.advice = self.coach.advise(view)  # a new decision (or one an undo brought back)
            self.advised_at = self.match.history_length()
        for line in self.advice.lines:
            self.say(self.coach_line(line))

    def human_turn(self, seat: int) -> tuple[int, int | str] | None:
        """One decision, answered by the coach once the move is complete (the
        View judged is the one the moves were last listed for: after an undo,
        the new one)."""
        if self.match.move_in_steps() != seat:
            self.advice = None
        chosen = super().human_turn(seat)
        view = self.choosing
        if chosen is None or view is None:
            return chosen
        # A whole move typed in one line is judged as its first step, the decision.
        move = chosen[1]
        action = move if isinstance(move, int) else self.match.check_move(seat, move).action
        if action in view.legal_actions:
            advice = self.advice if self.advice is not None else self.coach.advise(view)
            self.to_judge = (view, action, advice)
        return chosen

    def after_move(self) -> None:
        """What the coach says of the learner's move once it is complete, and the
        first time something happens."""
        if self.match.move_in_steps() is not None:
            return  # the move goes on: nothing is done yet, so nothing is said
        if self.to_judge is not None:
            for line in self.coach.judge(*self.to_judge):
                self.say(self.coach_line(line))
        self.to_judge = None
        self.advice = None
        logged = self.match.table.events_for(self.match.observer, self.seen_events)
        self.seen_events += len(logged)
        for line in self.coach.notice(event for _, event in logged):
            self.say(self.coach_line(line))

    def finish(self) -> None:
        """The end of the lesson."""
        super().finish()
        self.say()
        for line in self.coach.farewell():
            self.say(self.coach_line(line))
        self.say(tr(self.lang, "play_whole_game", game=self.game.info.name))

    def ask_play_again(self) -> bool:
        """A lesson is played once."""
        return False


def command_learn(arguments: argparse.Namespace) -> int:
    """Run ``parlour learn``."""
    lang = chosen_language(arguments)
    match, coach = lesson_match(arguments.game, lang)
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    speed = (
        arguments.speed if arguments.speed is not None else (LESSON_SPEED if interactive else 0.0)
    )
    style = make_style(palette="default", lang=lang, colour=not arguments.no_colour and interactive)
    return LessonTable(match, coach, style=style, speed=speed).play()


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``parlour learn``."""
    parser = commands.add_parser(
        "learn",
        help="a guided first deal: a coach explains each step",
        description="Learn a game on a guided first deal: the coach shows the board and "
        "your hand, explains each step as it comes, proposes a move and says why. Play "
        "any legal move you like: the coach says what it changed. Type 'help' at any "
        "prompt for the commands.",
    )
    parser.add_argument(
        "game",
        choices=game_names(),
        metavar="GAME",  # the games in the usage line ran past 80 columns
        help=f"the game to learn: {', '.join(game_names())}",
    )
    parser.add_argument(
        "--lang",
        default=None,
        choices=LANGUAGES,
        help="language (default: French when LC_ALL or LANG is fr_*, else English)",
    )
    parser.add_argument(
        "--speed",
        type=float,
        default=None,
        help=f"seconds between bot moves (default {LESSON_SPEED} at a terminal, 0 when piped)",
    )
    parser.add_argument("--no-colour", action="store_true", help="no colours")
    parser.set_defaults(run=command_learn)
