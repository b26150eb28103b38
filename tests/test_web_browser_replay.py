"""The replay viewer of a finished game (issue 23), in a real browser: Debian's
Chromium driven by Playwright, with the fixtures of ``test_web_browser.py``.

A finished table's replay is reached from the result beside the final board
and from the lobby's finished tables; it steps with buttons and keys (←/→,
Home/End, D for the next deal's end), shows each deal's finished board with
its scores, and is refused before the game is over. Desktop and 390×844,
English and French; screenshots ``web-replay-*.png``.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from test_web_browser import browser, chromium, make_table, server
from test_web_browser_table import DESKTOP, PHONE, new_table, play_to_the_end, shoot, windows

__all__ = ["browser", "chromium", "server", "windows"]  # fixtures used by name below


def step(window: Any) -> int:
    return int(window.evaluate("() => document.body.dataset.replayStep ?? '-1'"))


def wait_for_step(window: Any, expected: int) -> None:
    window.wait_for_function(f"() => document.body.dataset.replayStep === '{expected}'")


def finished_dracula(window: Any, server: str, lang: str) -> str:
    """A one-deal Dracula against a bot, played to the end in ``window``."""
    if lang == "fr":
        window.goto(server)
        window.locator(".tile-dracula a", has_text="Nouvelle table").click()
        window.wait_for_selector("#create-table")
        window.fill("#my-name", "Zoé")
        window.locator("#option-deals").select_option("1")
        window.locator("#visibility").select_option("open")  # listed among finished tables
        window.click("#create-table")
        window.wait_for_selector(".felt")
        table_id: str = window.evaluate("() => location.hash").split("/")[-1]
    else:
        table_id = make_table(window, server, "dracula")
    play_to_the_end(window)
    return table_id


@pytest.mark.parametrize("where", ["desktop-en", "phone-fr", "desktop-fr", "phone-en"])
def test_the_replay_steps_through_the_game_and_shows_each_deal_end(
    windows: Any, server: str, where: str
) -> None:
    phone = where.startswith("phone")
    lang = where[-2:]
    window = windows(PHONE if phone else DESKTOP, lang)
    table_id = finished_dracula(window, server, lang)
    # From the result beside the final board.
    window.locator(".over-panel a.replay").click()
    window.wait_for_selector(".replay-page")
    assert step(window) == 0
    total = len(httpx.get(f"{server}api/tables/{table_id}/replay?seat=0").json()["frames"])
    # The first frame: the cut, the empty coffin (Dracula's first move is the
    # direction, before the cards are dealt).
    assert window.locator(".coffin .card").count() == 0
    # Step with the keys and the buttons: the cards dealt, this seat's hand.
    window.keyboard.press("ArrowRight")
    wait_for_step(window, 1)
    assert window.locator(".replay-page .hand .card").count() > 0
    window.locator("[data-key=replay-forward]").click()
    wait_for_step(window, 2)
    assert window.locator(".coffin .card").count() >= 1
    window.keyboard.press("ArrowLeft")
    wait_for_step(window, 1)
    window.keyboard.press("End")
    wait_for_step(window, total - 1)
    window.keyboard.press("Home")
    wait_for_step(window, 0)
    # D: the deal's end, its finished coffin full with its line values, and
    # the deal's score in the log; never skipped.
    window.keyboard.press("d")
    window.wait_for_selector(".replay-status.deal-end")
    assert window.locator(".coffin .card").count() == 9
    assert window.locator(".coffin .line-value").count() >= 6
    latest = " ".join(window.locator(".log li.latest").all_inner_texts())
    assert ("Deal 1 scored" in latest) or ("Donne 1" in latest), latest
    info = window.locator(".replay-header .info").inner_text()
    assert ("1" in info) and ("2" not in info.split("·")[0]), info
    window.evaluate("() => window.scrollTo(0, 0)")
    shoot(window, f"web-replay-{where}.png")
    # Seen by everyone: no hand is drawn.
    window.locator(".replay-seat").select_option("")
    window.wait_for_selector(".replay-page")
    window.wait_for_function("() => location.hash.split('/').length === 3")
    window.wait_for_selector(".replay-page .seats")
    assert window.locator(".replay-page .me").count() == 0


def test_a_finished_table_in_the_lobby_leads_to_its_replay(windows: Any, server: str) -> None:
    window = windows(DESKTOP, "en")
    table_id = finished_dracula(window, server, "en")
    window.goto(server)
    line = window.locator(f".finished-tables li[data-table='{table_id}']")
    line.wait_for()
    line.scroll_into_view_if_needed()
    shoot(window, "web-lobby-finished.png")
    line.locator("a", has_text="Replay").click()
    window.wait_for_selector(".replay-page")
    assert window.evaluate("() => location.hash").startswith(f"#/replay/{table_id}")
    window.keyboard.press("PageDown")
    window.wait_for_selector(".replay-status.deal-end")


def test_the_replay_is_refused_before_the_game_is_over(server: str) -> None:
    created = new_table(server, "dracula", ["human", "bot:random"], options={"deals": 1})
    answer = httpx.get(f"{server}api/tables/{created['table']}/replay", timeout=10)
    assert answer.status_code == 409
    assert "over" in answer.json()["error"]
    finished = httpx.get(f"{server}api/finished", timeout=10).json()["tables"]
    assert created["table"] not in [line["table"] for line in finished]
