"""Estimates of coffin lines shared by the Dracula-family heuristics, and the
Dracula choices shared by two-player Dracula and Dracula in partnerships.

A full line scores exactly (``line_value``). A line still being built is
estimated as what its cards already count plus an average card (4 points) for
each empty cell, times a multiplier the cards so far still allow: two of one
suit ×2.5 (they may become ×5), two of one colour ×1.6, one card ×1.4, empty
×1.3. A line holding a Vampire is worth 0 under the voiding rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from parlour.bots.heuristics import best_of
from parlour.core.cards import is_red, parse_card, rank_of, suit_of
from parlour.core.sampler import Rng
from parlour.games._coffin import _dracula_actions as dracula_actions
from parlour.games._coffin.rules import (
    CELLS,
    COLUMNS,
    EMPTY,
    ROWS,
    Axis,
    VampireRule,
    card_value,
    line_value,
)

AVERAGE_CARD: Final = 4.0
_ROW_VALUES: Final = tuple(card_value(card, Axis.ROW) for card in range(54))
_COLUMN_VALUES: Final = tuple(card_value(card, Axis.COLUMN) for card in range(54))


def parse_coffin(cells: Sequence[str | None]) -> list[int]:
    """The coffin of an observation as card ids (``EMPTY`` for an empty cell)."""
    return [EMPTY if text is None else parse_card(text) for text in cells]


def estimate_line(
    cards: Sequence[int], axis: Axis, vampires: VampireRule = VampireRule.VOID
) -> float:
    """The estimated final value of one line (see the module docstring)."""
    if EMPTY not in cards:
        return float(line_value(cards, axis, vampires))
    present = [card for card in cards if card != EMPTY]
    factor = 1.0
    if any(card >= 52 for card in present):
        if vampires is VampireRule.VOID:
            return 0.0
        factor = 2.0
        present = [card for card in present if card < 52]
    values = _ROW_VALUES if axis is Axis.ROW else _COLUMN_VALUES
    empty = 3 - len(present) - (0 if factor == 1.0 else 1)
    total = sum(values[card] for card in present) + AVERAGE_CARD * empty
    if len(present) >= 2:
        if suit_of(present[0]) == suit_of(present[1]):
            factor *= 2.5
        elif is_red(present[0]) == is_red(present[1]):
            factor *= 1.6
        else:
            factor *= 1.1
    elif len(present) == 1:
        factor *= 1.4
    else:
        factor *= 1.3
    return total * factor


def line_estimates(
    coffin: Sequence[int], axis: Axis, vampires: VampireRule = VampireRule.VOID
) -> list[float]:
    """The estimates of the three rows (or columns)."""
    triples = ROWS if axis is Axis.ROW else COLUMNS
    return [estimate_line([coffin[a], coffin[b], coffin[c]], axis, vampires) for a, b, c in triples]


def side_balance(coffin: Sequence[int], mine: Axis) -> float:
    """My best line against the opponents' best (what the cascade compares first),
    with a little weight on the second lines."""
    theirs = Axis.COLUMN if mine is Axis.ROW else Axis.ROW
    my_lines = sorted(line_estimates(coffin, mine), reverse=True)
    their_lines = sorted(line_estimates(coffin, theirs), reverse=True)
    return my_lines[0] - their_lines[0] + 0.2 * (my_lines[1] - their_lines[1])


# ----- Dracula, for two and in partnerships ----------------------------------------

QUEEN: Final = 12
KING: Final = 13


def choose_direction(hand: Sequence[str]) -> int:
    """Dracula's choice of direction: ``ROWS`` if the hand has at least as many
    Queens as Kings, else ``COLUMNS``."""
    ranks = [rank_of(parse_card(card)) for card in hand]
    return (
        dracula_actions.ROWS if ranks.count(QUEEN) >= ranks.count(KING) else dracula_actions.COLUMNS
    )


def choose_play(
    coffin_cells: Sequence[str | None], mine: Axis, legal_actions: Sequence[int], rng: Rng
) -> int:
    """The Dracula placement with the best line balance for the side scoring ``mine``
    (``legal_actions`` are plays of a card into a cell)."""
    coffin = parse_coffin(coffin_cells)

    def score(action: int) -> float:
        card, cell = divmod(action, CELLS)
        coffin[cell] = card
        value = side_balance(coffin, mine)
        coffin[cell] = -1
        return value

    return best_of(legal_actions, score, rng)


# ----- the floor of sense of the coffin games ----------------------------------------


def gives_suited_line(
    coffin: Sequence[int], cell: int, card: int, lines: Sequence[tuple[Sequence[int], Axis]]
) -> bool:
    """True when ``card`` put in ``cell`` completes one of ``lines`` (cells and
    the axis they score on) as three cards of one suit worth something: the
    line's ×5, handed to whoever scores it."""
    for cells, axis in lines:
        if cell not in cells:
            continue
        cards = [card if other == cell else coffin[other] for other in cells]
        if EMPTY in cards or any(other >= 52 for other in cards):
            continue
        if len({suit_of(other) for other in cards}) == 1 and line_value(cards, axis) > 0:
            return True
    return False


def axis_lines(axis: Axis) -> list[tuple[Sequence[int], Axis]]:
    """The three lines scored along ``axis``, with their axis."""
    return [(cells, axis) for cells in (ROWS if axis is Axis.ROW else COLUMNS)]


def without_gifts(
    coffin_cells: Sequence[str | None],
    theirs: Sequence[tuple[Sequence[int], Axis]],
    legal_actions: Sequence[int],
) -> list[int]:
    """The plays of ``legal_actions`` (card into cell) that hand no line of
    ``theirs`` a three of one suit (unless the play makes one of the player's own
    lines three of one suit too); the others (directions, takes) are kept."""
    coffin = parse_coffin(coffin_cells)
    theirs_axes = {axis for _, axis in theirs}
    mine = [axis_lines(axis) for axis in (Axis.ROW, Axis.COLUMN) if axis not in theirs_axes]
    own = [line for lines in mine for line in lines]
    kept = []
    for action in legal_actions:
        if action < dracula_actions.PLAY_ACTIONS:
            card, cell = divmod(action, CELLS)
            # A play that makes a suited line of one's own as well is no gift.
            if gives_suited_line(coffin, cell, card, theirs) and not gives_suited_line(
                coffin, cell, card, own
            ):
                continue
        kept.append(action)
    return kept
