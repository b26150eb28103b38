"""What the tests of seats that outlive their server share
(tests/test_web_bot_seats.py, tests/test_web_left_seats.py): a database of each
kind, real ``parlour serve`` processes killed at the end, and a person who plays
her turns to the end while the other seats are played between them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from live import Client, ServeProcess


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """The address of an empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def servers() -> Iterator[list[ServeProcess]]:
    """Servers started by the test, all killed at the end."""
    started: list[ServeProcess] = []
    yield started
    for server in started:
        server.stop()


def started(servers: list[ServeProcess], database: str, port: int | None = None) -> ServeProcess:
    """A server on ``database`` (on ``port``, to come back where it was), bots
    without delay, stopped with the test."""
    server = ServeProcess(database, bot_delay=0.0, port=port).start()
    servers.append(server)
    return server


def table_of_three_people(server: ServeProcess) -> str:
    """A new one-deal Colour-blind table of three person seats that never plays
    for an away person (``away_timeout`` 0): a seat mistaken for an away
    person's stops the game. Its id."""
    answer = httpx.post(
        server.base + "/api/tables",
        json={
            "game": "colour-blind",
            "seats": ["human"] * 3,
            "options": {"deals": 1},
            "away_timeout": 0,
        },
        timeout=30,
    )
    assert answer.status_code == 201, answer.text
    table_id = answer.json()["table"]
    return str(table_id)


def newer_state(version: int) -> Callable[[dict[str, Any]], bool]:
    """A test for :meth:`Client.until`: a state newer than ``version``."""
    return lambda message: message["type"] == "state" and message["version"] > version


def play_to_the_end(
    ann: Client, check_seats: Callable[[list[dict[str, Any]]], None], what: str
) -> None:
    """Ann (seat 0) plays her turns; the other seats must be played between
    them, each state's seats pass ``check_seats``, and no seat is played as an
    away person's (``what`` names those seats in the failure)."""
    state = ann.first
    assert state["type"] == "state", state
    while not state["over"]:
        if state["to_act"] == 0 and state["legal"]:
            state = ann.move_first_legal(state)
            assert state["type"] == "state", state
        else:
            state = ann.until(newer_state(state["version"]))
        check_seats(state["seats"])
    notices = [message for message in ann.messages if "notice" in message]
    assert notices == [], f"{what} was played as an away person's"


def lobby_line(server: ServeProcess, table_id: str) -> dict[str, Any]:
    """The lobby's line of the table ``table_id``."""
    listed = httpx.get(server.base + "/api/tables", timeout=30).json()["tables"]
    line: dict[str, Any] = next(entry for entry in listed if entry["table"] == table_id)
    return line
