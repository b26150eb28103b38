"""The full-screen replay: → and ← step through a match (Textual)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import RichLog, Static

from parlour.i18n import tr
from parlour.render import render_fitted
from parlour.tui.log_panel import FollowingLog
from parlour.tui.palette import make_style
from parlour.tui.replay import ReplayBook


class ReplayApp(App[int]):
    """Step through a :class:`ReplayBook`."""

    CSS = """
    #main { height: 1fr; }
    #table-pane { width: 1fr; padding: 0 1; overflow-x: hidden; }
    #table { width: 100%; }
    #log { width: 30; border: round $secondary; }
    #status { height: 1; padding: 0 1; text-style: bold; }
    #keys { height: 1; padding: 0 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space,n,enter", "step(1)", "next", show=False),
        Binding("left,b,p", "step(-1)", "back", show=False),
        Binding("home", "jump(0)", "first", show=False),
        Binding("d,pagedown", "deal_end(1)", "next deal's end", show=False),
        Binding("D,pageup", "deal_end(-1)", "previous deal's end", show=False),
        Binding("end", "jump(-1)", "last", show=False),
        Binding("q,escape", "quit", "quit", show=False),
    ]

    def __init__(
        self, book: ReplayBook, *, palette: str = "default", colour: bool = True, start: int = 0
    ) -> None:
        super().__init__()
        self.book = book
        self.table_style = make_style(palette=palette, lang=book.lang, colour=colour)
        self.step = max(0, min(start, len(book.steps) - 1))

    def compose(self) -> ComposeResult:
        """Table and log side by side, the step and keys below."""
        with Horizontal(id="main"):
            with VerticalScroll(id="table-pane"):
                yield Static(id="table")
            yield FollowingLog(id="log", wrap=True, markup=False, min_width=20)
        yield Static(id="status")
        yield Static(tr(self.book.lang, "replay_keys"), id="keys")

    def on_mount(self) -> None:
        """Show the first step."""
        self.title = f"parlour replay · {self.book.game.info.title}"
        self.query_one("#log", RichLog).border_title = tr(self.book.lang, "log_title")
        self.show()

    def log_width(self) -> int:
        """Columns of the log beside the table: wider on wider screens."""
        return 30 if self.size.width < 100 else 46

    async def _on_resize(self, event: events.Resize) -> None:
        """A new window size: the table is drawn again for the room it has.

        (Textual's App stops the Resize event in its own handler, so a public
        ``on_resize`` never runs on an App; this extends that handler.)"""
        await super()._on_resize(event)
        self.query_one("#log", RichLog).styles.width = self.log_width()
        self.show()

    def show(self) -> None:
        """Draw the current step in the room the screen has."""
        book = self.book
        width, height = self.size
        view = book.view(self.step)
        text = render_fitted(
            book.render,
            view,
            self.table_style,
            book.names,
            width=max(20, width - self.log_width() - 4),
            height=max(8, height - 2),
        )
        self.query_one("#table", Static).update(Text.from_ansi(text))
        log = self.query_one("#log", FollowingLog)
        log.clear()
        lines = book.log_until(self.step)
        if self.step == len(book.steps) - 1:
            lines += book.result_lines()
        log.names = book.names
        for sentence in lines:
            log.write_line(sentence)
        log.follow()  # the step just made, not the deal's first lines
        status = tr(book.lang, "replay_step", step=self.step, steps=len(book.steps) - 1)
        if book.steps[self.step].deal_end is not None:
            status += " · " + tr(book.lang, "replay_deal_end")
        self.query_one("#status", Static).update(status)

    def action_step(self, delta: int) -> None:
        """One step forward or back."""
        self.step = max(0, min(self.step + delta, len(self.book.steps) - 1))
        self.show()

    def action_jump(self, where: int) -> None:
        """The first or the last step."""
        self.step = where if where >= 0 else len(self.book.steps) - 1
        self.show()

    def action_deal_end(self, direction: int) -> None:
        """The next (or previous) deal's end; the last (or first) step past them."""
        ends = self.book.deal_ends()
        if direction > 0:
            later = [number for number in ends if number > self.step]
            self.step = later[0] if later else len(self.book.steps) - 1
        else:
            earlier = [number for number in ends if number < self.step]
            self.step = earlier[-1] if earlier else 0
        self.show()
