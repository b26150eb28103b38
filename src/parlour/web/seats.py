"""The web server's own book of seats: who holds which seat of which table.

The table (``parlour.table``) knows the game, the seats and the moves; the web
server adds what only a server needs: a secret token for each person's seat
(stored as its SHA-256 hash, never in clear), whether someone has taken the seat,
and the name that person chose. The book lives in the same database as the
tables, in tables of its own (``web_tables``, ``web_seats``): in the SQLite file
(:class:`SqliteSeatBook`) or in PostgreSQL (:class:`PostgresSeatBook`, whose
tables are steps of the store's versioned schema), so that several server
processes on one PostgreSQL database share their seats too.

A free person's seat that a seated person gave to a bot (``{"type": "bots"}``)
stays a line of the book: taken, with no token (no link leads to it), and the
level of the bot that plays it for good (``bot``), so that a restarted server, or
another process on the same database, plays it as a bot's seat. A seat whose
person left for good (``{"type": "leave"}``) gets the level of the table's
stand-in there too, but keeps its name and token (:attr:`SeatEntry.left`).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import sqlite3
import time
import unicodedata
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from parlour.core.errors import ParlourError
from parlour.core.seat_names import seat_name_in
from parlour.i18n import LANGUAGES
from parlour.table.store import BUSY_TIMEOUT_SECONDS

if TYPE_CHECKING:
    import psycopg

    from parlour.table.postgres import PostgresTableStore
    from parlour.table.store import TableStore

_T = TypeVar("_T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS web_tables (
    table_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    created REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS web_seats (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    token_hash TEXT,
    taken INTEGER NOT NULL DEFAULT 0,
    name TEXT NOT NULL DEFAULT '',
    bot TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (table_id, seat)
);
"""

BOT_COLUMN = "ALTER TABLE web_seats ADD COLUMN bot TEXT NOT NULL DEFAULT ''"
"""Adds the ``bot`` column to a SQLite seat book written before seats could be
given to bots (its seats are all people's: ``''``)."""


MAX_NAME_CHARACTERS = 40
"""The longest seat name, in characters, after :func:`normalise_name`."""

BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f"
    + "".join(chr(code) for code in range(0x202A, 0x202F))
    + "".join(chr(code) for code in range(0x2066, 0x206A))
)
"""The bidirectional controls (marks, embeddings, overrides, isolates): in a name
they can turn the text around it backwards on every other player's screen."""


class SeatNameError(ParlourError):
    """A seat name that cannot be used, with the HTTP status that says why
    (400: not a name; 409: another seat of the table has it)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def normalise_name(name: object, field: str = "name") -> str:
    """A seat name as the table shows it: text in Unicode NFC, every run of
    white space made one space, none at either end; ``""`` (no name: the table's
    own) for an empty one. The one place every path that names a seat goes
    through (a new table's seats, taking a free seat, the WebSocket hello).

    Refused (:class:`SeatNameError` naming ``field``): anything but text, a control
    character, a bidirectional control, more than :data:`MAX_NAME_CHARACTERS`.

    >>> normalise_name("  Ann\u00a0  Marie ")
    'Ann Marie'
    """
    if name is None:
        return ""
    if not isinstance(name, str):
        raise SeatNameError(f"{field} must be text of at most {MAX_NAME_CHARACTERS} characters")
    text = unicodedata.normalize("NFC", name)
    for character in text:  # before white space is collapsed: a tab or a NEL is refused too
        category = unicodedata.category(character)
        if category in ("Cc", "Cs") or character in BIDI_CONTROLS:
            bidi = character in BIDI_CONTROLS
            kind = "a bidirectional control" if bidi else "a control character"
            raise SeatNameError(
                f"{field} holds {kind} (U+{ord(character):04X}); a name is plain text"
            )
    text = " ".join(text.split())
    if len(text) > MAX_NAME_CHARACTERS:
        raise SeatNameError(
            f"{field} must be text of at most {MAX_NAME_CHARACTERS} characters, not {len(text)}"
        )
    return text


def name_key(name: str) -> str:
    """The form in which two names are compared: case folded (``ANN`` is ``ann``)."""
    return unicodedata.normalize("NFC", name.casefold())


def check_name_free(name: str, others: Iterable[tuple[int, str]]) -> None:
    """Refuse (409) ``name`` when another seat of the table, person or bot, is
    already called that, whatever the case; ``others`` are the other seats'
    ``(index, current name)``."""
    if not name:
        return
    for seat, other in others:
        # a default name counts in both languages: "Robot 2" is taken by "Bot 2"
        said = {name_key(seat_name_in(other, seat, lang)) for lang in LANGUAGES}
        if name_key(name) in said | {name_key(other)}:
            raise SeatNameError(
                f"the name {name!r} is already used at this table (seat {seat}, {other!r}); "
                "choose another name",
                409,
            )


def new_token() -> str:
    """A fresh seat token: 32 random bytes (256 bits), URL-safe text."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """The stored form of a token: its SHA-256 digest in hexadecimal."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class SeatEntry:
    """The book's line for one person's seat."""

    seat: int
    token_hash: str | None
    taken: bool
    name: str
    bot: str = ""
    """The level of the bot that plays this seat for good: the bot a seated
    person gave the free seat to, or the stand-in of a person who left it;
    ``""`` while the seat is a person's (or free)."""

    @property
    def left(self) -> bool:
        """True when the seat's person left it for good (:meth:`SeatBook.give_up`):
        a bot plays it, and its token still leads to it (so that the person's
        link is told so and watches). A seat given to a bot has no token."""
        return bool(self.bot) and self.token_hash is not None


class SeatBook(Protocol):
    """What the server keeps about person seats, whatever the database."""

    def close(self) -> None:
        """Let go of the database."""

    def add_table(self, table_id: str, game: str, person_seats: dict[int, str]) -> None:
        """Record a new table and the token hash of each person's seat."""

    def table_ids(self, *, finished: bool | None = None) -> list[str]:
        """The tables the server made, newest first."""

    def count_unfinished(self) -> int:
        """How many of the tables the server made are not finished."""

    def unfinished_among(self, table_ids: Collection[str]) -> set[str]:
        """Those of ``table_ids`` that the server made and are not finished."""

    def has_table(self, table_id: str) -> bool:
        """True when the server made the table ``table_id``."""

    def mark_finished(self, table_id: str) -> None:
        """Note that the table's game is over."""

    def seats(self, table_id: str) -> dict[int, SeatEntry]:
        """The person seats of a table, by seat index."""

    def seat_of_token(self, table_id: str, token: str) -> int | None:
        """The seat whose token is ``token``, or None."""

    def mark_taken(self, table_id: str, seat: int) -> None:
        """Note that someone came to the seat with its token."""

    def name_seat(self, table_id: str, seat: int, name: str) -> None:
        """Set the name shown for a person's seat."""

    def take_free(self, table_id: str, seat: int, new_hash: str, name: str) -> bool:
        """Give a free seat a new token and a name; False if it was already taken."""

    def give_to_bot(self, table_id: str, seat: int, name: str, level: str) -> bool:
        """Give a free seat to a bot of ``level`` for good, under ``name``, with no
        token; False if it was already taken."""

    def give_up(self, table_id: str, seat: int, level: str) -> bool:
        """The person of a taken seat leaves it for good: a bot of ``level``
        plays it from now on. Its name and token stay (:attr:`SeatEntry.left`);
        False if the seat is not taken or already a bot's."""

    def forget_table(self, table_id: str) -> None:
        """Remove a table and its seats from the book (a deleted finished table)."""


def matching_seat(entries: dict[int, SeatEntry], token: str) -> int | None:
    """The seat of ``entries`` whose hash is the token's. Every stored hash is
    compared in constant time, so the answer's timing tells nothing about near
    misses."""
    offered = token_hash(token)
    found: int | None = None
    for entry in entries.values():
        if entry.token_hash is not None and hmac.compare_digest(entry.token_hash, offered):
            found = entry.seat
    return found


class SqliteSeatBook:
    """Token hashes, taken seats and chosen names, in SQLite.

    Every call runs on the server's event loop thread; the connection is opened
    with ``check_same_thread=False`` only so that a test may build the book in one
    thread and serve from another.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._connection = sqlite3.connect(self.path, check_same_thread=False)
        # As the table store: a locked file fails in seconds, not with the event loop held.
        self._connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
        if self.path != ":memory:":
            # As the table store: WAL, and no fsync at each commit (durable
            # against a killed process, not against a power cut).
            self._connection.execute("PRAGMA journal_mode=WAL")
            self._connection.execute("PRAGMA synchronous=NORMAL")
        self._connection.executescript(SCHEMA)
        if "bot" not in self._seat_columns():  # a book written before bots' seats
            try:
                self._connection.execute(BOT_COLUMN)
            except sqlite3.OperationalError:
                if "bot" not in self._seat_columns():  # not added meanwhile by another
                    raise
        self._connection.commit()

    def _seat_columns(self) -> set[str]:
        return {row[1] for row in self._connection.execute("PRAGMA table_info(web_seats)")}

    def close(self) -> None:
        """Close the database connection."""
        self._connection.close()

    def add_table(self, table_id: str, game: str, person_seats: dict[int, str]) -> None:
        """Record a new table and the token hash of each person's seat."""
        with self._connection:
            self._connection.execute(
                "INSERT INTO web_tables (table_id, game, created) VALUES (?, ?, ?)",
                (table_id, game, time.time()),
            )
            self._connection.executemany(
                "INSERT INTO web_seats (table_id, seat, token_hash) VALUES (?, ?, ?)",
                [(table_id, seat, hashed) for seat, hashed in person_seats.items()],
            )

    def table_ids(self, *, finished: bool | None = None) -> list[str]:
        """The tables this server made, newest first."""
        query = "SELECT table_id FROM web_tables"
        parameters: tuple[int, ...] = ()
        if finished is not None:
            query += " WHERE finished = ?"
            parameters = (int(finished),)
        rows = self._connection.execute(query + " ORDER BY created DESC", parameters)
        return [row[0] for row in rows]

    def count_unfinished(self) -> int:
        """How many of the tables this server made are not finished."""
        row = self._connection.execute(
            "SELECT COUNT(*) FROM web_tables WHERE finished = 0"
        ).fetchone()
        return int(row[0])

    def unfinished_among(self, table_ids: Collection[str]) -> set[str]:
        """Those of ``table_ids`` that this server made and are not finished."""
        wanted = list(table_ids)
        found: set[str] = set()
        for start in range(0, len(wanted), 500):  # under SQLite's bound parameters
            part = wanted[start : start + 500]
            marks = ",".join("?" * len(part))
            rows = self._connection.execute(
                f"SELECT table_id FROM web_tables WHERE finished = 0 AND table_id IN ({marks})",
                part,
            )
            found.update(row[0] for row in rows)
        return found

    def has_table(self, table_id: str) -> bool:
        """True when this server made the table ``table_id``."""
        row = self._connection.execute(
            "SELECT 1 FROM web_tables WHERE table_id = ?", (table_id,)
        ).fetchone()
        return row is not None

    def mark_finished(self, table_id: str) -> None:
        """Note that the table's game is over (so the lobby stops listing it)."""
        with self._connection:
            self._connection.execute(
                "UPDATE web_tables SET finished = 1 WHERE table_id = ?", (table_id,)
            )

    def seats(self, table_id: str) -> dict[int, SeatEntry]:
        """The person seats of a table, by seat index."""
        rows = self._connection.execute(
            "SELECT seat, token_hash, taken, name, bot FROM web_seats WHERE table_id = ?",
            (table_id,),
        )
        return {
            seat: SeatEntry(seat, hashed, bool(taken), name, bot)
            for seat, hashed, taken, name, bot in rows
        }

    def seat_of_token(self, table_id: str, token: str) -> int | None:
        """The seat whose token is ``token``, or None (see :func:`matching_seat`)."""
        return matching_seat(self.seats(table_id), token)

    def mark_taken(self, table_id: str, seat: int) -> None:
        """Note that someone came to the seat with its token."""
        with self._connection:
            self._connection.execute(
                "UPDATE web_seats SET taken = 1 WHERE table_id = ? AND seat = ?",
                (table_id, seat),
            )

    def name_seat(self, table_id: str, seat: int, name: str) -> None:
        """Set the name shown for a person's seat."""
        with self._connection:
            self._connection.execute(
                "UPDATE web_seats SET name = ? WHERE table_id = ? AND seat = ?",
                (name, table_id, seat),
            )

    def take_free(self, table_id: str, seat: int, new_hash: str, name: str) -> bool:
        """Give a free seat a new token and a name; False if it was already taken.
        The old token (an unused share link) stops working."""
        with self._connection:
            cursor = self._connection.execute(
                "UPDATE web_seats SET token_hash = ?, taken = 1, name = ? "
                "WHERE table_id = ? AND seat = ? AND taken = 0",
                (new_hash, name, table_id, seat),
            )
        return cursor.rowcount == 1

    def give_to_bot(self, table_id: str, seat: int, name: str, level: str) -> bool:
        """Give a free seat to a bot of ``level`` for good, under ``name``; its
        token is dropped (no link leads to a bot's seat). False if it was
        already taken."""
        with self._connection:
            cursor = self._connection.execute(
                "UPDATE web_seats SET token_hash = NULL, taken = 1, name = ?, bot = ? "
                "WHERE table_id = ? AND seat = ? AND taken = 0",
                (name, level, table_id, seat),
            )
        return cursor.rowcount == 1

    def give_up(self, table_id: str, seat: int, level: str) -> bool:
        """The person of a taken seat leaves it for good: a bot of ``level``
        plays it from now on; its name and token stay. False if the seat is not
        taken or already a bot's."""
        with self._connection:
            cursor = self._connection.execute(
                "UPDATE web_seats SET bot = ? "
                "WHERE table_id = ? AND seat = ? AND taken = 1 AND bot = ''",
                (level, table_id, seat),
            )
        return cursor.rowcount == 1

    def forget_table(self, table_id: str) -> None:
        """Remove a table and its seats from the book (a deleted finished table)."""
        with self._connection:
            self._connection.execute("DELETE FROM web_seats WHERE table_id = ?", (table_id,))
            self._connection.execute("DELETE FROM web_tables WHERE table_id = ?", (table_id,))


class PostgresSeatBook:
    """The seat book in PostgreSQL, on the connections of a
    :class:`~parlour.table.postgres.PostgresTableStore`.

    Its tables (``web_tables``, ``web_seats``) are created by the store's schema
    upgrade (step 3 of ``SCHEMA_STEPS``), so one schema version covers the tables,
    the moves and the seats. Taking a free seat is one conditional ``UPDATE``: of
    two processes giving away the same seat at once, exactly one succeeds.
    """

    def __init__(self, store: PostgresTableStore) -> None:
        self.store = store

    def _run(self, work: Callable[[psycopg.Connection[Any]], _T]) -> _T:
        # The store's pool: a connection dropped by the server is opened again.
        return self.store._run(lambda connection, retried: work(connection))

    def close(self) -> None:
        """Nothing to close: the connections belong to the store."""

    def add_table(self, table_id: str, game: str, person_seats: dict[int, str]) -> None:
        """Record a new table and the token hash of each person's seat."""

        def work(connection: psycopg.Connection[Any]) -> None:
            with connection.transaction():
                connection.execute(
                    "INSERT INTO web_tables (table_id, game, created) VALUES (%s, %s, %s)",
                    (table_id, game, time.time()),
                )
                for seat, hashed in person_seats.items():
                    connection.execute(
                        "INSERT INTO web_seats (table_id, seat, token_hash) VALUES (%s, %s, %s)",
                        (table_id, seat, hashed),
                    )

        self._run(work)

    def table_ids(self, *, finished: bool | None = None) -> list[str]:
        """The tables the servers made, newest first."""
        query = "SELECT table_id FROM web_tables"
        parameters: tuple[bool, ...] = ()
        if finished is not None:
            query += " WHERE finished = %s"
            parameters = (finished,)
        text = (query + " ORDER BY created DESC").encode()
        rows = self._run(lambda connection: connection.execute(text, parameters).fetchall())
        return [row[0] for row in rows]

    def count_unfinished(self) -> int:
        """How many of the tables the servers made are not finished."""
        row = self._run(
            lambda connection: connection.execute(
                "SELECT COUNT(*) FROM web_tables WHERE NOT finished"
            ).fetchone()
        )
        return 0 if row is None else int(row[0])

    def unfinished_among(self, table_ids: Collection[str]) -> set[str]:
        """Those of ``table_ids`` that the servers made and are not finished."""
        wanted = list(table_ids)
        if not wanted:
            return set()
        rows = self._run(
            lambda connection: connection.execute(
                "SELECT table_id FROM web_tables WHERE NOT finished AND table_id = ANY(%s)",
                (wanted,),
            ).fetchall()
        )
        return {row[0] for row in rows}

    def has_table(self, table_id: str) -> bool:
        """True when a server made the table ``table_id``."""
        row = self._run(
            lambda connection: connection.execute(
                "SELECT 1 FROM web_tables WHERE table_id = %s", (table_id,)
            ).fetchone()
        )
        return row is not None

    def mark_finished(self, table_id: str) -> None:
        """Note that the table's game is over (so the lobby stops listing it)."""
        self._run(
            lambda connection: connection.execute(
                "UPDATE web_tables SET finished = true WHERE table_id = %s AND NOT finished",
                (table_id,),
            )
        )

    def seats(self, table_id: str) -> dict[int, SeatEntry]:
        """The person seats of a table, by seat index."""
        rows = self._run(
            lambda connection: connection.execute(
                "SELECT seat, token_hash, taken, name, bot FROM web_seats WHERE table_id = %s",
                (table_id,),
            ).fetchall()
        )
        return {
            seat: SeatEntry(seat, hashed, bool(taken), name, bot)
            for seat, hashed, taken, name, bot in rows
        }

    def seat_of_token(self, table_id: str, token: str) -> int | None:
        """The seat whose token is ``token``, or None (see :func:`matching_seat`)."""
        return matching_seat(self.seats(table_id), token)

    def mark_taken(self, table_id: str, seat: int) -> None:
        """Note that someone came to the seat with its token."""
        self._run(
            lambda connection: connection.execute(
                "UPDATE web_seats SET taken = true WHERE table_id = %s AND seat = %s AND NOT taken",
                (table_id, seat),
            )
        )

    def name_seat(self, table_id: str, seat: int, name: str) -> None:
        """Set the name shown for a person's seat."""
        self._run(
            lambda connection: connection.execute(
                "UPDATE web_seats SET name = %s WHERE table_id = %s AND seat = %s",
                (name, table_id, seat),
            )
        )

    def take_free(self, table_id: str, seat: int, new_hash: str, name: str) -> bool:
        """Give a free seat a new token and a name; False if it was already taken.
        The old token (an unused share link) stops working."""
        count = self._run(
            lambda connection: (
                connection.execute(
                    "UPDATE web_seats SET token_hash = %s, taken = true, name = %s "
                    "WHERE table_id = %s AND seat = %s AND NOT taken",
                    (new_hash, name, table_id, seat),
                ).rowcount
            )
        )
        return count == 1

    def give_to_bot(self, table_id: str, seat: int, name: str, level: str) -> bool:
        """Give a free seat to a bot of ``level`` for good, under ``name``; its
        token is dropped (no link leads to a bot's seat). False if it was
        already taken (one conditional ``UPDATE``: given once)."""
        count = self._run(
            lambda connection: (
                connection.execute(
                    "UPDATE web_seats SET token_hash = NULL, taken = true, name = %s, bot = %s "
                    "WHERE table_id = %s AND seat = %s AND NOT taken",
                    (name, level, table_id, seat),
                ).rowcount
            )
        )
        return count == 1

    def give_up(self, table_id: str, seat: int, level: str) -> bool:
        """The person of a taken seat leaves it for good: a bot of ``level``
        plays it from now on; its name and token stay. False if the seat is not
        taken or already a bot's (one conditional ``UPDATE``)."""
        count = self._run(
            lambda connection: (
                connection.execute(
                    "UPDATE web_seats SET bot = %s "
                    "WHERE table_id = %s AND seat = %s AND taken AND bot = ''",
                    (level, table_id, seat),
                ).rowcount
            )
        )
        return count == 1

    def mark_present(self, process: str, seats: list[tuple[str, int]]) -> None:
        """Note that ``process`` has a connection for each ``(table id, seat)`` now."""
        if not seats:
            return
        tables = [table_id for table_id, _ in seats]
        numbers = [seat for _, seat in seats]

        def work(connection: psycopg.Connection[Any]) -> None:
            connection.execute(
                "UPDATE web_seats SET seen_by = %s,"
                " seen_at = extract(epoch FROM clock_timestamp())"
                " FROM unnest(%s::text[], %s::int[]) AS here (table_id, seat)"
                " WHERE web_seats.table_id = here.table_id AND web_seats.seat = here.seat",
                (process, tables, numbers),
            )

        self._run(work)

    def present_elsewhere(
        self, process: str, table_ids: list[str], within: float
    ) -> set[tuple[str, int]]:
        """The ``(table id, seat)`` of these tables that a process other than
        ``process`` saw less than ``within`` seconds ago (by the database's clock,
        so that the servers' clocks need not agree)."""
        if not table_ids:
            return set()
        rows = self._run(
            lambda connection: connection.execute(
                "SELECT table_id, seat FROM web_seats WHERE table_id = ANY(%s)"
                " AND seen_by IS DISTINCT FROM %s"
                " AND extract(epoch FROM clock_timestamp()) - seen_at < %s",
                (table_ids, process, within),
            ).fetchall()
        )
        return {(str(table_id), int(seat)) for table_id, seat in rows}

    def forget_table(self, table_id: str) -> None:
        """Remove a table and its seats from the book (a deleted finished table)."""
        self._run(
            lambda connection: connection.execute(
                "DELETE FROM web_tables WHERE table_id = %s", (table_id,)
            )
        )  # its web_seats rows go with it (ON DELETE CASCADE)


def open_seat_book(store: TableStore, sqlite_path: str | Path | None = None) -> SeatBook:
    """The seat book that goes with ``store``: in PostgreSQL beside a PostgreSQL
    store, else in the SQLite file ``sqlite_path`` (the store's own file)."""
    from parlour.table.postgres import PostgresTableStore

    if isinstance(store, PostgresTableStore):
        return PostgresSeatBook(store)
    if sqlite_path is None:
        sqlite_path = getattr(store, "path", ":memory:")
    return SqliteSeatBook(sqlite_path)
