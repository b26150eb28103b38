"""What the server puts right when it starts, before it serves anyone.

A move is stored before it is announced, and the seat book learns that a table's
game is over only when that last move is announced (``Hub.announce``). A
process killed in between (``kill -9``, a power cut, an out-of-memory kill)
leaves a table whose stored moves end the game but which the book still holds
unfinished: the lobby would list it for ever and the sweeper, which deletes only
finished tables, would never remove it. :func:`finish_stored_tables` repairs
that at start.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from parlour.table.errors import TableError, TableNotFoundError
from parlour.table.store import now_text
from parlour.table.table import Table

if TYPE_CHECKING:
    from parlour.table.store import TableStore
    from parlour.web.seats import SeatBook

log = logging.getLogger("parlour.web")


def finish_stored_tables(store: TableStore, book: SeatBook) -> list[str]:
    """Mark finished, in the seat book (and in the store if needed), every table
    the book holds unfinished whose stored moves end the game; return their ids.

    The store is asked first, in one query: a table it already marks finished
    (``Table`` marks it right after storing the last move) needs only the book's
    mark. Only a table unfinished in both (the process stopped between storing
    the last move and marking it) is opened, its moves replayed, to learn
    whether the game is over (a table with no move is not). A table that cannot
    be opened is left as it is, with a warning. Safe to run while other
    processes serve the same database: a finished game stays finished, so
    marking it is never wrong.
    """
    waiting = book.table_ids(finished=False)
    if not waiting:
        return []
    unfinished = {entry["id"]: entry for entry in store.list(finished=False)}
    done: list[str] = []
    for table_id in waiting:
        entry = unfinished.get(table_id)
        if entry is None:
            # Not unfinished in the store: finished there, or not there at all.
            if not _stored_as_finished(store, table_id):
                continue
        elif entry["moves"] == 0 or not _ends_the_game(store, table_id):
            continue
        book.mark_finished(table_id)
        done.append(table_id)
    if done:
        log.info("%d table(s) whose last move was stored were marked finished", len(done))
    return done


def _stored_as_finished(store: TableStore, table_id: str) -> bool:
    """True when ``table_id`` is in the store (the caller knows it is not
    unfinished there, so it is finished); a missing table is logged."""
    try:
        store.load(table_id)
    except TableNotFoundError:
        log.warning("table %s is in the seat book but not in the table store", table_id)
        return False
    except TableError as error:
        log.warning("table %s cannot be read: %s", table_id, error)
        return False
    return True


def _ends_the_game(store: TableStore, table_id: str) -> bool:
    """Open ``table_id`` (replaying its moves); if its game is over, mark it
    finished in the store too (the mark the interrupted process did not write)
    and return True."""
    try:
        table = Table.open(table_id, store)
    except TableError as error:
        log.warning("table %s cannot be opened to check its end: %s", table_id, error)
        return False
    if not table.is_over():
        return False
    store.finish(
        table_id,
        {"returns": table.result(), "seed": table.revealed_seed(), "finished_at": now_text()},
    )
    return True


__all__ = ["finish_stored_tables"]
