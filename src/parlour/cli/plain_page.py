"""A game's pages as plain text, for the line mode and ``parlour rules``.

The pages (a game's ``pages/howto.<lang>.md`` and ``pages/reference.md``) are
Markdown; the full-screen table shows them with Textual's Markdown widget, but
the line mode needs no library, so it reads the part of Markdown the pages use
here: headings, paragraphs, lists (``-`` and ``1.``, nested by indentation),
fenced blocks (the drawings, kept line for line), tables, and inline code,
bold, italics, links and backslash escapes. Anything else is left as written.

Headings are set apart (each underlined, the page's title with ``=``),
paragraphs and list items are wrapped to the width asked, a table's columns
are fitted to it (a cell wrapped within its column), and what the person types
(inline code) is quoted as the terminal quotes it: ``'moves'`` in English,
« coups » in French.

>>> print(plain_page("# Casino\\n\\n## A turn\\n\\nType `moves`, **then** a *move*."), end="")
Casino
======
<BLANKLINE>
A turn
------
<BLANKLINE>
Type 'moves', then a move.
"""

from __future__ import annotations

import re
import shutil
import sys
import textwrap
from collections.abc import Iterator, Sequence

DEFAULT_WIDTH = 79
"""The width a page is wrapped to when the terminal's is not known (80 columns,
one left free so that no line touches the edge)."""

UNDERLINES = {1: "=", 2: "-"}
"""The character under a heading of each level (deeper levels: ``~``)."""

COLUMN_GAP = "  "
"""Between two columns of a table."""

_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)(?:\s+#+)?\s*$")
_ITEM = re.compile(r"^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$")
_TABLE_ROW = re.compile(r"^\s*\|")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")
_CODE_SPAN = re.compile(r"(`+)(.+?)\1")
_ESCAPED = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>~])")
_LINK = re.compile(r"!?\[([^\]]*)\]\(([^)\s]*)(?:\s+\"[^\"]*\")?\)")
_STRONG = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_EMPHASIS_STAR = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])")
_EMPHASIS_UNDERSCORE = re.compile(r"(?<![\w_])_(?=[^\s_])(.+?)(?<=[^\s_])_(?![\w_])")
_HARD_BREAK = "\n"
_QUOTED = re.compile(r"«[^»\n]*»")
_UNBROKEN = "\x01"
"""Stands for a space a wrap must not break (inside « »)."""

_HIDDEN_START = 0xE000
"""Private-use characters stand for escaped marks and code while emphasis is read."""


def screen_width() -> int:
    """The width to wrap a page to: the terminal's (one column left free),
    at most :data:`DEFAULT_WIDTH`, whose lines read best; piped output gets
    :data:`DEFAULT_WIDTH`."""
    if not sys.stdout.isatty():
        return DEFAULT_WIDTH
    return min(DEFAULT_WIDTH, shutil.get_terminal_size((80, 24)).columns - 1)


def plain_page(markdown: str, *, width: int = DEFAULT_WIDTH, lang: str = "en") -> str:
    """``markdown`` (a game's page) as plain text at most ``width`` columns
    wide (only a word wider than that is left whole), what is typed quoted as
    in ``lang`` (the typography of ``lang`` is the printer's, as for every
    terminal sentence: :func:`parlour.i18n.typeset`)."""
    width = max(20, width)
    blocks = _blocks(markdown.splitlines(), width, lang)
    return "\n\n".join(blocks).rstrip("\n") + "\n"


def _blocks(lines: Sequence[str], width: int, lang: str) -> Iterator[str]:
    """The page's blocks, each as plain text."""
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.strip():
            index += 1
            continue
        if _FENCE.match(line):
            end = index + 1
            while end < len(lines) and not _FENCE.match(lines[end]):
                end += 1
            yield _drawing(lines[index + 1 : end], width)
            index = end + 1
            continue
        heading = _HEADING.match(line)
        if heading:
            yield _heading(len(heading.group(1)), inline(heading.group(2), lang))
            index += 1
            continue
        end = index + 1
        if _TABLE_ROW.match(line):
            while end < len(lines) and _TABLE_ROW.match(lines[end]):
                end += 1
            yield _table(lines[index:end], width)
            index = end
            continue
        listed = bool(_ITEM.match(line))
        # A list's item goes on over the lines after it (and the next item);
        # a paragraph ends where an item begins (as CommonMark reads them).
        while (
            end < len(lines)
            and lines[end].strip()
            and not _starts_block(lines[end])
            and (listed or not _ITEM.match(lines[end]))
        ):
            end += 1
        if listed:
            yield _list(lines[index:end], width, lang)
        else:
            yield _paragraph(lines[index:end], width, lang)
        index = end


def _starts_block(line: str) -> bool:
    """Whether ``line`` begins a fenced block, a heading or a table."""
    return bool(_FENCE.match(line) or _HEADING.match(line) or _TABLE_ROW.match(line))


def _heading(level: int, text: str) -> str:
    """A heading on its own line, underlined (the page's title with ``=``)."""
    return text + "\n" + UNDERLINES.get(level, "~") * len(text)


def _drawing(lines: Sequence[str], width: int) -> str:
    """A fenced block line for line, indented two columns when it still fits;
    a line wider than ``width`` is cut between words (as the line mode cuts
    any line wider than the screen), never by the terminal inside a word."""
    kept = [line.rstrip() for line in lines]
    margin = "  " if all(len(line) + 2 <= width for line in kept) else ""
    return fitted_lines("\n".join(margin + line if line else "" for line in kept), width, 2)


def fitted_lines(text: str, width: int = DEFAULT_WIDTH, further: int = 0) -> str:
    """Text laid out already (a drawing, the options' list) with each line
    wider than ``width`` cut between words, the rest under the line's own
    indentation and ``further`` columns more.

    >>> print(fitted_lines("  name = a | b\\n      what it does, said at length", 20))
      name = a | b
          what it does,
          said at length
    """
    shown = []
    for line in text.split("\n"):
        if len(line) <= width:
            shown.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")) + further)
        # What is typed, in « », stays on one line.
        kept = _QUOTED.sub(lambda found: found.group(0).replace(" ", _UNBROKEN), line)
        shown.extend(
            part.replace(_UNBROKEN, " ")
            for part in textwrap.wrap(
                kept,
                width=width,
                subsequent_indent=indent,
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
    return "\n".join(shown)


def _paragraph(lines: Sequence[str], width: int, lang: str) -> str:
    """Lines joined into one paragraph (a hard break kept) and wrapped."""
    return "\n".join(_wrapped(inline(_joined(lines), lang), width))


def _joined(lines: Sequence[str]) -> str:
    """Markdown lines of one paragraph or item as one text: a line ending in
    two spaces or a backslash keeps its break."""
    parts = []
    for line in lines:
        if line.endswith("  ") or (line.endswith("\\") and not line.endswith("\\\\")):
            parts.append(line.rstrip(" \\").strip() + _HARD_BREAK)
        else:
            parts.append(line.strip() + " ")
    return "".join(parts).strip()


def _wrapped(text: str, width: int, first: str = "", later: str = "") -> list[str]:
    """``text`` cut between words into lines of ``width`` columns at most, the
    first behind ``first``, the others behind ``later`` (a hard break kept)."""
    lines: list[str] = []
    for number, piece in enumerate(text.split(_HARD_BREAK)):
        lines.extend(
            textwrap.wrap(
                piece,
                width=width,
                initial_indent=first if number == 0 else later,
                subsequent_indent=later,
                break_long_words=False,
                break_on_hyphens=False,
            )
            or [first if number == 0 else later]
        )
    return lines


def _list(lines: Sequence[str], width: int, lang: str) -> str:
    """List items, each wrapped under its own text; an item indented further is
    nested (its bullet two columns further in)."""
    items: list[tuple[int, str, list[str]]] = []  # depth, bullet, lines
    indents: list[int] = []
    for line in lines:
        found = _ITEM.match(line)
        if found is None:
            if items:
                items[-1][2].append(line)
            continue
        indent = len(found.group(1).expandtabs(4))
        while indents and indent < indents[-1]:
            indents.pop()
        if not indents or indent > indents[-1] + 1:
            indents.append(indent)
        bullet = "-" if found.group(2) in "-*+" else found.group(2)
        items.append((len(indents) - 1, bullet, [found.group(3)]))
    shown = []
    for depth, bullet, item_lines in items:
        first = "  " * depth + bullet + " "
        shown.extend(_wrapped(inline(_joined(item_lines), lang), width, first, " " * len(first)))
    return "\n".join(shown)


def _table(lines: Sequence[str], width: int) -> str:
    """A table's rows in columns fitted to ``width`` (a cell wraps within its
    column), the header underlined; a table too wide for that is told row by
    row, each cell under its column's name."""
    written = [_cells(line) for line in lines if not _TABLE_RULE.match(line)]
    rule = next((_cells(line) for line in lines if _TABLE_RULE.match(line)), [])
    right = [cell.endswith(":") and not cell.startswith(":") for cell in rule]
    columns = max(len(row) for row in written)
    rows = [[inline(cell, quote=False) for cell in row] for row in written]
    rows = [row + [""] * (columns - len(row)) for row in rows]
    widths = _fitted_widths(rows, width - len(COLUMN_GAP) * (columns - 1))
    if widths is None:
        return _table_as_records(rows, width)
    shown = []
    for number, row in enumerate(rows):
        wrapped = [
            textwrap.wrap(cell, column, break_long_words=False, break_on_hyphens=False) or [""]
            for cell, column in zip(row, widths, strict=True)
        ]
        for line_number in range(max(len(cell) for cell in wrapped)):
            parts = []
            for column, (cell, column_width) in enumerate(zip(wrapped, widths, strict=True)):
                text = cell[line_number] if line_number < len(cell) else ""
                aligned = column < len(right) and right[column]
                parts.append(text.rjust(column_width) if aligned else text.ljust(column_width))
            shown.append(COLUMN_GAP.join(parts).rstrip())
        if number == 0 and len(rows) > 1:
            shown.append(COLUMN_GAP.join("-" * column_width for column_width in widths))
    return "\n".join(shown)


def _cells(line: str) -> list[str]:
    """The cells of a table row (``\\|`` is a bar inside a cell)."""
    text = line.strip()
    text = text[1:] if text.startswith("|") else text
    text = text[:-1] if text.endswith("|") and not text.endswith("\\|") else text
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", text)]


def _fitted_widths(rows: Sequence[Sequence[str]], room: int) -> list[int] | None:
    """Each column's width so that the table fits ``room`` columns, the widest
    narrowed first but never under its longest word; None if it cannot fit."""
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    floors = [
        max((len(word) for row in rows for word in row[column].split()), default=0)
        for column in range(len(widths))
    ]
    while sum(widths) > room:
        narrowable = [column for column, shown in enumerate(widths) if shown > floors[column]]
        if not narrowable:
            return None
        widest = max(narrowable, key=lambda column: widths[column])
        widths[widest] -= 1
    return widths


def _table_as_records(rows: Sequence[Sequence[str]], width: int) -> str:
    """A table too wide for the screen: each row an item, each of its cells on
    a line behind its column's name."""
    header, *body = rows
    shown = []
    for row in body:
        shown.extend(_wrapped(row[0], width, "- ", "  "))
        for name, cell in zip(header[1:], row[1:], strict=True):
            if cell:
                shown.extend(_wrapped(f"{name}: {cell}", width, "    ", "      "))
    return "\n".join(shown)


def inline(text: str, lang: str = "en", *, quote: bool = True) -> str:
    """Markdown's inline marks read: code quoted as the terminal quotes what is
    typed (``quote``; bare in a table's cells), bold and italics as plain
    words, a link as its text (and its address when it leads to the web),
    backslash escapes as the character.

    >>> inline("Type `7H take 3S+4D` (cards joined by `+`), **not** *this*\\\\*.")
    "Type '7H take 3S+4D' (cards joined by '+'), not this*."
    >>> inline("le `must_take_all`", "fr")
    'le « must_take_all »'
    """
    hidden: list[str] = []

    def hide(shown: str) -> str:
        hidden.append(shown)
        return chr(_HIDDEN_START + len(hidden) - 1)

    def code(found: re.Match[str]) -> str:
        content = found.group(2)
        if content.startswith(" ") and content.endswith(" ") and content.strip():
            content = content[1:-1]  # CommonMark: one space each side is padding
        if not quote:
            return hide(content)
        return hide(f"« {content} »" if lang == "fr" else f"'{content}'")

    def link(found: re.Match[str]) -> str:
        address = found.group(2)
        return found.group(1) + (f" ({address})" if address.startswith("http") else "")

    text = _CODE_SPAN.sub(code, text)
    text = _ESCAPED.sub(lambda found: hide(found.group(1)), text)
    text = _LINK.sub(link, text)
    text = _STRONG.sub(r"\2", text)
    text = _EMPHASIS_STAR.sub(r"\1", text)
    text = _EMPHASIS_UNDERSCORE.sub(r"\1", text)
    for number in range(len(hidden) - 1, -1, -1):
        text = text.replace(chr(_HIDDEN_START + number), hidden[number])
    return text
