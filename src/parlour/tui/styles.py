"""The look of the full-screen table (Textual CSS): the table pane, the column
of moves and log beside it, the pages over it and the deal's end."""

TABLE_CSS = """
    #prompt { height: 1; padding: 0 1; text-style: bold; }
    #main { height: 1fr; }
    #table-pane { width: 1fr; padding: 0 1; overflow-x: hidden; }
    #table { width: 100%; }
    #side { width: 30; }
    #moves { height: auto; max-height: 14; border: round $accent; }
    #moves:focus { border: round $accent; }
    #log { height: 1fr; min-height: 3; border: round $secondary; }
    #message { height: auto; padding: 0 1; color: $warning; display: none; }
    #message.shown { display: block; }
    #entry { display: none; }
    #entry.open { display: block; }
    #keys { height: 1; padding: 0 1; color: $text-muted; }
    #too-small { display: none; width: 100%; height: 1fr; content-align: center middle;
                 text-style: bold; }
    .too-small #main, .too-small #prompt, .too-small #message, .too-small #keys,
    .too-small #entry { display: none; }
    .too-small #too-small { display: block; }
    #page { width: 96%; height: auto; max-height: 100%; border: thick $primary;
            background: $surface; padding: 0 1; }
    #page.tall { height: 100%; }
    #rules-scroll { height: 1fr; }
    #page-scroll { height: auto; max-height: 100%; }
    TextScreen, RulesScreen, QuitScreen { align: center middle; }
    DealEndScreen { align: right top; background: transparent; }
    #deal-end { width: 30; height: 100%; border: thick $warning;
                background: $surface; padding: 0 1; }
    #deal-end-body { height: 1fr; }
    CoverScreen { align: center middle; background: $background; }
    #cover { width: 60; content-align: center middle; border: thick $primary; padding: 2; }
"""
"""The CSS of :class:`parlour.tui.app.TableApp` and of its screens."""
