"""The web table under faults (docs/web.md, "Dropped seats", "Crash safety",
"Hardening"): a seat dropped on its turn is played by its stand-in bot and given
back on reconnect, a turn clock, refused tokens, a flood, another site's page,
finished tables cleaned up, and ``kill -9`` of a real ``parlour serve`` with a
restart on the same SQLite file.

The servers run for real (uvicorn in a thread, or a subprocess) and the clients
are ``websockets`` clients whose every read has a time limit, so a broken
server fails a test instead of hanging it. Timeouts are short (0.2 s) and only
the order of events is checked, never a duration.
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
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web tests need the web extra: pip install '.[web]'")
pytest.importorskip("uvicorn")
websockets_sync = pytest.importorskip("websockets.sync.client")

import httpx  # noqa: E402
import uvicorn  # noqa: E402

from parlour.web import create_app  # noqa: E402

SOURCES = Path(__file__).resolve().parent.parent / "src"
READ_LIMIT = 30.0
"""Seconds a client waits for one message before the test fails (never reached
by a working server; it only turns a hang into a failure)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class LiveServer:
    """A real uvicorn server in a thread, on a free loopback port."""

    def __init__(self, **settings: Any) -> None:
        self.port = free_port()
        self.app = create_app(**settings)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        for _ in range(500):
            if self.server.started:
                return self
            time.sleep(0.02)
        raise AssertionError("the test server did not start")

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def socket(self, table: str, **headers: str) -> Any:
        return websockets_sync.connect(
            f"ws://127.0.0.1:{self.port}/ws/tables/{table}",
            open_timeout=READ_LIMIT,
            additional_headers=headers or None,
        )


def receive(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=READ_LIMIT))
    return message


def wait_for(ws: Any, test: Any) -> dict[str, Any]:
    """Read messages until one passes ``test``."""
    while True:
        message = receive(ws)
        if test(message):
            return message


def hello(ws: Any, token: str | None = None) -> dict[str, Any]:
    ws.send(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
    return wait_for(ws, lambda message: message["type"] in ("state", "error"))


def make_table(base: str, **request: Any) -> dict[str, Any]:
    response = httpx.post(f"{base}/api/tables", json=request, timeout=READ_LIMIT)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite://{tmp_path / 'tables.sqlite3'}"


# ----- dropped seats ------------------------------------------------------------------
def test_a_seat_dropped_on_its_turn_is_played_by_its_stand_in_and_given_back(
    database: str,
) -> None:
    with LiveServer(database_url=database, bot_delay=0) as server:
        created = make_table(
            server.http,
            game="dracula",
            options={"deals": 1},
            seats=["human", "human"],
            away_timeout=0.2,
            stand_in="random",
        )
        table = created["table"]
        tokens = {entry["seat"]: entry["token"] for entry in created["seats"]}
        with server.socket(table) as watcher:
            first = hello(watcher)
            gone = first["to_act"]  # the seat on turn drops
            stays = 1 - gone
            with server.socket(table) as other:
                hello(other, tokens[stays])
                with server.socket(table) as dropping:
                    state = hello(dropping, tokens[gone])
                    assert state["to_act"] == gone and state["legal"]
                    dropped_at = state["version"]
                # Everyone sees the seat away, then its stand-in plays.
                away = wait_for(
                    watcher, lambda m: m["type"] in ("state", "seats") and m["seats"][gone]["away"]
                )
                assert away["seats"][gone]["connected"] is False
                played = wait_for(watcher, lambda m: m["type"] == "state" and "notice" in m)
                notice = played["notice"]
                assert notice["kind"] == "stand_in" and notice["seat"] == gone
                assert notice["reason"] == "away" and notice["bot"] == "random"
                assert "away" in notice["text"]
                assert played["version"] == dropped_at + 1
                assert played["seats"][gone]["stand_in"] == "random"
                summary = httpx.get(f"{server.http}/api/tables/{table}").json()
                assert summary["seats"][gone]["away"] is True
                assert summary["settings"]["away_timeout"] == 0.2
                # The person comes back with the same link and sees the table as it is now.
                with server.socket(table) as back:
                    now = hello(back, tokens[gone])
                    assert now["seat"] == gone and now["seats"][gone]["connected"] is True
                    assert now["seats"][gone]["stand_in"] == ""
                    assert now["seats"][gone]["away"] is False
                    assert now["log_reset"] is True and now["version"] >= played["version"]
                    # The other seat plays until it is the returning seat's turn ...
                    mine = now
                    while mine["to_act"] == stays:
                        theirs = wait_for(
                            other,
                            lambda m, v=mine["version"]: m["type"] == "state" and m["version"] == v,
                        )
                        mine = play_one(other, theirs)
                        mine = wait_for(
                            back,
                            lambda m, v=mine["version"]: m["type"] == "state" and m["version"] == v,
                        )
                    # ... and then the seat is theirs: their own move is accepted.
                    assert mine["to_act"] == gone and mine["legal"]
                    after = play_one(back, mine)
                    assert after["version"] == mine["version"] + 1
                    assert "notice" not in after


def test_the_turn_clock_plays_one_move_for_a_slow_seat(database: str) -> None:
    with LiveServer(database_url=database, bot_delay=0) as server:
        created = make_table(
            server.http,
            game="dracula",
            options={"deals": 1},
            seats=["human", "bot:random"],
            turn_clock=0.2,
            away_timeout=0,
            stand_in="random",
        )
        table, token = created["table"], created["seats"][0]["token"]
        with server.socket(table) as ws:
            hello(ws, token)
            played = wait_for(ws, lambda m: m["type"] == "state" and "notice" in m)
            assert played["notice"]["reason"] == "clock" and played["notice"]["seat"] == 0
            # Connected and not replaced: only that one move was the bot's.
            assert played["seats"][0]["stand_in"] == ""
            assert played["seats"][0]["connected"] is True


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("away_timeout", -1, "away_timeout must be 0"),
        ("away_timeout", "soon", "away_timeout must be a number"),
        ("away_timeout", True, "away_timeout must be a number"),
        ("turn_clock", 10**9, "turn_clock must be 0"),
        ("stand_in", "grandmaster", "stand_in must be a bot level"),
    ],
)
def test_table_settings_are_refused_with_a_clear_error(
    database: str, field: str, value: object, words: str
) -> None:
    from starlette.testclient import TestClient

    with TestClient(create_app(database, bot_delay=0)) as client:
        request = {"game": "dracula", "seats": ["human", "human"], field: value}
        response = client.post("/api/tables", json=request)
        assert response.status_code == 400
        assert words in response.json()["error"]
        assert client.get("/api/tables").json()["tables"] == []


# ----- tokens and spectators ---------------------------------------------------------
def test_guessed_borrowed_and_finished_tokens_are_refused(database: str) -> None:
    import secrets

    with LiveServer(database_url=database, bot_delay=0, finished_ttl=0) as server:
        first = make_table(server.http, game="dracula", seats=["human", "human"])
        second = make_table(server.http, game="dracula", seats=["human", "human"])
        with server.socket(second["table"]) as ws:
            guessed = hello(ws, secrets.token_urlsafe(32))
            assert guessed["type"] == "error" and "not a seat of this table" in guessed["message"]
            borrowed = hello(ws, first["seats"][0]["token"])
            assert borrowed["type"] == "error"
            watching = hello(ws)
            assert watching["seat"] is None and watching["legal"] == []
            ws.send(json.dumps({"type": "move", "action": 0, "version": watching["version"]}))
            answer = wait_for(ws, lambda m: m["type"] == "error")
            assert "spectator cannot move" in answer["message"]
        # A finished table: its token moves nothing, and opens no other table.
        bots = make_table(
            server.http, game="dracula", options={"deals": 1}, seats=["bot:random", "human"]
        )
        token = bots["seats"][0]["token"]
        with server.socket(bots["table"]) as ws:
            state = hello(ws, token)
            while not state["over"]:
                if state["to_act"] == 1 and state["legal"]:
                    ws.send(
                        json.dumps(
                            {
                                "type": "move",
                                "action": state["legal"][0]["action"],
                                "version": state["version"],
                            }
                        )
                    )
                state = wait_for(ws, lambda m: m["type"] == "state")
            ws.send(json.dumps({"type": "move", "action": 0, "version": state["version"]}))
            assert wait_for(ws, lambda m: m["type"] == "error")["type"] == "error"
        with server.socket(second["table"]) as ws:
            assert hello(ws, token)["type"] == "error"


# ----- hardening ----------------------------------------------------------------------
def test_a_flood_gets_an_error_then_the_connection_is_closed(database: str) -> None:
    from websockets.exceptions import ConnectionClosed

    with LiveServer(
        database_url=database, bot_delay=0, message_rate=1.0, message_burst=5
    ) as server:
        created = make_table(server.http, game="dracula", seats=["human", "human"])
        with server.socket(created["table"]) as ws:
            hello(ws)
            for _ in range(40):
                try:
                    ws.send(json.dumps({"type": "nonsense"}))
                except ConnectionClosed:
                    break
            errors = []
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    message = receive(ws)
                    if message["type"] == "error":
                        errors.append(message["message"])
            assert any("too many messages" in text for text in errors)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        # The server goes on.
        assert httpx.get(f"{server.http}/api/tables/{created['table']}").status_code == 200


def test_a_page_of_another_site_cannot_open_a_table_socket(database: str) -> None:
    from websockets.exceptions import ConnectionClosed

    with LiveServer(
        database_url=database, bot_delay=0, allow_origins=["https://cards.example"]
    ) as server:
        table = make_table(server.http, game="dracula", seats=["human", "human"])["table"]
        with server.socket(table, Origin="https://evil.example") as ws:
            message = receive(ws)
            assert message["type"] == "error" and "--allow-origin" in message["message"]
            with pytest.raises(ConnectionClosed) as closed:
                receive(ws)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
        for origin in (f"http://127.0.0.1:{server.port}", "https://cards.example"):
            with server.socket(table, Origin=origin) as ws:
                assert hello(ws)["type"] == "state"


def test_idle_finished_tables_are_deleted_after_the_finished_ttl(database: str) -> None:
    with LiveServer(database_url=database, bot_delay=0, finished_ttl=0.2) as server:
        playing = make_table(server.http, game="dracula", seats=["human", "human"])["table"]
        done = make_table(
            server.http, game="dracula", options={"deals": 1}, seats=["bot:random"] * 2
        )["table"]
        for _ in range(3000):  # bounded: the bots finish, then the sweep runs
            if httpx.get(f"{server.http}/api/tables/{done}").status_code == 404:
                break
            time.sleep(0.02)
        answer = httpx.get(f"{server.http}/api/tables/{done}")
        assert answer.status_code == 404 and "no table" in answer.json()["error"]
        assert httpx.get(f"{server.http}/api/tables/{playing}").status_code == 200


# ----- crash safety -------------------------------------------------------------------
def start_server(database: str, port: int) -> subprocess.Popen[bytes]:
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(
        [str(SOURCES), *filter(None, [environment.get("PYTHONPATH")])]
    )
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "parlour.cli.serve", "--port", str(port)),
            *("--database", database, "--bot-delay", "0"),
        ],
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(1500):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return process
        except httpx.TransportError:
            pass
        if process.poll() is not None:
            raise AssertionError("parlour serve stopped at its start")
        time.sleep(0.02)
    process.kill()
    raise AssertionError("parlour serve did not start")


def play_one(ws: Any, state: dict[str, Any]) -> dict[str, Any]:
    ws.send(
        json.dumps(
            {"type": "move", "action": state["legal"][0]["action"], "version": state["version"]}
        )
    )
    answer = wait_for(
        ws,
        lambda m: (
            m["type"] == "error" or (m["type"] == "state" and m["version"] > state["version"])
        ),
    )
    assert answer["type"] == "state", answer
    return answer


def test_kill_9_mid_game_loses_no_move_and_the_clients_play_on(database: str) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    url = f"ws://127.0.0.1:{port}/ws/tables/"
    process = start_server(database, port)
    try:
        created = make_table(base, game="dracula", options={"deals": 1}, seats=["human"] * 2)
        table = created["table"]
        tokens = {entry["seat"]: entry["token"] for entry in created["seats"]}
        accepted = 0
        with (
            websockets_sync.connect(url + table, open_timeout=READ_LIMIT) as zero,
            websockets_sync.connect(url + table, open_timeout=READ_LIMIT) as one,
        ):
            sockets = {0: zero, 1: one}
            states = {seat: hello(ws, tokens[seat]) for seat, ws in sockets.items()}
            for _ in range(7):
                seat = states[0]["to_act"]
                state = (
                    wait_for(
                        sockets[seat],
                        lambda m, v=accepted: m["type"] == "state" and m["version"] == v,
                    )
                    if states[seat]["version"] != accepted
                    else states[seat]
                )
                states[seat] = play_one(sockets[seat], state)
                accepted += 1
                other = 1 - seat
                states[other] = wait_for(
                    sockets[other], lambda m, v=accepted: m["type"] == "state" and m["version"] == v
                )
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=30)
        process = start_server(database, port)
        with (
            websockets_sync.connect(url + table, open_timeout=READ_LIMIT) as zero,
            websockets_sync.connect(url + table, open_timeout=READ_LIMIT) as one,
        ):
            sockets = {0: zero, 1: one}
            states = {seat: hello(ws, tokens[seat]) for seat, ws in sockets.items()}
            assert states[0]["version"] == accepted == states[1]["version"]
            assert states[0]["log_reset"] and states[0]["events"]
            while not states[0]["over"]:
                seat = states[0]["to_act"]
                states[seat] = play_one(sockets[seat], states[seat])
                accepted += 1
                other = 1 - seat
                states[other] = wait_for(
                    sockets[other], lambda m, v=accepted: m["type"] == "state" and m["version"] == v
                )
            assert states[1]["over"] and states[1]["result"] is not None
    finally:
        process.kill()
        process.wait(timeout=30)
