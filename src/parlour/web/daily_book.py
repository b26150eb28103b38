"""The daily book: today's deals as the database remembers them (docs/daily.md).

Its tables sit beside the people book's (:mod:`parlour.web.people`), in the
same SQLite file or PostgreSQL database, and run through that book's
transactions; the schema is versioned on its own (:data:`DAILY_STEPS`, the
version kept in ``web_daily_schema``), so the people book's steps stay its own.

- ``web_daily_secret``: the server's secret that deals the days, made once on
  the first start (unless the operator gives one), so that every process on one
  database deals the same cards.
- ``web_daily_entries``: one line per account, day and game: its one attempt
  (the table), when it started and finished, and its score on each deal.
- ``web_daily_par``: the par of each day's set, per deal (mean and spread).
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from parlour.web.people import PeopleBook

DAILY_LOCK_KEY = int.from_bytes(b"parlourD", "big", signed=True)
"""The PostgreSQL advisory lock held while this book's schema is upgraded."""

DAILY_STEPS: tuple[tuple[str, ...], ...] = (
    # Version 1: the secret, the attempts and the pars.
    (
        """CREATE TABLE web_daily_secret (
            name TEXT PRIMARY KEY,
            secret TEXT NOT NULL
        )""",
        """CREATE TABLE web_daily_entries (
            day TEXT NOT NULL,
            game TEXT NOT NULL,
            account_id TEXT NOT NULL,
            table_id TEXT NOT NULL,
            started DOUBLE PRECISION NOT NULL,
            finished DOUBLE PRECISION,
            scores TEXT NOT NULL DEFAULT '[]',
            PRIMARY KEY (day, game, account_id)
        )""",
        "CREATE INDEX web_daily_entries_by_table ON web_daily_entries (table_id)",
        """CREATE TABLE web_daily_par (
            day TEXT NOT NULL,
            game TEXT NOT NULL,
            pars TEXT NOT NULL,
            PRIMARY KEY (day, game)
        )""",
    ),
)
"""This book's schema as ordered upgrade steps (a released step is never edited)."""

DAILY_VERSION = len(DAILY_STEPS)

Run = Callable[..., list[tuple[Any, ...]]]


@dataclass(frozen=True)
class DailyEntry:
    """One account's attempt at one day's set of one game."""

    day: str
    game: str
    account_id: str
    table_id: str
    """The attempt's table ('' while it is being made)."""
    started: float
    finished: float | None
    scores: tuple[float, ...]
    """The account's score on each deal it finished, in order."""


def _entry(row: tuple[Any, ...]) -> DailyEntry:
    day, game, account_id, table_id, started, finished, scores = row
    return DailyEntry(
        str(day),
        str(game),
        str(account_id),
        str(table_id),
        float(started),
        None if finished is None else float(finished),
        tuple(float(value) for value in json.loads(scores)),
    )


ENTRY_COLUMNS = "day, game, account_id, table_id, started, finished, scores"


class DailyBook:
    """The days' secret, attempts and pars, in the people book's database."""

    def __init__(self, people: PeopleBook) -> None:
        self.people = people
        self._upgrade()

    def _upgrade(self) -> None:
        postgres = self.people._postgres is not None

        def work(run: Run) -> None:
            if postgres:
                run("SELECT pg_advisory_xact_lock(?)", (DAILY_LOCK_KEY,))
            run("CREATE TABLE IF NOT EXISTS web_daily_schema (version INTEGER NOT NULL)")
            rows = run("SELECT version FROM web_daily_schema")
            version = int(rows[0][0]) if rows else 0
            if not rows:
                run("INSERT INTO web_daily_schema (version) VALUES (0)")
            for step in DAILY_STEPS[version:]:
                for statement in step:
                    run(statement)
            if version < DAILY_VERSION:
                run("UPDATE web_daily_schema SET version = ?", (DAILY_VERSION,))

        self.people.transaction(work)

    def schema_version(self) -> int:
        """The version of this book's schema in the database."""
        return int(self.people.query("SELECT version FROM web_daily_schema")[0][0])

    # ----- the secret ---------------------------------------------------------------
    def secret(self) -> str:
        """The server's daily secret: made once (random, 256 bits), then read."""

        def work(run: Run) -> str:
            run(
                "INSERT INTO web_daily_secret (name, secret) VALUES ('deals', ?)"
                " ON CONFLICT DO NOTHING",
                (secrets.token_hex(32),),
            )
            return str(run("SELECT secret FROM web_daily_secret WHERE name = 'deals'")[0][0])

        kept: str = self.people.transaction(work)
        return kept

    # ----- attempts ------------------------------------------------------------------
    def reserve(self, day: str, game: str, account_id: str) -> tuple[DailyEntry, bool]:
        """The account's entry for the day's game: the one there, or a new one
        without its table yet (True: this call made it and must make the table)."""

        def work(run: Run) -> tuple[DailyEntry, bool]:
            made = run(
                "INSERT INTO web_daily_entries (day, game, account_id, table_id, started)"
                " VALUES (?, ?, ?, '', ?) ON CONFLICT DO NOTHING",
                (day, game, account_id, time.time()),
            )[0][0]
            rows = run(
                f"SELECT {ENTRY_COLUMNS} FROM web_daily_entries"
                " WHERE day = ? AND game = ? AND account_id = ?",
                (day, game, account_id),
            )
            return _entry(rows[0]), made == 1

        result: tuple[DailyEntry, bool] = self.people.transaction(work)
        return result

    def give_table(self, day: str, game: str, account_id: str, table_id: str) -> None:
        """The reserved entry's table is made."""
        self.people.query(
            "UPDATE web_daily_entries SET table_id = ? WHERE day = ? AND game = ?"
            " AND account_id = ? AND table_id = ''",
            (table_id, day, game, account_id),
        )

    def drop_reservation(self, day: str, game: str, account_id: str) -> None:
        """Forget an entry whose table could not be made."""
        self.people.query(
            "DELETE FROM web_daily_entries WHERE day = ? AND game = ? AND account_id = ?"
            " AND table_id = ''",
            (day, game, account_id),
        )

    def finish(self, table_id: str, scores: list[float]) -> None:
        """The attempt at ``table_id`` is over, with these scores per deal (once)."""
        self.people.query(
            "UPDATE web_daily_entries SET finished = ?, scores = ?"
            " WHERE table_id = ? AND finished IS NULL",
            (time.time(), json.dumps(scores), table_id),
        )

    def entry_of_table(self, table_id: str) -> DailyEntry | None:
        """The attempt played at ``table_id``, or None (not a daily table)."""
        rows = self.people.query(
            f"SELECT {ENTRY_COLUMNS} FROM web_daily_entries WHERE table_id = ?", (table_id,)
        )
        return _entry(rows[0]) if rows else None

    def daily_tables(self, table_ids: list[str]) -> set[str]:
        """The tables of ``table_ids`` that are days' attempts."""
        if not table_ids:
            return set()
        marks = ", ".join("?" for _ in table_ids)
        rows = self.people.query(
            f"SELECT table_id FROM web_daily_entries WHERE table_id IN ({marks})", table_ids
        )
        return {str(row[0]) for row in rows}

    def entries(self, day: str, game: str | None = None) -> list[DailyEntry]:
        """The attempts of a day (of one game, or of all), oldest first."""
        if game is None:
            rows = self.people.query(
                f"SELECT {ENTRY_COLUMNS} FROM web_daily_entries WHERE day = ?"
                " ORDER BY started, account_id",
                (day,),
            )
        else:
            rows = self.people.query(
                f"SELECT {ENTRY_COLUMNS} FROM web_daily_entries WHERE day = ? AND game = ?"
                " ORDER BY started, account_id",
                (day, game),
            )
        return [_entry(row) for row in rows]

    def entries_between(self, first: str, last: str) -> list[DailyEntry]:
        """The attempts of the days from ``first`` to ``last`` (ISO dates, both in)."""
        rows = self.people.query(
            f"SELECT {ENTRY_COLUMNS} FROM web_daily_entries WHERE day >= ? AND day <= ?"
            " ORDER BY day, started, account_id",
            (first, last),
        )
        return [_entry(row) for row in rows]

    # ----- pars ------------------------------------------------------------------------
    def par(self, day: str, game: str) -> list[tuple[float, float]] | None:
        """The par of the day's set, (mean, spread) per deal, or None if not worked out."""
        rows = self.people.query(
            "SELECT pars FROM web_daily_par WHERE day = ? AND game = ?", (day, game)
        )
        if not rows:
            return None
        return [(float(mean), float(spread)) for mean, spread in json.loads(rows[0][0])]

    def set_par(self, day: str, game: str, pars: list[tuple[float, float]]) -> None:
        """Keep the par of the day's set (the first one worked out stays)."""
        self.people.query(
            "INSERT INTO web_daily_par (day, game, pars) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            (day, game, json.dumps([list(pair) for pair in pars])),
        )
