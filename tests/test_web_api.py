"""The web table's protocol (docs/web.md): the JSON API and the table WebSocket.

Whole games of every game are played by two people's clients (plus bots where
the game has more seats) over WebSockets; refused moves of every kind leave the
table exactly as it was; tokens are random and stored hashed; a server started
again on the same database shows every table as it was.
"""

from __future__ import annotations

import hashlib
import random
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web tests need the web extra: pip install '.[web]'")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from parlour.core.registry import game_class, game_names
from parlour.web import create_app


def short_table(game: str, index: int) -> dict[str, Any]:
    """Two people and bots (random, heuristic in turn) at the smallest table of
    three or more seats the game allows (two when it allows no more), the
    people's seats turned by ``index`` so that the games seat them differently; a
    short game (its Game's ``short_options``)."""
    game_type = game_class(game)
    players = max(game_type.info.min_players, min(3, game_type.info.max_players))
    seats = ["human", "human", *(["bot:random", "bot:heuristic"] * players)[: players - 2]]
    turn = index % players
    return {
        "players": players,
        "options": dict(game_type.short_options),
        "seats": seats[turn:] + seats[:turn],
    }


TABLES: dict[str, dict[str, Any]] = {
    game: short_table(game, index) for index, game in enumerate(game_names())
}
"""Two people at every registered game's table, bots in the other seats; short games."""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # These clients answer as fast as a program can (a Casino move is several
    # steps): the per-connection rate limit is tested in test_web_faults.py.
    app = create_app(
        f"sqlite://{tmp_path / 'tables.sqlite3'}",
        bot_delay=0,
        message_rate=1000,
        message_burst=1000,
    )
    with TestClient(app) as test_client:
        yield test_client


def new_table(client: TestClient, game: str, **changes: Any) -> dict[str, Any]:
    request = {"game": game, **TABLES[game], **changes}
    response = client.post("/api/tables", json=request)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def next_message(socket: Any, kind: str = "state") -> dict[str, Any]:
    """The next message of ``kind`` (states pass by while bots move, and seat
    changes as people come and go)."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == kind:
            return message
        assert message["type"] in ("state", "seats"), message


def settled(socket: Any, people: set[int], after: int = -1) -> dict[str, Any]:
    """Read states until one after version ``after`` that only a person can
    change: a person on turn, or the game over."""
    while True:
        state = next_message(socket)
        if state["version"] > after and (state["over"] or state["to_act"] in people):
            return state


def at_version(socket: Any, version: int) -> dict[str, Any]:
    while True:
        state = next_message(socket)
        if state["version"] == version:
            return state
        assert state["version"] < version


def check_seat_sees_only_its_own(state: dict[str, Any], seat: int | None) -> None:
    view = state["view"]
    assert state["seat"] == seat
    if seat is None:
        assert not view.get("hand"), "a spectator sees no hand"
        assert not view.get("my_side_captured") and not view.get("taken_card")
        assert state["legal"] == [] and not state["can_undo"]
    else:
        assert view.get("seat", seat) == seat
    for entry in state["events"]:
        assert set(entry) == {"step", "event", "text"}
        assert isinstance(entry["text"], str) and entry["text"]


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_whole_game_by_two_people_and_bots_over_websockets(client: TestClient, game: str) -> None:
    created = new_table(client, game)
    table_id = created["table"]
    tokens = {entry["seat"]: entry["token"] for entry in created["seats"]}
    people = set(tokens)
    assert len(people) == 2
    rng = random.Random(game)
    sockets = {}
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as first,
        client.websocket_connect(f"/ws/tables/{table_id}") as second,
        client.websocket_connect(f"/ws/tables/{table_id}") as watcher,
    ):
        for socket, seat in zip((first, second), sorted(people), strict=True):
            socket.send_json({"type": "hello", "token": tokens[seat], "lang": "en"})
            sockets[seat] = socket
        watcher.send_json({"type": "hello"})
        moves = 0
        version = -1
        while True:
            state = settled(first, people, version)
            version = state["version"]
            if state["over"]:
                break
            actor = state["to_act"]
            mine = state if sockets[actor] is first else at_version(sockets[actor], version)
            check_seat_sees_only_its_own(mine, actor)
            assert mine["legal"], "the seat on turn has legal moves"
            choice = rng.choice(mine["legal"])
            # Every other move is sent as its text: both forms are the protocol.
            action = choice["text"] if moves % 2 else choice["action"]
            sockets[actor].send_json({"type": "move", "action": action, "version": mine["version"]})
            moves += 1
            assert moves < 3000
        final = state
        assert final["result"] is not None and len(final["result"]) == TABLES[game]["players"]
        other = settled(second, people, final["version"] - 1)
        assert other["over"] and other["version"] == final["version"]
        while True:  # every state the spectator was sent shows no hidden card
            seen = next_message(watcher)
            check_seat_sees_only_its_own(seen, None)
            if seen["over"]:
                break
        assert seen["result"] == final["result"]
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["status"] == "over" and summary["result"] == final["result"]
    record = client.get(f"/api/tables/{table_id}/record")
    assert record.status_code == 200
    assert record.json()["game"] == game


def state_of(socket: Any) -> dict[str, Any]:
    socket.send_json({"type": "state"})
    return next_message(socket)


def refused(socket: Any, message: Any) -> str:
    if isinstance(message, str):
        socket.send_text(message)
    else:
        socket.send_json(message)
    answer = next_message(socket, "error")
    text: str = answer["message"]
    return text


def test_refused_moves_change_nothing(client: TestClient) -> None:
    created = new_table(client, "dracula")
    table_id = created["table"]
    tokens = {entry["seat"]: entry["token"] for entry in created["seats"]}
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as zero,
        client.websocket_connect(f"/ws/tables/{table_id}") as one,
    ):
        zero.send_json({"type": "hello", "token": tokens[0]})
        one.send_json({"type": "hello", "token": tokens[1]})
        before = settled(zero, {0, 1})
        actor = before["to_act"]
        sockets = {0: zero, 1: one}
        on_turn, waiting = sockets[actor], sockets[1 - actor]
        at_version(one, before["version"])  # zero's state at this version is `before`
        legal = before["legal"] if before["seat"] == actor else state_of(on_turn)["legal"]
        version = before["version"]
        action = legal[0]["action"]

        assert "turn" in refused(waiting, {"type": "move", "action": action, "version": version})
        message = refused(on_turn, {"type": "move", "action": action, "version": version + 5})
        assert "version" in message
        message = refused(on_turn, {"type": "move", "action": 99999, "version": version})
        assert "legal" in message
        message = refused(on_turn, {"type": "move", "action": "QQ z9", "version": version})
        assert "legal" in message or "not" in message
        assert "not JSON" in refused(on_turn, "{this is not json")
        assert "type" in refused(on_turn, "[1, 2, 3]")
        assert "action" in refused(on_turn, {"type": "move", "action": True, "version": version})
        assert "version" in refused(on_turn, {"type": "move", "action": action, "version": "1"})
        assert "unknown message type" in refused(on_turn, {"type": "shout"})
        assert "at most" in refused(on_turn, "x" * 5000)

        after = state_of(on_turn)
        assert after["version"] == version
        assert after["view"] == state_of(on_turn)["view"]
        assert after["legal"] == legal
        assert client.get(f"/api/tables/{table_id}").json()["version"] == version

        on_turn.send_json({"type": "move", "action": action, "version": version})
        moved = next_message(on_turn)
        assert moved["version"] == version + 1


def test_a_move_for_another_seat_is_refused_and_changes_nothing(client: TestClient) -> None:
    created = new_table(client, "dracula")
    table_id = created["table"]
    tokens = {entry["seat"]: entry["token"] for entry in created["seats"]}
    with client.websocket_connect(f"/ws/tables/{table_id}") as zero:
        zero.send_json({"type": "hello", "token": tokens[0]})
        state = next_message(zero)
        if state["to_act"] == 0:
            # Seat 0 plays once so that seat 1 is on turn.
            zero.send_json(
                {"type": "move", "action": state["legal"][0]["action"], "version": state["version"]}
            )
            state = next_message(zero)
        assert state["to_act"] == 1 and state["legal"] == []
        with client.websocket_connect(f"/ws/tables/{table_id}") as one:
            one.send_json({"type": "hello", "token": tokens[1]})
            legal = next_message(one)["legal"]
        # Seat 1 came and went: seat 0 is told who sits, not sent a whole state
        # (two changes still unsent may reach it as one).
        seats = next_message(zero, "seats")
        while seats["seats"][1]["connected"]:
            seats = next_message(zero, "seats")
        message = refused(
            zero, {"type": "move", "action": legal[0]["action"], "version": state["version"]}
        )
        assert "turn" in message
        assert state_of(zero)["version"] == state["version"]


def test_a_wrong_token_is_refused_and_a_spectator_cannot_move(client: TestClient) -> None:
    created = new_table(client, "dracula")
    table_id = created["table"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        message = refused(socket, {"type": "hello", "token": "x" * 43})
        assert "not a seat of this table" in message
        assert "first message must be" in refused(
            socket, {"type": "move", "action": 1, "version": 0}
        )
        socket.send_json({"type": "hello"})
        state = next_message(socket)
        check_seat_sees_only_its_own(state, None)
        message = refused(socket, {"type": "move", "action": 0, "version": state["version"]})
        assert "spectator" in message
        assert "spectator" in refused(socket, {"type": "hint"})
        assert state_of(socket)["version"] == state["version"]


def test_a_token_of_another_table_is_refused(client: TestClient) -> None:
    first = new_table(client, "dracula")
    second = new_table(client, "dracula")
    with client.websocket_connect(f"/ws/tables/{second['table']}") as socket:
        message = refused(socket, {"type": "hello", "token": first["seats"][0]["token"]})
        assert "not a seat" in message


def test_an_unknown_table_closes_the_socket(client: TestClient) -> None:
    with client.websocket_connect("/ws/tables/no-such-table") as socket:
        assert socket.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()


def test_tokens_are_long_random_and_stored_only_hashed(client: TestClient, tmp_path: Path) -> None:
    created = new_table(client, "dracula")
    tokens = [entry["token"] for entry in created["seats"]]
    assert len(set(tokens)) == 2 and all(len(token) >= 43 for token in tokens)  # 256 bits
    connection = sqlite3.connect(tmp_path / "tables.sqlite3")
    stored = [row[0] for row in connection.execute("SELECT token_hash FROM web_seats")]
    dump = "\n".join(connection.iterdump())
    connection.close()
    for token in tokens:
        assert token not in dump
        assert hashlib.sha256(token.encode()).hexdigest() in stored


def test_the_games_are_listed_with_their_options(client: TestClient) -> None:
    data = client.get("/api/games").json()
    assert [game["name"] for game in data["games"]] == game_names()
    dracula = next(game for game in data["games"] if game["name"] == "dracula")
    deals = next(option for option in dracula["options"] if option["name"] == "deals")
    assert deals["minimum"] == 1 and deals["maximum"] == 6 and deals["default"] == 6
    assert deals["help"]
    assert "hard" in data["bots"]
    rules = client.get("/api/games/nain-jaune/rules").json()
    assert "Nain Jaune" in rules["text"] and "## The board and the stakes" in rules["text"]
    assert "Observation" not in rules["text"]  # the player's page, not the reference
    french = client.get("/api/games/nain-jaune/rules?lang=fr").json()
    assert "## Le plateau et les mises" in french["text"]
    example = client.get("/api/games/nain-jaune/examples/deal-won?lang=fr").json()
    assert example["seat"] == 1 and example["view"]["chips"] == [0, 204, 96]
    assert client.get("/api/games/nain-jaune/examples/nope").status_code == 404
    assert client.get("/api/games/go-fish/rules").status_code == 404


def test_a_yes_no_options_help_names_its_values_as_the_form_does(client: TestClient) -> None:
    # The form offers yes/no (oui/non): a help reading "(false: play any card)"
    # names a value the reader never sees.
    raw = re.compile(r"\b(true|false|vrai|faux)\b", re.IGNORECASE)
    for game in client.get("/api/games").json()["games"]:
        for option in game["options"]:
            if option["type"] == "bool":
                for help_text in (option["help"], option["help_fr"]):
                    assert not raw.search(help_text), (
                        f"{game['name']} {option['name']}: {help_text}"
                    )
    colour_blind = next(
        game for game in client.get("/api/games").json()["games"] if game["name"] == "colour-blind"
    )
    follow = next(option for option in colour_blind["options"] if option["name"] == "follow_suit")
    assert "(no: play any card)" in follow["help"]
    assert "(non : jouer n'importe quelle carte)" in follow["help_fr"]


@pytest.mark.parametrize(
    ("request_body", "words"),
    [
        ({"game": "chess", "seats": ["human"]}, "game must be one of"),
        ({"game": "dracula", "seats": ["human"]}, "2 players"),
        ({"game": "dracula", "seats": ["human", "bot:genius"]}, "not allowed"),
        ({"game": "dracula", "seats": "human"}, "must be a list"),
        ({"game": "dracula", "options": {"deals": 9}, "seats": ["human", "human"]}, "deals"),
        ({"game": "dracula", "options": {"colour": 1}, "seats": ["human", "human"]}, "colour"),
        ({"game": "casino", "players": "three", "seats": []}, "whole number"),
        ({"game": "casino", "players": 9, "seats": []}, "players"),
    ],
)
def test_a_malformed_new_table_gets_a_clear_error(
    client: TestClient, request_body: dict[str, Any], words: str
) -> None:
    response = client.post("/api/tables", json=request_body)
    assert response.status_code == 400
    assert words in response.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []


def test_a_body_that_is_not_json_gets_a_clear_error(client: TestClient) -> None:
    as_json = {"Content-Type": "application/json"}
    response = client.post("/api/tables", content=b"{not json", headers=as_json)
    assert response.status_code == 400 and "not JSON" in response.json()["error"]
    response = client.post("/api/tables", content=b"[1]", headers=as_json)
    assert response.status_code == 400 and "JSON object" in response.json()["error"]
    response = client.get("/api/nothing-here")
    assert response.status_code == 404 and "error" in response.json()


def test_a_free_seat_is_taken_once_and_its_old_link_stops_working(client: TestClient) -> None:
    created = new_table(client, "colour-blind", seats=["human", "human", "bot:random"])
    table_id = created["table"]
    old_token = created["seats"][1]["token"]
    listed = client.get("/api/tables").json()["tables"]
    assert [table["table"] for table in listed] == [table_id]
    assert [seat["free"] for seat in listed[0]["seats"]] == [True, True, False]
    response = client.post(f"/api/tables/{table_id}/seats/1", json={"name": "Zoé"})
    assert response.status_code == 200
    token = response.json()["token"]
    again = client.post(f"/api/tables/{table_id}/seats/1", json={"name": "Max"})
    assert again.status_code == 409 and "taken" in again.json()["error"]
    bot = client.post(f"/api/tables/{table_id}/seats/2", json={})
    assert bot.status_code == 409 and "bot" in bot.json()["error"]
    missing = client.post(f"/api/tables/{table_id}/seats/7", json={})
    assert missing.status_code == 404
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["seats"][1]["name"] == "Zoé" and not summary["seats"][1]["free"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        assert "not a seat" in refused(socket, {"type": "hello", "token": old_token})
        socket.send_json({"type": "hello", "token": token})
        assert next_message(socket)["seat"] == 1


def test_the_record_is_refused_until_the_game_is_over(client: TestClient) -> None:
    created = new_table(client, "dracula")
    response = client.get(f"/api/tables/{created['table']}/record")
    assert response.status_code == 409 and "over" in response.json()["error"]
    assert client.get("/api/tables/unknown/record").status_code == 404


def test_undo_and_hint_against_bots(client: TestClient) -> None:
    created = new_table(client, "dracula", seats=["human", "bot:random"])
    table_id = created["table"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_json({"type": "hello", "token": created["seats"][0]["token"], "lang": "fr"})
        state = settled(socket, {0})
        assert not state["can_undo"]
        socket.send_json({"type": "hint"})
        hint = next_message(socket, "hint")
        assert hint["action"] in [move["action"] for move in state["legal"]]
        assert hint["reason"]
        socket.send_json({"type": "move", "action": hint["action"], "version": state["version"]})
        played = settled(socket, {0})
        assert played["can_undo"] and played["version"] > state["version"]
        socket.send_json({"type": "undo", "version": played["version"]})
        undone = settled(socket, {0})
        assert undone["log_reset"]
        assert undone["view"]["hand"] == state["view"]["hand"]
        assert undone["version"] == played["version"] + 1


def test_a_server_started_again_shows_every_table_as_it_was(tmp_path: Path) -> None:
    url = f"sqlite://{tmp_path / 'tables.sqlite3'}"
    with TestClient(create_app(url, bot_delay=0)) as first_server:
        # Open: one person's table with bots is private (unlisted) by default.
        created = new_table(
            first_server,
            "thracula",
            seats=["human", "bot:random", "bot:random"],
            visibility="open",
        )
        table_id = created["table"]
        token = created["seats"][0]["token"]
        with first_server.websocket_connect(f"/ws/tables/{table_id}") as socket:
            socket.send_json({"type": "hello", "token": token})
            for _ in range(3):
                state = settled(socket, {0})
                move = state["legal"][0]["action"]
                socket.send_json({"type": "move", "action": move, "version": state["version"]})
            settled(socket, {0})
            before = state_of(socket)  # the whole log, as a reconnecting client gets it
    with TestClient(create_app(url, bot_delay=0)) as second_server:
        listed = second_server.get("/api/tables").json()["tables"]
        assert [table["table"] for table in listed] == [table_id]
        with second_server.websocket_connect(f"/ws/tables/{table_id}") as socket:
            socket.send_json({"type": "hello", "token": token})
            after = settled(socket, {0})
    assert after["version"] == before["version"]
    assert after["view"] == before["view"]
    assert after["legal"] == before["legal"]
    assert after["log_reset"] and after["events"] == before["events"]


def test_play_again_gives_each_person_the_same_seat_at_a_new_table(client: TestClient) -> None:
    created = new_table(client, "dracula", options={"deals": 1}, seats=["human", "bot:random"])
    table_id = created["table"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_json({"type": "hello", "token": created["seats"][0]["token"]})
        state = settled(socket, {0})
        assert "once the game is over" in refused(socket, {"type": "again"})
        while True:
            if state["over"]:
                break
            socket.send_json(
                {"type": "move", "action": state["legal"][0]["action"], "version": state["version"]}
            )
            state = settled(socket, {0}, state["version"])
        socket.send_json({"type": "again"})
        again = next_message(socket, "again")
    assert again["table"] != table_id and again["seat"] == 0
    with client.websocket_connect(f"/ws/tables/{again['table']}") as socket:
        socket.send_json({"type": "hello", "token": again["token"]})
        fresh = next_message(socket)
        assert fresh["seat"] == 0 and not fresh["over"]


def test_play_again_after_bots_took_the_free_seats_gives_them_to_bots_again(
    client: TestClient,
) -> None:
    """Ann played with the bots that took the free seats; her rematch has the
    same bots in those seats, not people's seats named "Bot 2" that wait for
    somebody (and offer the bots again)."""
    created = new_table(client, "colour-blind", seats=["human", "human", "human"])
    table_id = created["table"]
    token = client.post(f"/api/tables/{table_id}/seats/0", json={"name": "Ann"}).json()["token"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_json({"type": "hello", "token": token})
        state = next_message(socket)
        socket.send_json({"type": "bots"})
        state = next_message(socket)
        state = state if state["to_act"] == 0 else settled(socket, {0}, state["version"])
        while not state["over"]:
            move = state["legal"][0]["action"]
            socket.send_json({"type": "move", "action": move, "version": state["version"]})
            state = settled(socket, {0}, state["version"])
        socket.send_json({"type": "again"})
        again = next_message(socket, "again")
    summary = client.get(f"/api/tables/{again['table']}").json()
    kinds = [(seat["kind"], seat["bot"], seat["free"]) for seat in summary["seats"]]
    # Ann's seat is hers by the token she was sent (free until she comes).
    assert kinds == [("person", "", True), ("bot", "medium", False), ("bot", "medium", False)]


def test_the_database_address_is_read_or_refused_clearly(tmp_path: Path) -> None:
    from parlour.core.errors import ParlourError
    from parlour.web.app import database_path

    assert database_path(f"sqlite://{tmp_path}/t.sqlite3") == f"{tmp_path}/t.sqlite3"
    assert database_path(str(tmp_path / "plain.sqlite3")) == str(tmp_path / "plain.sqlite3")
    assert database_path(None).endswith("tables.sqlite3")
    assert database_path("postgresql://localhost/parlour") is None  # no file: PostgreSQL
    with pytest.raises(ParlourError, match="not supported"):
        database_path("mysql://localhost/parlour")


def test_parlour_serve_refuses_a_bad_port_with_a_sentence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from parlour.cli.serve import main

    assert main(["--port", "70000"]) == 2
    assert "--port must be 0–65535" in capsys.readouterr().err


def test_a_finished_trick_is_a_milestone_that_pauses_the_next_bot() -> None:
    from parlour.table import SeatSpec, Table
    from parlour.web._bots import pauses

    bots = [SeatSpec(kind="bot", bot="random") for _ in range(3)]
    table = Table.create("colour-blind", bots, options={"deals": 1}, seed=5)
    paused = []
    for _ in range(3):  # three cards: the first trick of three players is over
        paused.append(pauses(table.play_bot_move()))
    assert paused == [False, False, True]


def test_free_seats_given_to_bots_are_played_and_every_refusal_says_why(
    client: TestClient,
) -> None:
    """A person alone at a table of free seats sends {"type": "bots"}: the
    table's stand-in takes every free seat, shown as a bot's, and plays them to
    the end; a spectator, a table with no free seat and a finished game are
    refused, each with its reason, and nothing changes."""
    created = new_table(client, "colour-blind", seats=["human", "human", "human"])
    table_id = created["table"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        watcher.send_json({"type": "hello"})
        before = next_message(watcher)
        assert "seated" in refused(watcher, {"type": "bots"})
        assert state_of(watcher)["version"] == before["version"]
    # Ann takes seat 0 as the lobby's "Play now" does; the other two stay free.
    token = client.post(f"/api/tables/{table_id}/seats/0", json={"name": "Ann"}).json()["token"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_json({"type": "hello", "token": token})
        state = next_message(socket)
        socket.send_json({"type": "bots"})
        # The seats change, not the version: when Ann is first to play, the
        # state the bots' seats bring has the same version as before.
        state = next_message(socket)
        state = state if state["to_act"] == 0 else settled(socket, {0}, state["version"])
        kinds = [seat["kind"] for seat in state["seats"]]
        assert kinds == ["person", "bot", "bot"], state["seats"]
        assert "no seat is free" in refused(socket, {"type": "bots"})
        while not state["over"]:
            move = state["legal"][0]["action"]
            socket.send_json({"type": "move", "action": move, "version": state["version"]})
            state = settled(socket, {0}, state["version"])
        assert "over" in refused(socket, {"type": "bots"})
    summary = client.get(f"/api/tables/{table_id}").json()
    assert [seat["free"] for seat in summary["seats"]] == [False, False, False]
