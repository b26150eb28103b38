"""The French pass over the browser's screens (issue 31), in Chromium: the
lobby, each game's new-table form and Rules panel, each game's table at its
largest player count with a hint asked, and a lesson. On each, the page's
text holds no word of an English word list, no option or command name in code
form, and French typography: a no-break space (never an ASCII one) before
``: ; ! ?`` and inside « » (``test_french.french_problems``)."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.core.registry import game_class, game_names
from test_french import french_problems
from test_web_browser import browser, chromium, server
from test_web_browser_layout import DESKTOP, open_table

__all__ = ["browser", "chromium", "server"]  # fixtures used by name below


def french_page(browser: Any) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    context.add_init_script("localStorage.setItem('parlour.lang', 'fr')")
    page = context.new_page()
    page.set_default_timeout(30000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, errors


def problems_on(page: Any, selector: str = "body") -> list[tuple[str, str]]:
    text = page.inner_text(selector)
    codes = page.eval_on_selector_all(f"{selector} code", "nodes => nodes.map((n) => n.innerText)")
    found = french_problems(text)
    found += [(code, "code form on a French screen") for code in codes]
    return found


def test_the_french_lobby_forms_and_rules_panels(browser: Any, server: str) -> None:
    context, page, errors = french_page(browser)
    try:
        page.goto(server)
        page.wait_for_selector(".game-tile")
        assert problems_on(page) == []
        assert "Dracula par équipes" in page.inner_text(".game-grid")
        for game in game_names():
            page.click(f"[data-key='rules-{game}']")
            page.wait_for_selector(".rules-panel .markdown")
            assert problems_on(page, ".rules-panel") == [], game
            page.keyboard.press("Escape")
            page.wait_for_selector(".rules-panel", state="detached")
        for game in game_names():
            page.goto(f"{server}#/new/{game}")
            page.wait_for_selector("#create-table")
            assert problems_on(page) == [], game
    finally:
        context.close()
    assert errors == []


@pytest.mark.parametrize("game", game_names())
def test_a_french_table_with_a_hint(browser: Any, server: str, game: str) -> None:
    players = game_class(game).info.max_players
    context, page, errors = open_table(browser, server, game, players, DESKTOP, lang="fr")
    try:
        if page.query_selector(".over-panel") is None:
            page.click(".hint-button")
            # The hint itself, not the sign that it is being worked out: a hint left
            # computing after the page closed would count against the next test's.
            page.wait_for_selector(".hint-text:not(.hint-thinking)", timeout=240000)
        assert problems_on(page) == []
    finally:
        context.close()
    assert errors == []


@pytest.mark.parametrize("game", game_names())
def test_a_french_lesson(browser: Any, server: str, game: str) -> None:
    context, page, errors = french_page(browser)
    try:
        page.goto(server)
        page.click(f"[data-key='learn-{game}']")
        page.wait_for_selector(".coach .coach-line")
        page.wait_for_selector("button.move.hinted", state="attached")
        assert problems_on(page) == []
    finally:
        context.close()
    assert errors == []
