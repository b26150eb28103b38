"""The full-screen terminal table (Textual): every game, keys only.

The screen: the table as the seat to play sees it (the game's renderer), the
game log beside it, and the legal moves below, chosen with ↑/↓ and Enter (a
card first, then its target, when there are many moves). ``:`` types a move as
text; a move the rules forbid is refused with the rule's reason. Shortcuts are
on screen: h hint, u undo, r rules, s scores, t language, q quit (offers to
save). The table's bots choose in a worker thread so the screen stays alive
(:meth:`~parlour.table.Table.choose_bot_move`); an answer made stale by an undo
is refused by the table's version check. All game logic is the table's and the
engine's; this module only reads Views and the :class:`Match`.
"""

from __future__ import annotations

import io
from typing import Any, ClassVar

from rich.console import Console
from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Markdown, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from parlour.core.errors import ParlourError
from parlour.core.game import View
from parlour.i18n import tr
from parlour.render import visible_width
from parlour.table import Hint, rules_text
from parlour.tui.palette import TableStyle, make_style
from parlour.tui.session import Groups, Match, hint_line


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


class TextScreen(ModalScreen[None]):
    """A page of text over the table (scores, help); Escape closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,s,enter", "close", "Close"),
    ]

    def __init__(self, title: str, body: str, footer: str) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.footer = footer

    def compose(self) -> ComposeResult:
        """A framed, scrollable page."""
        with Vertical(id="page"):
            yield Static(Text(self.title_text, style="bold"), id="page-title")
            with VerticalScroll():
                yield Static(Text(self.body))
            yield Static(Text(self.footer, style="dim"))

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    """The rules page (Markdown), scrollable with the arrow keys."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,r", "close", "Close")]

    def __init__(self, markdown: str, footer: str) -> None:
        super().__init__()
        self.markdown = markdown
        self.footer = footer

    def compose(self) -> ComposeResult:
        """The page in a scrolling frame."""
        with Vertical(id="page", classes="tall"):
            with VerticalScroll(id="rules-scroll"):
                yield Markdown(self.markdown)
            yield Static(Text(self.footer, style="dim"))

    def on_mount(self) -> None:
        """Focus the page so the arrow keys scroll it."""
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class QuitScreen(ModalScreen[str]):
    """Leave the game: save and quit, quit without saving, or keep playing."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s,y,o", "choose('save')", "Save"),
        Binding("d,n", "choose('discard')", "Discard"),
        Binding("escape", "choose('stay')", "Stay"),
    ]

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        """The three choices and their keys."""
        lang = self.lang
        with Vertical(id="page"):
            yield Static(Text(tr(lang, "quit_title"), style="bold"))
            yield Static(tr(lang, "quit_save"))
            yield Static(tr(lang, "quit_nosave"))
            yield Static(tr(lang, "quit_cancel"))

    def action_choose(self, choice: str) -> None:
        """Answer the question."""
        self.dismiss(choice)


class CoverScreen(Screen[None]):
    """Hot seat: an opaque screen between two players' turns; Enter reveals."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "reveal", "Show")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        """Only the message: no card is on this screen."""
        yield Static(Text(self.text, justify="center"), id="cover")

    def action_reveal(self) -> None:
        """The next player is ready."""
        self.dismiss(None)


class TableApp(App[int]):
    """The table for one :class:`Match`."""

    TITLE = "parlour"
    CSS = """
    #main { height: 1fr; }
    #table-pane { width: 1fr; border: round $primary; padding: 0 1; }
    #side { width: 42; }
    #table { width: auto; }
    #table-pane { overflow-x: auto; }
    #log { height: 1fr; border: round $secondary; }
    #message { height: auto; min-height: 1; padding: 0 1; color: $warning; }
    #prompt { height: 1; padding: 0 1; text-style: bold; }
    #moves { height: auto; max-height: 12; border: round $accent; }
    #moves:focus { border: round $accent; }
    #entry { display: none; }
    #entry.open { display: block; }
    #keys { height: auto; padding: 0 1; color: $text-muted; }
    .narrow #main { layout: vertical; }
    .narrow #table-pane { width: 100%; height: 1fr; border: none; padding: 0; }
    .narrow #side { width: 100%; height: 4; }
    .narrow #log { border: none; border-top: solid $secondary; }
    .narrow #moves { max-height: 7; }
    #page { width: 90%; height: auto; max-height: 90%; border: thick $primary;
            background: $surface; padding: 1 2; }
    #page.tall { height: 90%; }
    #rules-scroll { height: 1fr; }
    TextScreen, RulesScreen, QuitScreen { align: center middle; }
    CoverScreen { align: center middle; background: $background; }
    #cover { width: 60; content-align: center middle; border: thick $primary; padding: 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", "hint", show=False),
        Binding("u", "undo", "undo", show=False),
        Binding("r", "rules", "rules", show=False),
        Binding("s", "scores", "scores", show=False),
        Binding("l", "log", "log", show=False),
        Binding("t", "language", "language", show=False),
        Binding("colon", "type_move", "type", show=False),
        Binding("escape", "go_back", "back", show=False),
        Binding("q", "leave", "quit", show=False),
        Binding("ctrl+q", "leave", "quit", show=False, priority=True),
        Binding("question_mark", "help", "help", show=False),
        *[Binding(str(number), f"pick({number - 1})", show=False) for number in range(1, 10)],
    ]

    def __init__(self, match: Match, *, palette: str = "default", colour: bool = True) -> None:
        super().__init__()
        self.match = match
        self.palette = palette
        self.colour = colour
        self.group: int | None = None
        """Index of the open group of moves, or None when the groups are listed."""
        self.groups: Groups | None = None
        self.shown_version = 0
        """The table's version when the moves on screen were listed."""
        self.thinking = False
        self.hinting = False
        self.shown_seat: int | None = None
        self.last_human: int | None = None
        self.end_shown = False
        self.table_width = 0
        """The widest line of the table drawn so far (chooses the layout)."""
        self.exit_message: str | None = None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Game keys work only on the table itself, not under a page or the cover."""
        return not (action in _TABLE_ACTIONS and len(self.screen_stack) > 1)

    @property
    def style(self) -> TableStyle:
        """Cards as drawn on this screen."""
        return make_style(palette=self.palette, lang=self.match.lang, colour=self.colour)

    # ----- layout -------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """Table and log side by side; moves, messages and keys below."""
        with Horizontal(id="main"):
            with VerticalScroll(id="table-pane"):
                yield Static(id="table")
            with Vertical(id="side"):
                yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Static(id="message")
        yield Static(id="prompt")
        yield OptionList(id="moves")
        yield Input(id="entry")
        yield Static(id="keys")

    def on_mount(self) -> None:
        """Show the log so far and start the match."""
        self.title = f"parlour · {self.match.game.info.title}"
        self.update_layout()
        self.relabel()
        self.write_whole_log()
        self.advance()

    def relabel(self) -> None:
        """Put the texts of the current language on the fixed parts."""
        lang = self.match.lang
        self.query_one("#log", RichLog).border_title = tr(lang, "log_title")
        self.query_one("#keys", Static).update(tr(lang, "keys_help"))

    def write_whole_log(self) -> None:
        """Write the whole game log again (after undo, resume, a new language)."""
        log = self.query_one("#log", RichLog)
        log.clear()
        for sentence in self.match.log_sentences():
            log.write(sentence)

    def say(self, text: str) -> None:
        """A message under the table (hints, reasons, confirmations)."""
        self.query_one("#message", Static).update(Text(text))

    def draw_table(self, seat: int) -> None:
        """The table as ``seat`` sees it."""
        self.shown_seat = seat
        text = self.match.table_text(seat, self.style)
        self.table_width = max(
            self.table_width, *(visible_width(line) for line in text.splitlines())
        )
        self.update_layout()
        self.query_one("#table", Static).update(Text.from_ansi(text))

    def update_layout(self) -> None:
        """The log beside the table when both fit, else under it in a strip."""
        needed = self.table_width + TABLE_FRAME + LOG_WIDTH
        self.set_class(self.size.width < max(needed, NARROW_WIDTH), "narrow")

    # ----- the flow of the match --------------------------------------------------------
    def advance(self) -> None:
        """Let bots play until a human must decide or the game ends."""
        match = self.match
        moves = self.query_one("#moves", OptionList)
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
                self.query_one("#table", Static).update("")
            moves.clear_options()
            self.query_one("#prompt", Static).update(
                tr(match.lang, "waiting", name=match.names[seat])
            )
            self.thinking = True
            self.think()
            return
        seat = match.human_to_act()
        if seat is None:
            return
        if len(match.humans) > 1 and self.last_human != seat:
            self.last_human = seat
            self.query_one("#table", Static).update("")
            moves.clear_options()
            self.push_screen(
                CoverScreen(tr(match.lang, "cover", name=match.names[seat])),
                lambda _: self.show_choices(seat),
            )
            return
        self.last_human = seat
        self.show_choices(seat)

    @work(thread=True, exclusive=True, group="bots")
    def think(self) -> None:
        """The table's bot on turn chooses from its View, away from the screen's thread."""
        try:
            seat, action, version = self.match.table.choose_bot_move()
        except ParlourError:  # the table moved on (an undo) before this worker ran
            return
        self.call_from_thread(self.bot_chose, seat, action, version)

    def bot_chose(self, seat: int, action: int, version: int) -> None:
        """Send the bot's answer to the table and go on (an answer made stale by an
        undo is refused by the table and dropped)."""
        sentences = self.match.bot_answer(seat, action, version)
        if sentences is None:
            return
        self.thinking = False
        self.show_sentences(sentences)

    def play(self, action: int) -> None:
        """Send the person's move to the table, log it, and go on."""
        seat = self.match.human_to_act()
        if seat is None:
            return
        try:
            sentences = self.match.submit(seat, action, self.shown_version)
        except ParlourError as error:
            self.say(str(error))
            return
        self.show_sentences(sentences)

    def show_sentences(self, sentences: list[str]) -> None:
        """Add a move's sentences to the log and go on."""
        log = self.query_one("#log", RichLog)
        for sentence in sentences:
            log.write(sentence)
        self.group = None
        self.advance()

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
        prompt = tr(lang, "moves_title") + f" · {self.match.names[view.seat]}"
        options: list[Option] = []
        if self.groups is not None and self.group is None:
            for index, (label, actions) in enumerate(self.groups):
                options.append(
                    Option(
                        Text.from_ansi(
                            f"{_key(index)}{self.pretty(label)}  "
                            f"({tr(lang, 'moves_count', count=len(actions))})"
                        ),
                        id=f"g{index}",
                    )
                )
        else:
            actions = (
                list(view.legal_actions) if self.groups is None else self.groups[self.group or 0][1]
            )
            for index, action in enumerate(actions):
                text = self.pretty(view.action_to_string(action))
                options.append(Option(Text.from_ansi(f"{_key(index)}{text}"), id=f"a{action}"))
            if self.groups is not None:
                label = self.pretty(self.groups[self.group or 0][0])
                prompt += f" · {label} ({tr(lang, 'group_back')})"
        moves.add_options(options)
        self.query_one("#prompt", Static).update(prompt)
        if options:
            moves.highlighted = highlight if highlight is not None else 0

    def pretty(self, text: str) -> str:
        """Action text with card symbols (and colours) of the palette."""
        from parlour.i18n import pretty_move

        return pretty_move(text, self.style)

    def show_end(self) -> None:
        """The final table, scores and winner."""
        match = self.match
        self.draw_table(match.observer)
        self.query_one("#moves", OptionList).clear_options()
        lines = match.result_lines()
        self.query_one("#prompt", Static).update(Text(tr(match.lang, "game_over"), style="bold"))
        self.say("  ".join(lines + ([match.stats_note] if match.stats_note else [])))
        if not self.end_shown:
            self.end_shown = True
            log = self.query_one("#log", RichLog)
            for line in lines:
                log.write(line)

    # ----- choosing a move -------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a group opens it; Enter on a move plays it."""
        identifier = event.option.id or ""
        seat = self.match.human_to_act()
        if seat is None:
            return
        if identifier.startswith("g"):
            self.group = int(identifier[1:])
            actions = self.groups[self.group][1] if self.groups else []
            if len(actions) == 1:
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
        """Escape: close the open group, or the typing line."""
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

    def action_type_move(self) -> None:
        """``:``: type a move as text."""
        seat = self.match.human_to_act()
        if seat is None:
            return
        view = self.match.view(seat)
        entry = self.query_one("#entry", Input)
        entry.placeholder = tr(self.match.lang, "type_move", example=view.action_texts[0])
        entry.add_class("open")
        entry.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A typed move: play it, or say what forbids it."""
        entry = event.input
        text = event.value.strip()
        seat = self.match.human_to_act()
        if not text or seat is None:
            return
        check = self.match.check_move(seat, text)
        if check.action is None:
            self.say(check.message(self.match.lang))
            return
        entry.value = ""
        entry.remove_class("open")
        self.say("")
        self.play(check.action)

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
            hint: Hint | None = self.match.table.hint(view.seat, self.match.lang)
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
        if self.groups is not None:
            for index, (_, actions) in enumerate(self.groups):
                if hint.action in actions:
                    if self.group is None:
                        self.fill_moves(view, highlight=index)
                    elif self.group == index:
                        self.fill_moves(view, highlight=actions.index(hint.action))
        else:
            self.fill_moves(view, highlight=list(view.legal_actions).index(hint.action))

    def action_undo(self) -> None:
        """``u``: back to your previous decision (same cards)."""
        message = self.match.undo()
        self.thinking = False
        self.end_shown = False
        self.say(message)
        self.write_whole_log()
        self.advance()

    def action_rules(self) -> None:
        """``r``: the rules page."""
        lang = self.match.lang
        try:
            page = rules_text(self.match.game.info.name)
        except ParlourError:
            page = tr(lang, "no_rules", title=self.match.game.info.title)
        self.push_screen(RulesScreen(page, tr(lang, "close")))

    def action_scores(self) -> None:
        """``s``: the score sheet."""
        lang = self.match.lang
        body = "\n".join(self.match.score_sheet_lines())
        self.push_screen(TextScreen(tr(lang, "score_sheet"), body, tr(lang, "close")))

    def action_log(self) -> None:
        """``l``: the whole game log on a page."""
        lang = self.match.lang
        body = "\n".join(self.match.log_sentences()) or "—"
        self.push_screen(TextScreen(tr(lang, "log_title"), body, tr(lang, "close")))

    def on_resize(self) -> None:
        """Narrow screens put the log under the table (see :meth:`update_layout`)."""
        self.update_layout()

    def action_help(self) -> None:
        """``?``: the keys."""
        lang = self.match.lang
        self.push_screen(TextScreen("parlour", tr(lang, "keys_help"), tr(lang, "close")))

    def action_language(self) -> None:
        """``t``: English ⇄ French (the log is rebuilt in the new language)."""
        self.match.set_language("fr" if self.match.lang == "en" else "en")
        self.relabel()
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
            self.exit_message = tr(lang, "abandoned")
            self.exit(0)


_TABLE_ACTIONS = frozenset(
    "hint undo rules scores log language type_move go_back leave help pick".split()
)

NARROW_WIDTH = 100
"""Screens narrower than this always put the game log under the table."""
LOG_WIDTH = 42
"""Columns of the game log beside the table."""
TABLE_FRAME = 4
"""Columns the table's frame and padding take."""


def _key(index: int) -> str:
    return f"{index + 1}  " if index < 9 else "   "


def run_app(match: Match, *, palette: str = "default", colour: bool = True) -> int:
    """Play ``match`` full screen; print what happened on leaving; return the status."""
    app = TableApp(match, palette=palette, colour=colour)
    status = app.run()
    if app.exit_message:
        print(app.exit_message)
    if match.is_over():
        for line in match.result_lines():
            print(line)
    return status if isinstance(status, int) else 0
