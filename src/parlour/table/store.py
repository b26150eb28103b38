"""Where tables live: a small storage interface and its two implementations.

A table is a header (the game, its options, the seed, the seats) and the list of
accepted moves, numbered from 1 (a move's number is the table's version after
it). :meth:`TableStore.append_move` refuses a number that is already taken, so
two processes serving the same table can never both accept a move: the second
gets :class:`~parlour.table.errors.StaleVersionError`.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from parlour.table.errors import StaleVersionError, TableError, TableNotFoundError

BUSY_TIMEOUT_SECONDS = 2.0
"""How long a connection waits for another's lock on the file before giving up
(a server's event loop waits with it: a locked file must not freeze every table
for long; a write holds the lock for milliseconds)."""

STORE_UNAVAILABLE = "the table store is not available just now; try again in a moment"
"""What a player is told when the database fails: never its file, host or driver
message (those go to the server's log)."""

log = logging.getLogger("parlour.table")


class StoreUnavailableError(TableError):
    """The database could not be used (locked, unreachable, refused). Its text is
    :data:`STORE_UNAVAILABLE`, safe to show anyone; ``detail`` says what failed,
    naming the file or the server, and is logged (warning) when the error is made."""

    def __init__(self, detail: str) -> None:
        super().__init__(STORE_UNAVAILABLE)
        self.detail = detail
        log.warning("the table store failed: %s", detail)


TABLES_FILE = "tables.sqlite3"
"""The file of the default store, in the user's data folder."""


def now_text() -> str:
    """The time now, as stores write it (UTC, ISO 8601, seconds)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


class TableStore(Protocol):
    """A small storage interface for tables: create, append a move, load, list, finish."""

    def create(self, table_id: str, header: Mapping[str, Any]) -> None:
        """Store a new table's header (a duplicate id is a :class:`TableError`)."""

    def append_move(self, table_id: str, number: int, move: Mapping[str, Any]) -> None:
        """Store move ``number`` (the version after it). A number already taken, or
        not the next one, raises :class:`StaleVersionError`."""

    def load(self, table_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The header and the moves in order; :class:`TableNotFoundError` if absent."""

    def header(self, table_id: str) -> dict[str, Any]:
        """The header alone (no move is read); :class:`TableNotFoundError` if absent.
        It holds the seed: never send it whole to a player."""

    def list(self, *, finished: bool | None = None) -> list[dict[str, Any]]:
        """Every table's header with its status (``id``, ``finished``, ``moves``,
        ``updated_at``, ``result``), newest first; ``finished`` filters.

        A header holds the table's seed, which gives away every hidden card:
        never send a header of an unfinished table to a player."""

    def finish(self, table_id: str, result: Mapping[str, Any]) -> None:
        """Mark a table finished with its result."""


class ReviewStore(Protocol):
    """A store that also keeps the reviews of its tables (parlour.review): each
    computed once, stored with the table, and deleted with it. ``deals`` is the
    number of deals the review covers (a review during a game covers the deals
    finished so far)."""

    def store_review(self, table_id: str, seat: int, deals: int, review: Mapping[str, Any]) -> None:
        """Keep the review of ``seat`` over the first ``deals`` deals (replacing one)."""

    def review(self, table_id: str, seat: int, deals: int) -> dict[str, Any] | None:
        """The stored review, or None."""

    def drop_review(self, table_id: str, seat: int, deals: int) -> None:
        """Forget the stored review (one that an undo made stale)."""

    def claim_review(
        self, table_id: str, seat: int, deals: int, owner: str, stale_seconds: float
    ) -> bool:
        """Claim the computing of a review for ``owner`` (a server process), so
        that several processes on one store compute it once: True when the claim
        is ``owner``'s now (it was free, already ``owner``'s, or its holder has
        not renewed it for ``stale_seconds``)."""

    def release_review(self, table_id: str, seat: int, deals: int, owner: str) -> None:
        """Give up ``owner``'s claim (after storing the review, or after a failure)."""


class MemoryTableStore:
    """A store in memory, for tables that need not outlive the process."""

    def __init__(self) -> None:
        self._tables: dict[str, dict[str, Any]] = {}
        self._lock = threading.Lock()

    def create(self, table_id: str, header: Mapping[str, Any]) -> None:
        """Store a new table's header."""
        with self._lock:
            if table_id in self._tables:
                raise TableError(f"a table with id {table_id!r} already exists")
            stamp = now_text()
            self._tables[table_id] = {
                "header": json.loads(json.dumps(dict(header))),
                "moves": [],
                "finished": False,
                "result": None,
                "updated_at": stamp,
            }

    def append_move(self, table_id: str, number: int, move: Mapping[str, Any]) -> None:
        """Store move ``number``; a taken or skipped number is stale."""
        with self._lock:
            entry = self._entry(table_id)
            expected = len(entry["moves"]) + 1
            if number != expected:
                raise StaleVersionError(
                    f"move {number} of table {table_id} cannot be stored: the next move "
                    f"is {expected}"
                )
            entry["moves"].append(json.loads(json.dumps(dict(move))))
            entry["updated_at"] = now_text()

    def load(self, table_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The header and the moves."""
        with self._lock:
            entry = self._entry(table_id)
            return json.loads(json.dumps(entry["header"])), json.loads(json.dumps(entry["moves"]))

    def header(self, table_id: str) -> dict[str, Any]:
        """The header alone."""
        with self._lock:
            return json.loads(json.dumps(self._entry(table_id)["header"]))  # type: ignore[no-any-return]

    def list(self, *, finished: bool | None = None) -> list[dict[str, Any]]:
        """Every table with its status, newest first."""
        with self._lock:
            found = [
                _listed(
                    table_id,
                    entry["header"],
                    entry["finished"],
                    len(entry["moves"]),
                    entry["updated_at"],
                    entry["result"],
                )
                for table_id, entry in self._tables.items()
                if finished is None or entry["finished"] == finished
            ]
        found.sort(key=lambda item: str(item["updated_at"]), reverse=True)
        return found

    def finish(self, table_id: str, result: Mapping[str, Any]) -> None:
        """Mark the table finished."""
        with self._lock:
            entry = self._entry(table_id)
            entry["finished"] = True
            entry["result"] = json.loads(json.dumps(dict(result)))

    def delete(self, table_id: str) -> None:
        """Forget the table."""
        with self._lock:
            self._tables.pop(table_id, None)

    def store_review(self, table_id: str, seat: int, deals: int, review: Mapping[str, Any]) -> None:
        """Keep the review of ``seat`` over the first ``deals`` deals."""
        with self._lock:
            reviews = self._entry(table_id).setdefault("reviews", {})
            reviews[(seat, deals)] = json.loads(json.dumps(dict(review)))

    def review(self, table_id: str, seat: int, deals: int) -> dict[str, Any] | None:
        """The stored review, or None."""
        with self._lock:
            found = self._entry(table_id).get("reviews", {}).get((seat, deals))
            return None if found is None else dict(json.loads(json.dumps(found)))

    def drop_review(self, table_id: str, seat: int, deals: int) -> None:
        """Forget the stored review."""
        with self._lock:
            self._entry(table_id).get("reviews", {}).pop((seat, deals), None)

    def claim_review(
        self, table_id: str, seat: int, deals: int, owner: str, stale_seconds: float
    ) -> bool:
        """Claim the computing of a review (see :class:`ReviewStore`)."""
        now = time.time()
        with self._lock:
            claims = self._entry(table_id).setdefault("claims", {})
            holder = claims.get((seat, deals))
            if holder is not None and holder[0] != owner and holder[1] > now - stale_seconds:
                return False
            claims[(seat, deals)] = (owner, now)
            return True

    def release_review(self, table_id: str, seat: int, deals: int, owner: str) -> None:
        """Give up ``owner``'s claim."""
        with self._lock:
            claims = self._tables.get(table_id, {}).get("claims", {})
            if claims.get((seat, deals), ("",))[0] == owner:
                del claims[(seat, deals)]

    def _entry(self, table_id: str) -> dict[str, Any]:
        try:
            return self._tables[table_id]
        except KeyError:
            raise TableNotFoundError(f"no table {table_id!r} in this store") from None


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    header TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    result TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    UNIQUE (table_id, number)
);
CREATE TABLE IF NOT EXISTS reviews (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    deals INTEGER NOT NULL,
    review TEXT NOT NULL,
    PRIMARY KEY (table_id, seat, deals)
);
CREATE TABLE IF NOT EXISTS review_claims (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    deals INTEGER NOT NULL,
    owner TEXT NOT NULL,
    claimed_at REAL NOT NULL,
    PRIMARY KEY (table_id, seat, deals)
);
"""


class SqliteTableStore:
    """Tables in one SQLite file (standard library), in WAL mode so that readers
    never wait for a writer. ``path=None``: ``tables.sqlite3`` in the user's data
    folder (where saved games and statistics live).

    Each thread keeps one connection of its own (opening one costs more than
    storing a move), so one store may be used from several threads and several
    processes at once.
    """

    def __init__(self, path: str | Path | None = None) -> None:
        if path is None:
            from parlour.stats import data_dir

            path = data_dir() / TABLES_FILE
        self.path = Path(path)
        self._ready = False
        self._local = threading.local()

    def _open(self) -> sqlite3.Connection:
        """This thread's connection, opened (and the schema made) when needed."""
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is not None:
            return connection
        try:
            if not self._ready:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(
                self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None
            )
        except (OSError, sqlite3.Error) as error:
            raise StoreUnavailableError(
                f"the table store {self.path} cannot be opened: {error}"
            ) from None
        try:
            if not self._ready:
                connection.execute("PRAGMA journal_mode=WAL")
                connection.executescript(_SCHEMA)
                self._ready = True
            connection.execute("PRAGMA foreign_keys=ON")
            # In WAL mode, NORMAL syncs the log at checkpoints, not at every commit:
            # a committed move survives the process being killed (kill -9: the WAL
            # is in the operating system's hands), but not a power cut or a kernel
            # crash in the next moments. FULL waited ~26 ms of fsync per move here.
            connection.execute("PRAGMA synchronous=NORMAL")
        except sqlite3.Error as error:
            connection.close()
            raise StoreUnavailableError(
                f"the table store {self.path} cannot be used: {error}"
            ) from None
        self._local.connection = connection
        return connection

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """This thread's connection; a store that cannot be opened or read is a
        :class:`StoreUnavailableError` (never a traceback), and a connection that
        failed is closed, to be opened afresh next time."""
        connection = self._open()
        try:
            yield connection
        except sqlite3.Error as error:
            self._local.connection = None
            with suppress(sqlite3.Error):
                connection.close()
            raise StoreUnavailableError(
                f"the table store {self.path} cannot be used: {error}"
            ) from None

    def create(self, table_id: str, header: Mapping[str, Any]) -> None:
        """Store a new table's header."""
        stamp = now_text()
        with self._connect() as connection:
            try:
                connection.execute(
                    "INSERT INTO tables (id, header, created_at, updated_at) VALUES (?, ?, ?, ?)",
                    (table_id, json.dumps(dict(header), ensure_ascii=False), stamp, stamp),
                )
            except sqlite3.IntegrityError:
                raise TableError(f"a table with id {table_id!r} already exists") from None

    def append_move(self, table_id: str, number: int, move: Mapping[str, Any]) -> None:
        """Store move ``number`` in one transaction; the UNIQUE constraint on
        (table, number) refuses a second move with the same number."""
        text = json.dumps(dict(move), ensure_ascii=False)
        with self._connect() as connection:
            connection.execute("BEGIN IMMEDIATE")
            try:
                row = connection.execute(
                    "SELECT COALESCE(MAX(number), 0), "
                    "(SELECT COUNT(*) FROM tables WHERE id = ?) FROM moves WHERE table_id = ?",
                    (table_id, table_id),
                ).fetchone()
                last, exists = int(row[0]), int(row[1])
                if not exists:
                    raise TableNotFoundError(f"no table {table_id!r} in the table store")
                if number > last + 1:
                    raise StaleVersionError(
                        f"move {number} of table {table_id} cannot be stored: the next "
                        f"move is {last + 1}"
                    )
                connection.execute(
                    "INSERT INTO moves (table_id, number, move) VALUES (?, ?, ?)",
                    (table_id, number, text),
                )
                connection.execute(
                    "UPDATE tables SET updated_at = ? WHERE id = ?", (now_text(), table_id)
                )
            except sqlite3.IntegrityError:
                connection.execute("ROLLBACK")
                raise StaleVersionError(
                    f"move {number} of table {table_id} was already stored by another "
                    "player or process; load the table again"
                ) from None
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")

    def load(self, table_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The header and the moves in order."""
        with self._connect() as connection:
            row = connection.execute(
                "SELECT header FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
            if row is None:
                raise TableNotFoundError(f"no table {table_id!r} in the table store")
            moves = connection.execute(
                "SELECT move FROM moves WHERE table_id = ? ORDER BY number", (table_id,)
            ).fetchall()
        return _decode(row[0], table_id), [_decode(move, table_id) for (move,) in moves]

    def header(self, table_id: str) -> dict[str, Any]:
        """The header alone (no move is read)."""
        with self._connect() as connection:
            row = connection.execute(
                "SELECT header FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
        if row is None:
            raise TableNotFoundError(f"no table {table_id!r} in {self.path}")
        return _decode(row[0], table_id)

    def list(self, *, finished: bool | None = None) -> list[dict[str, Any]]:
        """Every table with its status, newest first."""
        query = (
            "SELECT id, header, finished, updated_at, result, "
            "(SELECT COUNT(*) FROM moves WHERE table_id = tables.id) FROM tables"
        )
        parameters: tuple[object, ...] = ()
        if finished is not None:
            query += " WHERE finished = ?"
            parameters = (int(finished),)
        query += " ORDER BY updated_at DESC, id"
        with self._connect() as connection:
            rows = connection.execute(query, parameters).fetchall()
        found = []
        for table_id, header, done, updated_at, result, count in rows:
            try:
                decoded = _decode(header, table_id)
                outcome = _decode(result, table_id) if result else None
            except TableError:
                decoded, outcome = {"damaged": True}, None
            found.append(_listed(table_id, decoded, bool(done), int(count), updated_at, outcome))
        return found

    def finish(self, table_id: str, result: Mapping[str, Any]) -> None:
        """Mark the table finished with its result."""
        with self._connect() as connection:
            cursor = connection.execute(
                "UPDATE tables SET finished = 1, result = ?, updated_at = ? WHERE id = ?",
                (json.dumps(dict(result)), now_text(), table_id),
            )
            if cursor.rowcount == 0:
                raise TableNotFoundError(f"no table {table_id!r} in the table store")

    def delete(self, table_id: str) -> None:
        """Forget the table and its moves."""
        with self._connect() as connection:
            connection.execute("DELETE FROM moves WHERE table_id = ?", (table_id,))
            connection.execute("DELETE FROM reviews WHERE table_id = ?", (table_id,))
            connection.execute("DELETE FROM review_claims WHERE table_id = ?", (table_id,))
            connection.execute("DELETE FROM tables WHERE id = ?", (table_id,))

    def store_review(self, table_id: str, seat: int, deals: int, review: Mapping[str, Any]) -> None:
        """Keep the review of ``seat`` over the first ``deals`` deals."""
        with self._connect() as connection:
            try:
                connection.execute(
                    "INSERT OR REPLACE INTO reviews (table_id, seat, deals, review)"
                    " VALUES (?, ?, ?, ?)",
                    (table_id, seat, deals, json.dumps(dict(review), ensure_ascii=False)),
                )
            except sqlite3.IntegrityError:
                raise TableNotFoundError(f"no table {table_id!r} in the table store") from None

    def review(self, table_id: str, seat: int, deals: int) -> dict[str, Any] | None:
        """The stored review, or None."""
        with self._connect() as connection:
            row = connection.execute(
                "SELECT review FROM reviews WHERE table_id = ? AND seat = ? AND deals = ?",
                (table_id, seat, deals),
            ).fetchone()
        return None if row is None else _decode(row[0], table_id)

    def drop_review(self, table_id: str, seat: int, deals: int) -> None:
        """Forget the stored review."""
        with self._connect() as connection:
            connection.execute(
                "DELETE FROM reviews WHERE table_id = ? AND seat = ? AND deals = ?",
                (table_id, seat, deals),
            )

    def claim_review(
        self, table_id: str, seat: int, deals: int, owner: str, stale_seconds: float
    ) -> bool:
        """Claim the computing of a review (see :class:`ReviewStore`)."""
        now = time.time()
        with self._connect() as connection:
            row = connection.execute(
                "INSERT INTO review_claims (table_id, seat, deals, owner, claimed_at)"
                " VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (table_id, seat, deals) DO UPDATE"
                " SET owner = excluded.owner, claimed_at = excluded.claimed_at"
                " WHERE review_claims.owner = excluded.owner OR review_claims.claimed_at < ?"
                " RETURNING owner",
                (table_id, seat, deals, owner, now, now - stale_seconds),
            ).fetchone()
        return row is not None

    def release_review(self, table_id: str, seat: int, deals: int, owner: str) -> None:
        """Give up ``owner``'s claim."""
        with self._connect() as connection:
            connection.execute(
                "DELETE FROM review_claims"
                " WHERE table_id = ? AND seat = ? AND deals = ? AND owner = ?",
                (table_id, seat, deals, owner),
            )


def _decode(text: str, table_id: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise TableError(f"table {table_id!r} is damaged in its store: {error}") from None
    if not isinstance(data, dict):
        raise TableError(f"table {table_id!r} is damaged in its store: not an object")
    return data


def _listed(
    table_id: str,
    header: Mapping[str, Any],
    finished: bool,
    moves: int,
    updated_at: str,
    result: Mapping[str, Any] | None,
) -> dict[str, Any]:
    return {
        **header,
        "id": table_id,
        "finished": finished,
        "moves": moves,
        "updated_at": updated_at,
        "result": dict(result) if result is not None else None,
    }
