"""A hint in the browser teaches (issue 24): its first line says what the move
does in the game's terms, why in words follows on a second line (the figures
behind a details line, issue 30), and the
board lights the card and the cell it goes to. Real Chromium driven by
Playwright, as in ``test_web_browser.py`` (its fixtures and helpers); desktop
and 390×844, English and French. Screenshots go to ``$PARLOUR_SCREENS``."""

from __future__ import annotations

from typing import Any

import pytest

from test_web_browser import (
    SCREENS,
    browser,
    chromium,
    make_table,
    server,
    wait_for_my_turn_or_end,
)

__all__ = ["browser", "chromium", "server"]  # fixtures used by name below

SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def open_page(browser: Any, size: str, locale: str) -> tuple[Any, Any]:
    context = browser.new_context(viewport=SIZES[size], locale=locale)
    page = context.new_page()
    page.set_default_timeout(60000)
    return context, page


@pytest.mark.parametrize(("size", "locale"), [("desktop", "en-GB"), ("phone", "fr")])
def test_a_dracula_hint_explains_the_move_and_lights_its_cell(
    browser: Any, server: str, size: str, locale: str
) -> None:
    context, page = open_page(browser, size, "en-GB")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        make_table(page, server, "dracula")
        if locale == "fr":
            page.get_by_role("button", name="Français").click()
            page.wait_for_selector("text=Feuille de marque")
        assert wait_for_my_turn_or_end(page)
        direction = page.locator(".other-moves button").first
        if direction.count():  # the first dealer chooses a direction first
            direction.click()
            page.wait_for_selector(".hand button.card.playable")
        page.locator(".hint-button").click()
        page.wait_for_selector(".hint-text .hint-figures")
        text = page.locator(".hint-text").inner_text()
        # The explanation names the cell and the line it joins; the figures follow.
        cell = page.locator(".coffin .cell.hinted")
        assert cell.count() == 1
        name = cell.get_attribute("data-cell")
        assert name is not None and f" {name}" in text
        words = ("ligne", "colonne") if locale.startswith("fr") else ("row", "column")
        assert any(word in text for word in words), text
        # Its cards' suits are drawn as the table and the log draw them (filled
        # and coloured), not as the server's outlined ♡ ♢.
        assert page.locator(".hint-text .suit-symbol").count() >= 1
        assert "♡" not in text and "♢" not in text, text
        # Why, in words; the figures wait behind the details line.
        figures = page.locator(".hint-figures").inner_text()
        assert figures and "±" not in figures
        details = page.locator(".hint-details").text_content() or ""
        assert "±" in details and ("imagin" in details)
        assert page.locator(".hand .card.hinted").count() == 1
        SCREENS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS / f"hint-dracula-{size}-{locale}.png"), full_page=True)
    finally:
        context.close()
    assert errors == [], errors
