"""Real ``parlour serve`` processes, clients and a PostgreSQL that can be stopped,
for the hostile-load tests (tests/test_web_hostile.py,
tests/hostile/test_review_surfaces.py) and the scripts (tests/hostile/campaign.py,
tests/hostile/soak.py).

Everything here talks to loopback only (to 127.0.0.1, from 127/8 addresses),
and every wait has a time limit: a broken server fails a test (or a campaign
line) instead of hanging it.

- :class:`ServeProcess`: one ``python -m parlour.cli.serve`` child on a free
  loopback port, its log in a file; :meth:`ServeProcess.stop` kills it.
- :class:`Client`: a ``websockets`` client at one table that keeps every
  message it read.
- :class:`SlowReader`: a raw TCP socket with a 1 KiB receive buffer that does
  the WebSocket handshake by hand, sends text frames without ever reading, and
  later reads until the server closes it.
- :func:`restartable_cluster`: a throwaway PostgreSQL cluster (as
  tests/pg_cluster.py makes) that can be stopped and started again.
- :func:`http_from`, and the ``source`` of :class:`Client` and
  :class:`SlowReader`: connect from another loopback address (127.0.0.2, …),
  which the server's per-address limits count as another visitor.
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

REPOSITORY = Path(__file__).resolve().parent.parent
SOURCES = Path(os.environ.get("PARLOUR_SERVE_SOURCE") or REPOSITORY / "src")
"""The ``src`` folder of the parlour the servers run: this repository's, or
``$PARLOUR_SERVE_SOURCE`` to run these tests against another checkout."""
WAIT_SECONDS = 30.0
"""The longest a client waits for one message, or a server for its start (never
reached by a working server: it only turns a hang into a failure)."""

LOOPBACK = "127.0.0.1"
"""The address clients connect from unless told another: the whole 127/8
reaches a server listening on 127.0.0.1, so 127.0.0.2, 127.0.0.3, … play
other visitors (the server's per-address limits tell them apart)."""

Message = dict[str, Any]


def free_port() -> int:
    """A loopback TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerStartError(AssertionError):
    """``parlour serve`` ended at its start or did not answer (its log says why)."""


class ServeProcess:
    """One ``parlour serve`` child process on a loopback port.

    ``extra`` are more command-line options (``["--max-tables", "3"]``). The
    process's standard error goes to a file (:attr:`log_path`), read back by
    :meth:`log_text` for a failure's evidence.
    """

    def __init__(
        self,
        database: str,
        *,
        bot_delay: float = 0.0,
        extra: Sequence[str] = (),
        port: int | None = None,
    ) -> None:
        self.database = database
        self.bot_delay = bot_delay
        self.extra = list(extra)
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None
        handle, name = tempfile.mkstemp(prefix="parlour-serve-", suffix=".log")
        os.close(handle)
        self.log_path = Path(name)

    @property
    def base(self) -> str:
        """The server's HTTP address."""
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, table: str) -> str:
        """The WebSocket address of a table."""
        return f"ws://127.0.0.1:{self.port}/ws/tables/{table}"

    @property
    def pid(self) -> int:
        """The server process's id."""
        assert self.process is not None, "the server was not started"
        return self.process.pid

    def command(self) -> list[str]:
        """The command line that starts the server."""
        command = [sys.executable, "-m", "parlour.cli.serve", "--port", str(self.port)]
        command += ["--database", self.database, "--bot-delay", str(self.bot_delay)]
        return command + self.extra

    def start(self) -> ServeProcess:
        """Start the process and wait until ``GET /api/games`` answers."""
        paths = [str(SOURCES), *filter(None, [os.environ.get("PYTHONPATH")])]
        environment = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                self.command(), env=environment, stdout=subprocess.DEVNULL, stderr=log
            )
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServerStartError(
                    f"parlour serve {' '.join(self.extra)} ended at its start "
                    f"(status {self.process.returncode}): {self.log_text()[-1500:]}"
                )
            try:
                if httpx.get(self.base + "/api/games", timeout=2.0).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        self.stop()
        raise ServerStartError(f"parlour serve did not answer on port {self.port}")

    def log_text(self) -> str:
        """What the server wrote on its standard error so far."""
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def cpu_seconds(self) -> float:
        """User and system CPU time the server process has used (Linux /proc)."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        return (int(fields[11]) + int(fields[12])) / ticks

    def memory_kib(self) -> int:
        """The server process's resident memory in KiB (Linux /proc)."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def stop(self) -> None:
        """Kill the process (SIGKILL: the tests need no clean shutdown) and
        remove its log file."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=WAIT_SECONDS)
        with contextlib.suppress(OSError):
            self.log_path.unlink()


@contextlib.contextmanager
def serving(
    database: str, *, bot_delay: float = 0.0, extra: Sequence[str] = ()
) -> Iterator[ServeProcess]:
    """A started server, killed at the end whatever happens."""
    server = ServeProcess(database, bot_delay=bot_delay, extra=extra)
    try:
        yield server.start()
    finally:
        server.stop()


def make_table(base: str, **request: Any) -> Message:
    """``POST /api/tables``; fails unless the server answers 201."""
    response = httpx.post(f"{base}/api/tables", json=request, timeout=WAIT_SECONDS)
    assert response.status_code == 201, f"{response.status_code}: {response.text}"
    data: Message = response.json()
    return data


def http_from(source: str, base: str) -> httpx.Client:
    """An HTTP client for the server at ``base`` whose connections come from the
    loopback address ``source`` (close it, or use it as a context)."""
    return httpx.Client(
        base_url=base,
        transport=httpx.HTTPTransport(local_address=source),
        timeout=WAIT_SECONDS,
    )


def tokens_of(created: Message) -> dict[int, str]:
    """The token of each person's seat of a ``POST /api/tables`` answer."""
    return {int(entry["seat"]): str(entry["token"]) for entry in created["seats"]}


def contains_key(data: Any, key: str) -> bool:
    """Whether ``key`` is a key anywhere in a JSON value (at any depth)."""
    if isinstance(data, dict):
        return key in data or any(contains_key(value, key) for value in data.values())
    if isinstance(data, list):
        return any(contains_key(value, key) for value in data)
    return False


class Client:
    """A WebSocket client at one table that keeps every message it read.

    Says hello at once (with ``token``: a seat; without: a spectator) and
    reads until the first state or error (:attr:`first`).
    """

    def __init__(
        self,
        server: ServeProcess,
        table: str,
        token: str | None = None,
        *,
        hello: bool = True,
        name: str | None = None,
        source: str = LOOPBACK,
        open_seconds: float = WAIT_SECONDS,
    ) -> None:
        from websockets.sync.client import connect

        # Entered as a context (the connection is closed by :meth:`close`).
        # No limit on the frames read ahead (max_queue=None): this client never
        # makes the server wait, so only the clients a test means to be slow are.
        # ``source``: the loopback address it connects from (the whole 127/8
        # reaches a server on 127.0.0.1), to play another visitor.
        self.socket = connect(
            server.ws_url(table),
            open_timeout=open_seconds,
            max_size=2**22,
            max_queue=None,
            source_address=(source, 0),
        ).__enter__()
        self.messages: list[Message] = []
        self.state: Message = {}
        self.first: Message = {}
        if hello:
            self.hello(token, name=name)

    def hello(self, token: str | None = None, *, name: str | None = None) -> Message:
        """Say hello (with ``token``: take that seat; without: watch), optionally
        under ``name``; return the first state or error (also :attr:`first`)."""
        message: Message = {"type": "hello"}
        if token:
            message["token"] = token
        if name is not None:
            message["name"] = name
        self.send(message)
        self.first = self.until(lambda answer: answer["type"] in ("state", "error"))
        return self.first

    def send(self, message: Message) -> None:
        """Send one JSON message."""
        self.socket.send(json.dumps(message))

    def receive(self, seconds: float = WAIT_SECONDS) -> Message:
        """The next message (TimeoutError after ``seconds``)."""
        message: Message = json.loads(self.socket.recv(timeout=seconds))
        self.messages.append(message)
        if message["type"] == "state":
            self.state = message
        return message

    def until(self, wanted: Callable[[Message], bool], seconds: float = WAIT_SECONDS) -> Message:
        """Read until a message passes ``wanted``; AssertionError after ``seconds``."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            try:
                message = self.receive(left)
            except TimeoutError:
                break
            if wanted(message):
                return message
        raise AssertionError(
            f"no wanted message within {seconds:g} s; the last ones: {self.messages[-3:]}"
        )

    def state_at(self, version: int, seconds: float = WAIT_SECONDS) -> Message:
        """The state of ``version``: the last one read if it is that one, else
        the first new one that is."""
        if self.state.get("version") == version:
            return self.state
        return self.until(lambda m: m["type"] == "state" and m["version"] == version, seconds)

    def drain(self, quiet: float = 1.0, seconds: float = WAIT_SECONDS) -> list[Message]:
        """Read every message that comes until none has come for ``quiet``
        seconds (at most ``seconds`` in all); return them."""
        read: list[Message] = []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                read.append(self.receive(quiet))
            except TimeoutError:
                break
        return read

    def answer_after(self, version: int, seconds: float = WAIT_SECONDS) -> Message:
        """The first error, or state newer than ``version``, read from now."""
        return self.until(
            lambda m: m["type"] == "error" or (m["type"] == "state" and m["version"] > version),
            seconds,
        )

    def move_first_legal(self, state: Message) -> Message:
        """Play the first legal move of ``state``; return the next state (or error)."""
        version = state["version"]
        self.send({"type": "move", "action": state["legal"][0]["action"], "version": version})
        return self.until(
            lambda m: m["type"] == "error" or (m["type"] == "state" and m["version"] > version)
        )

    def close(self) -> None:
        """Close the connection."""
        with contextlib.suppress(Exception):
            self.socket.close()


# ----- a client that never reads ------------------------------------------------------
def client_frame(text: str) -> bytes:
    """One masked WebSocket text frame, as a client must send it (RFC 6455 §5.2)."""
    payload = text.encode()
    mask = os.urandom(4)
    header = bytearray([0x81])
    if len(payload) < 126:
        header.append(0x80 | len(payload))
    elif len(payload) < 1 << 16:
        header.append(0x80 | 126)
        header += struct.pack("!H", len(payload))
    else:
        header.append(0x80 | 127)
        header += struct.pack("!Q", len(payload))
    masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
    return bytes(header) + mask + masked


@dataclass
class FrameReader:
    """Reads the server's (unmasked) frames from a byte stream, keeping only
    the close frame: the code and reason the server gave."""

    buffer: bytearray = field(default_factory=bytearray)
    frames: int = 0
    close_code: int | None = None
    close_reason: str = ""

    def feed(self, data: bytes) -> None:
        """Take more bytes; parse every whole frame in the buffer."""
        self.buffer += data
        while True:
            if len(self.buffer) < 2:
                return
            opcode, length, start = self.buffer[0] & 0x0F, self.buffer[1] & 0x7F, 2
            if length == 126:
                if len(self.buffer) < 4:
                    return
                length, start = struct.unpack("!H", self.buffer[2:4])[0], 4
            elif length == 127:
                if len(self.buffer) < 10:
                    return
                length, start = struct.unpack("!Q", self.buffer[2:10])[0], 10
            if len(self.buffer) < start + length:
                return
            payload = bytes(self.buffer[start : start + length])
            del self.buffer[: start + length]
            self.frames += 1
            if opcode == 0x8:
                self.close_code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                self.close_reason = payload[2:].decode(errors="replace")


class SlowReader:
    """A client with a tiny receive buffer that never reads until told to.

    It opens the table's WebSocket by hand (so the buffer is set before the
    connection exists), and then only writes: :meth:`send` queues a text frame
    and writes what the socket takes without blocking (a server that stopped
    reading does not stop this client). :meth:`read_until_closed` then reads
    everything the server sent, until the server closes the connection.
    """

    def __init__(
        self,
        port: int,
        table: str,
        receive_buffer: int = 1024,
        *,
        source: str = LOOPBACK,
        seconds: float = WAIT_SECONDS,
    ) -> None:
        # ``seconds``: the longest the connection and its handshake may take
        # (then TimeoutError).
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.socket.settimeout(seconds)
        self.socket.bind((source, 0))  # another loopback address plays another visitor
        self.socket.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET /ws/tables/{table} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.socket.sendall(request.encode())
        answer = b""
        while b"\r\n\r\n" not in answer and len(answer) < 8192:
            chunk = self.socket.recv(1)  # byte by byte: nothing after the headers is read
            if not chunk:
                raise AssertionError("the server closed the WebSocket handshake")
            answer += chunk
        status = answer.split(b"\r\n", 1)[0]
        assert b" 101 " in status, f"the WebSocket handshake failed: {status!r}"
        self.socket.setblocking(False)
        self.pending = bytearray()
        self.sent = 0
        self.refused: str | None = None
        """How a write failed (the server closed the connection), or None."""
        self.reader = FrameReader()

    def send(self, message: Message) -> None:
        """Queue one message and write what the socket takes now."""
        if self.refused is None:
            self.pending += client_frame(json.dumps(message))
            self.flush()

    def flush(self) -> None:
        """Write the queued bytes the socket takes without blocking."""
        while self.pending and self.refused is None:
            try:
                written = self.socket.send(self.pending)
            except BlockingIOError:
                return
            except OSError as error:  # reset or broken pipe: the server closed it
                self.refused = type(error).__name__
                return
            del self.pending[:written]
            self.sent += written

    def read_until_closed(self, seconds: float) -> str | None:
        """Read (and parse) everything until the server closes the connection:
        ``"close frame"``, ``"end of stream"`` or ``"reset"``; None if it is
        still open after ``seconds``."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.socket.settimeout(max(0.05, min(1.0, deadline - time.monotonic())))
            try:
                data = self.socket.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                return "reset"
            if not data:
                return "end of stream"
            self.reader.feed(data)
            if self.reader.close_code is not None:
                return "close frame"
        return None

    def poll_closed(self) -> str | None:
        """Read what has arrived without waiting: how the server closed the
        connection (as :meth:`read_until_closed` says it), or None if it is
        still open."""
        self.socket.setblocking(False)
        while True:
            try:
                data = self.socket.recv(65536)
            except BlockingIOError:
                return None
            except OSError:
                return "reset"
            if not data:
                return "end of stream"
            self.reader.feed(data)
            if self.reader.close_code is not None:
                return "close frame"

    def close(self) -> None:
        """Close the socket."""
        with contextlib.suppress(OSError):
            self.socket.close()


# ----- PostgreSQL that can be stopped and started again ---------------------------------
@dataclass
class RestartableCluster:
    """A throwaway PostgreSQL cluster (see tests/pg_cluster.py) with
    :meth:`stop` and :meth:`start`, for the storage-error tests."""

    bindir: Path
    prefix: list[str]
    folder: Path
    port: int
    running: bool = False
    names: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    @property
    def data(self) -> Path:
        """The cluster's data folder."""
        return self.folder / "data"

    @property
    def log(self) -> Path:
        """The server's log file."""
        return self.folder / "server.log"

    @property
    def base_url(self) -> str:
        """The maintenance database, for CREATE DATABASE."""
        return f"postgresql://parlour@127.0.0.1:{self.port}/postgres"

    def new_database(self) -> str:
        """Create an empty database and return its address."""
        import psycopg

        name = f"parlour_hostile_{os.getpid()}_{next(self.names)}"
        with psycopg.connect(self.base_url, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"'.encode())
        return f"postgresql://parlour@127.0.0.1:{self.port}/{name}"

    def start(self) -> None:
        """Start the server on its port and wait until it takes connections."""
        from parlour.table.pg_cluster import run_server_command as _run

        options = (
            f"-c listen_addresses=127.0.0.1 -c port={self.port} "
            f"-c unix_socket_directories={self.folder} -c fsync=off -c full_page_writes=off"
        )
        start = [*self.prefix, str(self.bindir / "pg_ctl"), "start", "--pgdata", str(self.data)]
        start += ["--log", str(self.log), "--wait", "--timeout", "60", "--options", options]
        _run(start, self.log)
        self.running = True

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``fast``: disconnect every client, as a restart does)."""
        from parlour.table.pg_cluster import run_server_command as _run

        stop = [*self.prefix, str(self.bindir / "pg_ctl"), "stop", "--pgdata", str(self.data)]
        _run([*stop, "--mode", mode, "--wait"], self.log)
        self.running = False


@contextlib.contextmanager
def restartable_cluster() -> Iterator[RestartableCluster]:
    """A new cluster in a temporary folder, stopped and removed at the end.

    Uses tests/pg_cluster.py's way of finding the binaries and running them as
    the ``postgres`` user under root (so it skips, or fails on CI, the same way
    when PostgreSQL is missing).
    """
    from parlour.table.pg_cluster import (
        FOLDER_PREFIX,
        OWNER_FILE,
        SUPERUSER,
    )
    from parlour.table.pg_cluster import (
        as_server_user as _as_server_user,
    )
    from parlour.table.pg_cluster import (
        clean_abandoned as _clean_abandoned,
    )
    from parlour.table.pg_cluster import (
        free_port as _free_port,
    )
    from parlour.table.pg_cluster import (
        run_server_command as _run,
    )
    from pg_cluster import _bindir_or_install

    bindir = _bindir_or_install()
    prefix, uid, gid = _as_server_user()
    _clean_abandoned(bindir, prefix)
    folder = Path(tempfile.mkdtemp(prefix=FOLDER_PREFIX))
    (folder / OWNER_FILE).write_text(str(os.getpid()))
    cluster = RestartableCluster(bindir, prefix, folder, _free_port())
    try:
        if uid is not None and gid is not None:
            os.chown(folder, uid, gid)
        initdb = [*prefix, str(bindir / "initdb"), "--pgdata", str(cluster.data)]
        initdb += ["--username", SUPERUSER, "--auth", "trust", "--encoding", "UTF8"]
        _run([*initdb, "--locale", "C", "--no-sync"], cluster.log)
        cluster.start()
        yield cluster
    finally:
        if cluster.running or (cluster.data / "postmaster.pid").exists():
            with contextlib.suppress(Exception):
                cluster.stop("immediate")
        shutil.rmtree(folder, ignore_errors=True)
