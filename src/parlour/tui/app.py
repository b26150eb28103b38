"""The full-screen terminal table (Textual): every game, keys only.

The screen: the table as the seat to play sees it (the game's renderer, told
how much room it has), and beside it a column with the legal moves on top,
chosen with ↑/↓ and Enter (a card first, then its target, when there are many
moves), and the game log under them, taking the height that is left. The
layout is made again whenever the window changes size; below
:data:`MIN_WIDTH` × :data:`MIN_HEIGHT` the screen asks for a larger window.

``:`` types a move as text; a move the rules forbid is refused with the rule's
reason. Shortcuts are on screen (``?`` lists them all). The table's bots choose
in a worker thread so the screen stays alive
(:meth:`~parlour.table.Table.choose_bot_move`), and each bot move is shown at
a pace a person can follow (``bot_delay`` seconds, longer after a run of
several cards, which is told at once beside the board it leaves: the two never
disagree); an answer made stale by an undo is refused by the table's version
check. The last card played is
highlighted, and at the end of every deal the finished table stays on screen
with its score until a key is pressed. All game logic is the table's and the
engine's; this module only reads Views, events and the :class:`Match`.
"""

from __future__ import annotations

import io
import re
import time
from collections.abc import Sequence
from typing import Any, ClassVar

from rich.console import Console
from rich.table import Table
from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from parlour.core.errors import ParlourError
from parlour.core.events import Event, LoggedEvent
from parlour.core.game import View
from parlour.howto import how_to_play_drawn as how_to_play
from parlour.i18n import localized_table, said_move, shown_move, tr, typeset
from parlour.render import Style, render_fitted, rows_needed
from parlour.render.narration import sentence
from parlour.table import Hint
from parlour.tui.log_panel import FollowingLog
from parlour.tui.palette import TableStyle, make_style
from parlour.tui.screens import CoverScreen, DealEndScreen, QuitScreen, RulesScreen, TextScreen
from parlour.tui.session import (
    Groups,
    Match,
    game_log,
    hint_line,
    render_hook,
    scores_a_coffin,
)
from parlour.tui.styles import TABLE_CSS
from parlour.tui.wrapping import Wrapped

MIN_WIDTH = 80
"""The narrowest window the table is drawn in (columns)."""
MIN_HEIGHT = 24
"""The lowest window the table is drawn in (rows)."""

DEFAULT_BOT_DELAY = 0.6
"""Seconds each bot move stays on screen before the next one (``--speed``)."""

_SCREEN_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "too_small": "The window is {width}×{height}.\n\nMake the window at least "
        "{min_width}×{min_height} to play.",
        "footer": "↵ play · : type · h hint · u undo · r rules · s scores · ? keys · q quit",
        "keys_title": "Keys",
        "your_turn": "Your turn",
        "turn_of": "{name}, your turn",
        "choose": "{turn}: choose a move",
        "choose_in_group": "{turn}: choose a move with {label} ({back})",
        "go_on_with": "{turn}: go on with {move} (Escape: take it back)",
        "moves_one": "1 move",
        "moves_many": "{count} moves",
        "go_on": "Press any key to go on · l log · s scores",
        "forced_you": "All your moves this deal were forced: the rules chose every card.",
        "forced": "All of {name}'s moves this deal were forced: the rules chose every card.",
    },
    "fr": {
        "too_small": "La fenêtre fait {width}×{height}.\n\nAgrandissez la fenêtre à au moins "
        "{min_width}×{min_height} pour jouer.",
        # Two spaces between the keys, not " · ": every key fits in 78 columns.
        "footer": "↵ jouer  : taper  h conseil  u annuler  r règles  s points  ? aide  q quitter",
        "keys_title": "Touches",
        "your_turn": "À vous",
        "turn_of": "{name}, à vous",
        "choose": "{turn} : choisissez un coup",
        "choose_in_group": "{turn} : choisissez un coup avec {label} ({back})",
        "go_on_with": "{turn} : continuez {move} (Échap : le reprendre)",
        "moves_one": "1 coup",
        "moves_many": "{count} coups",
        "go_on": "Une touche pour continuer · l journal · s points",
        "forced_you": "Tous vos coups de cette donne étaient forcés : la règle a choisi "
        "chaque carte.",
        "forced": "Tous les coups de {name} dans cette donne étaient forcés : la règle a "
        "choisi chaque carte.",
    },
}


KEYS: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (
        (
            "↑ ↓ and Enter",
            "choose a move and play it (a card first, then its target, when there are many moves)",
        ),
        ("1 … 9", "choose the move (or card) with that number"),
        (
            "Escape",
            "back from a card to the list of cards; back out of a move being "
            "made in several steps; close a page",
        ),
        (":", "type a move as the list writes it"),
        ("h", "hint: what the strongest bot would play, and why"),
        ("u", "undo: back to your previous decision"),
        ("r", "how to play this game"),
        ("s", "the score sheet"),
        ("l", "the whole game log"),
        ("t", "English ⇄ français"),
        ("?", "this page"),
        (
            "q, Ctrl+Q",
            "leave; mid-game it asks first: save and quit (s), quit without saving (d) "
            "or keep playing (Escape)",
        ),
        ("any key", "go on after a deal's end (l, s: the log, the scores)"),
        ("*", "after a name: the seat whose view is shown (hot seat)"),
    ),
    "fr": (
        (
            "↑ ↓ et Entrée",
            "choisir un coup et le jouer (d'abord une carte, puis sa cible, "
            "quand il y a beaucoup de coups)",
        ),
        ("1 … 9", "choisir le coup (ou la carte) de ce numéro"),
        (
            "Échap",
            "revenir de la carte à la liste des cartes ; annuler un coup joué en "
            "plusieurs temps ; fermer une page",
        ),
        (":", "taper un coup comme la liste l'écrit"),
        ("h", "conseil : ce que jouerait le meilleur robot, et pourquoi"),
        ("u", "annuler : revenir à votre décision précédente"),
        ("r", "comment jouer à ce jeu"),
        ("s", "la feuille de marque"),
        ("l", "tout le journal de la partie"),
        ("t", "français ⇄ English"),
        ("?", "cette page"),
        (
            "q, Ctrl+Q",
            "quitter ; en cours de partie, il demande d'abord : enregistrer et quitter "
            "(s), quitter sans enregistrer (d) ou continuer à jouer (Échap)",
        ),
        ("une touche", "continuer après la fin d'une donne (l, s : journal, points)"),
        ("*", "après un nom : la place dont on voit le jeu (à tour de rôle)"),
    ),
}
"""Every key of the table and what it does, per language (the ``?`` page); no
game is named: the page is the same at every table but for its example."""

EXAMPLE = {"en": "{keys} (e.g. {example})", "fr": "{keys} (par ex. {example})"}
"""A key's description with an example of this table's."""


def keys_page(lang: str, example: str = "") -> Table:
    """The ``?`` page: the keys in a column of their own, each description
    wrapped beside its key to the page's width (never under the keys); the
    ``:`` key's description shows ``example``, a move of the table, if given."""
    page = Table.grid(padding=(0, 2))
    page.add_column(no_wrap=True)
    page.add_column(ratio=1)
    for key, description in KEYS.get(lang, KEYS["en"]):
        if key == ":" and example:
            description = EXAMPLE.get(lang, EXAMPLE["en"]).format(keys=description, example=example)
        page.add_row(key, typeset(description, lang))
    return page


def words(lang: str, key: str, **values: object) -> str:
    """A sentence of the screen itself in ``lang`` (English if not translated)."""
    table = _SCREEN_WORDS.get(lang, _SCREEN_WORDS["en"])
    template = table.get(key) or _SCREEN_WORDS["en"][key]
    return template.format(**values) if values else template


def moves_count(lang: str, count: int) -> str:
    """``1 move`` / ``3 moves`` (``1 coup`` / ``3 coups``)."""
    return words(lang, "moves_one") if count == 1 else words(lang, "moves_many", count=count)


def screen_text(app: App[Any]) -> str:
    """The screen as plain text, line by line (for text captures and tests).

    Uses the same composition as Textual's ``export_screenshot``.
    """
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system=None,
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    update = app.screen._compositor.render_update(  # Textual has no public text export
        full=True, screen_stack=app._background_screens
    )
    console.print(update)
    lines = console.export_text(styles=False).splitlines()
    return "\n".join(line.rstrip() for line in lines).rstrip() + "\n"


def pause_after(bot_delay: float, plays: int) -> float:
    """Seconds the next bot waits after a move that played ``plays`` cards: the
    pace, and half of it again for each card beyond the first (a Nain Jaune run
    of forced plays, told at once with the board at its end, is read in that
    time; the line mode tells such a run a line every half pace).

    >>> pause_after(0.5, 1), pause_after(0.5, 5)
    (0.5, 1.5)
    """
    return bot_delay * (1 + max(0, plays - 1) / 2)


class TableApp(App[int]):
    """The table for one :class:`Match`."""

    TITLE = "parlour"
    CSS = TABLE_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", "hint", show=False),
        Binding("u", "undo", "undo", show=False),
        Binding("r", "rules", "rules", show=False),
        Binding("s", "scores", "scores", show=False),
        Binding("l", "log", "log", show=False),
        Binding("t", "language", "language", show=False),
        # A priority binding runs as the key arrives, before the keys typed after
        # it are handed to the move list (they go to the entry it opens).
        Binding("colon", "type_move", "type", show=False, priority=True),
        Binding("escape", "go_back", "back", show=False),
        Binding("q", "leave", "quit", show=False),
        Binding("ctrl+q", "leave", "quit", show=False, priority=True),
        Binding("ctrl+c", "interrupt", "save and quit", show=False, priority=True),
        Binding("question_mark", "help", "help", show=False),
        *[Binding(str(number), f"pick({number - 1})", show=False) for number in range(1, 10)],
    ]

    def __init__(
        self,
        match: Match,
        *,
        palette: str = "default",
        colour: bool = True,
        bot_delay: float = DEFAULT_BOT_DELAY,
    ) -> None:
        super().__init__()
        self.match = match
        self.palette = palette
        self.colour = colour
        self.bot_delay = max(0.0, float(bot_delay))
        """Seconds a bot move waits before it is shown (after the bot has chosen)."""
        self.group: int | None = None
        """Index of the open group of moves, or None when the groups are listed."""
        self.groups: Groups | None = None
        self.shown_version = 0
        """The table's version when the moves on screen were listed."""
        self.thinking = False
        self.hinting = False
        self.paused = False
        """True while the finished table of a deal waits for a key."""
        self.shown_seat: int | None = None
        self.shown_view: View | None = None
        """The View on screen (the finished deal's during a pause)."""
        self.last_human: int | None = None
        self.end_shown = False
        self.exit_message: str | None = None
        self.move_order = render_hook(match.game.info.name, "move_order")
        """The renderer's order of the moves (as the hand is drawn), if it has one."""
        self.message_text = ""
        """The message under the table (empty: none)."""
        self.log_lines = 0
        """How many lines of :meth:`screen_log` the panel shows."""
        self.written_log: list[str] = []
        """The lines of :meth:`screen_log` the panel shows."""
        self.table_text = Text()
        """The table as last drawn (with its highlight)."""
        self.bot_moves_shown = 0
        """Bot moves played so far through the paced path (tests read it)."""
        self.bot_wait = self.bot_delay
        """Seconds the next bot move waits (:func:`pause_after` the last move)."""
        self.hinted: tuple[int, int] | None = None
        """The table's version and the action of the hint on screen: its card and
        its move stay lit in the lists until the table moves on."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Game keys work only on the table itself, not under a page or the cover."""
        return not (action in _TABLE_ACTIONS and len(self.screen_stack) > 1)

    @property
    def style(self) -> TableStyle:
        """Cards as drawn on this screen."""
        return make_style(palette=self.palette, lang=self.match.lang, colour=self.colour)

    # ----- layout -------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """Whose turn on top; the table beside the moves and the log; keys below."""
        yield Static(id="prompt")
        with Horizontal(id="main"):
            with VerticalScroll(id="table-pane"):
                yield Static(id="table")
            with Vertical(id="side"):
                yield OptionList(id="moves")
                yield FollowingLog(id="log", wrap=True, markup=False, min_width=10)
        yield Static(id="message")
        yield Input(id="entry")
        yield Static(id="keys")
        yield Static(id="too-small")

    def on_mount(self) -> None:
        """Show the log so far and start the match."""
        self.title = f"parlour · {self.match.game.info.title_text(self.match.lang)}"
        self.update_layout()
        self.relabel()
        self.write_whole_log()
        # A saved game played on says so where the eye lands, under the table
        # (the line mode prints the same sentence before its first table).
        self.say(typeset(self.match.resumed_line(), self.match.lang))
        self.advance()

    def relabel(self) -> None:
        """Put the texts of the current language on the fixed parts."""
        lang = self.match.lang
        log = self.query_one("#log", FollowingLog)
        log.border_title = tr(lang, "log_title")
        log.names = self.match.names  # they follow the language (You, Vous)
        self.query_one("#keys", Static).update(words(lang, "footer"))

    def screen_log(self) -> list[str]:
        """The game log as the panel shows it: the match's log without the cards
        dealt one by one (the hand shows them; ``l`` shows the whole log)."""
        match = self.match
        events = [
            (step, event)
            for step, event in match.table.events_for(match.observer)
            if not event.quiet
        ]
        entries = game_log(
            match.game.info.name,
            events,
            match.table.moves_played(),
            match.names,
            Style(lang=match.lang),
            # A move made in steps (a Casino capture) is told once it is complete.
            next_seat=match.table.seat_to_act(),
            reader=match.reader(),
        )
        # Set as the line mode sets it (French spacing, « vous » inside a sentence).
        return [typeset(line, match.lang) for entry in entries for line in entry]

    def write_whole_log(self) -> None:
        """Write the whole game log again (after undo, resume, a new language)."""
        log = self.query_one("#log", FollowingLog)
        log.clear()
        lines = self.screen_log()
        for line in lines:
            log.write_line(line)
        self.log_lines = len(lines)
        self.written_log = lines
        log.follow()

    def write_new_log_lines(self) -> None:
        """Add to the panel what the log gained since it was last written."""
        lines = self.screen_log()
        if lines[: self.log_lines] != self.written_log:
            # A line already shown reads otherwise now (a move in steps completed):
            # the panel is written again rather than left with a stale line.
            self.write_whole_log()
            return
        log = self.query_one("#log", FollowingLog)
        for line in lines[self.log_lines :]:
            log.write_line(line)
        self.log_lines = len(lines)
        self.written_log = lines
        log.follow()

    def say(self, text: str) -> None:
        """A message under the table (hints, reasons, confirmations)."""
        self.message_text = text
        message = self.query_one("#message", Static)
        message.update(Wrapped(Text(text), self.match.names, indent=0))
        message.set_class(bool(text), "shown")
        self.redraw()

    def side_width(self) -> int:
        """Columns of the moves-and-log column: wider on wider screens."""
        width = self.size.width
        return 30 if width < 100 else 38 if width < 130 else 46

    def table_room(self) -> tuple[int, int]:
        """Columns and rows the table can use without scrolling."""
        width, height = self.size
        taken = 2 + rows_needed([self.message_text], width - 2) if self.message_text else 2
        # The pane's padding (2) and a scroll bar it might show (2).
        return max(20, width - self.side_width() - 4), max(8, height - taken)

    def update_layout(self) -> None:
        """Size the columns for the window (on mount and on every resize)."""
        width, height = self.size
        self.set_class(width < MIN_WIDTH or height < MIN_HEIGHT, "too-small")
        self.query_one("#too-small", Static).update(
            Text(
                words(
                    self.match.lang,
                    "too_small",
                    width=width,
                    height=height,
                    min_width=MIN_WIDTH,
                    min_height=MIN_HEIGHT,
                ),
                justify="center",
            )
        )
        self.query_one("#side", Vertical).styles.width = self.side_width()
        # The moves come first; the log takes what they leave (at least 5 rows).
        self.query_one("#moves", OptionList).styles.max_height = max(5, height - 2 - 7)

    async def _on_resize(self, event: events.Resize) -> None:
        """A new window size: lay the screen out again and redraw the table for it.

        (Textual's App stops the Resize event in its own handler, so a public
        ``on_resize`` never runs on an App; this extends that handler.)"""
        await super()._on_resize(event)
        self.update_layout()
        self.redraw()

    def redraw(self) -> None:
        """Draw the View on screen again (for a new size, message or language)."""
        if self.shown_view is not None:
            self.draw_view(self.shown_view)

    def draw_table(self, seat: int) -> None:
        """The table as ``seat`` sees it now."""
        self.shown_seat = seat
        self.draw_view(self.match.view(seat))

    def draw_view(self, view: View, *, until_step: int | None = None) -> None:
        """Draw ``view`` in the room there is, the last card played highlighted."""
        self.shown_view = view
        width, height = self.table_room()
        style = self.style
        text = localized_table(
            render_fitted(
                self.match.render, view, style, self.match.names, width=width, height=height
            ),
            style.lang,
        )
        shown = Text.from_ansi(text)
        card = self.last_card_played(view.seat, until_step)
        if card is not None:
            plain = Style(colour=False, symbols=style.symbols, lang=style.lang).card(card)
            shown.highlight_regex(rf"(?<![0-9A-Za-z]){re.escape(plain)}", "reverse")
        self.table_text = shown
        self.query_one("#table", Static).update(Wrapped(shown, self.match.names))

    def last_card_played(self, seat: int, until_step: int | None = None) -> int | None:
        """The card of the latest play ``seat`` saw (None if there is none yet)."""
        for step, event in reversed(self.match.table.events_for(seat)):
            if until_step is not None and step > until_step:
                continue
            if event.ends_deal:
                return None
            card = getattr(event, "card", None)
            if event.plays_card and isinstance(card, int):
                return card
        return None

    def blank_table(self) -> None:
        """Nothing on the table (hot seat, between two people)."""
        self.shown_view = None
        self.query_one("#table", Static).update("")

    def hide_moves(self) -> None:
        """No moves to choose (a bot's turn, a pause, the end): the log takes the room."""
        moves = self.query_one("#moves", OptionList)
        moves.clear_options()
        moves.border_title = ""
        moves.display = False

    def set_prompt(self, text: str | Text) -> None:
        """The line on top: whose turn, or what to do."""
        self.query_one("#prompt", Static).update(text)

    # ----- the flow of the match --------------------------------------------------------
    def advance(self) -> None:
        """Let bots play until a human must decide or the game ends."""
        match = self.match
        if self.paused:
            return
        if match.is_over():
            self.show_end()
            return
        seat = match.bot_to_act()
        if seat is not None:
            if len(match.humans) < 2:
                self.draw_table(match.observer)
            elif self.last_human is not None:
                self.draw_table(self.last_human)  # hot seat: only the hand at the keyboard
            else:
                self.blank_table()
            self.hide_moves()
            self.set_prompt(tr(match.lang, "waiting", name=match.names[seat]))
            self.thinking = True
            self.think()
            return
        seat = match.human_to_act()
        if seat is None:
            return
        if len(match.humans) > 1 and self.last_human != seat:
            self.last_human = seat
            self.blank_table()
            self.hide_moves()
            self.push_screen(
                CoverScreen(tr(match.lang, "cover", name=match.names[seat])),
                lambda _: self.show_choices(seat),
            )
            return
        self.last_human = seat
        legal = match.table.legal_moves(seat)
        if len(legal) == 1 and match.move_in_steps() == seat:
            # The one way to go on with a move in steps needs no key.
            before = match.table.history_length()
            self.after_move(before, match.submit(seat, legal[0][0]))
            return
        self.show_choices(seat)

    @work(thread=True, exclusive=True, group="bots")
    def think(self) -> None:
        """The table's bot on turn chooses from its View, away from the screen's thread."""
        started = time.monotonic()
        try:
            seat, action, version = self.match.table.choose_bot_move()
        except ParlourError:  # the table moved on (an undo) before this worker ran
            return
        self.call_from_thread(self.bot_chose, seat, action, version, time.monotonic() - started)

    def bot_chose(self, seat: int, action: int, version: int, elapsed: float = 0.0) -> None:
        """The bot has chosen: show its move once :attr:`bot_wait` seconds have
        passed since it started thinking, so that a person can follow the bots."""
        wait = self.bot_wait - elapsed
        if wait > 0:
            self.set_timer(wait, lambda: self.bot_plays(seat, action, version))
        else:
            self.bot_plays(seat, action, version)

    def bot_plays(self, seat: int, action: int, version: int) -> None:
        """Send the bot's answer to the table and go on (an answer made stale by an
        undo is refused by the table and dropped)."""
        before = self.match.table.history_length()
        played = self.match.bot_answer(seat, action, version)
        if played is None:
            return
        self.thinking = False
        self.bot_moves_shown += 1
        self.after_move(before, played)

    def play(self, action: int | str) -> None:
        """Send the person's move to the table (an action, or the text of a whole
        move of several steps), log it, and go on."""
        seat = self.match.human_to_act()
        if seat is None:
            return
        before = self.match.table.history_length()
        try:
            played = self.match.submit(seat, action, self.shown_version)
        except ParlourError as error:
            self.say(str(error))
            return
        self.after_move(before, played)

    def after_move(self, before: int, sentences: list[str]) -> None:
        """Add a move's sentences to the log; pause if it ended a deal; go on.

        A move that played several cards (a Nain Jaune run of forced plays) is
        told at once, the board drawn at its end beside it, so that the two
        never disagree; the next bot waits the longer for it (:func:`pause_after`)."""
        plays = sum(
            1
            for _, event in self.match.table.events_for(self.viewing_seat(), since=before)
            if event.plays_card
        )
        self.bot_wait = pause_after(self.bot_delay, plays)
        self.write_new_log_lines()
        self.group = None
        if not self.match.is_over():
            seat = self.viewing_seat()
            ended = [
                (step, event)
                for step, event in self.match.table.events_for(seat, since=before)
                if event.ends_deal
            ]
            if ended:
                self.pause_at_deal_end(seat, ended[-1][0], [event for _, event in ended])
                return
        self.advance()

    def viewing_seat(self) -> int:
        """The seat whose View this screen shows between turns."""
        if len(self.match.humans) > 1 and self.last_human is not None:
            return self.last_human
        return self.match.observer

    def pause_at_deal_end(self, seat: int, step: int, ended: Sequence[Event]) -> None:
        """Show the table as it was when the deal ended, with its score, and wait."""
        match = self.match
        lang = match.lang
        view = match.deal_end_view(seat, step, ended[-1])
        if view is not None and not (len(match.humans) > 1 and self.last_human is None):
            self.shown_seat = seat
            self.draw_view(view, until_step=step if scores_a_coffin(ended[-1]) else step - 1)
        self.hide_moves()
        title = match.deal_end_title()
        self.set_prompt(Text(title, style="bold"))
        style = Style(lang=lang)
        # The score first, then what the last move did (the last trick, the box won).
        name = match.game.info.name
        lines = [sentence(name, event, match.names, style) for event in ended]
        lines.extend(self.forced_notes(step))
        lines.append("")
        lines.extend(
            sentence(name, event, match.names, style)
            for event_step, event in match.table.events_for(seat, since=step)
            if event_step == step and not (event.quiet or event.ends_deal)
        )
        self.paused = True
        self.push_screen(
            DealEndScreen(title, "\n".join(lines), words(lang, "go_on"), match.names),
            self.after_deal_end,
        )

    def after_deal_end(self, _: None = None) -> None:
        """A key was pressed at a deal's end: play on."""
        self.paused = False
        self.advance()

    def forced_notes(self, step: int) -> list[str]:
        """ "All your moves were forced" for each person at this keyboard who had
        cards played for them this deal and never chose anything in it."""
        lang = self.match.lang
        logged: list[LoggedEvent] = self.match.table.events_for(self.match.observer)
        start = 0
        for event_step, event in logged:
            if event.ends_deal and event_step < step:
                start = event_step + 1
        notes = []
        for seat in self.match.humans:
            forced = any(
                start <= event_step <= step
                and getattr(event, "forced", False)
                and getattr(event, "seat", None) == seat
                for event_step, event in logged
            )
            chose = any(
                move.seat == seat and start <= move.step <= step
                for move in self.match.table.moves_played()
            )
            if forced and not chose:
                name = self.match.names[seat]
                you = len(self.match.humans) == 1
                notes.append(words(lang, "forced_you") if you else words(lang, "forced", name=name))
        return notes

    def show_choices(self, seat: int) -> None:
        """The table and the legal moves of the human at ``seat``."""
        self.draw_table(seat)
        view = self.match.view(seat)
        self.shown_version = self.match.table.version
        self.groups = self.match.groups(view)
        self.group = None
        self.fill_moves(view)
        self.query_one("#moves", OptionList).focus()

    def fill_moves(self, view: View, highlight: int | None = None) -> None:
        """List the groups, or the moves of the open group, or all the moves."""
        lang = self.match.lang
        moves = self.query_one("#moves", OptionList)
        moves.clear_options()
        prompt = self.choice_prompt(view.seat)
        options: list[Option] = []
        hinted = self.hinted[1] if self.hinted and self.hinted[0] == self.shown_version else None
        lit: int | None = None
        if self.groups is not None and self.group is None:
            for index, (label, actions) in enumerate(self.groups):
                if hinted in actions:
                    lit = index
                count = moves_count(lang, len(actions))
                text = Text.from_ansi(f"{_key(index)}{self.pretty(label)}  ({count})")
                options.append(Option(Wrapped(text, self.match.names), id=f"g{index}"))
        else:
            if self.groups is not None:
                actions = self.groups[self.group or 0][1]
            elif self.move_order is not None:
                actions = self.move_order(view)
            else:
                actions = list(view.legal_actions)
            notes = self.match.move_notes(view, self.style)  # Casino: what a take may take
            for index, action in enumerate(actions):
                if action == hinted:
                    lit = index
                move = self.pretty(view.action_to_string(action))
                if action in notes:
                    move += f" {notes[action]}"
                text = Text.from_ansi(f"{_key(index)}{move}")
                options.append(Option(Wrapped(text, self.match.names), id=f"a{action}"))
            if self.groups is not None:
                label = self.pretty(self.groups[self.group or 0][0])
                prompt = self.choice_prompt(view.seat, label)
        moves.add_options(options)
        moves.border_title = moves_count(lang, len(view.legal_actions))
        moves.display = bool(options)
        self.set_prompt(Text.from_ansi(prompt))
        if options:
            moves.highlighted = next((index for index in (highlight, lit) if index is not None), 0)

    def choice_prompt(self, seat: int, label: str = "") -> str:
        """The line on top while a person chooses: whose turn (their name only
        in hot seat, where it matters) and what to do: choose a move, one of
        the open group's, or the next step of a move being made."""
        lang = self.match.lang
        if len(self.match.humans) > 1:
            turn = words(lang, "turn_of", name=self.match.names[seat])
        else:
            turn = words(lang, "your_turn")
        so_far = self.match.move_so_far() if self.match.move_in_steps() == seat else ""
        if so_far:
            return words(lang, "go_on_with", turn=turn, move=self.pretty(so_far))
        if label:
            back = tr(lang, "group_back")
            return words(lang, "choose_in_group", turn=turn, label=label, back=back)
        return words(lang, "choose", turn=turn)

    def pretty(self, text: str) -> str:
        """Action text with card symbols (and colours) of the palette."""
        from parlour.i18n import pretty_move

        return pretty_move(text, self.style)

    def show_end(self) -> None:
        """The final table, scores and winner."""
        match = self.match
        self.shown_seat = match.observer
        self.draw_view(match.final_view(match.observer))
        self.hide_moves()
        lines = match.result_lines()
        history = match.table.history_length()
        lines.extend(self.forced_notes(history - 1) if history else [])
        self.set_prompt(Text(tr(match.lang, "game_over"), style="bold"))
        self.say("  ".join(lines + ([match.stats_note] if match.stats_note else [])))
        if not self.end_shown:
            self.end_shown = True
            log = self.query_one("#log", FollowingLog)
            for line in lines:
                log.write_line(line)

    # ----- choosing a move -------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a group opens it; Enter on a move plays it."""
        identifier = event.option.id or ""
        seat = self.match.human_to_act()
        if seat is None or self.paused:
            return
        if identifier.startswith("g"):
            self.group = int(identifier[1:])
            actions = self.groups[self.group][1] if self.groups else []
            if len(actions) == 1:
                self.say("")  # the hint or the last reason goes with the move
                self.play(actions[0])
                return
            self.fill_moves(self.match.view(seat))
            return
        self.say("")
        self.play(int(identifier[1:]))

    def action_pick(self, index: int) -> None:
        """A digit key: choose the option with that number."""
        moves = self.query_one("#moves", OptionList)
        if index < moves.option_count and self.match.human_to_act() is not None:
            moves.highlighted = index
            moves.action_select()

    def action_go_back(self) -> None:
        """Escape: close the typing line, the open group, or back out of a move
        being made in steps (a started Casino capture)."""
        entry = self.query_one("#entry", Input)
        if entry.has_class("open"):
            entry.remove_class("open")
            entry.value = ""
            self.query_one("#moves", OptionList).focus()
            return
        seat = self.match.human_to_act()
        if self.group is not None and seat is not None:
            self.group = None
            self.fill_moves(self.match.view(seat))
            return
        if self.match.back_out():  # a move being made in steps: back to its start
            self.say("")
            self.write_whole_log()
            self.advance()

    def action_type_move(self) -> None:
        """``:``: type a move as text."""
        seat = self.match.human_to_act()
        if seat is None or len(self.screen_stack) > 1:  # a page is open over the table
            return
        view = self.match.view(seat)
        entry = self.query_one("#entry", Input)
        lang = self.match.lang  # the example as this language types it (7♠ pose)
        entry.placeholder = tr(lang, "type_move", example=shown_move(view.action_texts[0], lang))
        entry.add_class("open")
        # At once, not on the next idle moment (as ``entry.focus()`` would): the
        # keys typed right after ``:`` are already queued and go to the entry.
        self.screen.set_focus(entry)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A typed move: play it, or say what forbids it."""
        entry = event.input
        text = event.value.strip()
        seat = self.match.human_to_act()
        if not text or seat is None:
            return
        check = self.match.check_move(seat, text)
        move = check.move
        if move is None:
            self.say(check.message(self.match.lang))
            return
        entry.value = ""
        entry.remove_class("open")
        self.say("")
        self.play(move)

    # ----- the shortcuts -------------------------------------------------------------------
    def action_hint(self) -> None:
        """``h``: what the strongest bot would play, and why."""
        seat = self.match.human_to_act()
        if seat is None or self.thinking:
            self.say(tr(self.match.lang, "hint_not_your_turn"))
            return
        view = self.match.view(seat)
        self.hinting = True
        self.match.hint_count += 1
        self.say(tr(self.match.lang, "hint_thinking"))
        self.find_hint(view, self.match.table.version)

    @work(thread=True, exclusive=True, group="hints")
    def find_hint(self, view: View, version: int) -> None:
        """The table's hint bot searches away from the screen's thread."""
        try:
            lang = self.match.lang
            hint: Hint | None = self.match.table.hint(
                view.seat, lang, lambda text: said_move(text, lang)
            )
        except ParlourError:  # the table moved on before this worker ran
            hint = None
        self.call_from_thread(self.show_hint, hint, view, version)

    def show_hint(self, hint: Hint | None, view: View, version: int) -> None:
        """Say the hint and highlight its move (unless the table has moved on)."""
        self.hinting = False
        if (
            hint is None
            or version != self.match.table.version
            or self.match.human_to_act() != view.seat
        ):
            self.say("")
            return
        self.say(hint_line(hint, self.match.lang))
        self.hinted = (version, hint.action)
        # Lit where it is listed: its card, then its move once the card is open.
        if self.groups is None or self.group is None or hint.action in self.groups[self.group][1]:
            self.fill_moves(view)

    def action_undo(self) -> None:
        """``u``: back to your previous decision (same cards)."""
        message = self.match.undo()
        self.thinking = False
        self.end_shown = False
        self.say(message)
        self.write_whole_log()
        self.advance()

    def action_rules(self) -> None:
        """``r``: how to play this game, in the table's language."""
        lang = self.match.lang
        try:
            page = how_to_play(self.match.game.info.name, lang)
        except (ParlourError, OSError):
            page = tr(lang, "no_rules", title=self.match.game.info.title_text(lang))
        self.push_screen(RulesScreen(page, tr(lang, "close")))

    def action_scores(self) -> None:
        """``s``: the score sheet, players by name."""
        lang = self.match.lang
        body = "\n".join(score_sheet_lines(self.match))
        title = tr(lang, "score_sheet").rstrip(":").rstrip()  # a title, not the line mode's label
        self.push_screen(TextScreen(title, body, tr(lang, "close"), self.match.names))

    def action_log(self) -> None:
        """``l``: the whole game log on a page."""
        lang = self.match.lang
        title, close = tr(lang, "log_title"), tr(lang, "close")
        self.push_screen(TextScreen(title, self.log_page(), close, self.match.names))

    def log_page(self) -> str:
        """The whole game log, the cards dealt included, set as the panel's
        lines are (French spacing, « vous » inside a sentence)."""
        lang = self.match.lang
        return "\n".join(typeset(line, lang) for line in self.match.log_sentences()) or "—"

    def action_help(self) -> None:
        """``?``: every key and what it does (typing a move shown with one of
        the person's moves, when one is on turn)."""
        lang = self.match.lang
        seat = self.match.human_to_act()
        texts = self.match.view(seat).action_texts if seat is not None else ()
        page = keys_page(lang, shown_move(texts[0], lang) if texts else "")
        self.push_screen(TextScreen(words(lang, "keys_title"), page, tr(lang, "close")))

    def action_language(self) -> None:
        """``t``: English ⇄ French (the log is rebuilt in the new language)."""
        self.match.set_language("fr" if self.match.lang == "en" else "en")
        self.relabel()
        self.update_layout()
        self.write_whole_log()
        if self.match.is_over():
            self.show_end()
        elif (seat := self.match.human_to_act()) is not None:
            self.show_choices(seat)
        elif self.shown_seat is not None:
            self.draw_table(self.shown_seat)

    def action_leave(self) -> None:
        """``q``: leave; mid-game, offer to save first."""
        if self.match.is_over() or not self.match.humans:
            self.exit(0)
            return
        self.push_screen(QuitScreen(self.match.lang), self.after_quit_question)

    def after_quit_question(self, choice: str | None) -> None:
        """Save and quit, quit, or stay."""
        lang = self.match.lang
        if choice == "save":
            try:
                identifier = self.match.save()
            except ParlourError as error:
                self.say(tr(lang, "not_saved", error=error))
                return
            self.exit_message = (
                tr(lang, "saved", path=self.match.store_path())
                + "\n"
                + tr(lang, "resume_with", id=identifier)
            )
            self.exit(0)
        elif choice == "discard":
            self.match.discard()
            self.exit_message = tr(lang, "abandoned")
            self.exit(0)

    def action_interrupt(self) -> None:
        """Ctrl-C: the game is stored already; leave saying how to resume it."""
        self.exit_message = "\n".join(self.match.save_and_say())
        self.exit(130)


_TABLE_ACTIONS = frozenset(
    "hint undo rules scores log language type_move go_back leave help pick".split()
)


def score_sheet_lines(match: Match) -> list[str]:
    """The score sheet so far: the one drawing both terminal modes share
    (:func:`parlour.tui.session.sheet_lines`), players by name."""
    return match.score_sheet_lines()


def _key(index: int) -> str:
    return f"{index + 1} " if index < 9 else "  "


def run_app(
    match: Match,
    *,
    palette: str = "default",
    colour: bool = True,
    bot_delay: float = DEFAULT_BOT_DELAY,
) -> int:
    """Play ``match`` full screen; print what happened on leaving; return the status."""
    app = TableApp(match, palette=palette, colour=colour, bot_delay=bot_delay)
    status = app.run()
    for line in exit_lines(match, app.exit_message):
        print(line)
    return status if isinstance(status, int) else 0


def exit_lines(match: Match, exit_message: str | None) -> list[str]:
    """What is printed on leaving the full screen: how to resume the game (or
    why it was not saved); a finished game's result, seed and the command that
    shows it again, as the line mode prints them."""
    lines = exit_message.splitlines() if exit_message else []
    if match.is_over():
        lines.extend(match.result_lines())
        replay = tr(match.lang, "replay_with", id=match.table.id)
        if match.is_stored() and replay not in lines:
            lines.append(replay)
    return lines
