"""Today's deals (issue 33) against real ``parlour serve`` processes on SQLite
and PostgreSQL, with the days' clock in a file the test moves (``--daily-clock``):
the same cards for everyone on a day and other cards the next day; one attempt,
never restarted, never undone; a third account refused by every route of
another's attempt until the day closes; the closed day's ranking recomputed from
the stored moves alone; two processes on one PostgreSQL database agreeing.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("argon2", reason="accounts need the web extra: pip install '.[web]'")

import parlour
from live import ServeProcess, serving
from parlour.bots import make_bot
from parlour.review.par import deal_starts
from parlour.table import Table
from parlour.web.daily import (
    DAILY_SETS,
    DailyClock,
    DailyError,
    DailySettings,
    daily_par,
    day_seed,
    deal_scores,
    matchpoints,
    rank,
)
from parlour.web.daily_book import DAILY_VERSION, DailyBook
from parlour.web.people import PeopleBook
from test_web_accounts import CookieClient, browser, sign_up

DAY = "2026-03-02"
NEXT_DAY = "2026-03-03"
ROUTES_OF_A_TABLE = (
    ("GET", "/api/tables/{table}", None),
    ("GET", "/api/tables/{table}/record", None),
    ("GET", "/api/tables/{table}/replay?seat=0", None),
    ("GET", "/api/tables/{table}/replay", None),
    ("GET", "/api/tables/{table}/review/0", None),
    ("POST", "/api/tables/{table}/review/0", {}),
    ("POST", "/api/tables/{table}/review/0/retry", {"step": 3}),
    ("POST", "/api/tables/{table}/seats/1", {"name": "Peeker"}),
    ("POST", "/api/tables/{table}/seats/0/check", {"token": "x" * 20}),
    ("POST", "/api/tables/{table}/coach", {"token": "x" * 20}),
)


def daily_options(clock: Path) -> list[str]:
    """A server whose days follow ``clock``, with quick bots (the test's pace)."""
    return ["--daily-clock", str(clock), "--daily-bot", "easy", "--daily-par-replays", "2"]


def set_clock(clock: Path, moment: str) -> None:
    """Move the servers' "now"."""
    clock.write_text(moment, encoding="utf-8")


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new SQLite file or a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def clock(tmp_path: Path) -> Path:
    """The clock file, at 10:00 UTC on :data:`DAY`."""
    path = tmp_path / "now.txt"
    set_clock(path, f"{DAY}T10:00:00+00:00")
    return path


@pytest.fixture
def server(database: str, clock: Path) -> Iterator[ServeProcess]:
    """One real server on that database."""
    with serving(database, extra=daily_options(clock)) as started:
        yield started


def open_store(database: str) -> Any:
    """The server's table store, opened by the test itself."""
    from parlour.table.stores import open_store as opened

    return opened(database)


def hand_of(state: dict[str, Any]) -> Any:
    """The person's hand in a state message."""
    observation = state["view"]
    return observation.get("hand", observation.get("hands"))


def first_dealt(client: CookieClient) -> dict[str, Any]:
    """The first state where the person holds cards (playing the first legal
    move while the person is on turn before that, as every player of the test does)."""
    state = client.state
    for _ in range(100):
        if hand_of(state):
            return state
        if state.get("to_act") == 0 and state.get("legal"):
            state = client.move_first_legal(state)
        else:
            state = client.until(lambda m: m["type"] == "state", 120)
    raise AssertionError("no cards dealt to the person in 100 states")


def play_attempt(client: CookieClient) -> dict[str, Any]:
    """Play the first legal move whenever the person is on turn, until the end."""
    state = client.state
    for _ in range(1000):
        if state.get("over"):
            return state
        if state.get("to_act") == 0 and state.get("legal"):
            state = client.move_first_legal(state)
            assert state["type"] == "state", state
        else:
            state = client.until(lambda m: m["type"] == "state", 120)
    raise AssertionError("the attempt did not end in 1000 states")


def refusals_of(client: httpx.Client, table: str) -> dict[str, int]:
    """The status of every table route for ``client``."""
    statuses = {}
    for method, path, body in ROUTES_OF_A_TABLE:
        url = path.format(table=table)
        answer = client.request(method, url, json=body) if body is not None else client.get(url)
        statuses[f"{method} {url}"] = answer.status_code
    return statuses


def spectate_refused(server: ServeProcess, table: str, cookies: httpx.Cookies) -> bool:
    """Whether a WebSocket to the table is refused at once: an error, then 4403."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    header = "; ".join(f"{name}={value}" for name, value in cookies.items())
    with connect(
        server.ws_url(table), additional_headers={"Cookie": header} if header else None
    ) as socket:
        first = json.loads(socket.recv(timeout=30))
        try:
            socket.recv(timeout=30)
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd is not None else None
        else:
            code = None
    return first["type"] == "error" and "hidden" in first["message"] and code == 4403


def test_same_cards_one_attempt_hidden_until_the_close(
    server: ServeProcess, database: str, clock: Path
) -> None:
    ann, bob, cy = (sign_up(server, name) for name in ("Ann", "Bob", "Cy"))
    listing = ann.get("/api/daily").json()
    assert listing["day"] == DAY and listing["closes_at"] == f"{NEXT_DAY}T00:00:00+00:00"
    dracula = next(item for item in listing["sets"] if item["game"] == "dracula")
    assert dracula["mine"] is None and dracula["started"] == 0
    guest = browser(server)  # guests do not play the day's deals
    assert guest.post("/api/daily/dracula", json={}).status_code == 401
    assert ann.post("/api/daily/no-such-game", json={}).status_code == 404

    made = ann.post("/api/daily/dracula", json={})
    assert made.status_code == 201, made.text
    table_a = made.json()["table"]
    again = ann.post("/api/daily/dracula", json={})  # the same attempt, never a new one
    assert again.status_code == 200 and again.json()["table"] == table_a
    assert "token" not in again.json()
    table_b = bob.post("/api/daily/dracula", json={}).json()["table"]
    assert table_b != table_a

    # A third account (and a guest) learn nothing of the deal before the close.
    for stranger in (cy, browser(server)):
        statuses = refusals_of(stranger, table_a)
        assert set(statuses.values()) == {403}, statuses
        assert spectate_refused(server, table_a, stranger.cookies)
    for listing_path in ("/api/tables", "/api/finished", "/api/players/Ann"):
        assert table_a not in json.dumps(cy.get(listing_path).json())
    # The player's own record (it holds the seed) is refused too.
    assert ann.get(f"/api/tables/{table_a}/record").status_code == 403

    ann_table = CookieClient(server, table_a, ann.cookies)
    bob_table = CookieClient(server, table_b, bob.cookies)
    ann_first, bob_first = first_dealt(ann_table), first_dealt(bob_table)
    assert hand_of(ann_first) == hand_of(bob_first)  # the same cards the same day
    for kind in ("undo", "hint", "again", "leave"):
        ann_table.send({"type": kind, "version": ann_table.state["version"]})
        refusal = ann_table.until(lambda m: m["type"] == "error")
        assert "today's deals" in refusal["message"], refusal
    assert ann_table.state.get("can_undo") in (None, False)
    ann_end, bob_end = play_attempt(ann_table), play_attempt(bob_table)
    assert ann_end["over"] and bob_end["over"]

    # Before the close: one's own score and, once the par is worked out, the par.
    deadline = time.monotonic() + 180
    while True:
        mine = next(s for s in ann.get("/api/daily").json()["sets"] if s["game"] == "dracula")
        if mine["mine"]["par"] is not None or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert mine["mine"]["finished"] and mine["played"] == 2
    assert len(mine["mine"]["scores"]) == 2 and len(mine["mine"]["par"]) == 2
    early = cy.get(f"/api/daily/dracula/{DAY}").json()
    assert early["closed"] is False and "ranking" not in early and early["mine"] is None
    assert table_a not in json.dumps(early) and table_a not in json.dumps(
        bob.get(f"/api/daily/dracula/{DAY}").json()
    )
    assert ann.get(f"/api/tables/{table_a}/replay?seat=0").status_code == 200
    assert refusals_of(cy, table_a)[f"GET /api/tables/{table_a}/replay?seat=0"] == 403
    # Moves after the close would be refused; Cy starts but does not finish.
    table_c = cy.post("/api/daily/dracula", json={}).json()["table"]

    # The day closes: everything opens, the ranking is shown.
    set_clock(clock, f"{NEXT_DAY}T00:00:01+00:00")
    assert cy.get(f"/api/tables/{table_a}/replay?seat=0").status_code == 200
    assert cy.get(f"/api/tables/{table_a}").status_code == 200
    record_a = cy.get(f"/api/tables/{table_a}/record").json()
    record_b = cy.get(f"/api/tables/{table_b}/record").json()
    assert record_a["chance"] == record_b["chance"] and record_a["sampler"] == record_b["sampler"]
    results = cy.get(f"/api/daily/dracula/{DAY}").json()
    assert results["closed"] and results["deals"] == 2
    ranking = results["ranking"]
    assert {line["name"] for line in ranking} == {"Ann", "Bob", "Cy"}
    last = ranking[-1]
    assert last["name"] == "Cy" and last["finished"] is False and last["percent"] == 0.0
    assert ranking[0]["percent"] == ranking[1]["percent"] == 75.0  # the same play: ties
    assert [line["place"] for line in ranking] == [1, 1, 3]  # equal scores share a place
    assert all(line["replay"] and line["review"] for line in ranking)
    assert results["best"][0]["deal"] == 1 and results["best"][0]["name"] in ("Ann", "Bob")

    # Recomputed from the stored moves alone, the ranking is the same.
    store = open_store(database)
    rows = []
    for line in ranking:
        table = Table.open(line["table"], store)
        rows.append((line["name"], line["table"], deal_scores(table.score_sheet()), True))
    again_ranked = rank(rows, 2)
    assert [(s.account_id, s.percent) for s in again_ranked] == [
        (line["name"], line["percent"]) for line in ranking
    ]
    assert [line["deals"][0]["score"] for line in ranking][:2] == [
        again_ranked[0].scores[0],
        again_ranked[1].scores[0],
    ]

    # A closed day takes no more moves: Cy's attempt stays as it was.
    late = CookieClient(server, table_c, cy.cookies)
    state = late.state
    assert state["to_act"] == 0 and state["legal"], state  # Cy's first decision waits
    late.send({"type": "move", "action": state["legal"][0]["action"], "version": state["version"]})
    assert "closed" in late.until(lambda m: m["type"] == "error")["message"]
    late.close()

    # The next day: other cards; the rankings of the closed day.
    ann_next = ann.post("/api/daily/dracula", json={})
    assert ann_next.status_code == 201 and ann_next.json()["day"] == NEXT_DAY
    next_table = CookieClient(server, ann_next.json()["table"], ann.cookies)
    assert hand_of(first_dealt(next_table)) != hand_of(ann_first)
    sets = {item["game"]: item for item in ann.get("/api/daily").json()["sets"]}
    assert sets["dracula"]["yesterday"] == {"day": DAY, "place": 1, "of": 3, "percent": 75.0}
    assert sets["casino"]["yesterday"] is None
    day_ranking = ann.get("/api/daily/rankings?period=day").json()
    assert (
        day_ranking["from"] == DAY and [line["name"] for line in day_ranking["players"]][2] == "Cy"
    )
    week = ann.get("/api/daily/rankings?period=week").json()
    assert week["players"] == [] and len(week["too_few_days"]) == 3
    assert ann.get("/api/daily/rankings?period=year").status_code == 400
    for client in (ann_table, bob_table, next_table):
        client.close()


def test_two_processes_on_postgres_agree(postgres_url: str, tmp_path: Path) -> None:
    clock = tmp_path / "now.txt"
    set_clock(clock, f"{DAY}T10:00:00+00:00")
    options = daily_options(clock)
    with serving(postgres_url, extra=options) as one, serving(postgres_url, extra=options) as two:
        ann, bob = sign_up(one, "Ann"), sign_up(two, "Bob")
        table_a = ann.post("/api/daily/colour-blind", json={}).json()["table"]
        table_b = bob.post("/api/daily/colour-blind", json={}).json()["table"]
        ann_table = CookieClient(one, table_a, ann.cookies)
        bob_table = CookieClient(two, table_b, bob.cookies)
        assert hand_of(first_dealt(ann_table)) == hand_of(first_dealt(bob_table))
        play_attempt(ann_table), play_attempt(bob_table)
        # Bob's attempt is hidden from Ann on both processes.
        for server in (one, two):
            peek = httpx.get(f"{server.base}/api/tables/{table_b}", cookies=ann.cookies)
            assert peek.status_code == 403
        set_clock(clock, f"{NEXT_DAY}T08:00:00+00:00")
        seen = [
            httpx.get(f"{server.base}/api/daily/colour-blind/{DAY}").json()["ranking"]
            for server in (one, two)
        ]
        assert seen[0] == seen[1] and len(seen[0]) == 2
        rankings = [
            httpx.get(f"{server.base}/api/daily/rankings?period=month").json()
            for server in (one, two)
        ]
        assert rankings[0] == rankings[1]
        ann_table.close(), bob_table.close()


def test_matchpoints_share_beaten_ties_half_unplayed_worst() -> None:
    points = matchpoints([[10.0, 5.0], [10.0, 7.0], [3.0], [2.0]], 2)
    assert points[0] == [(1 + 1 + 0.5) / 3, (1 + 1 + 0) / 3]
    assert points[2] == [1 / 3, 0.5 / 3]  # the unfinished deal: worse than any score
    assert points[3][1] == points[2][1]
    assert matchpoints([[4.0]], 1) == [[0.5]]


def test_the_day_is_cut_at_midnight_in_the_servers_time_zone(tmp_path: Path) -> None:
    now = tmp_path / "now.txt"
    set_clock(now, "2026-03-02T23:30:00+00:00")
    paris = DailyClock(DailySettings(timezone="Europe/Paris", clock_file=str(now)))
    utc = DailyClock(DailySettings(clock_file=str(now)))
    assert paris.today() == "2026-03-03" and utc.today() == "2026-03-02"
    assert paris.closes_at("2026-03-03").isoformat() == "2026-03-03T23:00:00+00:00"
    assert paris.is_closed("2026-03-02") and not utc.is_closed("2026-03-02")
    set_clock(now, "yesterday")
    with pytest.raises(DailyError, match="not an ISO date"):
        utc.today()
    with pytest.raises(DailyError, match="unknown time zone 'Mars/Olympus'"):
        DailySettings.from_environment(timezone="Mars/Olympus")
    # The seed: the same for a day and game, another for another day or game or secret.
    seeds = {day_seed(s, d, g) for s in ("a", "b") for d in (DAY, NEXT_DAY) for g in ("x", "y")}
    assert len(seeds) == 8 and day_seed("a", DAY, "x") == day_seed("a", DAY, "x")


def test_the_daily_book_keeps_its_secret_entries_and_schema(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    book = DailyBook(PeopleBook(sqlite_path=path))
    assert book.schema_version() == DAILY_VERSION
    secret = book.secret()
    entry, made = book.reserve(DAY, "dracula", "ann")
    assert made and entry.table_id == ""
    assert book.reserve(DAY, "dracula", "ann") == (entry, False)
    book.give_table(DAY, "dracula", "ann", "T1")
    book.finish("T1", [3.0, 4.5])
    book.people.close()
    again = DailyBook(PeopleBook(sqlite_path=path))  # opened again: nothing lost or remade
    assert again.secret() == secret
    kept = again.entry_of_table("T1")
    assert kept is not None and kept.scores == (3.0, 4.5) and kept.finished is not None
    assert again.daily_tables(["T1", "T2"]) == {"T1"}


@pytest.mark.parametrize("game", sorted(DAILY_SETS))
def test_every_set_deals_the_same_cards_whatever_the_play(game: str) -> None:
    """Each deal of a set gets the same chance outcomes, in the same order, from
    the day's seed, however differently the seats play (here: random bots of
    three different seeds)."""
    loaded = parlour.load_game(game, **DAILY_SETS[game])
    dealt = []
    for seed in (1, 2, 3):
        state = loaded.new_initial_state(seed=4242)
        while not state.is_terminal():
            seat = state.current_player()
            state.apply_action(make_bot("random", seed * 10 + seat).choose(state.view(seat)))
        dealt.append([list(chance) for _, _, chance in deal_starts(state)])
    assert dealt[0] and dealt[0] == dealt[1] == dealt[2]


def test_the_par_is_the_mean_and_spread_of_bot_replays_on_the_days_cards() -> None:
    one = daily_par("dracula", 4242, bot="random", replays=1)
    three = daily_par("dracula", 4242, bot="random", replays=3)
    assert len(one) == len(three) == 2
    assert all(spread == 0.0 for _, spread in one)
    assert three[0][0] != one[0][0] or three[0][1] > 0  # two more replays moved it
    assert daily_par("dracula", 4242, bot="random", replays=3) == three  # the same each time


def test_the_operators_secret_deals_the_days(tmp_path: Path, clock: Path) -> None:
    """Two servers on two databases given one ``--daily-secret`` deal the same
    cards; a server left to make its own secret deals others."""
    hands = []
    for index, secret in enumerate(("our secret", "our secret", None)):
        extra = daily_options(clock) + (["--daily-secret", secret] if secret else [])
        with serving(f"sqlite:///{tmp_path / f'{index}.sqlite3'}", extra=extra) as server:
            player = sign_up(server, "Ann")
            table = player.post("/api/daily/dracula", json={}).json()["table"]
            client = CookieClient(server, table, player.cookies)
            hands.append(hand_of(first_dealt(client)))
            client.close()
    assert hands[0] == hands[1] != hands[2]
