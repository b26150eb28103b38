"""Dracula's action encoding, shared by Dracula and Dracula in partnerships.

Player actions:

- ``card * 9 + cell``: play a card into a cell (0 … 485);
- ``ROWS`` / ``COLUMNS``: the choice of direction (486, 487);
- ``TAKE + card``: take a card from the coffin when scoring with cards (two-player
  Dracula only).

Chance outcomes are a card id (the cut and every dealt card), or a seat number
(a random first dealer).

>>> action_text(play_action(24, 4)), parse_action_text("b2 QH") == play_action(24, 4)
('QH b2', True)
"""

from __future__ import annotations

from typing import Final

from parlour.core.cards import format_card, parse_card
from parlour.core.errors import ParseError, shown
from parlour.games._coffin.rules import CELL_NAMES, CELLS, parse_cell

PLAY_ACTIONS: Final = 54 * CELLS
ROWS: Final = PLAY_ACTIONS
COLUMNS: Final = PLAY_ACTIONS + 1
TAKE: Final = PLAY_ACTIONS + 2
NUM_ACTIONS: Final = TAKE + 54


def play_action(card: int, cell: int) -> int:
    """The action of playing ``card`` into ``cell``."""
    return card * CELLS + cell


def played_card(action: int) -> int | None:
    """The card a player action takes from a hand to the table (plays only)."""
    return action // CELLS if 0 <= action < PLAY_ACTIONS else None


def action_text(action: object) -> str:
    """The text of a player action: ``QH b2``, ``rows``, ``columns``, ``take QH``."""
    if type(action) is not int:  # a bool or a float would pass the range tests
        raise ParseError(f"a Dracula action is a whole number, not {shown(action)}")
    if 0 <= action < PLAY_ACTIONS:
        card, cell = divmod(action, CELLS)
        return f"{format_card(card)} {CELL_NAMES[cell]}"
    if action == ROWS:
        return "rows"
    if action == COLUMNS:
        return "columns"
    if TAKE <= action < NUM_ACTIONS:
        return f"take {format_card(action - TAKE)}"
    raise ParseError(
        f"{shown(action)} is not a Dracula action (actions are 0 to {NUM_ACTIONS - 1})"
    )


def parse_action_text(text: str) -> int:
    """Parse ``QH b2`` (or ``b2 QH``), ``rows`` / ``queen``, ``columns`` / ``king``,
    ``take QH``."""
    words = text.strip().split()
    lowered = [word.lower() for word in words]
    if lowered in (["rows"], ["row"], ["queen"], ["queen's", "way"]):
        return ROWS
    if lowered in (["columns"], ["column"], ["king"], ["king's", "way"]):
        return COLUMNS
    if len(words) == 2 and lowered[0] == "take":
        return TAKE + parse_card(words[1])
    if len(words) == 2:
        first, second = words
        try:
            return play_action(parse_card(first), parse_cell(second))
        except ParseError:
            try:
                return play_action(parse_card(second), parse_cell(first))
            except ParseError:
                pass
    raise ParseError(
        f"{text!r} is not a Dracula action; write a card and a cell ('QH b2'), "
        "'rows' or 'columns', or 'take QH'"
    )
