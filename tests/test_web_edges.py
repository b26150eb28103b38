"""The server's edges (docs/web.md, "The server's edges"), on real ``parlour serve``
processes on loopback ports: half-sent headers and trickled bodies are cut,
bodies are refused by their length before they are read, the ``Host`` header is
checked, a ``POST`` needs a JSON content type and an allowed ``Origin`` (scheme
included), deep JSON and long numbers get a sentence (over HTTP and the
WebSocket), a binary frame gets a close frame, names are normalised and unique,
every response carries the security headers, and a failing database (a locked
SQLite file, a NUL byte or a closed database on PostgreSQL) answers without its
file, host or driver message.

Sockets are raw where the point is what the server does with a half-finished
request. Every read has a limit that only turns a hang into a failure; no test
checks a duration.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web tests need the web extra: pip install '.[web]'")
pytest.importorskip("uvicorn")
websockets_client = pytest.importorskip("websockets.sync.client")
websockets_exceptions = pytest.importorskip("websockets.exceptions")

import httpx  # noqa: E402

from parlour.web.guard import (  # noqa: E402
    BODY_SECONDS,
    MAX_JSON_DEPTH,
    SECURITY_HEADERS,
    HostAllowList,
    RefusalBudget,
    origin_allowed,
)
from parlour.web.seats import SeatNameError, normalise_name  # noqa: E402

REPOSITORY = Path(__file__).resolve().parent.parent
READ_LIMIT = 60.0
"""Seconds a client waits for an answer before the test fails (several times the
server's own time-outs: it only turns a hang into a failure)."""
STORE_SENTENCE = "the table store is not available just now; try again in a moment"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """One ``parlour serve`` child process on a loopback port; its log in a file."""

    def __init__(self, database: str, log: Path, *options: str) -> None:
        self.port = free_port()
        self.log = log
        paths = [str(REPOSITORY / "src"), *filter(None, [os.environ.get("PYTHONPATH")])]
        environment = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
        command = [sys.executable, "-m", "parlour.cli.serve", "--port", str(self.port)]
        command += ["--database", database, "--bot-delay", "0", *options]
        with log.open("wb") as output:
            self.process = subprocess.Popen(
                command, env=environment, stdout=output, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + READ_LIMIT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"parlour serve ended at its start: {log.read_text()}")
            try:
                if httpx.get(self.base + "/api/games", timeout=2.0).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.05)
        self.stop()
        raise AssertionError("parlour serve did not start")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=READ_LIMIT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=READ_LIMIT)

    def raw(self) -> socket.socket:
        """A plain TCP connection to the server."""
        connection = socket.create_connection(("127.0.0.1", self.port), timeout=READ_LIMIT)
        connection.settimeout(READ_LIMIT)
        return connection

    def post(self, path: str, body: Any, **headers: str) -> httpx.Response:
        return httpx.post(self.base + path, json=body, headers=headers, timeout=READ_LIMIT)

    def new_table(self, *seats: Any) -> dict[str, Any]:
        response = self.post("/api/tables", {"game": "dracula", "seats": list(seats)})
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    def table_count(self) -> int:
        return len(httpx.get(self.base + "/api/tables", timeout=READ_LIMIT).json()["tables"])

    def socket(self, table: str, **headers: str) -> Any:
        return websockets_client.connect(
            f"ws://127.0.0.1:{self.port}/ws/tables/{table}",
            open_timeout=READ_LIMIT,
            additional_headers=headers or None,
        )


def read_all(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    received = b""
    while chunk := connection.recv(65536):
        received += chunk
    return received


def receive(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=READ_LIMIT))
    return message


def hello(ws: Any, **fields: Any) -> dict[str, Any]:
    ws.send(json.dumps({"type": "hello", **fields}))
    while True:
        message = receive(ws)
        if message["type"] in ("state", "error"):
            return message


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("edges")
    running = Server(
        f"sqlite://{folder / 'tables.sqlite3'}",
        folder / "server.log",
        "--allowed-host",
        "cards.example",
    )
    try:
        yield running
    finally:
        running.stop()


# ----- time-outs and sizes ----------------------------------------------------------
def test_a_connection_that_sends_half_its_headers_is_closed(server: Server) -> None:
    with server.raw() as connection:
        connection.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: 1\r\n")
        answer = read_all(connection)  # the server closes it: no hang
    assert answer.startswith(b"HTTP/1.1 408 "), answer
    assert b"the request headers took too long" in answer


def test_a_connection_that_sends_nothing_is_closed(server: Server) -> None:
    with server.raw() as connection:
        assert read_all(connection).startswith(b"HTTP/1.1 408 ")


def test_a_body_that_trickles_in_is_cut(server: Server) -> None:
    with server.raw() as connection:
        connection.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
        )
        answer = read_all(connection)
    assert answer.startswith(b"HTTP/1.1 408 "), answer
    assert f"did not arrive within {BODY_SECONDS:g} seconds".encode() in answer


def test_a_body_too_long_by_its_length_is_refused_before_it_is_sent(server: Server) -> None:
    with server.raw() as connection:
        connection.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 10000000\r\n\r\n"
        )
        answer = read_all(connection)  # not a byte of the body was sent
    assert answer.startswith(b"HTTP/1.1 413 "), answer
    assert b"over 16384 bytes" in answer


def test_a_streamed_body_is_refused_as_soon_as_it_is_too_long(server: Server) -> None:
    chunk = b"[" + b" " * 8000 + b"]"
    with server.raw() as connection:
        connection.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        for _ in range(3):  # 24 KB, and the body never ends
            connection.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        answer = read_all(connection)
    assert answer.startswith(b"HTTP/1.1 413 "), answer


# ----- hosts, content types, origins --------------------------------------------------
def test_another_host_is_refused_over_http_and_the_websocket(server: Server) -> None:
    answer = httpx.get(server.base + "/api/games", headers={"Host": "rebound.example"})
    assert answer.status_code == 400
    assert "does not answer to the host 'rebound.example'" in answer.json()["error"]
    for allowed in ("localhost", f"127.0.0.1:{server.port}", "cards.example:443"):
        assert httpx.get(server.base + "/api/games", headers={"Host": allowed}).status_code == 200
    table = server.new_table("human", "bot:random")["table"]
    key = base64.b64encode(os.urandom(16))
    with server.raw() as connection:
        connection.sendall(
            b"GET /ws/tables/%s HTTP/1.1\r\nHost: rebound.example:%d\r\n"
            b"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: %s\r\n"
            b"Sec-WebSocket-Version: 13\r\n\r\n" % (table.encode(), server.port, key)
        )
        answer = read_all(connection)
    assert answer.startswith(b"HTTP/1.1 400 "), answer
    assert b"does not answer to the host" in answer


def test_a_cross_origin_text_plain_post_creates_no_table(server: Server) -> None:
    before = server.table_count()
    body = json.dumps({"game": "dracula", "seats": ["human", "bot:random"]})
    answer = httpx.post(
        server.base + "/api/tables",
        content=body,
        headers={"Content-Type": "text/plain", "Origin": "http://stranger.example"},
    )
    assert answer.status_code == 415
    assert "Content-Type: application/json" in answer.json()["error"]
    answer = httpx.post(server.base + "/api/tables", content=body)  # no content type at all
    assert answer.status_code == 415
    assert server.table_count() == before


def test_a_post_from_another_origin_is_refused_the_scheme_included(server: Server) -> None:
    before = server.table_count()
    request = {"game": "dracula", "seats": ["human", "bot:random"]}
    for origin in (
        "http://stranger.example",
        f"https://127.0.0.1:{server.port}",  # same host and port, another scheme
        f"http://127.0.0.1:{server.port + 1}",
        "null",
    ):
        answer = server.post("/api/tables", request, Origin=origin)
        assert answer.status_code == 403, origin
        assert "only from its own pages" in answer.json()["error"]
    assert server.table_count() == before
    own = server.post("/api/tables", request, Origin=f"http://127.0.0.1:{server.port}")
    assert own.status_code == 201


def test_a_websocket_from_the_same_host_with_another_scheme_is_refused(server: Server) -> None:
    table = server.new_table("human", "bot:random")["table"]
    with server.socket(table, Origin=f"https://127.0.0.1:{server.port}") as ws:
        assert "only from its own pages" in receive(ws)["message"]
        with pytest.raises(websockets_exceptions.ConnectionClosed):
            ws.recv(timeout=READ_LIMIT)
        assert ws.close_code == 4403


# ----- JSON ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("[" * 5000 + "]" * 5000, f"deeper than {MAX_JSON_DEPTH} levels"),
        ('{"game": "dracula", "players": ' + "9" * 5000 + "}", "number longer than 30"),
        ('{"game": "dracula", "players": 1e999}', "too large"),
        ('{"game": NaN}', "NaN is not a number"),
    ],
)
def test_deep_json_and_long_numbers_in_a_post_get_a_sentence(
    server: Server, body: str, words: str
) -> None:
    answer = httpx.post(
        server.base + "/api/tables", content=body, headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 400, answer.text
    assert words in answer.json()["error"]


def test_deep_json_over_the_websocket_gets_an_error_and_the_connection_stays(
    server: Server,
) -> None:
    created = server.new_table("human", "bot:random")
    with server.socket(created["table"]) as ws:
        ws.send("[" * 2000 + "]" * 2000)  # under the 4,096 characters of a message
        assert "deeper than" in receive(ws)["message"]
        ws.send('{"type": "hello", "version": ' + "1" * 1000 + "}")
        assert "number longer than" in receive(ws)["message"]
        ws.send('{"type": "hello", "lang": "\\u0000"}')
        assert "U+0000" in receive(ws)["message"]
        assert hello(ws, token=created["seats"][0]["token"])["type"] == "state"


def test_a_binary_frame_gets_a_sentence_and_a_close_frame(server: Server) -> None:
    created = server.new_table("human", "bot:random")
    with server.socket(created["table"]) as ws:
        assert hello(ws, token=created["seats"][0]["token"])["type"] == "state"
        ws.send(b"\x00\x01binary")
        while (message := receive(ws))["type"] != "error":
            pass
        assert "binary frame" in message["message"]
        with pytest.raises(websockets_exceptions.ConnectionClosed):
            while True:
                ws.recv(timeout=READ_LIMIT)
        assert ws.close_code == 1003  # a close frame was received, with its code
        assert ws.protocol.close_rcvd is not None


# ----- names --------------------------------------------------------------------------
def test_names_are_normalised_and_bidi_controls_refused(server: Server) -> None:
    created = server.post(
        "/api/tables",
        {"game": "dracula", "seats": [{"kind": "person", "name": "  Zoe\u0301 \t"}, "human"]},
    )
    assert created.status_code == 400 and "U+0009" in created.json()["error"]
    created = server.post(
        "/api/tables",
        {"game": "dracula", "seats": [{"kind": "person", "name": "  Zoe\u0301   Li "}, "human"]},
    )
    assert created.status_code == 201, created.text
    table = created.json()["table"]
    seats = httpx.get(f"{server.base}/api/tables/{table}").json()["seats"]
    assert seats[0]["name"] == "Zo\u00e9 Li"  # NFC, one space, none at the ends
    for name in ("a\u202eb", "\u2066x", "x\u200f"):
        answer = server.post(f"/api/tables/{table}/seats/1", {"name": name})
        assert answer.status_code == 400 and "bidirectional control" in answer.json()["error"]
    answer = server.post(f"/api/tables/{table}/seats/1", {"name": "x" * 41})
    assert answer.status_code == 400 and "at most 40 characters" in answer.json()["error"]


def test_a_name_already_at_the_table_is_refused_whatever_its_case(server: Server) -> None:
    answer = server.post(
        "/api/tables",
        {"game": "dracula", "seats": [{"kind": "person", "name": "bot 2"}, "bot:random"]},
    )
    assert answer.status_code == 409 and "'bot 2' is already used" in answer.json()["error"]
    created = server.post(
        "/api/tables",
        {"game": "dracula", "seats": [{"kind": "person", "name": "Ann"}, "human"]},
    ).json()
    table = created["table"]
    answer = server.post(f"/api/tables/{table}/seats/1", {"name": "  ANN "})
    assert answer.status_code == 409 and "'ANN' is already used" in answer.json()["error"]
    taken = server.post(f"/api/tables/{table}/seats/1", {"name": "Bea"})
    assert taken.status_code == 200
    with server.socket(table) as ws:  # a hello may not rename a seat after another either
        refused = hello(ws, token=created["seats"][0]["token"], name="bea")
        assert refused["type"] == "error" and "'bea' is already used" in refused["message"]
        assert hello(ws, token=created["seats"][0]["token"], name="Ann")["type"] == "state"


def test_the_name_rules_in_one_function() -> None:
    assert normalise_name(" A\u00a0 b ") == "A b"
    assert normalise_name(None) == ""
    for refused in ("a\x00", "a\x85b", "\u061c", "a\u2069", 7):
        with pytest.raises(SeatNameError):
            normalise_name(refused)


# ----- headers ------------------------------------------------------------------------
def test_every_response_carries_the_security_headers(server: Server) -> None:
    table = server.new_table("human", "bot:random")["table"]
    responses = [
        httpx.get(server.base + "/"),
        httpx.get(server.base + "/api/games"),
        httpx.get(server.base + "/api/tables"),
        httpx.get(f"{server.base}/api/tables/{table}"),
        httpx.get(server.base + "/static/app.js"),
        httpx.get(server.base + "/no/such/page"),
        httpx.get(server.base + "/api/tables/no-such-table"),
        httpx.get(f"{server.base}/api/tables/{table}/record"),
        server.post("/api/tables", {"game": "nothing"}),
        httpx.post(server.base + "/api/tables", content=b"{}"),
        httpx.get(server.base + "/api/games", headers={"Host": "rebound.example"}),
    ]
    assert {response.status_code for response in responses} >= {200, 400, 404, 409, 415}
    for response in responses:
        for name, value in SECURITY_HEADERS.items():
            assert response.headers.get(name) == value, (response.url, name)


# ----- storage failures ---------------------------------------------------------------
def test_a_locked_sqlite_file_answers_503_without_its_path(tmp_path: Path) -> None:
    database = tmp_path / "locked-store.sqlite3"
    server = Server(f"sqlite://{database}", tmp_path / "server.log")
    try:
        server.new_table("human", "bot:random")  # the file and its tables exist
        holder = sqlite3.connect(database, isolation_level=None)
        try:
            holder.execute("BEGIN EXCLUSIVE")
            answer = server.post("/api/tables", {"game": "dracula", "seats": ["human", "human"]})
        finally:
            holder.close()
        assert answer.status_code == 503
        assert answer.json() == {"error": STORE_SENTENCE}
        assert "locked-store" not in answer.text and str(tmp_path) not in answer.text
        assert server.new_table("human", "bot:random")  # and it serves again once unlocked
    finally:
        server.stop()
    log = server.log.read_text()
    assert "database is locked" in log and "locked-store.sqlite3" in log  # for the operator


def test_a_nul_in_a_name_on_postgresql_is_refused_without_the_database(
    postgres_url: str, tmp_path: Path
) -> None:
    server = Server(postgres_url, tmp_path / "server.log")
    secrets = [postgres_url.rsplit("/", 1)[1], postgres_url.rsplit(":", 1)[1].split("/")[0]]
    try:
        answer = server.post(
            "/api/tables",
            {"game": "dracula", "seats": [{"kind": "person", "name": "Ann\u0000"}, "human"]},
        )
        assert answer.status_code == 400 and "seats[0].name" in answer.json()["error"]
        created = server.new_table("human", "human")
        table = created["table"]
        taken = server.post(f"/api/tables/{table}/seats/1", {"name": "Bea\u0000"})
        assert taken.status_code == 400 and "U+0000" in taken.json()["error"]
        with server.socket(table) as ws:
            refused = hello(ws, token=created["seats"][0]["token"], name="Ann\u0000")
            assert refused["type"] == "error" and "U+0000" in refused["message"]
            assert hello(ws, token=created["seats"][0]["token"], name="Ann")["type"] == "state"
        nul_id = httpx.get(f"{server.base}/api/tables/%00x")
        assert nul_id.status_code == 404
        for text in (answer.text, taken.text, json.dumps(refused), nul_id.text):
            assert not any(secret in text for secret in secrets), text
    finally:
        server.stop()


def test_a_closed_postgresql_database_answers_503_without_its_host(
    postgres_server: Any, postgres_url: str, tmp_path: Path
) -> None:
    import psycopg

    name = postgres_url.rsplit("/", 1)[1]
    server = Server(postgres_url, tmp_path / "server.log")
    try:
        created = server.new_table("human", "human")
        with psycopg.connect(postgres_server.base_url, autocommit=True) as admin:
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false'.encode())
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                (name,),
            )
            try:
                answers = [
                    httpx.get(f"{server.base}/api/tables/{created['table']}", timeout=READ_LIMIT),
                    server.post("/api/tables", {"game": "dracula", "seats": ["human", "human"]}),
                    server.post(f"/api/tables/{created['table']}/seats/1", {"name": "Bea"}),
                ]
            finally:
                admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true'.encode())
        for answer in answers:
            assert answer.status_code == 503, answer.text
            assert answer.json() == {"error": STORE_SENTENCE}
        assert server.new_table("human", "bot:random")  # back once the database is
    finally:
        server.stop()
    assert name in server.log.read_text()  # the detail is for the operator's log


# ----- the rules as functions ---------------------------------------------------------
def test_the_default_hosts_of_a_server() -> None:
    loopback = HostAllowList.for_server("127.0.0.1")
    assert loopback.allows("localhost:8000") and loopback.allows("[::1]:8000")
    assert not loopback.allows("192.168.1.5:8000") and not loopback.allows("rebound.example")
    assert not loopback.allows(None) and not loopback.allows("a b")
    everywhere = HostAllowList.for_server("0.0.0.0")
    assert everywhere.allows("192.168.1.5:8000") and everywhere.allows("[fe80::1]")
    assert everywhere.allows(socket.gethostname()) and not everywhere.allows("rebound.example")
    assert HostAllowList.for_server("127.0.0.1", ["*"]).allows("anything.example")
    assert HostAllowList.for_server("cards.lan").allows("CARDS.LAN:80")


def test_the_origin_rule_counts_scheme_host_and_port() -> None:
    assert origin_allowed(None, "h:1", ())
    assert origin_allowed("http://h:1", "h:1", ())
    assert origin_allowed("http://h", "h:80", ())
    assert origin_allowed("https://h", "h", (), "wss")
    assert not origin_allowed("https://h:1", "h:1", ())
    assert not origin_allowed("http://h:2", "h:1", ())
    assert not origin_allowed("null", "h:1", ())
    assert origin_allowed("https://cards.example", "h:1", ("https://cards.example/",))


def test_the_refusal_budget_counts_a_minute_per_address() -> None:
    """Over its refusals of the last 60 s an address is slowed; the refusals
    age out, and another address is counted apart."""
    budget = RefusalBudget(per_minute=3)
    for second in (0.0, 1.0, 2.0):
        budget.note("a", second)
    assert not budget.over("a", 2.5)
    budget.note("a", 3.0)
    assert budget.over("a", 3.5) and not budget.over("b", 3.5)
    assert budget.over("a", 59.9)
    assert not budget.over("a", 60.5)  # the refusal at 0 s is more than a minute old


def test_the_refusal_budget_forgets_quiet_addresses_beyond_its_most() -> None:
    budget = RefusalBudget(per_minute=1)
    budget.MOST_ADDRESSES = 3
    for number in range(5):
        budget.note(f"10.0.0.{number}", float(number))
    assert len(budget._times) == 3  # the two oldest were let go
    budget.note("10.0.0.4", 4.0)
    assert budget.over("10.0.0.4", 4.0) and not budget.over("10.0.0.0", 4.0)
