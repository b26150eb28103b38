"""The hostile campaign's new routes (issue 32): floods of accounts, of sign-ins
and of chat against a real ``parlour serve`` process, on SQLite and on
PostgreSQL. Each flood meets its limit (429, or the busy answer 503 of the
password workers), never a failure of the server, and the server keeps
answering others meanwhile.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

pytest.importorskip("argon2", reason="accounts need the web extra: pip install '.[web]'")

from live import Client, ServeProcess, serving
from parlour.web.accounts import AccountLimits
from parlour.web.chat import CHAT_BURST

LIMITS = AccountLimits()
PASSWORD = "correct horse battery"


@pytest.fixture(params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServeProcess]:
    if request.param == "sqlite":
        database = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    else:
        database = request.getfixturevalue("postgres_url")
    with serving(database) as started:
        yield started


def test_a_flood_of_new_accounts_from_one_address_is_refused(server: ServeProcess) -> None:
    with httpx.Client(base_url=server.base, timeout=60) as http:
        answers = [
            http.post("/api/accounts", json={"name": f"Flood {n}", "password": PASSWORD})
            for n in range(LIMITS.accounts_per_hour + 3)
        ]
        codes = [answer.status_code for answer in answers]
        assert codes[: LIMITS.accounts_per_hour] == [201] * LIMITS.accounts_per_hour
        assert codes[LIMITS.accounts_per_hour :] == [429] * 3
        assert "accounts an hour" in answers[-1].json()["error"]
        assert http.get("/api/games").status_code == 200


def test_sign_ins_are_limited_per_name_and_per_address(server: ServeProcess) -> None:
    with httpx.Client(base_url=server.base, timeout=60) as http:
        assert (
            http.post("/api/accounts", json={"name": "Target", "password": PASSWORD}).status_code
            == 201
        )
        http.cookies.clear()
        wrong = [
            http.post("/api/session", json={"name": "target", "password": f"guess {n:04d}"})
            for n in range(LIMITS.failures_per_name)
        ]
        assert {answer.status_code for answer in wrong} == {401}
        # The name now waits, even for its right password.
        locked = http.post("/api/session", json={"name": "TARGET", "password": PASSWORD})
        assert locked.status_code == 429 and "failed sign-ins" in locked.json()["error"]
        assert "set-cookie" not in locked.headers
        # Other names from this address go on until the address's own limit.
        left = LIMITS.sign_ins_per_address - LIMITS.failures_per_name - 1
        others = [
            http.post("/api/session", json={"name": f"nobody {n}", "password": "whatever it is"})
            for n in range(left)
        ]
        assert {answer.status_code for answer in others} == {401}
        over = http.post("/api/session", json={"name": "someone", "password": "whatever it is"})
        assert over.status_code == 429 and "from one address" in over.json()["error"]


def test_a_burst_of_sign_ins_at_once_is_answered_without_a_failure(server: ServeProcess) -> None:
    def attempt(number: int) -> int:
        with httpx.Client(base_url=server.base, timeout=60) as http:
            return http.post(
                "/api/session", json={"name": f"ghost {number}", "password": "not a password"}
            ).status_code

    with ThreadPoolExecutor(24) as pool:
        codes = list(pool.map(attempt, range(40)))
    assert set(codes) <= {401, 429, 503}, codes
    assert codes.count(429) >= 40 - LIMITS.sign_ins_per_address
    assert httpx.get(server.base + "/api/games", timeout=30).status_code == 200


def test_a_chat_flood_is_cut_and_stores_only_what_the_limit_allows(server: ServeProcess) -> None:
    with httpx.Client(base_url=server.base, timeout=60) as http:
        made = http.post("/api/tables", json={"game": "dracula", "seats": ["human", "human"]})
        table = made.json()["table"]
        token = made.json()["seats"][0]["token"]
        partner = made.json()["seats"][1]["token"]
    flooder = Client(server, table, token)
    for number in range(60):
        flooder.send({"type": "chat", "text": f"spam {number} " + "x" * 200})
    errors = []
    with contextlib.suppress(Exception):  # the server closes a flooding connection
        while True:
            message = flooder.receive(5)
            if message["type"] == "error":
                errors.append(message["message"])
    assert any("write too fast" in error for error in errors), errors
    watcher = Client(server, table, partner)  # the players' channel: the other seat
    history = [message for message in watcher.drain(1.0) if message["type"] == "chat_history"]
    stored = history[0]["messages"] if history else []
    assert 1 <= len(stored) <= CHAT_BURST + 1, len(stored)
    flooder.close()
    watcher.close()
    # A cookie nobody was given is nobody's session.
    forged = httpx.Client(base_url=server.base, cookies={"parlour_session": "A" * 43})
    assert forged.get("/api/session").json() == {"name": None}
    assert forged.get("/api/account/tables").status_code == 401
