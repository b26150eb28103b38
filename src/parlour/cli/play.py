"""``parlour play``: a game at the terminal, line by line.

One or more human seats (several humans share the keyboard: hot seat) and bots
in the others. Everything shown comes from each seat's View through the game's
renderer; the rules live in the engine only. Works with input piped in (a
script of moves, one per line), for tests and for screen readers.
"""

from __future__ import annotations

import argparse
import importlib
import os
import secrets
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from parlour.bots import BOT_KINDS, Bot, make_bot
from parlour.cli import parse_option_pairs, rules_text
from parlour.core.errors import ParlourError, ParseError
from parlour.core.game import Game, State, View
from parlour.core.registry import load_game
from parlour.render import Style, renderer_for

HELP = """\
Type a move as text (as listed, e.g. 'QH b2') or its number in the list.
Commands: moves (list the legal moves again), table (draw the table again),
score (the score sheet), rules (the rules page), help, quit."""

GROUP_THRESHOLD = 12
"""More legal moves than this, and a game that groups them: pick a group first."""


class InputEndedError(ParlourError):
    """Standard input ended before the game did."""


class QuitRequestedError(ParlourError):
    """The player typed quit."""


def _render_hook(game_name: str, hook: str) -> Callable[..., Any] | None:
    module_name = "parlour.render." + game_name.replace("-", "_")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError:
        return None
    found: Callable[..., Any] | None = getattr(module, hook, None)
    return found


class TerminalTable:
    """Runs one match at a terminal: humans type, bots choose from their Views."""

    def __init__(
        self,
        game: Game[Any],
        state: State,
        humans: Sequence[int],
        bots: Mapping[int, Bot],
        names: Sequence[str],
        style: Style,
        lang: str = "en",
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.humans = list(humans)
        self.bots = dict(bots)
        self.names = list(names)
        self.style = style
        self.lang = lang
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.render = renderer_for(game.info.name)
        self.move_groups = _render_hook(game.info.name, "move_groups")
        self.narrate = _render_hook(game.info.name, "narrate")
        self.interactive = self.stdin.isatty()
        self.last_human: int | None = None
        self.observer = self.humans[0] if self.humans else 0

    # ----- output ----------------------------------------------------------------
    def say(self, text: str = "") -> None:
        """Print one block of text."""
        print(text, file=self.stdout, flush=True)

    def ask(self, prompt: str) -> str:
        """Read one line; raise :class:`InputEndedError` at the end of input."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            raise InputEndedError("input ended before the game finished")
        if not self.interactive:
            self.stdout.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    def show_table(self, seat: int) -> None:
        """Draw the table as ``seat`` sees it."""
        self.say()
        self.say(self.render(self.state.view(seat), self.style, self.names))

    def show_score_sheet(self) -> None:
        """Print the per-deal scores so far."""
        sheet = self.state.score_sheet()
        if not sheet:
            self.say("No deal has been scored yet.")
            return
        header = "game deal  " + "".join(f"{name[:10]:>11}" for name in self.names)
        self.say(header)
        for line in sheet:
            scores = "".join(f"{score:>11g}" for score in line.scores)
            self.say(f"{line.game:>4} {line.deal:>4}  {scores}   {line.note}")

    # ----- one decision ------------------------------------------------------------
    def human_turn(self, seat: int) -> int:
        """Ask the human at ``seat`` for a move until a legal one is given."""
        if len(self.humans) > 1 and self.last_human != seat:
            self.hand_over(seat)
        self.last_human = seat
        view = self.state.view(seat)
        self.say()
        self.say(self.render(view, self.style, self.names))
        groups = self._groups(view)
        self.list_moves(view, groups)
        while True:
            text = self.ask(f"{self.names[seat]}, your move: ")
            if not text:
                continue
            command = text.lower()
            if command in ("quit", "exit", "q"):
                raise QuitRequestedError("you left the game")
            if command in ("help", "?", "h"):
                self.say(HELP)
                continue
            if command in ("moves", "m"):
                self.list_moves(view, groups)
                continue
            if command in ("table", "t"):
                self.say(self.render(view, self.style, self.names))
                continue
            if command in ("score", "scores"):
                self.show_score_sheet()
                continue
            if command == "rules":
                self.say(rules_text(self.game.info.name))
                continue
            action = self.read_move(view, text, groups)
            if action is not None:
                return action

    def _groups(self, view: View) -> list[tuple[str, list[int]]] | None:
        if self.move_groups is None or len(view.legal_actions) <= GROUP_THRESHOLD:
            return None
        groups: list[tuple[str, list[int]]] = self.move_groups(view)
        return groups if len(groups) > 1 else None

    def list_moves(self, view: View, groups: list[tuple[str, list[int]]] | None) -> None:
        """Number the legal moves (or the groups of moves)."""
        if groups is not None:
            self.say(f"{len(view.legal_actions)} legal moves; choose a card first:")
            for number, (label, actions) in enumerate(groups, start=1):
                self.say(f"  {number:>2}) {label}  ({len(actions)} move{'s' * (len(actions) > 1)})")
            return
        self.say("Legal moves:")
        texts = view.action_texts
        width = max(len(text) for text in texts) + 6
        per_line = max(1, 78 // width)
        for start in range(0, len(texts), per_line):
            cells = [
                f"{number:>3}) {texts[number - 1]}".ljust(width)
                for number in range(start + 1, min(start + per_line, len(texts)) + 1)
            ]
            self.say(" ".join(cells).rstrip())

    def read_move(
        self, view: View, text: str, groups: list[tuple[str, list[int]]] | None
    ) -> int | None:
        """The action a line of input names, or None after explaining what is wrong."""
        if text.isdigit():
            number = int(text)
            choices = groups if groups is not None else view.legal_actions
            if not 1 <= number <= len(choices):
                self.say(f"There is no move {number}; choose 1 to {len(choices)}, or type 'help'.")
                return None
            if groups is None:
                return view.legal_actions[number - 1]
            return self.pick_in_group(view, groups[number - 1])
        try:
            action = self.state.string_to_action(text)
        except ParseError as error:
            self.say(f"{error}")
            return None
        if action not in view.legal_actions:
            reason = self.state.why_illegal(action) or "not your move now"
            self.say(f"Not allowed: {reason}. Type 'moves' for the list.")
            return None
        return action

    def pick_in_group(self, view: View, group: tuple[str, list[int]]) -> int | None:
        """Second step of a grouped choice: one move of the group."""
        label, actions = group
        if len(actions) == 1:
            return actions[0]
        self.say(f"Moves with {label}:")
        for number, action in enumerate(actions, start=1):
            self.say(f"  {number:>2}) {view.action_to_string(action)}")
        while True:
            text = self.ask("Which one (number or text; 'back' to choose again)? ")
            if text.lower() in ("back", "b", ""):
                return None
            if text.isdigit() and 1 <= int(text) <= len(actions):
                return actions[int(text) - 1]
            try:
                action = self.state.string_to_action(text)
            except ParseError as error:
                self.say(str(error))
                continue
            if action in actions:
                return action
            self.say(f"That is not one of these {len(actions)} moves.")

    def hand_over(self, seat: int) -> None:
        """Hot seat: hide the previous hand and wait for the next player."""
        if self.interactive:
            self.stdout.write("\x1b[2J\x1b[H")
            self.say(f"Pass the keyboard to {self.names[seat]}.")
            self.ask("Press Enter when ready (others look away). ")
            self.stdout.write("\x1b[2J\x1b[H")
        else:
            self.say(f"--- {self.names[seat]}'s turn ---")

    # ----- the match ------------------------------------------------------------------
    def play(self) -> int:
        """Play to the end; return the exit status."""
        state = self.state
        try:
            while not state.is_terminal():
                seat = state.current_player()
                if seat < 0:
                    raise ParlourError("the game waits for chance; start it with a seed")
                before = state.observation(self.observer)
                if seat in self.bots:
                    view = state.view(seat)
                    action = self.bots[seat].choose(view)
                else:
                    action = self.human_turn(seat)
                text = state.action_to_string(action)
                state.apply_action(action)
                if seat in self.bots or len(self.humans) > 1:
                    self.say(f"{self.names[seat]}: {text}")
                if self.narrate is not None:
                    after = state.observation(self.observer)
                    for sentence in self.narrate(before, after, self.names, self.lang):
                        self.say(sentence)
        except QuitRequestedError:
            self.say("Game abandoned.")
            return 0
        except InputEndedError as error:
            self.say()
            self.say(f"parlour: {error}")
            return 1
        self.finish()
        return 0

    def finish(self) -> None:
        """The final table, the score sheet and the winner."""
        self.show_table(self.observer)
        self.say()
        self.say("Score sheet:")
        self.show_score_sheet()
        results = self.state.returns()
        self.say()
        self.say(
            "Final: "
            + ", ".join(
                f"{name} {score:g}" for name, score in zip(self.names, results, strict=True)
            )
        )
        best = max(results)
        winners = [name for name, score in zip(self.names, results, strict=True) if score == best]
        if len(winners) == 1:
            verb = "win" if winners[0] == "You" else "wins"
            self.say(f"{winners[0]} {verb}.")
        else:
            self.say(f"Shared win: {' and '.join(winners)}.")


def default_names(players: int, humans: Sequence[int]) -> list[str]:
    """``You`` and ``Bot 1``… for one human; ``Player 1``… in hot seat."""
    names = []
    for seat in range(players):
        if seat in humans:
            names.append("You" if len(humans) == 1 else f"Player {seat + 1}")
        else:
            names.append(f"Bot {seat + 1}")
    return names


def command_play(arguments: argparse.Namespace) -> int:
    """Run ``parlour play``."""
    options: dict[str, object] = dict(parse_option_pairs(arguments.option))
    if arguments.players is not None:
        options["players"] = arguments.players
    game = load_game(arguments.game, **options)
    players = game.num_players
    if not 0 <= arguments.humans <= players:
        raise ParlourError(f"--humans must be 0 to {players} for {players} players")
    humans = list(range(arguments.humans))
    seed = arguments.seed if arguments.seed is not None else secrets.randbelow(1_000_000)
    names = default_names(players, humans)
    if arguments.names:
        given = [name.strip() for name in arguments.names.split(",")]
        if len(given) != players or not all(given):
            raise ParlourError(f"--names needs {players} names separated by commas")
        names = given
    bots = {
        seat: make_bot(arguments.opponent, seed * 1000 + seat)
        for seat in range(players)
        if seat not in humans
    }
    colour = not arguments.no_colour and not os.environ.get("NO_COLOR") and sys.stdout.isatty()
    style = Style(colour=colour, lang=arguments.lang)
    print(
        f"{game.info.title}, seed {seed} (play it again with --seed {seed}). Type 'help' for help."
    )
    state = game.new_initial_state(seed=seed)
    table = TerminalTable(game, state, humans, bots, names, style, lang=arguments.lang)
    return table.play()


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``parlour play``."""
    parser = commands.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play a game in the terminal against the computer, or with friends "
        "at one keyboard (hot seat). Type a move as text (e.g. 'QH b2') or its number; "
        "'help' and 'quit' work at every prompt. Input may be piped in.",
    )
    parser.add_argument("game", help="the game (see 'parlour list')")
    parser.add_argument("--players", type=int, default=None, help="number of players")
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, repeatable (see 'parlour options GAME')",
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="seed of the shuffle (default: random, shown)"
    )
    parser.add_argument(
        "--humans",
        type=int,
        default=1,
        help="how many human seats, from seat 1 (default 1; 0 watches bots; 2+ is hot seat)",
    )
    parser.add_argument(
        "--opponent",
        default="random",
        choices=sorted(BOT_KINDS),
        help="the bots' kind (default random)",
    )
    parser.add_argument("--names", default=None, help="player names, comma-separated, one per seat")
    parser.add_argument("--lang", default="en", choices=("en", "fr"), help="language of the table")
    parser.add_argument(
        "--no-colour", "--no-color", action="store_true", help="no colour (also NO_COLOR)"
    )
    parser.set_defaults(run=command_play)
