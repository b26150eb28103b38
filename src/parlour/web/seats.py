"""The web server's own book of seats: who holds which seat of which table.

The table (``parlour.table``) knows the game, the seats and the moves; the web
server adds what only a server needs: a secret token for each person's seat
(stored as its SHA-256 hash, never in clear), whether someone has taken the seat,
and the name that person chose. The book lives in the same SQLite file as the
tables, in tables of its own (``web_tables``, ``web_seats``).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

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
    PRIMARY KEY (table_id, seat)
);
"""


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


class SeatBook:
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
        self._connection.execute("PRAGMA busy_timeout = 5000")
        self._connection.executescript(SCHEMA)
        self._connection.commit()

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
            "SELECT seat, token_hash, taken, name FROM web_seats WHERE table_id = ?",
            (table_id,),
        )
        return {
            seat: SeatEntry(seat, hashed, bool(taken), name) for seat, hashed, taken, name in rows
        }

    def seat_of_token(self, table_id: str, token: str) -> int | None:
        """The seat whose token is ``token``, or None. Every stored hash is compared
        in constant time, so the answer's timing tells nothing about near misses."""
        offered = token_hash(token)
        found: int | None = None
        for entry in self.seats(table_id).values():
            if entry.token_hash is not None and hmac.compare_digest(entry.token_hash, offered):
                found = entry.seat
        return found

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
