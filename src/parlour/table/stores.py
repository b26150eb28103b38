"""Choose a table store from a database address (``--database`` of a server).

The allowed forms:

- nothing (None or ""): SQLite in the user's data folder (the default store);
- ``sqlite:///PATH``: SQLite in the file PATH (``sqlite:///tables.db`` is
  relative to the working folder, ``sqlite:////srv/parlour/tables.db`` absolute);
- a plain file path (no ``://``): SQLite in that file;
- ``postgresql://…`` (or ``postgres://…``): PostgreSQL, with psycopg 3
  (``pip install 'parlour[postgres]'``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from parlour.table.errors import TableError

if TYPE_CHECKING:
    from parlour.table.store import TableStore

#: The forms of address that :func:`open_store` accepts, for messages and help.
ALLOWED_FORMS = (
    "sqlite:///PATH, a file path, or "
    "postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE (nothing: SQLite in the user data folder)"
)


class DatabaseAddressError(TableError, ValueError):
    """A database address that names no store parlour knows."""


def open_store(address: str | Path | None = None) -> TableStore:
    """The table store that ``address`` names (see the module's list of forms).

    Raises :class:`DatabaseAddressError` naming the allowed forms for anything
    else, and :class:`~parlour.table.TableError` when the database cannot be
    opened.
    """
    from parlour.table.store import SqliteTableStore

    if isinstance(address, Path):
        return SqliteTableStore(address.expanduser())
    text = (address or "").strip()
    if not text:
        store: TableStore = SqliteTableStore()
        return store
    scheme, separator, rest = text.partition("://")
    if not separator:
        return SqliteTableStore(Path(text).expanduser())
    scheme = scheme.lower()
    if scheme == "sqlite":
        if not rest.startswith("/") or rest == "/":
            raise DatabaseAddressError(
                f"SQLite address {_shown(text)!r} has no file: write sqlite:///PATH "
                f"(three slashes, then the path); allowed: {ALLOWED_FORMS}"
            )
        return SqliteTableStore(Path(rest[1:]).expanduser())
    if scheme in ("postgresql", "postgres"):
        from parlour.table.postgres import PostgresTableStore

        return PostgresTableStore(text)
    raise DatabaseAddressError(
        f"unknown kind of database {scheme!r} in {_shown(text)!r}: allowed: {ALLOWED_FORMS}"
    )


def database_place(address: str) -> str:
    """An address as it may be printed: any password replaced by ***."""
    return _shown(address)


def _shown(address: str) -> str:
    """An address as it may appear in a message: any password replaced by ***."""
    scheme, separator, rest = address.partition("://")
    credentials, at, place = rest.rpartition("@")
    if not separator or not at or ":" not in credentials:
        return address
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}:***@{place}"
