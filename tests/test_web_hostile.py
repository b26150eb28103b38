"""The web table under hostile load (issue 21; docs/web.md, "Hardening"):
real ``parlour serve`` processes on loopback, real sockets, and for the
PostgreSQL cases a real throwaway PostgreSQL.

- Finding 1: a client that never reads is closed (code 4008, or the server
  ends the connection) and its table, and the other tables of its process in a
  cluster, go on.
- Finding 3: only a seated person gets a rematch, and only their own seat's token.
- Finding 4: bots move again after PostgreSQL was restarted four times.
- Finding 5: one hint in flight per connection, a few searches per address;
  joins and leaves send ``seats``, not a full state; ``--max-tables`` and
  ``--new-tables-per-minute`` refuse at once with a sentence.
- Finding 6: the lobby is paged and small with 2,000 tables; ``--idle-seconds``
  takes an unwatched table out of memory and brings it back when opened.

Findings 2, 8, 9 and 10 have their own tests (test_web_api.py, test_web_fuzz.py,
test_web_faults.py and others); tests/hostile/campaign.py replays them all.

Only counts and the order of events are checked, never a duration: every wait
is bounded and generous, so a slow machine passes and a broken server fails.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web tests need the web extra: pip install '.[web]'")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets.sync.client")

import httpx

from live import (
    Client,
    Message,
    ServeProcess,
    SlowReader,
    contains_key,
    make_table,
    restartable_cluster,
    serving,
    tokens_of,
)

CLOSE_TOO_SLOW = 4008
"""The close code of a connection that fell behind (its outgoing queue is full)."""
SLOW_START_SECONDS = 8.0
"""How long the slow client runs before the table is watched: long enough for
every buffer between the server and it to fill (a 1 KiB receive buffer; the
server sends it a growing whole log several times a second). On a 2-core
machine, today's server stopped the table after about 4.5 s."""
WATCH_SECONDS = 20.0
"""The longest the table is watched for new moves after that."""
MOVES_WANTED = 5
"""New versions the table must reach while the slow client is (or was) there."""
CLOSED_WITHIN_SECONDS = 30.0
"""The server must have ended the slow connection (a write of the client fails)
this long after the client's hello, else the client reads what it was sent and
must find the close (code 4008) or the end of the stream. A server that leaves
the connection open until its keepalive gives up (code 1011) fails."""


@pytest.fixture
def database(tmp_path: Path) -> str:
    """A new SQLite file for one test."""
    return f"sqlite://{tmp_path / 'tables.sqlite3'}"


def bot_table(base: str) -> str:
    """A Nain Jaune table of four random bots that plays for a long time."""
    created = make_table(
        base,
        game="nain-jaune",
        players=4,
        options={"start_chips": 1000},
        seats=["bot:random"] * 4,
    )
    return str(created["table"])


def person_on_turn(server: ServeProcess, table: str, tokens: dict[int, str]) -> Client:
    """A connection holding the seat on turn at ``table``."""
    summary = httpx.get(f"{server.base}/api/tables/{table}", timeout=30).json()
    client = Client(server, table, tokens[int(summary["to_act"])])
    assert client.first["type"] == "state", client.first
    return client


def pump(
    slow: SlowReader, watcher: Client, seconds: float, done: Callable[[], bool] = lambda: False
) -> None:
    """Run the slow client (a state request every 0.11 s, under the rate limit,
    never reading) while ``watcher`` reads everything it is sent, for
    ``seconds`` or until ``done()``."""
    deadline = time.monotonic() + seconds
    next_request = time.monotonic()
    while time.monotonic() < deadline and not done():
        if time.monotonic() >= next_request:
            slow.send({"type": "state"})
            next_request = time.monotonic() + 0.11
        with contextlib.suppress(TimeoutError):
            watcher.receive(0.05)


def assert_closed_for_falling_behind(slow: SlowReader) -> None:
    """The server closed the slow connection: a write was refused, or reading
    what it sent ends in a close frame (code 4008), the end of the stream or a reset."""
    how = slow.refused or slow.read_until_closed(30.0)
    assert how is not None, (
        "the client that never read is still connected after everything it was sent "
        f"was read ({slow.reader.frames} frames): the server should close a connection "
        "that falls behind"
    )
    if slow.reader.close_code is not None:
        assert slow.reader.close_code == CLOSE_TOO_SLOW, (
            slow.reader.close_code,
            slow.reader.close_reason,
        )
        assert slow.reader.close_reason.strip(), "the close frame should say why"


# ----- finding 1: a client that never reads --------------------------------------------
def test_a_client_that_never_reads_is_closed_and_its_table_plays_on(database: str) -> None:
    with serving(database, bot_delay=0.05) as server:
        table = bot_table(server.base)
        watcher = Client(server, table)
        slow = SlowReader(server.port, table)
        try:
            slow.send({"type": "hello"})
            began = time.monotonic()
            pump(slow, watcher, SLOW_START_SECONDS)
            since = int(watcher.state["version"])
            pump(
                slow,
                watcher,
                WATCH_SECONDS,
                lambda: watcher.state["version"] >= since + MOVES_WANTED,
            )
            moved = int(watcher.state["version"]) - since
            assert moved >= MOVES_WANTED, (
                f"the bots' table made {moved} moves in {WATCH_SECONDS:g} s while one "
                "client did not read: sending to that client holds the table"
            )
            # The client goes on without reading until the server ends the connection.
            left = began + CLOSED_WITHIN_SECONDS - time.monotonic()
            pump(slow, watcher, left, lambda: slow.refused is not None)
            assert_closed_for_falling_behind(slow)
            # The table goes on after the close.
            latest = watcher.state["version"]
            watcher.until(lambda m: m["type"] == "state" and m["version"] > latest)
        finally:
            slow.close()
            watcher.close()


def test_a_client_that_never_reads_does_not_stall_its_process_in_a_cluster(
    postgres_url: str,
) -> None:
    # The first process waits 30 s before any bot move: the second drives the
    # bots, and the first only hears of their moves (its cluster work) and
    # tells its connections, the slow one among them.
    first = ServeProcess(postgres_url, bot_delay=30.0)
    second = ServeProcess(postgres_url, bot_delay=0.05)
    clients: list[Client] = []
    slow: SlowReader | None = None
    try:
        first.start()
        second.start()
        busy = bot_table(second.base)
        created = make_table(second.base, game="dracula", seats=["human", "human"])
        quiet = str(created["table"])
        mover = person_on_turn(second, quiet, tokens_of(created))
        watcher = Client(first, quiet)
        clients += [mover, watcher]
        assert watcher.first["type"] == "state"
        slow = SlowReader(first.port, busy)
        slow.send({"type": "hello"})
        pump(slow, watcher, SLOW_START_SECONDS)
        version = mover.first["version"]
        answer = mover.move_first_legal(mover.first)
        assert answer["type"] == "state", answer
        pump(slow, watcher, WATCH_SECONDS, lambda: watcher.state["version"] > version)
        seen = int(watcher.state["version"])
        assert seen > version, (
            "a move made through the other process never reached this process's "
            f"clients within {WATCH_SECONDS:g} s while one of its clients did not read"
        )
    finally:
        if slow is not None:
            slow.close()
        for client in clients:
            client.close()
        first.stop()
        second.stop()


# ----- finding 3: rematch tokens ----------------------------------------------------------
def play_to_the_end(players: dict[int, Client]) -> Message:
    """Play the first legal move for whoever is on turn until the game is over;
    return the last state."""
    state = players[0].first
    for _ in range(2000):  # bounded: a one-deal Dracula ends far sooner
        if state["over"]:
            return state
        seat = int(state["to_act"])
        state = players[seat].move_first_legal(players[seat].state_at(state["version"]))
        assert state["type"] == "state", state
    raise AssertionError("the game did not end within 2,000 moves")


def test_only_a_seated_person_gets_a_rematch_and_only_their_own_token(database: str) -> None:
    with serving(database) as server:
        created = make_table(server.base, game="dracula", options={"deals": 1}, seats=["human"] * 2)
        table, tokens = str(created["table"]), tokens_of(created)
        players = {seat: Client(server, table, token) for seat, token in tokens.items()}
        spectator = Client(server, table)
        try:
            last = play_to_the_end(players)
            for client in (*players.values(), spectator):
                client.state_at(last["version"])
            # Seat 1 leaves: its seat is one nobody at the table holds now.
            players.pop(1).close()
            spectator.until(
                lambda m: m["type"] in ("state", "seats") and not m["seats"][1]["connected"]
            )
            spectator.drain(quiet=0.3)
            spectator.send({"type": "again"})
            answer = spectator.until(lambda m: m["type"] in ("again", "error"))
            got = spectator.drain(quiet=0.5)
            assert answer["type"] == "error", (
                f"a spectator asked for a rematch and got {answer}: only a seated person may"
            )
            assert isinstance(answer["message"], str) and answer["message"].strip()
            assert not any(contains_key(message, "token") for message in [answer, *got])

            # Seat 1 comes back; seat 0 asks. Each seat gets its own token only.
            players[1] = Client(server, table, tokens[1])
            seated = players[0]
            seated.drain(quiet=0.3)
            seated.send({"type": "again"})
            mine = seated.until(lambda m: m["type"] in ("again", "error"))
            assert mine["type"] == "again", mine
            assert mine["seat"] == 0 and isinstance(mine["token"], str) and mine["token"]
            assert "free" not in mine, "the seat that asked got other seats' tokens"
            theirs = players[1].until(lambda m: m["type"] == "again")
            assert theirs["table"] == mine["table"] and theirs["seat"] == 1
            assert theirs["token"] != mine["token"] and "free" not in theirs
            told = spectator.until(lambda m: m["type"] == "again")
            assert told["table"] == mine["table"]
            assert not contains_key(told, "token"), told
            later = [*seated.drain(quiet=0.5), *players[1].drain(quiet=0.1)]
            later += spectator.drain(quiet=0.1)
            assert not any(contains_key(message, "token") for message in later)
            # Each token is its own seat at the new table.
            for seat, message in ((0, mine), (1, theirs)):
                with contextlib.closing(
                    Client(server, str(message["table"]), message["token"])
                ) as again:
                    assert again.first["type"] == "state" and again.first["seat"] == seat
        finally:
            for client in (*players.values(), spectator):
                client.close()


# ----- finding 4: bots survive storage errors --------------------------------------------
def table_version(server: ServeProcess, table: str) -> int | None:
    """The table's version, or None while the server cannot answer."""
    try:
        response = httpx.get(f"{server.base}/api/tables/{table}", timeout=5)
    except httpx.TransportError:
        return None
    if response.status_code != 200:
        return None
    return int(response.json()["version"])


def test_bots_move_again_after_the_database_was_restarted_four_times() -> None:
    pytest.importorskip("psycopg", reason="the PostgreSQL tests need psycopg: parlour[postgres]")
    with (
        restartable_cluster() as cluster,
        serving(cluster.new_database(), bot_delay=0.1) as server,
    ):
        table = bot_table(server.base)
        for _ in range(4):
            cluster.stop("fast")
            time.sleep(1.0)
            cluster.start()
            time.sleep(0.5)
        deadline = time.monotonic() + 45.0
        versions: list[int] = []
        while time.monotonic() < deadline:
            version = table_version(server, table)
            if version is not None:
                versions.append(version)
                if version >= versions[0] + 2:
                    break
            time.sleep(0.25)
        assert versions, "the server never answered after the database came back"
        assert versions[-1] >= versions[0] + 2, (
            f"the bots' table stayed at version {versions[-1]} for 45 s after the "
            "database came back: its bots stopped at a storage error"
        )


# ----- finding 5: quotas, and joins and leaves ---------------------------------------------
def test_a_connection_has_one_hint_in_flight(database: str) -> None:
    with serving(database) as server:
        created = make_table(server.base, game="dracula", seats=["human", "human"])
        person = person_on_turn(server, str(created["table"]), tokens_of(created))
        try:
            person.send({"type": "hint"})
            person.send({"type": "hint"})
            answers = [person.until(lambda m: m["type"] in ("hint", "error")) for _ in range(2)]
            kinds = sorted(answer["type"] for answer in answers)
            assert kinds == ["error", "hint"], (
                f"two hints asked at once got {answers}: one should be refused while the "
                "first is being worked out"
            )
            refusal = next(answer for answer in answers if answer["type"] == "error")
            assert "hint" in refusal["message"].lower()
        finally:
            person.close()


def test_one_address_gets_only_a_few_searches_at_once(database: str) -> None:
    with serving(database) as server:
        people = []
        try:
            for _ in range(8):
                created = make_table(server.base, game="dracula", seats=["human", "human"])
                people.append(person_on_turn(server, str(created["table"]), tokens_of(created)))
            for person in people:
                person.send({"type": "hint"})
            answers = [person.until(lambda m: m["type"] in ("hint", "error")) for person in people]
            refused = [answer for answer in answers if answer["type"] == "error"]
            assert refused, "eight hints asked at once from one address were all worked out"
            assert len(refused) < len(answers), "every hint was refused"
        finally:
            for person in people:
                person.close()


def test_joins_and_leaves_send_the_seats_not_the_whole_table(database: str) -> None:
    with serving(database) as server:
        table = str(make_table(server.base, game="dracula", seats=["human", "human"])["table"])
        first = Client(server, table)
        try:
            for _ in range(20):
                Client(server, table).close()
            deadline = time.monotonic() + 30.0
            while time.monotonic() < deadline:
                summary = httpx.get(f"{server.base}/api/tables/{table}", timeout=30).json()
                if summary["spectators"] == 1:
                    break
                time.sleep(0.05)
            heard = first.drain(quiet=1.0)
            states = [message for message in heard if message["type"] == "state"]
            seats = [message for message in heard if message["type"] == "seats"]
            assert not states, (
                f"20 spectators came and went; the first one was sent {len(states)} whole "
                "states for it (a join or a leave should send the seats only)"
            )
            assert seats, "the first spectator was not told who came and went"
            assert all(isinstance(message["seats"], list) for message in seats)
            assert seats[-1]["spectators"] == 1, seats[-1]
            assert not any(contains_key(message, "view") for message in seats)
        finally:
            first.close()


def test_max_tables_refuses_a_new_table_at_once(database: str) -> None:
    extra = ["--max-tables", "3", "--new-tables-per-minute", "100"]
    with serving(database, extra=extra) as server:
        for _ in range(3):
            make_table(server.base, game="dracula", seats=["human", "human"])
        response = httpx.post(
            f"{server.base}/api/tables",
            json={"game": "dracula", "seats": ["human", "human"]},
            timeout=30,
        )
        assert response.status_code == 503, response.text
        assert response.json()["error"].strip()


def test_new_tables_per_minute_limits_one_address(database: str) -> None:
    extra = ["--new-tables-per-minute", "3", "--max-tables", "100"]
    with serving(database, extra=extra) as server:
        for _ in range(3):
            make_table(server.base, game="dracula", seats=["human", "human"])
        response = httpx.post(
            f"{server.base}/api/tables",
            json={"game": "dracula", "seats": ["human", "human"]},
            timeout=30,
        )
        assert response.status_code == 429, response.text
        assert response.json()["error"].strip()


def test_bot_tables_per_address_counts_only_that_addresss_unfinished_tables_with_bots(
    database: str,
) -> None:
    extra = ["--bot-tables-per-address", "2", "--new-tables-per-minute", "100"]
    with serving(database, extra=extra) as server, httpx.Client(timeout=30) as http:
        # One table the bots finish on their own, one that waits for its person.
        quick = make_table(
            server.base, game="dracula", options={"deals": 1}, seats=["bot:random", "bot:random"]
        )
        make_table(server.base, game="dracula", seats=["human", "bot:random"])
        deadline = time.monotonic() + 60
        while http.get(f"{server.base}/api/tables/{quick['table']}").json()["result"] is None:
            assert time.monotonic() < deadline, "the bots' table did not finish within 60 s"
            time.sleep(0.2)
        # The finished table no longer counts: one more with bots is made...
        make_table(server.base, game="dracula", seats=["human", "bot:random"])
        # ...and then the address has its two unfinished tables with bots.
        refused = http.post(
            f"{server.base}/api/tables", json={"game": "casino", "seats": ["human", "bot:random"]}
        )
        assert refused.status_code == 429, refused.text
        assert "unfinished tables with bots" in refused.json()["error"]
        # Tables without bots are not counted.
        make_table(server.base, game="dracula", seats=["human", "human"])


# ----- finding 6: bounded memory and a paged lobby ---------------------------------------
LOBBY_TABLES = 2000
PAGE_BYTES = 256 * 1024
"""The most one page of the lobby (at most 100 tables) may weigh."""


def test_the_lobby_is_paged_and_small_with_two_thousand_tables(database: str) -> None:
    extra = ["--max-tables", "100000", "--new-tables-per-minute", "100000"]
    with serving(database, extra=extra) as server, httpx.Client(timeout=30) as http:
        made = set()
        for _ in range(LOBBY_TABLES):
            answer = http.post(
                f"{server.base}/api/tables", json={"game": "dracula", "seats": ["human", "human"]}
            )
            assert answer.status_code == 201, answer.text
            made.add(answer.json()["table"])
        first = http.get(f"{server.base}/api/tables")
        assert first.status_code == 200
        assert len(first.content) <= PAGE_BYTES, f"the lobby answered {len(first.content)} bytes"
        page = first.json()
        assert len(page["tables"]) <= 50 and page["next"] is not None
        too_many = http.get(f"{server.base}/api/tables", params={"limit": 1000})
        # Over the most: refused with a sentence, or held to 100.
        assert too_many.status_code == 400 or len(too_many.json()["tables"]) <= 100
        listed = [entry["table"] for entry in page["tables"]]
        after = page["next"]
        for _ in range(LOBBY_TABLES // 100 + 5):  # bounded: 20 pages of 100
            if after is None:
                break
            response = http.get(f"{server.base}/api/tables", params={"limit": 100, "after": after})
            assert response.status_code == 200 and len(response.content) <= PAGE_BYTES
            page = response.json()
            listed += [entry["table"] for entry in page["tables"]]
            after = page["next"]
        assert after is None, "the lobby's pages did not end"
        assert len(listed) == len(set(listed)) == LOBBY_TABLES and set(listed) == made


def server_facts(server: ServeProcess) -> dict[str, Any]:
    """``GET /api/server``."""
    response = httpx.get(f"{server.base}/api/server", timeout=30)
    assert response.status_code == 200, f"GET /api/server: {response.status_code}"
    facts: dict[str, Any] = response.json()
    return facts


def test_an_unwatched_table_leaves_memory_and_comes_back_as_it_was(database: str) -> None:
    with serving(database, extra=["--idle-seconds", "1"]) as server:
        created = make_table(server.base, game="dracula", seats=["human", "human"])
        table, tokens = str(created["table"]), tokens_of(created)
        with contextlib.ExitStack() as stack:
            person = stack.enter_context(contextlib.closing(person_on_turn(server, table, tokens)))
            facts = server_facts(server)
            assert facts["open_tables"] == 1 and facts["connections"] == 1
            played = person.move_first_legal(person.first)
            assert played["type"] == "state", played
        deadline = time.monotonic() + 30.0
        while time.monotonic() < deadline and server_facts(server)["open_tables"] != 0:
            time.sleep(0.2)
        assert server_facts(server)["open_tables"] == 0, "the unwatched table stayed in memory"
        back = person_on_turn(server, table, tokens)
        try:
            assert back.first["version"] == played["version"]
            assert back.first["seat"] == played["to_act"]
            again = back.move_first_legal(back.first)
            assert again["type"] == "state" and again["version"] == played["version"] + 1
        finally:
            back.close()
