"""The coffin: the 3×3 grid of the Dracula family, and the scoring of its lines.

Shared by ``dracula``, ``dracula-partnership`` and ``thracula``: one line-scoring
function with the Vampire rule as a named variation, the tie cascade between two
directions, and the end-of-game bonus.

Cells are numbered 0–8 row by row from the top left; in text a cell is its
column letter and row number, ``a1`` … ``c3`` (so ``b2`` is the centre, cell 4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any, Final

from parlour.core.cards import KING, QUEEN, is_red, rank_of, suit_of
from parlour.core.errors import COMMON_REFUSALS, ParseError, RefusalSentences
from parlour.core.game import Game, State, View
from parlour.core.hidden import sample_by_replay as replay_sample
from parlour.core.sampler import Rng
from parlour.games._coffin.events import (
    CENTRE as CENTRE,
)
from parlour.games._coffin.events import (
    CardPlayedToCell as CardPlayedToCell,
)
from parlour.games._coffin.events import (
    CoffinScored as CoffinScored,
)
from parlour.games._coffin.events import (
    DirectionChosen as DirectionChosen,
)
from parlour.games._coffin.events import (
    EndBonus as EndBonus,
)
from parlour.games._coffin.events import (
    FirstNail as FirstNail,
)

CELLS: Final = 9
CELL_NAMES: Final = ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")
"""Cell texts by index: column letter a–c (left to right), row 1–3 (top to bottom)."""
ROWS: Final = ((0, 1, 2), (3, 4, 5), (6, 7, 8))
COLUMNS: Final = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
EMPTY: Final = -1
"""A coffin cell with no card."""

NEIGHBOURS: Final = tuple(
    sum(
        1 << (r * 3 + c)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
        if 0 <= r < 3 and 0 <= c < 3
    )
    for row in range(3)
    for col in range(3)
)
"""Bit mask of the cells orthogonally adjacent to each cell."""


def _frontier(occupied: int) -> int:
    reach = 0
    for cell in range(CELLS):
        if occupied >> cell & 1:
            reach |= NEIGHBOURS[cell]
    return reach & ~occupied & 0x1FF


FRONTIER: Final = tuple(_frontier(occupied) for occupied in range(512))
"""For each mask of occupied cells: the empty cells orthogonally next to one."""
FRONTIER_CELLS: Final = tuple(
    tuple(cell for cell in range(CELLS) if frontier >> cell & 1) for frontier in FRONTIER
)
"""The same as a tuple of cell numbers, in order (for legal-move loops)."""


class Axis(Enum):
    """A line's direction: a row (the Queen's way) or a column (the King's way)."""

    ROW = "rows"
    COLUMN = "columns"


class VampireRule(Enum):
    """What a Vampire does to its line.

    ``VOID``: the line scores 0 (Dracula, partnerships). The Thracula rules
    double instead: the Vampire counts 0 and the line is worth the other cards'
    value × 2 (× 2 again if those two share a suit); two Vampires in one line
    leave one card worth × 4, × 2 or 0 (``DOUBLE_X4``, ``DOUBLE_X2``,
    ``DOUBLE_ZERO``).
    """

    VOID = "void"
    DOUBLE_X4 = "x4"
    DOUBLE_X2 = "x2"
    DOUBLE_ZERO = "zero"


def parse_cell(text: str) -> int:
    """``b2`` → 4. Raises :class:`ParseError` naming the allowed cells."""
    cleaned = text.strip().lower()
    if cleaned in CELL_NAMES:
        return CELL_NAMES.index(cleaned)
    raise ParseError(
        f"{text!r} is not a coffin cell; cells are a1 b1 c1 / a2 b2 c2 / a3 b3 c3 "
        "(column a–c, row 1–3)"
    )


def card_value(card: int, axis: Axis) -> int:
    """A card's value in a line: A–10 face value, J 0, Q 10 in a row and 0 in a
    column, K 10 in a column and 0 in a row, a Vampire 0."""
    rank = rank_of(card)
    if rank == 0:
        return 0
    if rank <= 10:
        return rank
    if rank == QUEEN:
        return 10 if axis is Axis.ROW else 0
    if rank == KING:
        return 10 if axis is Axis.COLUMN else 0
    return 0  # Jack


_ROW_VALUE: Final = tuple(card_value(card, Axis.ROW) for card in range(54))
_COLUMN_VALUE: Final = tuple(card_value(card, Axis.COLUMN) for card in range(54))
_SUIT: Final = tuple(suit_of(card) for card in range(54))
_RED: Final = tuple(is_red(card) for card in range(54))


def line_value(cards: Sequence[int], axis: Axis, vampires: VampireRule = VampireRule.VOID) -> int:
    """The score of a full line of three cards in the given direction.

    >>> from parlour.core.cards import parse_cards
    >>> line_value(parse_cards("QH 9H 8H"), Axis.ROW)   # ♥♥♥: (10+9+8) × 5
    135
    >>> line_value(parse_cards("QH 9H 8H"), Axis.COLUMN)
    85
    """
    first, second, third = cards
    return _line_score(first, second, third, axis is Axis.ROW, vampires)


def _line_score(first: int, second: int, third: int, row: bool, vampires: VampireRule) -> int:
    """:func:`line_value` on three cards (the hot path: no sequence, no enum lookup
    for a line without a Vampire)."""
    values = _ROW_VALUE if row else _COLUMN_VALUE
    if first < 52 and second < 52 and third < 52:
        total = values[first] + values[second] + values[third]
        suit_1 = _SUIT[first]
        suit_2 = _SUIT[second]
        suit_3 = _SUIT[third]
        if suit_1 == suit_2 and suit_2 == suit_3:
            return total * 5
        if _RED[first] == _RED[second] and _RED[second] == _RED[third]:
            return total * 3
        if suit_2 == suit_1 or suit_2 == suit_3 or suit_1 == suit_3:  # noqa: SIM109 (compiled, a tuple would be built)
            return total * 2
        return total
    if vampires is VampireRule.VOID:
        return 0
    plain = [card for card in (first, second, third) if card < 52]
    if len(plain) == 2:
        total = values[plain[0]] + values[plain[1]]
        same_suit = _SUIT[plain[0]] == _SUIT[plain[1]]
        return total * (2 if same_suit else 1) * 2
    if len(plain) == 1:
        factor = {VampireRule.DOUBLE_X4: 4, VampireRule.DOUBLE_X2: 2}.get(vampires, 0)
        return values[plain[0]] * factor
    return 0


def lines(coffin: Sequence[int], axis: Axis) -> tuple[tuple[int, int, int], ...]:
    """The three rows (or columns) of a full coffin, as card triples."""
    return tuple(
        (coffin[a], coffin[b], coffin[c]) for a, b, c in (ROWS if axis is Axis.ROW else COLUMNS)
    )


def line_values(
    coffin: Sequence[int], axis: Axis, vampires: VampireRule = VampireRule.VOID
) -> tuple[int, int, int]:
    """The values of the three rows (or columns) of a coffin; a line not yet full
    is worth 0 here (see :func:`partial_line_values` for display)."""
    row = axis is Axis.ROW
    cells = list(coffin)
    # A row's cells are 1 apart and rows 3 apart; a column's the other way round.
    along, across = (1, 3) if row else (3, 1)
    values = [0, 0, 0]
    for line in range(3):
        first = cells[line * across]
        second = cells[line * across + along]
        third = cells[line * across + 2 * along]
        if first != EMPTY and second != EMPTY and third != EMPTY:
            values[line] = _line_score(first, second, third, row, vampires)
    return values[0], values[1], values[2]


def partial_line_values(
    coffin: Sequence[int], axis: Axis, vampires: VampireRule = VampireRule.VOID
) -> list[int | None]:
    """Each row's (or column's) value, or None while the line is not full."""
    return [
        None if EMPTY in triple else line_value(triple, axis, vampires)
        for triple in lines(coffin, axis)
    ]


def cascade(queen_lines: Sequence[int], king_lines: Sequence[int]) -> tuple[int, int, int]:
    """The tie cascade between the two directions.

    Each side's lines are sorted high to low; the first level at which the two
    differ is the one both score; if all three levels are equal, both score their
    third line. Returns ``(queen_score, king_score, level)`` with level 1–3.

    >>> cascade([30, 20, 10], [30, 25, 0])
    (20, 25, 2)
    """
    queen = _high_to_low(queen_lines[0], queen_lines[1], queen_lines[2])
    king = _high_to_low(king_lines[0], king_lines[1], king_lines[2])
    for level in range(2):
        if queen[level] != king[level]:
            return queen[level], king[level], level + 1
    return queen[2], king[2], 3


def _high_to_low(first: int, second: int, third: int) -> list[int]:
    """Three numbers sorted high to low (without a general sort's overhead)."""
    if first < second:
        first, second = second, first
    if second < third:
        second, third = third, second
        if first < second:
            first, second = second, first
    return [first, second, third]


def score_coffin(
    coffin: Sequence[int], queen_side: int
) -> tuple[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]], str]:
    """Score a full coffin between side ``queen_side`` (rows) and the other
    (columns), with the tie cascade.

    Returns, indexed by side 0 and 1: the line each side scores, the three lines
    each side made in its direction; and a note for the score sheet.
    """
    rows = line_values(coffin, Axis.ROW)
    columns = line_values(coffin, Axis.COLUMN)
    queen_score, king_score, level = cascade(rows, columns)
    note = f"rows {rows[0]}/{rows[1]}/{rows[2]}, columns {columns[0]}/{columns[1]}/{columns[2]}"
    if level > 1:
        note += f"; best lines tied, level {level} scored"
    if queen_side == 0:
        return (queen_score, king_score), (rows, columns), note
    return (king_score, queen_score), (columns, rows), note


def end_bonus(totals: Sequence[int], lines_per_side: Sequence[Sequence[int]]) -> tuple[int, int]:
    """The end-of-game bonus between two sides: ``(side, bonus)``, side −1 for none.

    The higher total adds the difference. On equal totals each side's lines
    (whichever list the ``tie_bonus_basis`` option picks) are sorted high to low
    and compared element by element: the first difference decides, and the bonus
    is that side's highest line. Identical lists: no bonus.

    >>> end_bonus([245, 272], [[], []])
    (1, 27)
    """
    first, second = totals
    if first != second:
        winner = 0 if first > second else 1
        return winner, abs(first - second)
    mine = sorted(lines_per_side[0], reverse=True)
    theirs = sorted(lines_per_side[1], reverse=True)
    for a, b in zip(mine, theirs, strict=False):
        if a != b:
            winner = 0 if a > b else 1
            return winner, (mine if winner == 0 else theirs)[0]
    return -1, 0


# ----- events shared by the Dracula family -------------------------------------


def coffin_scored(
    game: int,
    deal: int,
    number: int,
    coffin: Sequence[int],
    queen_side: int,
    seat_sides: Sequence[int],
    side_scores: Sequence[int],
    side_totals: Sequence[int],
) -> CoffinScored:
    """The :class:`CoffinScored` event of a two-sided coffin (two-player or
    partnership Dracula): the scores and totals are by side, and ``seat_sides``
    gives each seat's side (empty: leave the totals out, when they are not points)."""
    rows = line_values(coffin, Axis.ROW)
    columns = line_values(coffin, Axis.COLUMN)
    level = cascade(rows, columns)[2] if queen_side >= 0 else 1
    sides = seat_sides or (0, 1)
    directions = tuple(
        Axis.ROW.value if side == queen_side else Axis.COLUMN.value for side in sides
    )
    return CoffinScored(
        game=game,
        deal=deal,
        number=number,
        cards=tuple(coffin),
        rows=rows,
        columns=columns,
        scores=tuple(side_scores[side] for side in seat_sides or (0, 1)),
        totals=tuple(side_totals[side] for side in seat_sides),
        level=level,
        directions=directions if queen_side >= 0 else (),
    )


def sample_by_replay(
    game: Game[Any], view: View, rng: Rng, played_card: Callable[[int], int | None]
) -> State:
    """A state consistent with ``view``, for games where every hidden card is a
    card dealt to another hand (or still in the stock) and play reveals nothing
    but the cards played: :func:`parlour.core.hidden.sample_by_replay` with the
    family's ``played_card``. (Each seat's k-th hidden card is its k-th card
    played: true of two-player Dracula, where each deal's four cards are all
    played in that deal; not of the partnership game, whose hands last six
    coffins and four shuffles.)
    """
    return replay_sample(game, view, rng, played_card=played_card)


COFFIN_REFUSALS: RefusalSentences = {
    **COMMON_REFUSALS,
    "choose_direction": (
        "the first dealer must choose 'rows' (Queen's way) or 'columns' (King's way)",
        "le premier donneur doit choisir « rows » (lignes, la voie de la Dame) ou « columns » "
        "(colonnes, la voie du Roi)",
    ),
    "choose_direction_side": (
        "the first dealer must choose 'rows' (Queen's way) or 'columns' (King's way) for his side",
        "le premier donneur doit choisir « rows » (lignes, la voie de la Dame) ou « columns » "
        "(colonnes, la voie du Roi) pour son camp",
    ),
    "play_into_cell": (
        "play a card into a cell, e.g. 'QH b2'",
        "jouez une carte dans une case, par exemple « QH b2 »",
    ),
    "not_in_hand": ("{card} is not in your hand", "vous n'avez pas {card} en main"),
    "cell_taken": ("{cell} already holds a card", "{cell} porte déjà une carte"),
    "not_adjacent": (
        "{cell} is not next to a card in the coffin (side by side, not corner to corner)",
        "{cell} ne touche aucune carte du cercueil (côte à côte, pas en coin)",
    ),
    "first_in_centre": (
        "the first card of each coffin goes in the centre, b2",
        "la première carte de chaque cercueil va au centre, b2",
    ),
    "take_more": (
        "seat {seat} must take {count} more card(s) from the coffin",
        "la place {seat} doit encore prendre {count} carte(s) du cercueil",
    ),
    "not_in_coffin": ("{card} is not in the coffin", "{card} n'est pas dans le cercueil"),
    "vampire_best": (
        "a Vampire may be taken only if your best line counts 90 or more (yours counts {count})",
        "un Vampire ne se prend que si votre meilleure ligne vaut 90 ou plus (la vôtre vaut "
        "{count})",
    ),
    "vampire_scored": (
        "a Vampire may be taken only if your scored line counts 90 or more (yours counts {count})",
        "un Vampire ne se prend que si votre ligne comptée vaut 90 ou plus (la vôtre vaut {count})",
    ),
    "already_taken": ("{card} has already been taken", "{card} a déjà été prise"),
    "take_face_down": (
        "first take a face-down card from the coffin, e.g. 'take a1'",
        "prenez d'abord une carte face cachée du cercueil, par exemple « take a1 »",
    ),
    "not_face_down": ("{cell} is not face down", "{cell} n'est pas face cachée"),
    "put_a_card": (
        "now put a card from your hand into {cell}, e.g. 'put QH'",
        "posez maintenant une carte de votre main en {cell}, par exemple « put QH »",
    ),
}
"""Why a move of a coffin game is refused, in English and French (the family's
refusals, and the ones every game shares)."""
