"""Fuzzing the web table's API and WebSocket messages (docs/web.md, "Hardening").

Hypothesis sends bodies, paths and messages of every shape: the server answers
each with a clear JSON refusal (never a 500, never silence) and the table stays
exactly as it was. Examples are bounded, so the test has a fixed size.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

pytest.importorskip("starlette", reason="the web tests need the web extra: pip install '.[web]'")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from parlour.web import create_app
from parlour.web.limits import ServerLimits

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = ("game", "players", "options", "seats", "away_timeout", "stand_in", "turn_clock", "name")
BODIES = st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=6) | JSON
TYPES = ("hello", "move", "undo", "hint", "again", "state", "nonsense", "")
MESSAGES = st.one_of(
    st.fixed_dictionaries(
        {"type": st.sampled_from(TYPES)},
        optional={
            "action": JSON,
            "version": st.integers(min_value=10**6) | st.text(max_size=5) | st.none(),
            "token": JSON,
            "lang": JSON,
        },
    ),
    JSON,
)
FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def open_client(tmp_path: Path) -> TestClient:
    # The fuzz is one address asking for thousands of refusals: its rate limits
    # are lifted, as the messages' is (they are tested elsewhere).
    app = create_app(
        f"sqlite://{tmp_path / 'fuzz.sqlite3'}",
        bot_delay=0,
        message_rate=10000,
        limits=ServerLimits(refusals_per_minute=10**9),
    )
    return TestClient(app)


def check_refusal(response: Any) -> None:
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        assert isinstance(response.json()["error"], str) and response.json()["error"]


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with open_client(tmp_path_factory.mktemp("fuzz")) as client:
        table = client.post("/api/tables", json={"game": "dracula", "seats": ["human", "human"]})
        assert table.status_code == 201
        created = table.json()
        with client.websocket_connect(f"/ws/tables/{created['table']}") as socket:
            # Both seats taken: no fuzzed request may take one over.
            for entry in created["seats"]:
                socket.send_json({"type": "hello", "token": entry["token"]})
                assert socket.receive_json()["type"] == "state"
                break
        with client.websocket_connect(f"/ws/tables/{created['table']}") as socket:
            socket.send_json({"type": "hello", "token": created["seats"][1]["token"]})
            assert socket.receive_json()["type"] == "state"
        yield client, created


@FUZZ
@given(body=BODIES)
def test_new_table_bodies_never_break_the_server(fuzz_client: Any, body: Any) -> None:
    client, _ = fuzz_client
    before = len(client.get("/api/tables").json()["tables"])
    response = client.post("/api/tables", json=body)
    check_refusal(response)
    after = len(client.get("/api/tables").json()["tables"])
    assert after == before + (1 if response.status_code == 201 else 0)


@FUZZ
@given(
    path=st.text(max_size=40).map(lambda text: quote(text, safe="")),
    seat=st.text(max_size=6).map(lambda text: quote(text, safe="")),
    body=BODIES,
)
def test_table_paths_and_seat_bodies_are_refused_clearly(
    fuzz_client: Any, path: str, seat: str, body: Any
) -> None:
    client, created = fuzz_client
    if path in ("", ".", ".."):
        path = "none"
    check_refusal(client.get(f"/api/tables/{path}"))
    check_refusal(client.get(f"/api/tables/{path}/record"))
    check_refusal(client.post(f"/api/tables/{path}/seats/{seat}", json=body))
    # The real table's taken seat is refused whatever the body says.
    response = client.post(f"/api/tables/{created['table']}/seats/0", json=body)
    check_refusal(response)
    assert response.status_code >= 400


@FUZZ
@given(raw=st.binary(max_size=200))
def test_raw_bytes_as_a_body_get_a_json_error(fuzz_client: Any, raw: bytes) -> None:
    client, _ = fuzz_client
    check_refusal(
        client.post("/api/tables", content=raw, headers={"Content-Type": "application/json"})
    )


@FUZZ
@given(messages=st.lists(MESSAGES | st.text(max_size=30), min_size=1, max_size=6))
def test_websocket_messages_of_any_shape_change_nothing(
    fuzz_client: Any, messages: list[Any]
) -> None:
    client, created = fuzz_client
    table = created["table"]
    token = created["seats"][0]["token"]
    before = client.get(f"/api/tables/{table}").json()
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_json({"type": "hello", "token": token})
        assert socket.receive_json()["type"] == "state"
        for message in messages:
            if isinstance(message, str):
                socket.send_text(message)
            else:
                socket.send_json(message)
            # Each message gets exactly one answer (a state, a hint or an error).
            answer = socket.receive_json()
            assert answer["type"] in ("state", "hint", "error")
            if answer["type"] == "error":
                assert isinstance(answer["message"], str) and answer["message"]
            while answer["type"] == "state" and answer["version"] != before["version"]:
                answer = socket.receive_json()  # pragma: no cover - nothing may move
    after = client.get(f"/api/tables/{table}").json()
    assert after["version"] == before["version"]
    assert after["to_act"] == before["to_act"]
