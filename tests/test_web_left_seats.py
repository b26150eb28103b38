"""A person who leaves a table for good (``{"type": "leave"}``) stays gone when
the server process is killed with ``kill -9`` and started again, on SQLite and
on PostgreSQL, and when another process on the same PostgreSQL database takes
the table over: the seat is played by the table's stand-in at a bot's pace
(never waited for as an away person's), shown as left, and the person's link
only watches.

Every table here waits for ever for an away person (``away_timeout`` 0): a
left seat that a restarted server mistook for an away person's would never be
played, and the game would stop (the client's wait then fails).
"""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from live import WAIT_SECONDS, Client, ServeProcess
from restarts import database, lobby_line, play_to_the_end, servers, started, table_of_three_people

__all__ = ["database", "servers"]  # fixtures used by name

pytest.importorskip("websockets.sync.client")

LEFT_SEAT = 1
"""Bob's seat, which he leaves for good."""


def take(server: ServeProcess, table_id: str, seat: int, name: str) -> str:
    """Take a free seat as the lobby does; its token."""
    taken = httpx.post(f"{server.base}/api/tables/{table_id}/seats/{seat}", json={"name": name})
    assert taken.status_code == 200, taken.text
    token: str = taken.json()["token"]
    return token


def table_bob_leaves(server: ServeProcess) -> tuple[str, str, str]:
    """A Colour-blind table of three person seats that never plays for an away
    person: Ann takes seat 0, Bob seat 1, Ann gives seat 2 to a bot, and Bob
    leaves for good. Its id, Ann's token and Bob's."""
    table_id = table_of_three_people(server)
    ann_token = take(server, table_id, 0, "Ann")
    bob_token = take(server, table_id, LEFT_SEAT, "Bob")
    ann = Client(server, table_id, ann_token)
    ann.send({"type": "bots"})
    ann.until(lambda m: m["type"] == "state" and m["seats"][2]["kind"] == "bot")
    ann.close()
    bob = Client(server, table_id, bob_token)
    assert bob.first["type"] == "state", bob.first
    bob.send({"type": "leave"})
    left = bob.until(lambda m: m["type"] == "left")
    assert left["seat"] == LEFT_SEAT
    bob.close()
    return table_id, ann_token, bob_token


def assert_left(seats: list[dict[str, Any]]) -> None:
    """Bob's seat is shown as left: still a person's seat under his name,
    taken, played by the table's stand-in."""
    fact = seats[LEFT_SEAT]
    assert fact["kind"] == "person" and fact["name"] == "Bob", seats
    assert fact["left"] and fact["stand_in"] == "medium", seats  # the table's stand-in
    assert not fact["free"], seats


def assert_bobs_link_only_watches(server: ServeProcess, table_id: str, token: str) -> None:
    """Bob's link is told he left, and then watches."""
    bob = Client(server, table_id, token)
    left = [message for message in bob.messages if message["type"] == "left"]
    assert left and left[0]["seat"] == LEFT_SEAT, bob.messages
    assert bob.first["type"] == "state" and bob.first["seat"] is None, bob.first
    bob.close()
    link = httpx.post(
        f"{server.base}/api/tables/{table_id}/seats/{LEFT_SEAT}/check", json={"token": token}
    )
    assert link.status_code == 200 and link.json()["left"], link.text


def test_a_left_seat_stays_left_after_kill_9(servers: list[ServeProcess], database: str) -> None:
    server = started(servers, database)
    table_id, ann_token, bob_token = table_bob_leaves(server)
    server.stop()  # SIGKILL: no shutdown, no last write
    restarted = started(servers, database, port=server.port)
    # The lobby reads the table from storage, before anyone opens it.
    line = lobby_line(restarted, table_id)
    assert line["status"] == "playing"
    assert_left(line["seats"])
    assert_bobs_link_only_watches(restarted, table_id, bob_token)
    ann = Client(restarted, table_id, ann_token)
    assert_left(ann.first["seats"])
    play_to_the_end(ann, assert_left, "the left seat")
    ann.close()


def test_another_process_takes_over_a_left_seat(
    servers: list[ServeProcess], postgres_url: str
) -> None:
    first = started(servers, postgres_url)
    second = started(servers, postgres_url)
    table_id, ann_token, bob_token = table_bob_leaves(first)
    # The second process holds the table open before the first is killed.
    watcher = Client(second, table_id)
    assert watcher.first["type"] == "state"
    first.stop()  # SIGKILL
    # The second process reads the seat book again every SEAT_BOOK_SECONDS.
    deadline = time.monotonic() + WAIT_SECONDS
    line = lobby_line(second, table_id)
    while not line["seats"][LEFT_SEAT]["left"] and time.monotonic() < deadline:
        time.sleep(0.2)
        line = lobby_line(second, table_id)
    assert_left(line["seats"])
    assert_bobs_link_only_watches(second, table_id, bob_token)
    ann = Client(second, table_id, ann_token)
    assert_left(ann.first["seats"])
    play_to_the_end(ann, assert_left, "the left seat")
    ann.close()
    watcher.close()
