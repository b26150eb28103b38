"""Tables stored in PostgreSQL, for servers that run as several processes.

:class:`PostgresTableStore` keeps the same promises as the SQLite store: every
write is committed before the call returns, and a move number that a table
already has is refused with :class:`~parlour.table.StaleVersionError`. The
refusal comes from the database itself (the primary key ``(table_id, number)``
of ``moves``), so two server processes that accept a move for the same table at
the same moment cannot both succeed: the second insert waits for the first
transaction and then fails.

The store creates its schema on an empty database and upgrades an older one
itself. ``schema_version`` holds one row, the number of steps of
:data:`SCHEMA_STEPS` applied so far; the missing steps run in one transaction
that first takes a transaction-scoped advisory lock (:data:`SCHEMA_LOCK_KEY`),
so several processes starting at once upgrade the database exactly once.

Every accepted move is announced on the channel :data:`MOVES_CHANNEL` with
``pg_notify`` inside the transaction that stores it: PostgreSQL delivers a
notification only when its transaction commits, so a listener never hears of a
move it cannot read. The payload is JSON, ``{"table": ID, "number": N}``.
:class:`MoveListener` listens on a dedicated connection; :meth:`PostgresTableStore.listen`
runs one in a thread and calls back for each move; :class:`AsyncMoveListener`
does the same for an asyncio server. The last two open a lost connection again
and then give ``MoveNotice(ALL_TABLES, 0)``: notices sent meanwhile were lost,
so every table held in memory must be read again.

psycopg 3 is imported only when a store or a listener is made, so that
``parlour.table`` needs no third-party package unless PostgreSQL is used
(``pip install 'parlour[postgres]'``).
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import AsyncGenerator, Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC
from typing import TYPE_CHECKING, Any, TypeVar

from parlour.table.errors import StaleVersionError, TableError, TableNotFoundError
from parlour.table.store import StoreUnavailableError

if TYPE_CHECKING:
    import psycopg

_T = TypeVar("_T")
_log = logging.getLogger(__name__)

#: The LISTEN/NOTIFY channel on which every stored move is announced.
MOVES_CHANNEL = "parlour_moves"

#: The key of the advisory lock held while the schema is created or upgraded
#: (the bytes of "parlour!" read as a signed 64-bit integer).
SCHEMA_LOCK_KEY = int.from_bytes(b"parlour!", "big", signed=True)

#: The schema, as an ordered list of upgrade steps: step ``n`` (counting from 1)
#: takes a database from version ``n - 1`` to version ``n``. A released step is
#: never edited: a change is a new step at the end.
SCHEMA_STEPS: tuple[tuple[str, ...], ...] = (
    # Version 1: the SQLite store's schema (a header per table, its moves in order).
    # JSON, not JSONB: the text is kept exactly as written (key order, any
    # character a player's name may hold), as SQLite keeps it.
    (
        """CREATE TABLE tables (
            id TEXT PRIMARY KEY,
            header JSON NOT NULL,
            created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
            updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
            finished BOOLEAN NOT NULL DEFAULT false,
            result JSON
        )""",
        """CREATE TABLE moves (
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            number INTEGER NOT NULL CHECK (number > 0),
            move JSON NOT NULL,
            PRIMARY KEY (table_id, number)
        )""",
    ),
    # Version 2: when each move was stored (a server restarted after a crash
    # needs the time of a table's last move to resume its seat and turn clocks;
    # older moves get their table's last change), and an index for listing and
    # cleaning up tables by status and idle time.
    (
        "ALTER TABLE moves ADD COLUMN stored_at TIMESTAMPTZ",
        "UPDATE moves SET stored_at = tables.updated_at"
        " FROM tables WHERE tables.id = moves.table_id",
        "ALTER TABLE moves ALTER COLUMN stored_at SET DEFAULT now()",
        "ALTER TABLE moves ALTER COLUMN stored_at SET NOT NULL",
        "CREATE INDEX tables_by_status ON tables (finished, updated_at)",
    ),
    # Version 3: the web server's seat book (parlour.web.seats): the tables it
    # made and, per person's seat, the SHA-256 of its token, whether someone came
    # and the name chosen. Here rather than beside it so that one schema version
    # and one upgrade path cover everything a server keeps.
    (
        """CREATE TABLE web_tables (
            table_id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL,
            finished BOOLEAN NOT NULL DEFAULT false
        )""",
        """CREATE TABLE web_seats (
            table_id TEXT NOT NULL REFERENCES web_tables (table_id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            token_hash TEXT,
            taken BOOLEAN NOT NULL DEFAULT false,
            name TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (table_id, seat)
        )""",
        "CREATE INDEX web_tables_by_status ON web_tables (finished, created)",
    ),
    # Version 4: which server process last saw a person at each seat, and when
    # (the database's clock, in seconds), so that another process does not send a
    # stand-in bot to a seat whose person is connected elsewhere.
    (
        "ALTER TABLE web_seats ADD COLUMN seen_by TEXT",
        "ALTER TABLE web_seats ADD COLUMN seen_at DOUBLE PRECISION",
    ),
    # Version 5: the reviews of finished deals (parlour.review), computed once
    # and kept with their table.
    (
        """CREATE TABLE reviews (
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            deals INTEGER NOT NULL,
            review JSON NOT NULL,
            PRIMARY KEY (table_id, seat, deals)
        )""",
    ),
    # Version 6: which server process computes a review now (issue 29), so
    # that several processes on one database compute each review once; a claim
    # not renewed for a while is taken over (its process died).
    (
        """CREATE TABLE review_claims (
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            deals INTEGER NOT NULL,
            owner TEXT NOT NULL,
            claimed_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (table_id, seat, deals)
        )""",
    ),
    # Version 7: the level of the bot a seated person gave a free seat to
    # (``{"type": "bots"}``), which plays it for good; '' for a person's seat.
    # Kept in the seat book so that a restarted process, or another one, plays
    # such a seat as a bot's instead of waiting for an away person.
    ("ALTER TABLE web_seats ADD COLUMN bot TEXT NOT NULL DEFAULT ''",),
)

#: The schema version this code writes and reads.
SCHEMA_VERSION = len(SCHEMA_STEPS)


#: The ``table_id`` of the notice a listener gives after it lost its connection:
#: moves may have been missed, so every table held in memory must be read again.
ALL_TABLES = "*"


@dataclass(frozen=True)
class MoveNotice:
    """One announcement heard on :data:`MOVES_CHANNEL`: a table has a new move
    (or, with ``table_id`` :data:`ALL_TABLES`, any table may have)."""

    table_id: str
    number: int


def _psycopg() -> Any:
    """Import psycopg, or say plainly how to get it."""
    try:
        import psycopg
    except ImportError as error:
        raise TableError(
            "PostgreSQL storage needs psycopg 3, which is not installed: "
            "install it with pip install 'parlour[postgres]'"
        ) from error
    return psycopg


def _where(url: str) -> str:
    """The server and database of ``url`` for a message, without any password."""
    pg = _psycopg()
    try:
        parts = pg.conninfo.conninfo_to_dict(url)
    except pg.ProgrammingError:
        return "(unparsable address)"
    host = parts.get("host") or "localhost"
    port = parts.get("port") or "5432"
    return f"{host}:{port}/{parts.get('dbname') or parts.get('user') or ''}"


def check_address(url: str) -> None:
    """Raise :class:`~parlour.table.TableError` if ``url`` is no PostgreSQL address."""
    pg = _psycopg()
    expected = "expected postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?key=value...]"
    try:
        parts = pg.conninfo.conninfo_to_dict(url)
    except pg.ProgrammingError as error:
        raise TableError(
            f"malformed PostgreSQL address ({_first_line(error)}): {expected}"
        ) from None
    # libpq would only find a bad port when resolving the host; say it plainly here.
    ports = str(parts.get("port") or "").split(",")
    if any(port and not port.isdigit() for port in ports):
        raise TableError(
            f"malformed PostgreSQL address (the port {parts['port']!r} is not a number): {expected}"
        )


def connect(url: str) -> psycopg.Connection[Any]:
    """Open an autocommit connection to ``url``, with errors that say what failed.

    A malformed address or a server that cannot be reached raises
    :class:`~parlour.table.TableError`; the message never repeats a password.
    """
    pg = _psycopg()
    check_address(url)
    try:
        connection: psycopg.Connection[Any] = pg.connect(url, autocommit=True)
    except pg.OperationalError as error:
        raise TableError(
            f"cannot connect to PostgreSQL at {_where(url)}: {_first_line(error)}"
        ) from None
    return connection


def _first_line(error: BaseException) -> str:
    """The first line of an error's message (libpq adds hints on further lines)."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def upgrade_schema(connection: psycopg.Connection[Any]) -> int:
    """Bring the database of ``connection`` to :data:`SCHEMA_VERSION`.

    Returns the version found before the upgrade (0 for an empty database).
    Raises :class:`~parlour.table.TableError` when the database was written by
    a newer parlour (its version is higher than this code knows).
    """
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK_KEY,))
        connection.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        row = connection.execute("SELECT version FROM schema_version").fetchone()
        found = 0 if row is None else int(row[0])
        if found > SCHEMA_VERSION:
            raise TableError(
                f"the database's table schema is version {found}, newer than this "
                f"parlour knows (versions 1 to {SCHEMA_VERSION}): upgrade parlour"
            )
        for steps in SCHEMA_STEPS[found:]:
            for statement in steps:
                # Bytes: the steps are constants of this module, not caller text.
                connection.execute(statement.encode())
        if row is None:
            connection.execute("INSERT INTO schema_version VALUES (%s)", (SCHEMA_VERSION,))
        elif found != SCHEMA_VERSION:
            connection.execute("UPDATE schema_version SET version = %s", (SCHEMA_VERSION,))
    return found


class PostgresTableStore:
    """A :class:`~parlour.table.TableStore` in a PostgreSQL database.

    ``url`` is a libpq address, ``postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE``
    (kept private: it may hold a password). The store keeps up to ``connections``
    connections, so that the threads of one server process do not wait for each
    other's writes; several processes each make their own store on the same
    database.

    A connection that the server dropped (a restart, an administrator) is opened
    again and the call tried once more. Retrying a write is safe: a table or a
    move that the lost attempt did store is recognised (same header, same move)
    and taken as stored, rather than refused as a duplicate.
    """

    def __init__(self, url: str, *, connections: int = 4) -> None:
        if connections < 1:
            raise TableError(f"a store needs at least 1 connection, not {connections}")
        self._url = url
        self._slots = threading.BoundedSemaphore(connections)
        self._idle: list[psycopg.Connection[Any]] = []
        self._idle_lock = threading.Lock()
        self._closed = False
        first = connect(url)
        try:
            upgrade_schema(first)
        except BaseException:
            first.close()
            raise
        self._idle.append(first)

    def __repr__(self) -> str:
        return f"PostgresTableStore({_where(self._url)!r})"

    def close(self) -> None:
        """Close the connections; the store must not be used afterwards."""
        with self._idle_lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for connection in idle:
            connection.close()

    def __enter__(self) -> PostgresTableStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _borrow(self) -> psycopg.Connection[Any]:
        """An idle connection (or a new one), holding one of the store's slots."""
        self._slots.acquire()
        try:
            with self._idle_lock:
                if self._closed:
                    raise TableError("this PostgreSQL store was closed")
                connection = self._idle.pop() if self._idle else None
            if connection is None or connection.closed or connection.broken:
                connection = self._reconnect()
            return connection
        except BaseException:
            self._slots.release()
            raise

    def _give_back(self, connection: psycopg.Connection[Any]) -> None:
        """Return a borrowed connection (closed instead if broken or the store closed)."""
        with self._idle_lock:
            keep = not self._closed and not connection.closed and not connection.broken
            if keep:
                self._idle.append(connection)
        if not keep:
            connection.close()
        self._slots.release()

    def _reconnect(self) -> psycopg.Connection[Any]:
        """A new connection while serving: a failure is a :class:`StoreUnavailableError`,
        whose text names neither the server nor the database (they go to the log)."""
        try:
            return connect(self._url)
        except TableError as error:
            raise StoreUnavailableError(str(error)) from None

    def _run(self, work: Callable[[psycopg.Connection[Any], bool], _T]) -> _T:
        """Run ``work(connection, retried)`` on a borrowed connection, once more on
        a new connection if the server dropped that one. Any other failure of the
        database is a :class:`StoreUnavailableError` (the detail goes to the log)."""
        pg = _psycopg()
        connection = self._borrow()
        try:
            try:
                return work(connection, False)
            except pg.OperationalError as error:
                if not connection.broken:
                    raise StoreUnavailableError(
                        f"PostgreSQL at {_where(self._url)} refused: {_first_line(error)}"
                    ) from None
            except pg.Error as error:
                raise StoreUnavailableError(
                    f"PostgreSQL at {_where(self._url)} cannot store this: {_first_line(error)}"
                ) from None
            connection.close()
            connection = self._reconnect()
            try:
                return work(connection, True)
            except pg.Error as error:
                raise StoreUnavailableError(
                    f"lost the connection to PostgreSQL at {_where(self._url)} twice: "
                    f"{_first_line(error)}"
                ) from None
        finally:
            self._give_back(connection)

    # The TableStore interface -------------------------------------------------

    def create(self, table_id: str, header: Mapping[str, Any]) -> None:
        """Store a new table's header; an id already in use raises TableError."""
        pg = _psycopg()
        text = _json(header)

        def work(connection: psycopg.Connection[Any], retried: bool) -> None:
            try:
                with connection.transaction():
                    connection.execute(
                        "INSERT INTO tables (id, header) VALUES (%s, %s::json)", (table_id, text)
                    )
            except pg.errors.UniqueViolation:
                if retried and _stored(connection, "header", "tables", "id = %s", (table_id,)) == (
                    json.loads(text)
                ):
                    return  # the lost attempt stored it
                raise TableError(
                    f"a table with id {table_id!r} already exists: choose another id"
                ) from None

        self._run(work)

    def append_move(self, table_id: str, number: int, move: Mapping[str, Any]) -> None:
        """Store move ``number`` (the table's version after it) and announce it.

        A number the table already has (even one another process stored a moment
        ago), or one past the next, raises StaleVersionError; an unknown table
        raises TableNotFoundError. The notification on :data:`MOVES_CHANNEL` is
        sent in the same transaction, so it is heard only once the move can be read.
        """
        pg = _psycopg()
        text = _json(move)

        def work(connection: psycopg.Connection[Any], retried: bool) -> None:
            try:
                with connection.transaction():
                    row = connection.execute(
                        "SELECT (SELECT coalesce(max(number), 0) FROM moves WHERE table_id = %s),"
                        " EXISTS (SELECT 1 FROM tables WHERE id = %s)",
                        (table_id, table_id),
                    ).fetchone()
                    last, exists = (0, False) if row is None else (int(row[0]), bool(row[1]))
                    if not exists:
                        raise _not_found(table_id)
                    if number > last + 1:
                        raise StaleVersionError(
                            f"move {number} of table {table_id} cannot be stored: the next "
                            f"move is {last + 1}"
                        )
                    # Two processes may both pass the check above; the primary key
                    # makes the second insert wait for the first and then fail.
                    connection.execute(
                        "INSERT INTO moves (table_id, number, move) VALUES (%s, %s, %s::json)",
                        (table_id, number, text),
                    )
                    connection.execute(
                        "UPDATE tables SET updated_at = now() WHERE id = %s", (table_id,)
                    )
                    _notify(connection, table_id, number)
            except pg.errors.UniqueViolation:
                where = "table_id = %s AND number = %s"
                if retried and _stored(connection, "move", "moves", where, (table_id, number)) == (
                    json.loads(text)
                ):
                    return  # the lost attempt stored it
                raise StaleVersionError(
                    f"move {number} of table {table_id} was already stored by another "
                    "player or process; load the table again"
                ) from None
            except pg.errors.CheckViolation:
                raise TableError(
                    f"move number {number} for table {table_id!r}: move numbers start at 1"
                ) from None

        self._run(work)

    def load(self, table_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The header and the moves (in order) of a table; unknown: TableNotFoundError."""

        def work(
            connection: psycopg.Connection[Any], retried: bool
        ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
            # One transaction: the header and the moves are read from one snapshot.
            with connection.transaction():
                row = connection.execute(
                    "SELECT header FROM tables WHERE id = %s", (table_id,)
                ).fetchone()
                if row is None:
                    raise _not_found(table_id)
                moves = connection.execute(
                    "SELECT move FROM moves WHERE table_id = %s ORDER BY number", (table_id,)
                ).fetchall()
            return dict(row[0]), [dict(move) for (move,) in moves]

        return self._run(work)

    def header(self, table_id: str) -> dict[str, Any]:
        """The header alone (no move is read); unknown: TableNotFoundError."""

        def work(connection: psycopg.Connection[Any], retried: bool) -> dict[str, Any]:
            row = connection.execute(
                "SELECT header FROM tables WHERE id = %s", (table_id,)
            ).fetchone()
            if row is None:
                raise _not_found(table_id)
            return dict(row[0])

        return self._run(work)

    def list(self, *, finished: bool | None = None) -> list[dict[str, Any]]:
        """Every table's header with its status (``id``, ``finished``, ``moves``,
        ``updated_at``, ``result``), the most recently changed first.

        ``finished`` keeps only finished (True) or unfinished (False) tables.
        """
        query = (
            "SELECT t.id, t.header, t.finished, t.updated_at, t.result,"
            " (SELECT count(*) FROM moves m WHERE m.table_id = t.id) FROM tables t"
        )
        if finished is not None:
            query += " WHERE t.finished = %s"
        query += " ORDER BY t.updated_at DESC, t.id"
        parameters = () if finished is None else (finished,)

        def work(connection: psycopg.Connection[Any], retried: bool) -> list[Any]:
            # Bytes: the query is built from this method's constants only.
            return connection.execute(query.encode(), parameters).fetchall()

        return [
            {
                **header,
                "id": table_id,
                "finished": bool(done),
                "moves": int(count),
                "updated_at": updated.astimezone(UTC).isoformat(timespec="seconds"),
                "result": dict(result) if result is not None else None,
            }
            for table_id, header, done, updated, result, count in self._run(work)
        ]

    def finish(self, table_id: str, result: Mapping[str, Any]) -> None:
        """Mark a table finished with its result; unknown: TableNotFoundError."""
        text = _json(result)

        def work(connection: psycopg.Connection[Any], retried: bool) -> None:
            with connection.transaction():
                updated = connection.execute(
                    "UPDATE tables SET finished = true, updated_at = now(),"
                    " result = %s::json WHERE id = %s",
                    (text, table_id),
                ).rowcount
            if updated == 0:
                raise _not_found(table_id)

        self._run(work)

    def delete(self, table_id: str) -> None:
        """Forget a table and its moves (nothing happens if it is absent)."""

        def work(connection: psycopg.Connection[Any], retried: bool) -> None:
            with connection.transaction():
                connection.execute("DELETE FROM tables WHERE id = %s", (table_id,))

        self._run(work)

    def store_review(self, table_id: str, seat: int, deals: int, review: Mapping[str, Any]) -> None:
        """Keep the review of ``seat`` over the first ``deals`` deals (replacing one)."""
        text = _json(review)

        def work(connection: psycopg.Connection[Any], retried: bool) -> None:
            with connection.transaction():
                found = connection.execute(
                    "SELECT 1 FROM tables WHERE id = %s", (table_id,)
                ).fetchone()
                if found is None:
                    raise _not_found(table_id)
                connection.execute(
                    "INSERT INTO reviews (table_id, seat, deals, review)"
                    " VALUES (%s, %s, %s, %s::json)"
                    " ON CONFLICT (table_id, seat, deals) DO UPDATE SET review = EXCLUDED.review",
                    (table_id, seat, deals, text),
                )

        self._run(work)

    def review(self, table_id: str, seat: int, deals: int) -> dict[str, Any] | None:
        """The stored review, or None."""

        def work(connection: psycopg.Connection[Any], retried: bool) -> Any:
            return connection.execute(
                "SELECT review::text FROM reviews WHERE table_id = %s AND seat = %s AND deals = %s",
                (table_id, seat, deals),
            ).fetchone()

        row = self._run(work)
        if row is None:
            return None
        found: dict[str, Any] = json.loads(row[0])
        return found

    def drop_review(self, table_id: str, seat: int, deals: int) -> None:
        """Forget the stored review."""

        def work(connection: psycopg.Connection[Any], retried: bool) -> None:
            connection.execute(
                "DELETE FROM reviews WHERE table_id = %s AND seat = %s AND deals = %s",
                (table_id, seat, deals),
            )

        self._run(work)

    def claim_review(
        self, table_id: str, seat: int, deals: int, owner: str, stale_seconds: float
    ) -> bool:
        """Claim the computing of a review (see :class:`parlour.table.store.ReviewStore`),
        by the database's clock."""

        def work(connection: psycopg.Connection[Any], retried: bool) -> Any:
            return connection.execute(
                "INSERT INTO review_claims (table_id, seat, deals, owner, claimed_at)"
                " VALUES (%s, %s, %s, %s, extract(epoch FROM clock_timestamp()))"
                " ON CONFLICT (table_id, seat, deals) DO UPDATE"
                " SET owner = EXCLUDED.owner, claimed_at = EXCLUDED.claimed_at"
                " WHERE review_claims.owner = EXCLUDED.owner"
                " OR review_claims.claimed_at < extract(epoch FROM clock_timestamp()) - %s"
                " RETURNING owner",
                (table_id, seat, deals, owner, stale_seconds),
            ).fetchone()

        return self._run(work) is not None

    def release_review(self, table_id: str, seat: int, deals: int, owner: str) -> None:
        """Give up ``owner``'s claim."""

        def work(connection: psycopg.Connection[Any], retried: bool) -> None:
            connection.execute(
                "DELETE FROM review_claims"
                " WHERE table_id = %s AND seat = %s AND deals = %s AND owner = %s",
                (table_id, seat, deals, owner),
            )

        self._run(work)

    # Several processes ----------------------------------------------------------

    def notify_move(self, table_id: str, number: int) -> None:
        """Announce move ``number`` of a table on :data:`MOVES_CHANNEL` on its own.

        :meth:`append_move` already announces every move it stores, in the same
        transaction; this is for a process that must tell the others to read a
        table again without storing a move.
        """

        def work(connection: psycopg.Connection[Any], retried: bool) -> None:
            with connection.transaction():
                _notify(connection, table_id, number)

        self._run(work)

    def listen(
        self, callback: Callable[[MoveNotice], None], *, poll_seconds: float = 0.5
    ) -> ListenerThread:
        """Call ``callback`` for every move announced by any process, in a thread.

        The thread has its own connection. ``stop()`` on the returned object ends
        it within ``poll_seconds``. The callback runs in that thread: an asyncio
        server hands the notice over with ``loop.call_soon_threadsafe``.
        """
        thread = ListenerThread(self._url, callback, poll_seconds=poll_seconds)
        thread.start()
        return thread


class MoveListener:
    """A dedicated connection that LISTENs on :data:`MOVES_CHANNEL`.

    Iterate over :meth:`notices` to receive :class:`MoveNotice` objects. Only
    moves committed after the constructor returned are heard.
    """

    def __init__(self, url: str) -> None:
        self._connection = connect(url)
        self._connection.execute(f"LISTEN {MOVES_CHANNEL}")

    def notices(
        self, timeout: float | None = None, stop_after: int | None = None
    ) -> Iterator[MoveNotice]:
        """Yield notices as they arrive; stop after ``timeout`` seconds without one
        more notice being needed (psycopg's ``notifies`` rules), or after ``stop_after``.
        """
        for notify in self._connection.notifies(timeout=timeout, stop_after=stop_after):
            notice = _parse_notice(notify.payload)
            if notice is not None:
                yield notice

    def close(self) -> None:
        """Close the listening connection."""
        self._connection.close()

    def __enter__(self) -> MoveListener:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class ListenerThread(threading.Thread):
    """A daemon thread that calls back for each :class:`MoveNotice` until stopped.

    When its connection is lost it opens a new one (waiting longer after each
    failure, up to ``MAX_RETRY_SECONDS``) and then calls back with
    ``MoveNotice(ALL_TABLES, 0)``: moves may have been missed meanwhile, so
    every table held in memory must be read again. A callback that raises is
    logged and the thread goes on.
    """

    MAX_RETRY_SECONDS = 5.0

    def __init__(
        self, url: str, callback: Callable[[MoveNotice], None], *, poll_seconds: float
    ) -> None:
        super().__init__(name="parlour-move-listener", daemon=True)
        self._url = url
        # Listening starts here, so that every move committed after listen()
        # returns is heard.
        self._listener: MoveListener | None = MoveListener(url)
        self._callback = callback
        self._poll_seconds = poll_seconds
        self._stopping = threading.Event()

    def run(self) -> None:
        """Wait for notices in slices of ``poll_seconds``, so that stop() is heard."""
        pg = _psycopg()
        delay = 0.1
        try:
            while not self._stopping.is_set():
                try:
                    if self._listener is None:
                        self._listener = MoveListener(self._url)
                        self._deliver(MoveNotice(ALL_TABLES, 0))
                    for notice in self._listener.notices(timeout=self._poll_seconds):
                        self._deliver(notice)
                        if self._stopping.is_set():
                            break
                    delay = 0.1
                except (pg.OperationalError, TableError):
                    _log.warning("lost the PostgreSQL listening connection; opening it again")
                    if self._listener is not None:
                        self._listener.close()
                        self._listener = None
                    self._stopping.wait(delay)
                    delay = min(delay * 2, self.MAX_RETRY_SECONDS)
        finally:
            if self._listener is not None:
                self._listener.close()

    def _deliver(self, notice: MoveNotice) -> None:
        """Call back; a failing callback must not end the listening."""
        try:
            self._callback(notice)
        except Exception:
            _log.exception("the move listener's callback failed on %s", notice)

    def stop(self, wait: bool = True) -> None:
        """Ask the thread to end; with ``wait``, return once it has."""
        self._stopping.set()
        if wait and self.is_alive() and threading.current_thread() is not self:
            self.join()


class AsyncMoveListener:
    """:class:`MoveListener` for an asyncio server, on psycopg's async connection.

    ``async with AsyncMoveListener(url) as listener:`` starts listening; then
    ``async for notice in listener.notices():`` yields each move announced from
    then on. A lost connection is opened again (waiting longer after each
    failure) and followed by ``MoveNotice(ALL_TABLES, 0)``, as in
    :class:`ListenerThread`.
    """

    MAX_RETRY_SECONDS = 5.0

    def __init__(self, url: str) -> None:
        self.url = url
        self._connection: psycopg.AsyncConnection[Any] | None = None

    async def _open(self) -> None:
        pg = _psycopg()
        check_address(self.url)
        try:
            connection = await pg.AsyncConnection.connect(self.url, autocommit=True)
        except pg.OperationalError as error:
            raise TableError(
                f"cannot connect to PostgreSQL at {_where(self.url)}: {_first_line(error)}"
            ) from None
        await connection.execute(f"LISTEN {MOVES_CHANNEL}")
        self._connection = connection

    async def __aenter__(self) -> AsyncMoveListener:
        await self._open()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the listening connection."""
        if self._connection is not None:
            await self._connection.close()
            self._connection = None

    async def notices(self) -> AsyncGenerator[MoveNotice, None]:
        """Yield notices for ever (until the caller stops iterating or is cancelled)."""
        import asyncio

        pg = _psycopg()
        delay = 0.1
        while True:
            try:
                if self._connection is None:
                    await self._open()
                    yield MoveNotice(ALL_TABLES, 0)
                assert self._connection is not None
                async for notify in self._connection.notifies():
                    delay = 0.1
                    notice = _parse_notice(notify.payload)
                    if notice is not None:
                        yield notice
            except (pg.OperationalError, TableError):
                _log.warning("lost the PostgreSQL listening connection; opening it again")
                await self.aclose()
                await asyncio.sleep(delay)
                delay = min(delay * 2, self.MAX_RETRY_SECONDS)


def _notify(connection: psycopg.Connection[Any], table_id: str, number: int) -> None:
    """Queue the notice of a move in the current transaction."""
    payload = json.dumps({"table": table_id, "number": number}, separators=(",", ":"))
    connection.execute("SELECT pg_notify(%s, %s)", (MOVES_CHANNEL, payload))


def _parse_notice(payload: str) -> MoveNotice | None:
    """Read a payload sent by :func:`_notify`; anything else is ignored (None)."""
    try:
        data = json.loads(payload)
        return MoveNotice(str(data["table"]), int(data["number"]))
    except (ValueError, KeyError, TypeError):
        return None


def _stored(
    connection: psycopg.Connection[Any],
    column: str,
    table: str,
    condition: str,
    parameters: tuple[object, ...],
) -> object:
    """One JSON value already stored (None if absent), to recognise a retried write."""
    query = f"SELECT {column} FROM {table} WHERE {condition}"
    # Bytes: every part of the query is a constant of this module.
    row = connection.execute(query.encode(), parameters).fetchone()
    return None if row is None else row[0]


def _json(value: Mapping[str, Any]) -> str:
    """A mapping as JSON text for a ``json`` parameter."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _not_found(table_id: str) -> TableNotFoundError:
    """The error for an id that names no stored table."""
    return TableNotFoundError(
        f"no table with id {table_id!r} in this database: list the tables to see their ids"
    )
