"""Names in the browser's log (issue 23): a sentence names each seat by its name
now, not the name it had when it was said ("Player 3 deals first." reads "Cy
deals first." once Cy took seat 3), and the creator of a table with free seats
reads who is awaited ("Waiting for 2 more players"), not a free seat's name.
Real Chromium against a real server (the fixtures of ``test_web_browser.py``).
"""

from __future__ import annotations

from typing import Any

from test_web_browser import browser, chromium, server
from test_web_browser_table import DESKTOP, PHONE, new_table, windows

__all__ = ["browser", "chromium", "server", "windows"]  # fixtures used by name below


def log_text(window: Any) -> str:
    return str(window.locator(".log").inner_text())


def join(window: Any, server: str, table: str, seat: int, token: str, name: str) -> None:
    window.goto(f"{server}#/join/{table}/{seat}/{token}")
    window.fill("#join-name", name)
    window.click("button[type=submit]")
    window.wait_for_selector(".felt")


def test_the_log_names_a_seat_by_its_name_now(windows: Any, server: str) -> None:
    created = new_table(server, "dracula", ["human", "human"], options={"deals": 1})
    table = created["table"]
    tokens = {entry["seat"]: entry["token"] for entry in created["seats"]}
    ann = windows(DESKTOP, "en")
    join(ann, server, table, 0, tokens[0], "Ann")
    # The cut is said before seat 2 is taken: "Player 2 cuts …".
    ann.wait_for_function(
        "() => document.querySelector('.log').innerText.includes('Player 2 cuts')"
    )
    cy = windows(PHONE, "fr")
    join(cy, server, table, 1, tokens[1], "Cy")
    ann.wait_for_function("() => document.querySelector('.log').innerText.includes('Cy cuts')")
    text = log_text(ann)
    assert "Player 2" not in text, text
    assert "Cy took seat 2." in text  # what happened stays said as it happened
    # Cy's own page, in French, names the seat as it is now too.
    cy.wait_for_function("() => document.querySelector('.log').innerText.includes('Cy')")
    assert "Joueur 2" not in log_text(cy) and "Player 2" not in log_text(cy)


def test_the_creator_of_a_table_with_free_seats_reads_who_is_awaited(
    windows: Any, server: str
) -> None:
    created = new_table(
        server,
        "dracula-partnership",
        ["human", "human", "human", "bot:random"],
        options={"deals": 1, "first_dealer": 2},
    )
    table = created["table"]
    tokens = {entry["seat"]: entry["token"] for entry in created["seats"]}
    ann = windows(DESKTOP, "en")
    join(ann, server, table, 0, tokens[0], "Ann")
    # Seat 3 is on turn (its direction), but nobody has taken it yet.
    status = ann.locator(".felt .status")
    status.wait_for()
    assert status.inner_text() == "Waiting for 2 more players", status.inner_text()
    bo = windows(DESKTOP, "en")
    join(bo, server, table, 1, tokens[1], "Bo")
    ann.wait_for_function(
        "() => document.querySelector('.felt .status').innerText === 'Waiting for 1 more player'"
    )
    fr = windows(PHONE, "fr")
    fr.goto(f"{server}#/table/{table}")
    fr.wait_for_selector(".felt .status")
    assert "Il manque 1 joueur" in fr.locator(".felt .status").inner_text()
