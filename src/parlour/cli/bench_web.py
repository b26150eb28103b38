"""``parlour bench-web``: the web table under load, on loopback.

It starts ``parlour serve`` itself (a child process on a free loopback port, a
fresh SQLite file in a temporary folder), opens ``--tables`` tables of bots, each
watched by one WebSocket spectator that counts the moves and opens a new table
when a game ends, and ``--people`` tables where a WebSocket client plays one seat
as a person would: it waits ``--think`` seconds, sends a move, and times the
wait for the next state (the state of its own move). Then, with ``--postgres``
(a throwaway PostgreSQL cluster that the bench starts and removes, as the tests
do) or ``--database postgresql://…`` (an empty database of yours), the same load
on two server processes sharing that database, each client on the other process
than the one that made its table, so that its moves travel by LISTEN/NOTIFY.

Clients open their tables a few at a time (``--open-at-once``); counting starts
once every client has had its first try. A client whose table or connection
fails counts it (a handshake time-out, a refusal, an error) and tries again a
second later, so a run always ends with its figures. It prints, for each run:
moves per second (every seat's, bots' included), the person's move latency
(p50, p99 and worst over all moves; the median and the worst of each person's
own p99), errors, handshake time-outs, refusals, moves without a reply, the
servers' CPU, and tracebacks in the servers' logs; then a table of the runs.

Bounded in count (``--tables``, ``--people``) and time (``--seconds``), loopback
only. A benchmark, not a test: the figures depend on the machine and on what
else runs on it, the client included.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from parlour.arena.stats import percentile
from parlour.core.errors import ParlourError

START_SECONDS = 30.0
"""The longest wait for a server process to answer."""
REPLY_SECONDS = 10.0
"""A state not received this long after a move counts as lost; also the longest
wait for a table to be made or a WebSocket handshake to finish."""
RETRY_SECONDS = 1.0
"""A client whose table or connection failed tries again after this pause."""
MOST_TABLES = 2000
LONGEST_RUN = 600.0


def register(subparsers: Any) -> None:
    """Add ``parlour bench-web`` to the command line (``parlour bench`` belongs to
    the engine's benchmark; this one needs the ``web`` extra)."""
    parser = subparsers.add_parser(
        "bench-web",
        help="load test of the web table on loopback: moves/s and a person's move latency",
        description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
    )
    add_arguments(parser)
    parser.set_defaults(run=command_bench_web)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``parlour bench-web``."""
    parser.add_argument("--tables", type=int, default=200, help="tables of bots (default 200)")
    parser.add_argument(
        "--people", type=int, default=20, help="tables with a person played by the bench (20)"
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="length of each run (60)")
    parser.add_argument("--game", default="dracula", help="the game played (default dracula)")
    parser.add_argument(
        "--bot", default="random", help="the bots' level (default random: the server's cost)"
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.9,
        metavar="SECONDS",
        help="the servers' pause before each bot move (default 0.9, as parlour serve)",
    )
    parser.add_argument(
        "--think", type=float, default=0.5, help="a person's pause before each move (0.5 s)"
    )
    parser.add_argument(
        "--open-at-once",
        type=int,
        default=16,
        metavar="N",
        help="clients opening their table at the same moment (default 16)",
    )
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="also run two processes on a throwaway PostgreSQL cluster started (and "
        "removed) by the bench; needs the PostgreSQL server binaries, as the tests do",
    )
    parser.add_argument(
        "--database",
        default=None,
        metavar="URL",
        help="also run two processes on this PostgreSQL database (an empty one of yours)",
    )
    parser.add_argument(
        "--skip-sqlite", action="store_true", help="leave out the one-process SQLite run"
    )
    parser.add_argument(
        "--server-source",
        default=None,
        metavar="FOLDER",
        help="run the servers from the parlour sources in FOLDER (its src folder: e.g. a "
        "checkout of an earlier commit, compiled in place) instead of this parlour, to "
        "compare two versions under the same client",
    )
    parser.add_argument(
        "--json", default=None, metavar="FILE", help="also write the figures to FILE as JSON"
    )
    parser.add_argument("--seed", type=int, default=1, help="the bench's own random choices")


@dataclass
class Figures:
    """What one run measured."""

    label: str
    tables: int = 0
    people: int = 0
    seconds: float = 0.0
    moves: int = 0
    latencies: dict[int, list[float]] = field(default_factory=dict)
    """Each person's move latencies, in seconds, by person."""
    errors: list[str] = field(default_factory=list)
    handshake_timeouts: int = 0
    refusals: list[str] = field(default_factory=list)
    games_finished: int = 0
    lost_replies: int = 0
    server_cpu_seconds: float | None = None
    tracebacks: int = 0

    def all_latencies(self) -> list[float]:
        """Every person's move latencies, sorted."""
        return sorted(value for values in self.latencies.values() for value in values)

    def summary(self) -> dict[str, Any]:
        """The figures as JSON-friendly data (milliseconds for latencies)."""
        ordered = self.all_latencies()
        own = sorted(
            percentile(sorted(values), 0.99) for values in self.latencies.values() if values
        )
        rate = self.moves / self.seconds if self.seconds else 0.0
        return {
            "run": self.label,
            "tables": self.tables,
            "people": self.people,
            "seconds": round(self.seconds, 1),
            "moves": self.moves,
            "moves_per_second": round(rate, 1),
            "games_finished": self.games_finished,
            "person_moves": len(ordered),
            "p50_ms": round(statistics.median(ordered) * 1000, 1) if ordered else None,
            "p99_ms": round(percentile(ordered, 0.99) * 1000, 1) if ordered else None,
            "worst_ms": round(ordered[-1] * 1000, 1) if ordered else None,
            "person_p99_median_ms": round(statistics.median(own) * 1000, 1) if own else None,
            "person_p99_worst_ms": round(own[-1] * 1000, 1) if own else None,
            "errors": len(self.errors),
            "first_error": self.errors[0] if self.errors else "",
            "handshake_timeouts": self.handshake_timeouts,
            "refusals": len(self.refusals),
            "first_refusal": self.refusals[0] if self.refusals else "",
            "lost_replies": self.lost_replies,
            "server_cpu_percent": (
                round(100 * self.server_cpu_seconds / self.seconds)
                if self.server_cpu_seconds is not None and self.seconds
                else None
            ),
            "tracebacks": self.tracebacks,
        }

    def lines(self) -> list[str]:
        """The figures as printed."""
        data = self.summary()
        lines = [
            f"{self.label}, {self.tables} tables + {self.people} people: {self.moves} moves in "
            f"{self.seconds:.1f} s = {data['moves_per_second']} moves/s, "
            f"{self.games_finished} games finished"
        ]
        if data["person_moves"]:
            lines.append(
                f"  a person's move → next state: {data['person_moves']} moves, "
                f"p50 {data['p50_ms']} ms, p99 {data['p99_ms']} ms, worst {data['worst_ms']} ms; "
                f"each person's own p99: median {data['person_p99_median_ms']} ms, "
                f"worst {data['person_p99_worst_ms']} ms"
            )
        else:
            lines.append("  a person's move → next state: no move measured")
        lines.append(
            f"  {data['errors']} errors, {data['handshake_timeouts']} handshake time-outs, "
            f"{data['refusals']} refusals, {data['lost_replies']} moves without a reply, "
            f"{data['tracebacks']} tracebacks in the servers' logs"
        )
        if data["server_cpu_percent"] is not None:
            lines.append(f"  servers' CPU: {data['server_cpu_percent']}% of one core")
        if self.errors:
            lines.append(f"  first error: {self.errors[0]}")
        if self.refusals:
            lines.append(f"  first refusal: {self.refusals[0]}")
        return lines


TABLE_COLUMNS = (
    ("run", "run"),
    ("tables", "tables"),
    ("moves/s", "moves_per_second"),
    ("person moves", "person_moves"),
    ("p50 ms", "p50_ms"),
    ("p99 ms", "p99_ms"),
    ("worst ms", "worst_ms"),
    ("errors", "errors"),
    ("handshake time-outs", "handshake_timeouts"),
    ("refusals", "refusals"),
    ("no reply", "lost_replies"),
    ("tracebacks", "tracebacks"),
)


def markdown_table(runs: Sequence[Figures]) -> list[str]:
    """The runs as a Markdown table (as docs/web.md shows them)."""
    lines = ["| " + " | ".join(title for title, _ in TABLE_COLUMNS) + " |"]
    lines.append("|" + "---|" * len(TABLE_COLUMNS))
    for figures in runs:
        data = figures.summary()
        cells = ["–" if data[key] is None else str(data[key]) for _, key in TABLE_COLUMNS]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(
    database: str, bot_delay: float, log: Path, source: str | None = None
) -> tuple[subprocess.Popen[bytes], str]:
    """A ``parlour serve`` child process on a free loopback port, and its address;
    what it writes goes to the file ``log``. ``source``: the folder of the parlour
    package to run (default: this one)."""
    port = free_port()
    source = source or str(Path(__file__).resolve().parents[2])
    paths = [source, *filter(None, [os.environ.get("PYTHONPATH")])]
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    command = [sys.executable, "-m", "parlour.cli.serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--database", database, "--bot-delay", str(bot_delay)]
    serve = Path(source) / "parlour" / "cli" / "serve.py"
    if serve.is_file() and "--new-tables-per-minute" in serve.read_text(encoding="utf-8"):
        # Every client of the bench comes from 127.0.0.1: lift the per-address
        # quotas (the server-wide caps stay as parlour serve has them).
        command += ["--new-tables-per-minute", "1000000", "--bot-tables-per-address", "1000000"]
    if serve.is_file() and "--connections-per-address" in serve.read_text(encoding="utf-8"):
        command += ["--connections-per-address", "1000000"]
    with log.open("ab") as output:
        process = subprocess.Popen(command, env=environment, stdout=output, stderr=output)
    return process, f"127.0.0.1:{port}"


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user and system) process ``pid`` has used, where /proc tells."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


async def wait_ready(client: Any, address: str, process: subprocess.Popen[bytes]) -> None:
    """Return once the server answers; a server that ended or stays silent is an error."""
    import httpx

    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ParlourError(f"the server on {address} ended at its start")
        with contextlib.suppress(httpx.TransportError):
            if (await client.get(f"http://{address}/api/games")).status_code == 200:
                return
        await asyncio.sleep(0.2)
    raise ParlourError(f"the server on {address} did not answer within {START_SECONDS:.0f} s")


class RefusedError(ParlourError):
    """The server refused a table or a connection (its sentence, or its status)."""


class Load:
    """The clients of one run: spectators at bot tables, people at their tables."""

    def __init__(
        self, arguments: argparse.Namespace, addresses: Sequence[str], figures: Figures
    ) -> None:
        self.arguments = arguments
        self.addresses = addresses
        self.figures = figures
        self.random = random.Random(arguments.seed)
        self.deadline = 0.0
        self.measure_from = float("inf")
        self.tried = 0
        self.http: Any = None
        self.opening = asyncio.Semaphore(max(1, arguments.open_at_once))

    def measuring(self) -> bool:
        """True once every client has had its first try at a table: the opening
        rush of table creations and handshakes is not counted."""
        return time.monotonic() >= self.measure_from

    def count_moves(self, moves: int) -> None:
        if self.measuring():
            self.figures.moves += moves

    def first_try_done(self) -> None:
        """A client has had its first try; when all have, the measured run starts."""
        self.tried += 1
        if self.tried == self.arguments.tables + self.arguments.people:
            self.measure_from = time.monotonic()
            self.deadline = self.measure_from + self.arguments.seconds

    async def new_table(self, seats: list[str], address: str) -> dict[str, Any]:
        response = await self.http.post(
            f"http://{address}/api/tables",
            json={"game": self.arguments.game, "seats": seats},
        )
        if response.status_code != 201:
            raise RefusedError(f"POST /api/tables: {response.status_code} {response.text[:200]}")
        created: dict[str, Any] = response.json()
        return created

    def seats(self, person: bool) -> list[str]:
        from parlour.core.registry import load_game

        players = load_game(self.arguments.game).num_players
        bots = [f"bot:{self.arguments.bot}"] * players
        return ["human", *bots[1:]] if person else bots

    async def opened(self, seats: list[str], create_at: str, connect_at: str, token: bool) -> Any:
        """Make a table and open a WebSocket to it, saying hello (with seat 0's
        token for a person); at most ``--open-at-once`` at the same moment."""
        from websockets.asyncio.client import connect

        async with self.opening:
            created = await self.new_table(seats, create_at)
            url = f"ws://{connect_at}/ws/tables/{created['table']}"
            websocket = await connect(url, open_timeout=REPLY_SECONDS, close_timeout=2)
            hello: dict[str, Any] = {"type": "hello"}
            if token:
                hello["token"] = created["seats"][0]["token"]
            await websocket.send(json.dumps(hello))
            return websocket

    def failed(self, error: BaseException) -> None:
        """Count a client's failure by kind."""
        import httpx
        from websockets.exceptions import ConnectionClosed, InvalidStatus

        if isinstance(error, TimeoutError | httpx.TimeoutException):
            self.figures.handshake_timeouts += 1
        elif isinstance(error, RefusedError):
            self.figures.refusals.append(str(error))
        elif isinstance(error, InvalidStatus):
            self.figures.refusals.append(f"WebSocket handshake: {error}")
        elif isinstance(error, ConnectionClosed) and error.rcvd is not None:
            reason = error.rcvd.reason or "no reason"
            if error.rcvd.code in (1013, 1008) or error.rcvd.code >= 4000:
                self.figures.refusals.append(f"closed {error.rcvd.code}: {reason}")
            else:
                self.figures.errors.append(f"closed {error.rcvd.code}: {reason}")
        else:
            self.figures.errors.append(f"{type(error).__name__}: {error}"[:300])

    @contextlib.contextmanager
    def first_try(self) -> Iterator[None]:
        """Around a client's first table: whatever happens, its first try is done."""
        try:
            yield
        finally:
            self.first_try_done()

    async def client(self, index: int, person: bool) -> None:
        """One client: a table, a connection, a game; again until the deadline,
        after a pause when something failed."""
        import httpx
        from websockets.exceptions import WebSocketException

        create_at = self.addresses[index % len(self.addresses)]
        connect_at = self.addresses[(index + 1) % len(self.addresses)]
        first = True
        while time.monotonic() < self.deadline:
            try:
                if first:
                    first = False
                    with self.first_try():
                        websocket = await self.opened(
                            self.seats(person), create_at, connect_at, person
                        )
                else:
                    websocket = await self.opened(self.seats(person), create_at, connect_at, person)
                async with websocket:
                    ended = await (
                        self.play_game(index, websocket) if person else self.watch(websocket)
                    )
                if ended:
                    self.figures.games_finished += self.measuring()
            except (
                OSError,
                TimeoutError,
                httpx.HTTPError,
                WebSocketException,
                RefusedError,
            ) as error:
                self.failed(error)  # in the opening rush too: that is where time-outs show
                await asyncio.sleep(RETRY_SECONDS)

    async def watch(self, websocket: Any) -> bool:
        """A spectator at a bot table, counting its moves; True when the game ended."""
        version = None
        while time.monotonic() < self.deadline:
            try:
                text = await asyncio.wait_for(websocket.recv(), self.deadline - time.monotonic())
            except TimeoutError:
                return False
            message = json.loads(text)
            if message["type"] == "error":
                self.figures.errors.append(str(message.get("message", message))[:300])
            if message["type"] != "state":
                continue
            if version is not None and message["version"] > version:
                self.count_moves(message["version"] - version)
            version = message["version"]
            if message["over"]:
                return True
        return False

    async def play_game(self, index: int, websocket: Any) -> bool:
        """Play one game as seat 0; True when it ended before the deadline."""
        state: dict[str, Any] | None = None
        sent_at: float | None = None
        sent_version = -1
        latencies = self.figures.latencies.setdefault(index, [])
        while time.monotonic() < self.deadline:
            wait = REPLY_SECONDS if sent_at is not None else self.deadline - time.monotonic()
            try:
                message = json.loads(await asyncio.wait_for(websocket.recv(), max(wait, 0.01)))
            except TimeoutError:
                if sent_at is not None and self.measuring():
                    self.figures.lost_replies += 1
                return False
            if message["type"] == "error":
                self.figures.errors.append(str(message.get("message", message))[:300])
                sent_at = None
                continue
            if message["type"] != "state":
                continue
            if state is not None and message["version"] > state["version"]:
                self.count_moves(message["version"] - state["version"])
            state = message
            if sent_at is not None and state["version"] > sent_version:
                if self.measuring():
                    latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if state["over"]:
                return True
            if sent_at is None and state["legal"]:
                await asyncio.sleep(self.arguments.think * (0.5 + self.random.random()))
                if time.monotonic() >= self.deadline:
                    return False
                legal = state["legal"]
                action = legal[self.random.randrange(len(legal))]["action"]
                sent_version = state["version"]
                sent_at = time.perf_counter()
                await websocket.send(
                    json.dumps({"type": "move", "action": action, "version": sent_version})
                )
        return False

    async def run(self) -> None:
        import httpx

        limits = httpx.Limits(max_connections=max(8, self.arguments.open_at_once * 2))
        async with httpx.AsyncClient(timeout=REPLY_SECONDS, limits=limits) as http:
            self.http = http
            # Until every client has had its first try: the opening rush, not measured.
            self.deadline = time.monotonic() + self.arguments.seconds + LONGEST_RUN
            tasks = [self.client(index, False) for index in range(self.arguments.tables)]
            tasks += [self.client(index, True) for index in range(self.arguments.people)]
            results = await asyncio.gather(*tasks, return_exceptions=True)
            self.figures.seconds = max(0.0, time.monotonic() - self.measure_from)
            for result in results:
                if isinstance(result, BaseException):
                    self.figures.errors.append(f"{type(result).__name__}: {result}"[:300])


async def run_once(
    arguments: argparse.Namespace, label: str, databases: Sequence[str], folder: Path
) -> Figures:
    """Start one server per database address, load them, stop them."""
    import httpx

    figures = Figures(label, tables=arguments.tables, people=arguments.people)
    logs = [folder / f"server-{index}.log" for index in range(len(databases))]
    started = [
        start_server(database, arguments.bot_delay, log, arguments.server_source)
        for database, log in zip(databases, logs, strict=True)
    ]
    try:
        async with httpx.AsyncClient(timeout=REPLY_SECONDS) as client:
            for process, address in started:
                await wait_ready(client, address, process)
        load = Load(arguments, [address for _, address in started], figures)
        task = asyncio.create_task(load.run())
        # The servers' CPU over the measured part only.
        while not load.measuring() and not task.done():
            await asyncio.sleep(0.05)
        first = [cpu_seconds(process.pid) for process, _ in started]
        while not task.done() and time.monotonic() < load.deadline:
            await asyncio.sleep(0.05)
        last = [cpu_seconds(process.pid) for process, _ in started]
        await task
        if all(value is not None for value in first + last):
            figures.server_cpu_seconds = sum(
                (after or 0.0) - (before or 0.0) for before, after in zip(first, last, strict=True)
            )
    finally:
        for process, _ in started:
            process.terminate()
        for process, _ in started:
            try:
                process.wait(timeout=START_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    figures.tracebacks = sum(
        log.read_text(errors="replace").count("Traceback") for log in logs if log.exists()
    )
    return figures


def check_arguments(arguments: argparse.Namespace) -> None:
    """Refuse values out of the bench's bounds, with a sentence."""
    for name in ("tables", "people"):
        if not 0 <= getattr(arguments, name) <= MOST_TABLES:
            raise ParlourError(f"--{name} must be 0–{MOST_TABLES}")
    if not 0 < arguments.seconds <= LONGEST_RUN:
        raise ParlourError(f"--seconds must be more than 0 and at most {LONGEST_RUN:.0f}")
    if not 1 <= arguments.open_at_once <= 200:
        raise ParlourError("--open-at-once must be 1–200")
    if arguments.postgres and arguments.database:
        raise ParlourError("give --postgres (a throwaway cluster) or --database URL, not both")
    if arguments.skip_sqlite and not (arguments.postgres or arguments.database):
        raise ParlourError("--skip-sqlite leaves no run: add --postgres or --database")
    if arguments.postgres or arguments.database:
        try:
            import psycopg  # noqa: F401
        except ImportError:
            raise ParlourError(
                "the PostgreSQL runs need the postgres extra (psycopg is missing): "
                "pip install 'parlour[web,postgres]'"
            ) from None
    if arguments.server_source and not (Path(arguments.server_source) / "parlour").is_dir():
        raise ParlourError(
            f"--server-source {arguments.server_source} has no parlour package folder "
            "(give the src folder of a checkout)"
        )


def command_bench_web(arguments: argparse.Namespace) -> int:
    """Run the bench: one process on SQLite, then two on PostgreSQL if asked."""
    try:
        import httpx  # noqa: F401
        import uvicorn  # noqa: F401
        import websockets  # noqa: F401
    except ImportError as error:
        raise ParlourError(
            f"parlour bench-web needs the web extra and websockets ({error.name} is missing)"
        ) from None
    check_arguments(arguments)
    source = f", servers from {arguments.server_source}" if arguments.server_source else ""
    print(
        f"parlour bench-web: {arguments.tables} tables of {arguments.bot} bots, "
        f"{arguments.people} people, {arguments.game}, bot delay {arguments.bot_delay} s, "
        f"think {arguments.think} s, {arguments.seconds:.0f} s per run{source}",
        flush=True,
    )
    runs: list[Figures] = []
    with tempfile.TemporaryDirectory(prefix="parlour-bench-") as folder:
        if not arguments.skip_sqlite:
            place = Path(folder) / "sqlite"
            place.mkdir()
            sqlite = f"sqlite:///{place}/tables.sqlite3"
            label = "one process, SQLite"
            runs.append(asyncio.run(run_once(arguments, label, [sqlite], place)))
            print("\n".join(runs[-1].lines()), flush=True)
        if arguments.database or arguments.postgres:
            place = Path(folder) / "postgres"
            place.mkdir()
            with postgres_database(arguments) as (database, label):
                runs.append(asyncio.run(run_once(arguments, label, [database] * 2, place)))
            print("\n".join(runs[-1].lines()), flush=True)
    print()
    print("\n".join(markdown_table(runs)))
    if arguments.json:
        Path(arguments.json).write_text(
            json.dumps([figures.summary() for figures in runs], indent=2) + "\n"
        )
    return 0


@contextlib.contextmanager
def postgres_database(arguments: argparse.Namespace) -> Iterator[tuple[str, str]]:
    """The PostgreSQL database of the two-process run and its label: the one given,
    or a new one on a throwaway cluster stopped and removed afterwards."""
    from parlour.table.stores import database_place

    if arguments.database:
        yield arguments.database, f"two processes, PostgreSQL {database_place(arguments.database)}"
        return
    from parlour.table.pg_cluster import throwaway_cluster

    with throwaway_cluster() as server:
        yield server.new_database("parlour_bench"), "two processes, throwaway PostgreSQL"
