"""``parlour bench-web``: the web table under load, on loopback.

It starts ``parlour serve`` itself (a child process on a free loopback port, a
fresh SQLite file in a temporary folder), opens ``--tables`` tables of bots, each
watched by one WebSocket spectator that counts the moves and opens a new table
when a game ends, and ``--people`` tables where a WebSocket client plays one seat
as a person would: it waits ``--think`` seconds, sends a move, and times the
wait for the next state (the state of its own move). Then, when a PostgreSQL
address is given (``--database postgresql://…``), the same load on two server
processes sharing that database, each client on one process and its table's
moves made by the other half of the time, so that they travel by LISTEN/NOTIFY.

It prints moves per second (every seat's, bots' included) and the person's move
latency (p50, p99, worst). Bounded in count (``--tables``, ``--people``) and
time (``--seconds``), loopback only. A benchmark, not a test: the figures depend
on the machine and on what else runs on it, the client included.
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
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from parlour.core.errors import ParlourError

START_SECONDS = 30.0
"""The longest wait for a server process to answer."""
REPLY_SECONDS = 10.0
"""A state not received this long after a move counts as lost."""


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
        "--database",
        default=None,
        metavar="URL",
        help="a PostgreSQL address for the run with two processes (left out: SQLite only)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the bench's own random choices")


@dataclass
class Figures:
    """What one run measured."""

    label: str
    seconds: float = 0.0
    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    games_finished: int = 0
    lost_replies: int = 0

    def lines(self) -> list[str]:
        """The figures as printed."""
        rate = self.moves / self.seconds if self.seconds else 0.0
        lines = [
            f"{self.label}: {self.moves} moves in {self.seconds:.1f} s = {rate:.1f} moves/s, "
            f"{self.games_finished} games finished"
        ]
        if self.latencies:
            ordered = sorted(self.latencies)
            p50 = statistics.median(ordered) * 1000
            p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
            lines.append(
                f"  a person's move → next state: {len(ordered)} moves, p50 {p50:.1f} ms, "
                f"p99 {p99:.1f} ms, worst {ordered[-1] * 1000:.1f} ms"
            )
        if self.errors or self.lost_replies:
            first = self.errors[0] if self.errors else ""
            lines.append(
                f"  {len(self.errors)} errors, {self.lost_replies} moves without a reply {first}"
            )
        return lines


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(database: str, bot_delay: float, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A ``parlour serve`` child process on a free loopback port, and its address;
    what it writes goes to the file ``log``."""
    port = free_port()
    source = str(Path(__file__).resolve().parents[2])
    paths = [source, *filter(None, [os.environ.get("PYTHONPATH")])]
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    command = [sys.executable, "-m", "parlour.cli.serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--database", database, "--bot-delay", str(bot_delay)]
    with log.open("ab") as output:
        process = subprocess.Popen(command, env=environment, stdout=output, stderr=output)
    return process, f"127.0.0.1:{port}"


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
        self.opened = 0
        self.http: Any = None

    def measuring(self) -> bool:
        """True once every client has its first table: the opening rush of table
        creations and handshakes is not counted."""
        return time.monotonic() >= self.measure_from

    def count_moves(self, moves: int) -> None:
        if self.measuring():
            self.figures.moves += moves

    def one_more_open(self) -> None:
        """A client has its first table; when all have, the measured run starts."""
        self.opened += 1
        if self.opened == self.arguments.tables + self.arguments.people:
            self.measure_from = time.monotonic()
            self.deadline = self.measure_from + self.arguments.seconds

    async def new_table(self, seats: list[str], address: str) -> dict[str, Any]:
        response = await self.http.post(
            f"http://{address}/api/tables",
            json={"game": self.arguments.game, "seats": seats},
        )
        if response.status_code != 201:
            raise ParlourError(f"the server refused a table: {response.text}")
        created: dict[str, Any] = response.json()
        return created

    def seats(self, person: bool) -> list[str]:
        from parlour.core.registry import load_game

        players = load_game(self.arguments.game).num_players
        bots = [f"bot:{self.arguments.bot}"] * players
        return ["human", *bots[1:]] if person else bots

    async def watch(self, index: int) -> None:
        """A spectator at a bot table, counting its moves; a new table when it ends."""
        from websockets.asyncio.client import connect

        create_at = self.addresses[index % len(self.addresses)]
        watch_at = self.addresses[(index + 1) % len(self.addresses)]
        first = True
        while time.monotonic() < self.deadline:
            created = await self.new_table(self.seats(person=False), create_at)
            async with connect(f"ws://{watch_at}/ws/tables/{created['table']}") as websocket:
                await websocket.send(json.dumps({"type": "hello"}))
                if first:
                    self.one_more_open()
                    first = False
                version = None
                while time.monotonic() < self.deadline:
                    try:
                        text = await asyncio.wait_for(
                            websocket.recv(), self.deadline - time.monotonic()
                        )
                    except TimeoutError:
                        return
                    message = json.loads(text)
                    if message["type"] != "state":
                        continue
                    if version is not None and message["version"] > version:
                        self.count_moves(message["version"] - version)
                    version = message["version"]
                    if message["over"]:
                        self.figures.games_finished += self.measuring()
                        break

    async def play(self, index: int) -> None:
        """A person at a table of bots: think, move, time the reply; again at the end."""
        from websockets.asyncio.client import connect

        create_at = self.addresses[index % len(self.addresses)]
        play_at = self.addresses[(index + 1) % len(self.addresses)]
        first = True
        while time.monotonic() < self.deadline:
            created = await self.new_table(self.seats(person=True), create_at)
            token = created["seats"][0]["token"]
            async with connect(f"ws://{play_at}/ws/tables/{created['table']}") as websocket:
                await websocket.send(json.dumps({"type": "hello", "token": token}))
                if first:
                    self.one_more_open()
                    first = False
                if await self.play_game(websocket):
                    self.figures.games_finished += self.measuring()

    async def play_game(self, websocket: Any) -> bool:
        """Play one game; True when it ended before the deadline."""
        state: dict[str, Any] | None = None
        sent_at: float | None = None
        sent_version = -1
        while time.monotonic() < self.deadline:
            wait = REPLY_SECONDS if sent_at is not None else self.deadline - time.monotonic()
            try:
                message = json.loads(await asyncio.wait_for(websocket.recv(), max(wait, 0.01)))
            except TimeoutError:
                if sent_at is not None:
                    self.figures.lost_replies += 1
                return False
            if message["type"] == "error":
                self.figures.errors.append(message["message"])
                sent_at = None
                continue
            if message["type"] != "state":
                continue
            if state is not None and message["version"] > state["version"]:
                self.count_moves(message["version"] - state["version"])
            state = message
            if sent_at is not None and state["version"] > sent_version:
                if self.measuring():
                    self.figures.latencies.append(time.perf_counter() - sent_at)
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

        limits = httpx.Limits(max_connections=32)
        async with httpx.AsyncClient(timeout=REPLY_SECONDS, limits=limits) as http:
            self.http = http
            # Until every client has its table: the opening rush, not measured.
            self.deadline = time.monotonic() + self.arguments.seconds + 4 * START_SECONDS
            tasks = [self.watch(index) for index in range(self.arguments.tables)]
            tasks += [self.play(index) for index in range(self.arguments.people)]
            results = await asyncio.gather(*tasks, return_exceptions=True)
            self.figures.seconds = max(0.0, time.monotonic() - self.measure_from)
            for result in results:
                if isinstance(result, BaseException):
                    self.figures.errors.append(f"{type(result).__name__}: {result}")


async def run_once(arguments: argparse.Namespace, label: str, databases: Sequence[str]) -> Figures:
    """Start one server per database address, load them, stop them."""
    import httpx

    figures = Figures(label)
    folder = Path(arguments.log_folder)
    started = [
        start_server(database, arguments.bot_delay, folder / f"server-{index}.log")
        for index, database in enumerate(databases)
    ]
    try:
        async with httpx.AsyncClient(timeout=REPLY_SECONDS) as client:
            for process, address in started:
                await wait_ready(client, address, process)
        await Load(arguments, [address for _, address in started], figures).run()
    finally:
        for process, _ in started:
            process.terminate()
        for process, _ in started:
            try:
                process.wait(timeout=START_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
    return figures


def command_bench_web(arguments: argparse.Namespace) -> int:
    """Run the bench: one process on SQLite, then two on PostgreSQL if given."""
    try:
        import httpx  # noqa: F401
        import uvicorn  # noqa: F401
        import websockets  # noqa: F401
    except ImportError as error:
        raise ParlourError(
            f"parlour bench-web needs the web extra and websockets ({error.name} is missing)"
        ) from None
    for name in ("tables", "people"):
        if not 0 <= getattr(arguments, name) <= 2000:
            raise ParlourError(f"--{name} must be 0–2000")
    if not 0 < arguments.seconds <= 600:
        raise ParlourError("--seconds must be more than 0 and at most 600")
    print(
        f"parlour bench-web: {arguments.tables} tables of {arguments.bot} bots, "
        f"{arguments.people} people, {arguments.game}, bot delay {arguments.bot_delay} s, "
        f"think {arguments.think} s, {arguments.seconds:.0f} s per run"
    )
    with tempfile.TemporaryDirectory(prefix="parlour-bench-") as folder:
        arguments.log_folder = folder
        sqlite = f"sqlite:///{folder}/tables.sqlite3"
        for line in asyncio.run(run_once(arguments, "one process, SQLite", [sqlite])).lines():
            print(line, flush=True)
        if arguments.database:
            from parlour.table.stores import database_place

            label = f"two processes, PostgreSQL {database_place(arguments.database)}"
            databases = [arguments.database, arguments.database]
            for line in asyncio.run(run_once(arguments, label, databases)).lines():
                print(line, flush=True)
        errors = sum(
            log.read_text(errors="replace").count("Traceback") for log in Path(folder).glob("*.log")
        )
        if errors:
            print(f"the servers logged {errors} tracebacks")
    return 0
