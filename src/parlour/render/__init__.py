"""Text renderers: turn a seat's View into what a person reads in a terminal.

Renderers sit above the rules: they only read a :class:`~parlour.core.game.View`
(its observation and legal actions) and never decide anything. Each game's
``text`` part (``parlour.games.<game>.text``, declared in its
:class:`~parlour.core.parts.GameParts`) has a function
``render(view: View, style: Style, names: Sequence[str]) -> str``; this package
holds what they share (the style of cards, fitting a table to a screen, and
:mod:`parlour.render.narration` for sentences).

A renderer may also take the keywords ``width`` and ``height``: the room a
screen has for the table. With them it draws a compact table that fits (the
essentials first: the hand, what is on the table, whose turn; the history and
past scores only if there is room). Without them it draws the whole table, as
the line mode prints it. :func:`render_fitted` passes the room to a renderer
that takes it.
"""

from __future__ import annotations

import inspect
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TextIO, cast

from parlour.core.cards import is_red, is_vampire, parse_card, rank_of, suit_of
from parlour.core.game import View
from parlour.core.registry import game_parts

SOLID_SUITS = ("♠", "♥", "♦", "♣")
OUTLINED_RED = ("♠", "♡", "♢", "♣")
"""Red suits outlined, black solid: red and black stay distinct without colour."""

ENGLISH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FRENCH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R")
"""Valet, dame, roi: the court letters a French table shows (and input accepts)."""

Renderer = Callable[[View, "Style", Sequence[str]], str]


@dataclass(frozen=True)
class Style:
    """How to draw cards: with ANSI colour or not, and which suit symbols."""

    colour: bool = False
    symbols: bool = True
    lang: str = "en"
    """Language of the table: ``en`` or ``fr``."""

    @classmethod
    def for_stream(cls, stream: TextIO) -> Style:
        """Colour only on a terminal and when ``NO_COLOR`` is not set."""
        colour = hasattr(stream, "isatty") and stream.isatty() and not os.environ.get("NO_COLOR")
        return cls(colour=bool(colour))

    def card(self, text_or_card: str | int) -> str:
        """A card for display: ``Q♡`` (red suits outlined, black solid), red in
        colour; a French table writes the courts V D R (``D♡``)."""
        card = parse_card(text_or_card) if isinstance(text_or_card, str) else text_or_card
        if is_vampire(card):
            text = "V" + str(card - 51)
            return self.paint(text, "35") if self.colour else text
        ranks = FRENCH_RANKS if self.lang == "fr" else ENGLISH_RANKS
        rank = ranks[rank_of(card) - 1]
        suit = OUTLINED_RED[suit_of(card)] if self.symbols else "SHDC"[suit_of(card)]
        text = rank + suit
        if self.colour and is_red(card):
            return self.paint(text, "31")
        return text

    def cards(self, cards: Sequence[str | int]) -> str:
        """Several cards separated by spaces."""
        return " ".join(self.card(card) for card in cards)

    def bold(self, text: str) -> str:
        """Bold text (plain without colour)."""
        return self.paint(text, "1") if self.colour else text

    def dim(self, text: str) -> str:
        """Faint text (plain without colour)."""
        return self.paint(text, "2") if self.colour else text

    @staticmethod
    def paint(text: str, code: str) -> str:
        """Wrap ``text`` in an ANSI SGR code."""
        return f"\x1b[{code}m{text}\x1b[0m"


HEADING_SEPARATOR = " · "
"""What separates the parts of a table's heading line (the title, the deal, the
dealer, …), in every game and language: declared here, once."""


def heading(parts: Sequence[str]) -> str:
    """A table's heading line: its parts joined by :data:`HEADING_SEPARATOR`
    (empty parts left out).

    >>> heading(["Nain Jaune", "deal 2", "", "dealer: Ann"])
    'Nain Jaune · deal 2 · dealer: Ann'
    """
    return HEADING_SEPARATOR.join(part for part in parts if part)


def visible_width(text: str) -> int:
    """Width of ``text`` on screen, ignoring ANSI colour codes."""
    width = 0
    skipping = False
    for char in text:
        if char == "\x1b":
            skipping = True
        elif skipping:
            if char == "m":
                skipping = False
        else:
            width += 1
    return width


def pad(text: str, width: int) -> str:
    """Left-justify ``text`` to ``width`` screen columns."""
    return text + " " * max(0, width - visible_width(text))


def renderer_for(game_name: str) -> Renderer:
    """The ``render`` function of a game's text part, or a generic one showing the
    observation for a game without a text part."""
    render = game_parts(game_name).attribute("text", "render")
    return render_generic if render is None else cast(Renderer, render)


def render_fitted(
    render: Renderer,
    view: View,
    style: Style,
    names: Sequence[str],
    *,
    width: int | None = None,
    height: int | None = None,
) -> str:
    """``render`` told the room it has (``width`` columns, ``height`` rows) if it
    takes the keywords, else drawn in full."""
    try:
        parameters = inspect.signature(render).parameters
    except (TypeError, ValueError):
        parameters = {}  # type: ignore[assignment]
    if "width" in parameters and "height" in parameters:
        fitted: str = render(view, style, names, width=width, height=height)  # type: ignore[call-arg]
        return fitted
    return render(view, style, names)


Block = tuple[int, list[str]]
"""Lines of a table with a priority: 0 must stay; higher numbers go first when
the table is too tall for its room."""


def rows_needed(lines: Sequence[str], width: int | None) -> int:
    """Screen rows ``lines`` take when each is wrapped at ``width`` columns."""
    if width is None:
        return len(lines)
    return sum(max(1, -(-visible_width(line) // max(1, width))) for line in lines)


def fit_blocks(blocks: Sequence[Block], height: int | None, width: int | None = None) -> str:
    """The lines of ``blocks`` in their order, leaving out the blocks of highest
    priority number until they fit in ``height`` rows of ``width`` columns (all
    of them without a height). Blocks of priority 0 always stay."""
    kept = list(blocks)

    def rows() -> int:
        return sum(rows_needed(lines, width) for _, lines in kept)

    if height is not None:
        for priority in sorted({level for level, _ in blocks if level > 0}, reverse=True):
            if rows() <= height:
                break
            # Drop the last block of this priority first, then the earlier ones.
            for index in range(len(kept) - 1, -1, -1):
                if kept[index][0] == priority:
                    del kept[index]
                    if rows() <= height:
                        break
    lines = [line for _, block in kept for line in block]
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines)


def wrap_words(prefix: str, items: Sequence[str], width: int | None, indent: int = 2) -> list[str]:
    """``prefix`` followed by ``items`` separated by spaces, broken into lines of
    at most ``width`` screen columns (one line without a width)."""
    if width is None:
        return [" ".join([prefix, *items]) if prefix else " ".join(items)]
    lines: list[str] = []
    line = prefix
    for item in items:
        candidate = f"{line} {item}" if line else item
        if line and visible_width(candidate) > width:
            lines.append(line)
            line = " " * indent + item
        else:
            line = candidate
    lines.append(line)
    return lines


def render_generic(
    view: View,
    style: Style,
    names: Sequence[str],
    *,
    width: int | None = None,
    height: int | None = None,
) -> str:
    """A plain dump of the observation, for games without a renderer of their own."""
    lines = [f"{key}: {value}" for key, value in view.observation.items()]
    return "\n".join(lines)


def stdout_style() -> Style:
    """The style for standard output."""
    return Style.for_stream(sys.stdout)
