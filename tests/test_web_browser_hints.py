"""The UI around hints and cells in Chromium (issue 31, point 14): a hint the
strongest bot takes seconds to find shows a sign of thinking until it comes,
and a click on a coffin cell that is not allowed says why."""

from __future__ import annotations

from typing import Any

from test_web_browser import browser, chromium, server
from test_web_browser_layout import DESKTOP, open_table

__all__ = ["browser", "chromium", "server"]  # fixtures used by name below


def to_a_card_choice(page: Any) -> None:
    """Past the choice of rows or columns, to this seat's choice of a card."""
    for _ in range(20):
        if page.query_selector(".hand button.card.playable"):
            return
        button = page.query_selector(".other-moves button")
        if button is not None:
            before = page.evaluate("() => document.body.dataset.version")
            button.click()
            page.wait_for_function(f"() => document.body.dataset.version !== '{before}'")
        page.wait_for_function(
            "() => document.querySelector('.hand button.card.playable')"
            " || document.querySelector('.other-moves button')",
            timeout=60000,
        )
    raise AssertionError("no card to choose")


def test_a_hint_shows_it_is_thinking_until_it_comes(browser: Any, server: str) -> None:
    context, page, errors = open_table(browser, server, "dracula", 2, DESKTOP)
    try:
        to_a_card_choice(page)
        page.evaluate(
            """() => {
              window.thinkingSeen = false;
              new MutationObserver(() => {
                if (document.querySelector('.hint-thinking')) window.thinkingSeen = true;
              }).observe(document.body, {subtree: true, childList: true});
            }"""
        )
        page.click(".hint-button")
        page.wait_for_selector(".hint-text:not(.hint-thinking)", timeout=60000)
        assert page.evaluate("() => window.thinkingSeen")
        assert page.query_selector(".hint-thinking") is None
    finally:
        context.close()
    assert errors == []


def test_a_click_on_a_cell_not_allowed_says_why(browser: Any, server: str) -> None:
    context, page, errors = open_table(browser, server, "dracula", 2, DESKTOP)
    try:
        to_a_card_choice(page)
        free = ".coffin .cell:not(.is-target):not(:has(.card))"
        page.click(free)
        assert "Choose a card first" in page.inner_text(".flash")
        card = page.query_selector(".hand button.card.playable")
        assert card is not None
        card.click()
        page.wait_for_selector(".is-target")
        page.click(".coffin .cell:not(.is-target):not(:has(.card))")
        said = page.inner_text(".flash")
        assert "may not go to" in said and "lit on the board" in said, said
    finally:
        context.close()
    assert errors == []
