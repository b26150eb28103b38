"""Seats a person gave to bots (``{"type": "bots"}``) stay the bots' when the
server process is killed with ``kill -9`` and started again, on SQLite and on
PostgreSQL, and when another process on the same PostgreSQL database takes the
table over: they are played at a bot's pace (never waited for as an away
person's), shown as bots' seats, and the table stays out of the lobby's waiting
tables. A seat book written before seats could be given to bots still loads.

Every table here waits for ever for an away person (``away_timeout`` 0): a seat
taken for a bot that a restarted server mistook for an away person's would
never be played, and the game would stop (the client's wait then fails).
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from live import WAIT_SECONDS, Client, ServeProcess
from restarts import database, lobby_line, play_to_the_end, servers, started, table_of_three_people

__all__ = ["database", "servers"]  # fixtures used by name

pytest.importorskip("websockets.sync.client")

BOT_SEATS = [1, 2]


def table_waiting_for_two(server: ServeProcess) -> tuple[str, str]:
    """A Colour-blind table of three person seats that never plays for an away
    person; Ann takes seat 0 as the lobby's "Play now" does. Its id and her token."""
    table_id = table_of_three_people(server)
    taken = httpx.post(f"{server.base}/api/tables/{table_id}/seats/0", json={"name": "Ann"})
    assert taken.status_code == 200, taken.text
    return table_id, taken.json()["token"]


def give_the_free_seats_to_bots(server: ServeProcess, table_id: str, token: str) -> int:
    """Ann sends {"type": "bots"} and sees both free seats become bots'; returns
    the version of the table when she leaves (kill -9 comes next)."""
    ann = Client(server, table_id, token)
    ann.send({"type": "bots"})
    state = ann.until(
        lambda m: m["type"] == "state" and all(m["seats"][s]["kind"] == "bot" for s in BOT_SEATS)
    )
    version = int(state["version"])
    ann.close()
    return version


def assert_bots_seats(seats: list[dict[str, Any]]) -> None:
    """The seats given to bots are shown as bots' (not free, not an away person's)."""
    for seat in BOT_SEATS:
        fact = seats[seat]
        assert fact["kind"] == "bot", seats
        assert fact["bot"] == "medium", seats  # the table's stand-in level
        assert not fact["free"] and not fact["away"] and fact["connected"], seats


def test_seats_given_to_bots_stay_bots_after_kill_9(
    servers: list[ServeProcess], database: str
) -> None:
    server = started(servers, database)
    table_id, token = table_waiting_for_two(server)
    give_the_free_seats_to_bots(server, table_id, token)
    server.stop()  # SIGKILL: no shutdown, no last write
    restarted = started(servers, database, port=server.port)
    # The lobby reads the table from storage, before anyone opens it.
    line = lobby_line(restarted, table_id)
    assert line["status"] == "playing"
    assert_bots_seats(line["seats"])
    summary = httpx.get(f"{restarted.base}/api/tables/{table_id}", timeout=30).json()
    assert_bots_seats(summary["seats"])
    ann = Client(restarted, table_id, token)
    assert_bots_seats(ann.first["seats"])
    play_to_the_end(ann, assert_bots_seats, "a bot's seat")
    ann.close()


def test_another_process_takes_over_the_bots_seats(
    servers: list[ServeProcess], postgres_url: str
) -> None:
    first = started(servers, postgres_url)
    second = started(servers, postgres_url)
    table_id, token = table_waiting_for_two(first)
    # The second process holds the table open before the seats are given.
    watcher = Client(second, table_id)
    assert watcher.first["type"] == "state"
    give_the_free_seats_to_bots(first, table_id, token)
    first.stop()  # SIGKILL
    # The second process reads the seat book again every SEAT_BOOK_SECONDS.
    line = lobby_line(second, table_id)
    deadline = time.monotonic() + WAIT_SECONDS
    while line["status"] == "waiting" and time.monotonic() < deadline:
        time.sleep(0.2)
        line = lobby_line(second, table_id)
    assert line["status"] == "playing"
    assert_bots_seats(line["seats"])
    ann = Client(second, table_id, token)
    assert_bots_seats(ann.first["seats"])
    play_to_the_end(ann, assert_bots_seats, "a bot's seat")
    ann.close()
    watcher.close()


OLD_SCHEMA = """
CREATE TABLE web_tables (
    table_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    created REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE web_seats (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    token_hash TEXT,
    taken INTEGER NOT NULL DEFAULT 0,
    name TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (table_id, seat)
);
INSERT INTO web_tables VALUES ('old', 'dracula', 1.0, 0);
INSERT INTO web_seats VALUES ('old', 0, 'abc', 1, 'Ann'), ('old', 1, 'def', 0, '');
"""
"""The SQLite seat book as released before seats could be given to bots."""


def test_a_seat_book_written_before_bots_seats_still_loads(tmp_path: Path) -> None:
    from parlour.web.seats import SqliteSeatBook

    path = tmp_path / "tables.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.executescript(OLD_SCHEMA)
    connection.close()
    book = SqliteSeatBook(path)
    entries = book.seats("old")
    assert (entries[0].name, entries[0].taken, entries[0].bot) == ("Ann", True, "")
    assert (entries[1].taken, entries[1].bot) == (False, "")
    assert book.give_to_bot("old", 1, "Bot 2", "medium")
    assert not book.give_to_bot("old", 1, "Bot 2", "medium")  # given once
    assert not book.give_to_bot("old", 0, "Bot 1", "medium")  # Ann's
    assert book.seats("old")[1].bot == "medium"
    assert book.seat_of_token("old", "def") is None  # no link leads to a bot's seat
    book.close()
    SqliteSeatBook(path).close()  # opened again: nothing to add
