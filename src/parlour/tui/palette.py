"""Colour-vision palettes for cards.

The default keeps red and black apart without colour: red suits outlined
(♡ ♢), black suits solid (♠ ♣), and the rank always written. ``four-colour``
gives each suit its own colour (♠ default, ♡ red, ♢ blue, ♣ green), as in
four-colour decks. ``NO_COLOR`` (https://no-color.org) turns colour off.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TextIO

from parlour.core.cards import is_vampire, parse_card, suit_of
from parlour.core.errors import InvalidOptionError, allowed_list
from parlour.render import Style

PALETTES = ("default", "four-colour")
"""The palette names ``--palette`` accepts."""

_FOUR_COLOURS = (None, "31", "34", "32")
"""ANSI colour of each suit (♠ ♥ ♦ ♣) in the four-colour palette."""


@dataclass(frozen=True)
class TableStyle(Style):
    """A :class:`~parlour.render.Style` with a colour-vision palette."""

    palette: str = "default"
    """``default`` (red and black) or ``four-colour``."""

    def __post_init__(self) -> None:
        if self.palette not in PALETTES:
            raise InvalidOptionError(
                f"unknown palette {self.palette!r}; palettes: {allowed_list(PALETTES)}"
            )

    def card(self, text_or_card: str | int) -> str:
        """A card for display, coloured by the palette."""
        if self.palette != "four-colour" or not self.colour:
            return super().card(text_or_card)
        plain = Style(colour=False, symbols=self.symbols, lang=self.lang).card(text_or_card)
        number = parse_card(text_or_card) if isinstance(text_or_card, str) else text_or_card
        if is_vampire(number):
            return self.paint(plain, "35")
        code = _FOUR_COLOURS[suit_of(number)]
        return self.paint(plain, code) if code else plain


def colour_allowed(stream: TextIO | None = None, *, refused: bool = False) -> bool:
    """Colour unless refused, ``NO_COLOR`` is set, or ``stream`` is not a terminal."""
    if refused or os.environ.get("NO_COLOR"):
        return False
    if stream is not None:
        return bool(hasattr(stream, "isatty") and stream.isatty())
    return True


def make_style(
    *, palette: str = "default", lang: str = "en", colour: bool = True, symbols: bool = True
) -> TableStyle:
    """The style of the table for these settings (``NO_COLOR`` wins over ``colour``)."""
    return TableStyle(
        colour=colour and not os.environ.get("NO_COLOR"),
        symbols=symbols,
        lang=lang,
        palette=palette,
    )
