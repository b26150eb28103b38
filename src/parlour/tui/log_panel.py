"""The game log panel of the full-screen table and of the replay."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.widgets import RichLog

from parlour.tui.wrapping import Wrapped


class FollowingLog(RichLog):
    """A log panel that keeps its newest line in sight, and whose lines are
    wrapped as the line mode wraps them (:meth:`write_line`).

    A plain :class:`RichLog` scrolls to its end only as a line is written; when
    the panel then gets shorter (the list of moves above it comes back, the
    window is resized) its view stays where it was and the newest lines fall
    below the border. This panel scrolls to the end again whenever its size
    changes, and :meth:`follow` does so after a whole log is written anew.
    """

    names: Sequence[str] = ()
    """The players' names: a line is never cut inside one."""

    def write_line(self, line: str) -> None:
        """Write one line of the log, cut between words at the panel's width
        (never inside a player's name), its rest indented under it."""
        self.write(Wrapped(Text(line), self.names))

    def on_resize(self, event: events.Resize) -> None:
        """A new height or width: the newest line stays in sight (RichLog's own
        handler, which writes the lines held until the width was known, runs too)."""
        self.follow()

    def follow(self) -> None:
        """Scroll to the newest line once the panel is laid out."""
        self.call_after_refresh(self.scroll_end, animate=False, x_axis=False)
