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
    if board is None:
        pytest.skip(f"{name} declares no board (optional: the plain board serves)")
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


@pytest.mark.parametrize("name", parlour.game_names())
def test_each_games_board_stylesheet_is_served_from_its_package(
    client: TestClient, name: str
) -> None:
    """The board's own rules (its ``board_css`` part) come from the game's package."""
    stylesheet = game_parts(name).file("board_css")
    if stylesheet is None:
        pytest.skip(f"{name} declares no board stylesheet (optional)")
    answer = client.get(f"/games/{name}/board.css")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/css")
    assert answer.text == stylesheet.read_text(encoding="utf-8")
    assert client.head(f"/games/{name}/board.css").status_code == 200  # how the page asks


def test_an_unknown_game_has_no_board_stylesheet(client: TestClient) -> None:
    answer = client.get("/games/no-such-game/board.css")
    assert answer.status_code == 404
    assert "there is no game 'no-such-game'" in answer.json()["error"]


def test_the_page_style_has_no_rule_of_a_game() -> None:
    """style.css names no game, and none of the classes a game's board.css styles
    first (``.coffin``, ``.boxes``, ``.casino-table``) is styled there too: a
    game's look is declared once, in its package."""
    shared = (STATIC / "style.css").read_text(encoding="utf-8")
    for name in parlour.game_names():
        for form in {name, parlour.game_class(name).info.title}:
            assert form.lower() not in shared.lower(), f"static/style.css names {form!r}"
        stylesheet = game_parts(name).file("board_css")
        assert stylesheet is not None
        own = stylesheet.read_text(encoding="utf-8")
        own = re.sub(r"/\*.*?\*/", "", own, flags=re.S)
        for rule in re.findall(r"^\s*([^{}@\n][^{}\n]*)\{", own, re.M):
            for selector in rule.split(","):
                # The first class that is the board's own (a card, the felt, a deal's end or
                # the Rules panel are the page's).
                own_classes = [
                    found
                    for found in re.findall(r"\.([\w-]+)", selector)
                    if found not in ("card", "felt", "deal-end", "rules-example")
                ]
                if not own_classes:
                    continue
                assert not re.search(rf"\.{re.escape(own_classes[0])}(?![\w-])", shared), (
                    f"static/style.css styles .{own_classes[0]}, which {name}'s board.css styles"
                )


def test_the_board_loader_links_the_stylesheet() -> None:
    loader = (STATIC / "boards.js").read_text(encoding="utf-8")
    assert "/board.css`" in loader and 'link.rel = "stylesheet"' in loader
