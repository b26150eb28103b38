"""A game at a table, shared by every interface (terminal, line mode, web).

No UI and no third-party library here: a :class:`Table` holds the match and its
seats (people and bots), takes every move through :meth:`Table.submit`, keeps
the undo policy, gives hints, and writes each accepted move to a
:class:`TableStore` (:class:`SqliteTableStore` by default) before announcing it.
"""

from __future__ import annotations

from parlour.table.errors import (
    DamagedSaveError,
    IllegalMoveError,
    NotYourTurnError,
    StaleVersionError,
    TableError,
    TableNotFoundError,
    UndoRefusedError,
)
from parlour.table.hints import Hint, explain_choice, hint_bot_kind, hint_for
from parlour.table.pages import options_text, rules_text
from parlour.table.store import MemoryTableStore, SqliteTableStore, TableStore
from parlour.table.table import PlayedMove, Seat, SeatSpec, Table, moves_of

__all__ = [
    "DamagedSaveError",
    "Hint",
    "IllegalMoveError",
    "MemoryTableStore",
    "NotYourTurnError",
    "PlayedMove",
    "Seat",
    "SeatSpec",
    "SqliteTableStore",
    "StaleVersionError",
    "Table",
    "TableError",
    "TableNotFoundError",
    "TableStore",
    "UndoRefusedError",
    "explain_choice",
    "hint_bot_kind",
    "hint_for",
    "moves_of",
    "options_text",
    "rules_text",
]
