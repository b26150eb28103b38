"""Players, not just seats (issue 32), in a real browser: Debian's Chromium
driven by Playwright (the fixtures of ``test_web_browser.py``), against a real
``parlour serve`` process of its own (tests/live.py), so that "Play now" finds
no other test's table.

Two people make accounts (one whose name is an HTML tag), meet through "Play
now", chat, finish a rated one-deal Dracula and see their ratings move on their
pages; a third person watches, writes in the spectators' channel, and the
players never read it. No name or message ever becomes HTML.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from live import ServeProcess, serving
from test_web_browser import MOVE_CONTROLS, browser, chromium, click_a_move

__all__ = ["browser", "chromium"]  # fixtures used by name below

DESKTOP = {"width": 1280, "height": 900}
HOSTILE_NAME = "Ann <img src=x onerror=pwned=1>"
HOSTILE_TEXT = "<img src=x onerror=pwned=2> good luck"


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[ServeProcess]:
    with serving(f"sqlite:///{tmp_path / 'tables.sqlite3'}", bot_delay=0.02) as started:
        yield started


@pytest.fixture
def windows(browser: Any) -> Iterator[Any]:
    """Pages in browser contexts of their own (own cookies, own storage), closed
    at the end; a JavaScript error on any fails the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def open_window(lang: str = "en") -> Any:
        context = browser.new_context(viewport=DESKTOP, locale="fr-FR" if lang == "fr" else "en-GB")
        context.add_init_script(f"localStorage.setItem('parlour.lang', '{lang}')")
        contexts.append(context)
        window = context.new_page()
        window.set_default_timeout(20000)
        window.on("pageerror", lambda error: errors.append(str(error)))
        return window

    yield open_window
    for context in contexts:
        context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def sign_up(window: Any, server: ServeProcess, name: str) -> str:
    """Make an account through the account page; returns the recovery code shown."""
    window.goto(server.base + "/#/account")
    window.fill("#new-account-name", name)
    window.fill("#new-account-password", "a good long password")
    window.locator("#new-account button[type=submit]").click()
    code: str = window.locator("#recovery-code").inner_text()
    window.click("#recovery-done")
    window.wait_for_selector(".game-grid")
    window.wait_for_function(
        "(name) => document.querySelector('#account-area .account-name')?.textContent === name",
        arg=name,
    )
    return code


def table_of(window: Any) -> str:
    window.wait_for_selector(".felt")
    table: str = window.evaluate("() => location.hash").split("/")[-1]
    return table


def no_injected_html(window: Any) -> None:
    """Nothing a person typed became an element or ran."""
    assert window.evaluate("() => typeof window.pwned") == "undefined"
    assert window.locator("img").count() == 0


def wait_for_chat(window: Any, text: str, *, start: bool = False) -> None:
    """Wait until the page's chat shows a message of ``text`` (or starting with it)."""
    window.wait_for_function(
        "([text, start]) => [...document.querySelectorAll('.chat-text')]"
        ".some((n) => start ? n.textContent.startsWith(text) : n.textContent === text)",
        arg=[text, start],
    )


def chat_texts(window: Any) -> list[str]:
    texts: list[str] = window.locator(".chat .chat-line .chat-text").all_inner_texts()
    return texts


def my_turn(window: Any) -> bool:
    return bool(
        window.evaluate(
            f"() => !document.querySelector('.felt.pending') && "
            f"document.querySelector('.status strong') !== null && "
            f"document.querySelector({MOVE_CONTROLS!r}) !== null"
        )
    )


def over(window: Any) -> bool:
    return window.query_selector(".over-panel") is not None


def test_two_accounts_meet_chat_play_a_rated_game_and_see_their_ratings_move(
    windows: Any, own_server: ServeProcess
) -> None:
    ann, bob, carol = windows("en"), windows("fr"), windows("en")
    code = sign_up(ann, own_server, HOSTILE_NAME)
    assert re.fullmatch(r"[A-Z2-9]{4}(-[A-Z2-9]{4}){4}", code)
    sign_up(bob, own_server, "Bob")

    # Ann: "Play now" opens a table that waits; Bob's "Play now" sits him there.
    ann.locator("[data-key='play-now-dracula']").click()
    table = table_of(ann)
    bob.locator("[data-key='play-now-dracula']").click()
    assert table_of(bob) == table
    for window in (ann, bob):
        window.wait_for_function(
            "() => document.querySelector('.chat')?.dataset.channel === 'players'"
        )

    # Carol watches: the spectators' channel.
    carol.goto(f"{own_server.base}/#/table/{table}")
    carol.wait_for_function(
        "() => document.querySelector('.chat')?.dataset.channel === 'spectators'"
    )

    ann.fill(".chat-input", HOSTILE_TEXT)
    ann.locator(".chat-send").click()
    wait_for_chat(bob, HOSTILE_TEXT)
    bob.locator(".chat-reactions button[data-reaction='well_played']").click()
    wait_for_chat(ann, "Well played")
    # A reaction in each reader's language (Bob's own page may show it a moment
    # after Ann's: both come from the server, neither waits for the other).
    wait_for_chat(bob, "Bien joué")
    carol.fill(".chat-input", "psst, Bob holds the vampire")
    carol.locator(".chat-send").click()
    wait_for_chat(carol, "psst", start=True)
    assert HOSTILE_TEXT not in chat_texts(carol)  # the players' channel is theirs
    names = ann.locator(".chat .chat-name").all_inner_texts()
    assert HOSTILE_NAME in names
    for window in (ann, bob, carol):
        no_injected_html(window)

    # The game to its end: whoever is on turn clicks a move.
    for _ in range(400):
        if over(ann) and over(bob):
            break
        for window in (ann, bob):
            if not over(window) and my_turn(window):
                click_a_move(window)
        ann.wait_for_timeout(50)
    assert over(ann) and over(bob)
    for window in (ann, bob):
        assert not any(text.startswith("psst") for text in chat_texts(window))

    # Once it is over, one channel: Carol's word reaches the players.
    carol.fill(".chat-input", "well played both")
    carol.locator(".chat-send").click()
    wait_for_chat(ann, "well played both")

    # Each sees their rating moved, on their own page (the top bar's link).
    ratings = {}
    for window, name in ((ann, HOSTILE_NAME), (bob, "Bob")):
        window.locator("#account-area .account-name").click()
        window.wait_for_selector(".player-page .player-games")
        assert window.locator(".player-name").inner_text() == name
        row = window.locator(".player-games tr[data-game='dracula']")
        cells = row.locator("td").all_inner_texts()
        assert cells[1] == "1"  # played
        ratings[name] = cells[3]
        assert window.locator(".rating-chart circle").count() == 1
        recent = window.locator(f".player-recent li[data-table='{table}']")
        assert recent.count() == 1
        no_injected_html(window)
    assert all(value not in ("–", "0.0", "0,0") for value in ratings.values()), ratings
    # The replay of the game, from the page.
    ann.locator(f".player-recent li[data-table='{table}'] a").first.click()
    ann.wait_for_selector(".replay-page")
    no_injected_html(ann)
    # The leaderboard lists both, names as text.
    carol.goto(f"{own_server.base}/#/ratings/dracula")
    carol.wait_for_selector(".leaderboard")
    board = carol.locator(".leaderboard tbody tr td:nth-child(2)").all_inner_texts()
    assert sorted(board) == sorted([HOSTILE_NAME, "Bob"])
    no_injected_html(carol)


def test_a_signed_in_persons_seat_follows_them_to_another_browser(
    windows: Any, own_server: ServeProcess
) -> None:
    first = windows("en")
    sign_up(first, own_server, "Dora")
    first.locator("[data-key='play-now-colour-blind']").click()
    table = table_of(first)
    # Another browser: sign in, and the lobby leads back to the seat.
    second = windows("fr")
    second.goto(own_server.base + "/#/account")
    # A refused new name is said in the page's language too (its reason key).
    second.fill("#new-account-name", "D")
    second.fill("#new-account-password", "a good long password")
    second.locator("#new-account button[type=submit]").click()
    second.wait_for_function("() => document.querySelector('#new-account .form-error').textContent")
    refused_name = second.locator("#new-account .form-error").inner_text()
    assert refused_name == "Un nom a au moins 2 caractères."
    second.fill("#sign-in-name", "DORA")
    second.fill("#sign-in-password", "not her password")
    second.locator("#sign-in button[type=submit]").click()
    refused = second.locator("#sign-in .form-error")
    refused.wait_for()
    second.wait_for_function("() => document.querySelector('#sign-in .form-error').textContent")
    assert refused.inner_text().startswith("Ce nom et ce mot de passe")  # in the page's language
    second.fill("#sign-in-password", "a good long password")
    second.locator("#sign-in button[type=submit]").click()
    second.wait_for_selector(".my-tables")
    second.locator(f".my-tables li[data-table='{table}'] a").click()
    second.wait_for_selector(".felt")
    assert second.evaluate("() => document.querySelector('.chat').dataset.channel") == "players"
    assert second.locator(".felt .hand").count() == 1  # a seat's hand: not a spectator
