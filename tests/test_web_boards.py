"""Each game's browser board is a module of its own package (its ``board`` part),
served at ``/games/<name>/board.js``; the shared client names no game."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web tests need the web extra: pip install '.[web]'")

from starlette.testclient import TestClient

import parlour
from parlour.core.registry import game_parts
from parlour.web import create_app

STATIC = Path(__file__).resolve().parent.parent / "src" / "parlour" / "web" / "static"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite://{tmp_path / 'tables.sqlite3'}")) as test_client:
        yield test_client


@pytest.mark.parametrize("name", parlour.game_names())
def test_each_games_board_is_served_from_its_package(client: TestClient, name: str) -> None:
    board = game_parts(name).file("board")
    assert board is not None, f"{name} declares no board"
    answer = client.get(f"/games/{name}/board.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.text == board.read_text(encoding="utf-8")
    # The module exports the game's table parts under its name.
    exported = answer.text.split("export const boards = {", 1)[1]
    assert re.search(rf'^  ("{re.escape(name)}"|{re.escape(name)}): \{{', exported, re.M), name


def test_an_unknown_game_has_no_board(client: TestClient) -> None:
    answer = client.get("/games/no-such-game/board.js")
    assert answer.status_code == 404
    assert "there is no game 'no-such-game'" in answer.json()["error"]


def test_the_shared_board_code_names_no_game() -> None:
    shared = (STATIC / "boards.js").read_text(encoding="utf-8").lower()
    for name in parlour.game_names():
        for form in {name, name.replace("-", " "), parlour.game_class(name).info.title.lower()}:
            assert form not in shared, f"static/boards.js names {form!r}"
