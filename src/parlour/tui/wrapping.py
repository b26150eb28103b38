"""Text wrapped for the full-screen table as the line mode wraps it.

Textual wraps a line wider than its panel between any two words, so a player's
name was cut ("… ; Robot" / "2 compte les colonnes") and a line's rest began
under the line's first column (a move's "4♣)" under the move numbers).
:class:`Wrapped` wraps at the width the panel gives it, never inside a
player's name nor before a French colon (:mod:`parlour.render.spacing`, the
rule :func:`parlour.cli.play.wrap_line` follows too), and indents each line's
rest under the line's own text.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.text import Text

from parlour.render.spacing import unbroken_spaces


class Wrapped:
    """A Rich renderable: ``text`` cut between words at the width it is drawn
    in, each of its lines separately; a name of ``names`` is never cut, and
    the rest of a line is indented ``indent`` columns more than the line.

    >>> from rich.console import Console
    >>> console = Console(width=16, color_system=None)
    >>> with console.capture() as captured:
    ...     console.print(Wrapped(Text("Robot 3 takes the 9♣ from Robot 2"), ["Robot 2"]))
    >>> print(captured.get().rstrip())
    Robot 3 takes
      the 9♣ from
      Robot 2
    """

    def __init__(self, text: Text, names: Sequence[str] = (), indent: int = 2) -> None:
        self.text = text
        self.names = tuple(names)
        """The players' names, which a wrap never cuts."""
        self.indent = indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        """Each line of the text, wrapped to ``options.max_width``."""
        for line in self.text.split("\n", allow_blank=True):
            yield from self.wrapped_line(line, options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """As wide as the longest line, at least as wide as the longest word."""
        lines = self.text.plain.split("\n")
        widest = max((cell_len(line) for line in lines), default=0)
        word = max((cell_len(part) for line in lines for part in line.split()), default=0)
        return Measurement(min(word, widest), widest)

    def wrapped_line(self, line: Text, width: int) -> list[Text]:
        """One line cut between words into lines of ``width`` cells at most (a
        word wider than that is left to Rich's own folding)."""
        plain = line.plain
        if cell_len(plain) <= width:
            return [line]
        lead = len(plain) - len(plain.lstrip(" "))
        margin = " " * (lead + self.indent)
        kept = unbroken_spaces(plain, self.names)
        words: list[tuple[int, int]] = []  # start and end of each word
        start = lead
        for index, character in enumerate(plain[lead:], start=lead):
            if character == " " and index not in kept:
                if index > start:
                    words.append((start, index))
                start = index + 1
        if start < len(plain):
            words.append((start, len(plain)))
        pieces: list[Text] = []
        first, last = 0, words[0][1]
        room = width
        for word_start, word_end in words[1:]:
            if cell_len(plain[first:word_end]) <= room:
                last = word_end
                continue
            pieces.append(line[first:last] if not pieces else Text(margin) + line[first:last])
            first, last = word_start, word_end
            room = max(1, width - len(margin))
        pieces.append(line[first:last] if not pieces else Text(margin) + line[first:last])
        return pieces
