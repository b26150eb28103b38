"""The people of a server: accounts, their sessions, who holds which seat, each
table's visibility, its chat, and the ratings, in the database of the tables.

The seat book (:mod:`parlour.web.seats`) knows seats and their tokens; this book
knows persons. Its tables sit beside the seat book's, in the same SQLite file or
the same PostgreSQL database, with a versioned schema of their own
(:data:`PEOPLE_STEPS`, the version kept in ``web_people_schema``) so that a
database made by an older release is upgraded in place, its tables kept, and so
that the table store's own schema steps stay its own.

One class serves both databases: the SQL is written once with ``?`` parameters
and handed to SQLite as it is, to PostgreSQL with ``%s``. Booleans are stored as
0 and 1 and times as seconds since the epoch, which both read alike.
"""

from __future__ import annotations

import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from parlour.table.store import BUSY_TIMEOUT_SECONDS
from parlour.web.seats import SCHEMA as SEAT_SCHEMA

if TYPE_CHECKING:
    import psycopg

    from parlour.table.postgres import PostgresTableStore
    from parlour.table.store import TableStore

PEOPLE_LOCK_KEY = int.from_bytes(b"parlourP", "big", signed=True)
"""The PostgreSQL advisory lock held while this book's schema is upgraded (so
that several processes starting at once upgrade it exactly once)."""

PEOPLE_STEPS: tuple[tuple[str, ...], ...] = (
    # Version 1: accounts and sessions; the account of each seat; what a table
    # chose (visibility, rated, its maker); chat; ratings; each account's results.
    (
        """CREATE TABLE web_accounts (
            account_id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            recovery_hash TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE web_sessions (
            token_hash TEXT PRIMARY KEY,
            account_id TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL,
            seen DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX web_sessions_by_account ON web_sessions (account_id)",
        """CREATE TABLE web_table_facts (
            table_id TEXT PRIMARY KEY,
            visibility TEXT NOT NULL,
            rated INTEGER NOT NULL,
            maker TEXT NOT NULL DEFAULT ''
        )""",
        """CREATE TABLE web_seat_people (
            table_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            account_id TEXT NOT NULL,
            PRIMARY KEY (table_id, seat)
        )""",
        "CREATE INDEX web_seat_people_by_account ON web_seat_people (account_id)",
        """CREATE TABLE web_chat (
            message_id TEXT PRIMARY KEY,
            table_id TEXT NOT NULL,
            said DOUBLE PRECISION NOT NULL,
            channel TEXT NOT NULL,
            seat INTEGER,
            name TEXT NOT NULL,
            account_id TEXT NOT NULL DEFAULT '',
            text TEXT NOT NULL,
            reaction TEXT NOT NULL DEFAULT ''
        )""",
        "CREATE INDEX web_chat_by_table ON web_chat (table_id, said)",
        """CREATE TABLE web_ratings (
            account_id TEXT NOT NULL,
            game TEXT NOT NULL,
            mu DOUBLE PRECISION NOT NULL,
            sigma DOUBLE PRECISION NOT NULL,
            games INTEGER NOT NULL,
            PRIMARY KEY (account_id, game)
        )""",
        """CREATE TABLE web_rating_history (
            account_id TEXT NOT NULL,
            game TEXT NOT NULL,
            table_id TEXT NOT NULL,
            said DOUBLE PRECISION NOT NULL,
            mu DOUBLE PRECISION NOT NULL,
            sigma DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (account_id, table_id)
        )""",
        """CREATE TABLE web_results (
            table_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            account_id TEXT NOT NULL,
            game TEXT NOT NULL,
            finished DOUBLE PRECISION NOT NULL,
            place INTEGER NOT NULL,
            won INTEGER NOT NULL,
            rated INTEGER NOT NULL,
            PRIMARY KEY (table_id, seat)
        )""",
        "CREATE INDEX web_results_by_account ON web_results (account_id, finished)",
        """CREATE TABLE web_finished_people (
            table_id TEXT PRIMARY KEY,
            finished DOUBLE PRECISION NOT NULL
        )""",
    ),
)
"""This book's schema as ordered upgrade steps: step ``n`` (from 1) takes the
database from version ``n - 1`` to ``n``. A released step is never edited."""

PEOPLE_VERSION = len(PEOPLE_STEPS)


@dataclass(frozen=True)
class Account:
    """One account as the book holds it (the hashes never leave the server)."""

    account_id: str
    name: str
    name_key: str
    password_hash: str
    recovery_hash: str
    created: float


@dataclass(frozen=True)
class TableFacts:
    """What a table's maker chose: ``open`` or ``private``, rated or not, and
    the account that made it (empty for a guest)."""

    visibility: str
    rated: bool
    maker: str


@dataclass(frozen=True)
class ChatLine:
    """One stored chat message of a table."""

    message_id: str
    said: float
    channel: str
    seat: int | None
    name: str
    account_id: str
    text: str
    reaction: str


@dataclass(frozen=True)
class Rating:
    """An account's rating in one game (OpenSkill's mean and uncertainty)."""

    mu: float
    sigma: float
    games: int


class PeopleBook:
    """Accounts, sessions, seat owners, table facts, chat and ratings, on the
    connection of SQLite (``sqlite_path``) or on a PostgreSQL store's pool
    (``postgres``). Opening it brings the schema to :data:`PEOPLE_VERSION`."""

    def __init__(
        self,
        *,
        sqlite_path: str | Path | None = None,
        postgres: PostgresTableStore | None = None,
    ) -> None:
        self._postgres = postgres
        self._connection: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        if postgres is None:
            path = str(sqlite_path if sqlite_path is not None else ":memory:")
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            self._connection = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            self._connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
            if path != ":memory:":
                self._connection.execute("PRAGMA journal_mode=WAL")
                self._connection.execute("PRAGMA synchronous=NORMAL")
            # The seat book's tables, which some of this book's queries join
            # (already there when the seat book opened the file first).
            self._connection.executescript(SEAT_SCHEMA)
        self._upgrade()

    # ----- the two databases ---------------------------------------------------
    def close(self) -> None:
        """Let go of the database (PostgreSQL's connections belong to the store)."""
        if self._connection is not None:
            self._connection.close()

    def transaction(self, work: Callable[[Callable[..., list[tuple[Any, ...]]]], Any]) -> Any:
        """Run ``work(run)`` in one transaction, where ``run(sql, parameters)``
        executes one statement (``?`` parameters) and returns its rows (for an
        ``UPDATE`` or ``DELETE``, ``[(rowcount,)]``)."""
        if self._postgres is not None:
            return self._postgres._run(lambda connection, retried: _pg_work(connection, work))
        assert self._connection is not None
        connection = self._connection
        with self._lock:
            connection.execute("BEGIN IMMEDIATE")
            try:

                def run(sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
                    cursor = connection.execute(sql, tuple(parameters))
                    if cursor.description is None:
                        return [(cursor.rowcount,)]
                    return cursor.fetchall()

                result = work(run)
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")
            return result

    def query(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """One statement in a transaction of its own; its rows (see :meth:`transaction`)."""
        rows: list[tuple[Any, ...]] = self.transaction(lambda run: run(sql, parameters))
        return rows

    def _upgrade(self) -> None:
        def work(run: Callable[..., list[tuple[Any, ...]]]) -> None:
            if self._postgres is not None:
                run("SELECT pg_advisory_xact_lock(?)", (PEOPLE_LOCK_KEY,))
            run("CREATE TABLE IF NOT EXISTS web_people_schema (version INTEGER NOT NULL)")
            rows = run("SELECT version FROM web_people_schema")
            version = int(rows[0][0]) if rows else 0
            if not rows:
                run("INSERT INTO web_people_schema (version) VALUES (0)")
            for step in PEOPLE_STEPS[version:]:
                for statement in step:
                    run(statement)
            if version < PEOPLE_VERSION:
                run("UPDATE web_people_schema SET version = ?", (PEOPLE_VERSION,))

        self.transaction(work)

    def schema_version(self) -> int:
        """The version of this book's schema in the database."""
        return int(self.query("SELECT version FROM web_people_schema")[0][0])

    # ----- accounts --------------------------------------------------------------
    def add_account(
        self, name: str, name_key: str, password_hash: str, recovery_hash: str
    ) -> Account | None:
        """A new account; None when the name (by its key) is taken."""
        account = Account(
            secrets.token_hex(12), name, name_key, password_hash, recovery_hash, time.time()
        )
        count = self.query(
            "INSERT INTO web_accounts (account_id, name, name_key, password_hash,"
            " recovery_hash, created) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (
                account.account_id,
                name,
                name_key,
                password_hash,
                recovery_hash,
                account.created,
            ),
        )[0][0]
        return account if count == 1 else None

    def _account(self, where: str, value: str) -> Account | None:
        rows = self.query(
            "SELECT account_id, name, name_key, password_hash, recovery_hash, created"
            f" FROM web_accounts WHERE {where} = ?",
            (value,),
        )
        return Account(*rows[0]) if rows else None

    def account_by_key(self, name_key: str) -> Account | None:
        """The account whose name has this key, or None."""
        return self._account("name_key", name_key)

    def account_by_id(self, account_id: str) -> Account | None:
        """The account of this id, or None."""
        return self._account("account_id", account_id)

    def set_password(self, account_id: str, password_hash: str) -> None:
        """Replace an account's password hash."""
        self.query(
            "UPDATE web_accounts SET password_hash = ? WHERE account_id = ?",
            (password_hash, account_id),
        )

    def set_recovery(self, account_id: str, recovery_hash: str) -> None:
        """Replace an account's recovery code hash."""
        self.query(
            "UPDATE web_accounts SET recovery_hash = ? WHERE account_id = ?",
            (recovery_hash, account_id),
        )

    def rename(self, account_id: str, name: str, name_key: str) -> bool:
        """Give an account a new name, and its seats and chat lines with it;
        False when another account has that name."""

        def work(run: Callable[..., list[tuple[Any, ...]]]) -> bool:
            taken = run(
                "SELECT 1 FROM web_accounts WHERE name_key = ? AND account_id <> ?",
                (name_key, account_id),
            )
            if taken:
                return False
            run(
                "UPDATE web_accounts SET name = ?, name_key = ? WHERE account_id = ?",
                (name, name_key, account_id),
            )
            self._rename_seats(run, account_id, name)
            return True

        renamed: bool = self.transaction(work)
        return renamed

    @staticmethod
    def _rename_seats(
        run: Callable[..., list[tuple[Any, ...]]], account_id: str, name: str
    ) -> None:
        run(
            "UPDATE web_seats SET name = ? WHERE EXISTS (SELECT 1 FROM web_seat_people AS p"
            " WHERE p.table_id = web_seats.table_id AND p.seat = web_seats.seat"
            " AND p.account_id = ?)",
            (name, account_id),
        )
        run("UPDATE web_chat SET name = ? WHERE account_id = ?", (name, account_id))

    def delete_account(self, account_id: str, former_name: str) -> None:
        """Remove an account, its sessions, ratings and results; its seats and
        chat lines stay, under ``former_name``."""

        def work(run: Callable[..., list[tuple[Any, ...]]]) -> None:
            self._rename_seats(run, account_id, former_name)
            run("UPDATE web_chat SET account_id = '' WHERE account_id = ?", (account_id,))
            for table in (
                "web_sessions",
                "web_seat_people",
                "web_ratings",
                "web_rating_history",
                "web_results",
                "web_accounts",
            ):
                run(f"DELETE FROM {table} WHERE account_id = ?", (account_id,))
            run("UPDATE web_table_facts SET maker = '' WHERE maker = ?", (account_id,))

        self.transaction(work)

    # ----- sessions ----------------------------------------------------------------
    def add_session(self, token_hash: str, account_id: str, longest: float) -> None:
        """Record a new session of an account (by its token's hash), and forget
        the sessions of every account unused for ``longest`` seconds."""
        now = time.time()

        def work(run: Callable[..., list[tuple[Any, ...]]]) -> None:
            run("DELETE FROM web_sessions WHERE seen < ?", (now - longest,))
            run(
                "INSERT INTO web_sessions (token_hash, account_id, created, seen)"
                " VALUES (?, ?, ?, ?)",
                (token_hash, account_id, now, now),
            )

        self.transaction(work)

    def session_account(self, token_hash: str, longest: float) -> str | None:
        """The account of a session seen less than ``longest`` seconds ago (the
        session is noted as seen now), or None."""
        now = time.time()

        def work(run: Callable[..., list[tuple[Any, ...]]]) -> str | None:
            rows = run(
                "SELECT account_id, seen FROM web_sessions WHERE token_hash = ?", (token_hash,)
            )
            if not rows:
                return None
            account_id, seen = rows[0]
            if now - float(seen) > longest:
                run("DELETE FROM web_sessions WHERE token_hash = ?", (token_hash,))
                return None
            if now - float(seen) > 60:
                run("UPDATE web_sessions SET seen = ? WHERE token_hash = ?", (now, token_hash))
            return str(account_id)

        found: str | None = self.transaction(work)
        return found

    def end_session(self, token_hash: str) -> None:
        """Forget one session (signing out)."""
        self.query("DELETE FROM web_sessions WHERE token_hash = ?", (token_hash,))

    def end_other_sessions(self, account_id: str, keep: str | None) -> None:
        """Forget every session of an account but ``keep`` (a token hash)."""
        self.query(
            "DELETE FROM web_sessions WHERE account_id = ? AND token_hash <> ?",
            (account_id, keep or ""),
        )

    # ----- tables and seats ----------------------------------------------------------
    def add_table(self, table_id: str, facts: TableFacts, owners: dict[int, str]) -> None:
        """Record what a new table chose and the account of each owned seat."""

        def work(run: Callable[..., list[tuple[Any, ...]]]) -> None:
            run(
                "INSERT INTO web_table_facts (table_id, visibility, rated, maker)"
                " VALUES (?, ?, ?, ?)",
                (table_id, facts.visibility, int(facts.rated), facts.maker),
            )
            for seat, account_id in owners.items():
                run(
                    "INSERT INTO web_seat_people (table_id, seat, account_id) VALUES (?, ?, ?)",
                    (table_id, seat, account_id),
                )

        self.transaction(work)

    def table_facts(self, table_id: str) -> TableFacts:
        """What a table chose (a table made before accounts: open, unrated)."""
        rows = self.query(
            "SELECT visibility, rated, maker FROM web_table_facts WHERE table_id = ?",
            (table_id,),
        )
        if not rows:
            return TableFacts("open", False, "")
        visibility, rated, maker = rows[0]
        return TableFacts(str(visibility), bool(rated), str(maker))

    def private_tables(self, table_ids: Sequence[str]) -> set[str]:
        """Which of these tables are private."""
        found: set[str] = set()
        for start in range(0, len(table_ids), 500):
            chunk = tuple(table_ids[start : start + 500])
            marks = ", ".join("?" for _ in chunk)
            rows = self.query(
                "SELECT table_id FROM web_table_facts WHERE visibility = 'private'"
                f" AND table_id IN ({marks})",
                chunk,
            )
            found.update(str(row[0]) for row in rows)
        return found

    def waiting_tables(self, game: str) -> list[str]:
        """The open, unfinished tables of ``game`` with a free person's seat,
        oldest first (where "Play now" seats a person)."""
        rows = self.query(
            "SELECT t.table_id FROM web_tables AS t"
            " LEFT JOIN web_table_facts AS f ON f.table_id = t.table_id"
            " WHERE t.game = ? AND NOT t.finished AND COALESCE(f.visibility, 'open') = 'open'"
            " AND EXISTS (SELECT 1 FROM web_seats AS s"
            " WHERE s.table_id = t.table_id AND NOT s.taken)"
            " ORDER BY t.created LIMIT 20",
            (game,),
        )
        return [str(row[0]) for row in rows]

    def tables_with_results(self, table_ids: Sequence[str]) -> set[str]:
        """Which of these tables hold an account's recorded result."""
        found: set[str] = set()
        for start in range(0, len(table_ids), 500):
            chunk = tuple(table_ids[start : start + 500])
            marks = ", ".join("?" for _ in chunk)
            rows = self.query(
                f"SELECT DISTINCT table_id FROM web_results WHERE table_id IN ({marks})", chunk
            )
            found.update(str(row[0]) for row in rows)
        return found

    def own_seat(self, table_id: str, seat: int, account_id: str) -> None:
        """Note that an account took a seat."""
        self.query(
            "INSERT INTO web_seat_people (table_id, seat, account_id) VALUES (?, ?, ?)"
            " ON CONFLICT DO NOTHING",
            (table_id, seat, account_id),
        )

    def seat_owners(self, table_id: str) -> dict[int, str]:
        """The account of each owned seat of a table."""
        rows = self.query(
            "SELECT seat, account_id FROM web_seat_people WHERE table_id = ?", (table_id,)
        )
        return {int(seat): str(account_id) for seat, account_id in rows}

    def seats_of(self, account_id: str, *, finished: bool) -> list[tuple[str, int, str]]:
        """``(table id, seat, game)`` of an account's seats at finished or
        unfinished tables, newest first."""
        rows = self.query(
            "SELECT p.table_id, p.seat, t.game FROM web_seat_people AS p"
            " JOIN web_tables AS t ON t.table_id = p.table_id"
            " WHERE p.account_id = ? AND t.finished = ? ORDER BY t.created DESC",
            (account_id, finished),
        )
        return [(str(table_id), int(seat), str(game)) for table_id, seat, game in rows]

    def forget_table(self, table_id: str) -> None:
        """Forget a deleted table's facts, seats and chat (results and ratings stay)."""

        def work(run: Callable[..., list[tuple[Any, ...]]]) -> None:
            for table in ("web_table_facts", "web_seat_people", "web_chat"):
                run(f"DELETE FROM {table} WHERE table_id = ?", (table_id,))

        self.transaction(work)

    # ----- chat ------------------------------------------------------------------------
    def add_chat(self, table_id: str, line: ChatLine) -> None:
        """Store one chat message of a table."""
        self.query(
            "INSERT INTO web_chat (message_id, table_id, said, channel, seat, name,"
            " account_id, text, reaction) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                line.message_id,
                table_id,
                line.said,
                line.channel,
                line.seat,
                line.name,
                line.account_id,
                line.text,
                line.reaction,
            ),
        )

    def chat(self, table_id: str) -> list[ChatLine]:
        """A table's chat, oldest first."""
        rows = self.query(
            "SELECT message_id, said, channel, seat, name, account_id, text, reaction"
            " FROM web_chat WHERE table_id = ? ORDER BY said, message_id",
            (table_id,),
        )
        return [
            ChatLine(
                str(a),
                float(b),
                str(c),
                None if d is None else int(d),
                str(e),
                str(f),
                str(g),
                str(h),
            )
            for a, b, c, d, e, f, g, h in rows
        ]

    def chat_count(self, table_id: str) -> int:
        """How many messages a table's chat holds."""
        return int(
            self.query("SELECT count(*) FROM web_chat WHERE table_id = ?", (table_id,))[0][0]
        )

    # ----- ratings and results -----------------------------------------------------------
    def unrecorded_tables(self) -> list[str]:
        """Finished tables with an account's seat whose results were never
        recorded (the process stopped between the last move and its announcement)."""
        rows = self.query(
            "SELECT DISTINCT p.table_id FROM web_seat_people AS p"
            " JOIN web_tables AS t ON t.table_id = p.table_id"
            " WHERE t.finished AND NOT EXISTS (SELECT 1 FROM web_finished_people AS f"
            " WHERE f.table_id = p.table_id)"
        )
        return [str(row[0]) for row in rows]

    def claim_finished(self, table_id: str) -> bool:
        """True once per table, for the one process that records its results."""
        count = self.query(
            "INSERT INTO web_finished_people (table_id, finished) VALUES (?, ?)"
            " ON CONFLICT DO NOTHING",
            (table_id, time.time()),
        )[0][0]
        return bool(count == 1)

    def ratings(self, account_ids: Sequence[str], game: str) -> dict[str, Rating]:
        """The stored ratings of these accounts in ``game`` (absent: none yet)."""
        if not account_ids:
            return {}
        marks = ", ".join("?" for _ in account_ids)
        rows = self.query(
            "SELECT account_id, mu, sigma, games FROM web_ratings"
            f" WHERE game = ? AND account_id IN ({marks})",
            (game, *account_ids),
        )
        return {str(a): Rating(float(mu), float(sigma), int(n)) for a, mu, sigma, n in rows}

    def record_results(
        self,
        table_id: str,
        game: str,
        results: Sequence[tuple[int, str, int, bool]],
        rated: bool,
        new_ratings: dict[str, tuple[float, float]],
    ) -> None:
        """Store each owned seat's ``(seat, account, place, won)`` and the new
        ratings of the accounts (with a line of their history)."""
        now = time.time()

        def work(run: Callable[..., list[tuple[Any, ...]]]) -> None:
            for seat, account_id, place, won in results:
                run(
                    "INSERT INTO web_results (table_id, seat, account_id, game, finished, place,"
                    " won, rated) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    (table_id, seat, account_id, game, now, place, int(won), int(rated)),
                )
            for account_id, (mu, sigma) in new_ratings.items():
                updated = run(
                    "UPDATE web_ratings SET mu = ?, sigma = ?, games = games + 1"
                    " WHERE account_id = ? AND game = ?",
                    (mu, sigma, account_id, game),
                )[0][0]
                if updated == 0:
                    run(
                        "INSERT INTO web_ratings (account_id, game, mu, sigma, games)"
                        " VALUES (?, ?, ?, ?, 1)",
                        (account_id, game, mu, sigma),
                    )
                run(
                    "INSERT INTO web_rating_history (account_id, game, table_id, said, mu, sigma)"
                    " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    (account_id, game, table_id, now, mu, sigma),
                )

        self.transaction(work)

    def leaderboard(self, game: str, limit: int) -> list[tuple[str, Rating]]:
        """``(name, rating)`` of the accounts rated in ``game``, best first (by
        the cautious estimate, mean minus three uncertainties)."""
        rows = self.query(
            "SELECT a.name, r.mu, r.sigma, r.games FROM web_ratings AS r"
            " JOIN web_accounts AS a ON a.account_id = r.account_id"
            " WHERE r.game = ? ORDER BY r.mu - 3 * r.sigma DESC, a.name_key LIMIT ?",
            (game, limit),
        )
        return [(str(name), Rating(float(mu), float(sigma), int(n))) for name, mu, sigma, n in rows]

    def account_ratings(self, account_id: str) -> dict[str, Rating]:
        """An account's rating in every game it was rated in."""
        rows = self.query(
            "SELECT game, mu, sigma, games FROM web_ratings WHERE account_id = ?", (account_id,)
        )
        return {str(g): Rating(float(mu), float(sigma), int(n)) for g, mu, sigma, n in rows}

    def rating_history(self, account_id: str) -> list[tuple[str, str, float, float, float]]:
        """``(game, table id, when, mu, sigma)`` of an account's rated games, oldest first."""
        rows = self.query(
            "SELECT game, table_id, said, mu, sigma FROM web_rating_history"
            " WHERE account_id = ? ORDER BY said",
            (account_id,),
        )
        return [(str(g), str(t), float(w), float(m), float(s)) for g, t, w, m, s in rows]

    def results_of(
        self, account_id: str, limit: int
    ) -> list[tuple[str, int, str, float, int, bool, bool]]:
        """``(table id, seat, game, finished, place, won, rated)`` of an account's
        finished games, newest first."""
        rows = self.query(
            "SELECT table_id, seat, game, finished, place, won, rated FROM web_results"
            " WHERE account_id = ? ORDER BY finished DESC LIMIT ?",
            (account_id, limit),
        )
        return [
            (str(t), int(s), str(g), float(f), int(p), bool(w), bool(r))
            for t, s, g, f, p, w, r in rows
        ]

    def tallies(self, account_id: str) -> dict[str, tuple[int, int]]:
        """Games played and won per game by an account."""
        rows = self.query(
            "SELECT game, count(*), sum(won) FROM web_results WHERE account_id = ? GROUP BY game",
            (account_id,),
        )
        return {str(g): (int(n), int(w or 0)) for g, n, w in rows}


def _pg_work(
    connection: psycopg.Connection[Any],
    work: Callable[[Callable[..., list[tuple[Any, ...]]]], Any],
) -> Any:
    with connection.transaction():

        def run(sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
            cursor = connection.execute(sql.replace("?", "%s").encode(), tuple(parameters))
            if cursor.description is None:
                return [(cursor.rowcount,)]
            return list(cursor.fetchall())

        return work(run)


def open_people_book(store: TableStore, sqlite_path: str | Path | None = None) -> PeopleBook:
    """The people book that goes with ``store``: in PostgreSQL beside a
    PostgreSQL store, else in the SQLite file ``sqlite_path`` (the store's own)."""
    from parlour.table.postgres import PostgresTableStore

    if isinstance(store, PostgresTableStore):
        return PeopleBook(postgres=store)
    if sqlite_path is None:
        sqlite_path = getattr(store, "path", ":memory:")
    return PeopleBook(sqlite_path=sqlite_path)
