"""The table stores: one contract, kept alike by SQLite and by PostgreSQL.

The contract tests run against both stores (the ``store_kind`` parameter); the
PostgreSQL ones run on a real throwaway server started by ``tests/pg_cluster.py``
(skipped, with the reason, where the server binaries are missing outside CI).
Then the PostgreSQL-only promises: the schema made and upgraded by the store,
a second writer refused by the database itself, moves announced with NOTIFY
only once committed, and a connection dropped by the server opened again.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from parlour.table import (
    MemoryTableStore,
    SeatSpec,
    SqliteTableStore,
    StaleVersionError,
    Table,
    TableError,
    TableNotFoundError,
    TableStore,
)
from parlour.table.postgres import (
    ALL_TABLES,
    MOVES_CHANNEL,
    SCHEMA_VERSION,
    AsyncMoveListener,
    MoveListener,
    MoveNotice,
    PostgresTableStore,
)
from parlour.table.stores import ALLOWED_FORMS, DatabaseAddressError, open_store

REPOSITORY = Path(__file__).resolve().parent.parent
HEADER = {"format": "test", "game": "dracula", "seed": 2**64 - 1, "seats": ["Ann", "Bob"]}
WAIT_SECONDS = 20.0  # a bound so that nothing here can hang, never a timing assertion


@pytest.fixture(params=["sqlite", "postgresql"])
def address(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The address of an empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def stores(address: str) -> Iterator[Callable[[], TableStore]]:
    """Opens stores on the test's database (each its own connection), closed after."""
    opened: list[TableStore] = []

    def make() -> TableStore:
        opened.append(open_store(address))
        return opened[-1]

    yield make
    for store in opened:
        close = getattr(store, "close", None)
        if close is not None:
            close()


@pytest.fixture
def store(stores: Callable[[], TableStore]) -> TableStore:
    """One store on an empty database of each kind."""
    return stores()


# ----- the contract, on both stores ---------------------------------------------------


def test_created_table_loads_with_its_header_and_no_moves(store: TableStore) -> None:
    store.create("t1", HEADER)
    assert store.load("t1") == (HEADER, [])


def test_moves_load_in_order_from_another_store(
    store: TableStore, stores: Callable[[], TableStore]
) -> None:
    store.create("t1", HEADER)
    moves = [{"kind": "action", "seat": number % 2, "action": number * 7} for number in range(5)]
    for number, move in enumerate(moves, start=1):
        store.append_move("t1", number, move)
    assert stores().load("t1") == (HEADER, moves)


def test_headers_and_moves_come_back_exactly(store: TableStore) -> None:
    """Any text a name may hold, big numbers, nesting, and the order of the keys."""
    header = {
        "created_at": "2026-11-22T15:00:00+00:00",
        "seats": [{"name": 'Zoë \u2660 \x00 "quoted" 💀', "bot_seed": 2**64 - 1}],
        "options": {"deals": 2, "scoring": "cards", "nested": {"b": [1.5, None, True]}},
    }
    store.create("exact", header)
    store.append_move("exact", 1, {"text": "10♥ b2", "seat": 0})
    loaded, moves = store.load("exact")
    assert loaded == header and list(loaded) == list(header)
    assert list(loaded["options"]) == ["deals", "scoring", "nested"]
    assert moves == [{"text": "10♥ b2", "seat": 0}]


def test_a_move_number_already_taken_is_stale_and_changes_nothing(store: TableStore) -> None:
    store.create("t1", HEADER)
    store.append_move("t1", 1, {"seat": 0, "action": 1})
    with pytest.raises(StaleVersionError, match="move 1 of table t1"):
        store.append_move("t1", 1, {"seat": 1, "action": 2})
    assert store.load("t1")[1] == [{"seat": 0, "action": 1}]


def test_a_move_number_past_the_next_is_stale(store: TableStore) -> None:
    store.create("t1", HEADER)
    with pytest.raises(StaleVersionError, match="the next move is 1"):
        store.append_move("t1", 2, {"seat": 0, "action": 1})
    assert store.load("t1")[1] == []


def test_an_unknown_table_is_not_found(store: TableStore) -> None:
    with pytest.raises(TableNotFoundError, match="nope"):
        store.load("nope")
    with pytest.raises(TableNotFoundError, match="nope"):
        store.append_move("nope", 1, {"seat": 0})
    with pytest.raises(TableNotFoundError, match="nope"):
        store.finish("nope", {"returns": [0, 0]})
    assert store.list() == []


def test_a_table_id_in_use_is_refused(store: TableStore) -> None:
    store.create("t1", HEADER)
    with pytest.raises(TableError, match="already exists"):
        store.create("t1", {**HEADER, "game": "casino"})
    assert store.load("t1")[0] == HEADER


def test_list_shows_headers_and_status_and_filters_by_finished(store: TableStore) -> None:
    store.create("a-old", HEADER)
    time.sleep(1.1)  # the SQLite store keeps whole seconds; newest first needs a later one
    store.create("b-new", {**HEADER, "game": "casino"})
    store.append_move("b-new", 1, {"seat": 0})
    listed = store.list()
    assert [item["id"] for item in listed] == ["b-new", "a-old"]
    assert listed[0]["game"] == "casino" and listed[0]["moves"] == 1
    assert listed[1]["finished"] is False and listed[1]["result"] is None
    store.finish("a-old", {"returns": [1.5, -1.5]})
    finished = store.list(finished=True)
    assert [item["id"] for item in finished] == ["a-old"]
    assert finished[0]["result"] == {"returns": [1.5, -1.5]}
    assert finished[0]["finished"] is True
    assert [item["id"] for item in store.list(finished=False)] == ["b-new"]


def test_delete_forgets_a_table_and_its_moves(store: TableStore) -> None:
    store.create("t1", HEADER)
    store.append_move("t1", 1, {"seat": 0})
    store.delete("t1")
    store.delete("t1")  # absent: nothing happens
    with pytest.raises(TableNotFoundError):
        store.load("t1")
    store.create("t1", HEADER)  # the id and its move numbers are free again
    store.append_move("t1", 1, {"seat": 1})
    assert store.load("t1")[1] == [{"seat": 1}]


def test_two_stores_racing_for_each_move_number_accept_it_once(
    stores: Callable[[], TableStore],
) -> None:
    """Two stores (two connections, as two server processes would have) send each
    move number at the same moment: exactly one of them is accepted every time."""
    first, second = stores(), stores()
    first.create("race", HEADER)
    rounds = 12
    barrier = threading.Barrier(2, timeout=WAIT_SECONDS)
    accepted: list[list[int]] = [[], []]
    refused: list[list[int]] = [[], []]
    failures: list[BaseException] = []

    def writer(index: int, store: TableStore) -> None:
        try:
            for number in range(1, rounds + 1):
                barrier.wait()
                try:
                    store.append_move("race", number, {"writer": index})
                    accepted[index].append(number)
                except StaleVersionError:
                    refused[index].append(number)
                barrier.wait()  # both have finished this number before the next
        except BaseException as error:
            failures.append(error)
            barrier.abort()

    threads = [threading.Thread(target=writer, args=pair) for pair in enumerate([first, second])]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT_SECONDS * rounds)
    assert not failures
    assert sorted(accepted[0] + accepted[1]) == list(range(1, rounds + 1))
    assert sorted(refused[0] + refused[1]) == list(range(1, rounds + 1))
    stored = first.load("race")[1]
    assert [move["writer"] for move in stored] == [
        0 if number in accepted[0] else 1 for number in range(1, rounds + 1)
    ]


PLAY_ON = """
import json, sys
from parlour.table import Table
from parlour.table.stores import open_store

address, table_id, stop = sys.argv[1], sys.argv[2], int(sys.argv[3])
table = Table.open(table_id, open_store(address))
while not table.is_over() and table.version < stop:
    seat = table.seat_to_act()
    table.submit(seat, table.legal_moves(seat)[0][0], table.version)
print(json.dumps({"version": table.version, "result": table.result()}))
"""


def _play_first_moves(table: Table, stop: int) -> None:
    """Play each seat's first legal move until ``stop`` moves or the end."""
    while not table.is_over() and table.version < stop:
        seat = table.seat_to_act()
        assert seat is not None
        table.submit(seat, table.legal_moves(seat)[0][0], table.version)


def test_a_table_continues_exactly_in_another_process(
    address: str, stores: Callable[[], TableStore]
) -> None:
    """A table started here is continued by a new process that opens the same
    database, and finished by this one again: the same game as one played
    uninterrupted."""
    people = [SeatSpec("person", "Ann"), SeatSpec("person", "Bob")]
    options = {"deals": 2}  # 17 moves with these choices
    reference = Table.create("dracula", people, options=options, seed=11, store=MemoryTableStore())
    _play_first_moves(reference, 10**6)
    assert reference.version > 12

    table = Table.create("dracula", people, options=options, seed=11, store=stores())
    _play_first_moves(table, 5)
    environment = _with_sources_first()
    done = subprocess.run(
        [sys.executable, "-c", PLAY_ON, address, table.id, "12"],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["version"] == 12
    again = Table.open(table.id, stores())
    assert again.version == 12
    _play_first_moves(again, 10**6)
    assert again.result() == reference.result()
    assert again.record_json() == reference.record_json()
    assert stores().list(finished=True)[0]["id"] == table.id


def test_two_servers_on_one_table_accept_one_of_two_moves_at_once(
    stores: Callable[[], TableStore],
) -> None:
    """Two server processes hold the same table at the same version; each gets a
    different move for it: the first stored wins, the other is refused as stale
    and its table is left as it was, until it reads the table again."""
    people = [SeatSpec("person", "Ann"), SeatSpec("person", "Bob")]
    here = Table.create("dracula", people, seed=5, store=stores())
    there = Table.open(here.id, stores())
    seat = here.seat_to_act()
    assert seat is not None
    first, second = here.legal_moves(seat)[0][0], here.legal_moves(seat)[1][0]
    here.submit(seat, first, 0)
    with pytest.raises(StaleVersionError):
        there.submit(seat, second, 0)
    assert there.version == 0 and there.moves_played() == []
    there = Table.open(here.id, there.store)
    assert there.version == 1 and there.moves_played() == here.moves_played()


# ----- choosing a store by address ------------------------------------------------------


def test_sqlite_addresses_and_paths_open_sqlite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    relative = open_store("sqlite:///relative.sqlite3")
    absolute = open_store(f"sqlite:///{tmp_path / 'absolute.sqlite3'}")
    plain = open_store(str(tmp_path / "plain.sqlite3"))
    for store, name in [(relative, "relative"), (absolute, "absolute"), (plain, "plain")]:
        assert isinstance(store, SqliteTableStore)
        store.create("t", HEADER)
        assert (tmp_path / f"{name}.sqlite3").is_file()


def test_no_address_opens_sqlite_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path / "data"))
    for nothing in (None, "", "  "):
        store = open_store(nothing)
        assert isinstance(store, SqliteTableStore)
        assert store.path == tmp_path / "data" / "tables.sqlite3"
    store.create("t", HEADER)
    assert (tmp_path / "data" / "tables.sqlite3").is_file()


@pytest.mark.parametrize(
    "address",
    ["mysql://root@localhost/parlour", "sqlite://", "sqlite:///", "http://example/x", "://x"],
)
def test_an_unknown_or_malformed_address_is_refused_naming_the_allowed_forms(
    address: str,
) -> None:
    with pytest.raises(DatabaseAddressError) as refused:
        open_store(address)
    assert ALLOWED_FORMS in str(refused.value)


def test_a_refused_address_never_shows_its_password() -> None:
    with pytest.raises(DatabaseAddressError) as refused:
        open_store("mysql://ann:secret-word@localhost/parlour")
    assert "secret-word" not in str(refused.value)
    assert "ann:***@localhost" in str(refused.value)


def test_postgresql_without_psycopg_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if it were not installed
    with pytest.raises(TableError, match=r"pip install 'parlour\[postgres\]'"):
        open_store("postgresql://ann@localhost/parlour")


def test_the_table_package_imports_no_third_party_library() -> None:
    """psycopg is imported only when a PostgreSQL store is made."""
    check = (
        "import sys, parlour.table, parlour.table.stores, parlour.table.postgres; "
        "print(sorted(name for name in sys.modules if name.split('.')[0] == 'psycopg'))"
    )
    environment = _with_sources_first()
    done = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, env=environment, check=True
    )
    assert done.stdout.strip() == "[]"


# ----- PostgreSQL only ------------------------------------------------------------------

# (Their fixture, postgres_server, skips them where psycopg or the server is missing.)


def _sql(url: str, query: str, *parameters: object) -> list[tuple[Any, ...]]:
    """Run one statement on a connection of its own; the rows it returns."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as connection:
        cursor = connection.execute(query.encode(), parameters or None)
        return cursor.fetchall() if cursor.description else []


def test_postgresql_addresses_open_postgresql(postgres_url: str) -> None:
    store = open_store(postgres_url)
    assert isinstance(store, PostgresTableStore)
    store.close()
    store = open_store(postgres_url.replace("postgresql://", "postgres://"))
    assert isinstance(store, PostgresTableStore)
    store.close()


@pytest.mark.parametrize(
    "address",
    [
        "postgresql://ann@localhost:notaport/parlour",
        "postgresql://ann@localhost/parlour?no_such_setting=1",
        "postgresql://ann@[::1/parlour",
        "postgres://%zz@localhost/parlour",
    ],
)
def test_a_malformed_postgresql_address_is_refused(address: str) -> None:
    pytest.importorskip("psycopg", reason="reading a PostgreSQL address needs parlour[postgres]")
    with pytest.raises(
        TableError, match=r"malformed PostgreSQL address .*: expected postgresql://"
    ):
        open_store(address)


def test_an_unreachable_server_is_named_without_the_password(postgres_server: Any) -> None:
    with pytest.raises(
        TableError, match=r"cannot connect to PostgreSQL at 127\.0\.0\.1:1/"
    ) as refused:
        open_store("postgresql://ann:secret-word@127.0.0.1:1/parlour?connect_timeout=5")
    assert "secret-word" not in str(refused.value)


def test_the_schema_is_created_on_an_empty_database(postgres_url: str) -> None:
    assert _sql(postgres_url, "SELECT to_regclass('tables')") == [(None,)]
    PostgresTableStore(postgres_url).close()
    assert _sql(postgres_url, "SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]
    columns = _sql(
        postgres_url,
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = 'public' ORDER BY table_name, ordinal_position",
    )
    assert ("moves", "stored_at") in columns and ("tables", "finished") in columns


# The schema of version 1 exactly as it was released: an upgrade test must start
# from what real databases hold, not from the code's current idea of version 1.
VERSION_1 = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version VALUES (1);
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    header JSON NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    finished BOOLEAN NOT NULL DEFAULT false,
    result JSON
);
CREATE TABLE moves (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    number INTEGER NOT NULL CHECK (number > 0),
    move JSON NOT NULL,
    PRIMARY KEY (table_id, number)
);
INSERT INTO tables (id, header, updated_at) VALUES
    ('kept', '{"format": "test", "game": "casino"}', '2026-01-02 03:04:05+00');
INSERT INTO moves VALUES ('kept', 1, '{"seat": 0, "action": 4}'), ('kept', 2, '{"seat": 1}');
"""


def test_a_version_1_database_is_upgraded_and_keeps_its_tables(postgres_url: str) -> None:
    _sql(postgres_url, VERSION_1)
    store = PostgresTableStore(postgres_url)
    assert _sql(postgres_url, "SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]
    assert store.load("kept") == (
        {"format": "test", "game": "casino"},
        [{"seat": 0, "action": 4}, {"seat": 1}],
    )
    # The old moves got their table's last change as their time; new ones get now.
    stored = _sql(postgres_url, "SELECT number, stored_at::text FROM moves ORDER BY number")
    assert stored == [(1, "2026-01-02 03:04:05+00"), (2, "2026-01-02 03:04:05+00")]
    store.append_move("kept", 3, {"seat": 0})
    store.finish("kept", {"returns": [1, -1]})
    assert store.list(finished=True)[0]["moves"] == 3
    store.close()
    PostgresTableStore(postgres_url).close()  # an up-to-date database is left as it is
    assert _sql(postgres_url, "SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]


def test_a_database_from_a_newer_parlour_is_refused(postgres_url: str) -> None:
    PostgresTableStore(postgres_url).close()
    _sql(postgres_url, "UPDATE schema_version SET version = %s", SCHEMA_VERSION + 1)
    with pytest.raises(TableError, match=f"version {SCHEMA_VERSION + 1}, newer"):
        PostgresTableStore(postgres_url)


def test_stores_starting_at_once_make_the_schema_once(postgres_url: str) -> None:
    """Several processes starting on an empty database: the advisory lock lets
    one make the schema while the others wait, then find it made."""
    count = 6
    barrier = threading.Barrier(count, timeout=WAIT_SECONDS)
    opened: list[PostgresTableStore] = []
    failures: list[BaseException] = []

    def start() -> None:
        try:
            barrier.wait()
            opened.append(PostgresTableStore(postgres_url))
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=start) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT_SECONDS)
    assert not failures and len(opened) == count
    assert _sql(postgres_url, "SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]
    for store in opened:
        store.close()


def test_a_second_writer_waits_for_the_first_and_is_refused(postgres_url: str) -> None:
    """Another process holds move 1 in a transaction not yet committed: this
    store's insert waits on the primary key, then is refused when it commits."""
    store = PostgresTableStore(postgres_url)
    store.create("t1", HEADER)
    outcome: list[BaseException | None] = []
    import psycopg

    with psycopg.connect(postgres_url) as other:  # a transaction left open
        other.execute("INSERT INTO moves (table_id, number, move) VALUES ('t1', 1, '{}')")
        writer = threading.Thread(
            target=lambda: outcome.append(_error_of(store.append_move, "t1", 1, {"seat": 0}))
        )
        writer.start()
        _wait_for(
            lambda: (
                _sql(
                    postgres_url,
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                    " AND datname = current_database()",
                )
                == [(1,)]
            ),
            "the second insert to wait for the first transaction",
        )
        other.commit()
    writer.join(WAIT_SECONDS)
    assert len(outcome) == 1 and isinstance(outcome[0], StaleVersionError)
    assert store.load("t1")[1] == [{}]
    store.close()


def test_a_listener_hears_a_move_only_once_it_is_committed_and_readable(
    postgres_url: str,
) -> None:
    store, reader = PostgresTableStore(postgres_url), PostgresTableStore(postgres_url)
    store.create("t1", HEADER)
    with MoveListener(postgres_url) as listener:
        store.append_move("t1", 1, {"seat": 0})
        with pytest.raises(StaleVersionError):
            store.append_move("t1", 1, {"seat": 1})  # refused: rolled back, never announced
        store.append_move("t1", 2, {"seat": 1})
        heard = []
        for notice in listener.notices(timeout=WAIT_SECONDS, stop_after=2):
            heard.append(notice)
            # What a listener hears, it can read (the notice left with the commit).
            assert len(reader.load(notice.table_id)[1]) >= notice.number
    assert heard == [MoveNotice("t1", 1), MoveNotice("t1", 2)]
    store.close()
    reader.close()


def test_notify_move_announces_on_the_documented_channel(postgres_url: str) -> None:
    import psycopg

    with psycopg.connect(postgres_url, autocommit=True) as raw:
        raw.execute(f"LISTEN {MOVES_CHANNEL}".encode())
        store = PostgresTableStore(postgres_url)
        store.notify_move("t9", 4)
        notices = list(raw.notifies(timeout=WAIT_SECONDS, stop_after=1))
        store.close()
    assert [(item.channel, json.loads(item.payload)) for item in notices] == [
        (MOVES_CHANNEL, {"table": "t9", "number": 4})
    ]


def test_a_server_hears_the_move_another_server_accepted_and_reads_it(
    postgres_url: str,
) -> None:
    """What a second server process does on a notice: open the table again and
    find the move the first process accepted."""
    people = [SeatSpec("person", "Ann"), SeatSpec("person", "Bob")]
    here_store, there_store = PostgresTableStore(postgres_url), PostgresTableStore(postgres_url)
    here = Table.create("dracula", people, seed=5, store=here_store)
    reopened: list[Table] = []
    done = threading.Event()

    def on_move(notice: MoveNotice) -> None:
        reopened.append(Table.open(notice.table_id, there_store))
        done.set()

    listening = there_store.listen(on_move, poll_seconds=0.1)
    seat = here.seat_to_act()
    assert seat is not None
    here.submit(seat, here.legal_moves(seat)[0][0], 0)
    assert done.wait(WAIT_SECONDS)
    listening.stop()
    assert reopened[0].version == 1
    assert reopened[0].moves_played() == here.moves_played()
    assert reopened[0].view_for(seat) == here.view_for(seat)
    here_store.close()
    there_store.close()


def test_listen_calls_back_from_its_thread_until_stopped(postgres_url: str) -> None:
    store = PostgresTableStore(postgres_url)
    store.create("t1", HEADER)
    heard: list[MoveNotice] = []
    arrived = threading.Event()

    def callback(notice: MoveNotice) -> None:
        heard.append(notice)
        arrived.set()

    listening = store.listen(callback, poll_seconds=0.1)
    store.append_move("t1", 1, {"seat": 0})
    assert arrived.wait(WAIT_SECONDS)
    listening.stop()
    assert not listening.is_alive()
    store.append_move("t1", 2, {"seat": 1})
    assert heard == [MoveNotice("t1", 1)]
    store.close()


def test_listen_opens_its_connection_again_and_asks_for_a_full_reread(postgres_url: str) -> None:
    """Moves made while the listening connection was down cannot be heard: after
    opening it again the listener says so (ALL_TABLES), then hears new moves."""
    store = PostgresTableStore(postgres_url)
    store.create("t1", HEADER)
    heard: list[MoveNotice] = []
    changed = threading.Condition()

    def callback(notice: MoveNotice) -> None:
        with changed:
            heard.append(notice)
            changed.notify_all()

    def wait_for(notice: MoveNotice) -> None:
        with changed:
            assert changed.wait_for(lambda: notice in heard, WAIT_SECONDS), heard

    listening = store.listen(callback, poll_seconds=0.1)
    try:
        _drop_other_connections(postgres_url)  # the store's and the listener's
        wait_for(MoveNotice(ALL_TABLES, 0))
        store.append_move("t1", 1, {"seat": 0})
        wait_for(MoveNotice("t1", 1))
    finally:
        listening.stop()
    assert heard == [MoveNotice(ALL_TABLES, 0), MoveNotice("t1", 1)]
    store.close()


def test_the_async_listener_hears_moves_and_survives_a_lost_connection(
    postgres_url: str,
) -> None:
    store = PostgresTableStore(postgres_url)
    store.create("t1", HEADER)

    async def listen() -> list[MoveNotice]:
        heard: list[MoveNotice] = []
        async with AsyncMoveListener(postgres_url) as listener:
            notices = listener.notices()
            await asyncio.to_thread(store.append_move, "t1", 1, {"seat": 0})
            heard.append(await anext(notices))
            await asyncio.to_thread(_drop_other_connections, postgres_url)
            heard.append(await anext(notices))
            await asyncio.to_thread(store.append_move, "t1", 2, {"seat": 1})
            heard.append(await anext(notices))
            await notices.aclose()
        return heard

    heard = asyncio.run(asyncio.wait_for(listen(), WAIT_SECONDS))
    assert heard == [MoveNotice("t1", 1), MoveNotice(ALL_TABLES, 0), MoveNotice("t1", 2)]
    store.close()


def test_one_store_serves_many_threads_on_a_few_connections(postgres_url: str) -> None:
    store = PostgresTableStore(postgres_url, connections=3)
    failures: list[BaseException] = []

    def play(table_id: str) -> None:
        try:
            store.create(table_id, HEADER)
            for number in range(1, 21):
                store.append_move(table_id, number, {"number": number})
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=play, args=(f"t{index}",)) for index in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT_SECONDS)
    assert not failures
    assert all(item["moves"] == 20 for item in store.list()) and len(store.list()) == 8
    connected = _sql(
        postgres_url,
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
        " AND pid <> pg_backend_pid()",
    )
    assert connected[0][0] <= 3
    store.close()
    with pytest.raises(TableError, match="closed"):
        store.load("t0")
    with pytest.raises(TableError, match="at least 1 connection"):
        PostgresTableStore(postgres_url, connections=0)


def _drop_other_connections(url: str) -> None:
    """Have the server end every other connection to this database (as a restart would)."""
    _sql(
        url,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
        " WHERE datname = current_database() AND pid <> pg_backend_pid()",
    )


def test_a_store_opens_its_connection_again_after_the_server_dropped_it(
    postgres_url: str,
) -> None:
    store = PostgresTableStore(postgres_url)
    store.create("t1", HEADER)
    _drop_other_connections(postgres_url)
    store.append_move("t1", 1, {"seat": 0})
    _drop_other_connections(postgres_url)
    assert store.load("t1")[1] == [{"seat": 0}]
    store.close()


def test_a_move_stored_by_a_lost_attempt_is_taken_as_stored_on_retry(postgres_url: str) -> None:
    """The connection died after the move was committed but before the answer came
    back: the retry finds the same move under that number and takes it as stored;
    a different move under that number is still refused."""
    store = PostgresTableStore(postgres_url)
    store.create("t1", HEADER)
    _sql(postgres_url, """INSERT INTO moves VALUES ('t1', 1, '{"seat": 0, "action": 3}')""")
    _drop_other_connections(postgres_url)
    store.append_move("t1", 1, {"seat": 0, "action": 3})
    _sql(postgres_url, """INSERT INTO moves VALUES ('t1', 2, '{"seat": 1, "action": 5}')""")
    _drop_other_connections(postgres_url)
    with pytest.raises(StaleVersionError):
        store.append_move("t1", 2, {"seat": 1, "action": 6})
    assert store.load("t1")[1] == [{"seat": 0, "action": 3}, {"seat": 1, "action": 5}]
    store.close()


def _with_sources_first() -> dict[str, str]:
    """The environment for a child Python: this checkout's sources first, then
    whatever path the tests themselves run with."""
    paths = [str(REPOSITORY / "src"), *filter(None, [os.environ.get("PYTHONPATH")])]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


def _error_of(function: Callable[..., object], *arguments: object) -> BaseException | None:
    """What ``function(*arguments)`` raised, or None."""
    try:
        function(*arguments)
    except BaseException as error:
        return error
    return None


def _wait_for(condition: Callable[[], bool], what: str) -> None:
    """Poll ``condition`` until true; fail (never hang) after WAIT_SECONDS."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"waited {WAIT_SECONDS} s for {what}")
        time.sleep(0.02)


# ----- the test server's own fixture (tests/pg_cluster.py) ------------------------------


def test_missing_server_binaries_skip_outside_ci_with_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import pg_cluster

    monkeypatch.setattr(pg_cluster, "find_bindir", lambda: None)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"install-test-deps\.sh postgresql"):
        pg_cluster._bindir_or_install()


def test_missing_server_binaries_fail_on_ci_when_they_cannot_be_installed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import pg_cluster

    monkeypatch.setattr(pg_cluster, "find_bindir", lambda: None)
    monkeypatch.setenv("CI", "true")
    monkeypatch.setattr(os, "geteuid", lambda: 1000)  # not root: cannot install
    with pytest.raises(pytest.fail.Exception, match="initdb, pg_ctl, postgres"):
        pg_cluster._bindir_or_install()


def test_missing_server_binaries_are_installed_on_ci_as_root(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import pg_cluster

    installed: list[list[str]] = []
    monkeypatch.setattr(pg_cluster, "find_bindir", lambda: tmp_path if installed else None)
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    monkeypatch.setattr(subprocess, "run", lambda command, check: installed.append(command))
    monkeypatch.setenv("CI", "true")
    assert pg_cluster._bindir_or_install() == tmp_path
    assert installed == [
        ["bash", str(REPOSITORY / "scripts" / "install-test-deps.sh"), "postgresql"]
    ]
