"""Lesson tables at the web: "Learn to play" makes a game's guided deal, and the
coach speaks to the learner's link only, over a real ``parlour serve``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from live import WAIT_SECONDS, Client, ServeProcess, make_table, serving, tokens_of
from parlour.core.registry import game_names
from parlour.table.coach import COACH_WORDS, has_lesson, lesson_for


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    database = str(tmp_path_factory.mktemp("lessons") / "tables.sqlite")
    with serving(database) as started:
        yield started


def new_lesson(server: ServeProcess, game: str, lang: str = "en") -> tuple[str, str]:
    response = httpx.post(
        f"{server.base}/api/lessons", json={"game": game, "lang": lang}, timeout=WAIT_SECONDS
    )
    assert response.status_code == 201, response.text
    data = response.json()
    return data["table"], tokens_of(data)[lesson_for(game).seat]


def coach(server: ServeProcess, table: str, token: str, lang: str = "en") -> httpx.Response:
    return httpx.post(
        f"{server.base}/api/tables/{table}/coach",
        json={"token": token, "lang": lang},
        timeout=WAIT_SECONDS,
    )


def learners_turn(client: Client) -> dict[str, Any]:
    if client.state and client.state["to_act"] == client.state["seat"]:
        return client.state
    return client.until(lambda m: m["type"] == "state" and m["to_act"] == m["seat"])


@pytest.mark.parametrize("name", [name for name in game_names() if has_lesson(name)])
def test_a_lesson_table_deals_the_lessons_cards_and_the_coach_proposes_its_first_step(
    server: ServeProcess, name: str
) -> None:
    lesson = lesson_for(name)
    table, token = new_lesson(server, name)
    client = Client(server, table, token)
    try:
        state = learners_turn(client)
        report = coach(server, table, token).json()
        assert report["welcome"] == [said.en for said in lesson.welcome]
        advice = report["advice"]
        assert advice["move"] == lesson.steps[0].move
        assert advice["action"] in [entry["action"] for entry in state["legal"]]
        assert any(lesson.steps[0].why.en in line for line in advice["lines"])
    finally:
        client.close()


def test_following_and_leaving_the_script_is_answered(server: ServeProcess) -> None:
    lesson = lesson_for("dracula")
    table, token = new_lesson(server, "dracula")
    client = Client(server, table, token)
    try:
        state = learners_turn(client)
        first = coach(server, table, token).json()["advice"]
        client.send({"type": "move", "action": first["action"], "version": state["version"]})
        state = client.until(
            lambda m: m["type"] == "state" and m["to_act"] == m["seat"] and m["version"] > 1
        )
        report = coach(server, table, token).json()
        assert COACH_WORDS["followed"].en in report["said"]
        assert report["welcome"] == []
        assert report["advice"]["move"] == lesson.steps[1].move
        other = next(e for e in state["legal"] if e["action"] != report["advice"]["action"])
        client.send({"type": "move", "action": other["action"], "version": state["version"]})
        client.until(lambda m: m["type"] == "state" and m["version"] > state["version"])
        said = coach(server, table, token).json()["said"]
        assert any(line.startswith("You played ") for line in said)
        assert COACH_WORDS["off_script"].en in said
    finally:
        client.close()


def test_the_coach_speaks_to_the_learners_link_only(server: ServeProcess) -> None:
    table, token = new_lesson(server, "casino", "fr")
    assert coach(server, table, token, "fr").json()["welcome"][0].startswith("Bienvenue")
    refused = coach(server, table, "not-the-token")
    assert refused.status_code == 403 and "learner" in refused.json()["error"]
    plain = make_table(
        server.base,
        game="dracula",
        options={"deals": 1},
        seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}],
    )
    answer = coach(server, plain["table"], tokens_of(plain)[0])
    assert answer.status_code == 404 and "not a guided deal" in answer.json()["error"]


def test_a_lesson_of_an_unknown_game_is_refused_by_name(server: ServeProcess) -> None:
    response = httpx.post(
        f"{server.base}/api/lessons", json={"game": "whist"}, timeout=WAIT_SECONDS
    )
    assert response.status_code == 400 and "game must be one of" in response.json()["error"]


def test_a_lesson_table_deals_the_forced_deck(server: ServeProcess) -> None:
    # The Nain Jaune lesson says the learner starts, holding 3, 4, 5 and 6.
    table, token = new_lesson(server, "nain-jaune")
    client = Client(server, table, token)
    try:
        state = learners_turn(client)
        assert state["version"] == 0
        hand = state["view"]["hand"]
        assert {"3C", "4C", "5D", "6D"} <= set(hand), hand
    finally:
        client.close()
