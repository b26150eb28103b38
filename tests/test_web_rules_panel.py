"""The Rules in the browser (issue 24): the game's how-to page in a panel over
the table, in the language chosen, illustrated by the game's own board drawn
from positions the engine built. Real Chromium through Playwright, as in
``test_web_browser.py``; screenshots of every game's panel, desktop and
390×844, English and French, go to ``$PARLOUR_SCREENS``."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import httpx
import pytest

from parlour.core.registry import game_class, game_names, game_parts
from parlour.examples import example_names_in
from parlour.howto import how_to_play
from test_web_browser import browser, chromium, server
from test_web_browser_table import DESKTOP, PHONE, new_table, shoot, windows

__all__ = ["browser", "chromium", "server", "windows"]  # fixtures used by name below

STATIC = Path(__file__).resolve().parent.parent / "src" / "parlour" / "web" / "static"
DEVELOPER_WORDS = ("Observation tensor", "Forced-deal order", "rules-decisions.md", "event keys")


def bots_only(game: str) -> list[Any]:
    """A table of one person (seat 1) and bots: the person's link opens it."""
    players = game_class(game).option_specs()[0].default
    assert isinstance(players, int)
    return ["human", *["bot:easy"] * (players - 1)]


@pytest.mark.parametrize(
    "game", [name for name in game_names() if game_parts(name).examples and game_parts(name).pages]
)
@pytest.mark.parametrize(
    ("where", "lang"), [("desktop", "en"), ("desktop", "fr"), ("phone", "en"), ("phone", "fr")]
)
def test_the_rules_open_over_the_table_with_the_games_own_boards(
    windows: Any, server: str, game: str, where: str, lang: str
) -> None:
    created = new_table(server, game, bots_only(game))
    window = windows(DESKTOP if where == "desktop" else PHONE, lang)
    mine = created["seats"][0]
    window.goto(f"{server}#/join/{created['table']}/{mine['seat']}/{mine['token']}")
    window.wait_for_selector("#join-name, .table-page")
    if window.locator("#join-name").count():
        window.fill("#join-name", "Ann")
        window.locator("form.join button").click()
    window.wait_for_selector(".table-page .rules-link")
    address = window.url
    window.locator(".rules-link").click()
    panel = window.locator(".rules-panel")
    panel.wait_for()
    expected = len(example_names_in(how_to_play(game, lang)))
    assert expected >= 1
    window.locator(".rules-panel .example-board").nth(expected - 1).wait_for()
    assert window.locator(".rules-panel .example-board").count() == expected
    text = panel.inner_text()
    assert window.url == address  # the table stays where it is, under the panel
    assert window.locator(".table-page").count() == 1
    for words in DEVELOPER_WORDS:
        assert words not in text
    heading = "Le but" if lang == "fr" else "What you are trying to do"
    assert heading in text
    # The sentences under each board are the engine's, in the language chosen.
    first = window.locator(".rules-example").first
    facts = httpx.get(
        f"{server}api/games/{game}/examples/{first.get_attribute('data-example')}?lang={lang}",
        timeout=10,
    ).json()
    # (a scored coffin's lines are told one per line: compare the words, not the breaks)
    shown = first.locator(".example-sentences li").all_inner_texts()
    assert [" ".join(text.split()) for text in shown] == [
        " ".join(text.split()) for text in facts["sentences"]
    ]
    shoot(window, f"rules-{game}-{where}-{lang}.png")
    first.scroll_into_view_if_needed()
    shoot(window, f"rules-{game}-{where}-{lang}-example.png")
    window.keyboard.press("Escape")
    assert window.locator(".rules-panel").count() == 0
    assert window.url == address


def test_escaped_pipes_stay_in_their_table_cell(tmp_path: Path) -> None:
    """markdown.js's table cells, run by Node (the module as the browser loads it)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not installed")
    for name in ("markdown.js", "cards.js", "i18n.js"):
        shutil.copy(STATIC / name, tmp_path / name)
    (tmp_path / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    script = (
        "import { tableCells } from './markdown.js';"
        "console.log(JSON.stringify(tableCells('| `players` | 3 \\\\| 2 | two |')));"
    )
    (tmp_path / "check.js").write_text(script, encoding="utf-8")
    answer = subprocess.run(
        [node, "check.js"], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert json.loads(answer.stdout) == ["`players`", "3 | 2", "two"]


def test_the_lobby_opens_the_rules_in_french(windows: Any, server: str) -> None:
    window = windows(PHONE, "fr")
    window.goto(server)
    window.locator('[data-key="rules-nain-jaune"]').click()
    window.wait_for_selector(".rules-panel .example-board")
    text = window.locator(".rules-panel").inner_text()
    assert "Le plateau et les mises" in text and "The board and the stakes" not in text


def test_the_form_shows_only_the_options_of_the_number_of_players(
    windows: Any, server: str
) -> None:
    window = windows(DESKTOP, "fr")
    window.goto(f"{server}#/new/colour-blind")
    window.wait_for_selector("#create-table")
    assert window.locator("#option-removed_ranks").count() == 0  # three players
    window.select_option("#players", "2")
    assert window.locator("#option-removed_ranks").count() == 1
    labels = window.locator("#option-removed_ranks option").all_inner_texts()
    assert labels == ["7 8 9", "V D R"]
    assert "Rangs retirés (à deux)" in window.locator(".options").inner_text()
    window.locator(".options").scroll_into_view_if_needed()
    shoot(window, "new-table-colour-blind-two-fr.png")


def test_first_dealers_are_the_seats_that_exist_numbered_from_one(
    windows: Any, server: str
) -> None:
    window = windows()
    window.goto(f"{server}#/new/nain-jaune")
    window.wait_for_selector("#create-table")
    window.select_option("#players", "4")
    dealers = window.locator("#option-first_dealer option").all_inner_texts()
    assert dealers[-4:] == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    assert "Seat 5" not in dealers and "Seat 0" not in dealers
    window.select_option("#option-first_dealer", label="Seat 4")
    window.locator("#create-table").click()
    window.wait_for_selector(".table-page")
    table = window.url.rsplit("/", 1)[-1]
    summary = httpx.get(f"{server}api/tables/{table}", timeout=10).json()
    assert summary["options"]["first_dealer"] == 3
