"""Replay issue 21's findings against real ``parlour serve`` processes.

Run from the repository (see tests/hostile/README.md)::

    .venv/bin/python tests/hostile/campaign.py                 # every finding, SQLite
    .venv/bin/python tests/hostile/campaign.py --postgres      # also two processes on PostgreSQL
    .venv/bin/python tests/hostile/campaign.py --findings 1,3,5 --seconds 20

Prints one line per finding (and per form of it): its number, what was tried,
HELD or BROKEN, and the evidence. Exits with status 1 if anything broke, 0 if
everything held (a finding that needs ``--postgres`` and did not get it is
SKIPPED and counts as neither).

Bounded: loopback only; every loop has a count and a time limit; every server
it starts is killed at the end, and the throwaway PostgreSQL is stopped and
removed. It measures, but the thresholds that decide HELD are generous; it is a
campaign, not a test (the tests are tests/test_web_hostile.py).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import selectors
import socket
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

import httpx  # noqa: E402

import live  # noqa: E402
from live import (  # noqa: E402
    Client,
    Message,
    RestartableCluster,
    ServeProcess,
    SlowReader,
    contains_key,
    make_table,
    restartable_cluster,
    tokens_of,
)

STALL_LIMIT = 5.0
"""Finding 1 holds when the table never waits longer than this between two moves
while the slow client runs (the bots move every 0.1–0.25 s)."""
LOBBY_PAGE_LIMIT = 256 * 1024
"""Finding 6 holds when one page of the lobby weighs at most this many bytes."""
HALF_HEADERS_LIMIT = 10.0
"""Finding 10 holds when a connection that sent half its headers is closed
within this many seconds."""


@dataclass
class Outcome:
    """One line of the report."""

    label: str
    tried: str
    held: bool | None
    """True: HELD; False: BROKEN; None: SKIPPED."""
    evidence: str

    def line(self) -> str:
        """The printed line."""
        verdict = {True: "HELD", False: "BROKEN", None: "SKIPPED"}[self.held]
        return f"{self.label:<6} {verdict:<7} {self.tried} — {self.evidence}"


class Campaign:
    """The servers, databases and options of one run; kills what it started."""

    def __init__(self, folder: Path, seconds: float, cluster: RestartableCluster | None) -> None:
        self.folder = folder
        self.seconds = seconds
        self.cluster = cluster
        self.servers: list[ServeProcess] = []
        self.databases = 0
        self._help: str | None = None

    def sqlite(self) -> str:
        """A new SQLite database."""
        self.databases += 1
        return f"sqlite://{self.folder / f'campaign-{self.databases}.sqlite3'}"

    def postgres(self) -> str:
        """A new database on the throwaway PostgreSQL."""
        assert self.cluster is not None
        return self.cluster.new_database()

    def serve(
        self, database: str, bot_delay: float = 0.0, extra: list[str] | None = None
    ) -> ServeProcess:
        """Start a server (killed by :meth:`close`)."""
        server = ServeProcess(database, bot_delay=bot_delay, extra=extra or [])
        self.servers.append(server)
        return server.start()

    def missing_options(self, *options: str) -> list[str]:
        """The options ``parlour serve --help`` does not list."""
        if self._help is None:
            import subprocess

            done = subprocess.run(
                [*ServeProcess("sqlite://unused").command()[:3], "--help"],
                capture_output=True,
                text=True,
                timeout=60,
                env={**os.environ, "PYTHONPATH": str(live.SOURCES)},
            )
            self._help = done.stdout
        return [option for option in options if option not in self._help]

    def stop(self, server: ServeProcess) -> None:
        """Kill one server now."""
        server.stop()

    def close(self) -> None:
        """Kill every server started."""
        for server in self.servers:
            server.stop()


# ----- helpers --------------------------------------------------------------------------
def bot_table(base: str, chips: int = 1000) -> str:
    """A Nain Jaune table of four random bots that plays for a long time."""
    created = make_table(
        base, game="nain-jaune", players=4, options={"start_chips": chips}, seats=["bot:random"] * 4
    )
    return str(created["table"])


def summary(server: ServeProcess, table: str) -> Message | None:
    """``GET /api/tables/{id}``, or None when the server does not answer 200."""
    try:
        response = httpx.get(f"{server.base}/api/tables/{table}", timeout=5)
    except httpx.TransportError:
        return None
    if response.status_code != 200:
        return None
    data: Message = response.json()
    return data


def person_on_turn(server: ServeProcess, table: str, tokens: dict[int, str]) -> Client:
    """A connection holding the seat on turn."""
    facts = summary(server, table)
    assert facts is not None, "the table's summary did not answer"
    return Client(server, table, tokens[int(facts["to_act"])])


def watch_stalls(
    watcher: Client, seconds: float, tick: Callable[[], None]
) -> tuple[int, float, float]:
    """Read ``watcher`` for ``seconds`` calling ``tick`` every 0.11 s; return the
    new versions seen, the longest wait between two of them (counting the wait
    at the end) and when the first wait over 1 s began (seconds from the start)."""
    start = time.monotonic()
    last_version = watcher.state.get("version", -1)
    last_time = start
    longest = 0.0
    first_stall = -1.0
    moved = 0
    next_tick = start
    while time.monotonic() - start < seconds:
        if time.monotonic() >= next_tick:
            tick()
            next_tick = time.monotonic() + 0.11
        with contextlib.suppress(TimeoutError):
            message = watcher.receive(0.05)
            if message["type"] == "state" and message["version"] > last_version:
                now = time.monotonic()
                if now - last_time > 1.0 and first_stall < 0:
                    first_stall = last_time - start
                longest = max(longest, now - last_time)
                last_version, last_time = message["version"], now
                moved += 1
    end_wait = time.monotonic() - last_time
    if end_wait > 1.0 and first_stall < 0:
        first_stall = last_time - start
    return moved, max(longest, end_wait), first_stall


def closed_how(slow: SlowReader, seconds: float) -> tuple[str, bool]:
    """How the server ended the slow connection (or that it did not), and
    whether that is the close of a client that fell behind: code 4008, or the
    end of the stream without a close frame (another code, such as 1008 for a
    flood of requests the server read late, is not)."""
    how = slow.refused or slow.read_until_closed(seconds)
    if how is None:
        return f"still open {seconds:g} s after its backlog was read", False
    code = slow.reader.close_code
    if code is not None:
        return f"closed with code {code} ({slow.reader.close_reason!r})", code == 4008
    return f"closed ({how})", True


# ----- finding 1 ------------------------------------------------------------------------
def finding_1(campaign: Campaign) -> Iterator[Outcome]:
    """A client that never reads: the table, and on PostgreSQL the process."""
    seconds = campaign.seconds
    server = campaign.serve(campaign.sqlite(), bot_delay=0.1)
    table = bot_table(server.base)
    watcher = Client(server, table)
    slow = SlowReader(server.port, table)
    try:
        slow.send({"type": "hello"})
        moved, longest, first = watch_stalls(watcher, seconds, lambda: slow.send({"type": "state"}))
        how, closed = closed_how(slow, 15.0)
    finally:
        slow.close()
        watcher.close()
        campaign.stop(server)
    stalled = f", first stall at {first:.1f} s" if first >= 0 else ""
    yield Outcome(
        "1",
        f"a client with a 1 KiB buffer asks for the state every 0.11 s and never reads, "
        f"at a Nain Jaune bots table (bot delay 0.1 s), {seconds:g} s",
        longest < STALL_LIMIT and closed,
        f"{moved} moves; the table's longest stall {longest:.1f} s{stalled}; the slow "
        f"client was {how}",
    )
    if campaign.cluster is None:
        yield Outcome("1 pg", "the same on two processes on PostgreSQL", None, "needs --postgres")
        return
    database = campaign.postgres()
    # A waits 30 s before a bot move: B drives the bots, A only hears of them.
    first_server = campaign.serve(database, bot_delay=30.0)
    second_server = campaign.serve(database, bot_delay=0.1)
    busy = bot_table(second_server.base)
    created = make_table(second_server.base, game="dracula", seats=["human", "human"])
    quiet = str(created["table"])
    mover = person_on_turn(second_server, quiet, tokens_of(created))
    watcher = Client(first_server, quiet)
    slow = SlowReader(first_server.port, busy)
    try:
        slow.send({"type": "hello"})
        lead = min(10.0, seconds / 2)
        watch_stalls(watcher, lead, lambda: slow.send({"type": "state"}))
        version = mover.first["version"]
        mover.move_first_legal(mover.first)
        sent_at = time.monotonic()
        arrived = -1.0
        limit = max(10.0, seconds - lead)
        next_tick = sent_at
        while time.monotonic() - sent_at < limit and arrived < 0:
            if time.monotonic() >= next_tick:
                slow.send({"type": "state"})
                next_tick = time.monotonic() + 0.11
            with contextlib.suppress(TimeoutError):
                message = watcher.receive(0.05)
                if message["type"] == "state" and message["version"] > version:
                    arrived = time.monotonic() - sent_at
        # Go on without reading, as in the one-process run, until the server ends
        # the connection (its send buffer and the client's outbox full) or 30 s.
        until = time.monotonic() + 30.0
        while slow.refused is None and time.monotonic() < until:
            slow.send({"type": "state"})
            time.sleep(0.11)
        how, closed = closed_how(slow, 15.0)
    finally:
        slow.close()
        watcher.close()
        mover.close()
        campaign.stop(first_server)
        campaign.stop(second_server)
    reached = f"reached it after {arrived:.1f} s" if arrived >= 0 else f"never ({limit:g} s)"
    yield Outcome(
        "1 pg",
        f"the slow client on process A at a bots table moved by B ({lead:g} s); then a move "
        "at another table through process B",
        0 <= arrived < STALL_LIMIT and closed,
        f"A's spectator of the other table: {reached}; the slow client was {how}",
    )


# ----- finding 2 ------------------------------------------------------------------------
def finding_2(campaign: Campaign) -> Iterator[Outcome]:
    """Thracula: a take shows a face-down card; undo must then be refused."""
    server = campaign.serve(campaign.sqlite())
    created = make_table(server.base, game="thracula", options={"deals": 1}, seats=["human"] * 3)
    table, tokens = str(created["table"]), tokens_of(created)
    clients = {seat: Client(server, table, token) for seat, token in tokens.items()}
    try:
        state = clients[0].first
        seat = int(state["to_act"])
        mine = clients[seat].state_at(state["version"])
        takes = [entry for entry in mine["legal"] if str(entry["text"]).startswith("take")]
        if not takes:
            yield Outcome("2", "Thracula take then undo", False, f"no take to try: {mine['legal']}")
            return
        taken = clients[seat].move_first_legal(mine)
        shown = taken.get("view", {}).get("taken_card")
        clients[seat].send({"type": "undo", "version": taken["version"]})
        answer = clients[seat].until(
            lambda m: (
                m["type"] == "error" or (m["type"] == "state" and m["version"] != taken["version"])
            )
        )
    finally:
        for client in clients.values():
            client.close()
        campaign.stop(server)
    refused = answer["type"] == "error"
    yield Outcome(
        "2",
        f"Thracula, three people: seat {seat} takes {takes[0]['text']!r}, then undoes",
        refused,
        (f"undo refused: {answer['message']!r}" if refused else "undo accepted")
        + f" (the take showed {shown!r})",
    )


# ----- finding 3 ------------------------------------------------------------------------
def finding_3(campaign: Campaign) -> Iterator[Outcome]:
    """A spectator's rematch, and the tokens a seated person's rematch sends."""
    server = campaign.serve(campaign.sqlite())
    created = make_table(server.base, game="dracula", options={"deals": 1}, seats=["human"] * 2)
    table, tokens = str(created["table"]), tokens_of(created)
    players = {seat: Client(server, table, token) for seat, token in tokens.items()}
    spectator = Client(server, table)
    try:
        state = players[0].first
        for _ in range(500):
            if state["over"]:
                break
            seat = int(state["to_act"])
            state = players[seat].move_first_legal(players[seat].state_at(state["version"]))
        players.pop(1).close()
        spectator.until(
            lambda m: m["type"] in ("state", "seats") and not m["seats"][1]["connected"]
        )
        spectator.drain(quiet=0.3)
        spectator.send({"type": "again"})
        answer = spectator.until(lambda m: m["type"] in ("again", "error"))
        heard = [answer, *spectator.drain(quiet=0.5)]
        leaked = sum(1 for message in heard if contains_key(message, "token"))
        players[0].drain(quiet=0.2)
        players[0].send({"type": "again"})
        own = players[0].until(lambda m: m["type"] in ("again", "error"))
    finally:
        for client in (*players.values(), spectator):
            client.close()
        campaign.stop(server)
    refused = answer["type"] == "error"
    own_only = own["type"] == "again" and "token" in own and "free" not in own
    said = f"refused: {answer['message']!r}" if refused else f"answered {answer['type']!r}"
    yield Outcome(
        "3",
        "after a game, a spectator asks for a rematch; then seat 0 does",
        refused and leaked == 0 and own_only,
        f"spectator {said}, {leaked} of its messages held a token; seat 0 got "
        + ("its own token only" if own_only else f"{sorted(own)} (free: {'free' in own})"),
    )


# ----- finding 4 ------------------------------------------------------------------------
def finding_4(campaign: Campaign) -> Iterator[Outcome]:
    """Bots after PostgreSQL restarted four times."""
    cluster = campaign.cluster
    if cluster is None:
        yield Outcome("4", "bots after PostgreSQL restarts", None, "needs --postgres")
        return
    server = campaign.serve(campaign.postgres(), bot_delay=0.1)
    tables = [bot_table(server.base) for _ in range(6)]
    try:
        for _ in range(4):
            cluster.stop("fast")
            time.sleep(1.0)
            cluster.start()
            time.sleep(1.0)
        start: dict[str, int] = {}
        moved: dict[str, float] = {}
        began = time.monotonic()
        limit = max(30.0, campaign.seconds)
        while time.monotonic() - began < limit and len(moved) < len(tables):
            for table in tables:
                facts = summary(server, table)
                if facts is None or table in moved:
                    continue
                start.setdefault(table, int(facts["version"]))
                if int(facts["version"]) >= start[table] + 2 or facts["status"] == "over":
                    moved[table] = time.monotonic() - began
            time.sleep(0.25)
    finally:
        campaign.stop(server)
    slowest = f", the last after {max(moved.values()):.1f} s" if moved else ""
    yield Outcome(
        "4",
        "six Nain Jaune bots tables on PostgreSQL; PostgreSQL stopped (fast) for 1 s, four times",
        len(moved) == len(tables),
        f"{len(moved)} of {len(tables)} tables moved again within {limit:g} s{slowest}",
    )


# ----- finding 5 ------------------------------------------------------------------------
class Crowd:
    """Many spectators on raw sockets, whose messages one thread reads and drops."""

    def __init__(self, port: int, table: str) -> None:
        self.port = port
        self.table = table
        self.sockets: list[socket.socket] = []
        self.selector = selectors.DefaultSelector()
        self.lock = threading.Lock()
        self.bytes_read = 0
        self.running = True
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        deadline = time.monotonic() + 600  # bounded, whatever happens
        while self.running and time.monotonic() < deadline:
            with self.lock:
                ready = self.selector.select(timeout=0.05) if self.sockets else []
            if not ready:
                time.sleep(0.01)
            for key, _ in ready:
                connection: socket.socket = key.fileobj  # type: ignore[assignment]
                try:
                    data = connection.recv(65536)
                except OSError:
                    data = b""
                with self.lock:
                    if not data:
                        with contextlib.suppress(KeyError, ValueError):
                            self.selector.unregister(connection)
                    self.bytes_read += len(data)

    def join(self) -> None:
        """One more spectator: handshake and hello; its messages are read and dropped."""
        slow = SlowReader(self.port, self.table, receive_buffer=1 << 20)
        slow.send({"type": "hello"})
        with self.lock:
            self.sockets.append(slow.socket)
            self.selector.register(slow.socket, selectors.EVENT_READ)

    def leave_all(self) -> None:
        """Close every spectator's socket."""
        with self.lock:
            for connection in self.sockets:
                with contextlib.suppress(KeyError, ValueError):
                    self.selector.unregister(connection)
                connection.close()
            self.sockets = []

    def close(self) -> None:
        """Leave, and stop the reading thread."""
        self.leave_all()
        self.running = False
        self.thread.join(timeout=5)


def wait_for_spectators(server: ServeProcess, table: str, count: int, seconds: float) -> bool:
    """Wait until the table's summary counts ``count`` spectators."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        facts = summary(server, table)
        if facts is not None and facts["spectators"] == count:
            return True
        time.sleep(0.1)
    return False


def finding_5(campaign: Campaign) -> Iterator[Outcome]:
    """Hints in flight, joins and leaves, and the table limits."""
    server = campaign.serve(campaign.sqlite())
    try:
        created = make_table(server.base, game="dracula", seats=["human", "human"])
        person = person_on_turn(server, str(created["table"]), tokens_of(created))
        person.send({"type": "hint"})
        person.send({"type": "hint"})
        pair = [person.until(lambda m: m["type"] in ("hint", "error")) for _ in range(2)]
        person.close()
        people = []
        for _ in range(8):
            created = make_table(server.base, game="dracula", seats=["human", "human"])
            people.append(person_on_turn(server, str(created["table"]), tokens_of(created)))
        began = time.monotonic()
        for each in people:
            each.send({"type": "hint"})
        answers = [each.until(lambda m: m["type"] in ("hint", "error")) for each in people]
        eight_took = time.monotonic() - began
        for each in people:
            each.close()
        refused_second = sorted(answer["type"] for answer in pair) == ["error", "hint"]
        refused_some = sum(1 for answer in answers if answer["type"] == "error")
        yield Outcome(
            "5 hint",
            "two hints at once on one connection; one hint on each of 8 connections at once",
            refused_second and 0 < refused_some < len(answers),
            f"the pair got {[answer['type'] for answer in pair]}; of the 8, {refused_some} "
            f"refused (all answered in {eight_took:.1f} s)",
        )

        table = str(make_table(server.base, game="dracula", seats=["human", "human"])["table"])
        first = Client(server, table)
        for _ in range(20):
            Client(server, table).close()
        wait_for_spectators(server, table, 1, 30)
        heard = first.drain(quiet=1.0)
        first.close()
        states = sum(1 for message in heard if message["type"] == "state")
        seats = sum(1 for message in heard if message["type"] == "seats")
        cpu: list[float] = []
        for count in (100, 200, 300):
            table = str(make_table(server.base, game="dracula", seats=["human", "human"])["table"])
            before = server.cpu_seconds()
            crowd = Crowd(server.port, table)
            try:
                for _ in range(count):
                    crowd.join()
                wait_for_spectators(server, table, count, 60)
                crowd.leave_all()
                wait_for_spectators(server, table, 0, 60)
            finally:
                crowd.close()
            cpu.append(server.cpu_seconds() - before)
        ratio = cpu[2] / cpu[0] if cpu[0] > 0 else float("inf")
        yield Outcome(
            "5 join",
            "20 spectators come and go while one watches; 100/200/300 spectators join and leave",
            states == 0 and seats > 0,
            f"the watcher got {states} whole states and {seats} seats messages; server CPU "
            + "/".join(f"{value:.2f}" for value in cpu)
            + f" s (300/100: {ratio:.1f}; linear 3, quadratic 9: each join still tells every "
            "connection, so the count of messages stays quadratic; only their size changes)",
        )
    finally:
        campaign.stop(server)

    missing = campaign.missing_options("--max-tables", "--new-tables-per-minute")
    if missing:
        yield Outcome(
            "5 cap",
            "a fourth table beyond --max-tables 3 / --new-tables-per-minute 3",
            False,
            f"parlour serve has no {', '.join(missing)}",
        )
        return
    statuses = []
    for extra in (
        ["--max-tables", "3", "--new-tables-per-minute", "100"],
        ["--max-tables", "100", "--new-tables-per-minute", "3"],
    ):
        server = campaign.serve(campaign.sqlite(), extra=extra)
        try:
            for _ in range(3):
                make_table(server.base, game="dracula", seats=["human", "human"])
            began = time.monotonic()
            response = httpx.post(
                f"{server.base}/api/tables",
                json={"game": "dracula", "seats": ["human", "human"]},
                timeout=30,
            )
            took = time.monotonic() - began
            statuses.append((response.status_code, response.text[:80], took))
        finally:
            campaign.stop(server)
    yield Outcome(
        "5 cap",
        "a fourth table beyond --max-tables 3, then beyond --new-tables-per-minute 3",
        [status for status, _, _ in statuses] == [503, 429],
        "; ".join(f"{status} in {took:.2f} s {text!r}" for status, text, took in statuses),
    )


# ----- finding 6 ------------------------------------------------------------------------
def finding_6(campaign: Campaign, tables: int) -> Iterator[Outcome]:
    """The lobby's size with many tables, memory, and idle tables leaving memory."""
    missing = campaign.missing_options("--max-tables", "--new-tables-per-minute", "--idle-seconds")
    extra = [] if missing else ["--max-tables", "100000", "--new-tables-per-minute", "100000"]
    server = campaign.serve(campaign.sqlite(), extra=extra)
    try:
        memory_before = server.memory_kib()
        began = time.monotonic()
        made = 0
        with httpx.Client(timeout=30) as http:
            for _ in range(tables):
                if time.monotonic() - began > max(60.0, campaign.seconds * 4):
                    break
                answer = http.post(
                    f"{server.base}/api/tables",
                    json={"game": "dracula", "seats": ["human", "human"]},
                )
                if answer.status_code != 201:
                    break
                made += 1
            making = time.monotonic() - began
            began = time.monotonic()
            page = http.get(f"{server.base}/api/tables")
            one = time.monotonic() - began
        body = page.content
        paged = '"next"' in page.text[-200:] or '"next"' in page.text[:200]
        listed = len(page.json().get("tables", []))
        results: list[float] = []

        def fetch() -> None:
            start = time.monotonic()
            httpx.get(f"{server.base}/api/tables", timeout=60)
            results.append(time.monotonic() - start)

        threads = [threading.Thread(target=fetch) for _ in range(5)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        memory_after = server.memory_kib()
    finally:
        campaign.stop(server)
    five = max(results) if results else float("nan")
    yield Outcome(
        "6 lobby",
        f"{made} tables made in {making:.1f} s, then GET /api/tables",
        len(body) <= LOBBY_PAGE_LIMIT and paged and listed <= 100,
        f"{len(body):,} bytes, {listed} tables, paged: {paged}, {one:.2f} s (five at once: "
        f"{five:.2f} s); memory {memory_before // 1024} → {memory_after // 1024} MB"
        + (f"; parlour serve has no {', '.join(missing)}" if missing else ""),
    )

    if "--idle-seconds" in missing:
        yield Outcome(
            "6 idle",
            "a table nobody watches, with --idle-seconds 1",
            False,
            "parlour serve has no --idle-seconds",
        )
        return
    server = campaign.serve(campaign.sqlite(), extra=["--idle-seconds", "1"])
    try:
        created = make_table(server.base, game="dracula", seats=["human", "human"])
        table, tokens = str(created["table"]), tokens_of(created)
        person = person_on_turn(server, table, tokens)
        played = person.move_first_legal(person.first)
        person.close()
        began = time.monotonic()
        open_tables = -1
        while time.monotonic() - began < 30:
            response = httpx.get(f"{server.base}/api/server", timeout=30)
            if response.status_code != 200:
                break
            open_tables = int(response.json()["open_tables"])
            if open_tables == 0:
                break
            time.sleep(0.2)
        left = time.monotonic() - began
        back = person_on_turn(server, table, tokens)
        same = back.first.get("version") == played["version"]
        again = back.move_first_legal(back.first)
        back.close()
    finally:
        campaign.stop(server)
    yield Outcome(
        "6 idle",
        "play a move, leave, wait past --idle-seconds 1, come back",
        open_tables == 0 and same and again["type"] == "state",
        f"open tables {open_tables} after {left:.1f} s; back at the same version: {same}; "
        f"the next move: {again['type']}",
    )


# ----- finding 7 ------------------------------------------------------------------------
def forced_turns(record_text: str) -> list[bool]:
    """For each move (not chance) of a finished match: whether its seat had one legal move."""
    import parlour
    from parlour.core.record import MatchRecord

    record = MatchRecord.from_json(record_text)
    state = parlour.load_game(record.game, **record.options).new_initial_state()
    chance, actions = iter(record.chance), iter(record.actions)
    forced: list[bool] = []
    for _ in range(100000):  # bounded: far more steps than a match has
        is_chance = state.is_chance_node()
        text = next(chance if is_chance else actions, None)
        if text is None:
            break
        if not is_chance:
            forced.append(len(state.legal_actions()) == 1)
        state.apply_action(state.string_to_action(text))
    return forced


PAUSE_WORDS = ("trick", "coffin", "deal", "round", "scored", "box")


def finding_7(campaign: Campaign) -> Iterator[Outcome]:
    """Does a search bot with one legal move answer sooner than one that thinks?"""
    server = campaign.serve(campaign.sqlite(), bot_delay=0.3)
    try:
        created = make_table(
            server.base,
            game="colour-blind",
            players=3,
            options={"deals": 1},
            seats=["bot:hard"] * 3,
        )
        table = str(created["table"])
        watcher = Client(server, table)
        waits: dict[int, float] = {}
        paused: set[int] = set()
        last_time = time.monotonic()
        version = watcher.first["version"]
        began = time.monotonic()
        limit = max(60.0, campaign.seconds * 3)
        over = watcher.first["over"]
        while not over and time.monotonic() - began < limit:
            with contextlib.suppress(TimeoutError):
                message = watcher.receive(1.0)
                if message["type"] == "state" and message["version"] > version:
                    now = time.monotonic()
                    if message["version"] == version + 1:
                        waits[message["version"]] = now - last_time
                    for event in message["events"]:
                        if any(word in event["event"].get("kind", "") for word in PAUSE_WORDS):
                            paused.add(message["version"] + 1)
                    version, last_time, over = message["version"], now, message["over"]
        watcher.close()
        record = httpx.get(f"{server.base}/api/tables/{table}/record", timeout=30)
    finally:
        campaign.stop(server)
    if record.status_code != 200:
        yield Outcome("7", "a search bot's forced moves", None, f"no record ({record.status_code})")
        return
    forced = forced_turns(record.text)
    # Version v is the state after the v-th move (a move of a bot: both are bots).
    pairs = [
        (forced[number - 1], wait)
        for number, wait in waits.items()
        if number - 1 < len(forced) and number not in paused and number > 1
    ]
    quick = [wait for is_forced, wait in pairs if is_forced]
    thought = [wait for is_forced, wait in pairs if not is_forced]
    if not quick or not thought:
        yield Outcome("7", "a search bot's forced moves", None, "no forced or no free turn seen")
        return
    fastest_thought = min(thought)
    spotted = sum(1 for wait in quick if wait < fastest_thought)
    yield Outcome(
        "7",
        "Colour-blind, three hard bots (bot delay 0.3 s), one deal; a spectator times each move",
        spotted <= len(quick) // 2,
        f"forced moves: median {statistics.median(quick):.2f} s ({len(quick)}); others: median "
        f"{statistics.median(thought):.2f} s, fastest {fastest_thought:.2f} s ({len(thought)}); "
        f"{spotted} of {len(quick)} forced moves came sooner than any other",
    )


# ----- finding 8 ------------------------------------------------------------------------
def finding_8(campaign: Campaign) -> Iterator[Outcome]:
    """Bad input: deep JSON, huge numbers, binary frames, NUL in a name."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    forms = [("SQLite", campaign.sqlite())]
    if campaign.cluster is not None:
        forms.append(("PostgreSQL", campaign.postgres()))
    for name, database in forms:
        server = campaign.serve(database)
        found: list[str] = []
        held = True
        try:
            deep = '{"game": "dracula", "options": ' + "[" * 5000 + "]" * 5000 + "}"
            digits = '{"game": "dracula", "players": 1' + "0" * 5000 + "}"
            for label, body in (("deep JSON", deep), ("a 5,000-digit number", digits)):
                response = httpx.post(
                    f"{server.base}/api/tables",
                    content=body,
                    headers={"Content-Type": "application/json"},
                    timeout=30,
                )
                held &= 400 <= response.status_code < 500
                found.append(f"{label} POST → {response.status_code}")
            created = make_table(server.base, game="dracula", seats=["human", "human"])
            table = str(created["table"])
            for label, frame in (("a binary frame", b"\x00\x01\x02"), ("deep JSON", None)):
                with connect(server.ws_url(table), open_timeout=30) as ws:
                    ws.send(json.dumps({"type": "hello"}))
                    ws.recv(timeout=30)
                    ws.send(frame if frame is not None else "[" * 2000 + "]" * 2000)
                    code: int | None = None
                    answer = ""
                    try:
                        for _ in range(50):
                            message = json.loads(ws.recv(timeout=10))
                            if message.get("type") == "error":
                                answer = "an error"
                                if frame is None:
                                    break
                    except ConnectionClosed as closed:
                        code = closed.rcvd.code if closed.rcvd is not None else None
                    except TimeoutError:
                        pass
                if frame is not None:
                    held &= code == 1003
                else:
                    held &= bool(answer) or code is not None
                shown = f"close {code}" if code is not None else "no close frame"
                found.append(f"WS {label} → {answer or shown}")
            response = httpx.post(
                f"{server.base}/api/tables/{table}/seats/1", json={"name": "A\u0000B"}, timeout=30
            )
            text = response.text
            places = ("127.0.0.1", "parlour_hostile", "sqlite", str(campaign.folder))
            leak = any(word in text for word in places)
            held &= response.status_code == 400 and not leak
            found.append(f"NUL in a name → {response.status_code} {text[:90]!r}")
        finally:
            campaign.stop(server)
        yield Outcome(
            "8" if name == "SQLite" else "8 pg",
            f"bad input on {name}: deep JSON, a huge number, a binary frame, NUL in a name",
            held,
            "; ".join(found),
        )


# ----- finding 9 ------------------------------------------------------------------------
def finding_9(campaign: Campaign) -> Iterator[Outcome]:
    """A table whose last move is stored but which the seat book calls unfinished."""
    database = campaign.sqlite()
    server = campaign.serve(database)
    created = make_table(server.base, game="dracula", options={"deals": 1}, seats=["human"] * 2)
    table, tokens = str(created["table"]), tokens_of(created)
    players = {seat: Client(server, table, token) for seat, token in tokens.items()}
    try:
        state = players[0].first
        for _ in range(500):
            if state["over"]:
                break
            seat = int(state["to_act"])
            state = players[seat].move_first_legal(players[seat].state_at(state["version"]))
    finally:
        for client in players.values():
            client.close()
        campaign.stop(server)
    # The crash between storing the last move and marking the table finished.
    with contextlib.closing(sqlite3.connect(database.removeprefix("sqlite://"))) as connection:
        connection.execute("UPDATE web_tables SET finished = 0 WHERE table_id = ?", (table,))
        connection.commit()
    server = campaign.serve(database)
    try:
        listed: list[Message] = []
        after: str | None = None
        for _ in range(20):
            params = {"after": after} if after else {}
            page = httpx.get(f"{server.base}/api/tables", params=params, timeout=30).json()
            listed += page["tables"]
            after = page.get("next")
            if not after:
                break
    finally:
        campaign.stop(server)
    entry = next((item for item in listed if item["table"] == table), None)
    yield Outcome(
        "9",
        "a finished Dracula table marked unfinished in the seat book (a crash after the last "
        "move), then a restart",
        entry is None,
        "not in the lobby after the restart"
        if entry is None
        else f"still in the lobby as {entry['status']!r}",
    )


# ----- finding 10 -----------------------------------------------------------------------
def finding_10(campaign: Campaign) -> Iterator[Outcome]:
    """Origin and content type of POSTs, the Host header, half headers, headers."""
    server = campaign.serve(campaign.sqlite())
    found: list[str] = []
    held = True
    try:
        body = json.dumps({"game": "dracula", "seats": ["human", "human"]})
        response = httpx.post(
            f"{server.base}/api/tables",
            content=body,
            headers={"Content-Type": "text/plain", "Origin": "http://evil.example"},
            timeout=30,
        )
        held &= 400 <= response.status_code < 500
        found.append(f"cross-origin text/plain POST → {response.status_code}")
        response = httpx.get(
            f"{server.base}/api/games", headers={"Host": "evil.example"}, timeout=30
        )
        held &= response.status_code == 400
        found.append(f"Host: evil.example → {response.status_code}")
        response = httpx.get(f"{server.base}/api/games", timeout=30)
        headers = [
            header
            for header in ("Content-Security-Policy", "X-Content-Type-Options")
            if header in response.headers
        ]
        held &= len(headers) == 2
        found.append(f"/api/games security headers: {headers or 'none'}")
        half = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        began = time.monotonic()
        closed_after = -1.0
        try:
            half.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            half.settimeout(0.5)
            while time.monotonic() - began < HALF_HEADERS_LIMIT + 5:
                try:
                    data = half.recv(4096)
                except TimeoutError:
                    continue
                except OSError:
                    data = b""
                if not data:
                    closed_after = time.monotonic() - began
                    break
        finally:
            half.close()
        held &= 0 <= closed_after <= HALF_HEADERS_LIMIT
        found.append(
            f"half headers closed after {closed_after:.1f} s"
            if closed_after >= 0
            else f"half headers still open after {HALF_HEADERS_LIMIT + 5:g} s"
        )
    finally:
        campaign.stop(server)
    yield Outcome(
        "10",
        "cross-origin text/plain POST, a wrong Host, headers of /api/games, half headers",
        held,
        "; ".join(found),
    )


# ----- the run ---------------------------------------------------------------------------
FINDINGS = tuple(range(1, 11))


def run(campaign: Campaign, chosen: list[int], tables: int) -> list[Outcome]:
    """Run the chosen findings in order, printing each line as it comes."""
    steps: dict[int, Callable[[], Iterator[Outcome]]] = {
        1: lambda: finding_1(campaign),
        2: lambda: finding_2(campaign),
        3: lambda: finding_3(campaign),
        5: lambda: finding_5(campaign),
        6: lambda: finding_6(campaign, tables),
        7: lambda: finding_7(campaign),
        8: lambda: finding_8(campaign),
        9: lambda: finding_9(campaign),
        10: lambda: finding_10(campaign),
        4: lambda: finding_4(campaign),  # last of the PostgreSQL users: it restarts the server
    }
    outcomes: list[Outcome] = []
    for number in sorted(chosen, key=lambda each: (each == 4, each)):
        began = time.monotonic()
        try:
            for outcome in steps[number]():
                outcomes.append(outcome)
                print(outcome.line(), flush=True)
        except Exception as error:  # one broken replay is a line of the report, not the end
            outcome = Outcome(
                str(number), "(the replay itself)", False, f"{type(error).__name__}: {error}"
            )
            outcomes.append(outcome)
            print(outcome.line()[:2000], flush=True)
        print(f"       ({time.monotonic() - began:.0f} s)", flush=True)
    return outcomes


def parse_findings(text: str) -> list[int]:
    """``1,3,5`` as numbers, each one of the issue's findings."""
    chosen = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or int(part) not in FINDINGS:
            raise argparse.ArgumentTypeError(
                f"findings are numbers 1–10 separated by commas, not {part!r}"
            )
        chosen.append(int(part))
    return chosen


def main(argv: list[str] | None = None) -> int:
    """Run the campaign; 1 if something broke."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--findings",
        type=parse_findings,
        default=list(FINDINGS),
        help="which findings to replay, e.g. 1,3,5 (default: all)",
    )
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="also replay on two processes on a throwaway PostgreSQL (1, 4, 8)",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=30.0,
        help="how long the longest replay runs (the slow client of finding 1; default 30)",
    )
    parser.add_argument(
        "--tables", type=int, default=2000, help="tables for the lobby of finding 6 (default 2000)"
    )
    parser.add_argument(
        "--source",
        type=Path,
        default=None,
        metavar="FOLDER",
        help="the src folder of the parlour to serve, to compare two versions under one "
        "campaign (default: this repository's src)",
    )
    arguments = parser.parse_args(argv)
    if arguments.source is not None:
        if not (arguments.source / "parlour" / "cli" / "serve.py").is_file():
            parser.error(f"--source {arguments.source} has no parlour/cli/serve.py")
        live.SOURCES = arguments.source.resolve()
    if not 1 <= arguments.seconds <= 600:
        parser.error("--seconds must be 1–600")
    if not 1 <= arguments.tables <= 20000:
        parser.error("--tables must be 1–20000")
    print(
        f"parlour hostile campaign: findings {arguments.findings}, "
        f"postgres={arguments.postgres}, server source {live.SOURCES}"
    )
    with (
        tempfile.TemporaryDirectory(prefix="parlour-hostile-") as folder,
        contextlib.ExitStack() as stack,
    ):
        cluster = stack.enter_context(restartable_cluster()) if arguments.postgres else None
        campaign = Campaign(Path(folder), arguments.seconds, cluster)
        stack.callback(campaign.close)
        outcomes = run(campaign, arguments.findings, arguments.tables)
    broken = [outcome.label for outcome in outcomes if outcome.held is False]
    held = sum(1 for outcome in outcomes if outcome.held)
    print(f"{held} held, {len(broken)} broken" + (f": {', '.join(broken)}" if broken else ""))
    return 1 if broken else 0


if __name__ == "__main__":
    raise SystemExit(main())
