"""The pages and covers of the full-screen table (Textual screens): a page of
text (scores, keys, the log), the rules, a deal's end beside the finished
table, the question on leaving, and the hot seat's cover between two people.
They show what the table gives them; :mod:`parlour.tui.app` decides when."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Markdown, Static

from parlour.i18n import tr
from parlour.tui.wrapping import Wrapped

PAGE_FRAME_ROWS = 4
"""The rows of a page that are not its text: the frame's two, the title, the
line saying how to close it."""


class TextScreen(ModalScreen[None]):
    """A page of text over the table (scores, keys, the log); Escape closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,s,enter,question_mark,l", "close", "Close"),
    ]

    def __init__(
        self,
        title: str,
        body: str | RenderableType,
        footer: str,
        names: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        """The page's text, or a Rich renderable laid out for the page's width
        (the keys in their own column)."""
        self.footer = footer
        self.names = tuple(names)
        """The players' names, never cut by the text's wrapping."""

    def compose(self) -> ComposeResult:
        """A framed, scrollable page; its text wraps as the log panel does."""
        body = Wrapped(Text(self.body), self.names) if isinstance(self.body, str) else self.body
        with Vertical(id="page"):
            yield Static(Text(self.title_text, style="bold"), id="page-title")
            with VerticalScroll(id="page-scroll"):
                yield Static(body)
            yield Static(Text(self.footer, style="dim"))

    def on_mount(self) -> None:
        """Focus the page so the arrow keys scroll it."""
        self.fit_text()
        self.query_one("#page-scroll").focus()

    def on_resize(self) -> None:
        """A new window size: the text's room again."""
        self.fit_text()

    def fit_text(self) -> None:
        """Leave the text the rows the frame, title and closing line do not
        take, so that a page longer than the window scrolls and its last line,
        how to close it, stays in sight."""
        room = max(1, self.app.size.height - PAGE_FRAME_ROWS)
        self.query_one("#page-scroll").styles.max_height = room

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    """The "how to play" page (Markdown), scrollable with the arrow keys."""

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


class DealEndScreen(ModalScreen[None]):
    """The end of a deal: the finished table stays visible behind a short note
    (the deal's score) until any key is pressed."""

    def __init__(self, title: str, body: str, footer: str, names: Sequence[str] = ()) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.footer = footer
        self.names = tuple(names)
        """The players' names, never cut by the body's wrapping."""

    def compose(self) -> ComposeResult:
        """A box at the bottom of the screen; the table stays visible above it."""
        with Vertical(id="deal-end"):
            yield Static(Text(self.title_text, style="bold"))
            with VerticalScroll(id="deal-end-body"):
                yield Static(Wrapped(Text(self.body), self.names))
            yield Static(Text(self.footer, style="bold reverse"))

    def on_mount(self) -> None:
        """As wide as the moves-and-log column it covers, no wider: the whole
        table stays visible beside it."""
        from parlour.tui.app import TableApp  # the app imports this module

        app = self.app
        if isinstance(app, TableApp):
            self.query_one("#deal-end").styles.width = app.side_width()

    PAGES: ClassVar[dict[str, str]] = {
        "l": "log",
        "s": "scores",
        "r": "rules",
        "question_mark": "help",
    }
    """Keys that open a page over the deal's end (it stays when the page closes)."""

    def on_key(self, event: events.Key) -> None:
        """``l``, ``s``, ``r``, ``?`` open their page over this one; any other key goes on."""
        from parlour.tui.app import TableApp  # the app imports this module

        event.stop()
        page = self.PAGES.get(event.key)
        app = self.app
        if page is not None and isinstance(app, TableApp):
            getattr(app, f"action_{page}")()
            return
        self.dismiss(None)

    def on_click(self) -> None:
        """A click goes on too."""
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
