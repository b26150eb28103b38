"""Pieces shared by the coffin games (Dracula, its partnership form, Thracula)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.adapters.tensors import FloatArray, card_id

CELLS = 9
"""Cells of the coffin, ``a1 b1 c1 a2 … c3`` (index = row × 3 + column)."""
LINE_SCALE = 150.0
"""Line values are divided by this (three 10s of one suit, × 5)."""


def neighbours(cell: int) -> list[int]:
    """The cells orthogonally adjacent to ``cell``."""
    row, column = divmod(cell, 3)
    result = []
    for d_row, d_column in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + d_row, column + d_column
        if 0 <= r < 3 and 0 <= c < 3:
            result.append(r * 3 + c)
    return result


def fill_coffin(plane: FloatArray, coffin: Sequence[str | None] | None) -> None:
    """``plane[cell, card] = 1`` for every face-up card of the coffin."""
    for cell, text in enumerate(coffin or ()):
        if text is not None:
            plane[cell, card_id(text)] = 1.0


def fill_open_cells(plane: FloatArray, coffin: Sequence[str | None] | None) -> None:
    """Empty cells next to an occupied one (where the adjacency rule lets a card go)."""
    cells = list(coffin or [None] * CELLS)
    for cell, text in enumerate(cells):
        if text is None and any(cells[other] is not None for other in neighbours(cell)):
            plane[cell] = 1.0


def fill_lines(
    plane: FloatArray, rows: Sequence[Any] | None, columns: Sequence[Any] | None
) -> None:
    """``plane[0]`` row values, ``plane[1]`` column values, scaled (unknown: 0)."""
    for axis, values in enumerate((rows or (), columns or ())):
        for index, value in enumerate(values):
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                plane[axis, index] = float(value) / LINE_SCALE
