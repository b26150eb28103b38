"""``parlour play``: a game at the terminal.

On a terminal, the full-screen table (:mod:`parlour.tui.app`, needs Textual:
``pip install 'parlour[tui]'``); with ``--plain``, or when input or output is
not a terminal (pipes, scripts, screen readers), the line mode below. Both are
views of the same :class:`~parlour.tui.session.Match` over a
:class:`~parlour.table.Table`: the same game log, the same Views, the same undo,
hints and saves; turns, bots and rules live in the table and the engine only.

One or more human seats (several humans share the keyboard: hot seat) and bots
in the others.
"""

from __future__ import annotations

import argparse
import inspect
import os
import shutil
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from parlour.bots import BOT_KINDS
from parlour.cli import add_game_option_arguments, game_options
from parlour.cli.plain_page import DEFAULT_WIDTH, plain_page
from parlour.core.errors import ParlourError
from parlour.core.game import Game, View
from parlour.core.registry import game_class, game_names, load_game
from parlour.core.seat_names import DEFAULT_HUMAN, default_seat_name
from parlour.howto import how_to_play_drawn as how_to_play
from parlour.i18n import (
    LANGUAGES,
    clause,
    language_from_environment,
    plural,
    shown_move,
    tr,
    typeset,
)
from parlour.render import Style, visible_width
from parlour.render.spacing import unbroken_spaces
from parlour.stats import DATA_DIR_VARIABLE, StatsStore
from parlour.table import SqliteTableStore, TableError
from parlour.table.pages import inert_options
from parlour.tui.palette import PALETTES, make_style
from parlour.tui.session import GROUP_THRESHOLD, Groups, Match, hint_line, unfinished_tables

__all__ = ["GROUP_THRESHOLD", "TerminalTable", "command_play", "default_names", "register"]

DEFAULT_OPPONENT = "medium" if "medium" in BOT_KINDS else "random"
"""The bots people meet unless they choose: a fair game, quick to answer."""

DEFAULT_SPEED = 0.6
"""Seconds between two bot moves at a terminal, so a person can follow them."""


COMMAND_NAMES: dict[str, str] = {
    **{word: word for word in "quit help moves table score log rules hint save undo".split()},
    **{"exit": "quit", "q": "quit", "?": "help", "h": "help", "m": "moves", "t": "table"},
    **{"scores": "score", "l": "log"},
    # French: the same commands in the table's other language, with and without accents.
    **{"quitter": "quit", "aide": "help", "coups": "moves", "conseil": "hint"},
    **{"annuler": "undo", "règles": "rules", "regles": "rules", "journal": "log"},
    **{"enregistrer": "save"},
}
"""Each word the line mode reads as a command (English or French) and the
command it names."""
COMMANDS = frozenset(COMMAND_NAMES)
"""Words the line mode reads as commands, not moves."""
BACK_WORDS = frozenset({"back", "b", "retour", "r", ""})
"""Words that leave a group of moves to choose again."""


YES_NO_ANSWERS = {
    "y": True,
    "yes": True,
    "o": True,
    "oui": True,
    "n": False,
    "no": False,
    "non": False,
}
"""The answers to a yes-or-no question ("Resume it?", "Save the game?")
understood, in English and French; anything else (``maybe``, an empty line) is
asked again."""

SAVE_AGAIN = {
    "en": "Answer y (yes: save it) or n (no: forget it).",
    "fr": "Répondez o (oui : l'enregistrer) ou n (non : l'oublier).",
}
"""Said when the answer to "Save the game?" is neither yes nor no, per language."""


class InputEndedError(ParlourError):
    """Standard input ended before the game did."""


class QuitRequestedError(ParlourError):
    """The player typed quit."""


class TerminalTable:
    """Runs one match line by line: people type, the table drives its bots."""

    def __init__(
        self,
        match: Match,
        style: Style,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        *,
        speed: float = 0.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.match = match
        self.style = style
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.interactive = self.stdin.isatty()
        self.speed = speed
        """Seconds to wait before each bot move (0: none)."""
        self.sleep = sleep
        self.last_human: int | None = None
        self.pending = ""
        """A command typed while choosing within a group, run at the main prompt."""
        self.quit_asked = False
        """The person quit the game being played (no "Play again?" follows)."""

    @property
    def game(self) -> Game[Any]:
        """The game being played."""
        return self.match.game

    @property
    def names(self) -> list[str]:
        """The players' names, by seat."""
        return self.match.names

    @property
    def lang(self) -> str:
        """The language of the table."""
        return self.match.lang

    # ----- output ----------------------------------------------------------------
    def say(self, text: str = "") -> None:
        """Print one block of text (in French, with French typography); at a
        terminal, a line wider than the window is wrapped between words, never
        by the terminal in the middle of one ("Ro / bot 4")."""
        typeset_text = typeset(text, self.lang)
        width = self.screen_width()
        if width is not None:
            typeset_text = "\n".join(
                wrapped
                for line in typeset_text.split("\n")
                for wrapped in wrap_line(line, width, self.names)
            )
        print(typeset_text, file=self.stdout, flush=True)

    def screen_width(self) -> int | None:
        """The columns a line may fill at a terminal (one less than the window,
        so that no line touches its edge), or None when output is not a terminal
        (a pipe keeps every line whole)."""
        if not self.stdout.isatty():
            return None
        return max(20, shutil.get_terminal_size((80, 24)).columns - 1)

    def ask(self, prompt: str) -> str:
        """Read one line; raise :class:`InputEndedError` at the end of input."""
        self.stdout.write(typeset(prompt, self.lang))
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            raise InputEndedError(tr(self.lang, "input_ended"))
        if not self.interactive:
            self.stdout.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    def show_table(self, seat: int) -> None:
        """Draw the table as ``seat`` sees it."""
        self.say()
        self.say(self.match.table_text(seat, self.style))

    def show_score_sheet(self) -> None:
        """Print the per-deal scores so far."""
        for line in self.match.score_sheet_lines():
            self.say(line)

    # ----- one decision ------------------------------------------------------------
    def human_turn(self, seat: int) -> tuple[int, int | str] | None:
        """Ask the person at ``seat`` for a move until a legal one is given; return
        ``(seat, move)`` (an action, or the text of a whole move of several steps
        typed in one line), or None when an undo gave the turn to a bot."""
        if len(self.match.humans) > 1 and self.last_human != seat:
            self.hand_over(seat)
        self.last_human = seat
        view = self.match.view(seat)
        self.say()
        self.say(self.match.table_text(seat, self.style))
        groups = self.match.groups(view)
        self.list_moves(view, groups)
        while True:
            if self.pending:
                text, self.pending = self.pending, ""
            else:
                text = self.ask(tr(self.lang, "your_move", name=self.names[seat]))
            if not text:
                continue
            command = COMMAND_NAMES.get(text.lower(), text.lower())
            if command == "quit":
                raise QuitRequestedError(tr(self.lang, "abandoned"))
            if command == "help":
                # The example is a move of this game, allowed now (never Dracula's in Casino).
                example = shown_move(view.action_texts[0], self.lang)
                self.say(tr(self.lang, "help", example=example))
                continue
            if command == "moves":
                self.list_moves(view, groups)
                continue
            if command == "table":
                self.say(self.match.table_text(seat, self.style))
                continue
            if command == "score":
                self.show_score_sheet()
                continue
            if command == "log":
                for sentence in self.match.log_sentences():
                    self.say(sentence)
                continue
            if command == "rules":
                self.say(self.rules())
                continue
            if command == "hint":
                hint = self.match.hint()
                self.say(
                    hint_line(hint, self.lang) if hint else tr(self.lang, "hint_not_your_turn")
                )
                continue
            if command == "save":
                self.save()
                continue
            if command == "undo":
                self.say(self.match.undo())
                turn = self.match.human_to_act()
                if turn is None or (turn != seat and len(self.match.humans) > 1):
                    return None  # the play loop hands the keyboard over first
                seat = turn
                view = self.match.view(seat)
                self.say(self.match.table_text(seat, self.style))
                groups = self.match.groups(view)
                self.list_moves(view, groups)
                continue
            action = self.read_move(view, text, groups)
            if action is not None:
                return seat, action

    def rules(self) -> str:
        """The player's page (how to play), or a sentence saying there is none yet."""
        try:
            page = how_to_play(self.game.info.name, self.lang)
        except ParlourError:
            return tr(self.lang, "no_rules", title=self.game.info.title_text(self.lang))
        width = min(self.screen_width() or DEFAULT_WIDTH, DEFAULT_WIDTH)
        return plain_page(page, width=width, lang=self.lang).rstrip("\n")

    def save(self) -> None:
        """Keep the table in the table store and say how to resume it."""
        for line in self.match.save_and_say():
            self.say(line)

    def list_moves(self, view: View, groups: Groups | None) -> None:
        """Number the legal moves (or the groups of moves)."""
        if groups is not None:
            self.say(tr(self.lang, "groups_intro", count=len(view.legal_actions)))
            for number, (label, actions) in enumerate(groups, start=1):
                shown = shown_move(label, self.lang)
                self.say(f"  {number:>2}) {shown}  ({len(actions)})")
            return
        so_far = self.match.move_so_far() if self.match.move_in_steps() == view.seat else ""
        if so_far:  # a step within a move: say what is being chosen, never a bare list
            self.say(tr(self.lang, "step_moves", move=shown_move(so_far, self.lang)))
        else:
            self.say(tr(self.lang, "legal_moves"))
        notes = self.match.move_notes(view, self.style)
        texts = [
            f"{shown_move(text, self.lang)} {notes[action]}"
            if action in notes
            else shown_move(text, self.lang)
            for action, text in zip(view.legal_actions, view.action_texts, strict=True)
        ]
        for line in move_columns(texts, min(self.screen_width() or 79, 79)):
            self.say(line)

    def read_move(self, view: View, text: str, groups: Groups | None) -> int | str | None:
        """The action a line of input names (or the text of a whole move of
        several steps, as :meth:`Match.check_move` reads it), or None after
        explaining what is wrong."""
        if text.isdigit():
            number = int(text)
            choices = groups if groups is not None else view.legal_actions
            if not 1 <= number <= len(choices):
                self.say(tr(self.lang, "no_move_number", number=number, count=len(choices)))
                return None
            if groups is None:
                return view.legal_actions[number - 1]
            return self.pick_in_group(view, groups[number - 1])
        check = self.match.check_move(view.seat, text)
        if check.reason:
            self.say(tr(self.lang, "not_allowed_line", reason=clause(check.reason)))
        elif check.error:
            self.say(check.error)
        return check.move

    def pick_in_group(self, view: View, group: tuple[str, list[int]]) -> int | str | None:
        """Second step of a grouped choice: one move of the group (typed, it may
        be a whole move that begins with one of the group's)."""
        label, actions = group
        if len(actions) == 1:
            return actions[0]
        self.say(tr(self.lang, "moves_with", label=shown_move(label, self.lang)))
        notes = self.match.move_notes(view, self.style)
        for number, action in enumerate(actions, start=1):
            shown = shown_move(view.action_to_string(action), self.lang)
            self.say(
                f"  {number:>2}) {shown} {notes[action]}"
                if action in notes
                else f"  {number:>2}) {shown}"
            )
        while True:
            text = self.ask(tr(self.lang, "which_one"))
            if text.lower() in BACK_WORDS:
                return None
            if text.lower() in COMMANDS:
                self.pending = text
                return None
            if text.isdigit() and 1 <= int(text) <= len(actions):
                return actions[int(text) - 1]
            check = self.match.check_move(view.seat, text)
            if check.action is not None and check.action in actions:
                return check.move
            self.say(check.message(self.lang) or tr(self.lang, "not_in_group", count=len(actions)))

    def hand_over(self, seat: int) -> None:
        """Hot seat: hide the previous hand and wait for the next player."""
        if self.interactive:
            self.stdout.write("\x1b[2J\x1b[H")
            self.say(tr(self.lang, "pass_keyboard", name=self.names[seat]))
            self.ask(tr(self.lang, "press_enter"))
            self.stdout.write("\x1b[2J\x1b[H")
        else:
            self.say(tr(self.lang, "turn_of", name=self.names[seat]))

    def offer_save(self) -> None:
        """On quitting: at a terminal, ask whether to keep the game (no: it is
        forgotten; an answer that is neither yes nor no is asked again; the end
        of input keeps it); with piped input, a stored game stays stored (say
        how to resume it), never asking."""
        if self.match.is_over():
            return
        if not self.interactive:
            if self.match.is_stored():
                self.save()
            return
        question = tr(self.lang, "save_question")
        while True:
            try:
                answer = self.ask(question).lower()
            except InputEndedError:
                answer = "y"  # the end of input (Ctrl-D) keeps the game: nothing is lost
            if answer in YES_NO_ANSWERS:
                break
            self.say(SAVE_AGAIN.get(self.lang, SAVE_AGAIN["en"]))
        if YES_NO_ANSWERS[answer]:
            self.save()
        else:
            self.match.discard()

    # ----- the match ------------------------------------------------------------------
    def play(self) -> int:
        """Play to the end (and again, if asked); return the exit status.

        Ctrl-C saves the table and says how to resume it: with the table store,
        every move is written before it is shown, so nothing is ever lost."""
        try:
            while True:
                self.quit_asked = False
                status = self.play_one()
                if status != 0 or self.quit_asked or not self.ask_play_again():
                    return status
        except KeyboardInterrupt:
            self.say()
            self.say(tr(self.lang, "interrupted"))
            for line in self.match.save_and_say():
                self.say(line)
            return 130

    def play_one(self) -> int:
        """Play the current match to its end; return the exit status."""
        match = self.match
        try:
            deals = match.deals_scored()
            deal_start = match.history_length()
            while not match.is_over():
                seat = match.human_to_act()
                before = match.history_length()
                if seat is None:
                    if self.speed > 0:
                        self.sleep(self.speed)
                    sentences = match.play_bot()
                elif len(match.table.legal_moves(seat)) == 1 and match.move_in_steps() == seat:
                    # The one way to go on with a move in steps needs no answer.
                    sentences = match.submit(seat, match.table.legal_moves(seat)[0][0])
                else:
                    chosen = self.human_turn(seat)
                    if chosen is None:
                        continue
                    sentences = match.submit(*chosen)
                self.tell(sentences, before)
                self.after_move()
                if match.deals_scored() > deals:
                    deals = match.deals_scored()
                    self.deal_ended(deal_start)
                    deal_start = match.history_length()
        except QuitRequestedError:
            self.offer_save()
            if not match.is_stored():
                self.say(tr(self.lang, "abandoned"))
            self.quit_asked = True  # a person who quits is not offered another game
            return 0
        except InputEndedError as error:
            self.say()
            self.say(f"parlour: {error}")
            if match.is_stored() and not match.is_over():
                self.say(tr(self.lang, "resume_with", id=match.table.id))
            return 1
        self.finish()
        return 0

    def tell(self, sentences: list[str], before: int) -> None:
        """Print a move's sentences; a move that played several cards (a Nain
        Jaune run of forced plays) is told card by card at the bots' pace."""
        plays = sum(
            1
            for _, event in self.match.table.events_for(self.match.observer, before)
            if event.plays_card
        )
        for index, sentence in enumerate(sentences):
            if index and plays > 1 and self.speed > 0:
                self.sleep(self.speed / 2)
            self.say(sentence)

    def after_move(self) -> None:
        """Called after each move's sentences are printed (a lesson's coach speaks here)."""

    def deal_ended(self, deal_start: int) -> None:
        """A deal was scored: say who had nothing to decide in it, and at a
        terminal pause on the finished table until Enter (piped input never waits)."""
        for note in self.match.forced_notes(deal_start):
            self.say(note)
        if not self.interactive or self.match.is_over():
            return
        match = self.match
        last = match.last_deal_end(match.observer)
        view = None if last is None else match.deal_end_view(match.observer, *last)
        self.say()
        self.say(
            match.view_text(view, self.style)
            if view
            else match.table_text(match.observer, self.style)
        )
        self.say(match.last_deal_line())
        self.ask(tr(self.lang, "deal_end_pause", end=match.deal_end_title()))

    def ask_play_again(self) -> bool:
        """At a terminal, after a game: another one like it? (Piped input: no.)"""
        if not self.interactive:
            return False
        try:
            answer = self.ask(tr(self.lang, "play_again")).lower()
        except InputEndedError:
            return False
        if answer[:1] not in ("y", "o"):
            return False
        self.match = self.match.play_again()
        self.last_human = None
        self.say(tr(self.lang, "welcome", title=self.game.info.title_text(self.lang)))
        return True

    def finish(self) -> None:
        """The final table, the score sheet, the winner, and where the game is kept."""
        self.say()
        self.say(self.match.view_text(self.match.final_view(self.match.observer), self.style))
        self.say()
        self.say(tr(self.lang, "score_sheet"))
        self.show_score_sheet()
        self.say()
        for line in self.match.result_lines():
            self.say(line)
        note = self.match.record_statistics() or self.match.stats_note
        if note:
            self.say(note)
        if self.match.is_stored():
            self.say(tr(self.lang, "replay_with", id=self.match.table.id))


def move_columns(texts: Sequence[str], width: int) -> list[str]:
    """Numbered moves laid out in columns that fit ``width`` columns: every item
    is whole on its line (never "7) 6D" at a line's end and "b3" on the next)."""
    items = [f"{number:>3}) {text}" for number, text in enumerate(texts, start=1)]
    cell = max(visible_width(item) for item in items) + 2
    per_line = max(1, (width + 2) // cell)
    lines = []
    for start in range(0, len(items), per_line):
        row = items[start : start + per_line]
        lines.append(
            "".join(item + " " * (cell - visible_width(item)) for item in row[:-1]) + row[-1]
        )
    return lines


UNBROKEN = "\x01"
"""Stands for a space that a wrap must not break (inside a player's name, or
before a French colon: :func:`parlour.render.spacing.unbroken_spaces`)."""


def wrap_line(line: str, width: int, names: Sequence[str] = ()) -> list[str]:
    """``line`` cut between words into lines of at most ``width`` visible
    columns (colour codes take none), the later ones indented two more than the
    first; a player's name (``Robot 2``) is never cut, nor a French sign
    parted from its word (``vous :``), and only a single word wider than
    ``width`` is left whole.

    >>> wrap_line("Vous : bravo", 5)
    ['Vous :', '  bravo']
    """
    if visible_width(line) <= width:
        return [line]
    kept = unbroken_spaces(line, names)
    line = "".join(UNBROKEN if index in kept else letter for index, letter in enumerate(line))
    return [part.replace(UNBROKEN, " ") for part in _wrapped(line, width)]


def _wrapped(line: str, width: int) -> list[str]:
    indent = " " * (len(line) - len(line.lstrip(" ")))
    words = line.lstrip(" ").split(" ")
    lines: list[str] = []
    current = indent + words[0]
    for word in words[1:]:
        if current.strip() and visible_width(current) + 1 + visible_width(word) > width:
            lines.append(current.rstrip(" "))
            current = indent + "  "
        if current.strip():
            current += " " + word
        elif word:  # a line begun by the wrap starts with a word, not the gap before it
            current += word
    lines.append(current)
    return lines


def default_names(players: int, humans: Sequence[int], lang: str = "en") -> list[str]:
    """``You`` and ``Bot 2``… for one human; ``Player 1``… in hot seat."""
    names = []
    for seat in range(players):
        if seat in humans:
            if len(humans) == 1:
                names.append(DEFAULT_HUMAN.get(lang, "You"))
            else:
                names.append(default_seat_name("person", seat, lang))
        else:
            names.append(default_seat_name("bot", seat, lang))
    return names


def choose_names(arguments: argparse.Namespace, players: int, humans: Sequence[int]) -> list[str]:
    """The names from ``--names``, or the defaults."""
    if not arguments.names:
        return default_names(players, humans, arguments.lang)
    given = [name.strip() for name in arguments.names.split(",")]
    if len(given) != players or not all(given):
        raise ParlourError(tr(arguments.lang, "names_count", players=players))
    if len(set(given)) != len(given):
        raise ParlourError(tr(arguments.lang, "names_distinct"))
    return given


def keeps_files(interactive: bool) -> bool:
    """Whether this game may write into the data folder: always at a terminal;
    with piped input only when ``PARLOUR_DATA_DIR`` says where (so scripts and
    tests never touch the home folder)."""
    return interactive or bool(os.environ.get(DATA_DIR_VARIABLE))


def statistics_store(arguments: argparse.Namespace, interactive: bool) -> StatsStore | None:
    """Where finished games are counted (see :func:`keeps_files`)."""
    if getattr(arguments, "no_stats", False):
        return None
    return StatsStore() if keeps_files(interactive) else None


def table_store(interactive: bool) -> SqliteTableStore | None:
    """The store every move is written to as it is played (autosave), or None
    (a piped game without ``PARLOUR_DATA_DIR``: in memory until ``save``)."""
    return SqliteTableStore() if keeps_files(interactive) else None


def chosen_language(arguments: argparse.Namespace) -> str:
    """``--lang``, else the locale's (``LC_ALL`` / ``LC_MESSAGES`` / ``LANG``)."""
    given: str | None = getattr(arguments, "lang", None)
    return given or language_from_environment()


def use_full_screen(arguments: argparse.Namespace) -> bool:
    """The full-screen table, unless ``--plain`` or input/output is not a terminal."""
    return not arguments.plain and sys.stdin.isatty() and sys.stdout.isatty()


def bot_speed(arguments: argparse.Namespace) -> float:
    """Seconds between bot moves: ``--speed``, else 0.6 at a terminal and none
    for piped input (a script never waits)."""
    given: float | None = getattr(arguments, "speed", None)
    if given is not None:
        return given
    return DEFAULT_SPEED if sys.stdin.isatty() and sys.stdout.isatty() else 0.0


def run_match(match: Match, arguments: argparse.Namespace) -> int:
    """Play ``match`` full screen if possible, else line by line. A resumed game
    says so on arrival (:meth:`Match.resumed_line`): the full screen under its
    table, the line mode in its first line (printed before the full screen, the
    line would stay on the terminal under the game's end and read as its
    summary, with a stale count)."""
    palette = getattr(arguments, "palette", "default")
    speed = bot_speed(arguments)
    if use_full_screen(arguments):
        try:
            from parlour.tui.app import run_app
        except ImportError:
            print(tr(match.lang, "textual_missing"))
        else:
            extra: dict[str, Any] = {}
            if "bot_delay" in inspect.signature(run_app).parameters:
                extra["bot_delay"] = speed
            try:
                return run_app(match, palette=palette, colour=not arguments.no_colour, **extra)
            except KeyboardInterrupt:
                print(tr(match.lang, "interrupted"))
                for line in match.save_and_say():
                    print(line)
                return 130
    style = make_style(
        palette=palette,
        lang=match.lang,
        colour=not arguments.no_colour and sys.stdout.isatty(),
    )
    if match.resumed_after is not None:
        print(match.resumed_line())
        print(tr(match.lang, "help_hint"))
    return TerminalTable(match, style, speed=speed).play()


def game_list_lines(names: Sequence[str], width: int, lang: str = "en") -> list[str]:
    """The games, numbered, with their titles and summaries in ``lang``, each
    summary wrapped at word boundaries to ``width`` columns under its own column
    (never cut mid-word by the terminal)."""
    lines = []
    for number, name in enumerate(names, start=1):
        info = game_class(name).info
        lead = f"  {number}) {info.title_text(lang):<22} "
        lines.extend(
            textwrap.wrap(
                info.summary_text(lang),
                width=max(width - 1, len(lead) + 20),
                initial_indent=lead,
                subsequent_indent=" " * len(lead),
                break_long_words=False,
            )
        )
    return lines


def ask_for_game(lang: str) -> str:
    """No game named: list the games and ask for one (at a terminal only)."""
    names = game_names()
    if not sys.stdin.isatty():
        raise ParlourError(tr(lang, "name_a_game", names=", ".join(names)))
    for line in game_list_lines(names, shutil.get_terminal_size().columns, lang):
        print(line)
    while True:
        try:
            answer = input(tr(lang, "which_game", count=len(names))).strip().lower()
        except EOFError:
            raise ParlourError(tr(lang, "no_game_chosen")) from None
        if answer.isdigit() and 1 <= int(answer) <= len(names):
            return names[int(answer) - 1]
        if answer in names:
            return answer
        print(tr(lang, "which_game_again", count=len(names)))


RESUME_ANSWERS = YES_NO_ANSWERS
"""The answers to "Resume it?" understood (:data:`YES_NO_ANSWERS`)."""


def offer_resume(game: Game[Any], arguments: argparse.Namespace, interactive: bool) -> Match | None:
    """An unfinished table of the same game: at a terminal, ask whether to play
    it on (and return it); with piped input never ask, say in one line how to
    resume it and start a new game. ``--new`` skips this."""
    if getattr(arguments, "new", False) or not keeps_files(interactive):
        return None
    found = unfinished_tables(game.info.name)
    if not found:
        return None
    latest = found[0]
    lang = arguments.lang
    if not interactive:
        print(tr(lang, "resume_skipped", title=game.info.title_text(lang), id=latest["id"]))
        return None
    question = tr(
        lang,
        "resume_offer",
        title=game.info.title_text(lang),
        moves=plural(lang, "moves_n", int(latest.get("moves", 0))),
        when=str(latest.get("updated_at", ""))[:16].replace("T", " "),
    )
    while True:
        try:
            answer = input(question).strip().lower()
        except EOFError:
            return None
        if answer in RESUME_ANSWERS:
            break
        print(tr(lang, "resume_again"))
    if not RESUME_ANSWERS[answer]:
        return None
    match, _ = Match.resume(str(latest["id"]), stats=statistics_store(arguments, interactive))
    match.set_language(lang)
    return match


def command_play(arguments: argparse.Namespace) -> int:
    """Run ``parlour play``."""
    arguments.lang = chosen_language(arguments)
    if arguments.game is None:
        arguments.game = ask_for_game(arguments.lang)
    options = game_options(arguments.option, arguments.players)
    game = load_game(arguments.game, **options)
    specs = {spec.name: spec for spec in game.option_specs()}
    for spec in inert_options(arguments.game, options):
        condition = spec.condition_text(specs, arguments.lang)
        print(tr(arguments.lang, "option_inert", name=spec.name, condition=condition))
    players = game.num_players
    if not 0 <= arguments.humans <= players:
        raise ParlourError(tr(arguments.lang, "humans_range", players=players))
    humans = list(range(arguments.humans))
    names = choose_names(arguments, players, humans)
    interactive = sys.stdin.isatty()
    resumed = offer_resume(game, arguments, interactive) if humans else None
    if resumed is not None:
        return run_match(resumed, arguments)
    stats = statistics_store(arguments, interactive)
    # No seed given: the table draws one from the operating system; it is shown
    # only once the game is over (it gives away every hidden card).
    settings: dict[str, Any] = {
        "seed": arguments.seed,
        "humans": humans,
        "opponent": arguments.opponent,
        "names": names,
        "lang": arguments.lang,
        "stats": stats,
    }
    try:
        match = Match.new(game, store=table_store(interactive), **settings)
    except TableError as error:
        # The data folder or the table store is unusable: play on, unsaved, and say so.
        print(tr(arguments.lang, "autosave_off", error=error))
        match = Match.new(game, **settings)
    if not use_full_screen(arguments):
        print(
            tr(arguments.lang, "welcome", title=game.info.title_text(arguments.lang))
            + " "
            + tr(arguments.lang, "help_hint")
        )
    return run_match(match, arguments)


def seconds(text: str) -> float:
    """``--speed``'s value: seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"{text} is not from 0 to 60 seconds")
    return value


def add_table_arguments(parser: argparse.ArgumentParser) -> None:
    """The display arguments ``play`` and ``resume`` share."""
    parser.add_argument(
        "--plain",
        action="store_true",
        help="line mode (also used automatically when input or output is not a terminal)",
    )
    parser.add_argument(
        "--palette",
        default="default",
        choices=PALETTES,
        help="card colours: default (red/black, red suits outlined ♡ ♢) or four-colour",
    )
    parser.add_argument(
        "--no-colour", "--no-color", action="store_true", help="no colour (also NO_COLOR)"
    )
    parser.add_argument(
        "--no-stats", action="store_true", help="do not count this game in 'parlour stats'"
    )
    parser.add_argument(
        "--speed",
        type=seconds,
        default=None,
        metavar="SECONDS",
        help=f"pause before each bot move (default {DEFAULT_SPEED} at a terminal, "
        "0 with piped input; 0 for none)",
    )


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``parlour play``."""
    parser = commands.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play a game in the terminal against the computer, or with friends "
        "at one keyboard (hot seat). Full screen on a terminal (keys are shown on "
        "screen); --plain, or piped input, gives the line mode: type a move as text "
        "(e.g. 'QH b2') or its number; 'help', 'hint', 'undo', 'save' and 'quit' work at "
        "every prompt. Every move is saved as it is played (Ctrl-C loses nothing; "
        "'parlour resume' plays an unfinished game on, and the next 'parlour play' of the "
        "same game offers it); finished games are kept for 'parlour replay'.",
    )
    parser.add_argument(
        "game", nargs="?", default=None, help="the game (see 'parlour list'; asked if omitted)"
    )
    add_game_option_arguments(parser)
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="seed of the shuffle (default: drawn from the system, shown at the end)",
    )
    parser.add_argument(
        "--humans",
        type=int,
        default=1,
        help="how many human seats, from seat 1 (default 1; 0 watches bots; 2+ is hot seat)",
    )
    parser.add_argument(
        "--opponent",
        default=DEFAULT_OPPONENT,
        choices=sorted(BOT_KINDS),
        metavar="KIND",  # the kinds in the usage line ran past 80 columns
        help=f"the bots' kind: {', '.join(sorted(BOT_KINDS))} (default {DEFAULT_OPPONENT})",
    )
    parser.add_argument("--names", default=None, help="player names, comma-separated, one per seat")
    parser.add_argument(
        "--lang",
        default=None,
        choices=LANGUAGES,
        help="language of the table (default: French when LC_ALL or LANG is fr_*, else English)",
    )
    parser.add_argument(
        "--new",
        action="store_true",
        help="start a new game without offering to resume an unfinished one",
    )
    add_table_arguments(parser)
    parser.set_defaults(run=command_play)
