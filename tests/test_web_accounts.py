"""Players, not just seats (issue 32), against real ``parlour serve`` processes
on SQLite and on PostgreSQL: accounts and their sessions, open and private
tables, "Play now", table chat and its channels, ratings after a rated game, a
player's page, and a database of the previous release upgraded in place.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("argon2", reason="accounts need the web extra: pip install '.[web]'")
pytest.importorskip("openskill", reason="ratings need the web extra: pip install '.[web]'")

from live import Client, ServeProcess, serving

PASSWORD = "correct horse battery"


@pytest.fixture(params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServeProcess]:
    """A real server on a new SQLite file, or on a new PostgreSQL database."""
    if request.param == "sqlite":
        database = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    else:
        database = request.getfixturevalue("postgres_url")
    with serving(database) as started:
        yield started


def browser(server: ServeProcess) -> httpx.Client:
    """A client that keeps its cookies, as one browser does."""
    return httpx.Client(base_url=server.base, timeout=30.0)


def sign_up(server: ServeProcess, name: str) -> httpx.Client:
    """A new browser with a new account of ``name``, signed in."""
    client = browser(server)
    answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return client


class CookieClient(Client):
    """A table WebSocket that carries a browser's cookies (its session)."""

    def __init__(
        self, server: ServeProcess, table: str, cookies: httpx.Cookies, token: str | None = None
    ) -> None:
        from websockets.sync.client import connect

        header = "; ".join(f"{name}={value}" for name, value in cookies.items())
        self.socket = connect(
            server.ws_url(table),
            open_timeout=30,
            max_queue=None,
            additional_headers={"Cookie": header} if header else None,
        ).__enter__()
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {}
        self.send({"type": "hello", "token": token} if token else {"type": "hello"})
        self.first = self.until(lambda message: message["type"] in ("state", "error"))


def play_to_end(clients: dict[int, Client]) -> dict[str, Any]:
    """Play the first legal move for whichever seat is on turn until the game
    is over; the last state."""
    state = next(iter(clients.values())).state
    for _ in range(2000):
        if state.get("over"):
            return state
        seat = state["to_act"]
        mover = clients[seat]
        mover.state_at(state["version"])
        state = mover.move_first_legal(mover.state)
        assert state["type"] == "state", state
    raise AssertionError("the game did not end in 2000 moves")


def test_an_account_signs_in_out_renames_recovers_and_is_deleted(server: ServeProcess) -> None:
    ann = browser(server)
    made = ann.post("/api/accounts", json={"name": "  Ann  ", "password": PASSWORD})
    assert made.status_code == 201, made.text
    assert made.json()["name"] == "Ann"
    code = made.json()["recovery_code"]
    cookie = made.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "secure" not in cookie
    assert ann.get("/api/session").json() == {"name": "Ann"}
    # Names are unique ignoring case and width.
    assert (
        browser(server)
        .post("/api/accounts", json={"name": "Zoé", "password": PASSWORD})
        .status_code
        == 201
    )
    for twin in ("ann", "ＡＮＮ", "ａｎｎ", "Zoe\u0301", "ZOÉ"):
        again = browser(server).post("/api/accounts", json={"name": twin, "password": PASSWORD})
        assert again.status_code == 409, (twin, again.text)
    # A refused name or password says what is wrong, with a reason key the
    # pages say in their own language; no account is made.
    for body, reason in (
        ({"name": "Bo\u202eb", "password": PASSWORD}, "name-text"),
        ({"name": "B", "password": PASSWORD}, "name-short"),
        ({"name": "A Former Player", "password": PASSWORD}, "name-reserved"),
        ({"name": "Bob", "password": "short"}, "password-length"),
    ):
        refused = browser(server).post("/api/accounts", json=body)
        assert refused.status_code == 400, (body, refused.text)
        assert refused.json()["reason"] == reason and refused.json()["error"], refused.text
    for name in ("Bob", "B"):
        assert browser(server).get(f"/api/players/{name}").status_code == 404

    # A wrong name and a wrong password answer alike.
    stranger = browser(server)
    wrong_password = stranger.post("/api/session", json={"name": "Ann", "password": "not the one"})
    wrong_name = stranger.post("/api/session", json={"name": "Nobody", "password": PASSWORD})
    assert wrong_password.status_code == wrong_name.status_code == 401
    assert wrong_password.json() == wrong_name.json()
    assert "set-cookie" not in wrong_password.headers

    # A second browser signs in (any case); changing the password ends it.
    other = browser(server)
    assert other.post("/api/session", json={"name": "ANN", "password": PASSWORD}).status_code == 200
    assert other.get("/api/session").json() == {"name": "Ann"}
    changed = ann.post(
        "/api/account/password", json={"password": PASSWORD, "new_password": "a new password"}
    )
    assert changed.status_code == 200, changed.text
    assert other.get("/api/session").json() == {"name": None}
    assert ann.get("/api/session").json() == {"name": "Ann"}

    # Rename: the player's page follows the account.
    assert ann.post("/api/account/name", json={"name": "Annie"}).json() == {"name": "Annie"}
    assert ann.get("/api/players/annie").json()["name"] == "Annie"
    assert ann.get("/api/players/Ann").status_code == 404

    # The recovery code sets a new password once; it is then replaced.
    lost = browser(server)
    recovered = lost.post(
        "/api/account/recover",
        json={"name": "annie", "recovery_code": code.lower(), "new_password": "third password"},
    )
    assert recovered.status_code == 200, recovered.text
    assert recovered.json()["recovery_code"] != code
    assert ann.get("/api/session").json() == {"name": None}  # every other session ended
    reused = browser(server).post(
        "/api/account/recover",
        json={"name": "Annie", "recovery_code": code, "new_password": "fourth password"},
    )
    assert reused.status_code == 401

    # Signing out ends the session in the database: the old cookie is refused.
    token = lost.cookies["parlour_session"]
    assert lost.delete("/api/session").status_code == 200
    replayed = browser(server)
    replayed.cookies.set("parlour_session", token)
    assert replayed.get("/api/session").json() == {"name": None}

    # Deleting the account: its games stay, under "a former player".
    assert (
        lost.post("/api/session", json={"name": "Annie", "password": "third password"}).status_code
        == 200
    )
    table = lost.post(
        "/api/tables", json={"game": "dracula", "seats": ["human", "human"], "visibility": "open"}
    ).json()["table"]
    assert lost.get(f"/api/tables/{table}").json()["seats"][0]["name"] == "Annie"
    assert lost.request("DELETE", "/api/account", json={"password": "wrong one"}).status_code == 403
    assert (
        lost.request("DELETE", "/api/account", json={"password": "third password"}).status_code
        == 200
    )
    assert lost.get(f"/api/tables/{table}").json()["seats"][0]["name"] == "a former player"
    assert lost.get("/api/players/Annie").status_code == 404
    assert (
        browser(server)
        .post("/api/session", json={"name": "Annie", "password": "third password"})
        .status_code
        == 401
    )


def test_a_session_is_one_account_and_its_seats_follow_it_across_browsers(
    server: ServeProcess,
) -> None:
    ann, bob = sign_up(server, "Ann"), sign_up(server, "Bob")
    made = ann.post("/api/tables", json={"game": "dracula", "seats": ["human", "human"]})
    table = made.json()["table"]
    seats = ann.get(f"/api/tables/{table}").json()["seats"]
    assert seats[0]["name"] == "Ann"  # the maker's seat carries the account's name
    # Ann in another browser, with no token: the account's seats, and the seat itself.
    elsewhere = browser(server)
    assert (
        elsewhere.post("/api/session", json={"name": "ann", "password": PASSWORD}).status_code
        == 200
    )
    assert elsewhere.get("/api/account/tables").json()["tables"] == [
        {"table": table, "seat": 0, "game": "dracula"}
    ]
    annie = CookieClient(server, table, elsewhere.cookies)
    assert annie.first["type"] == "state" and annie.first["seat"] == 0
    # Bob's cookie never acts for Ann: with no token he only watches.
    bobby = CookieClient(server, table, bob.cookies)
    assert bobby.first["seat"] is None
    assert bob.get("/api/account/tables").json()["tables"] == []
    # Nobody passes for an account: a guest may not take a seat under its name.
    guest = browser(server)
    posing = guest.post(f"/api/tables/{table}/seats/1", json={"name": "BOB"})
    assert posing.status_code == 409 and "belongs to an account" in posing.json()["error"]
    made_as = guest.post(
        "/api/tables",
        json={"game": "dracula", "seats": [{"kind": "person", "name": "ann"}, "human"]},
    )
    assert made_as.status_code == 409
    link = guest.post("/api/tables", json={"game": "dracula", "seats": ["human", "human"]}).json()
    hello = Client(server, link["table"], hello=False)
    hello.send({"type": "hello", "token": link["seats"][0]["token"], "name": "Ann"})
    assert "belongs to an account" in hello.until(lambda m: m["type"] == "error")["message"]
    hello.close()
    # Bob takes the free seat from the lobby: it is his, under his name.
    taken = bob.post(f"/api/tables/{table}/seats/1", json={"name": "Mallory"})
    assert taken.status_code == 200, taken.text
    assert ann.get(f"/api/tables/{table}").json()["seats"][1]["name"] == "Bob"
    assert [entry["seat"] for entry in bob.get("/api/account/tables").json()["tables"]] == [1]
    for client in (annie, bobby):
        client.close()
    assert browser(server).get("/api/account/tables").status_code == 401


def test_private_tables_are_not_listed_and_their_seats_are_taken_by_link_only(
    server: ServeProcess,
) -> None:
    guest = browser(server)

    def make(**request: Any) -> str:
        answer = guest.post("/api/tables", json={"game": "dracula", **request})
        assert answer.status_code == 201, answer.text
        table: str = answer.json()["table"]
        return table

    private = make(seats=["human", "human"], visibility="private")
    open_table = make(seats=["human", "human"])
    bots = make(seats=["human", "bot:random"])  # one person's bot table: private by default
    shown_bots = make(seats=["human", "bot:random"], visibility="open")
    listed = {entry["table"] for entry in guest.get("/api/tables").json()["tables"]}
    assert open_table in listed and shown_bots in listed
    assert private not in listed and bots not in listed
    refused = guest.post(f"/api/tables/{private}/seats/1", json={"name": "Eve"})
    assert refused.status_code == 403 and "link" in refused.json()["error"]
    assert guest.post(f"/api/tables/{open_table}/seats/1", json={"name": "Eve"}).status_code == 200
    lesson = guest.post("/api/lessons", json={"game": "dracula"}).json()["table"]
    assert lesson not in {entry["table"] for entry in guest.get("/api/tables").json()["tables"]}
    bad = guest.post(
        "/api/tables", json={"game": "dracula", "seats": ["human", "human"], "visibility": "hidden"}
    )
    assert bad.status_code == 400 and "visibility" in bad.json()["error"]
    assert (
        guest.post(
            "/api/tables", json={"game": "dracula", "seats": ["human", "human"], "rated": "yes"}
        ).status_code
        == 400
    )


def test_play_now_seats_people_together(server: ServeProcess) -> None:
    ann, bob = sign_up(server, "Ann"), sign_up(server, "Bob")
    first = ann.post("/api/play-now", json={"game": "dracula"})
    assert first.status_code == 201, first.text
    table = first.json()["table"]
    assert table in {entry["table"] for entry in bob.get("/api/tables").json()["tables"]}
    again = ann.post("/api/play-now", json={"game": "dracula"})  # Ann is seated there already
    assert again.json()["table"] != table
    second = bob.post("/api/play-now", json={"game": "dracula"})
    assert second.status_code == 200, second.text
    assert second.json()["table"] == table and second.json()["seat"] == 1
    names = [seat["name"] for seat in bob.get(f"/api/tables/{table}").json()["seats"]]
    assert names == ["Ann", "Bob"]
    assert browser(server).post("/api/play-now", json={"game": "chess"}).status_code == 400


def test_chat_keeps_players_and_spectators_apart_until_the_game_is_over(
    server: ServeProcess,
) -> None:
    ann, bob, carol = sign_up(server, "Ann"), sign_up(server, "Bob"), sign_up(server, "Carol")
    table = ann.post(
        "/api/tables",
        json={
            "game": "dracula",
            "options": {"deals": 1},
            "seats": ["human", "human"],
            "visibility": "open",
        },
    ).json()["table"]
    assert bob.post(f"/api/tables/{table}/seats/1", json={}).status_code == 200
    players = {
        0: CookieClient(server, table, ann.cookies),
        1: CookieClient(server, table, bob.cookies),
    }
    watcher = CookieClient(server, table, carol.cookies)
    assert watcher.first["seat"] is None

    players[0].send({"type": "chat", "text": "<img src=x onerror=alert(1)> good luck"})
    said = players[1].until(lambda m: m["type"] == "chat")
    assert said["text"] == "<img src=x onerror=alert(1)> good luck"  # kept as text: pages show text
    assert said["channel"] == "players" and said["name"] == "Ann" and said["seat"] == 0
    watcher.send({"type": "chat", "text": "Ann holds the vampire"})
    heard = watcher.until(lambda m: m["type"] == "chat")
    assert heard["channel"] == "spectators" and heard["name"] == "Carol"
    watcher.send({"type": "chat", "reaction": "well_played"})
    reaction = watcher.until(lambda m: m["type"] == "chat")
    assert reaction["words"] == {"en": "Well played", "fr": "Bien joué"}
    players[1].send({"type": "chat", "text": "x" * 301})
    assert "300" in players[1].until(lambda m: m["type"] == "error")["message"]
    players[1].send({"type": "chat", "text": "bad\u0007bell"})
    assert "control" in players[1].until(lambda m: m["type"] == "error")["message"]
    for message in players[0].drain(0.5) + players[1].drain(0.5):
        assert not (message["type"] == "chat" and message["channel"] == "spectators"), message
    # A spectator who comes later reads the spectators' channel only.
    late = CookieClient(server, table, browser(server).cookies)
    history = late.until(lambda m: m["type"] == "chat_history")
    assert [m["text"] for m in history["messages"]] == ["Ann holds the vampire", "Well played"]
    # The rate limit: a burst, then refusals.
    for number in range(8):
        players[1].send({"type": "chat", "text": f"message {number}"})
    errors = [m for m in players[1].drain(1.0) if m["type"] == "error"]
    assert errors and "fast" in errors[0]["message"]

    play_to_end(players)
    watcher.send({"type": "chat", "text": "well played both"})
    after = players[0].until(lambda m: m["type"] == "chat" and m["channel"] == "all")
    assert after["text"] == "well played both"
    # Once the game is over, everyone reads the whole conversation (stored with the table).
    history = CookieClient(server, table, browser(server).cookies).until(
        lambda m: m["type"] == "chat_history"
    )
    texts = [m["text"] for m in history["messages"]]
    # "Play again": the rematch is open and rated as this one, each account in its seat.
    players[0].send({"type": "again"})
    rematch = players[0].until(lambda m: m["type"] == "again")["table"]
    assert [entry["table"] for entry in bob.get("/api/account/tables").json()["tables"]] == [
        rematch
    ]
    lobby = {entry["table"]: entry for entry in carol.get("/api/tables").json()["tables"]}
    assert [seat["free"] for seat in lobby[rematch]["seats"]] == [False, False]
    assert (
        texts[0].startswith("<img")
        and "Ann holds the vampire" in texts
        and texts[-1] == "well played both"
    )
    for client in (*players.values(), watcher, late):
        client.close()


def test_a_rated_game_moves_both_ratings_and_the_players_pages_show_it(
    server: ServeProcess,
) -> None:
    ann, bob = sign_up(server, "Ann"), sign_up(server, "Bob")
    table = ann.post(
        "/api/tables",
        json={
            "game": "dracula",
            "options": {"deals": 1},
            "seats": ["human", "human"],
            "visibility": "open",
        },
    ).json()["table"]
    assert bob.post(f"/api/tables/{table}/seats/1", json={}).status_code == 200
    players = {
        0: CookieClient(server, table, ann.cookies),
        1: CookieClient(server, table, bob.cookies),
    }
    final = play_to_end(players)
    result = final["result"]
    board = ann.get("/api/ratings/dracula").json()
    rated = {entry["name"]: entry for entry in board["players"]}
    assert set(rated) == {"Ann", "Bob"} and all(entry["games"] == 1 for entry in rated.values())
    assert {bot["bot"] for bot in board["bots"]} >= {"random", "medium", "hard"}
    if result[0] != result[1]:
        winner, loser = ("Ann", "Bob") if result[0] > result[1] else ("Bob", "Ann")
        assert rated[winner]["mu"] > 25 > rated[loser]["mu"]
        assert board["players"][0]["name"] == winner
    page = ann.get("/api/players/bob").json()
    assert page["games"][0]["game"] == "dracula" and page["games"][0]["played"] == 1
    assert len(page["history"]) == 1 and page["history"][0]["rating"] == rated["Bob"]["rating"]
    recent = page["recent"][0]
    assert recent["table"] == table and recent["seat"] == 1 and recent["rated"]
    assert ann.get(recent["replay"]).status_code == 200
    for client in players.values():
        client.close()
    # An unrated table against a bot: the result counts, the rating does not move.
    solo = ann.post(
        "/api/tables",
        json={
            "game": "dracula",
            "options": {"deals": 1},
            "seats": ["human", "bot:random"],
            "rated": False,
        },
    ).json()
    alone = CookieClient(server, solo["table"], ann.cookies)
    play_alone_to_end(alone)
    alone.close()
    page = ann.get("/api/players/Ann").json()
    assert page["games"][0]["played"] == 2 and len(page["history"]) == 1
    assert ann.get("/api/ratings/dracula").json()["players"][0]["games"] in (1,)
    assert ann.get("/api/ratings/nothing").status_code == 404


def test_a_database_of_the_previous_release_is_upgraded_in_place(tmp_path: Path) -> None:
    from parlour.table import SeatSpec, SqliteTableStore, Table
    from parlour.web.seats import SqliteSeatBook, new_token, token_hash

    path = tmp_path / "old.sqlite3"
    store = SqliteTableStore(path)
    table = Table.create(
        "dracula", [SeatSpec("person", "Old"), SeatSpec("bot", "", bot="random")], store=store
    )
    book = SqliteSeatBook(path)
    book.add_table(table.id, "dracula", {0: token_hash(new_token())})
    book.close()
    with sqlite3.connect(path) as connection:
        before = {
            row[0]
            for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
    assert "web_accounts" not in before
    with serving(f"sqlite:///{path}") as started:
        client = browser(started)
        assert client.get(f"/api/tables/{table.id}").json()["seats"][0]["name"] == "Old"
        listed = [entry["table"] for entry in client.get("/api/tables").json()["tables"]]
        assert table.id in listed  # a table made before visibility is open
        assert sign_up(started, "Newcomer").get("/api/session").json() == {"name": "Newcomer"}
    with sqlite3.connect(path) as connection:
        after = {
            row[0]
            for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        version = connection.execute("SELECT version FROM web_people_schema").fetchone()[0]
    assert before < after and {"web_accounts", "web_sessions", "web_chat", "web_ratings"} <= after
    assert version == 1


def test_a_postgres_database_of_the_previous_release_is_upgraded_in_place(
    postgres_url: str,
) -> None:
    from parlour.table import SeatSpec, Table
    from parlour.table.postgres import PostgresTableStore
    from parlour.web.seats import PostgresSeatBook, new_token, token_hash

    store = PostgresTableStore(postgres_url)
    table = Table.create(
        "dracula", [SeatSpec("person", "Old"), SeatSpec("person", "")], store=store
    )
    PostgresSeatBook(store).add_table(
        table.id, "dracula", {0: token_hash(new_token()), 1: token_hash(new_token())}
    )
    store.close()
    for number in range(2):  # twice: the second start finds the schema up to date
        with serving(postgres_url) as started:
            client = browser(started)
            seats = client.get(f"/api/tables/{table.id}").json()["seats"]
            assert seats[0]["name"] == ("Old" if number == 0 else "Pat 0")
            assert table.id in [
                entry["table"] for entry in client.get("/api/tables").json()["tables"]
            ]
            # A table made before visibility is open: "Play now" (with its options,
            # the defaults) seats people there.
            taken = sign_up(started, f"Pat {number}").post(
                "/api/play-now", json={"game": "dracula", "options": {}}
            )
            assert taken.status_code == 200 and taken.json() == {
                "table": table.id,
                "seat": number,
                "token": taken.json()["token"],
            }
    import psycopg

    with psycopg.connect(postgres_url) as connection:
        assert connection.execute("SELECT version FROM web_people_schema").fetchone() == (1,)
        assert connection.execute("SELECT count(*) FROM web_accounts").fetchone() == (2,)
        assert connection.execute("SELECT count(*) FROM tables").fetchone() == (1,)


def test_the_session_cookie_is_secure_behind_https(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from parlour.web import create_app

    app = create_app(f"sqlite:///{tmp_path / 'tables.sqlite3'}", bot_delay=0)
    with TestClient(app, base_url="https://testserver") as client:
        made = client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
        assert made.status_code == 201, made.text
        cookie = made.headers["set-cookie"].lower()
        assert "secure" in cookie and "httponly" in cookie and "samesite=lax" in cookie
        signed_out = client.delete("/api/session").headers["set-cookie"].lower()
        assert "secure" in signed_out and "max-age=0" in signed_out


def play_alone_to_end(client: Client) -> None:
    """Play seat 0's first legal moves against bots until the game is over."""
    state = client.first
    while not state["over"]:
        if state["to_act"] == 0:
            state = client.move_first_legal(state)
        else:
            state = client.until(lambda m: m["type"] == "state")


def test_an_accounts_finished_games_outlive_the_sweep_of_finished_tables(tmp_path: Path) -> None:
    import time

    database = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    with serving(database, extra=["--finished-ttl", "1"]) as started:
        ann = sign_up(started, "Ann")
        guest = browser(started)
        request = {"game": "dracula", "options": {"deals": 1}, "seats": ["human", "bot:random"]}
        tables = {}
        for who, client in (("ann", ann), ("guest", guest)):
            made = client.post("/api/tables", json=request).json()
            seat = CookieClient(started, made["table"], client.cookies, made["seats"][0]["token"])
            play_alone_to_end(seat)
            seat.close()
            tables[who] = made["table"]
        deadline = time.monotonic() + 60
        while guest.get(f"/api/tables/{tables['guest']}").status_code != 404:
            assert time.monotonic() < deadline, "the guest's finished table was never swept"
            time.sleep(0.2)
        assert ann.get(f"/api/tables/{tables['ann']}").status_code == 200
        recent = ann.get("/api/players/Ann").json()["recent"]
        assert [entry["table"] for entry in recent] == [tables["ann"]]
        assert ann.get(recent[0]["replay"]).status_code == 200


def test_results_a_stopped_process_never_recorded_are_recorded_at_start(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    with serving(f"sqlite:///{path}") as started:
        ann = sign_up(started, "Ann")
        request = {"game": "dracula", "options": {"deals": 1}, "seats": ["human", "bot:hard"]}
        made = ann.post("/api/tables", json=request).json()
        seat = CookieClient(started, made["table"], ann.cookies, made["seats"][0]["token"])
        play_alone_to_end(seat)
        seat.close()
        before = ann.get("/api/players/Ann").json()
        cookies = ann.cookies
    assert before["games"][0]["played"] == 1 and len(before["history"]) == 1
    # What a process stopped between storing the last move and announcing it leaves.
    with sqlite3.connect(path) as connection:
        for table in ("web_finished_people", "web_results", "web_ratings", "web_rating_history"):
            connection.execute(f"DELETE FROM {table}")
        connection.execute("UPDATE web_tables SET finished = 0")
    with serving(f"sqlite:///{path}") as started:
        again = browser(started)
        again.cookies = cookies
        after = again.get("/api/players/Ann").json()
        assert after["games"] == before["games"]
        assert [entry["rating"] for entry in after["history"]] == [
            entry["rating"] for entry in before["history"]
        ]


def test_each_bot_is_rated_at_its_own_level_listed_in_the_new_table_forms_order() -> None:
    """The ratings page listed « débutant · facile · régulier · moyen · difficile
    · chercheur » (the fixed ratings' own order, the research search among them)
    while the new-table form offers easy, medium, hard, expert, random and
    heuristic; and the expert, which had no fixed rating, was rated as a medium
    bot. The fixed ratings follow the form's order, the expert has its own, and a
    search level with its iterations changed (``hard:500``) keeps its level's."""
    from types import SimpleNamespace

    from parlour.web.ratings import _new_ratings, bot_ratings

    assert [entry["bot"] for entry in bot_ratings()] == [
        "easy",
        "medium",
        "hard",
        "expert",
        "random",
        "heuristic",
        "ismcts",
    ]
    book = SimpleNamespace(ratings=lambda accounts, game: {})

    def after_a_loss_to(bot: str) -> float:
        seats = [SimpleNamespace(kind="person", bot=None), SimpleNamespace(kind="bot", bot=bot)]
        table = SimpleNamespace(seats=seats)
        new = _new_ratings(book, table, {0: "ann"}, [(0,), (1,)], [2, 1], "dracula")  # type: ignore[arg-type]
        return new["ann"][0]

    # A loss to a stronger bot costs less.
    assert after_a_loss_to("medium") < after_a_loss_to("hard") < after_a_loss_to("expert")
    assert after_a_loss_to("hard:500") == after_a_loss_to("hard")
