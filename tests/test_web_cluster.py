"""Several ``parlour serve`` processes on one PostgreSQL database, as real
processes on loopback ports: moves made through one reach the clients of the
other, a move sent at once to both is accepted once, a bot whose process died is
played by the other, and a server killed with SIGKILL loses no accepted move.

The database is the throwaway PostgreSQL cluster of ``tests/pg_cluster.py``
(skipped, with the reason, where the server binaries are missing outside CI).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

websockets_client = pytest.importorskip("websockets.sync.client")

REPOSITORY = Path(__file__).resolve().parent.parent
WAIT_SECONDS = 20.0
"""The longest a test waits for a server to start or a state to arrive."""


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """One ``parlour serve`` child process on a loopback port."""

    def __init__(self, database: str, port: int | None = None, bot_delay: float = 0.0) -> None:
        self.database = database
        self.port = port or free_port()
        self.bot_delay = bot_delay
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        paths = [str(REPOSITORY / "src"), *filter(None, [os.environ.get("PYTHONPATH")])]
        environment = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
        command = [sys.executable, "-m", "parlour.cli.serve", "--port", str(self.port)]
        command += ["--database", self.database, "--bot-delay", str(self.bot_delay)]
        self.process = subprocess.Popen(
            command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                error = self.process.stderr.read().decode() if self.process.stderr else ""
                raise AssertionError(f"parlour serve ended at its start: {error}")
            try:
                if httpx.get(self.base + "/api/games", timeout=1.0).status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.1)
        raise AssertionError(f"parlour serve did not answer on port {self.port}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no last write."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=WAIT_SECONDS)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=WAIT_SECONDS)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def servers(postgres_url: str) -> Iterator[list[Server]]:
    """Two servers on one database (more can be appended; all stopped at the end)."""
    started = [Server(postgres_url).start(), Server(postgres_url).start()]
    try:
        yield started
    finally:
        for server in started:
            server.stop()


class Client:
    """A WebSocket client at one table, remembering the last state it saw."""

    def __init__(self, server: Server, table_id: str, token: str | None) -> None:
        address = f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}"
        self.socket = websockets_client.connect(address, open_timeout=WAIT_SECONDS)
        self.socket.send(json.dumps({"type": "hello", "token": token}))
        self.errors: list[str] = []
        self.state: dict[str, Any] = {}
        while self.receive()["type"] != "state":
            pass

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.socket.recv(timeout=WAIT_SECONDS))
        if message["type"] == "error":
            self.errors.append(message["message"])
        elif message["type"] == "state":
            self.state = message
        elif message["type"] == "seats" and self.state:
            # Someone came or went: only the seats changed.
            self.state = {**self.state, "seats": message["seats"], "names": message["names"]}
        return message

    def until(self, wanted: Any) -> dict[str, Any]:
        """The last state if it satisfies ``wanted``, else the first new one that does."""
        if wanted(self.state):
            return self.state
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            message = self.receive()
            if message["type"] in ("state", "seats") and wanted(self.state):
                return self.state
        raise AssertionError(f"no wanted state within {WAIT_SECONDS} s; last: {self.state}")

    def at_least(self, version: int) -> dict[str, Any]:
        return self.until(lambda state: state["version"] >= version)

    def move(self, action: int | None = None) -> None:
        state = self.state
        chosen = state["legal"][0]["action"] if action is None else action
        self.socket.send(
            json.dumps({"type": "move", "action": chosen, "version": state["version"]})
        )

    def drain(self, quiet: float = 1.0) -> None:
        """Read every message that comes until none has come for ``quiet`` seconds."""
        while True:
            try:
                message = json.loads(self.socket.recv(timeout=quiet))
            except TimeoutError:
                return
            if message["type"] == "error":
                self.errors.append(message["message"])
            elif message["type"] == "state":
                self.state = message
            elif message["type"] == "seats" and self.state:
                self.state = {**self.state, "seats": message["seats"], "names": message["names"]}

    def close(self) -> None:
        self.socket.close()


def new_table(server: Server, game: str, seats: list[str], **options: Any) -> dict[str, Any]:
    response = httpx.post(
        server.base + "/api/tables",
        json={"game": game, "seats": seats, "options": options},
        timeout=WAIT_SECONDS,
    )
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def test_moves_through_either_process_reach_the_clients_of_both(servers: list[Server]) -> None:
    first, second = servers
    created = new_table(second, "dracula", ["human", "human"], deals=1)
    table_id = created["table"]
    tokens = {entry["seat"]: entry["token"] for entry in created["seats"]}
    # The table made through the second process is listed and opened by the first.
    listed = httpx.get(first.base + "/api/tables", timeout=WAIT_SECONDS).json()["tables"]
    assert table_id in [entry["table"] for entry in listed]
    clients = {0: Client(first, table_id, tokens[0]), 1: Client(second, table_id, tokens[1])}
    for _ in range(8):
        mover = clients[clients[0].state["to_act"]]
        version = mover.state["version"]
        mover.move()
        seen = [client.at_least(version + 1) for client in clients.values()]
        assert [state["version"] for state in seen] == [version + 1, version + 1]
        assert seen[0]["to_act"] == seen[1]["to_act"]
    assert not any(client.errors for client in clients.values())
    for client in clients.values():
        client.close()


def test_one_move_sent_at_once_to_both_processes_is_accepted_once(
    servers: list[Server],
) -> None:
    first, second = servers
    created = new_table(first, "dracula", ["human", "human"], deals=1)
    table_id = created["table"]
    tokens = {entry["seat"]: entry["token"] for entry in created["seats"]}
    for _ in range(3):
        # The seat on turn is open in both processes (two windows, one seat).
        probe = Client(first, table_id, None)
        seat = probe.state["to_act"]
        probe.close()
        here, there = Client(first, table_id, tokens[seat]), Client(second, table_id, tokens[seat])
        version = here.state["version"]
        assert there.state["version"] == version
        legal = [entry["action"] for entry in here.state["legal"]]
        moves = (legal[0], legal[-1])
        go = threading.Barrier(2)
        senders = [
            threading.Thread(target=lambda c=client, a=action, g=go: (g.wait(), c.move(a)))
            for client, action in zip((here, there), moves, strict=True)
        ]
        for thread in senders:
            thread.start()
        for thread in senders:
            thread.join()
        final = [client.at_least(version + 1) for client in (here, there)]
        # Exactly one of the two was stored; the other sender was told it was stale.
        for client in (here, there):
            client.drain()
        with_errors = [client for client in (here, there) if client.errors]
        assert len(with_errors) == 1, [client.errors for client in (here, there)]
        assert "stale" in with_errors[0].errors[0] or "already" in with_errors[0].errors[0]
        listed = httpx.get(f"{second.base}/api/tables/{table_id}", timeout=WAIT_SECONDS).json()
        assert listed["version"] == version + 1
        assert final[0]["view"] == final[1]["view"]
        assert here.state["version"] == there.state["version"] == version + 1
        here.close()
        there.close()


def test_a_bot_whose_process_died_is_played_by_the_other(postgres_url: str) -> None:
    # The first process waits long before its bots move; it accepts the person's
    # move, so it drives the bot, and is killed before the bot moves.
    slow = Server(postgres_url, bot_delay=30.0).start()
    other = Server(postgres_url).start()
    try:
        created = new_table(slow, "dracula", ["human", "bot:random"], deals=1)
        table_id = created["table"]
        token = created["seats"][0]["token"]
        watcher = Client(other, table_id, None)
        person = Client(slow, table_id, token)
        assert person.state["to_act"] == 0 or person.state["to_act"] == 1
        person.until(lambda state: state["to_act"] == 0)
        version = person.state["version"]
        person.move()
        watcher.at_least(version + 1)
        slow.kill()
        started = time.monotonic()
        moved = watcher.at_least(version + 2)
        assert moved["to_act"] != 1 or moved["over"]
        assert time.monotonic() - started < WAIT_SECONDS
        watcher.close()
    finally:
        slow.stop()
        other.stop()


def test_a_person_connected_to_another_process_is_not_away(servers: list[Server]) -> None:
    # Presence travels through the database within about 2 × PRESENCE_SECONDS
    # (10 s); an away timeout of 15 s must not send a stand-in to a person who is
    # connected, only through the other process.
    from parlour.web.cluster import PRESENCE_SECONDS

    first, second = servers
    response = httpx.post(
        first.base + "/api/tables",
        json={"game": "dracula", "seats": ["human", "human"], "away_timeout": 15},
        timeout=WAIT_SECONDS,
    )
    assert response.status_code == 201, response.text
    created = response.json()
    table_id = created["table"]
    tokens = {entry["seat"]: entry["token"] for entry in created["seats"]}
    watcher = Client(first, table_id, None)
    people = [Client(second, table_id, tokens[seat]) for seat in (0, 1)]
    version = watcher.state["version"]
    seen = watcher.until(
        lambda state: all(fact["connected"] and not fact["away"] for fact in state["seats"])
    )
    assert seen["version"] == version
    time.sleep(15 + PRESENCE_SECONDS)
    watcher.drain(quiet=0.5)
    assert watcher.state["version"] == version, "a stand-in played for a connected person"
    assert all(fact["connected"] for fact in watcher.state["seats"])
    for client in (watcher, *people):
        client.close()


def test_a_process_killed_mid_game_loses_no_move_and_clients_continue(
    postgres_url: str,
) -> None:
    server = Server(postgres_url).start()
    try:
        created = new_table(server, "thracula", ["human", "bot:random", "bot:random"])
        table_id = created["table"]
        token = created["seats"][0]["token"]
        person = Client(server, table_id, token)
        for _ in range(4):
            state = person.until(lambda state: state["to_act"] == 0 or state["over"])
            person.move()
            person.at_least(state["version"] + 1)
        accepted = person.until(lambda state: state["to_act"] == 0 or state["over"])
        server.kill()
        person.close()
        restarted = Server(postgres_url, port=server.port).start()
        server = restarted
        again = Client(restarted, table_id, token)
        assert again.state["version"] == accepted["version"]
        assert again.state["view"] == accepted["view"]
        assert again.state["legal"] == accepted["legal"]
        again.move()
        assert again.at_least(accepted["version"] + 1)["version"] > accepted["version"]
        assert not again.errors
        again.close()
    finally:
        server.stop()


def test_a_table_catches_up_with_moves_another_process_stored(tmp_path: Path) -> None:
    from parlour.table import SeatSpec, SqliteTableStore, Table

    store = SqliteTableStore(tmp_path / "tables.sqlite3")
    seats = [SeatSpec(kind="person"), SeatSpec(kind="person")]
    here = Table.create("dracula", seats, options={"deals": 1}, seed=5, store=store)
    there = Table.open(here.id, store)  # the same table held by another process
    for _ in range(5):
        seat = here.seat_to_act()
        assert seat is not None
        here.submit(seat, here.legal_moves(seat)[0][0], here.version)
    assert there.version == 0 and there.catch_up() == 5
    assert there.version == here.version
    assert there.view_for(0) == here.view_for(0) and there.view_for(1) == here.view_for(1)
    assert there.catch_up() == 0
    seat = there.seat_to_act()
    assert seat is not None
    there.submit(seat, there.legal_moves(seat)[0][0], there.version)
    assert here.catch_up() == 1 and here.moves_played() == there.moves_played()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_both_seat_books_keep_the_same_promises(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    from parlour.table.stores import open_store
    from parlour.web.seats import open_seat_book, token_hash

    if kind == "sqlite":
        store = open_store(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    else:
        store = open_store(request.getfixturevalue("postgres_url"))
    book = open_seat_book(store)
    assert type(book).__name__ == ("SqliteSeatBook" if kind == "sqlite" else "PostgresSeatBook")
    book.add_table("t1", "dracula", {0: token_hash("zero"), 1: token_hash("one")})
    book.add_table("t2", "casino", {})
    assert book.has_table("t1") and not book.has_table("nope")
    assert book.seat_of_token("t1", "one") == 1 and book.seat_of_token("t1", "two") is None
    assert book.seat_of_token("t2", "one") is None  # another table's token
    assert book.take_free("t1", 0, token_hash("new"), "Ann")
    assert not book.take_free("t1", 0, token_hash("again"), "Bob")  # given once
    assert book.seat_of_token("t1", "zero") is None and book.seat_of_token("t1", "new") == 0
    book.name_seat("t1", 1, "Zoé")
    book.mark_taken("t1", 1)
    entries = book.seats("t1")
    assert (entries[0].name, entries[0].taken, entries[1].name, entries[1].taken) == (
        "Ann",
        True,
        "Zoé",
        True,
    )
    assert all("zero" not in str(entry) and entry.token_hash != "new" for entry in entries.values())
    book.mark_finished("t2")
    assert book.table_ids(finished=False) == ["t1"] and book.table_ids(finished=True) == ["t2"]
    assert book.count_unfinished() == 1
    assert (
        book.unfinished_among(["t1", "t2", "nope"]) == {"t1"} and book.unfinished_among([]) == set()
    )
    many = [f"m{index}" for index in range(1200)]  # past SQLite's bound parameters at once
    for table_id in many:
        book.add_table(table_id, "casino", {})
    book.mark_finished("m7")
    assert book.count_unfinished() == 1200
    assert book.unfinished_among([*many, "t2"]) == {*many} - {"m7"}
    for table_id in many:
        book.forget_table(table_id)
    book.forget_table("t1")
    assert not book.has_table("t1") and book.seats("t1") == {}
    book.close()
