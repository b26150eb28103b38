"""Text renderers: turn a seat's View into what a person reads in a terminal.

Renderers sit above the rules: they only read a :class:`~parlour.core.game.View`
(its observation and legal actions) and never decide anything. Each game has a
module here named like its game module (``parlour.render.dracula``) with a
function ``render(view: View, style: Style, names: Sequence[str]) -> str``.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TextIO

from parlour.core.cards import is_red, is_vampire, parse_card, rank_of, suit_of
from parlour.core.game import View

SOLID_SUITS = ("♠", "♥", "♦", "♣")
OUTLINED_RED = ("♠", "♡", "♢", "♣")
"""Red suits outlined, black solid: red and black stay distinct without colour."""

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
        """A card for display: ``Q♡`` (red suits outlined, black solid), red in colour."""
        card = parse_card(text_or_card) if isinstance(text_or_card, str) else text_or_card
        if is_vampire(card):
            text = "V" + str(card - 51)
            return self.paint(text, "35") if self.colour else text
        rank = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")[rank_of(card) - 1]
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
    """The ``render`` function of a game, or a generic one showing the observation."""
    module_name = "parlour.render." + game_name.replace("-", "_")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        return render_generic
    render: Renderer = module.render
    return render


def render_generic(view: View, style: Style, names: Sequence[str]) -> str:
    """A plain dump of the observation, for games without a renderer of their own."""
    lines = [f"{key}: {value}" for key, value in view.observation.items()]
    return "\n".join(lines)


def stdout_style() -> Style:
    """The style for standard output."""
    return Style.for_stream(sys.stdout)
