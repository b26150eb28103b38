"""At start, the server finishes the tables whose last move was stored but not
announced (issue 21, finding 9): a process killed right after storing the last
move left the seat book holding the table unfinished, listed in the lobby for
ever and never swept.

The tables are written as the server writes them (the table store, and the seat
book with a token per person), played to the end through the store, and the
book is left as a ``kill -9`` leaves it. Then a real ``parlour serve`` process
starts on the same database (SQLite, and PostgreSQL from tests/pg_cluster.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

pytest.importorskip("starlette", reason="the web tests need the web extra: pip install '.[web]'")

from parlour.table import MemoryTableStore, SeatSpec, Table
from parlour.table.store import SqliteTableStore, TableStore
from parlour.web.hub import TableSettings
from parlour.web.seats import SeatBook, SqliteSeatBook, new_token, token_hash
from parlour.web.startup import finish_stored_tables

SOURCES = Path(__file__).resolve().parent.parent / "src"
WAIT_SECONDS = 30.0
"""The longest the test waits for a server to start or a table to be swept."""
PEOPLE = [SeatSpec("person", "Ann"), SeatSpec("person", "Bob")]


def web_table(store: TableStore, book: SeatBook, seed: int) -> Table:
    """A two-person Dracula table of one deal, made as the server makes one."""
    table = Table.create(
        "dracula",
        PEOPLE,
        options={"deals": 1},
        seed=seed,
        store=store,
        meta={"web": TableSettings().to_json()},
    )
    book.add_table(table.id, "dracula", {seat: token_hash(new_token()) for seat in (0, 1)})
    return table


def play(table: Table, moves: int | None = None) -> None:
    """Each seat on turn plays its first legal move, to the end (or ``moves`` moves)."""
    played = 0
    while not table.is_over() and (moves is None or played < moves):
        seat = table.seat_to_act()
        assert seat is not None
        table.submit(seat, table.legal_moves(seat)[0][0], table.version)
        played += 1


def stored_to_the_end_unmarked(store: TableStore, book: SeatBook, seed: int) -> str:
    """A table whose every move, the last included, is stored, but which neither
    the store nor the book marks finished (killed between the two writes)."""
    scratch = MemoryTableStore()
    table = web_table(scratch, book, seed)
    play(table)
    header, moves = scratch.load(table.id)
    store.create(table.id, header)
    for number, move in enumerate(moves, start=1):
        store.append_move(table.id, number, move)
    return table.id


def crashed_tables(store: TableStore, book: SeatBook) -> dict[str, str]:
    """Three tables as a crash leaves them, by what they are."""
    over = web_table(store, book, seed=3)
    play(over)  # the store marks it finished; the book does not (no announce)
    playing = web_table(store, book, seed=4)
    play(playing, moves=5)
    return {
        "over": over.id,
        "over_unmarked": stored_to_the_end_unmarked(store, book, seed=5),
        "playing": playing.id,
    }


def serve(database: str, port: int) -> subprocess.Popen[bytes]:
    """``parlour serve`` on ``database``, deleting finished tables idle for 1 s."""
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(
        [str(SOURCES), *filter(None, [environment.get("PYTHONPATH")])]
    )
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "parlour.cli.serve", "--port", str(port)),
            *("--database", database, "--bot-delay", "0", "--finished-ttl", "1"),
        ],
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return process
        except httpx.TransportError:
            pass
        if process.poll() is not None:
            raise AssertionError("parlour serve stopped at its start")
        time.sleep(0.05)
    process.kill()
    raise AssertionError("parlour serve did not start")


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def sqlite_database(tmp_path: Path) -> Iterator[tuple[str, TableStore, SeatBook]]:
    path = tmp_path / "tables.sqlite3"
    store = SqliteTableStore(path)
    book = SqliteSeatBook(path)
    try:
        yield f"sqlite://{path}", store, book
    finally:
        book.close()


@pytest.fixture
def postgres_database(postgres_url: str) -> Iterator[tuple[str, TableStore, SeatBook]]:
    from parlour.table.postgres import PostgresTableStore
    from parlour.web.seats import PostgresSeatBook

    store = PostgresTableStore(postgres_url)
    try:
        yield postgres_url, store, PostgresSeatBook(store)
    finally:
        store.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_a_table_stored_over_but_not_announced_is_finished_when_the_server_starts(
    kind: str, request: pytest.FixtureRequest
) -> None:
    database, store, book = request.getfixturevalue(f"{kind}_database")
    tables = crashed_tables(store, book)
    assert set(tables.values()) <= set(book.table_ids(finished=False))
    port = free_port()
    process = serve(database, port)
    try:
        listed = httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=WAIT_SECONDS)
        assert listed.status_code == 200, listed.text
        unfinished = {entry["table"] for entry in listed.json()["tables"]}
        assert tables["over"] not in unfinished
        assert tables["over_unmarked"] not in unfinished
        assert tables["playing"] in unfinished
        # The sweeper deletes finished tables only: both tables over go, in time.
        over = {tables["over"], tables["over_unmarked"]}
        deadline = time.monotonic() + WAIT_SECONDS
        while over & {entry["id"] for entry in store.list()} and time.monotonic() < deadline:
            time.sleep(0.1)
        remaining = {entry["id"] for entry in store.list()}
        assert not over & remaining, "a table over was never swept"
        assert tables["playing"] in remaining
        assert book.table_ids(finished=False) == [tables["playing"]]
    finally:
        process.kill()
        process.wait(timeout=WAIT_SECONDS)


def test_finish_stored_tables_marks_only_the_tables_whose_moves_end_the_game(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tables.sqlite3"
    store = SqliteTableStore(path)
    book = SqliteSeatBook(path)
    tables = crashed_tables(store, book)
    finished = finish_stored_tables(store, book)
    assert sorted(finished) == sorted([tables["over"], tables["over_unmarked"]])
    assert book.table_ids(finished=False) == [tables["playing"]]
    # The store too marks the table whose end it had not recorded.
    assert {entry["id"] for entry in store.list(finished=True)} == set(finished)
    assert finish_stored_tables(store, book) == []  # nothing left to do
    book.close()
